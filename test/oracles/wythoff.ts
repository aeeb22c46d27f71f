/**
 * Wythoff's game by brute force, for tests that check pages and tables
 * against it: G(x, y) is the mex of the values a queen's move reaches (any
 * number from one pile, or the same number from both). Slow on purpose and
 * obviously right.
 */
export function wythoffValues(size: number): number[][] {
  const g = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  for (let x = 0; x < size; x++) {
    for (let y = 0; y < size; y++) {
      const seen = new Set<number>();
      for (let k = 1; k <= x; k++) seen.add(g[x - k]![y]!);
      for (let k = 1; k <= y; k++) seen.add(g[x]![y - k]!);
      for (let k = 1; k <= Math.min(x, y); k++) seen.add(g[x - k]![y - k]!);
      let m = 0;
      while (seen.has(m)) m++;
      g[x]![y] = m;
    }
  }
  return g;
}
