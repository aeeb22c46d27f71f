import { formatCount } from '../core/numbers.js';
/**
 * The heaps of a position, read as often as its evaluation needs (once for
 * the values and the nim-sum, once more for the winning moves): from the
 * command line, a list in memory; from standard input, streamed into a
 * temporary file of 8 bytes a heap, so that 20 million heaps take no more
 * memory than 20.
 */
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError, mention, says, type Words } from '../core/errors.js';
import { LONGEST_SIZE_TEXT, parseCount, refuseLongSize } from '../core/numbers.js';
import { utf8Text } from '../core/utf8.js';
import { describeFsError } from './files/fs-errors.js';
import { discard, temporaryBeside } from './files/temporary.js';
import type { SteppedWork, StopRequest } from '../core/driver.js';
import type { HeapList } from '../core/positions/heap-list.js';

/** How messages name heaps read from standard input: `position -` (the CLI names the field by its flag). */
const FROM_STDIN: Words = says`${mention('position')} -`;

/** Heaps read or written a block at a time. */
const BLOCK = 8192;
/** Heaps of 2^64 or more are kept aside in memory: at most this many of them. */
const HUGE_HEAPS = 10_000;
const HUGE = 2n ** 64n - 1n;

class HeapSpool implements HeapList {
  count = 0;
  largest = 0n;
  readonly inMemory = false;
  private readonly fd: number;
  private readonly block = new BigUint64Array(BLOCK);
  private filled = 0;
  private readonly huge = new Map<number, bigint>();

  constructor(private readonly path: string) {
    this.fd = this.guard(() => openSync(path, 'w+', 0o600));
  }

  add(heap: bigint): void {
    if (heap > this.largest) this.largest = heap;
    if (heap >= HUGE) {
      if (this.huge.size >= HUGE_HEAPS) throw new InputError(says`${FROM_STDIN}: more than ${formatCount(HUGE_HEAPS)} heaps of 2^64 or more`, { code: 'too-large', value: '-' });
      this.huge.set(this.count, heap);
    }
    this.block[this.filled++] = heap >= HUGE ? HUGE : heap;
    this.count++;
    if (this.filled === BLOCK) this.flush();
  }

  flush(): void {
    if (this.filled === 0) return;
    const bytes = new Uint8Array(this.block.buffer, 0, this.filled * 8);
    this.guard(() => {
      for (let at = 0; at < bytes.length; ) at += writeSync(this.fd, bytes, at);
    });
    this.filled = 0;
  }

  read(from: number, length: number): bigint[] {
    const n = Math.max(0, Math.min(length, this.count - from));
    const heaps: bigint[] = [];
    const buffer = new BigUint64Array(Math.min(n, BLOCK));
    for (let done = 0; done < n; ) {
      const take = Math.min(BLOCK, n - done);
      const bytes = new Uint8Array(buffer.buffer, 0, take * 8);
      this.guard(() => {
        for (let at = 0; at < bytes.length; ) {
          const got = readSync(this.fd, bytes, at, bytes.length - at, (from + done) * 8 + at);
          if (got === 0) throw new Error('the file ended early');
          at += got;
        }
      });
      for (let i = 0; i < take; i++) heaps.push(buffer[i] === HUGE ? (this.huge.get(from + done + i) ?? HUGE) : buffer[i]!);
      done += take;
    }
    return heaps;
  }

  close(): void {
    try {
      closeSync(this.fd);
    } catch {
      // closed already
    }
    discard(this.path);
  }

  private guard<T>(io: () => T): T {
    try {
      return io();
    } catch (error) {
      if (error instanceof InputError) throw error;
      throw new InputError(says`${FROM_STDIN}: the heaps read from standard input are kept in a temporary file (${this.path}), and it failed: ${describeFsError(error)}`, { code: 'bad-file', value: '-' });
    }
  }
}

const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);
/** No bytes pending: one shared empty buffer (never written), not a new one after every token (a Buffer.alloc(0) a heap made 500,000 heaps 30% slower). */
const NOTHING_PENDING: Buffer = Buffer.alloc(0);

