import { parseCode } from '../../rules/code.js';
import type { KindExample, ShownExample } from '../kind.js';
import type { TakeBreakRule } from './rule.js';

const code = (text: string): TakeBreakRule => ({ kind: 'take-and-break', code: parseCode(text) });

/** Take-and-break games whose values are published (Winning Ways ch. 4; OEIS). */
export const EXAMPLES: readonly KindExample<TakeBreakRule>[] = [
  { request: { game: { rule: code('0.77') }, max: 27n }, cells: '0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 4 1 2 8', source: 'Kayles, 0.77 (OEIS A002186)' },
  { request: { game: { rule: code('0.07') }, max: 20n }, cells: '0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3', source: "Dawson's Kayles, 0.07 (OEIS A002187)" },
  { request: { game: { rule: code('4!.0') }, max: 20n }, cells: '0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0', source: "Grundy's game, 4!.0 (OEIS A002188)" },
];

/** Its games the web page offers as example links. */
export const SHOWCASE: readonly ShownExample[] = [
  { order: 30, word: 'code', text: '0.77', about: 'explore.example.kayles' },
  { order: 40, word: 'code', text: '0.07', about: 'explore.example.dawson' },
  { order: 50, word: 'code', text: '4!.0', max: 2000, about: 'explore.example.grundy' },
];
