/**
 * Each shape of result in words ("a position"), the one list: a refusal that
 * names a shape (a format that cannot write it, a --check that has no table
 * to check) says it this way. A kind's own shapes are named by the kind
 * (`shapeWords` in its GameKind).
 */
import { KINDS } from './kinds/registry.js';

const BUILT_IN: Readonly<Record<string, string>> = {
  heap: 'a one-heap table',
  grid: 'a two-pile table',
  memory: 'a table of start positions',
  position: 'a position',
  misere: 'a misère table',
  genus: 'a genus table',
  quotient: 'a misère quotient',
  states: "a module's table of states",
  check: 'a conjecture check',
  presets: 'the list of presets',
};

/** The words for a shape, or undefined for a shape no one has named. */
export function shapeWords(shape: string): string | undefined {
  if (Object.hasOwn(BUILT_IN, shape)) return BUILT_IN[shape];
  for (const kind of KINDS) if (kind.shapeWords && Object.hasOwn(kind.shapeWords, shape)) return kind.shapeWords[shape];
  return undefined;
}

/** Every shape with words: the built-in ones, then the kinds' own. */
export function namedShapes(): string[] {
  return [...Object.keys(BUILT_IN), ...KINDS.flatMap((kind) => Object.keys(kind.shapeWords ?? {}))];
}
