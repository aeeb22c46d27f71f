/**
 * A game as `play` needs it: the options of one component, the evaluation
 * of a whole position (outcome and winning moves, normal or misère), and
 * how states are written and read.
 */
import { saying } from '../errors.js';
import type { Exploration } from '../heap/explore.js';
import type { HeapMoves, ReckonedOptions } from '../heap/heap-kind.js';
import type { Pair } from './game.js';
import { heapPositionWork } from './heap-position.js';
import { heapArray } from './heap-list.js';
import { pairPositionWork, parsePair, type PairGame } from './pair-position.js';
import { drive, type DriveOptions } from '../driver.js';
import type { Move, PositionReport } from './position.js';
import { pairTheoremPosition, type BigPair, type PairTheorem } from './pair-theorem.js';
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
  /** Every option of a state (one whose options are few enough to list: play itself asks only the methods below). */
  options(state: S): readonly (readonly S[])[];
  /** How many options a state has (a huge heap's are reckoned, not listed). */
  optionCount(state: S): bigint;
  /** The i-th option of a state, in the order options() lists them (0 <= i < optionCount). */
  optionAt(state: S, i: bigint): readonly S[];
  /** The first `most` options of a state, in that order (a heap's by amount taken, so the least take comes first). */
  firstOptions(state: S, most: number): readonly (readonly S[])[];
  /** Whether `to` is an option of a state (in any order, empty heaps aside: as leftKey compares them). */
  isOption(state: S, to: readonly S[]): boolean;
  /** Heaps: whether some move takes `take` from a heap and splits what is left (a typed take must then say how). */
  splitsTaking?(state: S, take: bigint): boolean;
  /**
   * Run by the driver (`options`: progress, a stop): a large table takes a while, and a signal must not wait for it.
   * `needValues`: the nim-sum is wanted, not only the outcome, so a theorem that tells P-positions only will not do.
   */
  evaluate(position: readonly S[], misere: boolean, options?: DriveOptions, needValues?: boolean): Promise<PositionReport<S>>;
  show(state: S): string;
  key(state: S): string;
  parse(text: string): S;
  /** Tokens a move takes (heaps), null where a move is not a take. */
  take(from: S, to: readonly S[]): bigint | null;
  /** A component is empty: nothing more can happen in it (a heap of 0). */
  empty(state: S): boolean;
}

export function heapPlayable(moves: HeapMoves, exploration: Exploration): Playable<bigint> {
  // A heap taken away stays in its place as 0, so heaps keep their numbers through the game.
  const shown = (parts: readonly bigint[]): bigint[] => (parts.length ? [...parts] : [0n]);
  const reckoned = moves.reckoned ?? reckonedFromList(moves);
  const left = (to: readonly bigint[]) => to.filter((n) => n > 0n).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    noun: 'heap',
    heaps: true,
    splits: moves.splits,
    nim: moves.nim,
    options: (n) => moves.options(Number(n)).map((parts) => shown(parts.map(BigInt))),
    optionCount: (n) => reckoned.count(n),
    optionAt: (n, i) => shown(reckoned.at(n, i)),
    firstOptions: (n, most) => {
      const count = reckoned.count(n);
      return Array.from({ length: count < BigInt(most) ? Number(count) : most }, (_, i) => shown(reckoned.at(n, BigInt(i))));
    },
    isOption: (n, to) => reckoned.isOption(n, left(to)),
    splitsTaking: (n, take) => reckoned.splitsTaking(n, take),
    evaluate: (position, misere, options) => drive(heapPositionWork(exploration, moves, heapArray(position), misere), options),
    show: (n) => String(n),
    key: (n) => String(n),
    parse: (text) => parseCount(text, saying('error.play.aHeap')),
    take: (from, to) => from - to.reduce((a, b) => a + b, 0n),
    empty: (n) => n === 0n,
  };
}

/**
 * A game whose states are pairs; `noun` names a component ("pair", or "heap"
 * for a heap with memory). A one-component position in normal play is
 * evaluated by the kind's theorem where it has one (Wythoff's, Whinihan's),
 * with no table: a start of 9999:9999 needs none of its 10^8 cells.
 */
export function pairPlayable(pairs: PairGame, noun: string, theorem: PairTheorem | null = null): Playable<Pair> {
  const { game } = pairs;
  const byTheorem = (state: Pair): PositionReport<Pair> => {
    const report = pairTheoremPosition(theorem!, game.text, [BigInt(state[0]), BigInt(state[1])]);
    const small = (s: BigPair): Pair => [Number(s[0]), Number(s[1])];
    const { shape, rule, misere, nimSum, outcome, movesNotListed } = report;
    const components = report.components.map((c) => ({ ...c, state: small(c.state) }));
    const winningMoves = report.winningMoves.map((m) => ({ ...m, from: small(m.from), to: m.to.map(small) }));
    const big = (s: Pair): BigPair => [BigInt(s[0]), BigInt(s[1])];
    const describe = (move: Move<Pair>) => report.describe({ ...move, from: big(move.from), to: move.to.map(big) }, []);
    return { shape, rule, misere, nimSum, outcome, movesNotListed, components, winningMoves, show: game.show, describe };
  };
  return {
    noun,
    heaps: false,
    options: (s) => [...game.options(s)],
    ...listedOptions((s) => [...game.options(s)], (s) => game.key(s)),
    evaluate: (position, misere, options, needValues) =>
      theorem && position.length === 1 && !misere && !needValues ? Promise.resolve(byTheorem(position[0]!)) : drive(pairPositionWork(pairs, position, misere), options),
    show: game.show,
    key: game.key,
    parse: (text) => parsePair(text, 'a state', pairs.single),
    take: (from, to) => pairs.take(from, to[0]!),
    empty: (s) => [...game.options(s)].length === 0,
  };
}

/** A rule's listed options (heaps of at most 2^53) as ReckonedOptions: play's questions answered from the list. */
function reckonedFromList(moves: HeapMoves): ReckonedOptions {
  const listed = (n: bigint) => moves.options(Number(n)).map((parts) => parts.map(BigInt));
  const key = (parts: readonly bigint[]) => parts.filter((p) => p > 0n).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join('+');
  return {
    count: (n) => BigInt(listed(n).length),
    at: (n, i) => listed(n)[Number(i)]!,
    isOption: (n, parts) => listed(n).some((o) => key(o) === key(parts)),
    splitsTaking: (n, take) => listed(n).some((o) => o.length > 1 && n - o.reduce((a, b) => a + b, 0n) === take),
  };
}

/** The options of a state whose options are listed, answered from the list (compared as leftKey compares them). */
export function listedOptions<S>(options: (state: S) => readonly (readonly S[])[], key: (state: S) => string): Pick<Playable<S>, 'optionCount' | 'optionAt' | 'firstOptions' | 'isOption'> {
  const keyOf = (to: readonly S[]) => to.map(key).sort().join('+');
  return {
    optionCount: (s) => BigInt(options(s).length),
    optionAt: (s, i) => options(s)[Number(i)]!,
    firstOptions: (s, most) => options(s).slice(0, most),
    isOption: (s, to) => options(s).some((o) => keyOf(o) === keyOf(to)),
  };
}
