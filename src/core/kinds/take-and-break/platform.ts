/**
 * What the take-and-break kind takes from the platform it runs on: the
 * rare/common kernel on a pool of worker threads (src/host/parallel-sparse.ts
 * on Node; absent in a browser, where the kernel runs in the page).
 */
import type { ValueArray, ValueStore } from '../../kernels/store.js';
import type { TakeBreakCode } from '../../rules/code.js';
import type { RareSummary } from './sparse-space.js';

/** The rare/common kernel on a pool of worker threads (see src/host/parallel-sparse.ts). */
export interface PooledSparseKernel {
  fill(store: ValueStore, from: number, to: number): Promise<void>;
  close(): Promise<void>;
  /** Values loaded from a checkpoint: split them as if computed here. */
  catchUp(values: ValueArray, count: number): void;
  readonly rare: RareSummary;
}

type PoolFactory = (code: TakeBreakCode, threads: number) => PooledSparseKernel;

let pool: PoolFactory | null = null;

/** The pool a platform gives (none by default). */
export function installSparsePool(factory: PoolFactory): void {
  pool = factory;
}

/** The pooled kernel on `threads` threads, where the platform has a pool. */
export function pooledSparseKernel(code: TakeBreakCode, threads: number): PooledSparseKernel | null {
  return pool ? pool(code, threads) : null;
}
