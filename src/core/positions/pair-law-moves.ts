/**
 * The winning moves of a two-pile state past the table, by the law of the
 * P-positions observed over it (--use-observed): the moves to a cell the
 * law calls P. A move vector without a cap has a whole line of targets, so
 * the line is not walked: the law's own structure names the few cells on it
 * that can be P-positions (a Beatty pair (a_k, b_k) lies on the line only
 * for k in a short window, found by bisection, exactly; the diagonal meets
 * it once, or is a progression). A capped line is walked cell by cell. Where
 * neither gives every target within MOST_SCANNED cells, the moves are
 * refused with the reason, never guessed; the count is always exact.
 */
import { beattyTerm, quadraticValue, type BeattyLaw } from '../laws/beatty.js';
import type { PairLaw } from '../laws/pair-law.js';
import type { BigPair } from './pair-theorem.js';
import { formatCount } from '../numbers.js';

/** A move of a pair game: subtract m·(dx, dy) for 1 <= m <= cap (null: any m), staying >= 0. */
export interface MoveLine {
  readonly dx: number;
  readonly dy: number;
  readonly cap: number | null;
}

/** Most law terms (or diagonal cells) looked at on one line. */
export const MOST_SCANNED = 100_000;
/** Lines of at most this many cells are walked cell by cell. */
const WALKED = 1000;

type Test = (state: BigPair) => boolean | null;
/** The targets, or why they cannot all be named. */
export type LawMoves = { readonly targets: readonly BigPair[] } | { readonly refused: string };

const lineText = (line: MoveLine) => `(${line.dx},${line.dy})${line.cap === null ? '' : `x${line.cap}`}`;

/** The largest multiple m of the line's vector that leaves both piles >= 0. */
function mostMultiple([x, y]: BigPair, { dx, dy, cap }: MoveLine): bigint {
  let most = cap === null ? null : BigInt(cap);
  for (const [n, d] of [[x, dx], [y, dy]] as const) if (d > 0 && (most === null || n / BigInt(d) < most)) most = n / BigInt(d);
  return most ?? 0n;
}

/** The multiple m with state − m·(dx, dy) = target, or null when the target is not on the line within 1..most. */
function multipleTo([x, y]: BigPair, line: MoveLine, most: bigint, [tx, ty]: BigPair): bigint | null {
  const [dx, dy] = [BigInt(line.dx), BigInt(line.dy)];
  const m = dx > 0n ? (x - tx) / dx : (y - ty) / dy;
  return m >= 1n && m <= most && x - m * dx === tx && y - m * dy === ty ? m : null;
}

/** The first k >= 1 with ⌊kα + β⌋ > bound (the terms grow: α > 0). */
function firstAbove(law: BeattyLaw, bound: bigint): bigint {
  const term = (k: bigint) => beattyTerm(law.alpha, law.beta, k);
  let high = 1n;
  while (term(high) <= bound) high *= 2n;
  let low = 1n;
  while (low < high) {
    const middle = (low + high) / 2n;
    if (term(middle) <= bound) low = middle + 1n;
    else high = middle;
  }
  return low;
}

/**
 * The pairs (u_k, v_k) (u, v the two Beatty laws, u_k <= x) on the line:
 * dy·u_k − dx·v_k = dy·x − dx·y. The left side is k·s plus a bounded
 * wobble, so a bisection lands within a short window of every solution.
 */
function beattyOnLine(u: BeattyLaw, v: BeattyLaw, [x, y]: BigPair, line: MoveLine): BigPair[] | string {
  const [dx, dy] = [BigInt(line.dx), BigInt(line.dy)];
  // Terms that never grow would leave no end to the search (P-positions' laws grow; this only guards).
  if (!(quadraticValue(u.alpha) > 0)) return `the law's ${u.text} does not grow`;
  const slope = line.dy * quadraticValue(u.alpha) - line.dx * quadraticValue(v.alpha);
  const radius = Math.ceil((2 * (line.dx + line.dy + 2)) / Math.abs(slope)) + 2;
  if (!(radius <= MOST_SCANNED)) return `the law's pairs run (nearly) parallel to the move ${lineText(line)}, so its targets cannot be found without walking the line`;
  const pair = (k: bigint): BigPair => [beattyTerm(u.alpha, u.beta, k), beattyTerm(v.alpha, v.beta, k)];
  const sign = slope > 0 ? 1n : -1n;
  const h = (k: bigint) => {
    const [a, b] = pair(k);
    return sign * (dy * a - dx * b - (dy * x - dx * y));
  };
  const last = firstAbove(u, x) - 1n;
  if (last < 1n) return [];
  let [low, high] = [1n, last];
  let centre: bigint;
  if (h(low) >= 0n) centre = low;
  else if (h(high) < 0n) centre = high;
  else {
    while (high - low > 1n) {
      const middle = (low + high) / 2n;
      if (h(middle) < 0n) low = middle;
      else high = middle;
    }
    centre = high;
  }
  const out: BigPair[] = [];
  const R = BigInt(radius);
  for (let k = centre - R < 1n ? 1n : centre - R; k <= centre + R && k <= last; k++) out.push(pair(k));
  return out;
}

/** The cells (t, t), t = start + step·j >= start, below x and at or above `lowest`; or why there are too many to name. */
function progressionCells(start: bigint, step: bigint, lowest: bigint, x: bigint, line: MoveLine): BigPair[] | string {
  const first = lowest <= start ? 0n : (lowest - start + step - 1n) / step;
  const lastJ = x <= start ? -1n : (x - 1n - start) / step;
  if (lastJ - first + 1n > BigInt(MOST_SCANNED)) return `the law's diagonal meets the move ${lineText(line)} at more than ${formatCount(MOST_SCANNED)} cells`;
  const out: BigPair[] = [];
  for (let j = first; j <= lastJ; j++) out.push([start + step * j, start + step * j]);
  return out;
}

