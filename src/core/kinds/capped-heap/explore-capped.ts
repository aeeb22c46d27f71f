/**
 * Heaps with memory explored from their start states: G(n, n - 1) for
 * n = 0..max (what a game from a fresh heap of n is worth), the start
 * P-positions, and their law (a linear recurrence) when one shows.
 */
import type { GameSpecOf } from '../../rules/spec.js';
import { cappedHeapText, type CappedHeapRule } from './rule.js';
import { CappedKernel, nextCap, startCap, type CappedTable } from './capped-kernel.js';
import type { SteppedWork } from '../../driver.js';
import type { ValueArray } from '../../kernels/store.js';
import { findRecurrence, type Recurrence } from '../../laws/sequence-law.js';
import { recogniseBeatty, type BeattyLaw } from '../../laws/beatty.js';

/** A heap with memory (a cap on the next take): the values of its start positions and their laws. */
export interface CappedHeapExploration {
  readonly shape: 'memory';
  readonly game: GameSpecOf;
  readonly rule: string;
  readonly max: number;
  readonly table: CappedTable;
  /** G of the start state of each heap 0..max. */
  readonly starts: Uint32Array;
  readonly maxValue: number;
  /** Start heaps n where the first player loses, 0 (no move at all) first. */
  readonly pPositions: readonly number[];
  readonly law: Recurrence | null;
  /** The P-positions as a Beatty sequence n_k = ⌊kα + β⌋, when one fits. */
  readonly beatty: BeattyLaw | null;
  /** The winning moves of start heap n <= max, by the table: each take (ascending) that leaves a P-state, with that state's heap and cap. */
  startMoves(n: number): { take: number; heap: number; cap: number }[];
}

type CappedHeapSpec = GameSpecOf<CappedHeapRule>;

/** What a checkpoint of these states is for (a heap's states do not depend on --max). */
export function cappedHeapCheckpointKey(rule: CappedHeapRule): string {
  return `${cappedHeapText(rule)}, states (heap, cap)`;
}

/** Every state (n, c) for heaps 0..max, as steps of whole heaps, for the driver; `resume` from a checkpoint. */
export function cappedHeapWork(game: CappedHeapSpec, max: number, resume?: ValueArray): SteppedWork<CappedHeapExploration> {
  const kernel = new CappedKernel(game.rule, max);
  if (resume) kernel.restore(resume);
  const states = (heaps: number) => (heaps * (heaps + 1)) / 2;
  return {
    ceiling: states(max + 1),
    unit: 'states',
    done: () => states(kernel.heapsDone),
    step(units) {
      let end = kernel.heapsDone + 1;
      while (end <= max && states(end) - states(kernel.heapsDone) < units) end++;
      kernel.fillHeaps(end);
      return kernel.heapsDone <= max ? { finished: false } : { finished: true, result: analyseStarts(game, kernel.table()) };
    },
    snapshot: () => kernel.computed(),
  };
}

function analyseStarts(game: CappedHeapSpec, table: CappedTable): CappedHeapExploration {
  const max = table.max;
  const starts = new Uint32Array(max + 1);
  let maxValue = 0;
  const pPositions: number[] = [];
  for (let n = 0; n <= max; n++) {
    const v = table.value(n, startCap(n));
    starts[n] = v;
    if (v > maxValue) maxValue = v;
    if (v === 0) pPositions.push(n);
  }
  const startMoves = (n: number) => {
    const moves: { take: number; heap: number; cap: number }[] = [];
    for (let take = 1; take <= startCap(n); take++) {
      const heap = n - take, cap = Math.min(heap, nextCap(game.rule, take));
      if (table.value(heap, cap) === 0) moves.push({ take, heap, cap });
    }
    return moves;
  };
  return { shape: 'memory', game, rule: cappedHeapText(game.rule), max, table, starts, maxValue, pPositions, law: findRecurrence(pPositions), beatty: recogniseBeatty(pPositions), startMoves };
}
