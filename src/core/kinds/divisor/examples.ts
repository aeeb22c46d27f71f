import type { KindExample } from '../kind.js';
import type { ProperDivisorRule } from './rule.js';

/** The divisor game: G(n) is the exponent of 2 in n. */
export const EXAMPLES: readonly KindExample<ProperDivisorRule>[] = [
  { request: { game: { rule: { kind: 'proper-divisor' } }, max: 16n }, cells: '0 0 1 0 2 0 1 0 3 0 1 0 2 0 1 0 4', source: 'the exponent of 2 in n (OEIS A007814), and G(0) = 0' },
];
