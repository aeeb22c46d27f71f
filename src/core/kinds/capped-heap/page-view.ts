/** What the web page is sent of a heap with memory's table (GameKind.pageViews): each start position's value, and its P-positions' laws in the page's language. */
import { pageBase, type PageBudget, type PageView } from '../kind.js';
import type { CappedHeapExploration } from './explore-capped.js';
import { lawText } from './law-text.js';

/** A heap with memory: the start positions 0..max. */
export interface MemoryPageView extends PageView {
  readonly shape: 'memory';
  readonly max: number;
  readonly maxValue: number;
  readonly values: Uint32Array;
  readonly pPositions: readonly number[];
  /** The P-positions' laws (a recurrence, a Beatty law, or that none fits), observed only, in the page's language. */
  readonly lawText: string;
}

export function memoryPageView(x: CappedHeapExploration, budget: PageBudget): MemoryPageView {
  return {
    shape: 'memory',
    ...pageBase(x),
    max: x.max,
    maxValue: x.maxValue,
    values: x.starts.slice(),
    pPositions: x.pPositions,
    lawText: lawText(x, budget.t),
  };
}
