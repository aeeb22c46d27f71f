import { finiteFollowerValues, type GraphValues, INFINITE } from './solve.js';

/** A single token's outcome: P (the player to move loses), N (wins), D (a draw). */
export type VertexOutcome = 'P' | 'N' | 'D';

/** P for value 0, N for another finite value or for ∞(K) with 0 in K (a move to a P-vertex), D otherwise. */
export function vertexOutcome(values: GraphValues, v: number): VertexOutcome {
  const g = values.value[v];
  if (g === 0) return 'P';
  if (g !== INFINITE) return 'N';
  return finiteFollowerValues(values, v).includes(0) ? 'N' : 'D';
}

/**
 * A vertex's value as text. Table form: `3`, `∞(0,2)`, or `∞` when no follower
 * has a finite value. CSV form: `3`, `inf(0;2)`, `inf` (';' separates K's
 * members so the field never needs CSV quoting).
 */
export function valueText(values: GraphValues, v: number, form: 'table' | 'csv'): string {
  const g = values.value[v];
  if (g !== INFINITE) return String(g);
  const k = finiteFollowerValues(values, v);
  const mark = form === 'table' ? '∞' : 'inf';
  return k.length === 0 ? mark : `${mark}(${k.join(form === 'table' ? ',' : ';')})`;
}
