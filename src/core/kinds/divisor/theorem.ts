/**
 * The divisor game's theorem: G(0) = 0 and, for n >= 1, G(n) = v2(n), the
 * exponent of 2 in n (so the P-positions are 0 and the odd heaps).
 *
 * Proof, by induction on n. Heaps 0 and 1 have no move: G = 0 = v2(1).
 * Let n = 2^k·m >= 2, m odd. A move takes a proper divisor d and leaves
 * n - d = d·(n/d - 1) >= 1. Say v2(d) = j <= k.
 * - j < k: n/d is even, n/d - 1 odd, so v2(n - d) = j; every j < k occurs (d = 2^j < n).
 * - j = k: n/d is odd and at least 3 (d < n), so n/d - 1 is even and v2(n - d) > k.
 * The options' values (by induction, v2 of each) are then 0..k-1 and values above k,
 * never k, so G(n) = mex = k. (Sequence A007814 of the OEIS, with a(0) = 0 here.)
 *
 * The same two cases list the options of n with a value t: t < k, d = 2^t·e;
 * t > k, d = 2^k·e with v2(m/e - 1) = t - k; e each divisor of m below n's reach.
 */
import type { ClosedForm } from '../../heap/closed-form.js';
import { NONE, listedOptions, singleHeap, tooMuch, type OptionsWithValue } from '../../heap/heap-options.js';
import { divisors, FACTOR_LIMIT } from './factor.js';

/** The exponent of 2 in n >= 1. */
export function twoAdic(n: bigint): bigint {
  return BigInt((n & -n).toString(2).length - 1);
}

/** G(n). */
export function divisorValue(n: bigint): bigint {
  return n === 0n ? 0n : twoAdic(n);
}

export const DIVISOR_THEOREM: ClosedForm = {
  theorem: { key: 'theorem.divisor' },
  value: divisorValue,
  // Not periodic: the values grow without bound, at the powers of 2.
  cycle: null,
  largest: (max) => (max < 1n ? 0n : BigInt(max.toString(2).length - 1)),
  pPositions: () => ({ kind: 'residues', modulus: 2, residues: [1], from: 1, extra: [0], missing: [] }),
};

/** The proper divisors d of n whose move leaves value t: at most `limit` listed, within `budget` divisors looked at. */
export function divisorMovesWithValue(n: bigint, t: bigint, limit: number, budget: number): OptionsWithValue {
  if (n < 2n) return NONE;
  const k = twoAdic(n);
  if (t === k) return NONE;
  const m = n >> k;
  if (m > FACTOR_LIMIT) return { notListed: `the divisors of ${m} (the odd part of ${n}) are beyond the ${FACTOR_LIMIT} this program factors` };
  const odd = divisors(m, budget);
  if (!odd) return tooMuch(n, budget);
  const takes = t < k ? odd.map((e) => e << t) : odd.filter((e) => e < m && twoAdic(m / e - 1n) === t - k).map((e) => e << k);
  return listedOptions(takes.map((d) => singleHeap(n, n - d)), odd.length, limit);
}
