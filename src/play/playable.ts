/**
 * A game as `play` needs it: the options of one component, the evaluation
 * of a whole position (outcome and winning moves, normal or misère), and
 * how states are written and read.
 */
import type { Exploration } from '../core/heap/explore.js';
import { heapOptions } from '../core/kinds/heap-options.js';
import { isHeapRule, type CappedHeapRule, type GameRule, type Rule, type VectorRule } from '../core/rules/model.js';
import { memoryGame, vectorGame, type Pair } from '../core/kinds/game.js';
import { heapPositionWork } from '../core/positions/heap-position.js';
import { heapArray } from '../host/heap-list.js';
import { boardPositionWork, parsePair } from '../core/positions/pair-position.js';
import { drive, type DriveOptions } from '../core/driver.js';
import type { PositionReport } from '../core/positions/position.js';
import { parseCount } from '../core/numbers.js';

export interface Playable<S> {
  /** Heap games name components "heap"; others "component". */
  readonly noun: string;
  readonly heaps: boolean;
  options(state: S): readonly (readonly S[])[];
  /** Run by the driver (`options`: progress, a stop): a large table takes a while, and a signal must not wait for it. */
  evaluate(position: readonly S[], misere: boolean, options?: DriveOptions): Promise<PositionReport<S>>;
  show(state: S): string;
  key(state: S): string;
  parse(text: string): S;
  /** Tokens a move takes (heaps), null where a move is not a take. */
  take(from: S, to: readonly S[]): bigint | null;
  /** A component is empty: nothing more can happen in it (a heap of 0). */
  empty(state: S): boolean;
}

export function heapPlayable(rule: Rule, exploration: Exploration): Playable<bigint> {
  return {
    noun: 'heap',
    heaps: true,
    // A heap taken away stays in its place as 0, so heaps keep their numbers through the game.
    options: (n) => heapOptions(rule, Number(n)).map((parts) => (parts.length ? parts.map(BigInt) : [0n])),
    evaluate: (position, misere, options) => drive(heapPositionWork(exploration, rule, heapArray(position), misere), options),
    show: (n) => String(n),
    key: (n) => String(n),
    parse: (text) => parseCount(text, 'a heap'),
    take: (from, to) => from - to.reduce((a, b) => a + b, 0n),
    empty: (n) => n === 0n,
  };
}

export function boardPlayable(rule: VectorRule | CappedHeapRule): Playable<Pair> {
  const game = rule.kind === 'vectors' ? vectorGame(rule) : memoryGame(rule);
  return {
    noun: rule.kind === 'vectors' ? 'pair' : 'heap',
    heaps: false,
    options: (s) => [...game.options(s)],
    evaluate: (position, misere, options) => drive(boardPositionWork(rule, position, misere), options),
    show: game.show,
    key: game.key,
    parse: (text) => parsePair(text, 'a state'),
    take: (from, to) => (rule.kind === 'vectors' ? BigInt(from[0] - to[0]![0] + from[1] - to[0]![1]) : BigInt(from[0] - to[0]![0])),
    empty: (s) => [...game.options(s)].length === 0,
  };
}

export function isBoardRule(rule: GameRule): rule is VectorRule | CappedHeapRule {
  return !isHeapRule(rule);
}
