/**
 * A heap with memory: the state is (heap, cap), a move takes t with
 * 1 <= t <= min(cap, heap), and the next cap is factor·t (Fibonacci Nim:
 * factor 2) or t + add. A start heap of n allows the first move 1..n-1
 * (Whinihan's rule), so the start state is (n, n - 1).
 */
export interface CappedHeapRule {
  readonly kind: 'capped-heap';
  readonly next: { readonly kind: 'times'; readonly factor: number } | { readonly kind: 'plus'; readonly add: number };
}

export function cappedHeapText(rule: CappedHeapRule): string {
  return rule.next.kind === 'times' ? `capped-heap next<=${rule.next.factor}t` : `capped-heap next<=t+${rule.next.add}`;
}
