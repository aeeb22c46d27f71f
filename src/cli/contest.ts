/**
 * Contest input and output: the layouts of standard input that judges use
 * (`--input counted`: a count, then that many heaps, as Luogu P1247;
 * `--input cases`: T, then T cases of a count and heaps, as P2197), and the
 * answers they expect (`--answer winner`: a line per position;
 * `--answer move`: the first winning move as "TAKE HEAP" and the heaps after
 * it, or a word for a lost position).
 *
 * Two paths give the same bytes: the general one (the heaps spooled, each
 * position evaluated as `--position` evaluates it, any heap rule, misère
 * too) and, for Nim in normal play, a fast one that reads standard input as
 * bytes, xors the heaps as numbers and writes the answer in one piece. The
 * fast path gives up (null) on anything unusual — a token other than plain
 * digits, a count that disagrees — and the general path answers, or
 * refuses with its words.
 */
import { InputError } from '../core/errors.js';
import { formatCount } from '../core/numbers.js';
import type { HeapList } from '../core/positions/heap-list.js';
import type { PositionReport } from '../core/positions/position.js';
import { DEFAULT_WORDS, type AnswerMode, type InputLayout } from './options.js';

/** Heaps read a block at a time. */
const BLOCK = 8192;

/** Heaps from..from+count-1 of `list`, as a list of their own. */
export function heapSlice(list: HeapList, from: number, count: number): HeapList {
  let largest = 0n;
  for (let done = 0; done < count; done += BLOCK) {
    for (const h of list.read(from + done, Math.min(BLOCK, count - done))) if (h > largest) largest = h;
  }
  return {
    count,
    largest,
    inMemory: list.inMemory,
    read: (at, length) => list.read(from + at, Math.max(0, Math.min(length, count - at))),
    close() {},
  };
}

const plural = (n: bigint | number, one: string, many = `${one}s`) => `${formatCount(Number(n))} ${n === 1 || n === 1n ? one : many}`;

/**
 * The positions of standard input in `layout`: every number a heap (one
 * position), a count then that many heaps (one position), or T cases of a
 * count and heaps. A count that disagrees with what follows is refused in
 * one line that says which count and what follows, before any position is
 * answered; the positions then come one at a time (millions of small cases
 * are never all held at once).
 */
export function positionsIn(heaps: HeapList, layout: InputLayout): Iterable<HeapList> {
  if (layout === 'heaps') return [heaps];
  const total = heaps.count;
  const numberAt = (i: number) => heaps.read(i, 1)[0]!;
  if (layout === 'counted') {
    const count = numberAt(0);
    const follow = BigInt(total - 1);
    if (count !== follow) throw new InputError(`--input counted: the count ${count} says ${plural(count, 'heap')} follow, but ${follow === 0n ? 'none does' : `${plural(follow, 'number')} ${follow === 1n ? 'does' : 'do'}`}`);
    return [heapSlice(heaps, 1, total - 1)];
  }
  const cases = numberAt(0);
  let at = 1;
  for (let c = 1n; c <= cases; c++) {
    if (at >= total) throw new InputError(`--input cases: the first number says ${plural(cases, 'case')}, but standard input ends after ${plural(c - 1n, 'case')} (case ${c} has no count)`);
    const count = numberAt(at);
    const left = BigInt(total - at - 1);
    if (count > left) throw new InputError(`--input cases: case ${c} of ${cases} says ${plural(count, 'heap')}, but only ${plural(left, 'number')} ${left === 1n ? 'follows' : 'follow'}`);
    at += 1 + Number(count);
  }
  if (at < total) throw new InputError(`--input cases: the first number announces ${plural(cases, 'case')}, but ${plural(total - at, 'more number')} ${total - at === 1 ? 'follows' : 'follow'} the last of them`);
  return (function* () {
    for (let at = 1; at < total; ) {
      const count = Number(numberAt(at));
      yield heapSlice(heaps, at + 1, count);
      at += 1 + count;
    }
  })();
}

/** The words of an answer: --words, or the judges' defaults. */
export function answerWords(mode: AnswerMode, words: readonly string[] | undefined): readonly string[] {
  return words ?? DEFAULT_WORDS[mode];
}

/**
 * A position's answer, as a judge expects it (each line ends in a newline),
 * in pieces: `winner`: the first word when the player to move wins, the
 * second when the other does; `move`: the first winning move in the
 * canonical order as "TAKE HEAP" (heap counted from 1), then the heaps after
 * it (a heap a move splits written as its parts, in its place; a heap taken
 * whole as 0), a piece a heap, read from `heaps` as they are written (the
 * line of ten million heaps is never held), or the word for a lost position.
 * A position without an answer is refused before the first piece.
 */
