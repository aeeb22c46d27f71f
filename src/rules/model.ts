/**
 * The rule model: what a move from a heap of n tokens may do. Every way of
 * describing a game (flags, presets, rule files, modules) ends up as a Rule,
 * and every other part of the program works from a Rule alone.
 */

/** Remove s tokens for some s in a finite set S of positive integers. */
export interface SubtractionRule {
  readonly kind: 'subtraction';
  /** Sorted ascending, distinct, all >= 1. */
  readonly moves: readonly number[];
}

/** Remove any positive number of tokens except those in a finite set E. */
export interface AllButRule {
  readonly kind: 'all-but';
  /** Sorted ascending, distinct, all >= 1; empty means Nim. */
  readonly excluded: readonly number[];
}

export type Rule = SubtractionRule | AllButRule;

/** A rule with the words a person gave it. */
export interface GameSpec {
  readonly rule: Rule;
  /** A short name (preset name, or the rule file's name). */
  readonly name?: string;
  readonly description?: string;
  /** The --max to use when none is given (from a rule file). */
  readonly defaultMax?: bigint;
}

function setText(values: readonly number[]): string {
  return `{${values.join(',')}}`;
}

/** The canonical text of a rule: stable, used in every output format. */
export function ruleText(rule: Rule): string {
  switch (rule.kind) {
    case 'subtraction':
      return `subtraction ${setText(rule.moves)}`;
    case 'all-but':
      return `all-but ${setText(rule.excluded)}`;
  }
}
