import { describe, expect, it } from 'vitest';
import { runMain } from '../../helpers/in-process.js';
import { bruteForceP } from '../../oracles/two-pile.js';
import { recognisePairLaw } from '../../../src/core/laws/pair-law.js';
import { pairLawTest } from '../../../src/core/positions/pair-law-position.js';

/**
 * The law a two-pile report gives must account for every P-position of its
 * table: the pairs (a_k, b_k) with a_k < b_k, the other half (mirror images,
 * or said to be left out) and the diagonal. Here the P-positions come from a
 * brute-force search written in this file, and the law's terms from its
 * JSON (α, β in fixed point with 60 decimal digits, recurrences exactly).
 */
interface Vector {
  dx: number;
  dy: number;
  cap: number | null;
}

function parseVectors(text: string): Vector[] {
  return [...text.matchAll(/\((\d+),(\d+)\)(?:x(\d+))?/g)].map((m) => ({ dx: Number(m[1]), dy: Number(m[2]), cap: m[3] ? Number(m[3]) : null }));
}

/** P-positions of the square 0..max by brute force (test/oracles/two-pile.ts), as "x,y" keys. */
function brutePPositions(vectors: Vector[], max: number): Set<string> {
  const p = new Set<string>();
  bruteForceP(vectors, max).forEach((row, x) => row.forEach((isP, y) => isP && p.add(`${x},${y}`)));
  return p;
}

const SCALE = 10n ** 60n;
function sqrtScaled(n: bigint): bigint {
  // ⌊√n⌋ by Newton's method.
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) >> 1n;
  while (y < x) [x, y] = [y, (y + n / y) >> 1n];
  return x;
}
interface Quadratic {
  p: number;
  q: number;
  d: number;
  r: number;
}
/** ⌊(A + B√d) / R⌋ for R > 0: the root in fixed point with 60 decimal digits (exact when B = 0). */
function floorQuadratic(A: bigint, B: bigint, d: bigint, R: bigint): bigint {
  const root = sqrtScaled(B * B * d * SCALE * SCALE); // ⌊|B|√d · 10^60⌋
  const n = A * SCALE + (B < 0n ? -root - 1n : root);
  const floorDiv = (x: bigint, y: bigint) => (x >= 0n ? x / y : -((-x + y - 1n) / y));
  return floorDiv(floorDiv(n, R), SCALE);
}
/** ⌊kα + β⌋ for k = 1..count, kα + β written as one number (A + B√d)/R of α's field. */
function beattyTerms(law: { alpha: Quadratic; beta: Quadratic }, count: number): number[] {
  const { alpha: a, beta: b } = law;
  const d = BigInt(a.q !== 0 ? a.d : b.d);
  return Array.from({ length: count }, (_, i) => {
    const k = BigInt(i + 1);
    const A = k * BigInt(a.p) * BigInt(b.r) + BigInt(b.p) * BigInt(a.r);
    const B = k * BigInt(a.q) * BigInt(b.r) + BigInt(b.q) * BigInt(a.r);
    return Number(floorQuadratic(A, B, d, BigInt(a.r) * BigInt(b.r)));
  });
}

/** A recurrence's terms: the data's own start values up to `from`, then the recurrence. */
function recurrenceTerms(law: { coefficients: (number | string)[]; from: number }, start: number[], count: number): number[] {
  const terms = start.slice(0, law.from);
  const coefficients = law.coefficients.map((c) => String(c).split('/').map(Number) as [number, number?]);
  while (terms.length < count) {
    const n = terms.length;
    terms.push(coefficients.reduce((sum, [num, den = 1], i) => sum + (num / den) * terms[n - 1 - i]!, 0));
  }
  return terms.map((t) => Math.round(t * 1e6) / 1e6);
}

