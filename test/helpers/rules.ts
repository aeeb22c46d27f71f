import { kindOf, type GameRule, type Rule } from '../../src/core/kinds/registry.js';

export const subtraction = (moves: readonly number[]): Rule => ({ kind: 'subtraction', moves: [...moves].sort((a, b) => a - b) });
export const allBut = (excluded: readonly number[]): Rule => ({ kind: 'all-but', excluded: [...excluded].sort((a, b) => a - b) });
export const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Values 0..count-1 of any numeric array-like, as a plain array (for toEqual). */
export const list = (values: ArrayLike<number>, count = values.length): number[] => Array.from({ length: count }, (_, i) => values[i]!);

/** G(n) for 0 <= n < count, read one by one through an exploration's valueAt (bigint API). */
export function valuesAt(x: { valueAt(n: bigint): bigint }, count: number): number[] {
  return Array.from({ length: count }, (_, n) => Number(x.valueAt(BigInt(n))));
}

/** A heap rule's moves, as positions and misère tables take them. */
export const movesOf = (rule: GameRule) => kindOf(rule).heap!.moves(rule);
