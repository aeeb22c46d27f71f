import type { KindExample } from '../kind.js';
import type { GraphRule } from './rule.js';

/** Small graphs whose values are counted by hand (the mex, and Smith's ∞ for a cycle with no way out). */
export const EXAMPLES: readonly KindExample<GraphRule>[] = [
  { request: { game: { rule: { kind: 'graph', text: 'a b\nb c\na c\nc d\n' } } }, cells: '2 0 1 0', source: 'by hand: d has no move (0), c -> d (1), b -> c (0), a -> b, c (mex of 0, 1: 2)' },
  { request: { game: { rule: { kind: 'graph', text: 'a b\nb a\n' } } }, column: 'outcome', cells: 'D D', source: 'Smith (1966): a token on a cycle with no way out is a draw' },
];
