import { describe, expect, it } from 'vitest';
import { beattyTerm, height, recogniseBeatty, type Quadratic } from '../../src/core/laws/beatty.js';
import { findRecurrence } from '../../src/core/laws/sequence-law.js';
import { int, mulberry32 } from '../helpers/random.js';

/**
 * Beatty laws ⌊kα + β⌋. The reference computes the terms independently, in
 * fixed point with 80 decimal digits (α = (p + q√d)/r from an integer
 * square root of d·10^160), far beyond what these k can misjudge.
 */
const SCALE = 10n ** 80n;

function bigSqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = BigInt(Math.ceil(Math.sqrt(Number(n))));
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) break;
    x = y;
  }
  while (x * x > n) x--;
  return x;
}

/** (p + q√d)/r scaled by 10^80, rounded down. */
function fixed({ p, q, d, r }: Quadratic): bigint {
  const root = q === 0 ? 0n : (q > 0 ? 1n : -1n) * bigSqrt(BigInt(q) * BigInt(q) * BigInt(d) * SCALE * SCALE);
  const n = BigInt(p) * SCALE + root;
  return n >= 0n ? n / BigInt(r) : -((-n + BigInt(r) - 1n) / BigInt(r));
}

/** ⌊kα + β⌋ for k = 1..count, in fixed point. */
function reference(alpha: Quadratic, beta: Quadratic, count: number): number[] {
  const a = fixed(alpha);
  const b = fixed(beta);
  return Array.from({ length: count }, (_, i) => {
    const x = BigInt(i + 1) * a + b;
    return Number(x >= 0n ? x / SCALE : -((-x + SCALE - 1n) / SCALE));
  });
}

const PHI: Quadratic = { p: 1, q: 1, d: 5, r: 2 };
const PHI2: Quadratic = { p: 3, q: 1, d: 5, r: 2 };
const SQRT2: Quadratic = { p: 0, q: 1, d: 2, r: 1 };
const zero: Quadratic = { p: 0, q: 0, d: 1, r: 1 };
const half: Quadratic = { p: 1, q: 0, d: 1, r: 2 };

describe('exact terms', () => {
  it('⌊kφ⌋ and ⌊kφ²⌋ agree with the fixed-point reference far out, where doubles fail', () => {
    for (const k of [1, 2, 3, 1000, 10 ** 6, 123_456_789, 2 ** 40, 2 ** 52 + 1]) {
      const want = (alpha: Quadratic) => (BigInt(k) * fixed(alpha)) / SCALE;
      expect(beattyTerm(PHI, zero, k), `⌊${k}φ⌋`).toBe(want(PHI));
      expect(beattyTerm(PHI2, zero, k), `⌊${k}φ²⌋`).toBe(want(PHI2));
    }
    // Doubles misjudge ⌊kφ⌋ at this size (the exact value is what OEIS A000201 continues with).
    const k = 2 ** 52 + 1;
    expect(BigInt(Math.floor(k * 1.618033988749895))).not.toBe(beattyTerm(PHI, zero, k));
  });

  it('negative β and irrational β round down correctly', () => {
    const betas: Quadratic[] = [{ p: -1, q: 0, d: 1, r: 3 }, { p: -1, q: 1, d: 5, r: 2 }, { p: 2, q: -1, d: 2, r: 1 }];
    for (const beta of betas) {
      const want = reference(SQRT2, { ...beta, d: beta.q === 0 ? 1 : 2 }, 3000);
      const got = want.map((_, i) => Number(beattyTerm(SQRT2, beta.q === 0 ? beta : { ...beta, d: 2 }, i + 1)));
      expect(got).toEqual(want);
    }
  });
});

