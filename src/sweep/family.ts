/**
 * Families of rules a sweep walks through, each in one fixed order: the
 * family order. A rule's position in it (its index) decides its shard and
 * the order rows are written in, so every run of the same family, on any
 * machine and with any number of threads, agrees.
 */
import { InputError } from '../core/errors.js';
import { formatCount } from '../core/numbers.js';
import { ruleText, type Rule } from '../core/kinds/registry.js';

export interface Range {
  readonly from: number;
  readonly to: number;
}

/** A family of rules to sweep: subtraction sets, all-but sets or octal codes of given sizes. */
export type Family =
  /** Every set of `size` distinct moves from 1..maxMove (each set once, ascending). */
  | { readonly kind: 'subtraction'; readonly size: Range; readonly maxMove: number }
  /** Every set of `size` excluded moves from 1..maxMove (size 0 is Nim). */
  | { readonly kind: 'all-but'; readonly size: Range; readonly maxMove: number }
  /** Every octal code p.d1..dD with D in `digits` and dD non-zero (p = prefix, 0 or 4). */
  | { readonly kind: 'octal'; readonly digits: Range; readonly prefix: number }
  /** Rules listed one by one (a --rules file), duplicates already removed; `lines`: the file's line of each. */
  | { readonly kind: 'list'; readonly rules: readonly Rule[]; readonly source: string; readonly lines?: readonly number[] };

type NamedFamily = Exclude<Family['kind'], 'list'>;
/** Each family --family names (a list is a --rules file): a record, so that a family added to the type does not compile without it. */
const NAMED_FAMILIES: Readonly<Record<NamedFamily, true>> = { subtraction: true, octal: true, 'all-but': true };
/** The families --family names, in the order --help gives them. */
export const FAMILY_NAMES = Object.keys(NAMED_FAMILIES) as readonly NamedFamily[];

/** The most rules one family may hold (indices must stay exact and the progress count meaningful). */
export const MAX_FAMILY_SIZE = 2 ** 40;

export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  k = Math.min(k, n - k);
  let result = 1n;
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/** How many rules the family holds. */
export function familySize(family: Family): bigint {
  switch (family.kind) {
    case 'subtraction':
    case 'all-but': {
      let total = 0n;
      for (let k = family.size.from; k <= family.size.to; k++) total += binomial(family.maxMove, k);
      return total;
    }
    case 'octal': {
      let total = 0n;
      for (let d = family.digits.from; d <= family.digits.to; d++) total += 7n * 8n ** BigInt(d - 1);
      return total;
    }
    case 'list':
      return BigInt(family.rules.length);
  }
}

/** Refuse families that are empty or too large to sweep; returns the size as a number. */
export function checkedFamilySize(family: Family): number {
  const size = familySize(family);
  if (size === 0n) throw new InputError(`the family is empty: ${describeFamily(family)}`);
  if (size > BigInt(MAX_FAMILY_SIZE)) {
    throw new InputError(`the family holds ${formatCount(size)} rules, more than the ${formatCount(MAX_FAMILY_SIZE)} a sweep takes: ${describeFamily(family)}`);
  }
  return Number(size);
}

export function describeFamily(family: Family): string {
  const range = (r: Range) => (r.from === r.to ? `${r.from}` : `${r.from} to ${r.to}`);
  switch (family.kind) {
    case 'subtraction':
      return `subtraction sets of size ${range(family.size)} with moves up to ${family.maxMove}`;
    case 'all-but':
      return `all-but sets of size ${range(family.size)} with excluded moves up to ${family.maxMove}`;
    case 'octal':
      return `octal codes ${family.prefix}.d1..dD with D = ${range(family.digits)} digits`;
    case 'list':
      return `the rules in ${family.source}`;
  }
}

/**
 * The family a description names (describeFamily's words read back), or null
 * for a list or words it does not know: a results file records its family
 * in words, and --merge checks every row against the family named there.
 */
export function familyFromDescription(text: string): Family | null {
  const range = (from: string, to: string | undefined): Range => ({ from: Number(from), to: Number(to ?? from) });
  let m = /^(subtraction|all-but) sets of size (\d+)(?: to (\d+))? with (?:excluded )?moves up to (\d+)$/.exec(text);
  if (m) {
    const size = range(m[2]!, m[3]);
    return m[1] === 'subtraction' ? { kind: 'subtraction', size, maxMove: Number(m[4]) } : { kind: 'all-but', size, maxMove: Number(m[4]) };
  }
  m = /^octal codes ([04])\.d1\.\.dD with D = (\d+)(?: to (\d+))? digits$/.exec(text);
  if (m) return { kind: 'octal', digits: range(m[2]!, m[3]), prefix: Number(m[1]) };
  return null;
}

