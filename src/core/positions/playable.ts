/**
 * A game as `play` needs it: the options of one component, the evaluation
 * of a whole position (outcome and winning moves, normal or misère), and
 * how states are written and read.
 */
import { saying } from '../errors.js';
import type { Exploration } from '../heap/explore.js';
import type { HeapMoves } from '../heap/heap-kind.js';
import type { Pair } from './game.js';
import { heapPositionWork } from './heap-position.js';
import { heapArray } from './heap-list.js';
import { pairPositionWork, parsePair, type PairGame } from './pair-position.js';
import { drive, type DriveOptions } from '../driver.js';
import type { PositionReport } from './position.js';
import { parseCount } from '../numbers.js';

/** A game as a position is played: its states, their options, how to show and read them. */
export interface Playable<S> {
  /** Heap games name components "heap"; others "component". */
  readonly noun: string;
  readonly heaps: boolean;
  /** A move may leave more than one heap (a split): play's help then shows how to write one. */
  readonly splits?: boolean;
  /** The game is Nim (its misère play has Bouton's rule, which a hint explains). */
  readonly nim?: boolean;
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

/** Heaps from here on are listed by HeapMoves.fewOptions where a rule has it (numbers past 2^31 stay exact). */
const FEW_OPTIONS_FROM = 2n ** 31n;

export function heapPlayable(moves: HeapMoves, exploration: Exploration): Playable<bigint> {
  return {
    noun: 'heap',
    heaps: true,
    splits: moves.splits,
    nim: moves.nim,
    // A heap taken away stays in its place as 0, so heaps keep their numbers through the game; past the heaps
    // options(n) may list (2^53), a rule with few options lists them in exact integers.
    options: (n) =>
      (moves.fewOptions && n > FEW_OPTIONS_FROM ? moves.fewOptions(n) : moves.options(Number(n)).map((parts) => parts.map(BigInt))).map((parts) => (parts.length ? parts : [0n])),
    evaluate: (position, misere, options) => drive(heapPositionWork(exploration, moves, heapArray(position), misere), options),
    show: (n) => String(n),
    key: (n) => String(n),
    parse: (text) => parseCount(text, saying('error.play.aHeap')),
    take: (from, to) => from - to.reduce((a, b) => a + b, 0n),
    empty: (n) => n === 0n,
  };
}

/** A game whose states are pairs; `noun` names a component ("pair", or "heap" for a heap with memory). */
export function pairPlayable(pairs: PairGame, noun: string): Playable<Pair> {
  const { game } = pairs;
  return {
    noun,
    heaps: false,
    options: (s) => [...game.options(s)],
    evaluate: (position, misere, options) => drive(pairPositionWork(pairs, position, misere), options),
    show: game.show,
    key: game.key,
    parse: (text) => parsePair(text, 'a state', pairs.single),
    take: (from, to) => pairs.take(from, to[0]!),
    empty: (s) => [...game.options(s)].length === 0,
  };
}
