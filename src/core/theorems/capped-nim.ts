/**
 * Heaps with memory where each move may take at most k times the last
 * (Fibonacci Nim is k = 2; the first move from a heap of n takes 1 to n-1).
 *
 * Whinihan (1963) for k = 2 and Schwenk (1970) for every k >= 1: let
 * H_1 = 1 and H_{j+1} = H_j + H_m, m the least index with k·H_m >= H_j
 * (k = 2: the Fibonacci numbers 1, 2, 3, 5, 8, ...). Every n >= 1 is one sum
 * of H's in which each part is more than k times the next smaller one (the
 * greedy sum; Zeckendorf's for k = 2). A state (n, cap) is lost for the
 * player to move exactly when its smallest part exceeds cap: so a start
 * heap n (cap n-1) is lost exactly when n is an H. The winning moves take a
 * sum of the smallest parts, t, when t <= cap and the part above them (if
 * any) is more than k·t: the opponent then faces a smallest part beyond reach.
 */
export const CAPPED_NIM_CITATIONS = { 2: 'Whinihan (1963)', any: 'Schwenk (1970)' } as const;

/** The citation for factor k. */
export function cappedNimCitation(k: number): string {
  return k === 2 ? CAPPED_NIM_CITATIONS[2] : CAPPED_NIM_CITATIONS.any;
}

/** H_1, H_2, ... without end. */
function* heapsH(k: bigint): Generator<bigint, never, void> {
  const h: bigint[] = [1n];
  let m = 0;
  for (;;) {
    const last = h[h.length - 1]!;
    yield last;
    while (k * h[m]! < last) m++;
    h.push(last + h[m]!);
  }
}

/** H_1, H_2, ... up to the first one above `atLeast` (the one above makes the greedy sum of any n <= atLeast). */
export function losingHeaps(k: bigint, atLeast: bigint): bigint[] {
  const h: bigint[] = [];
  for (const x of heapsH(k)) {
    h.push(x);
    if (x > atLeast) return h;
  }
  throw new RangeError('unreachable');
}

/** H_1, H_2, ... up to `limit` (what --emit lists), or null past `most` of them. */
export function losingHeapsUpTo(k: bigint, limit: bigint, most: number): bigint[] | null {
  const h: bigint[] = [];
  for (const x of heapsH(k)) {
    if (x > limit) return h;
    if (h.length >= most) return null;
    h.push(x);
  }
  throw new RangeError('unreachable');
}

/** The parts of n (n >= 1) in the greedy sum of H's, largest first. */
export function greedyParts(n: bigint, h: readonly bigint[]): bigint[] {
  const parts: bigint[] = [];
  let rest = n;
  for (let i = h.length - 1; i >= 0 && rest > 0n; i--) {
    if (h[i]! <= rest) {
      parts.push(h[i]!);
      rest -= h[i]!;
    }
  }
  return parts;
}

export function isCappedNimP(k: number, n: bigint, cap: bigint): boolean {
  if (n === 0n) return true;
  const parts = greedyParts(n, losingHeaps(BigInt(k), n));
  return parts[parts.length - 1]! > cap;
}

/** Every winning take from (n, cap), smallest first (empty at a P-position). */
export function cappedNimWinningTakes(k: number, n: bigint, cap: bigint): bigint[] {
  if (n === 0n) return [];
  const parts = greedyParts(n, losingHeaps(BigInt(k), n));
  const takes: bigint[] = [];
  let t = 0n;
  for (let i = parts.length - 1; i >= 0; i--) {
    t += parts[i]!;
    if (t > cap) break;
    const above = i > 0 ? parts[i - 1]! : null;
    if (above === null || above > BigInt(k) * t) takes.push(t);
  }
  return takes;
}
