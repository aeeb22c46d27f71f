/**
 * The one definition of "rare" in sg-explore, shared by the rare/common
 * kernel (src/core/kinds/take-and-break/rare-common.ts) and the statistics
 * row of unsolved games (src/core/heap/statistics.ts): under a mask, a value
 * is rare when popcount(value & mask) is even and common when it is odd.
 * (Mask 0 makes every value rare.) In the domain sparse space (see SparseSpace
 * in kinds/take-and-break/rare-common.ts) a heap n is rare when
 * popcount(value & mask) has the parity of n - t instead: isRareHeap.
 */

/** popcount(x) mod 2, for x < 2^32. */
export function parity(x: number): number {
  x ^= x >>> 16;
  x ^= x >>> 8;
  x ^= x >>> 4;
  x ^= x >>> 2;
  x ^= x >>> 1;
  return x & 1;
}

export function isRareValue(value: number, mask: number): boolean {
  return parity(value & mask) === 0;
}

/** Whether heap n of value `value` is rare: in the range (splitTake null), or in the domain with split take t. */
export function isRareHeap(value: number, n: number, mask: number, splitTake: number | null): boolean {
  return splitTake === null ? isRareValue(value, mask) : parity(value & mask) === ((n - splitTake) & 1);
}
