import { cycleStart } from './cycle.js';

/**
 * What computed values with no period in view still say: for each p <= upTo,
 * the last n with G(n) != G(n + p) (both computed). A period p, if the game
 * has one, begins after that n; so any period p <= upTo begins after the
 * least of them, `after`. A fact about the values, checkable from them alone
 * (scripts/check-exclusions.mjs), not a claim that no period exists.
 */
export interface ExcludedPeriods {
  readonly upTo: number;
  /** The least of lastMismatch: any period p <= upTo begins after n = after. */
  readonly after: number;
  /** lastMismatch[p - 1]: the last n with G(n) != G(n + p), n + p < computed. */
  readonly lastMismatch: readonly number[];
}

/**
 * Periods listed at most: a JSON list of this many numbers is about 40 KB.
 * Each costs a scan down from the end that stops at its first mismatch, a
 * few values for most p (2*10^7 values of 0.354: a few milliseconds in all).
 */
export const MOST_EXCLUDED_PERIODS = 4096;

/**
 * The exclusions of G(0..count-1), for every p up to a third of the values
 * (and MOST_EXCLUDED_PERIODS), or null when not even p = 1 fits. Called when
 * no cycle is observed: each such p then has a mismatch (one without any would
 * hold over all the values, three periods at least, and be observed).
 */
export function excludedPeriods(g: ArrayLike<number>, count: number): ExcludedPeriods | null {
  const upTo = Math.min(MOST_EXCLUDED_PERIODS, Math.floor(count / 3));
  if (upTo < 1) return null;
  const lastMismatch: number[] = [];
  for (let p = 1; p <= upTo; p++) lastMismatch.push(cycleStart(g, count, p, 0) - 1);
  return { upTo, after: Math.min(...lastMismatch), lastMismatch };
}