export function* answerOf(report: PositionReport<bigint>, heaps: HeapList | null, mode: AnswerMode, words: readonly string[]): Generator<string, void, void> {
  // A game on a graph says its outcome in its analysis, in words of its own (first, second, draw).
  const said = report.outcome ?? (report as { analysis?: { outcome?: string } }).analysis?.outcome;
  const outcome = ({ first: 'N', second: 'P', draw: 'D' } as Record<string, 'N' | 'P' | 'D'>)[said] ?? said;
  if (outcome !== 'N' && outcome !== 'P' && outcome !== 'D') throw new InputError(`--answer ${mode}: this game's result has no outcome to answer with`);
  if (outcome === 'D') throw new InputError(`--answer ${mode}: neither player can force a win here (a draw), so there is no ${mode === 'winner' ? 'winner' : 'winning move'} to print`);
  if (mode === 'winner') return yield `${outcome === 'N' ? words[0] : words[1]}\n`;
  if (outcome === 'P') return yield `${words[0]}\n`;
  const move = report.winningMoves[0];
  // The first move listed is the first of all only when no component before it went unlisted.
  if (report.movesNotListed && (!move || (report.unlistedComponent ?? Infinity) < move.component)) {
    throw new InputError(`--answer move: the first player wins, but the winning moves could not be found: ${report.movesNotListed}`);
  }
  if (!move) {
    throw new InputError('--answer move: the player to move wins by making no move (misère play with no move left), so there is no move to print');
  }
  if (move.take === null || heaps === null) throw new InputError('--answer move: this game has no amount taken to write');
  yield `${move.take} ${move.component}\n`;
  for (let from = 0; from < heaps.count; from += BLOCK) {
    const block = heaps.read(from, BLOCK);
    for (let i = 0; i < block.length; i++) {
      const space = from + i > 0 ? ' ' : '';
      if (from + i + 1 !== move.component) yield space + String(block[i]);
      else yield space + (move.to.length === 0 ? '0' : move.to.join(' '));
    }
  }
  yield '\n';
}

// ---------------------------------------------------------------------------
// The fast path: Nim in normal play, from the bytes of standard input.

const TWO_32 = 4294967296;

/** The numbers of the input: each token's value, and where it begins and ends; null where a token is not plain digits. */
interface Tokens {
  readonly count: number;
  readonly values: Float64Array;
  readonly starts: Int32Array;
  /** The xor of every token, its low and high 32 bits (a position that runs to the end xors the rest out). */
  readonly lo: number;
  readonly hi: number;
  /** The last token that does not follow its predecessor after exactly one space (0 for the first). */
  readonly lastIrregular: number;
}

/**
 * Every token of `bytes`, in one pass: plain digits, at most 15 of them (so
 * below 10^15, exact as a number), no leading zero; anything else is null.
 */
function tokensOf(bytes: Uint8Array): Tokens | null {
  // As many tokens as there can be (one digit and one space each): the memory is reserved, and only the part used is touched.
  const capacity = (bytes.length >> 1) + 1;
  const values = new Float64Array(capacity);
  const starts = new Int32Array(capacity);
  let count = 0;
  let end = -2; // where the token before ended
  let lo = 0;
  let hi = 0;
  let lastIrregular = 0;
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    let c = bytes[i]!;
    if (c === 32 || (c >= 9 && c <= 13)) {
      i++;
      continue;
    }
    const start = i;
    let v = 0;
    while (c >= 48 && c <= 57) {
      v = v * 10 + (c - 48);
      if (++i === n) break;
      c = bytes[i]!;
    }
    // A token ends at white space (or the end) only; at most 15 digits; "0" but not "07".
    if ((i < n && !(c === 32 || (c >= 9 && c <= 13))) || i - start > 15 || (i - start > 1 && bytes[start] === 48)) return null;
    values[count] = v;
    starts[count] = start;
    lo ^= v;
    if (v >= TWO_32) hi ^= Math.floor(v / TWO_32);
    if (count > 0 && (start !== end + 1 || bytes[end] !== 32)) lastIrregular = count;
    end = i;
    count++;
  }
  return { count, values, starts, lo, hi, lastIrregular };
}

/**
 * The answers to Nim positions in normal play, read from `bytes` in
 * `layout`, as pieces to write one after the other: the same bytes the
 * general path writes, or null where it should
 * answer instead (a token that is not plain digits of at most 15, a leading
 * zero, a count that disagrees with what follows, no heap at all).
 */
