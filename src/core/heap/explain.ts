/**
 * Why a heap has its value: G(n) is the mex of its options' values, each
 * option the heaps a move leaves, worth the nim-sum (xor) of their values.
 * The options are the kind's own (HeapMoves.options), so a "why" shown in
 * the page or written by a test is the rule the tables were computed by.
 */
import { InputError, says, saying } from '../errors.js';
import { kindOf, type GameRule } from '../kinds/registry.js';
import { compareParts } from './heap-options.js';
import type { Exploration } from './explore.js';
import { formatCount } from '../numbers.js';

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
 * their mex. A rule that is not a heap game is refused by name; one whose
 * options live elsewhere (a rule module's sandbox) is explained from the
 * options its table `recordedIn` recorded, and refused, saying so, for a
 * heap they were not recorded for.
 */
export function explainValue(rule: GameRule, n: number, values: ArrayLike<number> | ((m: number) => number), limit = Infinity, recordedIn?: Exploration): Explanation {
  const kind = kindOf(rule);
  const moves = kind.heap?.moves(rule);
  if (!moves || (moves.optionsElsewhere && !(recordedIn?.optionTable && moves.optionsIn))) throw new InputError(says`${saying('error.explain.notHeap', { rule: kind.text(rule) })}`, { code: 'not-applicable', field: 'game', value: rule });
  if (!Number.isSafeInteger(n) || n < 0) throw new InputError(says`${saying('error.explain.heap', { heap: String(n) })}`, { code: 'bad-value', field: 'at', value: n });
  const valueOf = typeof values === 'function' ? values : (m: number) => values[m]!;
  if (typeof values !== 'function' && n > values.length) throw new InputError(says`${saying('error.explain.beyond', { heap: String(n), count: values.length })}`, { code: 'out-of-range', field: 'at', value: n });
  const given = moves.optionsElsewhere ? moves.optionsIn!(recordedIn!, n) : moves.options(n);
  if (!given) throw new InputError(says`${saying('error.explain.notRecorded', { heap: String(n), rule: kind.text(rule), upTo: String(recordedIn!.optionTable!.upTo) })}`, { code: 'not-applicable', field: 'at', value: n });
  const options = given
    .map((heaps) => heaps.filter((m) => m > 0).sort((a, b) => a - b))
    .map((heaps) => ({ heaps, value: heaps.reduce((sum, m) => sum ^ valueOf(m), 0), take: n - heaps.reduce((sum, m) => sum + m, 0) }))
    .sort((a, b) => a.take - b.take || compareParts(a.heaps.map(BigInt), b.heaps.map(BigInt)));
  const reached = [...new Set(options.map((o) => o.value))].sort((a, b) => a - b);
  let value = 0;
  while (reached[value] === value) value++;
  return { n, value, count: options.length, options: options.slice(0, limit).map(({ heaps, value: v }) => ({ heaps, value: v })), reached };
}

/** One value the options of a heap reach: how many options reach it, and the first of them (by amount taken). */
export interface ValueGroup {
  readonly value: number;
  readonly count: bigint;
  /** The heaps the first such option leaves, and the tokens it takes. */
  readonly witness: readonly bigint[];
  readonly take: bigint;
}

/**
 * Why heap n has value G(n), for a heap too large for its options to be
 * listed: the options grouped by value, each value with how many reach it
 * and one of them, and the mex. `every`: whether every value the options
 * reach is given (a proven period bounds them all); else only 0..G(n) were
 * looked for, which is all the mex needs.
 */
export interface GroupedExplanation {
  readonly n: bigint;
  readonly value: number;
  /** Options counted (every option, where `every`; else those of values 0..G(n)). */
  readonly count: bigint;
  readonly groups: readonly ValueGroup[];
  readonly reached: readonly number[];
  readonly every: boolean;
}

/** Values looked for at most (each a search of the heap's options by value, through the period). */
const MOST_VALUES_GROUPED = 1024;
/** Option checks the whole explanation may take (as one position's winning moves may). */
const GROUPED_CHECKS = 100_000_000;

/**
 * The options of heap n grouped by value, found by the kind's own search
 * for options of a value (HeapMoves.withValue: through the proven period
 * or theorem, at any size), so nothing is listed one option at a time.
 * Under a proven period without saltus every value is one of the table's,
 * so every xor of them lies below the next power of two past the largest,
 * and each is looked for; otherwise (a theorem) 0..G(n). Refused, saying
 * why, where the values grow past MOST_VALUES_GROUPED, or the kind cannot
 * search a heap of n.
 */
export function explainGrouped(x: Exploration, rule: GameRule, n: bigint): GroupedExplanation {
  const kind = kindOf(rule);
  const moves = kind.heap?.moves(rule);
  if (!moves || moves.optionsElsewhere) throw new InputError(says`${saying('error.explain.notHeap', { rule: kind.text(rule) })}`, { code: 'not-applicable', field: 'game', value: rule });
  if (n < 0n) throw new InputError(says`${saying('error.explain.heap', { heap: String(n) })}`, { code: 'bad-value', field: 'at', value: n });
  const value = x.valueAt(n);
  const p = x.pattern;
  const every = p.kind === 'periodic' && p.proof !== null;
  const bound = every ? 1n << BigInt(x.maxValue.toString(2).length) : value + 1n;
  if (bound > BigInt(MOST_VALUES_GROUPED)) throw new InputError(says`${saying('error.explain.tooManyValues', { heap: String(n), value: String(value), most: formatCount(MOST_VALUES_GROUPED) })}`, { code: 'too-large', field: 'at', value: n });
  const groups: ValueGroup[] = [];
  let budget = GROUPED_CHECKS;
  for (let v = 0n; v < bound; v++) {
    const found = moves.withValue(x, n, v, 1, budget);
    if ('notListed' in found) throw new InputError(says`${saying('error.explain.notGrouped', { heap: String(n), reason: found.notListed })}`, { code: 'too-large', field: 'at', value: n });
    budget -= found.work;
    const first = found.options[0];
    if (found.count > 0n && first) groups.push({ value: Number(v), count: found.count, witness: first.to, take: first.take });
  }
  const count = groups.reduce((sum, g) => sum + g.count, 0n);
  return { n, value: Number(value), count, groups, reached: groups.map((g) => g.value), every };
}
