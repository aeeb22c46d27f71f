/**
 * What the take-and-break kind takes from the platform it runs on: worker
 * threads for the rare/common kernel (on Node, src/host/block-marker.ts with
 * WebAssembly and src/host/parallel-sparse.ts without; absent in a browser,
 * where the kernel runs in the page).
 */
import type { ValueArray, ValueStore } from '../../kernels/store.js';
import type { TakeBreakCode } from '../../rules/code.js';
import type { RareSummary, TwoHeapMoves } from './rare-common.js';
import type { MarksPart, PartialsRequest } from './wasm-sparse.js';
import type { SharedKernel } from './wasm-lanes.js';

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

/**
 * Worker threads that mark a block of heaps for the WebAssembly kernel (see
 * SparseSpaceKernel.fillAsync): each takes a share of [B, end) and marks the
 * pairs that lie wholly below B (WasmSparse.sharedPartials), reading the
 * values where the kernel keeps them, in its shared memory (wasm-lanes.ts).
 */
export interface BlockMarker {
  /**
   * The marks of heaps [start, end) from the pairs below `base`, in parts of
   * `words` words a heap and then one `covered` a heap (partials' layout),
   * from G(0..base-1) in the shared memory (two bytes a value, final:
   * nothing writes them while the workers read).
   */
  mark(base: number, start: number, end: number, split: BlockSplit): MarksInFlight;
  /** How many worker threads share a block. */
  readonly threads: number;
  close(): Promise<void>;
}

/** A block's marks on their way. */
export interface MarksInFlight {
  readonly marks: Promise<BlockMarks>;
  /**
   * Wait on this thread, up to `ms`, for the marks, so that `marks` settles without waiting for a turn of the event
   * loop (for a caller with nothing else to do). It may return at once.
   */
  waitHere(ms: number): void;
}

/**
 * A block's marks, in consecutive shares of its heaps (buffers the marker lends: `release` them once read), and how
 * long the busiest worker took over its share (ms).
 */
export interface BlockMarks {
  readonly parts: readonly MarksPart[];
  readonly busyMs: number;
  release(): void;
}

/** What the workers need of the split: see PartialsRequest. */
export type BlockSplit = Omit<PartialsRequest, 'blockStart' | 'from' | 'to'>;

type MarkerFactory = (moves: TwoHeapMoves, threads: number, shared: SharedKernel) => BlockMarker;

let marker: MarkerFactory | null = null;

/** The block marker a platform gives (none by default). */
export function installBlockMarker(factory: MarkerFactory): void {
  marker = factory;
}

/**
 * A block marker on `threads` threads over the kernel's shared memory, where the platform has one. The platform's
 * marker is made at the first block, from the memory `shared` gives then (the kernel shares it only once a block
 * pays: see SparseSpaceKernel.sharedKernel).
 */
export function blockMarker(moves: TwoHeapMoves, threads: number, shared: () => SharedKernel | null): BlockMarker | null {
  const factory = marker;
  if (!factory) return null;
  let made: BlockMarker | null = null;
  return {
    threads,
    mark(base, start, end, split) {
      if (!made) {
        const memory = shared();
        if (!memory) throw new RangeError('a block asked for with no shared memory');
        made = factory(moves, threads, memory);
      }
      return made.mark(base, start, end, split);
    },
    close: async () => made?.close(),
  };
}

/**
 * Worker threads that compute stretches of heaps sequentially, each from the
 * values below it as given (see speculation.ts): G(0..clean-1) are known, the
 * values from `clean` to `upTo` only predicted. A stretch's computed values
 * are true whenever every value below it is.
 */
export interface StretchComputer {
  readonly threads: number;
  /** Whether the workers are up (compute before then waits for them). */
  readonly ready: boolean;
  /** Start the workers, if not yet, without waiting for them. */
  prepare(): void;
  /**
   * G over each stretch [from, to), computed from G(0..clean-1) in `values`
   * (true) and `predicted` (G(clean), G(clean+1), ..., perhaps wrong), both
   * read before this returns; each promise gives its stretch's computed
   * values. `limit`: the most values the run may reach.
   */
  compute(values: ValueArray, clean: number, predicted: Uint16Array, stretches: readonly Stretch[], limit: number): Promise<Uint16Array>[];
  close(): Promise<void>;
}

export interface Stretch {
  readonly from: number;
  readonly to: number;
}

type StretchFactory = (code: TakeBreakCode, threads: number) => StretchComputer;

let stretches: StretchFactory | null = null;

/** The stretch computer a platform gives (none by default). */
export function installStretchComputer(factory: StretchFactory): void {
  stretches = factory;
}

/** A stretch computer on `threads` threads, where the platform has one. */
export function stretchComputer(code: TakeBreakCode, threads: number): StretchComputer | null {
  return stretches ? stretches(code, threads) : null;
}

/**
 * Where a run that keeps part of its values (window.ts) writes every value it computes, two bytes each, to read
 * back the few it needs and no longer holds (on Node a file: src/host/value-spill.ts; none in a browser, where such
 * a run refuses instead).
 */
export interface ValueSpill {
  /** How many values it holds: G(0..count-1). */
  readonly count: number;
  /** Append G(count..count+values.length-1). */
  append(values: Uint16Array): void;
  /** G(from..from+into.length-1) into `into` (all below count). */
  read(from: number, into: Uint16Array): void;
  /** Keep only G(0..count-1) (a resumed run goes on from its checkpoint's count). */
  truncate(count: number): void;
  close(): void;
}

/** A spill at `path` (a temporary one for null), continued (`resume`) or new. */
type SpillFactory = (path: string | null, resume: boolean) => ValueSpill;

let spill: SpillFactory | null = null;

/** The spill a platform gives (none by default). */
export function installValueSpill(factory: SpillFactory): void {
  spill = factory;
}

/** A spill, where the platform has one. */
export function openValueSpill(path: string | null, resume: boolean): ValueSpill | null {
  return spill ? spill(path, resume) : null;
}
