/** --emit for a two-pile table (GameKind.emitModels): the observed law of its P-positions, each side a Beatty law or a growing recurrence. */
import { emitRefusal as refuse } from '../../emit/limits.js';
import type { DiagonalList, EmitHeader, EmitOptions, PairLawModel } from '../../emit/models.js';
import type { DiagonalLaw } from '../../laws/pair-law.js';
import { needObserved, sequenceLaw, type ShapeEmitModel } from '../../emit/observed-law.js';
import type { GridExploration } from './grid.js';

/** A diagonal listed over the table, with the cycle seen on it (so the program answers past the table as the CLI does). */
function diagonalList(diagonal: Extract<DiagonalLaw, { kind: 'list' }>): DiagonalList {
  const list = diagonal.list.map(BigInt);
  const cycle = diagonal.cycle;
  return cycle ? { kind: 'list', list, cycle: { from: BigInt(cycle.from), period: BigInt(cycle.period), residues: cycle.residues.map(BigInt) } } : { kind: 'list', list };
}

function pairModel(result: GridExploration, header: (grounds: string[]) => EmitHeader, options: EmitOptions): PairLawModel {
  const law = result.law;
  if (!law) throw refuse(`no law of the P-positions was recognised over the table (x, y <= ${result.max}), so there is nothing to write`);
  if (!options.useObserved) throw needObserved(`the law of the P-positions (${law.text})`);
  if (!law.mirrored) throw refuse(`the P-positions are not symmetric and those with x > y follow no law found (${law.text}), so there is nothing exact to write`);
  const below = result.pPositions.filter(([x, y]) => x < y).sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  const a = sequenceLaw(law.a, law.aRecurrence, below.map(([x]) => BigInt(x)));
  const b = sequenceLaw(law.b, law.bRecurrence, below.map(([, y]) => BigInt(y)));
  if (!a || !(b || law.difference !== null)) throw refuse(`the law of the P-positions (${law.text}) is not one that can be written (each side a Beatty law or a growing recurrence)`);
  if (law.difference === null && !b!.increasing && !a.increasing) throw refuse(`neither side of the law (${law.text}) strictly increases, so a position's index is not determined by a pile`);
  const diagonal: PairLawModel['diagonal'] =
    law.diagonal.kind === 'progression' ? { kind: 'progression', start: BigInt(law.diagonal.start), step: BigInt(law.diagonal.step) } : diagonalList(law.diagonal);
  return {
    kind: 'pair-law',
    header: header([`observed: ${law.text}: NOT proven (no theorem is implemented for this game; piles beyond the table may differ)`]),
    a: a.law,
    b: b?.law ?? null,
    aIncreasing: a.increasing,
    bIncreasing: b?.increasing ?? false,
    difference: law.difference === null ? null : BigInt(law.difference),
    diagonal,
  };
}

export const PAIR_LAW_MODEL: ShapeEmitModel = (result, header, options) => pairModel(result as GridExploration, header, options);
