/**
 * What a rule module with states of its own answers, as results the formats
 * write: the states of `states(max)` as a table (shape 'states'), or a
 * position (its states as components, `--position` or `start`) with its
 * nim-sum and every winning move.
 */
import type { Ground } from '../../laws/ground.js';
import type { StateAnswer } from './protocol.js';
import { compareMoves, type Move, type PositionReport } from '../../positions/position.js';
import { canonicalJson } from './state-search.js';
import { fieldValues, gridFields } from './state-fields.js';
import { recogniseCellLaw, type CellLaw } from '../../laws/cell-law.js';

/** A rule module's own states, each with its value. */
export interface StatesTable {
  readonly shape: 'states';
  readonly rule: string;
  readonly rows: readonly { readonly state: unknown; readonly grundy: number }[];
  /** The two whole-number fields of every state (rows, columns), when the states are exactly such pairs: the table is then a grid. */
  readonly grid: readonly [string, string] | null;
  /** With a grid: a law of parity or binary digits that says of every state tabulated whether it is a P-position (observed there). */
  readonly cellLaw: CellLaw | null;
}

/** A module's states are answered by a search of every state they reach. */
const SEARCHED: Ground = { kind: 'table', over: { key: 'ground.statesReached' } };

export function statesTable(rule: string, answers: readonly StateAnswer[]): StatesTable {
  const rows = answers.map((a) => ({ state: a.state, grundy: a.value }));
  const grid = gridFields(rows.map((r) => r.state));
  const at = (i: number) => fieldValues(rows[i]!.state, grid!);
  const cellLaw = grid && recogniseCellLaw({ count: rows.length, first: (i) => at(i)[0]!, second: (i) => at(i)[1]!, isP: (i) => rows[i]!.grundy === 0 }, grid);
  return { shape: 'states', rule, rows, grid, cellLaw };
}

export function statesPosition(rule: string, answers: readonly StateAnswer[]): PositionReport<unknown> {
  let nimSum = 0;
  for (const a of answers) nimSum ^= a.value;
  const moves: Move<unknown>[] = [];
  if (nimSum !== 0) {
    answers.forEach((a, i) => {
      for (const option of a.options) if (option.value === (a.value ^ nimSum)) moves.push({ component: i + 1, from: a.state, to: option.to, take: null });
    });
    moves.sort(compareMoves(canonicalJson));
  }
  return {
    shape: 'position',
    rule,
    misere: false,
    components: answers.map((a) => ({ state: a.state, grundy: BigInt(a.value), ground: SEARCHED })),
    nimSum: BigInt(nimSum),
    outcome: nimSum === 0 ? 'P' : 'N',
    winningMoves: moves,
    movesNotListed: null,
    show: canonicalJson,
    describe: (m) => `component ${m.component}: ${canonicalJson(m.from)} → ${m.to.length ? m.to.map(canonicalJson).join(' + ') : 'nothing'}`,
  };
}
