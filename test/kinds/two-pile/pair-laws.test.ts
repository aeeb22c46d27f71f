import { describe, expect, it } from 'vitest';
import { runMain } from '../../helpers/in-process.js';

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

/** P-positions of the square 0..max by brute force: (x, y) is P when no move reaches a P-position. */
function brutePPositions(vectors: Vector[], max: number): Set<string> {
  const isP: boolean[][] = [];
  const p = new Set<string>();
  for (let x = 0; x <= max; x++) {
    isP.push([]);
    for (let y = 0; y <= max; y++) {
      let toP = false;
      for (const { dx, dy, cap } of vectors) {
        for (let m = 1; (cap === null || m <= cap) && x - m * dx >= 0 && y - m * dy >= 0 && !toP; m++) toP = isP[x - m * dx]![y - m * dy]!;
        if (toP) break;
      }
      isP[x]![y] = !toP;
      if (!toP) p.add(`${x},${y}`);
    }
  }
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
