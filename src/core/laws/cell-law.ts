/**
 * Laws of parity and binary digits for tables of two numeric coordinates
 * (a two-pile game's (x, y), a module's states with two numeric fields):
 * "P exactly when x and y are even", "P exactly when (x & y) == 0", "…
 * when ctz(x + 1) == ctz(y + 1)". A small search over predicates built from
 * the two coordinates (residues of x, y, x + y, x ^ y, x & y, x | y and of
 * (x - 1) | (y - 1) and the like; the parity of their lowest set or zero
 * bit and of their one bits; comparisons of the two coordinates' lowest
 * bits; two residues joined by and / or), simplest first. A predicate
 * counts only when it agrees with the table on EVERY cell; it is written in
 * --check's language, so the reader can check it again, and it is observed
 * over the table, never proven.
 */
import { compile } from '../conjecture/evaluate.js';
import { parseExpression } from '../conjecture/expression.js';

/** The cells of a table: two whole coordinates and whether the cell is a P-position. */
export interface Cells {
  readonly count: number;
  first(i: number): number;
  second(i: number): number;
  isP(i: number): boolean;
}

export interface CellLaw {
  /** The condition on the coordinates, in --check's language: `x % 2 == 0 and y % 2 == 0`. */
  readonly condition: string;
  /** What --check takes: `p == (condition)`. */
  readonly check: string;
  /** How many cells it agrees with: every cell of the table. */
  readonly cells: number;
}

/** A predicate: its text, its cost (simpler first), and its truth at (a, b) (null where undefined, as ctz(0)). */
interface Candidate {
  readonly text: string;
  readonly cost: number;
  readonly test: (a: number, b: number) => boolean | null;
}

interface Term {
  readonly text: string;
  /** Written alone (a name) or needing parentheses inside another operator. */
  readonly atomic: boolean;
  readonly cost: number;
  readonly at: (a: number, b: number) => number;
}

/** Most cells searched (a larger table gets no such law: the search must stay well under a second). */
const MOST_CELLS = 1 << 24;
/** Coordinates are read as 32-bit integers by the bit operators below: larger tables are not searched. */
const LARGEST_COORDINATE = 2 ** 30;
/** Most predicate evaluations one search makes (a wrong one usually fails within a few cells). */
const WORK_BUDGET = 40_000_000;
/** Cells sampled first, spread over the table, so that most wrong predicates fail early. */
const SCREEN = 2048;
/** Cells the law's text is checked on again by the --check evaluator (every cell of a smaller table). */
const TEXT_CHECKED = 1 << 16;

const mod = (t: number, m: number) => ((t % m) + m) % m;
const ctz = (t: number): number | null => (t === 0 ? null : 31 - Math.clz32(t & -t));
const popcount = (t: number): number | null => {
  if (t < 0) return null;
  let c = 0;
  for (let v = t; v; v &= v - 1) c++;
  return c;
};

function terms(x: string, y: string): Term[] {
  const name = (text: string, at: Term['at']): Term => ({ text, atomic: true, cost: 1, at });
  const wrap = (t: Term) => (t.atomic ? t.text : `(${t.text})`);
  const binary = (l: Term, op: string, r: Term, cost: number, at: Term['at']): Term => ({ text: `${wrap(l)} ${op} ${wrap(r)}`, atomic: false, cost, at });
  const a = name(x, (u) => u);
  const b = name(y, (_, v) => v);
  const a1: Term = { text: `${x} - 1`, atomic: false, cost: 2, at: (u) => u - 1 };
  const b1: Term = { text: `${y} - 1`, atomic: false, cost: 2, at: (_, v) => v - 1 };
  // Bit terms cost more than a sum, so that "x and y even" reads as two residues rather than (x | y) % 2 == 0.
  return [
    a,
    b,
    binary(a, '+', b, 2, (u, v) => u + v),
    binary(a, '^', b, 3, (u, v) => u ^ v),
    binary(a, '&', b, 3, (u, v) => u & v),
    binary(a, '|', b, 3, (u, v) => u | v),
    binary(a1, '^', b1, 5, (u, v) => (u - 1) ^ (v - 1)),
    binary(a1, '&', b1, 5, (u, v) => (u - 1) & (v - 1)),
    binary(a1, '|', b1, 5, (u, v) => (u - 1) | (v - 1)),
  ];
}

const wrapped = (t: Term) => (t.atomic ? t.text : `(${t.text})`);

/** Residues, zero tests and the parities of lowest bits and one bits of one term. */
function termPredicates(t: Term): Candidate[] {
  const out: Candidate[] = [];
  const w = wrapped(t);
  out.push({ text: `${w} == 0`, cost: t.cost, test: (a, b) => t.at(a, b) === 0 });
  for (const m of [2, 3, 4]) {
    for (let r = 0; r < m; r++) out.push({ text: `${w} % ${m} == ${r}`, cost: t.cost + (m === 2 ? 0 : 1), test: (a, b) => mod(t.at(a, b), m) === r });
  }
  const parity = (fn: string, inner: string, value: (v: number) => number | null, cost: number) => {
    for (const r of [0, 1]) {
      out.push({
        text: `${fn}(${inner}) % 2 == ${r}`,
        cost,
        test: (a, b) => {
          const v = value(t.at(a, b));
          return v === null ? null : v % 2 === r;
        },
      });
    }
  };
  // The lowest zero bit of t is ctz(t + 1); the lowest set bit ctz(t).
  parity('ctz', `${w} + 1`, (v) => ctz(v + 1), t.cost + 2);
  parity('ctz', t.text, ctz, t.cost + 2);
  parity('popcount', t.text, popcount, t.cost + 2);
  return out;
}

