import type { BlockMarker, BlockMarks, BlockSplit, MarksInFlight } from '../core/kinds/take-and-break/platform.js';
import type { TwoHeapMoves } from '../core/kinds/take-and-break/rare-common.js';
import type { SharedKernel } from '../core/kinds/take-and-break/wasm-lanes.js';
import { bundledWorkerFile } from './worker-path.js';
import type { TaskDone, WorkerRing } from './worker-ring.js';
import { RingOnDemand } from './ring-on-demand.js';
import { RingBuffers, doubled, type Shared } from './ring-buffers.js';

/**
 * One worker's task (workers/wasm-partials.ts), its share of a block: the int32 fields of a task in the ring, in this
 * order. The values G(0..B-1) are the main thread's, in the kernel's shared memory, which every worker's instance
 * reads in place. The rare heaps below the block are the first RARE_COUNT of the buffer RARE; the marks go to the
 * buffer OUT (`words` words a heap, then one covered a heap).
 */
export const PARTIALS_TASK = { BASE: 0, FROM: 1, TO: 2, RARE_COUNT: 3, MASK: 4, BOUND: 5, DOMAIN: 6, WORDS: 7, RARE: 8, OUT: 9 } as const;
const FIELDS = Object.keys(PARTIALS_TASK).length;

/** What the workers start with: the moves, and the kernel's memory and build (worker i runs on lane i + 1). */
export interface PartialsStart {
  readonly moves: TwoHeapMoves;
  readonly shared: SharedKernel;
}

/**
 * The BlockMarker on Node: worker threads fed through a WorkerRing, each with
 * an instance of the WebAssembly module over the kernel's shared memory (no
 * copy of the values), which mark a block's pairs below it in equal shares
 * (see SparseSpaceKernel.fillAsync).
 */
export class WasmBlockMarker implements BlockMarker {
  private readonly ring: RingOnDemand<PartialsStart>;
  private readonly buffers = new RingBuffers();
  /** The rare heaps of the last block asked for, the first rareKept of `rare`: tasks in flight may read them. */
  private rare: Shared | null = null;
  private rareKept = 0;

  /**
   * `shares`: tasks a block is cut into, one a worker by default (the bench gives one worker as many as more
   * threads would have, to time asking for them).
   */
  constructor(
    moves: TwoHeapMoves,
    shared: SharedKernel,
    /** At most the lanes the memory has for workers. */
    readonly threads: number,
    private readonly shares = threads,
  ) {
    if (threads >= shared.lanes) throw new RangeError(`${threads} workers for a memory with lanes for ${shared.lanes - 1}`);
    this.ring = new RingOnDemand({ file: bundledWorkerFile('wasm-partials'), threads, fields: FIELDS, data: { moves, shared }, role: 'rare/common worker' });
  }

  mark(base: number, start: number, end: number, split: BlockSplit): MarksInFlight {
    const rare = this.followRare(split.rare);
    const task = (ring: WorkerRing, from: number, to: number, out: Shared) => ring.post([base, from, to, split.rare.length, split.mask, split.bound, split.domain, split.words, rare, out.id]);
    // Once the workers are up, the tasks go out before this returns (this thread's cost of a hand-over is all here).
    const ring = this.ring.now;
    if (ring) {
      const marks = this.shareOut(ring, start, end, split.words, task);
      const through = ring.issued;
      return { marks, waitHere: (ms) => ring.waitHere(through, ms) };
    }
    return { marks: this.ring.starting().then((ring) => this.shareOut(ring, start, end, split.words, task)), waitHere: () => {} };
  }

  /** Heaps [start, end) in equal shares, a task each. */
  private async shareOut(ring: WorkerRing, start: number, end: number, words: number, task: (ring: WorkerRing, from: number, to: number, out: Shared) => Promise<TaskDone>): Promise<BlockMarks> {
    this.buffers.share(ring);
    const heaps = end - start;
    const share = Math.ceil(heaps / Math.min(this.shares, ring.threads * MAX_SHARES_A_WORKER));
    const shares: { from: number; to: number; out: Shared }[] = [];
    for (let from = start; from < end; from += share) {
      const to = Math.min(end, from + share);
      shares.push({ from, to, out: this.buffers.answer(ring, (to - from) * (words + 1) * 4) });
    }
    const done = await Promise.all(shares.map((s) => task(ring, s.from, s.to, s.out)));
    // The answers' buffers themselves, lent until the kernel has read them (a copy of each block's marks, made
    // here, kept this thread's heap growing: see WorkerRing.pending).
    const parts = shares.map((s) => ({ heaps: s.to - s.from, marks: new Int32Array(s.out.buffer) }));
    const release = () => shares.forEach((s) => this.buffers.release(s.out));
    return { parts, busyMs: busiest(done), release };
  }

  close(): Promise<void> {
    return this.ring.close();
  }

  /**
   * The block's rare heaps into the shared rare buffer (its number returned). Between reviews of the mask the list
   * only grows at its end, so the new ones are added behind those kept; any other list (a review chose again), or one
   * that outgrows the buffer, goes into a new buffer, since tasks in flight may still read the old one.
   */
  private followRare(rare: Int32Array): number {
    const kept = this.rare ? new Int32Array(this.rare.buffer, 0, this.rareKept) : new Int32Array(0);
    let same = this.rare !== null && rare.length >= kept.length && 4 * rare.length <= this.rare.buffer.byteLength;
    for (let i = 0; same && i < kept.length; i++) same = rare[i] === kept[i];
    if (!same) {
      this.rare = this.buffers.made(new SharedArrayBuffer(4 * doubled(1 << 10, rare.length)), this.rare);
      this.rareKept = 0;
    }
    new Int32Array(this.rare!.buffer).set(rare.subarray(this.rareKept), this.rareKept);
    this.rareKept = rare.length;
    return this.rare!.id;
  }
}

/** The most shares of a block a worker gets: the ring holds about four blocks of a share a worker. */
const MAX_SHARES_A_WORKER = 16;

/** How long the busiest worker spent on its tasks (a worker may take more than one share of a block). */
function busiest(done: readonly TaskDone[]): number {
  const spent = new Map<number, number>();
  for (const { ms, worker } of done) spent.set(worker, (spent.get(worker) ?? 0) + ms);
  return Math.max(...spent.values());
}
