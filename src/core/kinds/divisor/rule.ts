/**
 * The divisor game: a move takes d tokens from a heap of n, d a proper
 * divisor of n (d | n and d < n). Heaps 0 and 1 have no move (0 has no
 * divisor below it; 1 has only itself).
 */
export interface ProperDivisorRule {
  readonly kind: 'proper-divisor';
}

/** Its canonical text, read back by the rule-file key `divisors` (and a sweep list's word). */
export function properDivisorText(_rule: ProperDivisorRule): string {
  return 'divisors proper';
}
