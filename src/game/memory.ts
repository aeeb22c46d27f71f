/**
 * Heaps with memory explored from their start states: G(n, n - 1) for
 * n = 0..max (what a game from a fresh heap of n is worth), the start
 * P-positions, and their law (a linear recurrence) when one shows.
 */
import type { CappedHeapRule, GameSpec } from '../rules/model.js';
import { ruleText } from '../rules/model.js';
import { cappedValues, startCap, type CappedTable } from './capped-heap.js';
import { findRecurrence, type Recurrence } from './sequence-law.js';

export interface MemoryExploration {
  readonly shape: 'memory';
  readonly game: GameSpec;
  readonly rule: string;
  readonly max: number;
  readonly table: CappedTable;
  /** G of the start state of each heap 0..max. */
  readonly starts: Uint32Array;
  readonly maxValue: number;
  /** Start heaps n >= 1 where the first player loses. */
  readonly pPositions: readonly number[];
  readonly law: Recurrence | null;
}

export function exploreMemoryGame(game: GameSpec & { readonly rule: CappedHeapRule }, max: number): MemoryExploration {
  const table = cappedValues(game.rule, max);
  const starts = new Uint32Array(max + 1);
  let maxValue = 0;
  const pPositions: number[] = [];
  for (let n = 0; n <= max; n++) {
    const v = table.value(n, startCap(n));
    starts[n] = v;
    if (v > maxValue) maxValue = v;
    if (v === 0 && n > 0) pPositions.push(n);
  }
  return { shape: 'memory', game, rule: ruleText(game.rule), max, table, starts, maxValue, pPositions, law: findRecurrence(pPositions) };
}
