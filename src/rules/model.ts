/**
 * The rule model: what a move from a heap of n tokens may do. Every way of
 * describing a game (flags, presets, rule files, modules) ends up as a Rule,
 * and every other part of the program works from a Rule alone.
 */
import { codeText, isOctal, type TakeBreakCode } from './code.js';
import type { MoveSequence } from './sequences.js';

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

/** Remove s tokens for s in an infinite set given by a named sequence (squares, ...). */
export interface SequenceSubtractionRule {
  readonly kind: 'sequence-subtraction';
  readonly sequence: MoveSequence;
}

/** Take-and-break games: octal, hexadecimal, and splits such as Grundy's game (4!.0). */
export interface TakeBreakRule {
  readonly kind: 'take-and-break';
  readonly code: TakeBreakCode;
}

/** A rule written as code: a JS module exporting options(n). Runs in a worker. */
export interface CustomRule {
  readonly kind: 'custom';
  /** Absolute path of the module. */
  readonly module: string;
  /** The path as the user gave it (shown in reports). */
  readonly shown?: string;
}

export type Rule = SubtractionRule | AllButRule | SequenceSubtractionRule | TakeBreakRule | CustomRule;

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
    case 'sequence-subtraction':
      return `subtraction {${rule.sequence}}`;
    case 'take-and-break': {
      const family = rule.code.unequal.some(Boolean) ? 'take-and-break' : isOctal(rule.code) ? 'octal' : 'hexadecimal';
      return `${family} ${codeText(rule.code)}`;
    }
    case 'custom':
      return `custom ${rule.shown ?? rule.module}`;
  }
}
