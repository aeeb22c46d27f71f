/** What a stepped computation reports between its steps: `done` of `total` vertices in the current phase. */
export interface GraphProgress {
  readonly phase: 'order' | 'labels' | 'cycles';
  readonly done: number;
  readonly total: number;
}

/** Edges (or vertices) handled between two progress reports: a few milliseconds of work. */
export const STEP_WORK = 1 << 18;
