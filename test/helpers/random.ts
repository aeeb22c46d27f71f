/**
 * The product's small seeded PRNG (mulberry32, the one `play --seed` uses), so
 * every random rule in the suite can be regenerated from its seed: a failure
 * names the seed and the set.
 */
export { mulberry32 } from '../../src/core/random.js';

/** A whole number in [lo, hi]. */
export function int(random: () => number, lo: number, hi: number): number {
  return lo + Math.floor(random() * (hi - lo + 1));
}

/** `size` distinct numbers from 1..largest, sorted ascending (size <= largest). */
export function randomSet(random: () => number, size: number, largest: number): number[] {
  if (size > largest) throw new RangeError(`cannot pick ${size} distinct numbers from 1..${largest}`);
  const chosen = new Set<number>();
  while (chosen.size < size) chosen.add(int(random, 1, largest));
  return [...chosen].sort((a, b) => a - b);
}
