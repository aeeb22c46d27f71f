import type { KindExample, ShownExample } from '../kind.js';
import type { CappedHeapRule } from './rule.js';

/** Heaps with memory whose outcomes are published. */
export const EXAMPLES: readonly KindExample<CappedHeapRule>[] = [
  {
    request: { game: { rule: { kind: 'capped-heap', next: { kind: 'times', factor: 2 } } }, max: 15n },
    column: 'outcome',
    cells: 'P P P P N P N N P N N N N P N N',
    source: 'Whinihan (1963): in Fibonacci Nim a start heap is lost exactly when it is a Fibonacci number (and the empty heap)',
  },
];

/** Its games the web page offers as example links. */
export const SHOWCASE: readonly ShownExample[] = [
  { order: 80, word: 'preset', text: 'fibonacci-nim', max: 300, about: 'explore.example.fibonacci' },
];
