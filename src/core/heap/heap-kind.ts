/**
 * What the shared one-heap machinery (the explorer, positions, misère
 * tables, sweeps, play) asks of a kind whose states are heaps: its moves and
 * its solver. A kind that has them offers `heap` (see GameKind); the
 * machinery never asks which kind it is.
 */
import type { Exploration } from './explore.js';
import type { Solver } from './solver.js';
import type { OptionsWithValue } from './heap-options.js';
import type { Message } from '../i18n/index.js';
import type { OptionTable } from './option-table.js';

/** The moves of one heap rule, as positions and misère play need them. */
export interface HeapMoves {
  /** Canonical text of the rule. */
  readonly text: string;
  /** Every option of heap n: the heaps each move leaves. */
  options(n: number): number[][];
  /** Heap n's options at any size, reckoned rather than listed (play on heaps past those it can list); absent where only options() knows them. */
  readonly reckoned?: ReckonedOptions;
  /** Where the options live when they are not known here (a rule module: its options live in the module), as a message: options() then throws. */
  readonly optionsElsewhere?: Message;
  /** Heap n's options as the table `x` recorded them, where options() cannot list them (optionsElsewhere); null: not recorded for heap n. */
  optionsIn?(x: Exploration, n: number): number[][] | null;
  /** Whether a move may leave more than one heap (a misère search then goes over multisets of heaps). */
  readonly splits: boolean;
  /** Nim (G(n) = n): Bouton's rules answer normal and misère sums at once. */
  readonly nim: boolean;
  /** The moves as data a written program enumerates (--emit --program), on heaps up to `largest` (null: any size); absent or null where they are not data here (a rule module's without its recorded table `x.optionTable`). */
  asData?(largest: bigint | null, x?: Exploration): HeapMovesData | null;
  /** The options of heap n whose value is `target`: at most `limit` listed, within `budget` option checks. */
  withValue(x: Exploration, n: bigint, target: bigint, limit: number, budget: number): OptionsWithValue;
  /** The misère outcomes of heaps 0..max faster than by their options (a generator yielding a heap at a time). */
  misereOutcomes?(max: number): Generator<void, Uint8Array, void>;
  /** A window that proves a period of the misère outcomes as of the values (the largest move of a finite set). */
  readonly window?: number;
}

/**
 * A heap rule's moves as data, for a program that lists winning moves
 * (--emit --program): amounts taken from one heap (ascending, a finite
 * set); a take-and-break code (its digits, the unequal marks, how many of
 * the last digits repeat); every amount but those excluded; or a proper divisor.
 */
export type HeapMovesData =
  | { readonly kind: 'takes'; readonly takes: readonly number[] }
  | { readonly kind: 'code'; readonly digits: readonly number[]; readonly unequal: readonly boolean[]; readonly repeat: number }
  | { readonly kind: 'all-but'; readonly excluded: readonly number[] }
  /** Take a proper divisor d of n (d | n, d < n): the program finds them by trial division. */
  | { readonly kind: 'divisors' }
  /** The options of heaps 0..table.upTo as a table (a rule module's, recorded while its values were computed): a larger heap's are not known. */
  | { readonly kind: 'table'; readonly table: OptionTable };

/**
 * The options of a heap counted, picked and checked in exact integers, in the
 * order options() lists them (by the amount taken, so the least take comes
 * first): a heap of 10^15 has too many to list, and play needs only these.
 */
export interface ReckonedOptions {
  /** The largest heap reckoned (absent: any size). */
  readonly upTo?: bigint;
  /** How many options heap n has. */
  count(n: bigint): bigint;
  /** The i-th option of heap n (0 <= i < count(n)), as options() would list it. */
  at(n: bigint, i: bigint): bigint[];
  /** Whether leaving `parts` (ascending, no empty heap) is a move from heap n. */
  isOption(n: bigint, parts: readonly bigint[]): boolean;
  /** Whether some move takes `take` from heap n and splits what is left. */
  splitsTaking(n: bigint, take: bigint): boolean;
}

export interface HeapKind<R> {
  moves(rule: R): HeapMoves;
  /** The kernels and the theorem; absent where values come from elsewhere (a module's sandbox) or from the kind's theorem alone (GameKind.theorem). */
  solver?(rule: R, threads: number): Solver;
  /**
   * How far a sweep computes one rule when no --limit is given, by class of
   * rule (a results file records them all, in words); absent: not swept.
   */
  readonly sweep?: {
    /** Each class's limit, and where it comes in the words a results file records. */
    readonly limits: Readonly<Record<string, { readonly limit: number; readonly order: number }>>;
    classOf(rule: R): string;
  };
}
