import type { KindExample, ShownExample } from '../kind.js';
import type { VectorRule } from './rule.js';

const vectors = (...pairs: (readonly [number, number])[]): VectorRule => ({ kind: 'vectors', vectors: pairs.map(([dx, dy]) => ({ dx, dy, cap: null })) });

/** Two-pile games with published values, the CSV's rows in order (x, then y). */
export const EXAMPLES: readonly KindExample<VectorRule>[] = [
  {
    request: { game: { rule: vectors([1, 0], [0, 1], [1, 1]) }, max: 3n },
    cells: '0 1 2 3 1 2 0 4 2 0 1 5 3 4 5 6',
    source: "Wythoff's game: its Grundy values (OEIS A004481, read by antidiagonals)",
  },
  { request: { game: { rule: vectors([1, 0], [0, 1]) }, max: 3n }, cells: '0 1 2 3 1 0 3 2 2 3 0 1 3 2 1 0', source: 'Bouton (1901): two Nim heaps, G(x, y) = x xor y' },
];

/** Its games the web page offers as example links. */
export const SHOWCASE: readonly ShownExample[] = [
  { order: 70, word: 'preset', text: 'wythoff', max: 60, about: 'explore.example.wythoff' },
];
