/**
 * Bash's (Bachet's) game: take 1 to m tokens from a heap; m may be as large
 * as 10^18, so the rule keeps m, not the set {1..m}.
 */
export interface TakeUpToRule {
  readonly kind: 'take-up-to';
  readonly most: bigint;
}

/** Written as the subtraction set it is: {1,2,3} for small m (the same text as --moves 1,2,3), {1..m} beyond. */
export function takeUpToText(rule: TakeUpToRule): string {
  const m = rule.most;
  return m <= 16n ? `subtraction {${Array.from({ length: Number(m) }, (_, i) => i + 1).join(',')}}` : `subtraction {1..${m}}`;
}

/** The most a rule may take: the heaps positions answer go to 10^18 and beyond. */
export const MOST_LIMIT = 10n ** 18n;