async function report(vectors: string, max: number) {
  const run = await runMain(['--vectors', vectors, '--max', String(max), '--format', 'json']);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

/** The P-positions the law describes, as "x,y" keys; null for the ones it says it leaves out. */
function lawPositions(law: any, brute: Set<string>): Set<string> {
  const below = [...brute].map((k) => k.split(',').map(Number) as [number, number]).filter(([x, y]) => x < y).sort((u, v) => u[0] - v[0] || u[1] - v[1]);
  const count = law.pairs;
  const a = law.a ? beattyTerms(law.a, count) : recurrenceTerms(law.aRecurrence, below.map(([x]) => x), count);
  const b = law.b ? beattyTerms(law.b, count) : law.difference !== null ? a.map((x, i) => x + law.difference * (i + 1)) : recurrenceTerms(law.bRecurrence, below.map(([, y]) => y), count);
  const out = new Set<string>();
  for (let k = 0; k < count; k++) {
    out.add(`${a[k]},${b[k]}`);
    if (law.mirrored) out.add(`${b[k]},${a[k]}`);
  }
  const diagonal = law.diagonal.kind === 'progression' ? Array.from({ length: law.diagonal.count }, (_, j) => law.diagonal.start + law.diagonal.step * j) : law.diagonal.list;
  for (const x of diagonal) out.add(`${x},${x}`);
  return out;
}

describe('a two-pile law accounts for every P-position of its table', () => {
  // [vectors, max, whether a law is recognised]
  const games: [string, number, boolean][] = [
    ['(1,0) (0,1) (1,1)', 60, true], // Wythoff
    ['(1,0) (0,1) (1,1)', 200, true],
    ['(1,0) (0,1) (1,1)x2', 30, true],
    ['(1,0) (0,1) (1,1)x2', 90, true],
    ['(1,0) (0,1) (1,1)x3', 80, true],
    ['(1,0)x2 (0,1)x2 (1,1)', 60, true],
    ['(1,0) (0,1)x2 (1,1)', 40, true], // not symmetric
    ['(1,0) (0,1) (2,2)', 60, false],
  ];
  for (const [vectors, max, hasLaw] of games) {
    it(`${vectors}, 0..${max}`, async () => {
      const json = await report(vectors, max);
      const brute = brutePPositions(parseVectors(vectors), max);
      // The report's own list is the brute force's.
      expect(new Set(json.pPositions.map(([x, y]: [number, number]) => `${x},${y}`))).toEqual(brute);
      const law = json.law;
      expect(law !== null, JSON.stringify(law)).toBe(hasLaw);
      if (law === null) return;
      const described = lawPositions(law, brute);
      const expected = law.mirrored ? brute : new Set([...brute].filter((k) => { const [x, y] = k.split(',').map(Number); return x! <= y!; }));
      expect(described).toEqual(expected);
      if (!law.mirrored) expect(law.text).toMatch(/with x > y not described/);
    });
  }

  it('Wythoff: ⌊kφ⌋ and ⌊kφ²⌋ with (0, 0); (1,1)x2: ⌊3k − 2⌋, ⌊3k − 1⌋ and the diagonal (3j, 3j)', async () => {
    const wythoff = (await report('(1,0) (0,1) (1,1)', 60)).law;
    expect(wythoff.text).toContain('a_k = ⌊kφ⌋, b_k = a_k + k = ⌊kφ²⌋; their mirror images (b_k, a_k); on the diagonal (0, 0)');
    const capped = (await report('(1,0) (0,1) (1,1)x2', 30)).law;
    expect(capped.text).toContain('a_k = ⌊3k − 2⌋, b_k = ⌊3k − 1⌋; their mirror images (b_k, a_k); on the diagonal (x, x) for x = 3j, j = 0..10');
    // The case: no irrational slope where 3k − 1 fits (⌊k(1+2√6)/2⌋ gives 58 at k = 20, not 59).
    const long = (await report('(1,0) (0,1) (1,1)x2', 90)).law;
    expect(long.b).toMatchObject({ alpha: { p: 3, q: 0, r: 1 }, beta: { p: -1, q: 0, r: 1 } });
  });
});

describe("a diagonal's cycle, read off the P-positions given (issue 45.3)", () => {
  // The pairs (3k − 2, 3k − 1) and their mirror images, with a diagonal chosen here.
  const pairs: [number, number][] = [];
  for (let k = 1; 3 * k - 1 <= 255; k++) pairs.push([3 * k - 2, 3 * k - 1], [3 * k - 1, 3 * k - 2]);
  const withDiagonal = (xs: readonly number[]) => recognisePairLaw([...pairs, ...xs.map((x): [number, number] => [x, x])], 255)!;
  const diagonalWords = (xs: readonly number[]) => withDiagonal(xs).text.replace(/^.*on the diagonal /, '').replace(/ \(k = .*$/, '');
  const range = (from: number, to: number, keep: (x: number) => boolean) => Array.from({ length: to - from + 1 }, (_, i) => from + i).filter(keep);

  it('says the cycle, the cells before it, or that the list ends, and the law answers (t, t) past the table by it', () => {
    expect(diagonalWords(range(0, 255, (x) => x % 5 === 2 || x % 5 === 3))).toBe('(x, x) for x ≡ 2, 3 (mod 5)');
    const before = [...range(0, 9, () => true), ...range(10, 255, (x) => x % 7 === 1)];
    expect(diagonalWords(before)).toBe('10 P-positions (x, x) with x < 10 (the first: (0, 0), (1, 1), (2, 2), (3, 3), …), and (x, x) for x >= 10 with x ≡ 1 (mod 7)');
    expect(diagonalWords([0, 1, 2, 4, 5, 6, 8, 9, 10])).toBe('9 P-positions (x, x), none past x = 10 (the first: (0, 0), (1, 1), (2, 2), (4, 4), …)');
    const test = pairLawTest(withDiagonal(before))!;
    for (const t of [10n ** 18n, 10n ** 18n + 1n, 7n * 10n ** 17n + 1n, 3n]) expect(test([t, t]), String(t)).toBe(t < 10n || t % 7n === 1n);
    expect(pairLawTest(withDiagonal([0, 1, 2, 4, 5, 6, 8, 9, 10]))!([10n ** 18n, 10n ** 18n])).toBe(false);
    // A diagonal whose cells near the end break the pattern shows no cycle: nothing is said past the table.
    expect(pairLawTest(withDiagonal([...range(0, 200, (x) => x % 4 === 0), 203, 250]))!([10n ** 18n, 10n ** 18n])).toBeNull();
  });
});
