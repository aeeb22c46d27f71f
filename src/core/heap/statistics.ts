/**
 * The statistics row of a game whose period is not (yet) proven, in the
 * columns researchers tabulate unsolved octal games by (T. Czajka's table of
 * unsolved games, github.com/tczajka/octal-games, UnsolvedGames.md): how many
 * values were computed, the largest value and the first heap with it, the
 * rare mask, how many heaps are rare under it, and the last rare heap.
 *
 * These are facts about the computed values G(0..computed-1) only: they
 * claim no period. "Rare" is the kernel's definition (src/core/kernels/rare.ts):
 * popcount(G(n) & mask) even. The mask is the one with the fewest rare heaps
 * among the computed values (ties: the smallest mask), found for every mask
 * below the values' power-of-two bound at once by a Walsh-Hadamard transform
 * of the value histogram. Heap 0 counts (G(0) = 0 is rare under every mask),
 * as in Czajka's table. It may differ from the rare/common kernel's working
 * mask (Exploration.kernel), which is re-chosen only at each doubling.
 */
import { xorBound } from '../kernels/mex-buffer.js';
import { isRareValue } from '../kernels/rare.js';
import type { ValueArray } from '../kernels/store.js';

/** What unsolvedStatistics finds in the computed values of a game whose period is not proven. */
export interface UnsolvedStatistics {
  /** Values computed: G(0..computed-1). */
  readonly computed: number;
  /** The largest computed value, and the first heap that has it. */
  readonly largestValue: number;
  readonly largestAt: number;
  /** The mask with the fewest rare heaps (see the module comment). */
  readonly rareMask: number;
  /** Heaps n < computed (heap 0 included) with popcount(G(n) & rareMask) even. */
  readonly rareHeaps: number;
  /** The last of them. */
  readonly lastRareHeap: number;
}

/** Masks are searched below this bound (values below 2^20); wider values keep mask 0. */
const MAX_TRANSFORM = 1 << 20;

/** The statistics row of G(0..computed-1) (largest value, rare mask, rare heaps), as tables of unsolved games give it. */
export function unsolvedStatistics(g: ValueArray, computed: number): UnsolvedStatistics {
  let largestValue = 0;
  let largestAt = 0;
  for (let n = 0; n < computed; n++) {
    const v = g[n]!;
    if (v > largestValue) {
      largestValue = v;
      largestAt = n;
    }
  }
  const rareMask = bestMask(g, computed, largestValue);
  let rareHeaps = 0;
  let lastRareHeap = 0;
  for (let n = 0; n < computed; n++) {
    if (isRareValue(g[n]!, rareMask)) {
      rareHeaps++;
      lastRareHeap = n;
    }
  }
  return { computed, largestValue, largestAt, rareMask, rareHeaps, lastRareHeap };
}

/** The mask below xorBound(largest) with the fewest rare heaps (the smallest of equals). */
function bestMask(g: ValueArray, computed: number, largest: number): number {
  const bound = xorBound(largest);
  if (bound > MAX_TRANSFORM) return 0;
  // h[m] after the transform: sum over heaps of (-1)^popcount(G(n) & m) = (rare - common) under m.
  const h = new Float64Array(bound);
  for (let n = 0; n < computed; n++) h[g[n]!]!++;
  for (let half = 1; half < bound; half *= 2) {
    for (let start = 0; start < bound; start += 2 * half) {
      for (let i = start; i < start + half; i++) {
        const a = h[i]!;
        const b = h[i + half]!;
        h[i] = a + b;
        h[i + half] = a - b;
      }
    }
  }
  let best = 0;
  for (let m = 1; m < bound; m++) if (h[m]! < h[best]!) best = m;
  return best;
}
