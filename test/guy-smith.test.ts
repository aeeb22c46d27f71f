import { describe, expect, it } from 'vitest';
import { GuySmithSearch } from '../src/core/laws/guy-smith.js';
import { int, mulberry32 } from './helpers/random.js';

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
): { proven: { preperiod: number; period: number } | null; due: number | null; held: { period: number; from: number } | null } {
  let due: number | null = null;
  // The period held from furthest back (the smallest such p on a tie), over two periods at least.
  let held: { period: number; from: number } | null = null;
  for (let p = 1; 2 * p + k <= count; p++) {
    let n0 = count - p;
    while (n0 > 0 && g[n0 - 1 + p] === g[n0 - 1]) n0--;
    if (count >= 2 * n0 + 2 * p + k) return { proven: { preperiod: n0, period: p }, due: null, held: null };
    if (count - n0 >= 2 * p) {
      due = Math.min(due ?? Infinity, 2 * n0 + 2 * p + k);
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