export function nimAnswers(bytes: Uint8Array, layout: InputLayout, mode: AnswerMode, words: readonly string[]): (Uint8Array | string)[] | null {
  const tokens = tokensOf(bytes);
  if (!tokens || tokens.count === 0) return null;
  const { count: total, values, starts } = tokens;
  /** Where token i ends (its digits read again). */
  const endOf = (i: number): number => {
    let at = starts[i]!;
    while (at < bytes.length && bytes[at]! >= 48 && bytes[at]! <= 57) at++;
    return at;
  };
  const out: (Uint8Array | string)[] = [];
  /** The position of heaps from..to-1: its answer added to `out`. */
  const position = (from: number, to: number): void => {
    let lo = 0;
    let hi = 0;
    if (to === total) {
      // It runs to the end: the xor of every token, the ones before it xored out again.
      lo = tokens.lo;
      hi = tokens.hi;
      for (let i = 0; i < from; i++) {
        const v = values[i]!;
        lo ^= v;
        if (v >= TWO_32) hi ^= Math.floor(v / TWO_32);
      }
    } else {
      for (let i = from; i < to; i++) {
        const v = values[i]!;
        lo ^= v;
        if (v >= TWO_32) hi ^= Math.floor(v / TWO_32);
      }
    }
    const win = lo !== 0 || hi !== 0;
    if (mode === 'winner') return void out.push(win ? words[0]! : words[1]!, '\n');
    if (!win) return void out.push(words[0]!, '\n');
    // The first heap with the nim-sum's highest bit: the canonical move (no heap before it has a winning move).
    const inHigh = hi !== 0;
    const bit = inHigh ? 31 - Math.clz32(hi) : 31 - Math.clz32(lo);
    let k = from;
    while (!(((inHigh ? Math.floor(values[k]! / TWO_32) : values[k]! >>> 0) >>> bit) & 1)) k++;
    const heap = values[k]!;
    const left = ((Math.floor(heap / TWO_32) ^ hi) >>> 0) * TWO_32 + (((heap >>> 0) ^ lo) >>> 0);
    out.push(`${heap - left} ${k - from + 1}\n`);
    // The heaps after the move, one space between: the input's own bytes where it already has them so.
    let single = to < total || tokens.lastIrregular <= from;
    if (to < total) for (let i = from + 1; i < to && single; i++) single = starts[i] === endOf(i - 1) + 1 && bytes[starts[i]! - 1] === 32;
    if (single) {
      out.push(bytes.subarray(starts[from]!, starts[k]!), String(left), bytes.subarray(endOf(k), endOf(to - 1)), '\n');
      return;
    }
    const line = new Uint8Array(endOf(to - 1) - starts[from]! + 32);
    let o = 0;
    for (let i = from; i < to; i++) {
      if (i > from) line[o++] = 32;
      if (i === k) {
        const text = String(left);
        for (let c = 0; c < text.length; c++) line[o++] = text.charCodeAt(c);
      } else {
        const end = endOf(i);
        line.set(bytes.subarray(starts[i]!, end), o);
        o += end - starts[i]!;
      }
    }
    line[o++] = 10;
    out.push(line.subarray(0, o));
  };
  if (layout === 'heaps') position(0, total);
  else if (layout === 'counted') {
    if (values[0] !== total - 1) return null;
    position(1, total);
  } else {
    let at = 1;
    for (let c = 0; c < values[0]!; c++) {
      if (at >= total) return null;
      const count = values[at]!;
      if (count > total - at - 1) return null;
      position(at + 1, at + 1 + count);
      at += 1 + count;
    }
    if (at !== total) return null;
  }
  return join(out);
}

/** Pieces of text and bytes, the texts next to each other joined: a few pieces to write (the large ones the input's own bytes, not copied). */
function join(pieces: readonly (Uint8Array | string)[]): (Uint8Array | string)[] {
  const joined: (Uint8Array | string)[] = [];
  let text = '';
  for (const piece of pieces) {
    if (typeof piece === 'string') text += piece;
    else if (piece.length < 4096) text += Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength).toString('latin1');
    else {
      if (text) joined.push(text);
      joined.push(piece);
      text = '';
    }
  }
  if (text) joined.push(text);
  return joined;
}

/** Whether the fast path answers this game and play: Nim (every heap's value its size) in normal play. */
export function fastPathApplies(nim: boolean, misere: boolean, mode: AnswerMode | undefined): boolean {
  return nim && !misere && mode !== undefined;
}

/** Bytes already read, as a stream of one chunk. */
export async function* oneChunk(bytes: Uint8Array): AsyncGenerator<Buffer> {
  yield Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Standard input read whole, up to `limit` bytes; past that, what was read
 * and the rest of the stream, as one stream again (`again`).
 */
export async function readWhole(stream: AsyncIterable<Buffer | string>, limit: number): Promise<{ bytes: Uint8Array; rest: boolean; again: () => AsyncIterable<Buffer> }> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  const iterator = stream[Symbol.asyncIterator]();
  let rest = false;
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    chunks.push(chunk);
    bytes += chunk.length;
    if (bytes > limit) {
      rest = true;
      break;
    }
  }
  const again = () => {
    const replay = (async function* () {
      yield* chunks.splice(0);
      if (!rest) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
      }
    })();
    // Stopped part-way, the reader lets the input go (an open pipe would keep the process waiting).
    return Object.assign(replay, { destroy: () => (stream as { destroy?: () => void }).destroy?.() });
  };
  return { bytes: rest ? new Uint8Array(0) : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), rest, again };
}
