/**
 * What a stepped computation reports between its steps: `done` of `total`
 * vertices in the current phase. Phases, in order: 'prepare' (predecessor
 * lists), 'order' (retrograde Grundy values), and on a graph with cycles
 * 'cycles' (which vertices lie on one) and 'labels' (Smith's values).
 */
export interface GraphProgress {
  readonly phase: 'prepare' | 'order' | 'cycles' | 'labels';
  readonly done: number;
  readonly total: number;
}

/** Edges (or vertices) handled between two progress reports: a few milliseconds of work (a power of two: some loops mask with it). */
export const STEP_WORK = 1 << 16;
