/**
 * A position of one component of a pair game answered by a published
 * theorem at any size (Wythoff's piles, Fibonacci Nim's heap and cap, up
 * to 10^18 and beyond): who wins, and every winning move. The theorems
 * give the P-positions, not the values, so a sum of several components
 * still needs their table (see pair-position.ts).
 */
import type { Ground } from '../laws/ground.js';
import type { Move, PositionReport } from './position.js';
import type { Message } from '../i18n/index.js';

export type BigPair = readonly [bigint, bigint];

export interface PairTheorem {
  /** Author, year and what it says. */
  readonly theorem: Message;
  isP(state: BigPair): boolean;
  /** Every move to a P-position, in the canonical order (by amount taken, then what is left). */
  winningMoves(state: BigPair): readonly BigPair[];
  take(from: BigPair, to: BigPair): bigint;
  show(state: BigPair): string;
}

export function pairTheoremPosition(theorem: PairTheorem, rule: string, state: BigPair): PositionReport<BigPair> {
  const ground: Ground = { kind: 'theorem', theorem: theorem.theorem };
  const p = theorem.isP(state);
  const winningMoves: Move<BigPair>[] = p ? [] : theorem.winningMoves(state).map((to) => ({ component: 1, from: state, to: [to], take: theorem.take(state, to) }));
  return {
    shape: 'position',
    rule,
    misere: false,
    // The theorem names the P-positions: a value is known (0) only there.
    components: [{ state, grundy: p ? 0n : null, ground }],
    nimSum: p ? 0n : null,
    outcome: p ? 'P' : 'N',
    winningMoves,
    movesNotListed: null,
    show: theorem.show,
    describe: (move) => `move ${theorem.show(move.from)} to ${theorem.show(move.to[0]!)}${move.take !== null ? ` (take ${move.take})` : ''}`,
  };
}

/** Moves to `to` from `from` in the canonical order: fewer tokens taken first, then the smaller first pile left, then the smaller second. */
export function sortMoves(from: BigPair, to: readonly BigPair[]): BigPair[] {
  const taken = (s: BigPair) => from[0] - s[0] + from[1] - s[1];
  const order = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
  return [...to].sort((a, b) => order(taken(a), taken(b)) || order(a[0], b[0]) || order(a[1], b[1]));
}