/**
 * The canonical text of a family's rule at an index, for checking rows
 * against their family: walking on from the last index asked costs a step,
 * a jump back or far ahead starts the walk again there.
 */
export class FamilyCursor {
  private walk: Generator<Rule> | null = null;
  /** The index the walk's next rule has. */
  private nextIndex = 0;
  private readonly size: number;
  private last: { index: number; text: string } | null = null;

  constructor(private readonly family: Family) {
    this.size = Number(familySize(family));
  }

  /** The rule at `index` (canonical text), or null when the family has no such index. */
  textAt(index: number): string | null {
    if (!Number.isInteger(index) || index < 0 || index >= this.size) return null;
    if (this.last?.index === index) return this.last.text;
    if (!this.walk || index < this.nextIndex || index > this.nextIndex + 64) {
      this.walk = familyRulesFrom(this.family, index);
      this.nextIndex = index;
    }
    let rule: Rule | undefined;
    while (this.nextIndex <= index) {
      rule = this.walk.next().value as Rule | undefined;
      this.nextIndex++;
    }
    this.last = { index, text: ruleText(rule!) };
    return this.last.text;
  }
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

/** Octal digit strings d1..dD (each 0-7, dD non-zero), in lexicographic order, from the one at `rank` on (7 last digits for each head d1..dD-1). */
export function* octalDigitStringsFrom(digits: number, rank: number): Generator<number[]> {
  const head = 8 ** (digits - 1);
  for (let x = Math.floor(rank / 7), first = (rank % 7) + 1; x < head; x++, first = 1) {
    const prefix: number[] = [];
    for (let i = digits - 2, rest = x; i >= 0; i--) prefix[i] = rest % 8, (rest = Math.floor(rest / 8));
    for (let last = first; last <= 7; last++) yield [...prefix, last];
  }
}

/** The rules of a family, in family order. */
export function familyRules(family: Family): Generator<Rule> {
  return familyRulesFrom(family, 0);
}

/** The family's rules from index `start` on, found directly (a worker's share of a sweep starts there). */
export function* familyRulesFrom(family: Family, start: number): Generator<Rule> {
  let skip = start;
  switch (family.kind) {
    case 'subtraction':
    case 'all-but':
      for (let k = family.size.from; k <= family.size.to; k++) {
        const count = Number(binomial(family.maxMove, k));
        if (skip >= count) {
          skip -= count;
          continue;
        }
        for (const set of subsetsFrom(family.maxMove, k, skip)) yield family.kind === 'subtraction' ? { kind: 'subtraction', moves: set } : { kind: 'all-but', excluded: set };
        skip = 0;
      }
      return;
    case 'octal':
      for (let d = family.digits.from; d <= family.digits.to; d++) {
        const count = 7 * 8 ** (d - 1);
        if (skip >= count) {
          skip -= count;
          continue;
        }
        for (const tail of octalDigitStringsFrom(d, skip)) {
          const digits = [family.prefix, ...tail];
          yield { kind: 'take-and-break', code: { digits, unequal: digits.map(() => false) } };
        }
        skip = 0;
      }
      return;
    case 'list':
      for (let i = start; i < family.rules.length; i++) yield family.rules[i]!;
  }
}

export interface Shard {
  /** 1-based. */
  readonly index: number;
  readonly count: number;
}

/** A rule with its family index and canonical text. */
export interface IndexedRule {
  readonly index: number;
  readonly rule: Rule;
  readonly text: string;
}

/**
 * The family's rules with their indices, keeping those of one shard
 * (index mod n = i - 1) and leaving out those `skip` says are done.
 */
export function* indexedRules(family: Family, shard?: Shard, skip?: (index: number) => boolean): Generator<IndexedRule> {
  let index = 0;
  for (const rule of familyRules(family)) {
    const i = index++;
    if (!inShard(i, shard) || skip?.(i)) continue;
    yield { index: i, rule, text: ruleText(rule) };
  }
}

/** Whether the rule at `index` is in the shard (every rule is, without one). */
export function inShard(index: number, shard: Shard | null | undefined): boolean {
  return !shard || index % shard.count === shard.index - 1;
}

/** A rule's place among its shard's rules (0-based), and back: the positions a resumed sweep marks done. */
export function positionInShard(index: number, shard: Shard | null | undefined): number {
  return shard ? (index - (shard.index - 1)) / shard.count : index;
}

export function indexInShard(position: number, shard: Shard | null | undefined): number {
  return shard ? position * shard.count + shard.index - 1 : position;
}

/** How many of `total` rules fall in a shard. */
export function shardSize(total: number, shard?: Shard | null): number {
  if (!shard) return total;
  const i = shard.index - 1;
  return i < total ? Math.floor((total - 1 - i) / shard.count) + 1 : 0;
}