/**
 * Read heap sizes (9, 1e9, 10^18, separated by white space) from `input`
 * into a temporary file, a chunk at a time: work for the driver, whose unit
 * is a heap read.
 */
export function readHeapsWork(input: AsyncIterable<Buffer | string>, signal?: StopRequest): SteppedWork<HeapList> {
  // A pipe that sends nothing must not hold a stop: each read also ends when the signal comes.
  const stopped = signal && new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
  stopped?.catch(() => {}); // handled where it is raced; a stop between reads is the driver's
  const spool = new HeapSpool(temporaryBeside(join(tmpdir(), 'sg-explore-position')));
  const chunks = input[Symbol.asyncIterator]();
  // A token cut by the end of a chunk: its bytes so far (kept as bytes: the cut may fall inside a UTF-8 character).
  let pending = NOTHING_PENDING;
  // A token longer than any size: its beginning and its length, counted to its end before it is refused.
  let overlong: { head: string; length: number } | undefined;
  let finished = false;
  const token = (bytes: Buffer) => {
    const text = utf8Text(bytes);
    spool.add(/^\d{1,15}$/.test(text) ? BigInt(text) : parseCount(text, FROM_STDIN));
  };
  const take = (chunk: Buffer) => {
    let i = 0;
    if (overlong) {
      while (i < chunk.length && !isSpace(chunk[i]!)) i++;
      overlong.length += i;
      if (i === chunk.length) return;
      refuseLongSize(overlong.head, overlong.length, FROM_STDIN);
    }
    let start = -1; // where the token in progress began in this chunk
    let value = 0; // its value while it is 15 digits or fewer
    let digits = pending.length === 0 ? 0 : -1; // -1: not a plain run of digits (or begun in an earlier chunk)
    for (; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (isSpace(c)) {
        if (start < 0 && pending.length === 0) continue;
        if (digits > 0 && digits <= 15 && pending.length === 0) spool.add(BigInt(value));
        else token(Buffer.concat([pending, chunk.subarray(Math.max(0, start), i)]));
        pending = NOTHING_PENDING;
        start = -1;
        value = 0;
        digits = 0;
        continue;
      }
      if (start < 0) start = i;
      if (digits >= 0 && c >= 48 && c <= 57 && digits < 15) {
        value = value * 10 + (c - 48);
        digits++;
      } else digits = -1;
      if (i - start + pending.length >= LONGEST_SIZE_TEXT) {
        // Its head decoded from a few more bytes than it shows, so that a character cut at the end is not shown.
        overlong = { head: utf8Text(Buffer.concat([pending, chunk.subarray(start, i + 1)]).subarray(0, 256)).slice(0, 64), length: i + 1 - start + pending.length };
        pending = NOTHING_PENDING;
        return take(chunk.subarray(i + 1));
      }
    }
    if (start >= 0 || pending.length > 0) pending = Buffer.concat([pending, chunk.subarray(Math.max(0, start))]);
  };
  return {
    done: () => spool.count,
    ceiling: Infinity,
    unit: 'heaps read',
    async step(units) {
      const goal = spool.count + units;
      while (spool.count < goal) {
        const next = await (stopped ? Promise.race([chunks.next(), stopped]) : chunks.next());
        if (next.done) {
          if (overlong) refuseLongSize(overlong.head, overlong.length, FROM_STDIN);
          if (pending.length > 0) token(pending);
          spool.flush();
          finished = true;
          if (spool.count === 0) throw new InputError(says`${FROM_STDIN}: no heap sizes on standard input`, { code: 'empty', value: '-' });
          return { finished: true, result: spool };
        }
        take(typeof next.value === 'string' ? Buffer.from(next.value) : next.value);
      }
      return { finished: false };
    },
    close() {
      if (finished) return;
      spool.close();
      // Stopped part-way: let the input go (an open pipe would keep the process waiting on it).
      const stream = input as AsyncIterable<Buffer | string> & { destroy?: () => void };
      stream.destroy?.();
    },
  };
}
