/**
 * An option table whose entries say, besides their help text, which field of
 * the command they set, which flags they cannot go with and what they need:
 * the checks between flags are this data and one loop over it (refuseClashes),
 * not hand-written blocks in a parser.
 */
import { InputError } from '../core/errors.js';
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
  readonly message: (said: Said) => string;
}

/** What a flag needs (only when one of `when` holds, where given): one of `any`, or else the message (its `other` is the first of them). */
export interface Need<Flag extends string, F extends string> {
  readonly any: readonly Fact<Flag, F>[];
  readonly when?: readonly Fact<Flag, F>[];
  readonly message: (said: Said) => string;
}

/** One flag of a command: its help (OptionSpec), the command's field it sets, and its clashes and needs. */
export interface OptionEntry<Flag extends string, F extends string, Field extends string> extends OptionSpec {
  readonly field: Field;
  /** Taken by `sg-explore duel` too, which passes it on to the game's parser (the layout, the answer, the game's own flags). */
  readonly duel?: boolean;
  /** Checked before `conflicts`. */
  readonly needs?: readonly Need<Flag, F>[];
  readonly conflicts?: readonly Clash<Flag, F>[];
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

/**
 * The one check of a table's needs and clashes, in the table's order (a flag's needs before its
 * clashes): the first given flag that lacks what it needs, or has a flag it clashes with, is refused.
 */
export function refuseClashes(table: Readonly<Record<string, Pick<OptionEntry<string, string, string>, 'field' | 'needs' | 'conflicts'>>>, given: Given): void {
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
}
