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
import type { ValueArray } from '../kernels/store.js';
import { ValueTally, type UnsolvedStatistics } from './value-tally.js';

export type { UnsolvedStatistics } from './value-tally.js';

/** The row of G(0..computed-1), from their value counts (value-tally.ts, which streams the same row at every power of two). */
export function unsolvedStatistics(g: ValueArray, computed: number): UnsolvedStatistics {
  const tally = new ValueTally();
  tally.feed(g, 0, computed);
  return tally.statistics();
}
