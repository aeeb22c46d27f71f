import type { Ground } from '../laws/ground.js';

/**
 * Positions: a sum of components, each a state of one game. Its value is the
 * xor (nim-sum) of the components' values; the first player wins exactly
 * when it is not 0, and a winning move changes one component into an option
 * whose value makes the nim-sum 0. Moves are listed in a canonical order:
 * component, then the amount taken, then what is left.
 */
export interface Move<S> {
  /** 1-based index of the component moved in (as people count heaps). */
  readonly component: number;
  readonly from: S;
  /** The states the component becomes (a sum; empty when nothing is left). */
  readonly to: readonly S[];
  /** Tokens taken, where the game has tokens (heaps; for two piles, from both). */
  readonly take: bigint | null;
}

/** One component of a position: its state, value (null where only the outcome is known) and ground. */
export interface Component<S> {
  readonly state: S;
  readonly grundy: bigint | null;
  /** What its value (or, where no value is known, its outcome) rests on. */
  readonly ground: Ground;
}

/** A component whose winning moves are more than a list holds: how many, and how many of them are listed. */
export interface CutHeap {
  readonly component: number;
  readonly count: bigint;
  readonly listed: number;
}

/** Winning moves listed at most: of a heap that has more, on its own; of the other heaps, together (the report counts them all where it can). */
export const WINNING_MOVES_LISTED = 10_000;

/** A position's answer: each component's value and ground, the nim-sum, the outcome, and the winning moves. */
export interface PositionReport<S> {
  readonly shape: 'position';
  readonly rule: string;
  readonly misere: boolean;
  /** The components; for a position read from standard input, only the first of them (see componentCount). */
  readonly components: readonly Component<S>[];
  /** How many components there are, when `components` holds only the first. */
  readonly componentCount?: number;
  /** Every component, a chunk at a time, when `components` holds only the first. */
  readonly allComponents?: () => AsyncIterable<readonly Component<S>[]>;
  /** How many winning moves there are, when more than `winningMoves` lists (WINNING_MOVES_LISTED at most). */
  readonly winningMoveCount?: bigint;
  /** Normal play: the xor of the values; misère: null (outcomes of sums are not values). */
  readonly nimSum: bigint | null;
  /** N: the player to move wins; P: the other one does; D: neither can force a win (play on a cycle goes on forever), and `winningMoves` are the moves that keep the draw. */
  readonly outcome: 'N' | 'P' | 'D';
  readonly winningMoves: readonly Move<S>[];
  /** Winning moves that could not be listed, and why (too many options to look through). */
  readonly movesNotListed: string | null;
  /**
   * Heaps (the first of them) with more winning moves than WINNING_MOVES_LISTED, each of which lists its first that many
   * on its own while the other heaps' moves share one list of that many; present only when the list holds more than that.
   */
  readonly cutHeaps?: readonly CutHeap[];
  /** The first component whose winning moves could not be looked through (those listed are the other components'), if any. */
  readonly unlistedComponent?: number;
  /** How a state is written (3, 3:5, {"edges":...}). */
  show(state: S): string;
  /** How a move reads ("take 4 from heap 3 → 3 6 5"). */
  describe(move: Move<S>, position: readonly S[]): string;
}

/** The canonical order of moves: component, amount taken, then what is left. */
export function compareMoves<S>(key: (s: S) => string): (a: Move<S>, b: Move<S>) => number {
  return (a, b) =>
    a.component - b.component ||
    (a.take !== null && b.take !== null ? (a.take < b.take ? -1 : a.take > b.take ? 1 : 0) : 0) ||
    (a.to.map(key).join(' ') < b.to.map(key).join(' ') ? -1 : a.to.map(key).join(' ') > b.to.map(key).join(' ') ? 1 : 0);
}

/** Moves a view shows of a heap whose moves are listed apart (more than a list holds), so the other heaps' moves are seen too. */
export const CUT_HEAP_SHOWN = 10;

/** The first `most` winning moves a view shows: of a heap listed apart (cutHeaps), at most CUT_HEAP_SHOWN. */
export function shownMoves<S>(p: PositionReport<S>, most: number): readonly Move<S>[] {
  if (!p.cutHeaps) return p.winningMoves.slice(0, most);
  const cut = new Set(p.cutHeaps.map((h) => h.component));
  const perHeap = new Map<number, number>();
  const shown = p.winningMoves.filter((move) => {
    const seen = perHeap.get(move.component) ?? 0;
    perHeap.set(move.component, seen + 1);
    return !cut.has(move.component) || seen < CUT_HEAP_SHOWN;
  });
  return shown.slice(0, most);
}
