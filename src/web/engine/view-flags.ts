/**
 * The flags the explore view takes besides the rule words, each with its role: the range, a rule file's text
 * (and its name), a position, and switches (flags that take no value: `--misere` is the pair ['misere', 'true']).
 * Free of imports, so that the page's own words (explore/words.ts) and the engine's request read the one table.
 */
export const VIEW_FLAGS = {
  max: 'range',
  limit: 'range',
  rows: 'range',
  at: 'range',
  rule: 'file',
  file: 'file',
  position: 'position',
  misere: 'switch',
} as const satisfies Readonly<Record<string, 'range' | 'file' | 'position' | 'switch'>>;

type Role = (typeof VIEW_FLAGS)[keyof typeof VIEW_FLAGS];
/** The view's flags of a role, in the table's order. */
const flagsOf = <R extends Role>(role: R) => (Object.keys(VIEW_FLAGS) as (keyof typeof VIEW_FLAGS)[]).filter((flag) => VIEW_FLAGS[flag] === role);

/** --max, --limit, --rows and --at (only these heaps). */
export const RANGE_FLAGS: readonly string[] = flagsOf('range');
/** The flags that take no value (a switch given is the pair [flag, 'true']). */
export const SWITCH_FLAGS: readonly string[] = flagsOf('switch');
