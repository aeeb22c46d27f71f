import type { BlockMarker, BlockMarks, BlockSplit, MarksInFlight } from '../core/kinds/take-and-break/platform.js';
import type { TwoHeapMoves } from '../core/kinds/take-and-break/rare-common.js';
import type { SharedKernel } from '../core/kinds/take-and-break/wasm-lanes.js';
import { bundledWorkerFile } from './worker-path.js';
import type { MarksPart } from '../core/kinds/take-and-break/wasm-sparse.js';
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
 *
 * A block allocates little on this thread (a few small objects; the views of the buffers are made once each): tens
 * of thousands of blocks a run, at some kilobytes each, grew this thread's young generation to its largest (16 MB
 * semi-spaces), and 2 threads held 15-40 MB more than one.
 */
export class WasmBlockMarker implements BlockMarker {
  private readonly ring: RingOnDemand<PartialsStart>;
  private readonly buffers = new RingBuffers();
  /** The rare heaps of the last block asked for, the first rareKept of `rare`: tasks in flight may read them. */
  private rare: Shared | null = null;
  private rareView: Int32Array = new Int32Array(0);
  private rareKept = 0;
  /** A task's fields, written for each task (the ring copies them), and the answers' buffers as int32, by number. */
  private readonly fields = new Int32Array(FIELDS);
  private readonly views = new Map<number, Int32Array>();
  /** Per worker, its time on a block's shares (see SharedBlock.settled). */
  readonly spent: Float64Array;
  /** Blocks whose marks have been read, for the next ones (a few are in flight at a time). */
  private readonly idle: SharedBlock[] = [];

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
    this.spent = new Float64Array(threads);
  }

  mark(base: number, start: number, end: number, split: BlockSplit): MarksInFlight {
    const rare = this.followRare(split.rare, split.rareCount);
    // Once the workers are up, the tasks go out before this returns (this thread's cost of a hand-over is all here).
    const ring = this.ring.now;
    if (ring) return new SharesInFlight(this.shareOut(ring, base, start, end, split, rare), ring, ring.issued);
    return { marks: this.ring.starting().then((ring) => this.shareOut(ring, base, start, end, split, rare)), waitHere: () => {} };
  }

  /** Heaps [start, end) in equal shares, a task each (posted before this returns). */
  private shareOut(ring: WorkerRing, base: number, start: number, end: number, split: BlockSplit, rare: number): Promise<BlockMarks> {
    this.buffers.share(ring);
    const heaps = end - start;
    const share = Math.ceil(heaps / Math.min(this.shares, ring.threads * MAX_SHARES_A_WORKER));
    const block = this.idle.pop() ?? new SharedBlock(this.buffers, this.spent, this.idle);
    const fields = this.fields;
    fields[T.BASE] = base;
    fields[T.RARE_COUNT] = split.rareCount;
    fields[T.MASK] = split.mask;
    fields[T.BOUND] = split.bound;
    fields[T.DOMAIN] = split.domain;
    fields[T.WORDS] = split.words;
    fields[T.RARE] = rare;
    for (let from = start; from < end; from += share) {
      const to = Math.min(end, from + share);
      const out = this.buffers.answer(ring, (to - from) * (split.words + 1) * 4);
      let view = this.views.get(out.id);
      if (!view) this.views.set(out.id, (view = new Int32Array(out.buffer)));
      fields[T.FROM] = from;
      fields[T.TO] = to;
      fields[T.OUT] = out.id;
      block.add(to - from, view, out, ring.post(fields));
    }
    return block.posted();
  }

  close(): Promise<void> {
    return this.ring.close();
  }

  /**
   * The block's rare heaps (the first `count` of `rare`) into the shared rare buffer (its number returned). Between
   * reviews of the mask the list only grows at its end, so the new ones are added behind those kept; any other list
   * (a review chose again), or one that outgrows the buffer, goes into a new buffer, since tasks in flight may still
   * read the old one.
   */
  private followRare(rare: Int32Array, count: number): number {
    const kept = this.rareView;
    let same = this.rare !== null && count >= this.rareKept && count <= kept.length;
    for (let i = 0; same && i < this.rareKept; i++) same = rare[i] === kept[i];
    if (!same) {
      this.rare = this.buffers.made(new SharedArrayBuffer(4 * doubled(1 << 10, count)), this.rare);
      this.rareView = new Int32Array(this.rare.buffer);
      this.rareKept = 0;
    }
    for (let i = this.rareKept; i < count; i++) this.rareView[i] = rare[i]!;
    this.rareKept = count;
    return this.rare!.id;
  }
}

/** The fields of a task in the ring (see PARTIALS_TASK). */
const T = PARTIALS_TASK;

/** The most shares of a block a worker gets: the ring holds about four blocks of a share a worker. */
const MAX_SHARES_A_WORKER = 16;

/** A block's marks on their way (one object a block, no closure). */
class SharesInFlight implements MarksInFlight {
  constructor(
    readonly marks: Promise<BlockMarks>,
    private readonly ring: WorkerRing,
    private readonly through: number,
  ) {}

  waitHere(ms: number): void {
    this.ring.waitHere(this.through, ms);
  }
}

/**
 * A block's shares, posted: once every task is done, its marks, in the answers' buffers themselves, lent until the
 * kernel has read them (a copy of each block's marks, made here, kept this thread's heap growing).
 */
class SharedBlock implements BlockMarks {
  /** The shares (as many as `count`: the lists are kept, and their entries, from block to block). */
  readonly parts: { heaps: number; marks: Int32Array }[] = [];
  private readonly outs: Shared[] = [];
  private readonly tasks: Promise<TaskDone>[] = [];
  private count = 0;
  busyMs = 0;
  /** Made once: `then` is given the same function for every block. */
  private readonly settledOne = (done: TaskDone): BlockMarks => {
    this.busyMs = done.ms;
    return this;
  };
  private readonly settledAll = (done: readonly TaskDone[]): BlockMarks => this.settled(done);

  constructor(
    private readonly buffers: RingBuffers,
    private readonly spent: Float64Array,
    private readonly idle: SharedBlock[],
  ) {}

  add(heaps: number, marks: Int32Array, out: Shared, task: Promise<TaskDone>): void {
    const i = this.count++;
    const part = this.parts[i];
    if (part) {
      part.heaps = heaps;
      part.marks = marks;
    } else this.parts.push({ heaps, marks });
    this.outs[i] = out;
    this.tasks[i] = task;
  }

  /** Every share is posted: the marks, once every task is done. */
  posted(): Promise<BlockMarks> {
    // A shorter block than the last leaves fewer entries (length set only then: a list emptied and filled again is made again).
    if (this.parts.length !== this.count) this.parts.length = this.outs.length = this.tasks.length = this.count;
    if (this.count === 1) return this.tasks[0]!.then(this.settledOne);
    return Promise.all(this.tasks).then(this.settledAll);
  }

  /** The marks are read: the answers' buffers are free, and this block serves a later one. */
  release(): void {
    for (let i = 0; i < this.count; i++) this.buffers.release(this.outs[i]!);
    this.count = 0;
    this.busyMs = 0;
    this.idle.push(this);
  }

  /** How long the busiest worker spent on its tasks (a worker may take more than one share of a block). */
  private settled(done: readonly TaskDone[]): BlockMarks {
    this.spent.fill(0);
    for (let i = 0; i < done.length; i++) this.spent[done[i]!.worker] += done[i]!.ms;
    for (let w = 0; w < this.spent.length; w++) this.busyMs = Math.max(this.busyMs, this.spent[w]!);
    return this;
  }
}
