import type { MoveSequence } from '../../rules/sequences.js';
import { setText } from '../../rules/spec.js';

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

/** The subtraction games: a move takes some tokens from one heap and leaves the rest as one heap. */
export type TakeAwayRule = SubtractionRule | AllButRule | SequenceSubtractionRule;

export function takeAwayText(rule: TakeAwayRule): string {
  switch (rule.kind) {
    case 'subtraction':
      return `subtraction ${setText(rule.moves)}`;
    case 'all-but':
      return `all-but ${setText(rule.excluded)}`;
    case 'sequence-subtraction':
      return `subtraction {${rule.sequence}}`;
  }
}

/** Nim: nothing excluded, G(n) = n. */
export function isNim(rule: TakeAwayRule): boolean {
  return rule.kind === 'all-but' && rule.excluded.length === 0;
}
