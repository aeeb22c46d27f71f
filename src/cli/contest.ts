/**
 * Contest input and output: standard input in a judge's layout
 * (src/core/contest/layout.ts: a count then heaps as Luogu P1247, T cases as
 * P2197, cases up to a sentinel line or the end of the input, a rule in each
 * case as S-Nim), each position answered as the judge expects
 * (src/core/contest/answer.ts: winner, move, count, moves, with the
 * problem's words and a `Case #k: ` prefix).
 *
 * Two paths give the same bytes: the general one (each position evaluated
 * as `--position` evaluates it, any game, misère too) and, for Nim in normal
 * play, a fast one that reads standard input as bytes, xors the heaps as
 * numbers and writes the answer in one piece. The fast path gives up (null)
 * on anything unusual — a token other than plain digits, a count that
 * disagrees — and the general path answers, or refuses with its words.
 */
import { InputError } from '../core/errors.js';
import { formatCount } from '../core/numbers.js';
import type { HeapList } from '../core/positions/heap-list.js';
import { checkedCases, type CaseSpan, type JudgeLayout, type JudgeTokens } from '../core/contest/layout.js';
import { answerPieces, isPositionReport, prefixOf, reportOfPosition, type AnswerMode, type AnswerSpec, type WrittenComponents } from '../core/contest/answer.js';
import { textTokens } from '../core/contest/tokens.js';
import type { JudgeForm, ShapedResult } from '../core/kinds/kind.js';
import type { GameSpec } from '../core/kinds/registry.js';
import { ruleWord } from '../core/rule-words.js';
import { positionHeaps } from '../core/kinds/shared/heap-game.js';

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

/** Whether a layout's tokens are read as heaps by the host (streamed: millions of them), rather than as text. */
export function readsHeaps(form: JudgeForm, layout: JudgeLayout, heapKind: boolean): boolean {
  return heapKind && form.token === 'number' && form.width === 1 && layout.sentinel.every((t) => /^\d+$/.test(t));
}

/** The tokens of standard input as text: JSON values whole where the components are JSON. */
export function tokensOfText(text: string, form: JudgeForm): JudgeTokens {
  return textTokens(text, form.token === 'json');
}

/** One position of a case, ready to evaluate: heaps the host read, or components as --position reads them; and as the judge wrote them. */
export interface CasePosition {
  readonly position: readonly string[] | HeapList;
  readonly written: WrittenComponents;
}

/** One case: its game (its own rule, or the command's), its number, its positions. */
export interface JudgeCase {
  readonly number: number;
  readonly game: GameSpec;
  readonly positions: Iterable<CasePosition>;
}

/**
 * The cases of standard input, every count checked first (a mistake is
 * refused before the first answer); each position from the heaps the host
 * read (`heaps`), or from the text's tokens.
 */
export function judgeCases(tokens: JudgeTokens, heaps: HeapList | null, layout: JudgeLayout, form: JudgeForm, game: GameSpec): Iterable<JudgeCase> {
  const spans = checkedCases(tokens, layout, form.width);
  const caseGame = (span: CaseSpan): GameSpec => {
    if (span.rule === null) return game;
    const numbers = Array.from({ length: span.rule.count }, (_, i) => tokens.text(span.rule!.from + i));
    // A case's rule is read by the rule's own word: its refusals say which case.
    return ruleWord(layout.rule!)!.parse(numbers.join(','), `--${layout.rule} (case ${span.number})`) as GameSpec;
  };
  const positionOf = (from: number, components: number): CasePosition => {
    if (heaps) {
      // The whole list is the position (--input heaps): no slice, no pass over it for its largest heap.
      const slice = from === 0 && components === heaps.count ? heaps : heapSlice(heaps, from, components);
      return { position: slice, written: { count: components, read: (at, length) => slice.read(at, length).map(String) } };
    }
    const groups = Array.from({ length: components }, (_, c) => Array.from({ length: form.width }, (_, k) => tokens.text(from + c * form.width + k)));
    const written = groups.map((g) => g.join(' '));
    return { position: groups.map((g) => form.positionText(g)), written: { count: components, read: (at, length) => written.slice(at, at + length) } };
  };
  // Read as often as asked: once for the largest heap of them all (the tables), once to answer.
  return {
    *[Symbol.iterator]() {
      for (const span of spans) yield { number: span.number, game: caseGame(span), positions: span.positions.map((p) => positionOf(p.from, p.components)) };
    },
  };
}

