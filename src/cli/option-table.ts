/**
 * An option table whose entries say, besides their help text, which field of
 * the command they set, which flags they cannot go with and what they need:
 * the checks between flags are this data and one loop over it (refuseClashes),
 * not hand-written blocks in a parser.
 */
import { InputError, type Wording } from '../core/errors.js';
import type { OptionSpec } from './quick-parse.js';

/**
 * What a clash or a need can name: a flag of the table (given), a flag given one of some values,
 * or a fact of the command line that is not a flag (the parser says which hold: `play` for `sg-explore play`, ...).
 */
export type Fact<Flag extends string, Other extends string> = Flag | Other | { readonly flag: Flag; readonly is: readonly string[] };

/** What a message of the table is told: the flag refused, the flag or fact it is refused for, and the value of any flag. */
export interface Said {
  readonly flag: string;
  readonly other: string;
  readonly value: (flag: string) => string | undefined;
}

/** Flags (or facts) a flag cannot go with, in the order they are checked, and what is said when one is given with it. */
export interface Clash<Flag extends string, F extends string> {
  readonly with: readonly Fact<Flag, F>[];
  /** Words, so that a catalogue message is said in the reader's language (play's). */
  readonly message: (said: Said) => Wording;
}

/** What a flag needs (only when one of `when` holds, where given): one of `any`, or else the message (its `other` is the first of them). */
export interface Need<Flag extends string, F extends string> {
  readonly any: readonly Fact<Flag, F>[];
  readonly when?: readonly Fact<Flag, F>[];
  readonly message: (said: Said) => Wording;
}

/** The values a flag takes, as `Given.value` reads them, and what is said of another (checked before any need or clash). */
export interface Values {
  readonly is: readonly string[];
  readonly message: (said: Said) => Wording;
}

/** Flags of which exactly one is given (a command's sources), and what is said when none is, or more than one. */
export interface ExactlyOne<Flag extends string> {
  readonly exactlyOne: readonly Flag[];
  readonly none: () => Wording;
  readonly many: (given: readonly string[], flags: readonly string[]) => Wording;
}

/** One flag of a command: its help (OptionSpec), the command's field it sets, and its clashes and needs. */
export interface OptionEntry<Flag extends string, F extends string, Field extends string> extends OptionSpec {
  readonly field: Field;
  /**
   * Taken by `sg-explore duel` too, which passes it on to the game's parser (the layout, the answer, the game's own flags);
   * `listed`: with a line in duel's help.
   */
  readonly duel?: true | 'listed';
  /** Its place in `sg-explore play --help`, which lists the rule's flags and these (play takes the others too, or refuses them). */
  readonly playHelp?: number;
  readonly values?: Values;
  /** Checked before `conflicts`. */
  readonly needs?: readonly Need<Flag, F>[];
  readonly conflicts?: readonly Clash<Flag, F>[];
  /** Commands (facts) that take no such flag at all: checked after every need and clash of the table, which say more. */
  readonly refusedIn?: Clash<Flag, F>;
}

/**
 * A table typed against itself and a command type: every flag a clash or a need names is a flag of the
 * table (or a fact F), and every field is a field of the command (see `FieldsOf` for the other direction).
 */
export function optionEntries<Command, F extends string>() {
  return <const T extends { readonly [K in keyof T]: OptionEntry<keyof T & string, F, keyof Command & string> }>(table: T): T => table;
}

/** The command's fields the table's flags set. */
export type FieldsOf<T> = { [K in keyof T]: T[K] extends { readonly field: infer Field } ? Field : never }[keyof T];

/** What the parser knows of the command line: which flags (and facts) are given, and a flag's value as written. */
export interface Given {
  readonly has: (name: string) => boolean;
  readonly value: (flag: string) => string | undefined;
}

/** Whether a fact of a clash or a need holds. */
function holds(fact: Fact<string, string>, given: Given): boolean {
  if (typeof fact === 'string') return given.has(fact);
  const value = given.value(fact.flag);
  return value !== undefined && fact.is.includes(value);
}

const named = (fact: Fact<string, string>) => (typeof fact === 'string' ? fact : fact.flag);

/** The groups of a table whose flags cannot all be left out nor given together, typed against it. */
export function exactlyOneGroups<T>() {
  return <const G extends readonly ExactlyOne<keyof T & string>[]>(groups: G): G => groups;
}

/**
 * The one check of a table: its groups (exactly one of each given), then every given flag's values, then its
 * needs and clashes in the table's order (a flag's needs before its clashes), then the commands that take no
 * such flag: the first given flag that lacks what it needs, or has a flag it clashes with, is refused.
 */
export function refuseClashes(
  table: Readonly<Record<string, Pick<OptionEntry<string, string, string>, 'field' | 'values' | 'needs' | 'conflicts' | 'refusedIn'>>>,
  given: Given,
  groups: readonly ExactlyOne<string>[] = [],
): void {
  for (const group of groups) {
    const present = group.exactlyOne.filter((flag) => given.has(flag));
    if (present.length === 0) throw new InputError(group.none());
    if (present.length > 1) throw new InputError(group.many(present, group.exactlyOne));
  }
  for (const [flag, entry] of Object.entries(table)) {
    const value = entry.values && given.has(flag) ? given.value(flag) : undefined;
    if (entry.values && value !== undefined && !entry.values.is.includes(value)) throw new InputError(entry.values.message({ flag, other: flag, value: given.value }));
  }
  for (const [flag, entry] of Object.entries(table)) {
    if (!given.has(flag)) continue;
    const said = (other: string): Said => ({ flag, other, value: given.value });
    for (const need of entry.needs ?? []) {
      if (need.when && !need.when.some((fact) => holds(fact, given))) continue;
      if (!need.any.some((fact) => holds(fact, given))) throw new InputError(need.message(said(named(need.any[0]!))));
    }
    for (const clash of entry.conflicts ?? []) {
      const other = clash.with.find((fact) => holds(fact, given));
      if (other !== undefined) throw new InputError(clash.message(said(named(other))));
    }
  }
  for (const [flag, entry] of Object.entries(table)) {
    const command = entry.refusedIn && given.has(flag) ? entry.refusedIn.with.find((fact) => holds(fact, given)) : undefined;
    if (command !== undefined) throw new InputError(entry.refusedIn!.message({ flag, other: named(command), value: given.value }));
  }
}