/** The two coordinates compared: directly, and by their lowest set bit, lowest zero bit and one bits. */
function comparisons(x: string, y: string): Candidate[] {
  const out: Candidate[] = [];
  const ops: [string, (l: number, r: number) => boolean][] = [
    ['==', (l, r) => l === r],
    ['!=', (l, r) => l !== r],
    ['<', (l, r) => l < r],
    ['>', (l, r) => l > r],
  ];
  for (const [op, holds] of ops) out.push({ text: `${x} ${op} ${y}`, cost: 2, test: (a, b) => holds(a, b) });
  const features: [(s: string) => string, (v: number) => number | null][] = [
    [(s) => `ctz(${s} + 1)`, (v) => ctz(v + 1)],
    [(s) => `ctz(${s})`, ctz],
    [(s) => `popcount(${s})`, popcount],
  ];
  for (const [text, value] of features) {
    for (const [op, holds] of ops) {
      out.push({
        text: `${text(x)} ${op} ${text(y)}`,
        cost: 4,
        test: (a, b) => {
          const l = value(a);
          const r = value(b);
          return l === null || r === null ? null : holds(l, r);
        },
      });
    }
  }
  return out;
}

/** Two residues of single coordinates joined by and / or: "x and y both even". */
function joined(x: string, y: string): Candidate[] {
  const residues = (name: string, at: (a: number, b: number) => number) =>
    [2, 3, 4].flatMap((m) => Array.from({ length: m }, (_, r) => ({ text: `${name} % ${m} == ${r}`, m, test: (a: number, b: number) => mod(at(a, b), m) === r })));
  const left = residues(x, (a) => a);
  const right = residues(y, (_, b) => b);
  const out: Candidate[] = [];
  for (const l of left) {
    for (const r of right) {
      const cost = 3 + (l.m === 2 ? 0 : 1) + (r.m === 2 ? 0 : 1);
      out.push({ text: `${l.text} and ${r.text}`, cost, test: (a, b) => l.test(a, b) && r.test(a, b) });
      out.push({ text: `${l.text} or ${r.text}`, cost: cost + 1, test: (a, b) => l.test(a, b) || r.test(a, b) });
    }
  }
  return out;
}

/** Every candidate, simplest first (a stable sort keeps the order written above among equals). */
function candidates(x: string, y: string): Candidate[] {
  const all = [...comparisons(x, y), ...joined(x, y), ...terms(x, y).flatMap(termPredicates)];
  return all.map((c, i) => ({ c, i })).sort((l, r) => l.c.cost - r.c.cost || l.i - r.i).map(({ c }) => c);
}

/** Whether the candidate agrees with the table at cell i (false where it is undefined). */
const agrees = (c: Candidate, cells: Cells, i: number): boolean => c.test(cells.first(i), cells.second(i)) === cells.isP(i);

/**
 * The simplest predicate of the family that says, on every cell, whether
 * the cell is a P-position; null when none does, when the table has no P-
 * or no N-position, when a coordinate is out of the bit operators' range,
 * or when the search would run past its budget. `names` are the
 * coordinates' names in --check (x and y; a module's field names).
 */
export function recogniseCellLaw(cells: Cells, names: readonly [string, string]): CellLaw | null {
  const { count } = cells;
  if (count < 4 || count > MOST_CELLS) return null;
  let ps = 0;
  for (let i = 0; i < count; i++) {
    if (Math.abs(cells.first(i)) >= LARGEST_COORDINATE || Math.abs(cells.second(i)) >= LARGEST_COORDINATE) return null;
    if (cells.isP(i)) ps++;
  }
  if (ps === 0 || ps === count) return null;
  // Cells spread evenly over the table, looked at before the full pass.
  const screen = Array.from({ length: Math.min(SCREEN, count) }, (_, k) => Math.floor((k * count) / Math.min(SCREEN, count)));
  let work = 0;
  for (const candidate of candidates(names[0], names[1])) {
    if (work > WORK_BUDGET) return null;
    let good = true;
    for (const i of screen) {
      work++;
      if (!agrees(candidate, cells, i)) {
        good = false;
        break;
      }
    }
    if (!good) continue;
    let i = 0;
    for (; i < count && agrees(candidate, cells, i); i++) work++;
    if (i < count) continue;
    const law = { condition: candidate.text, check: `p == (${candidate.text})`, cells: count };
    textAgrees(law, cells, names);
    return law;
  }
  return null;
}

/** The law's text, read by --check's own parser and evaluator, gives what the search found (a cell spread over the table, at most TEXT_CHECKED). */
function textAgrees(law: CellLaw, cells: Cells, names: readonly [string, string]): void {
  const expression = parseExpression(law.check, { [names[0]]: 'number', [names[1]]: 'number', p: 'bool' });
  const test = compile(expression);
  const step = Math.max(1, Math.floor(cells.count / TEXT_CHECKED));
  for (let i = 0; i < cells.count; i += step) {
    if (test({ [names[0]]: BigInt(cells.first(i)), [names[1]]: BigInt(cells.second(i)), p: cells.isP(i) }) !== true) {
      throw new RangeError(`the law ${law.check} as written disagrees with the search at cell ${i}`);
    }
  }
}
