/**
 * Wythoff's game (Wythoff, 1907): two piles; a move takes any number from
 * one pile, or the same number from both. The P-positions are the pairs
 * (a_k, b_k) and (b_k, a_k) with a_k = floor(k·phi) and b_k = a_k + k, k >= 0:
 * the sequences a and b (Beatty sequences of phi and phi²) split the
 * positive integers between them. Everything here is exact integer
 * arithmetic: floor(k·phi) = floor((k + isqrt(5k²)) / 2), because k·√5 is
 * irrational for k > 0 (a float of phi is one too high first at k = F_40).
 */
import { integerSqrt } from './integer-root.js';

export const WYTHOFF_CITATION = 'Wythoff (1907)';

/** a_k = floor(k·phi). */
export function wythoffA(k: bigint): bigint {
  return (k + integerSqrt(5n * k * k)) / 2n;
}

/** The k-th P-position with the smaller pile first: (a_k, a_k + k). */
export function wythoffPair(k: bigint): readonly [bigint, bigint] {
  const a = wythoffA(k);
  return [a, a + k];
}

/** How many a_k (k >= 1) are at most x: floor((x+1)/phi), exactly. */
function lowerCount(x: bigint): bigint {
  const t = x + 1n;
  return (integerSqrt(5n * t * t) - t) / 2n;
}

/** Which P-position a pile of x belongs to: x = a_k or x = b_k (x >= 1; 0 is a_0 = b_0). */
export function wythoffIndex(x: bigint): { readonly side: 'a' | 'b'; readonly k: bigint } {
  if (x === 0n) return { side: 'a', k: 0n };
  const k = lowerCount(x);
  if (k > lowerCount(x - 1n)) return { side: 'a', k };
  // Not in a: then in b, and the b's up to x are the numbers up to x that are not a's.
  return { side: 'b', k: x - k };
}

/** The pile that makes a P-position with x (its partner): b_k for x = a_k, a_k for x = b_k. */
export function wythoffPartner(x: bigint): bigint {
  const { side, k } = wythoffIndex(x);
  return side === 'a' ? x + k : x - k;
}

export function isWythoffP(x: bigint, y: bigint): boolean {
  return wythoffPartner(x) === y;
}

/**
 * Every move from (x, y) to a P-position, in the order: from the first pile,
 * from the second pile, then from both; each as the pair it leaves. At most
 * one of each kind: a pile's partner is unique, and so is the P-position of
 * a given difference.
 */
export function wythoffWinningMoves(x: bigint, y: bigint): readonly (readonly [bigint, bigint])[] {
  const moves: (readonly [bigint, bigint])[] = [];
  const partnerOfY = wythoffPartner(y);
  if (partnerOfY < x) moves.push([partnerOfY, y]);
  const partnerOfX = wythoffPartner(x);
  if (partnerOfX < y) moves.push([x, partnerOfX]);
  // From both: the difference stays, and (a_d, b_d) is the one P-position with difference d.
  const d = x > y ? x - y : y - x;
  const [a] = wythoffPair(d);
  const smaller = x < y ? x : y;
  if (a < smaller) moves.push(x <= y ? [a, a + d] : [a + d, a]);
  return moves;
}
