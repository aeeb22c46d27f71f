/**
 * Heaps with memory explored from their start states: G(n, n - 1) for
 * n = 0..max (what a game from a fresh heap of n is worth), the start
 * P-positions, and their law (a linear recurrence) when one shows.
 */
import type { CappedHeapRule, GameSpec } from '../../rules/model.js';
import { ruleText } from '../../rules/model.js';
import { CappedKernel, startCap, type CappedTable } from './capped-kernel.js';
import { drive, driveSync, type DriveOptions, type SteppedWork } from '../../driver.js';
import type { ValueArray } from '../../kernels/store.js';
import { findRecurrence, type Recurrence } from '../../laws/sequence-law.js';
import { recogniseBeatty, type BeattyLaw } from '../../laws/beatty.js';
import { checkBoard } from '../../rules/check.js';

export interface MemoryExploration {
  readonly shape: 'memory';
  readonly game: GameSpec;
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
}

type MemoryGame = GameSpec & { readonly rule: CappedHeapRule };

/** What a checkpoint of these states is for (a heap's states do not depend on --max). */
export function memoryCheckpointKey(rule: CappedHeapRule): string {
  return `${ruleText(rule)}, states (heap, cap)`;
}

/** Every state (n, c) for heaps 0..max, as steps of whole heaps, for the driver; `resume` from a checkpoint. */
export function memoryWork(game: MemoryGame, max: number, resume?: ValueArray): SteppedWork<MemoryExploration> {
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

export function exploreMemoryGame(game: MemoryGame, max: number): MemoryExploration {
  checkBoard(game, max, 'capped-heap');
  return driveSync(memoryWork(game, max));
}

/** The same, run by the driver: progress, Ctrl-C and checkpoints. */
export function exploreMemoryGameAsync(game: MemoryGame, max: number, options: DriveOptions = {}, resume?: ValueArray): Promise<MemoryExploration> {
  return drive(memoryWork(game, max, resume), options);
}

function analyseStarts(game: MemoryGame, table: CappedTable): MemoryExploration {
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
  return { shape: 'memory', game, rule: ruleText(game.rule), max, table, starts, maxValue, pPositions, law: findRecurrence(pPositions), beatty: recogniseBeatty(pPositions) };
}
