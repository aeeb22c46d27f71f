import type { WorkerRing } from './worker-ring.js';

/** A buffer the workers of a ring know by its number. */
export interface Shared {
  readonly id: number;
  readonly buffer: SharedArrayBuffer;
}

/**
 * The shared buffers a ring's tasks name: made here, given to the workers
 * (WorkerRing.shareBuffer) before the first task that names them, and, for
 * the workers' answers, used again once read.
 */
export class RingBuffers {
  private ids = 0;
  private unshared: { shared: Shared; replaces?: number }[] = [];
  private readonly free: Shared[] = [];

  /** A new buffer, in place of `replaces` if given (no later task names that one). */
  made(buffer: SharedArrayBuffer, replaces?: Shared | null): Shared {
    const shared = { id: ++this.ids, buffer };
    this.unshared.push({ shared, ...(replaces && { replaces: replaces.id }) });
    return shared;
  }

  /** Buffers made since the last call go to the workers. */
  share(ring: WorkerRing): void {
    for (const { shared, replaces } of this.unshared) ring.shareBuffer(shared.id, shared.buffer, replaces);
    this.unshared = [];
  }

  /** A free buffer of at least `bytes` for an answer, or a new one (a power of two, so that it serves larger ones), shared. */
  answer(ring: WorkerRing, bytes: number): Shared {
    // (A loop, not findIndex and splice: this runs for every share of every block, and allocates nothing.)
    for (let i = 0; i < this.free.length; i++) {
      const out = this.free[i]!;
      if (out.buffer.byteLength < bytes) continue;
      this.free[i] = this.free[this.free.length - 1]!;
      this.free.pop();
      return out;
    }
    const out = this.made(new SharedArrayBuffer(doubled(1 << 12, bytes)));
    this.share(ring);
    return out;
  }

  /** An answer's buffer, read: free for the next. */
  release(out: Shared): void {
    this.free.push(out);
  }
}

/** `start` doubled until it reaches `atLeast`: buffers grow by doubling, so that growing costs few copies. */
export function doubled(start: number, atLeast: number): number {
  let size = start;
  while (size < atLeast) size *= 2;
  return size;
}

/**
 * Values for the workers in a shared buffer of one or two bytes a value,
 * grown by doubling (a grown or widened buffer replaces the old one: tasks
 * posted later name the new one). `write` copies values in at an index.
 */
export class SharedValues {
  private current: Shared | null = null;
  private values: Uint8Array | Uint16Array = new Uint16Array(0);

  constructor(private readonly buffers: RingBuffers) {}

  /** Room for `count` values of `bytes` bytes each, keeping the first `keep`; returns the buffer's number. */
  ensure(count: number, keep: number, bytes: 1 | 2 = 2): number {
    if (!this.current || this.values.length < count || this.values.BYTES_PER_ELEMENT !== bytes) {
      const length = doubled(Math.max(1 << 16, this.values.length), count);
      const bigger = bytes === 1 ? new Uint8Array(new SharedArrayBuffer(length)) : new Uint16Array(new SharedArrayBuffer(2 * length));
      bigger.set(this.values.subarray(0, keep));
      this.current = this.buffers.made(bigger.buffer as SharedArrayBuffer, this.current);
      this.values = bigger;
    }
    return this.current.id;
  }

  /** Bytes a value in the buffer now. */
  get bytes(): 1 | 2 {
    return this.values.BYTES_PER_ELEMENT as 1 | 2;
  }

  /** `values` into the buffer from index `at` (after ensure). */
  write(values: ArrayLike<number>, at: number): void {
    this.values.set(values, at);
  }
}
