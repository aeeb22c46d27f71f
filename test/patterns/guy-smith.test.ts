import { describe, expect, it } from 'vitest';
import { GuySmithSearch, periodCandidates, provableWithin } from '../../src/core/laws/guy-smith.js';
import { int, mulberry32 } from '../helpers/random.js';
import { longTest } from '../helpers/long.js';
import { parseCode } from '../../src/core/rules/code.js';
import { ValueStore, type ValueArray } from '../../src/core/kernels/store.js';
import { SparseSpaceKernel } from '../../src/core/kinds/take-and-break/sparse-space.js';
import { takeBreakOptions } from '../../src/core/kinds/take-and-break/options.js';

/**
 * The Guy-Smith proof search against the theorem read literally: the
 * smallest p, with the smallest n0 for it, such that G(n + p) = G(n) for
 * n0 <= n < count - p and count >= 2*n0 + 2p + k; without one, the least
 * 2*n0 + 2p + k over the p seen over two full periods (when the next proof
 * could come), and the p held from furthest back (whose values the next
 * heaps are computed ahead from). The search keeps what it verified between attempts on a
 * growing sequence; every attempt must still give what a fresh search gives,
 * and what the literal reading gives.
 */
function literalAttempt(
  g: ArrayLike<number>,
  count: number,
  k: number,
  h = 2,
): { proven: { preperiod: number; period: number } | null; due: number | null; held: { period: number; from: number } | null } {
  let due: number | null = null;
  // The period held from furthest back (the smallest such p on a tie), over two periods at least.
  let held: { period: number; from: number } | null = null;
  for (let p = 1; h * p + k <= count; p++) {
    let n0 = count - p;
    while (n0 > 0 && g[n0 - 1 + p] === g[n0 - 1]) n0--;
    if (count >= h * n0 + h * p + k) return { proven: { preperiod: n0, period: p }, due: null, held: null };
    if (count - n0 >= 2 * p) {
      due = Math.min(due ?? Infinity, h * n0 + h * p + k);
      if (!held || n0 < held.from) held = { period: p, from: n0 };
    }
  }
  return { proven: null, due, held };
}

/** A sequence that is eventually periodic, with noise in its preperiod and sometimes a late break. */
function eventuallyPeriodic(random: () => number, length: number): Uint8Array {
  const period = int(random, 1, 40);
  const preperiod = int(random, 0, 300);
  const alphabet = int(random, 2, 6);
  const cycle = Array.from({ length: period }, () => int(random, 0, alphabet - 1));
  const g = new Uint8Array(length);
  for (let n = 0; n < length; n++) g[n] = n < preperiod ? int(random, 0, alphabet - 1) : cycle[(n - preperiod) % period]!;
  // A late break: the cycle seen so far is not the sequence's cycle after all.
  if (random() < 0.3) g[int(random, preperiod, length - 1)] = alphabet;
  return g;
}

