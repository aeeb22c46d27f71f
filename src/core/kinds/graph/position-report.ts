import type { Outcome, PositionAnalysis } from './position.js';
import { finiteFollowerValues, type GraphValues, INFINITE } from './solve.js';
import { valueText } from './vertex-outcome.js';

/** A position's analysis with names instead of vertex ids: what a JSON report holds. */
export interface PositionReport {
  readonly tokens: readonly { readonly vertex: string; readonly grundy: number | 'inf'; readonly finiteFollowers?: readonly number[] }[];
  readonly outcome: Outcome;
  readonly nimSum?: number;
  /** Which moves `moves` lists: the winning ones, the ones that keep a draw, or none (the player to move loses). */
  readonly movesAre: 'winning' | 'drawing' | 'none';
  readonly moves: readonly { readonly token: number; readonly from: string; readonly to: string }[];
}

export function positionReport(values: GraphValues, analysis: PositionAnalysis): PositionReport {
  const { names } = values.graph;
  const tokens = analysis.tokens.map((v) =>
    values.value[v] === INFINITE
      ? { vertex: names[v], grundy: 'inf' as const, finiteFollowers: finiteFollowerValues(values, v) }
      : { vertex: names[v], grundy: values.value[v] },
  );
  const movesAre = analysis.outcome === 'first' ? 'winning' : analysis.outcome === 'draw' ? 'drawing' : 'none';
  const moves = analysis.moves.map((m) => ({ token: m.token + 1, from: names[m.from], to: names[m.to] }));
  const base = { tokens, outcome: analysis.outcome, movesAre, moves } as const;
  return analysis.nimSum === undefined ? base : { ...base, nimSum: analysis.nimSum };
}

/** Why the outcome is what it is, in Smith's terms. */
function reason(values: GraphValues, analysis: PositionAnalysis): string {
  const infinite = analysis.tokens.filter((v) => values.value[v] === INFINITE);
  if (infinite.length === 0) return `nim-sum ${analysis.nimSum}`;
  if (infinite.length > 1) return `${infinite.length} tokens have value ∞`;
  const b = analysis.tokens.reduce((s, v) => (values.value[v] === INFINITE ? s : s ^ values.value[v]), 0);
  const inK = analysis.outcome === 'first';
  return `one token has value ${valueText(values, infinite[0], 'table')}, the others' nim-sum ${b} is ${inK ? '' : 'not '}in its set`;
}

const OUTCOME_TEXT: Record<Outcome, string> = {
  first: 'the player to move wins (N)',
  second: 'the player to move loses (P)',
  draw: 'a draw with best play (D)',
};

/** The position as text lines: tokens with values, the outcome and why, and the moves that realise it. */
export function positionText(values: GraphValues, analysis: PositionAnalysis): string[] {
  const { names } = values.graph;
  const lines = [
    `tokens: ${analysis.tokens.map((v) => `${names[v]} (${valueText(values, v, 'table')})`).join(', ')}`,
    `outcome: ${OUTCOME_TEXT[analysis.outcome]}: ${reason(values, analysis)}`,
  ];
  if (analysis.outcome !== 'second') {
    const kind = analysis.outcome === 'first' ? 'winning moves' : 'moves that keep the draw';
    const moves = analysis.moves.map((m) => `token ${m.token + 1} ${names[m.from]} → ${names[m.to]}`);
    lines.push(moves.length === 0 ? `${kind}: none` : `${kind}: ${moves.join('; ')}`);
  }
  return lines;
}
