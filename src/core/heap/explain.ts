/**
 * Why a heap has its value: G(n) is the mex of its options' values, each
 * option the heaps a move leaves, worth the nim-sum (xor) of their values.
 * The options are the kind's own (HeapMoves.options), so a "why" shown in
 * the page or written by a test is the rule the tables were computed by.
 */
import { InputError, says, saying } from '../errors.js';
import { kindOf, type GameRule } from '../kinds/registry.js';
import { compareParts } from './heap-options.js';

/** One option of the heap: the heaps it leaves (none: the heap was taken whole) and its value. */
export interface ExplainedOption {
  readonly heaps: readonly number[];
  readonly value: number;
}

/** Why heap n has value G(n): its options, their values, and the mex of them. */
export interface Explanation {
  readonly n: number;
  /** The mex of the options' values: G(n). */
  readonly value: number;
  /** How many options heap n has (`options` may list only the first of them). */
  readonly count: number;
  /** The options in order (amount taken, then what is left), at most `limit` of them. */
  readonly options: readonly ExplainedOption[];
  /** The values the options reach, each once, in increasing order (the mex is the least one missing). */
  readonly reached: readonly number[];
}

/**
 * The options of heap n under a heap rule and their values, read from
 * `values` (an array holding G(0..n-1), or a function of the heap), and
 * their mex. A rule that is not a heap game, or whose options live
 * elsewhere (a rule module's sandbox), is refused by name.
 */
export function explainValue(rule: GameRule, n: number, values: ArrayLike<number> | ((m: number) => number), limit = Infinity): Explanation {
  const kind = kindOf(rule);
  const moves = kind.heap?.moves(rule);
  if (!moves || moves.optionsElsewhere) throw new InputError(says`${saying('error.explain.notHeap', { rule: kind.text(rule) })}`, { code: 'not-applicable', field: 'game', value: rule });
  if (!Number.isSafeInteger(n) || n < 0) throw new InputError(says`${saying('error.explain.heap', { heap: String(n) })}`, { code: 'bad-value', field: 'at', value: n });
  const valueOf = typeof values === 'function' ? values : (m: number) => values[m]!;
  if (typeof values !== 'function' && n > values.length) throw new InputError(says`${saying('error.explain.beyond', { heap: String(n), count: values.length })}`, { code: 'out-of-range', field: 'at', value: n });
  const options = moves
    .options(n)
    .map((heaps) => heaps.filter((m) => m > 0).sort((a, b) => a - b))
    .map((heaps) => ({ heaps, value: heaps.reduce((sum, m) => sum ^ valueOf(m), 0), take: n - heaps.reduce((sum, m) => sum + m, 0) }))
    .sort((a, b) => a.take - b.take || compareParts(a.heaps.map(BigInt), b.heaps.map(BigInt)));
  const reached = [...new Set(options.map((o) => o.value))].sort((a, b) => a - b);
  let value = 0;
  while (reached[value] === value) value++;
  return { n, value, count: options.length, options: options.slice(0, limit).map(({ heaps, value: v }) => ({ heaps, value: v })), reached };
}