describe('Guy-Smith proof search', () => {
  const random = mulberry32(20261123);
  const cases = Array.from({ length: 150 }, (_, i) => [i, eventuallyPeriodic(random, 1500), int(random, 0, 3)] as const);

  it.each(cases)('sequence %i: every attempt as a fresh search and as the theorem read literally', (_, g, k) => {
    const search = new GuySmithSearch(k);
    for (let count = 8; count <= g.length; count += 1 + (count >> 3)) {
      const attempt = search.attempt(g, count);
      const fresh = new GuySmithSearch(k).attempt(g, count);
      expect(attempt, `count ${count}`).toEqual(fresh);
      const { proven, due, held } = attempt;
      expect({ proven: proven && { preperiod: proven.preperiod, period: proven.period }, due, held }, `count ${count}`).toEqual(literalAttempt(g, count, k));
      if (attempt.proven) break; // a run stops at its proof
    }
  });

  it.each(cases.slice(0, 60))('sequence %i: moves leaving up to three heaps, as the theorem read literally with h = 3', (_, g, k) => {
    const search = new GuySmithSearch(k, undefined, 3);
    for (let count = 8; count <= g.length; count += 1 + (count >> 3)) {
      const attempt = search.attempt(g, count);
      expect(attempt, `count ${count}`).toEqual(new GuySmithSearch(k, undefined, 3).attempt(g, count));
      const { proven, due, held } = attempt;
      expect({ proven: proven && { preperiod: proven.preperiod, period: proven.period }, due, held }, `count ${count}`).toEqual(literalAttempt(g, count, k, 3));
      if (proven) {
        expect(proven.proof.valuesNeeded).toBe(3 * (proven.preperiod + proven.period) + k);
        break;
      }
    }
  });

  // Hexadecimal codes (a digit of 8 or more splits a heap in three) whose values the naive mex computes here: each proof
  // the search gives at some count must hold for every heap computed, far past that count.
  // One code of two digits in the quick run; the other seven (0.D alone took 22 s of a loaded npm test) in [long].
  const holdsTo900 = (text: string) => {
    const code = parseCode(text);
    const k = code.digits.length - 1;
    const g = new Uint8Array(900);
    for (let n = 0; n < g.length; n++) {
      const seen = new Set(takeBreakOptions(code, n).map((parts) => parts.reduce((x, m) => x ^ g[m]!, 0)));
      let v = 0;
      while (seen.has(v)) v++;
      g[n] = v;
    }
    const search = new GuySmithSearch(k, undefined, 3);
    let proven: { preperiod: number; period: number; proof: { valuesNeeded: number } } | null = null;
    for (let count = 8; count <= 300 && !proven; count++) proven = search.attempt(g, count).proven;
    if (!proven) return expect(text, 'these codes were seen to become periodic early').toBe('proven');
    expect(proven.proof.valuesNeeded).toBeLessThanOrEqual(300);
    for (let n = proven.preperiod; n + proven.period < g.length; n++) expect(g[n + proven.period], `heap ${n + proven.period}`).toBe(g[n]);
  };
  it.each(['0.A3'])('%s: a three-heap proof holds on every heap to 900', holdsTo900);
  longTest.each(['0.D', '0.F', '0.B', '0.A', '0.F1', '0.A7', '0.B3'])('%s: a three-heap proof holds on every heap to 900 [long]', holdsTo900);

  it('gives the cycle a run of 0.56 proves: preperiod 326,640 and period 144 need 653,570 values', () => {
    // The tail of 0.56 rebuilt from its cycle is enough for the search (values below the preperiod differ).
    const preperiod = 326_640;
    const cycle = Array.from({ length: 144 }, (_, i) => (i * 37) % 61);
    const g = new Uint8Array(653_570);
    for (let n = 0; n < g.length; n++) g[n] = n < preperiod ? 64 + (n % 7) : cycle[(n - preperiod) % 144]!;
    const search = new GuySmithSearch(2);
    const early = search.attempt(g, 610_353);
    expect(early).toEqual({ proven: null, due: 653_570, held: { period: 144, from: preperiod } });
    expect(search.attempt(g, 653_569).proven).toBeNull();
    expect(search.attempt(g, 653_570).proven).toMatchObject({ preperiod: preperiod, period: 144, proof: { valuesNeeded: 653_570 } });
  });
});

/** Values written where the WebAssembly kernel keeps a store's values (its memory), one or two bytes each. */
function housed(values: ArrayLike<number>, bytes: 1 | 2): { g: ValueArray; kernel: SparseSpaceKernel } {
  const kernel = new SparseSpaceKernel(parseCode('0.16'));
  const store = new ValueStore(values.length, 0, 64);
  kernel.house(store);
  store.widenToBytes(bytes);
  store.reserve(values.length).set(Array.from(values));
  store.count = values.length;
  expect(store.bytesPerValue).toBe(bytes);
  return { g: store.values, kernel };
}

