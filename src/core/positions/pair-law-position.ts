/**
 * Two-pile positions past their table, by the law of the P-positions
 * observed over it (--use-observed): (a_k, b_k) with a_k < b_k from their
 * Beatty laws ⌊kα + β⌋ (k found by bisection, exactly, at any size), their
 * mirror images, and the diagonal's progression. Nothing here is proven:
 * every answer's ground is the law, observed up to the table's corner.
 */
import { beattyTerm, type BeattyLaw } from '../laws/beatty.js';
import type { PairLaw } from '../laws/pair-law.js';
import type { Ground } from '../laws/ground.js';
import type { PositionReport } from './position.js';
import { pTestReport, sortMoves, type BigPair } from './pair-theorem.js';
import type { LawMoves } from './pair-law-moves.js';
import type { CellLaw } from '../laws/cell-law.js';
import { compile, EvaluationError } from '../conjecture/evaluate.js';
import { parseExpression } from '../conjecture/expression.js';

/** Whether x is a_k for some k, and then b_k for that k equals y (a Beatty sequence of slope > 0 is found by bisection). */
function isLawPair(a: BeattyLaw, b: BeattyLaw, x: bigint, y: bigint): boolean {
  const term = (k: bigint) => beattyTerm(a.alpha, a.beta, k);
  let high = 1n;
  while (term(high) < x) high *= 2n;
  let low = 1n;
  while (low < high) {
    const middle = (low + high) / 2n;
    if (term(middle) < x) low = middle + 1n;
    else high = middle;
  }
  // A slope below 1 repeats terms: each k with a_k = x is tried.
  for (let k = low; term(k) === x; k++) if (beattyTerm(b.alpha, b.beta, k) === y) return true;
  return false;
}

/**
 * The law's test of a state: true for a P-position, false for an
 * N-position, null where the law says nothing (pairs x > y of a game whose
 * P-positions there are not the mirror images; a diagonal that is not a
 * progression or a cycle). Null as a whole when a_k or b_k follow no Beatty law.
 */
export function pairLawTest(law: PairLaw): ((state: BigPair) => boolean | null) | null {
  const { a, b, diagonal } = law;
  if (!a || !b || a.counterexample !== null || b.counterexample !== null) return null;
  const upTo = BigInt(law.upTo);
  const onDiagonal = (x: bigint): boolean | null => {
    if (diagonal.kind === 'list') {
      if (x <= upTo) return diagonal.list.includes(Number(x));
      // Past the table: the cycle the list was seen to follow (from <= upTo < x), or nothing said.
      const cycle = diagonal.cycle;
      return cycle ? cycle.residues.includes(Number(x % BigInt(cycle.period))) : null;
    }
    const [start, step, last] = [BigInt(diagonal.start), BigInt(diagonal.step), BigInt(diagonal.start + diagonal.step * (diagonal.count - 1))];
    // A progression that ends inside the table has no more terms; one that runs to its edge goes on.
    if (x > last && last + step <= upTo) return false;
    return x >= start && (x - start) % step === 0n;
  };
  return ([x, y]) => {
    if (x === y) return onDiagonal(x);
    if (x > y) return law.mirrored ? isLawPair(a, b, y, x) : law.notSymmetric === 0 ? false : null;
    return isLawPair(a, b, x, y);
  };
}

/** A law of parity or binary digits as a test of a state (null where its condition is not defined, as ctz(0)). */
export function cellLawTest(law: CellLaw): (state: BigPair) => boolean | null {
  const condition = compile(parseExpression(law.condition, { x: 'number', y: 'number' }));
  return ([x, y]) => {
    try {
      return condition({ x, y }) === true;
    } catch (error) {
      if (error instanceof EvaluationError) return null;
      throw error;
    }
  };
}

/**
 * One component past the table, by the law: its outcome (its value is 0 at
 * a P-position, else not known) and, given a search of the moves (the
 * game's moves as lines), every move to a cell the law calls P, or why
 * they cannot all be named.
 */
export function lawPosition(test: (state: BigPair) => boolean | null, state: BigPair, ground: Ground, rule: string, show: (state: BigPair) => string, moves: ((state: BigPair) => LawMoves) | null): PositionReport<BigPair> {
  if (test(state)) return pTestReport(rule, show, ground, [state], 'P');
  if (!moves) return pTestReport(rule, show, ground, [state], 'N', [], 'the law observed gives the P-positions only; the moves to them from a state past the table are not searched');
  const found = moves(state);
  if ('refused' in found) return pTestReport(rule, show, ground, [state], 'N', [], found.refused);
  const take = (to: BigPair) => state[0] - to[0] + state[1] - to[1];
  const listed = sortMoves(state, found.targets).map((to) => ({ component: 1, from: state, to: [to], take: take(to) }));
  return pTestReport(rule, show, ground, [state], 'N', listed);
}
