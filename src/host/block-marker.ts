import type { Piscina } from 'piscina';
import type { BlockMarker, BlockMarks, BlockSplit } from '../core/kinds/take-and-break/platform.js';
import type { TwoHeapMoves } from '../core/kinds/take-and-break/rare-common.js';
import { joinMarks, type PartialsRequest } from '../core/kinds/take-and-break/wasm-sparse.js';
import type { ValueArray } from '../core/kernels/store.js';
import { workerFile } from './worker-path.js';

/**
 * One worker's task (workers/wasm-partials.ts): its share of a block. The
 * values G(0..B-1) travel in `mirror`, two bytes a value, which this thread
 * keeps up to date; each worker copies what it lacks into its own module.
 * The rare heaps below the block travel the same way, the first `rareCount`
 * of `rare`. (A message passes a shared buffer by reference: the rare heaps
 * as an array of their own, and a fresh buffer for the marks, cost this
 * thread 10-40 us a task more, a task of Grundy's game being 700 heaps.)
 */
export interface PartialsTask {
  /** Which run the worker's copy belongs to (a new run starts a new copy). */
  readonly run: number;
  readonly moves: TwoHeapMoves;
  readonly limit: number;
  readonly mirror: SharedArrayBuffer;
  readonly rare: SharedArrayBuffer;
  readonly request: Omit<PartialsRequest, 'rare'> & { readonly rareCount: number };
  /** Where the marks go: `words` words a heap, then one covered a heap (the buffer may be longer). */
  readonly out: SharedArrayBuffer;
}

let runs = 0;

/**
 * The BlockMarker on Node: a piscina pool of workers, each with the
 * WebAssembly module and its own copy of the values, which marks a block's
 * pairs below it in equal shares (see SparseSpaceKernel.fillAsync).
 */
export class WasmBlockMarker implements BlockMarker {
  private pool: Piscina<PartialsTask, number> | null = null;
  private mirror = new SharedArrayBuffer(0);
  /** G(0..mirrored-1) are in the mirror. */
  private mirrored = 0;
  /** The rare heaps of the last block asked for, the first rareKept of rareShared: tasks in flight may read them. */
  private rareShared = new SharedArrayBuffer(0);
  private rareKept = 0;
  /** Buffers for the workers' marks, free again once their marks are copied out. */
  private readonly freeOuts: SharedArrayBuffer[] = [];
  private readonly run = ++runs;

  constructor(
    private readonly moves: TwoHeapMoves,
    readonly threads: number,
  ) {}

  mark(values: ValueArray, base: number, start: number, end: number, split: BlockSplit, limit: number): Promise<BlockMarks> {
    // Now, while `values` is a live view (a store that grows later detaches it).
    this.follow(values, base);
    this.followRare(split.rare);
    return this.shareOut(base, start, end, split, limit);
  }

  private async shareOut(base: number, start: number, end: number, split: BlockSplit, limit: number): Promise<BlockMarks> {
    this.pool ??= await (await import('./pool.js')).startPool({
      file: workerFile('wasm-partials'),
      threads: this.threads,
      probe: this.task(0, 0, 0, split, 0, new SharedArrayBuffer(4)),
      probeAnswerOk: (answer) => answer === 0,
      role: 'rare/common worker',
      // The next block's share waits in each worker's queue (fillAsync asks for it a block ahead): Grundy's game to
      // 2^22 on 2 threads, this thread waited 0.6-0.7 s for marks instead of 1.2-1.5 s.
      tasksPerWorker: 2,
    });
    const heaps = end - start;
    const share = Math.ceil(heaps / this.threads);
    const shares: { from: number; to: number; out: SharedArrayBuffer }[] = [];
    for (let from = start; from < end; from += share) {
      const to = Math.min(end, from + share);
      shares.push({ from, to, out: this.outBuffer((to - from) * (split.words + 1) * 4) });
    }
    const busy = await Promise.all(shares.map((s) => this.pool!.run(this.task(base, s.from, s.to, split, limit, s.out))));
    const parts = shares.map((s) => ({ heaps: s.to - s.from, marks: new Int32Array(s.out) }));
    // Copied out (joinMarks keeps a single part as it is), so that the buffers serve the next blocks.
    const marks = parts.length === 1 ? parts[0]!.marks.slice(0, parts[0]!.heaps * (split.words + 1)) : joinMarks(parts, split.words);
    for (const s of shares) this.freeOuts.push(s.out);
    return { marks, busyMs: Math.max(...busy) };
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = null;
  }

  /** A free buffer of at least `bytes` for a worker's marks, or a new one (a power of two, so that it serves larger shares). */
  private outBuffer(bytes: number): SharedArrayBuffer {
    const i = this.freeOuts.findIndex((buffer) => buffer.byteLength >= bytes);
    if (i >= 0) return this.freeOuts.splice(i, 1)[0]!;
    return new SharedArrayBuffer(doubled(1 << 12, bytes));
  }

  /**
   * The block's rare heaps into rareShared. Between reviews of the mask the list only grows at its end, so the new
   * ones are added behind those kept; any other list (a review chose again), or one that outgrows the buffer, goes
   * into a new buffer, since tasks in flight may still read the old one.
   */
  private followRare(rare: Int32Array): void {
    const kept = new Int32Array(this.rareShared, 0, this.rareKept);
    let same = rare.length >= kept.length && 4 * rare.length <= this.rareShared.byteLength;
    for (let i = 0; same && i < kept.length; i++) same = rare[i] === kept[i];
    if (!same) {
      this.rareShared = new SharedArrayBuffer(4 * doubled(1 << 10, rare.length));
      this.rareKept = 0;
    }
    new Int32Array(this.rareShared).set(rare.subarray(this.rareKept), this.rareKept);
    this.rareKept = rare.length;
  }

  /** The mirror up to G(B-1), grown by doubling. */
  private follow(values: ValueArray, B: number): void {
    if (B <= this.mirrored) return;
    if (this.mirror.byteLength < 2 * B) {
      const bigger = new SharedArrayBuffer(2 * doubled(Math.max(1 << 16, this.mirror.byteLength / 2), B));
      new Uint16Array(bigger).set(new Uint16Array(this.mirror, 0, this.mirrored));
      this.mirror = bigger;
    }
    new Uint16Array(this.mirror).set(values.subarray(this.mirrored, B), this.mirrored);
    this.mirrored = B;
  }

  private task(B: number, from: number, to: number, split: BlockSplit, limit: number, out: SharedArrayBuffer): PartialsTask {
    const { rare, ...rest } = split;
    return { run: this.run, moves: this.moves, limit, mirror: this.mirror, rare: this.rareShared, request: { ...rest, rareCount: rare.length, blockStart: B, from, to }, out };
  }
}

/** `start` doubled until it reaches `atLeast`: buffers grow by doubling, so that growing costs few copies. */
function doubled(start: number, atLeast: number): number {
  let size = start;
  while (size < atLeast) size *= 2;
  return size;
}