describe('recognising ⌊kα + β⌋', () => {
  it('homogeneous: ⌊kφ⌋ (OEIS A000201) and ⌊kφ²⌋ (A001950)', () => {
    expect(recogniseBeatty(reference(PHI, zero, 2000))).toMatchObject({ alpha: PHI, beta: zero, text: '⌊kφ⌋', counterexample: null, checked: 2000 });
    expect(recogniseBeatty(reference(PHI2, zero, 2000))).toMatchObject({ alpha: PHI2, text: '⌊kφ²⌋', counterexample: null });
  });

  it('a rational shift: ⌊k√2 + 1/2⌋, the nearest integer to k√2', () => {
    const terms = reference(SQRT2, half, 3000);
    expect(terms.slice(0, 8)).toEqual([1, 3, 4, 6, 7, 8, 10, 11]);
    expect(recogniseBeatty(terms)).toMatchObject({ alpha: SQRT2, beta: half, text: '⌊k√2 + 1/2⌋', counterexample: null });
  });

  it('an irrational shift: counting from k = 0, ⌊(k+1)φ⌋ = ⌊kφ + φ⌋', () => {
    const terms = reference(PHI, zero, 1001).slice(1);
    expect(recogniseBeatty(terms)).toMatchObject({ alpha: PHI, beta: PHI, text: '⌊kφ + φ⌋' });
  });

  it('a rational slope: 3k − 2 is ⌊3k − 2⌋, not an irrational that fits a short stretch', () => {
    const terms = Array.from({ length: 100 }, (_, i) => 3 * (i + 1) - 2);
    expect(recogniseBeatty(terms)).toMatchObject({ alpha: { p: 3, q: 0, r: 1 }, beta: { p: -2, q: 0, r: 1 }, text: '⌊3k − 2⌋' });
  });

  it('simplest first: least height, a rational before an irrational of the same height', () => {
    expect([PHI, PHI2, SQRT2, { p: 1, q: 2, d: 6, r: 2 }, { p: 55, q: 0, d: 1, r: 34 }, { p: -2, q: 0, d: 1, r: 1 }].map(height)).toEqual([1, 3, 2, 23, 55, 2]);
    // 2, 5, 8, ..., 29: ⌊3k − 1⌋ (height 3), not ⌊k(1+2√6)/2⌋ (height 23), which fits these ten and gives 58 for 59 at k = 20.
    const ten = Array.from({ length: 10 }, (_, i) => 3 * (i + 1) - 1);
    expect(reference({ p: 1, q: 2, d: 6, r: 2 }, zero, 10)).toEqual(ten);
    expect(reference({ p: 1, q: 2, d: 6, r: 2 }, zero, 20)[19]).toBe(58);
    expect(recogniseBeatty(ten)).toMatchObject({ alpha: { p: 3, q: 0, r: 1 }, beta: { p: -1, q: 0, r: 1 }, text: '⌊3k − 1⌋' });
    // ⌊kφ⌋ over 80 terms is also ⌊55k/34⌋ (which fails at k = 89); φ has height 1.
    const eighty = reference(PHI, zero, 80);
    expect(eighty.every((t, i) => t === Math.floor((55 * (i + 1)) / 34))).toBe(true);
    expect(recogniseBeatty(eighty)).toMatchObject({ alpha: PHI, beta: zero, text: '⌊kφ⌋' });
    // Thirteen each of 0, 1, 2, 3: ⌊(k − 1)/13⌋, a rational whose period the terms show four times.
    const blocks = Array.from({ length: 52 }, (_, i) => Math.floor(i / 13));
    expect(recogniseBeatty(blocks)).toMatchObject({ alpha: { p: 1, q: 0, r: 13 }, beta: { p: -1, q: 0, r: 13 }, text: '⌊(k − 1)/13⌋', counterexample: null });
  });

  it('random α = (p + q√d)/r and β = s/u: the slope found is α, and the law gives every term', () => {
    const random = mulberry32(2026);
    const squarefree = [2, 3, 5, 6, 7, 10, 11, 13];
    for (let trial = 0; trial < 40; trial++) {
      const alpha: Quadratic = { p: int(random, 0, 4), q: int(random, 1, 3), d: squarefree[int(random, 0, squarefree.length - 1)]!, r: int(random, 1, 3) };
      const u = int(random, 1, 6);
      const beta: Quadratic = { p: int(random, -u, u), q: 0, d: 1, r: u };
      const terms = reference(alpha, beta, 1500);
      const law = recogniseBeatty(terms);
      const what = JSON.stringify({ alpha, beta });
      expect(law, what).not.toBeNull();
      expect(law!.counterexample, what).toBeNull();
      // α is fixed by the terms (it is lim a_k / k); β only within an interval.
      expect(Math.abs((law!.alpha.p + law!.alpha.q * Math.sqrt(law!.alpha.d)) / law!.alpha.r - (alpha.p + alpha.q * Math.sqrt(alpha.d)) / alpha.r), what).toBeLessThan(1e-12);
      expect(reference(law!.alpha, law!.beta, 1500), what).toEqual(terms);
    }
  });

  it('the first counterexample: ⌊kφ⌋ with one term changed at k = 200', () => {
    const terms = reference(PHI, zero, 300);
    terms[199]! += 1;
    expect(recogniseBeatty(terms)).toMatchObject({ alpha: PHI, beta: zero, checked: 300, counterexample: 199 });
  });

  it('no law where there is none: Fibonacci numbers, squares, random increasing runs, short sequences', () => {
    const fibonacci = [1, 2];
    while (fibonacci.length < 40) fibonacci.push(fibonacci.at(-1)! + fibonacci.at(-2)!);
    expect(recogniseBeatty(fibonacci)).toBeNull();
    expect(recogniseBeatty(Array.from({ length: 200 }, (_, i) => (i + 1) ** 2))).toBeNull();
    const random = mulberry32(7);
    for (let trial = 0; trial < 20; trial++) {
      let x = 0;
      expect(recogniseBeatty(Array.from({ length: 300 }, () => (x += int(random, 1, 4))))).toBeNull();
    }
    // Under 16 terms only β = 0 is tried (two free numbers fit short runs too easily); under 8, nothing.
    expect(recogniseBeatty(reference(SQRT2, half, 15))).toBeNull();
    expect(recogniseBeatty(reference(PHI, zero, 12))).toMatchObject({ text: '⌊kφ⌋' });
    expect(recogniseBeatty(reference(PHI, zero, 7))).toBeNull();
  });
});

