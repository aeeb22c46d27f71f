/**
 * The sweep's families of subtraction games: every set of `size` moves from
 * 1..maxMove (`--family subtraction`), and every set of `size` excluded moves
 * (`--family all-but`; size 0 is Nim). Sets of one size come in
 * lexicographic order, the sizes ascending.
 */
import { MAX_MOVE } from '../../rules/sets.js';
import { blocksFrom, blocksSize, rangeOfText, rangeText, type Blocks, type FamilyFlag, type Range, type SweepFamily } from '../sweep-family.js';
import type { AllButRule, SubtractionRule } from './rule.js';

/** Sets of moves: how many in each (a range), and the largest move a set may hold. */
export interface SetFamily<Kind extends 'subtraction' | 'all-but'> {
  readonly kind: Kind;
  readonly size: Range;
  readonly maxMove: number;
}

export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  k = Math.min(k, n - k);
  let result = 1n;
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/** Every k-subset of 1..m in lexicographic order (each array is fresh). */
export function subsets(m: number, k: number): Generator<number[]> {
  return subsetsFrom(m, k, 0);
}

/**
 * The k-subsets of 1..m in lexicographic order from the one at `rank` on:
 * a worker starts its share of a family there without walking the sets before it.
 */
export function* subsetsFrom(m: number, k: number, rank: number): Generator<number[]> {
  if (k < 0 || k > m || rank >= Number(binomial(m, k))) return;
  const current = unrankSubset(m, k, rank);
  for (;;) {
    yield current.slice();
    let i = k - 1;
    while (i >= 0 && current[i] === m - k + i + 1) i--;
    if (i < 0) return;
    current[i]!++;
    for (let j = i + 1; j < k; j++) current[j] = current[j - 1]! + 1;
  }
}

/** The k-subset of 1..m at `rank` (0-based) in lexicographic order. */
function unrankSubset(m: number, k: number, rank: number): number[] {
  const set: number[] = [];
  let next = 1;
  for (let i = 0; i < k; i++) {
    // Sets whose i-th member is `next` number C(m - next, k - i - 1); skip whole blocks of them.
    for (;;) {
      const block = Number(binomial(m - next, k - i - 1));
      if (rank < block) break;
      rank -= block;
      next++;
    }
    set.push(next++);
  }
  return set;
}

/** The flags of both set families, in the order a missing one is asked for. */
const SET_FLAGS: readonly FamilyFlag[] = [
  { flag: 'size', meaning: 'how many moves in the set, e.g. 3 or 1-3', needed: { argument: 'K', words: 'how many moves in each set; or a range such as 1-3' } },
  { flag: 'max-move', meaning: 'the largest move a set may hold', needed: { argument: 'M', words: 'the largest move a set may hold' } },
];

/** A family of sets of moves: `least` the smallest size, `rule` what a set is, `words` how its results file names it. */
function setFamily<Kind extends 'subtraction' | 'all-but', R extends SubtractionRule | AllButRule>(
  name: Kind,
  order: number,
  least: number,
  rule: (set: number[]) => R,
  words: { readonly sets: string; readonly moves: string },
): SweepFamily<SetFamily<Kind>, R> {
  const blocks = (family: SetFamily<Kind>): Blocks<R> => ({
    range: family.size,
    count: (k) => binomial(family.maxMove, k),
    *rulesFrom(k, skip) {
      for (const set of subsetsFrom(family.maxMove, k, skip)) yield rule(set);
    },
  });
  const pattern = new RegExp(`^${words.sets} of size (\\d+)(?: to (\\d+))? with ${words.moves} up to (\\d+)$`);
  return {
    name,
    order,
    flags: SET_FLAGS,
    read(flags) {
      const maxMove = flags.count('max-move', 1, MAX_MOVE);
      return { kind: name, size: flags.range('size', least, maxMove), maxMove };
    },
    size: (family) => blocksSize(blocks(family)),
    rulesFrom: (family, start) => blocksFrom(blocks(family), start),
    describe: (family) => `${words.sets} of size ${rangeText(family.size)} with ${words.moves} up to ${family.maxMove}`,
    fromDescription(text) {
      const m = pattern.exec(text);
      return m ? { kind: name, size: rangeOfText(m[1]!, m[2]), maxMove: Number(m[3]) } : null;
    },
  };
}

/** Every set of `size` distinct moves from 1..maxMove. */
export const SUBTRACTION_FAMILY = setFamily('subtraction', 10, 1, (moves): SubtractionRule => ({ kind: 'subtraction', moves }), { sets: 'subtraction sets', moves: 'moves' });

/** Every set of `size` excluded moves from 1..maxMove (size 0 is Nim). */
export const ALL_BUT_FAMILY = setFamily('all-but', 30, 0, (excluded): AllButRule => ({ kind: 'all-but', excluded }), { sets: 'all-but sets', moves: 'excluded moves' });
