import type { Exploration } from '../core/heap/explore.js';
import { csvLine } from '../core/csv-field.js';
import type { Sink } from '../core/sink.js';
import { outcome } from './outcome.js';
import { valueStream } from './value-stream.js';

/** Bytes per write: large enough to amortise the write, small enough to keep memory flat. */
const CHUNK_BYTES = 1 << 20;
/** A row takes at most this many bytes while heaps are below 10^40 and values below 10^20. */
const MAX_ROW_BYTES = 64;
/** Rows per write, at most (rows are usually about 12 bytes). */
const ROWS_PER_CHUNK = CHUNK_BYTES / 8;
/** Values whose row tail (",v,P\r\n") is prepared once. */
const PREPARED_VALUES = 4096;

/**
 * RFC 4180 CSV, a header then one row per heap: n, G(n), and the outcome
 * (P: previous player wins, N: next player wins). Rows are written as bytes
 * into a reused buffer (a heap number is a decimal counter incremented in
 * place) and streamed in chunks that wait for the reader, so memory stays
 * flat and the listing runs at tens of millions of rows a second. These
 * rows hold only digits and P/N, which csvField would write unchanged.
 */
export async function writeCsv(x: Exploration, sink: Sink, heaps?: readonly bigint[]): Promise<void> {
  await sink.write(csvLine(['n', 'grundy', 'outcome']));
  if (heaps) {
    let text = '';
    for (const n of heaps) {
      const v = x.valueAt(n);
      text += csvLine([n, v, outcome(v)]);
    }
    return sink.write(text);
  }
  const values = valueStream(x);
  const counter = new DecimalCounter();
  const tails = preparedTails();
  let left = x.max + 1n; // rows still to write
  while (left > 0n) {
    const buffer = new Uint8Array(CHUNK_BYTES); // fresh each time: the sink may still hold the last one
    const budget = Number(left < BigInt(ROWS_PER_CHUNK) ? left : BigInt(ROWS_PER_CHUNK));
    let at = 0;
    let rows = 0;
    for (; rows < budget && at <= CHUNK_BYTES - MAX_ROW_BYTES; rows++) {
      at = counter.copyTo(buffer, at);
      const v = values.next();
      const tail = v < PREPARED_VALUES ? tails[v]! : latin1(`,${v},N\r\n`);
      for (let j = 0; j < tail.length; j++) buffer[at++] = tail[j]!;
      counter.increment();
    }
    left -= BigInt(rows);
    await sink.write(buffer.subarray(0, at));
  }
}

// TextEncoder rather than Node's Buffer: the web app writes this CSV in a browser. Rows are ASCII.
const encoder = new TextEncoder();
function latin1(text: string): Uint8Array {
  return encoder.encode(text);
}

function preparedTails(): Uint8Array[] {
  return Array.from({ length: PREPARED_VALUES }, (_, v) => latin1(`,${v},${v === 0 ? 'P' : 'N'}\r\n`));
}

/** A non-negative integer as ASCII digits, incremented in place. */
class DecimalCounter {
  private readonly digits = new Uint8Array(48).fill(0x30);
  private start = this.digits.length - 1; // "0"

  increment(): void {
    let i = this.digits.length - 1;
    while (this.digits[i] === 0x39) this.digits[i--] = 0x30;
    this.digits[i]!++;
    if (i < this.start) this.start = i;
  }

  copyTo(target: Uint8Array, at: number): number {
    const digits = this.digits;
    for (let i = this.start; i < digits.length; i++) target[at++] = digits[i]!;
    return at;
  }
}
