/**
 * Families of rules a sweep walks through, each in one fixed order: the
 * family order. A rule's position in it (its index) decides its shard and
 * the order rows are written in, so every run of the same family, on any
 * machine and with any number of threads, agrees.
 */
import { InputError } from '../core/errors.js';
import { formatCount } from '../core/numbers.js';
import { ruleText, SWEEP_FAMILIES, type FamilyOfKinds, type Rule } from '../core/kinds/registry.js';
import type { SweepFamily } from '../core/kinds/sweep-family.js';

export type { Range } from '../core/kinds/sweep-family.js';

/**
 * A family a kind declares (its `sweepFamilies`), as data: its name in `kind`, then its parameters
 * (`{ kind: 'octal', digits: { from: 1, to: 3 }, prefix: 0 }`).
 */
export type NamedFamily = FamilyOfKinds;

/** Rules listed one by one (a --rules file), duplicates already removed; `lines`: the file's line of each. */
export interface ListFamily {
  readonly kind: 'list';
  readonly rules: readonly Rule[];
  readonly source: string;
  readonly lines?: readonly number[];
}

/** A family of rules to sweep: one a kind declares, or a list. */
export type Family = NamedFamily | ListFamily;

/** The families --family names, in the order --help gives them. */
export const FAMILY_NAMES: readonly string[] = SWEEP_FAMILIES.map((family) => family.name);

/** The family --family NAME names, if any. */
export function familyNamed(name: string): SweepFamily | undefined {
  return SWEEP_FAMILIES.find((family) => family.name === name);
}

/** The declaration of a family a kind declares (every such family's name is one of FAMILY_NAMES). */
function declared(family: NamedFamily): SweepFamily<NamedFamily> {
  const found = familyNamed(family.kind);
  if (!found) throw new RangeError(`no kind declares a sweep family named '${family.kind}'`);
  return found as SweepFamily<NamedFamily>;
}

/** The most rules one family may hold (indices must stay exact and the progress count meaningful). */
export const MAX_FAMILY_SIZE = 2 ** 40;

/** How many rules the family holds. */
export function familySize(family: Family): bigint {
  return family.kind === 'list' ? BigInt(family.rules.length) : declared(family).size(family);
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
  return family.kind === 'list' ? `the rules in ${family.source}` : declared(family).describe(family);
}

/**
 * The family a description names (describeFamily's words read back), or null
 * for a list or words it does not know: a results file records its family
 * in words, and --merge checks every row against the family named there.
 */
export function familyFromDescription(text: string): Family | null {
  for (const family of SWEEP_FAMILIES) {
    const found = family.fromDescription(text);
    if (found) return found as NamedFamily;
  }
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

/** The rules of a family, in family order. */
export function familyRules(family: Family): Generator<Rule> {
  return familyRulesFrom(family, 0);
}

/** The family's rules from index `start` on, found directly (a worker's share of a sweep starts there). */
export function* familyRulesFrom(family: Family, start: number): Generator<Rule> {
  if (family.kind !== 'list') return yield* declared(family).rulesFrom(family, start) as Generator<Rule>;
  for (let i = start; i < family.rules.length; i++) yield family.rules[i]!;
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
