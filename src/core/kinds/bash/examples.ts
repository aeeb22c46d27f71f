import type { KindExample } from '../kind.js';
import type { TakeUpToRule } from './rule.js';

/** Bash games with published values. */
export const EXAMPLES: readonly KindExample<TakeUpToRule>[] = [
  { request: { game: { rule: { kind: 'take-up-to', most: 2n } }, max: 8n }, cells: '0 1 2 0 1 2 0 1 2', source: 'Bachet: taking 1 or 2, G(n) = n mod 3 (OEIS A010872)' },
];
