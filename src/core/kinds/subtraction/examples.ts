import type { KindExample, ShownExample } from '../kind.js';
import type { TakeAwayRule } from './rule.js';

/** Subtraction games with published values. */
export const EXAMPLES: readonly KindExample<TakeAwayRule>[] = [
  { request: { game: { rule: { kind: 'subtraction', moves: [1, 2, 3] } }, max: 11n }, cells: '0 1 2 3 0 1 2 3 0 1 2 3', source: 'Bachet: taking 1 to 3, G(n) = n mod 4 (OEIS A010873)' },
  { request: { game: { rule: { kind: 'all-but', excluded: [] } }, max: 9n }, cells: '0 1 2 3 4 5 6 7 8 9', source: 'Bouton (1901): Nim, G(n) = n (OEIS A001477)' },
  {
    request: { game: { rule: { kind: 'sequence-subtraction', sequence: 'squares' } }, max: 30n },
    cells: '0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 3 2 3 4 5 3',
    source: 'take a square (OEIS A014586)',
  },
];

/** Its games the web page offers as example links. */
export const SHOWCASE: readonly ShownExample[] = [
  { order: 10, word: 'moves', text: '1,2,3', max: 1000, about: 'explore.example.moves' },
  { order: 20, word: 'all-but', text: '2,3,7', about: 'explore.example.allBut' },
  { order: 60, word: 'preset', text: 'take-a-square', max: 2000, about: 'explore.example.squares' },
];