describe('recurrences on long sequences', () => {
  it('fitted on a prefix and checked on the rest: exact up to the end, or the first term that breaks', () => {
    const fibonacci: bigint[] = [1n, 2n];
    while (fibonacci.length < 1000) fibonacci.push(fibonacci.at(-1)! + fibonacci.at(-2)!);
    expect(findRecurrence(fibonacci)).toMatchObject({ text: 'a(k) = a(k−1) + a(k−2) for k ≥ 3', from: 2, checked: 1000, counterexample: null });
    const broken = fibonacci.slice();
    broken[700] = broken[700]! + 1n;
    expect(findRecurrence(broken)).toMatchObject({ text: 'a(k) = a(k−1) + a(k−2) for k ≥ 3', checked: 700, counterexample: 700 });
  });

  it('⌊kφ⌋ has no recurrence over 10,000 terms: what fits a prefix is reported with the term where it breaks', () => {
    const terms = reference(PHI, zero, 10_000);
    const law = findRecurrence(terms);
    // Its differences repeat with period 13 for a while (13/8 is close to φ): a recurrence that must break.
    expect(law).not.toBeNull();
    const breaks = law!.counterexample!;
    expect(breaks).toBeGreaterThanOrEqual(2 * law!.coefficients.length + 4);
    const predicted = (n: number) => law!.coefficients.reduce((sum, [num, den], i) => sum + (Number(num) / Number(den)) * terms[n - 1 - i]!, 0);
    for (let n = law!.from; n < breaks; n++) expect(predicted(n), `term ${n}`).toBe(terms[n]);
    expect(predicted(breaks)).not.toBe(terms[breaks]);
  });
});
