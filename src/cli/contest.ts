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
 * one line that says which count and what follows.
 */
export function positionsIn(heaps: HeapList, layout: InputLayout): HeapList[] {
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
  const positions: HeapList[] = [];
  let at = 1;
  for (let c = 1n; c <= cases; c++) {
    if (at >= total) throw new InputError(`--input cases: the first number says ${plural(cases, 'case')}, but standard input ends after ${plural(c - 1n, 'case')} (case ${c} has no count)`);
    const count = numberAt(at);
    const left = BigInt(total - at - 1);
    if (count > left) throw new InputError(`--input cases: case ${c} of ${cases} says ${plural(count, 'heap')}, but only ${plural(left, 'number')} ${left === 1n ? 'follows' : 'follow'}`);
    positions.push(heapSlice(heaps, at + 1, Number(count)));
    at += 1 + Number(count);
  }
  if (at < total) throw new InputError(`--input cases: the first number announces ${plural(cases, 'case')}, but ${plural(total - at, 'more number')} ${total - at === 1 ? 'follows' : 'follow'} the last of them`);
  return positions;
}

/** The words of an answer: --words, or the judges' defaults. */
export function answerWords(mode: AnswerMode, words: readonly string[] | undefined): readonly string[] {
  return words ?? DEFAULT_WORDS[mode];
}

/**
 * A position's answer, as a judge expects it (each line ends in a newline):
 * `winner`: the first word when the player to move wins, the second when the
 * other does; `move`: the first winning move in the canonical order as
 * "TAKE HEAP" (heap counted from 1), then the heaps after it (a heap a move
 * splits written as its parts, in its place; a heap taken whole as 0), or
 * the word for a lost position.
 */
export function answerOf(report: PositionReport<bigint>, heaps: HeapList | null, mode: AnswerMode, words: readonly string[]): string {
  if (report.outcome === 'D') throw new InputError(`--answer ${mode}: neither player can force a win here (a draw), so there is no ${mode === 'winner' ? 'winner' : 'winning move'} to print`);
  if (mode === 'winner') return `${report.outcome === 'N' ? words[0] : words[1]}\n`;
  if (report.outcome === 'P') return `${words[0]}\n`;
  const move = report.winningMoves[0];
  if (!move) {
    if (report.movesNotListed) throw new InputError(`--answer move: the first player wins, but the winning moves could not be found: ${report.movesNotListed}`);
    throw new InputError('--answer move: the player to move wins by making no move (misère play with no move left), so there is no move to print');
  }
  if (move.take === null || heaps === null) throw new InputError('--answer move: this game has no amount taken to write');
  const after: string[] = [];
  for (let from = 0; from < heaps.count; from += BLOCK) {
    const block = heaps.read(from, BLOCK);
    for (let i = 0; i < block.length; i++) {
      if (from + i + 1 !== move.component) after.push(String(block[i]));
      else if (move.to.length === 0) after.push('0');
      else for (const part of move.to) after.push(String(part));
    }
  }
  return `${move.take} ${move.component}\n${after.join(' ')}\n`;
}

// ---------------------------------------------------------------------------
// The fast path: Nim in normal play, from the bytes of standard input.

const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);
const TWO_32 = 4294967296;

/**
 * The answers to Nim positions in normal play, read from `bytes` in
 * `layout`: the same bytes the general path writes, or null where it should
 * answer instead (a token that is not plain digits of at most 15, a leading
 * zero, a count that disagrees with what follows, no heap at all).
 */
