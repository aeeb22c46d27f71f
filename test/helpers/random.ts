/**
 * A small seeded PRNG (mulberry32) so every random rule in the suite can be
 * regenerated from its seed: a failure names the seed and the set.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
