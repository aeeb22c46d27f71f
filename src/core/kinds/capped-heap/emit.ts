/** --emit for a heap with memory's table (GameKind.emitModels): the observed law of its start P-positions. */
import { emitRefusal as refuse } from '../../emit/limits.js';
import type { EmitHeader, EmitOptions, StartLawModel, StartMovesTable } from '../../emit/models.js';
import { MOST_TABLE_PARTS } from '../../heap/option-table.js';
import { needObserved, sequenceLaw, type ShapeEmitModel } from '../../emit/observed-law.js';
import type { CappedHeapExploration } from './explore-capped.js';

function startModel(result: CappedHeapExploration, header: (grounds: string[]) => EmitHeader, options: EmitOptions): StartLawModel {
  const terms = result.pPositions.map(BigInt);
  const law = sequenceLaw(result.beatty, result.law, terms);
  const seen = result.beatty?.counterexample === null ? `n_k = ${result.beatty.text}` : result.law?.counterexample === null ? result.law.text : null;
  if (!seen) throw refuse(`no law of the start P-positions was recognised over heaps 0..${result.max}, so there is nothing to write`);
  if (!law) throw refuse(`the law of the start P-positions (${seen}) is not one that can be written (a Beatty law with a positive slope, or a recurrence with whole coefficients whose terms grow)`);
  if (!options.useObserved) throw needObserved(`the law of the start P-positions (${seen}, over heaps 0..${result.max})`);
  const words = law.law.kind === 'beatty' ? `the start P-positions are n_k = ${law.text}, k = 1, 2, ... (a(1) = ${terms[0]})` : `the start P-positions follow ${law.text} (a(1) = ${terms[0]}), listed up to 2^63 - 1`;
  // The program's notes say where the table of moves ends (program.ts): the functions alone do not use it.
  return { kind: 'start-law', header: header([`observed: ${words}, over heaps 0..${result.max}: NOT proven (no theorem is implemented for this game; heaps beyond may differ)`]), law: law.law, moves: startMovesTable(result) };
}

/** The winning moves of the start heaps of the table, as many heaps from 0 as MOST_TABLE_PARTS moves hold. */
function startMovesTable(result: CappedHeapExploration): StartMovesTable {
  const at = [0], takes: number[] = [], caps: number[] = [];
  for (let n = 0; n <= result.max; n++) {
    const moves = result.startMoves(n);
    if (takes.length + moves.length > MOST_TABLE_PARTS) break;
    for (const m of moves) takes.push(m.take), caps.push(m.cap);
    at.push(takes.length);
  }
  return { upTo: at.length - 2, at: Uint32Array.from(at), takes: Uint32Array.from(takes), caps: Uint32Array.from(caps) };
}

export const START_LAW_MODEL: ShapeEmitModel = (result, header, options) => startModel(result as CappedHeapExploration, header, options);