export function nimAnswers(bytes: Uint8Array, layout: InputLayout, mode: AnswerMode, words: readonly string[]): Uint8Array | null {
  const n = bytes.length;
  let pos = 0;
  /** Where the last token read began. */
  let start = 0;
  /** The next token's value; -1 at the end of the input; -2 for a token the fast path does not read. */
  const next = (): number => {
    while (pos < n && isSpace(bytes[pos]!)) pos++;
    if (pos >= n) return -1;
    start = pos;
    let v = 0;
    while (pos < n) {
      const c = bytes[pos]!;
      if (c >= 48 && c <= 57) {
        v = v * 10 + (c - 48);
        pos++;
      } else if (isSpace(c)) break;
      else return -2;
    }
    const length = pos - start;
    if (length > 15 || (length > 1 && bytes[start] === 48)) return -2;
    return v;
  };
  const out: (Uint8Array | string)[] = [];
  /** One position of `count` heaps from the current place: its answer added to `out`; false to give up. */
  const position = (count: number): boolean => {
    const from = pos;
    let lo = 0;
    let hi = 0;
    for (let i = 0; i < count; i++) {
      const v = next();
      if (v < 0) return false;
      lo ^= v;
      if (v >= TWO_32) hi ^= Math.floor(v / TWO_32);
    }
    const win = lo !== 0 || hi !== 0;
    if (mode === 'winner') {
      out.push(win ? words[0]! : words[1]!, '\n');
      return true;
    }
    if (!win) {
      out.push(words[0]!, '\n');
      return true;
    }
    const end = pos;
    // The first heap with the nim-sum's highest bit: the canonical move (a smaller heap index has no winning move).
    const inHigh = hi !== 0;
    const bit = inHigh ? 31 - Math.clz32(hi) : 31 - Math.clz32(lo);
    pos = from;
    let index = 0;
    let heap = 0;
    let heapStart = 0;
    let heapEnd = 0;
    for (;;) {
      const v = next();
      const part = inHigh ? Math.floor(v / TWO_32) : v >>> 0;
      if ((part >>> bit) & 1) {
        heap = v;
        heapStart = start;
        heapEnd = pos;
        break;
      }
      index++;
    }
    const left = (((Math.floor(heap / TWO_32) ^ hi) >>> 0) * TWO_32) + (((heap >>> 0) ^ lo) >>> 0);
    out.push(`${heap - left} ${index + 1}\n`);
    // The heaps after the move: each token's digits, one space between, the moved heap's new size in its place.
    const text = String(left);
    const line = new Uint8Array(end - from + text.length + 1);
    let o = 0;
    let i = from;
    let first = true;
    while (i < end) {
      while (i < end && isSpace(bytes[i]!)) i++;
      if (i >= end) break;
      if (!first) line[o++] = 32;
      first = false;
      if (i === heapStart) {
        for (let k = 0; k < text.length; k++) line[o++] = text.charCodeAt(k);
        i = heapEnd;
        continue;
      }
      while (i < end && !isSpace(bytes[i]!)) line[o++] = bytes[i++]!;
    }
    line[o++] = 10;
    out.push(line.subarray(0, o));
    pos = end;
    return true;
  };
  if (layout === 'heaps') {
    // Every number a heap: count them first.
    let count = 0;
    let v: number;
    while ((v = next()) >= 0) count++;
    if (v === -2 || count === 0) return null;
    pos = 0;
    if (!position(count)) return null;
  } else {
    const first = next();
    if (first < 0) return null;
    const cases = layout === 'counted' ? 1 : first;
    for (let c = 0; c < cases; c++) {
      const count = layout === 'counted' ? first : next();
      if (count < 0 || !position(count)) return null;
    }
    if (next() !== -1) return null;
  }
  return join(out);
}

/** Pieces of text and bytes as one buffer. */
function join(pieces: readonly (Uint8Array | string)[]): Uint8Array {
  const encoder = new TextEncoder();
  const parts = pieces.map((p) => (typeof p === 'string' ? encoder.encode(p) : p));
  const all = new Uint8Array(parts.reduce((a, p) => a + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}

/** Whether the fast path answers this game and play: Nim (every heap's value its size) in normal play. */
export function fastPathApplies(nim: boolean, misere: boolean, mode: AnswerMode | undefined): boolean {
  return nim && !misere && mode !== undefined;
}