describe('period candidates in WebAssembly (wasm/repeats.c)', () => {
  const random = mulberry32(20261128);
  const cases = Array.from({ length: 120 }, (_, i) => {
    const g = eventuallyPeriodic(random, int(random, 3, 3000));
    // Two-byte values: the same shapes, lifted past a byte (and some lanes' upper bytes differing alone).
    const wide = i % 2 === 1;
    return [i, wide ? Array.from(g, (v) => v * 257 + (v & 1) * 300) : Array.from(g), wide ? 2 : 1] as const;
  });

  it.each(cases)('sequence %i (%#): the same candidates as periodCandidates at every count, %i-byte values', (_, values, bytes) => {
    const { g, kernel } = housed(values, bytes as 1 | 2);
    const plain = bytes === 1 ? Uint8Array.from(values) : Uint16Array.from(values);
    for (let count = 3; count <= values.length; count += 1 + (count >> 4)) {
      const maxPeriod = Math.floor(count / 2);
      const expected = new Int32Array(maxPeriod + 1);
      const found = new Int32Array(maxPeriod + 1);
      const want = periodCandidates(plain, count, maxPeriod, expected);
      expect(kernel.periodCandidates(g, count, maxPeriod, found), `count ${count}`).toBe(want);
      expect(Array.from(found.subarray(0, want)), `count ${count}`).toEqual(Array.from(expected.subarray(0, want)));
    }
  });

  it('hands back candidates past its buffer of 1,024 (a tail of period 3 has thousands)', () => {
    const values = Array.from({ length: 20_000 }, (_, n) => (n < 500 ? n % 11 : [4, 1, 7][n % 3]!));
    for (const bytes of [1, 2] as const) {
      const lifted = bytes === 1 ? values : values.map((v) => v + 1000);
      const { g, kernel } = housed(lifted, bytes);
      const out = new Int32Array(10_000);
      const expected = new Int32Array(10_000);
      const found = kernel.periodCandidates(g, 20_000, 9_998, out);
      // Every multiple of 3 whose window lies in the tail: 9,998 / 3 of them.
      expect(found).toBe(3332);
      expect(found).toBe(periodCandidates(bytes === 1 ? Uint8Array.from(lifted) : Uint16Array.from(lifted), 20_000, 9_998, expected));
      expect(Array.from(out.subarray(0, found!))).toEqual(Array.from(expected.subarray(0, found!)));
      expect(Array.from(out.subarray(0, 3))).toEqual([3, 6, 9]);
    }
  });

  it('answers null for values it does not hold, and the search then runs in TypeScript', () => {
    const kernel = new SparseSpaceKernel(parseCode('0.16'));
    expect(kernel.periodCandidates(new Uint8Array(100), 100, 50, new Int32Array(51))).toBeNull();
    const g = eventuallyPeriodic(mulberry32(5), 2000);
    const search = new GuySmithSearch(2, (values, count, maxPeriod, out) => kernel.periodCandidates(values, count, maxPeriod, out));
    expect(search.attempt(g, 2000)).toEqual(new GuySmithSearch(2).attempt(g, 2000));
  });

  it.each(cases.slice(0, 40))('sequence %i: proof attempts with the WebAssembly search are those of a plain search', (_, values, bytes) => {
    const { g, kernel } = housed(values, bytes as 1 | 2);
    const fast = new GuySmithSearch(2, (v, count, maxPeriod, out) => kernel.periodCandidates(v, count, maxPeriod, out));
    const plain = new GuySmithSearch(2);
    const copy = bytes === 1 ? Uint8Array.from(values) : Uint16Array.from(values);
    for (let count = 8; count <= values.length; count += 1 + (count >> 3)) {
      const attempt = fast.attempt(g, count);
      expect(attempt, `count ${count}`).toEqual(plain.attempt(copy, count));
      if (attempt.proven) break;
    }
  });
});

describe('provableWithin: whether known values still allow a proof within a limit', () => {
  /** The theorem read literally: some p and n0 with h*(n0 + p) + k <= limit whose period holds over every known value from n0. */
  const literal = (g: readonly number[], count: number, limit: number, k: number, h: number): boolean => {
    for (let p = 1; h * p + k <= limit; p++) {
      for (let n0 = 0; h * (n0 + p) + k <= limit; n0++) {
        let holds = true;
        for (let n = n0; n + p < count && holds; n++) holds = g[n] === g[n + p];
        if (holds) return true;
      }
    }
    return false;
  };

  it('agrees with the literal reading on random sequences with planted periodic tails, before and past half the limit', () => {
    const random = mulberry32(4242);
    let ruledOut = 0;
    for (let t = 0; t < 600; t++) {
      const count = int(random, 4, 60);
      const period = int(random, 1, 6);
      const from = int(random, 0, count);
      const g: number[] = [];
      for (let n = 0; n < count; n++) g.push(n >= from + period ? g[n - period]! : int(random, 0, 2));
      const k = int(random, 1, 3);
      const h = int(random, 2, 3);
      const limit = int(random, count, 2 * count + 10);
      const got = provableWithin(Uint8Array.from(g), count, limit, k, h);
      expect(got, `${g.join('')} count ${count} limit ${limit} k ${k} h ${h}`).toBe(literal(g, count, limit, k, h));
      if (!got) ruledOut++;
    }
    // Not vacuous: many of them can no longer be proven within their limit.
    expect(ruledOut).toBeGreaterThan(50);
  });
});
