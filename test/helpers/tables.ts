/**
 * Two-pile tables and heaps with memory through the library's one entry,
 * with max in whole numbers as the tests write it.
 */
import { analyseAsync, analyseSync } from '../../src/core/analyse.js';
import type { DriveOptions } from '../../src/core/driver.js';
import type { ValueArray } from '../../src/core/kernels/store.js';
import type { GameSpec } from '../../src/core/kinds/registry.js';
import type { GridExploration } from '../../src/core/kinds/two-pile/grid.js';
import type { CappedHeapExploration } from '../../src/core/kinds/capped-heap/explore-capped.js';

type TableRequest = { readonly game: GameSpec; readonly max: number; readonly rows?: { first: number; last: number }; readonly resume?: ValueArray };

export const exploreGrid = (r: TableRequest) => analyseSync({ ...r, max: BigInt(r.max) }) as GridExploration;
export const exploreGridAsync = (r: TableRequest, options: DriveOptions = {}) => analyseAsync({ ...r, max: BigInt(r.max) }, options) as Promise<GridExploration>;
export const exploreCappedHeap = (game: GameSpec, max: number) => analyseSync({ game, max: BigInt(max) }) as CappedHeapExploration;
export const exploreCappedHeapAsync = (game: GameSpec, max: number, options: DriveOptions = {}, resume?: ValueArray) =>
  analyseAsync({ game, max: BigInt(max), resume }, options) as Promise<CappedHeapExploration>;
