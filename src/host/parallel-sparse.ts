import type { Piscina } from 'piscina';
import type { TakeBreakCode } from '../core/rules/code.js';
import { RareCommonSplit, domainParity, replaySplit, twoHeapMoves, type RareSummary, type TwoHeapMoves } from '../core/kinds/take-and-break/rare-common.js';
import { finishHeap, type PartialTask } from '../core/kinds/take-and-break/sparse-block.js';
import { sparseValue } from '../core/kinds/take-and-break/sparse-space.js';
import type { ValueArray, ValueStore } from '../core/kernels/store.js';
import { workerFile } from './worker-path.js';

/** Below this many values a block has too few old pairs to be worth the threads. */
const PARALLEL_FROM = 1 << 14;
/** Heaps per block: the main thread's share grows with it, the hand-over cost shrinks. */
const BLOCK = 1 << 10;
/**
 * Fewer rare heaps than this make a heap cost a microsecond or two, less than
 * handing blocks to threads: 0.16 and 0.56 (about 50) run faster on this
 * thread alone, Officers and Grundy's game (over 1,000) about 1.4x faster on two.
 */
const MIN_RARE_FOR_POOL = 256;
/** Heaps computed on this thread between checks of whether the pool now pays. */
const SEQUENTIAL_CHUNK = 1 << 14;

/**
 * The rare/common kernel on a worker pool (see sparse-block.ts): blocks of
 * heaps whose old pairs the workers mark in parallel over SharedArrayBuffers,
 * finished in order by this thread. Same values as SparseSpaceKernel for any
 * number of threads.
 */
export class ParallelSparseKernel {
  private readonly split: RareCommonSplit;
  private readonly moves: TwoHeapMoves;
  private seen = new Int32Array(2).fill(-1);
  private recorded = 0;
  private nextReview = 64;
  private pool: Piscina | null = null;

  constructor(
    code: TakeBreakCode,
    private readonly threads: number,
    /** Tests shrink these to exercise blocks on small tables. */
    private readonly parallelFrom = PARALLEL_FROM,
    private readonly block = BLOCK,
    private readonly minRareForPool = MIN_RARE_FOR_POOL,
  ) {
    this.moves = twoHeapMoves(code);
    this.split = new RareCommonSplit(true, domainParity(this.moves));
  }

  get rare(): RareSummary {
    return { count: this.split.count, mask: this.split.mask, space: this.split.space };
  }

  /** Take in values this kernel did not compute (loaded from a checkpoint): see replaySplit. */
  catchUp(g: ValueArray, count: number): void {
    if (this.recorded < count) this.nextReview = replaySplit(this.split, g, this.recorded, count, this.nextReview);
    this.recorded = Math.max(this.recorded, count);
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = null;
  }

  async fill(store: ValueStore, from: number, to: number): Promise<void> {
    store.reserve(to);
    this.catchUp(store.values, from);
    let n = from;
    while (n < to) {
      if (n >= this.nextReview) {
        this.split.review(store.values, n);
        this.nextReview = 2 * n;
      }
      // The pool pays only when a heap is costly, i.e. when there are many rare heaps to pair.
      const pooled = n >= this.parallelFrom && this.split.count >= this.minRareForPool;
      n = pooled ? await this.fillBlock(store, n, Math.min(to, n + this.block, this.nextReview)) : this.fillSequential(store, n, Math.min(to, n < this.parallelFrom ? this.parallelFrom : n + SEQUENTIAL_CHUNK));
    }
  }

  private fillSequential(store: ValueStore, from: number, to: number): number {
    for (let n = from; n < to && n < this.nextReview; n++) {
      if (this.seen.length < this.split.bound) this.seen = new Int32Array(this.split.bound).fill(-1);
      this.store(store, n, sparseValue(store.values, n, this.moves, this.split, this.seen));
    }
    return Math.min(to, this.nextReview);
  }

  private store(store: ValueStore, n: number, value: number): void {
    const g = value > store.largestStorable ? store.widen(value) : store.values;
    g[n] = value;
    store.count = n + 1;
    this.split.record(value, n);
    this.recorded = n + 1;
  }

  /** Heaps [B, end) as one block; returns where it stopped (early if values outgrew the marks). */
  private async fillBlock(store: ValueStore, B: number, end: number): Promise<number> {
    // piscina loads only when a pool is really wanted.
    this.pool ??= await (await import('./pool.js')).startPool({
      file: workerFile('sparse-block'),
      threads: this.threads,
      probe: this.task(store, B, B, B, new SharedArrayBuffer(4), new SharedArrayBuffer(4), 1),
      probeAnswerOk: (answer) => answer === 0,
      role: 'rare/common worker',
    });
    const words = Math.max(1, Math.ceil(this.split.bound / 32));
    const length = end - B;
    const marks = new SharedArrayBuffer(length * words * 4);
    const covered = new SharedArrayBuffer(length * 4);
    const share = Math.ceil(length / this.threads);
    const tasks: Promise<unknown>[] = [];
    for (let from = B; from < end; from += share) tasks.push(this.pool.run(this.task(store, B, from, Math.min(end, from + share), marks, covered, words)));
    await Promise.all(tasks);

    const rareBelowBlock = this.split.count;
    const markView = new Int32Array(marks);
    const coveredView = new Int32Array(covered);
    const bits = new Int32Array(words);
    for (let n = B; n < end; n++) {
      const value = finishHeap(store.values, n, B, this.moves, this.split.rareValues(n), this.split.positions, rareBelowBlock, this.split.count, markView, words, coveredView[n - B]!, bits);
      this.store(store, n, value);
      // A value that widens the xor range needs wider marks: start a new block.
      if (this.split.bound > words * 32) return n + 1;
    }
    return end;
  }

  private task(store: ValueStore, B: number, from: number, to: number, marks: SharedArrayBuffer, covered: SharedArrayBuffer, words: number): PartialTask {
    return {
      values: store.values.buffer as SharedArrayBuffer,
      bytesPerValue: store.bytesPerValue,
      positions: this.split.positions.buffer as SharedArrayBuffer,
      rareCount: this.split.count,
      marks,
      covered,
      words,
      mask: this.split.mask,
      domainParity: this.split.space === 'domain' ? this.split.parity : null,
      bound: this.split.bound,
      moves: this.moves,
      blockStart: B,
      from,
      to,
    };
  }
}
