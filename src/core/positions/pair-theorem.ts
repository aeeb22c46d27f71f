/**
 * A position of one component of a pair game answered by a published
 * theorem at any size (Wythoff's piles, Fibonacci Nim's heap and cap, up
 * to 10^18 and beyond): who wins, and every winning move. The theorems
 * give the P-positions, not the values, so a sum of several components
 * needs their table (see pair-position.ts), or, past it, every part a
 * P-position (value 0).
 */
import type { Ground } from '../laws/ground.js';
import type { Move, PositionReport } from './position.js';
import type { Message } from '../i18n/index.js';
import { InputError, says, saying } from '../errors.js';

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
  const p = theorem.isP(state);
  const winningMoves: Move<BigPair>[] = p ? [] : theorem.winningMoves(state).map((to) => ({ component: 1, from: state, to: [to], take: theorem.take(state, to) }));
  return pTestReport(rule, theorem.show, { kind: 'theorem', theorem: theorem.theorem }, [state], p ? 'P' : 'N', winningMoves);
}

/**
 * A position whose components are known only as P- or N-positions (by a
 * theorem, or a law): a value is known (0) only at a P-position, so a sum
 * is answered only when every part is one (then it is a P-position).
 */
export function pTestReport(rule: string, show: (state: BigPair) => string, ground: Ground, states: readonly BigPair[], outcome: 'P' | 'N', winningMoves: Move<BigPair>[] = [], movesNotListed: string | null = null): PositionReport<BigPair> {
  const p = outcome === 'P';
  return {
    shape: 'position',
    rule,
    misere: false,
    components: states.map((state) => ({ state, grundy: p ? 0n : null, ground })),
    nimSum: p ? 0n : null,
    outcome,
    winningMoves,
    movesNotListed,
    show,
    describe: (move) => `move ${show(move.from)} to ${show(move.to[0]!)}${move.take !== null ? ` (take ${move.take})` : ''}`,
  };
}

/** Moves to `to` from `from` in the canonical order: fewer tokens taken first, then the smaller first pile left, then the smaller second. */
export function sortMoves(from: BigPair, to: readonly BigPair[]): BigPair[] {
  const taken = (s: BigPair) => from[0] - s[0] + from[1] - s[1];
  const order = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
  return [...to].sort((a, b) => order(taken(a), taken(b)) || order(a[0], b[0]) || order(a[1], b[1]));
}

/** Refusals of a table that is too large to make (a theorem or a law may answer instead). */
const TOO_LARGE = new Set(['too-large', 'out-of-range', 'out-of-memory']);

/** A position by its table (`byTable`) where that can be made; else by `past`, given the table's refusal. */
export function* pastTable<Y, R>(byTable: () => Generator<Y, R, void>, past: (refusal: InputError) => R): Generator<Y, R, void> {
  try {
    return yield* byTable();
  } catch (error) {
    if (!(error instanceof InputError && TOO_LARGE.has(error.code))) throw error;
    return past(error);
  }
}

/**
 * A sum of P-positions by a test that knows them past the table (a theorem;
 * a law observed, with --use-observed): each has value 0, so the sum is a
 * P-position. A part the test calls an N-position has no value known there:
 * the sum is refused, naming it. Null when the test does not say of a part.
 */
export function pSumPosition(test: { isP(state: BigPair): boolean | null; show(state: BigPair): string }, ground: Ground, rule: string, states: readonly BigPair[], refusal: InputError): PositionReport<BigPair> {
  const n = states.findIndex((state) => test.isP(state) !== true);
  if (n >= 0) {
    if (test.isP(states[n]!) === null) throw refusal;
    // The table's refusal, then why no theorem or law takes its place.
    throw new InputError(says`${refusal.words}; ${saying('error.pairs.sumValue', { index: n + 1, state: test.show(states[n]!) })}`, { code: refusal.code, field: refusal.field, value: refusal.value });
  }
  return pTestReport(rule, test.show, ground, states, 'P');
}