/**
 * The largest heap of all the cases' positions, or null where one is not
 * heaps (a rule module's states as JSON): a heap game's cases share tables.
 * One pass that keeps nothing (300,000 cases stay in flat memory).
 */
export function largestCaseHeap(cases: Iterable<JudgeCase>): bigint | null {
  let largest = 0n;
  for (const judgeCase of cases) {
    for (const { position } of judgeCase.positions) {
      const heaps = !Array.isArray(position) ? (position as HeapList) : (position as readonly string[]).every((t) => /^\d+$/.test(t)) ? positionHeaps(position as readonly string[]) : null;
      if (!heaps) return null;
      if (heaps.largest > largest) largest = heaps.largest;
    }
  }
  return largest;
}

/** The corner of every case's pairs (written x:y: two piles, a heap with memory): the largest x and the largest y; null where a component is not such a pair. */
export function largestCaseCorner(cases: Iterable<JudgeCase>): readonly [bigint, bigint] | null {
  let x = 0n;
  let y = 0n;
  for (const judgeCase of cases) {
    for (const { position } of judgeCase.positions) {
      if (!Array.isArray(position)) return null;
      for (const text of position as readonly string[]) {
        const pair = /^(\d+):(\d+)$/.exec(text);
        if (!pair) return null;
        if (BigInt(pair[1]!) > x) x = BigInt(pair[1]!);
        if (BigInt(pair[2]!) > y) y = BigInt(pair[2]!);
      }
    }
  }
  return [x, y];
}

/**
 * A case's answer, added in pieces: its prefix, then each position's answer
 * (from `evaluate`, its result read by the game's judge's form), joined by
 * the spec's `between`, then a line break.
 */
export async function caseAnswer(judgeCase: JudgeCase, form: JudgeForm, spec: AnswerSpec, evaluate: (game: GameSpec, position: readonly string[] | HeapList) => Promise<ShapedResult>, add: (pieces: Iterable<string>) => Promise<void>): Promise<void> {
  let first = true;
  for (const { position, written } of judgeCase.positions) {
    const result = await evaluate(judgeCase.game, position);
    const report = isPositionReport(result) ? reportOfPosition(result, form.written) : form.report?.(result);
    if (!report) throw new InputError(`--answer ${spec.mode}: this game's result has no outcome to answer with`);
    const pieces = answerPieces(report, written, spec);
    // The first piece is made (every refusal comes before it) before the prefix is written: a refusal leaves no half line.
    const head = pieces.next();
    await add([first ? prefixOf(spec, judgeCase.number) : spec.between]);
    first = false;
    if (!head.done) await add([head.value]);
    await add({ [Symbol.iterator]: () => pieces });
  }
  await add(['\n']);
}

/** The fast path's modes: who wins and the first move, in the default move layout and no prefix. */
export function fastPathAnswers(spec: AnswerSpec, layout: JudgeLayout): 'winner' | 'move' | null {
  const plain = spec.prefix === '' && layout.rule === null && typeof layout.components !== 'number' && (layout.cases === 'one' || layout.cases === 'counted');
  if (!plain) return null;
  if (spec.mode === 'winner') return 'winner';
  return spec.mode === 'move' && spec.moveFormat === '{take} {heap}\n{after}' ? 'move' : null;
}

export const plural = (n: bigint | number, one: string, many = `${one}s`) => `${formatCount(Number(n))} ${n === 1 || n === 1n ? one : many}`;

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
export function nimAnswers(bytes: Uint8Array, layout: 'heaps' | 'counted' | 'cases', mode: 'winner' | 'move', words: readonly string[]): (Uint8Array | string)[] | null {
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
export function fastPathApplies(nim: boolean, misere: boolean, mode: 'winner' | 'move' | null): boolean {
  return nim && !misere && mode !== null;
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
