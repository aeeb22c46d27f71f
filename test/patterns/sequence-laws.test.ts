import { describe, expect, it } from 'vitest';
import { findRecurrence, type Recurrence } from '../../src/core/laws/sequence-law.js';
import { runMain } from '../helpers/in-process.js';

/**
 * Recurrences with the index they hold from, checked against P-positions
 * found by brute force here: a heap with memory (take 1..cap; the next cap
 * is factor·t or t + 1; a start heap of n allows 1..n−1), searched state by
 * state without the program's kernel.
 */
function startPPositions(next: (t: number) => number, max: number): number[] {
  const win = new Map<number, boolean>();
  const wins = (n: number, cap: number): boolean => {
    const key = n * (max + 1) + cap;
    const known = win.get(key);
    if (known !== undefined) return known;
    let result = false;
    for (let t = 1; t <= Math.min(n, cap) && !result; t++) result = !wins(n - t, Math.min(next(t), n - t));
    win.set(key, result);
    return result;
  };
  const p: number[] = [];
  for (let n = 0; n <= max; n++) if (!wins(n, Math.max(0, n - 1))) p.push(n);
  return p;
}

/** The recurrence's prediction of term n from the terms before it (exact rationals via bigint). */
function predicts(law: Pick<Recurrence, 'coefficients'>, terms: readonly number[], n: number): boolean {
  let num = 0n;
  let den = 1n;
  law.coefficients.forEach(([cn, cd], i) => {
    num = num * BigInt(cd) + BigInt(cn) * BigInt(terms[n - 1 - i]!) * den;
    den *= BigInt(cd);
  });
  return num === BigInt(terms[n]!) * den;
}

/** The law holds from `from` to its counterexample (or the end), and not just before `from` where it could. */
function expectHoldsExactlyFrom(law: Pick<Recurrence, 'coefficients' | 'from' | 'counterexample'>, terms: readonly number[], what: string): void {
  const order = law.coefficients.length;
  expect(law.from, what).toBeGreaterThanOrEqual(order);
  const end = law.counterexample ?? terms.length;
  for (let n = law.from; n < end; n++) expect(predicts(law, terms, n), `${what}: term ${n}`).toBe(true);
  if (law.counterexample !== null) expect(predicts(law, terms, law.counterexample), `${what}: counterexample`).toBe(false);
  if (law.from > order) expect(predicts(law, terms, law.from - 1), `${what}: the term before its start`).toBe(false);
}

describe('recurrences state where they hold', () => {
  it('findRecurrence on sequences with irregular starts: the start index is the first term the law gives', () => {
    const fibonacci = [0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987];
    expect(findRecurrence(fibonacci)).toMatchObject({ from: 3, text: 'a(k) = a(k−1) + a(k−2) for k ≥ 4' });
    // Doubling after three odd terms.
    const doubling = [7, 3, 11, ...Array.from({ length: 20 }, (_, i) => 5 * 2 ** i)];
    const law = findRecurrence(doubling)!;
    expect(law).toMatchObject({ from: 4, text: 'a(k) = 2·a(k−1) for k ≥ 5' });
    expectHoldsExactlyFrom(law, doubling, 'doubling');
  });

  it('heaps with memory: the P-positions (0 among them) and their law agree with a brute-force search', async () => {
    const games: [string, (t: number) => number][] = [
      ['fibonacci-nim', (t) => 2 * t],
      ['fibonacci-nim:1', (t) => t],
      ['fibonacci-nim:3', (t) => 3 * t],
      ['fibonacci-nim:4', (t) => 4 * t],
      ['one-more', (t) => t + 1],
    ];
    const max = 400;
    let laws = 0;
    for (const [preset, next] of games) {
      const run = await runMain(['--preset', preset, '--max', String(max), '--format', 'json']);
      expect(run.code, run.stderr).toBe(0);
      const report = JSON.parse(run.stdout);
      const brute = startPPositions(next, max);
      expect(brute[0], preset).toBe(0);
      expect(report.pPositions, preset).toEqual(brute);
      if (report.law) {
        laws++;
        const law = { ...report.law, coefficients: report.law.coefficients.map((c: string | number) => String(c).split('/').map(Number).concat(1).slice(0, 2)) };
        expect(report.law.text, preset).toMatch(new RegExp(` for k ≥ ${report.law.from + 1}$`));
        expectHoldsExactlyFrom(law, brute, preset);
      }
    }
    expect(laws).toBeGreaterThanOrEqual(4);
  });

  it('Fibonacci Nim:3 names where a(k) = a(k−1) + a(k−4) starts: k = 7, after 0, 1, 2, 3, 4, 6', async () => {
    const run = await runMain(['--preset', 'fibonacci-nim:3', '--max', '300']);
    expect(run.stdout.replace(/\s+/g, ' ')).toContain('satisfy a(k) = a(k−1) + a(k−4) for k ≥ 7 (a(1..6) = 0, 1, 2, 3, 4, 6)');
  });
});

describe('recurrences found through the quick pass modulo two primes, as the rationals give them', () => {
  /** a(k) from the recurrence's coefficients (rationals) and the terms before, exactly; null where it is not a whole number. */
  const predicted = (r: Recurrence, terms: readonly bigint[], k: number): bigint | null => {
    let [num, den] = [0n, 1n];
    r.coefficients.forEach(([n, d], i) => ([num, den] = [num * d + n * terms[k - 1 - i]! * den, den * d]));
    return num % den === 0n ? num / den : null;
  };
  let seed = 77;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const whole = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

  it.each(Array.from({ length: 60 }, (_, i) => i))('sequence %i: an integer recurrence of order <= 5 (sometimes broken) is found, holds exactly, and fails where it is broken', (i) => {
    const order = whole(1, 5);
    const coefficients = Array.from({ length: order }, () => BigInt(whole(-3, 3)));
    coefficients[order - 1] ||= 1n;
    const length = whole(30, 300);
    const terms: bigint[] = Array.from({ length: order }, () => BigInt(whole(0, 9)));
    while (terms.length < length) terms.push(coefficients.reduce((sum, c, j) => sum + c * terms[terms.length - 1 - j]!, 0n));
    const broken = i % 3 === 0 ? whole(2 * order + 8, length - 1) : null;
    if (broken !== null) terms[broken]! += 1n;
    const found = findRecurrence(terms);
    // A break may leave no recurrence held over enough terms on either side of it.
    if (broken !== null && found === null) return;
    // A sequence of zeros (start values all 0) has no recurrence worth the name.
    if (terms.every((t) => t === 0n)) return expect(found).toBeNull();
    expect(found, `sequence ${i}`).not.toBeNull();
    expect(found!.coefficients.length).toBeLessThanOrEqual(order);
    const end = found!.counterexample ?? terms.length;
    for (let k = found!.from; k < Math.min(end, terms.length); k++) expect(predicted(found!, terms, k), `a(${k + 1})`).toBe(terms[k]);
    if (found!.counterexample !== null) expect(predicted(found!, terms, found!.counterexample)).not.toBe(terms[found!.counterexample]);
    // A break early enough leaves room for a longer recurrence through it (Berlekamp–Massey's final one is reported then).
    if (broken !== null && found!.counterexample !== null) expect(found!.counterexample).toBe(broken);
  });

  it('a sequence with no short recurrence (256 terms of random steps) has none', () => {
    let v = 0n;
    const terms = Array.from({ length: 256 }, () => (v += BigInt(whole(1, 4))));
    expect(findRecurrence(terms)).toBeNull();
  });
});