/** The diagonal cells (t, t) on the line. */
function diagonalOnLine(law: PairLaw, state: BigPair, line: MoveLine, most: bigint): BigPair[] | string {
  const [x, y] = state;
  const [dx, dy] = [BigInt(line.dx), BigInt(line.dy)];
  if (dx !== dy) {
    const m = (y - x) / (dy - dx);
    return m * (dy - dx) === y - x && m >= 1n ? [[x - m * dx, y - m * dy]] : [];
  }
  if (x !== y) return [];
  const { diagonal } = law;
  // The progression start + step·j below x, as far as the line reaches.
  const lowest = x - most * dx;
  if (diagonal.kind === 'progression') return progressionCells(BigInt(diagonal.start), BigInt(diagonal.step), lowest, x, line);
  const out: BigPair[] = diagonal.list.map((t): BigPair => [BigInt(t), BigInt(t)]);
  const cycle = diagonal.cycle;
  // Past the table, the cycle's residues: one progression each, from the first t past the table.
  const upTo = BigInt(law.upTo);
  if (!cycle || x <= upTo + 1n) return out;
  const period = BigInt(cycle.period);
  for (const r of cycle.residues) {
    const start = upTo + 1n + ((BigInt(r) - upTo - 1n) % period + period) % period;
    const cells = progressionCells(start, period, lowest, x, line);
    if (typeof cells === 'string') return cells;
    out.push(...cells);
  }
  return out;
}

/** The cells on an uncapped (or long) line that the law can call P: its pairs, their mirror images, the diagonal. */
function candidatesOnLine(law: PairLaw, state: BigPair, line: MoveLine, most: bigint): BigPair[] | string {
  const { a, b } = law;
  if (!a || !b) return 'the law gives no Beatty pairs to search along the line';
  const [x, y] = state;
  const [dx, dy] = [BigInt(line.dx), BigInt(line.dy)];
  // Cells x > y the law says nothing of (a game that is not symmetric): refused if the line reaches them.
  if (!law.mirrored && law.notSymmetric > 0 && (x - dx > y - dy || x - most * dx > y - most * dy)) return 'the law says nothing of the pairs x > y this move reaches';
  const pairs = beattyOnLine(a, b, state, line);
  const mirrors = law.mirrored ? beattyOnLine(b, a, state, line) : [];
  const diagonal = diagonalOnLine(law, state, line, most);
  for (const found of [pairs, mirrors, diagonal]) if (typeof found === 'string') return found;
  return [...(pairs as BigPair[]), ...(mirrors as BigPair[]), ...(diagonal as BigPair[])];
}

/** Every cell of the line, nearest first. */
function walk(state: BigPair, line: MoveLine, most: bigint): BigPair[] {
  const cells: BigPair[] = [];
  for (let m = 1n; m <= most; m++) cells.push([state[0] - m * BigInt(line.dx), state[1] - m * BigInt(line.dy)]);
  return cells;
}

/** Cells past a long line's reach by the law's form: the cells on it that can be P-positions, or why they cannot be named. */
export type LineSearch = (state: BigPair, line: MoveLine, most: bigint) => BigPair[] | string;

/**
 * Every move from `state` to a cell the law's `test` calls P, or why they
 * cannot all be named: a line of at most `walked` cells is walked, a longer
 * one searched by `search` (walked after all when that fails and the line
 * has at most MOST_SCANNED cells). `silent` says why the law is silent on a
 * cell (its test gave null there).
 */
export function lawMoves(test: Test, state: BigPair, lines: readonly MoveLine[], search: LineSearch, silent: (cell: BigPair) => string, walked = WALKED): LawMoves {
  const targets = new Map<string, BigPair>();
  for (const line of lines) {
    const most = mostMultiple(state, line);
    if (most === 0n) continue;
    const found = most <= BigInt(walked) ? null : search(state, line, most);
    if (typeof found === 'string' && most > BigInt(MOST_SCANNED)) return { refused: found };
    const cells = Array.isArray(found) ? found.filter((cell) => multipleTo(state, line, most, cell) !== null) : walk(state, line, most);
    for (const cell of cells) {
      const p = test(cell);
      if (p === null) return { refused: `${silent(cell)}, and the move ${lineText(line)} reaches ${cell[0]}:${cell[1]}` };
      if (p) targets.set(`${cell[0]}:${cell[1]}`, cell);
    }
  }
  return { targets: [...targets.values()] };
}

/** The moves by a law of pairs (Beatty pairs, their mirror images, the diagonal). */
export function pairLawMoves(law: PairLaw, test: Test, state: BigPair, lines: readonly MoveLine[], walked = WALKED): LawMoves {
  const silent = ([x, y]: BigPair) => (x === y ? `the law lists the P-positions on the diagonal only up to ${law.upTo}` : 'the law says nothing of the pairs x > y');
  return lawMoves(test, state, lines, (s, line, most) => candidatesOnLine(law, s, line, most), silent, walked);
}

/** A law that is a condition on each cell (parity, binary digits) gives no targets without looking at each: a line longer than MOST_SCANNED is refused. */
export function cellLawMoves(test: Test, state: BigPair, lines: readonly MoveLine[]): LawMoves {
  const search: LineSearch = (_, line, most) => `the law is a condition on each cell, and the move ${lineText(line)} reaches ${formatCount(most)} cells, more than the ${formatCount(MOST_SCANNED)} looked through`;
  return lawMoves(test, state, lines, search, () => 'the law is not defined there');
}
