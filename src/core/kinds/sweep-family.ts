/**
 * A family of rules that `sg-explore sweep --family NAME` walks through, as
 * its kind declares it in its own folder: its name, the flags that describe
 * it (data the sweep's option table reads: --help, what it needs, the flags
 * of other families it refuses), how it enumerates its rules in one fixed
 * order (the family order: a rule's index decides its shard and its row's
 * place), and its words on a results file's first line, which --resume and
 * --merge read back. The sweep itself (src/sweep/family.ts) knows no family.
 */
import type { RuleBase } from '../rules/spec.js';

export interface Range {
  readonly from: number;
  readonly to: number;
}

/** One flag that describes a family (`--size`, `--digits`): what it means, and whether the family needs it. */
export interface FamilyFlag {
  readonly flag: string;
  /** What --help says of it, after the families that take it ("subtraction / all-but: ..."). */
  readonly meaning: string;
  /** Where the family cannot do without it: "--family F needs --FLAG <argument> (<words>)". */
  readonly needed?: { readonly argument: string; readonly words: string };
}

/**
 * How a front end reads a family's flags: it knows where their values are and
 * names them its own way in a refusal (the family names only the flag).
 */
export interface FamilyFlagReader {
  /** A whole number from least to most. */
  count(flag: string, least: number, most: number): number;
  /** A number or a range such as 1-3, each end from least to most. */
  range(flag: string, least: number, most: number): Range;
  /** One of `choices` as written (`fallback` when the flag is not given); `what` says what the value is, in a refusal. */
  choice(flag: string, choices: readonly string[], fallback: string, what: string): string;
}

/** A family as plain data (it crosses to worker threads): its name in `kind`, then its parameters. */
export interface FamilySpec {
  readonly kind: string;
}

/**
 * Rules of a family that provably have the same values, so that a sweep
 * computes each class once and copies the others' rows: rules with different
 * keys never share; within a key, `agree` decides from each rule's `evidence`
 * (computed once per rule).
 */
export interface ValueSharing<R extends RuleBase, E> {
  /** Families with more rules are not searched (the search runs before the sweep, and Ctrl-C must stop it within a second). */
  readonly mostRules: number;
  key(rule: R): string;
  evidence(rule: R): E;
  agree(a: R, aEvidence: E, b: R, bEvidence: E): boolean;
}

/** A family of rules of one kind (see the file's comment). */
export interface SweepFamily<F extends FamilySpec = FamilySpec, R extends RuleBase = RuleBase> {
  /** What --family names it: the family's `kind`. */
  readonly name: F['kind'];
  /** Where it comes in --help and in the list of families. */
  readonly order: number;
  /** Its flags, in the order --help lists them and a missing one is asked for. */
  readonly flags: readonly FamilyFlag[];
  /** Said when a flag of another family is given with this one ("octal codes take --digits"). */
  readonly otherFlags?: string;
  /** The family the flags describe (a refusal names the flag, in the reader's words). */
  read(flags: FamilyFlagReader): F;
  /** How many rules it holds. */
  size(family: F): bigint;
  /** Its rules from index `start` on, found directly (a worker's share of a sweep starts there). */
  rulesFrom(family: F, start: number): Generator<R>;
  /** The family in words: a results file's record, messages, the sweep map's title. */
  describe(family: F): string;
  /** The family `describe`'s words name, or null for other words. */
  fromDescription(text: string): F | null;
  /** Its rules that share their values, where it knows such. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each family has evidence of its own
  readonly sharing?: ValueSharing<R, any>;
}

/** "3" or "1 to 3": a range as a family's words give it. */
export function rangeText(range: Range): string {
  return range.from === range.to ? `${range.from}` : `${range.from} to ${range.to}`;
}

/** The range of rangeText's words, read back from a match: the first end, and the second where given. */
export function rangeOfText(from: string, to: string | undefined): Range {
  return { from: Number(from), to: Number(to ?? from) };
}

/** The rules of a family made of one block for each k of a range (the sets of size k, the codes of k digits), in that order. */
export interface Blocks<R> {
  readonly range: Range;
  /** How many rules block k holds. */
  count(k: number): bigint;
  /** Block k's rules from its `skip`-th on. */
  rulesFrom(k: number, skip: number): Iterable<R>;
}

/** How many rules the blocks hold. */
export function blocksSize(blocks: Blocks<unknown>): bigint {
  let total = 0n;
  for (let k = blocks.range.from; k <= blocks.range.to; k++) total += blocks.count(k);
  return total;
}

/** The blocks' rules from index `start` on: whole blocks before it are skipped by their counts. */
export function* blocksFrom<R>(blocks: Blocks<R>, start: number): Generator<R> {
  let skip = start;
  for (let k = blocks.range.from; k <= blocks.range.to; k++) {
    const count = Number(blocks.count(k));
    if (skip >= count) {
      skip -= count;
      continue;
    }
    yield* blocks.rulesFrom(k, skip);
    skip = 0;
  }
}
