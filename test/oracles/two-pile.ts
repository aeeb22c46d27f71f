/** A two-pile move: subtract m·(dx, dy), 1 ≤ m ≤ cap (null: any m), staying ≥ 0. */
export interface BruteVector {
  readonly dx: number;
  readonly dy: number;
  readonly cap: number | null;
}

/** P-positions of the square 0..max by brute force of the rules: isP[x][y] when no move reaches a P-position. */
export function bruteForceP(vectors: readonly BruteVector[], max: number): boolean[][] {
  const isP: boolean[][] = [];
  for (let x = 0; x <= max; x++) {
    isP.push([]);
    for (let y = 0; y <= max; y++) {
      let toP = false;
      for (const { dx, dy, cap } of vectors) {
        for (let m = 1; (cap === null || m <= cap) && x - m * dx >= 0 && y - m * dy >= 0 && !toP; m++) toP = isP[x - m * dx]![y - m * dy]!;
      }
      isP[x]!.push(!toP);
    }
  }
  return isP;
}
