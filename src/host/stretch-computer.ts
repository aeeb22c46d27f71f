import type { Stretch, StretchComputer } from '../core/kinds/take-and-break/platform.js';
import type { TakeBreakCode } from '../core/rules/code.js';
import type { ValueArray } from '../core/kernels/store.js';
import { workerFile } from './worker-path.js';
import type { WorkerRing } from './worker-ring.js';
import { RingOnDemand } from './ring-on-demand.js';
import { RingBuffers, SharedValues } from './ring-buffers.js';

/**
 * A task of workers/stretches.ts, the int32 fields of a task in the ring in this order: compute G over [FROM, TO)
 * from the buffer VALUES (G(0..FROM-1), BYTES bytes a value, true below CLEAN, predicted above), into the buffer OUT
 * (two bytes a value). LIMIT, the most values the run may reach, is unsigned. The values are as narrow as the run's
 * own (.1777's 443 million take one byte each).
 */
export const STRETCH_TASK = { FROM: 0, TO: 1, CLEAN: 2, LIMIT: 3, VALUES: 4, BYTES: 5, OUT: 6 } as const;
const FIELDS = Object.keys(STRETCH_TASK).length;

/** What the workers start with. */
export interface StretchStart {
  readonly code: TakeBreakCode;
}

/** The StretchComputer on Node: worker threads fed through a WorkerRing, each with its own kernel and copy of the values. */
export class WasmStretchComputer implements StretchComputer {
  private readonly ring: RingOnDemand<StretchStart>;
  private readonly buffers = new RingBuffers();
  private readonly values = new SharedValues(this.buffers);
  /** The shared values are true below this (values only ever become final). */
  private clean = 0;

  constructor(
    code: TakeBreakCode,
    readonly threads: number,
  ) {
    this.ring = new RingOnDemand({ file: workerFile('stretches'), threads, fields: FIELDS, data: { code }, role: 'stretch worker' });
  }

  compute(values: ValueArray, clean: number, predicted: Uint16Array, stretches: readonly Stretch[], limit: number): Promise<Uint16Array>[] {
    const upTo = clean + predicted.length;
    // Now, while `values` is a live view: the true values new since the last call, then the predictions.
    const id = this.values.ensure(upTo, this.clean, values.BYTES_PER_ELEMENT === 1 ? 1 : 2);
    this.values.write(values.subarray(this.clean, clean), this.clean);
    this.values.write(predicted, clean);
    this.clean = clean;
    const post = (ring: WorkerRing, { from, to }: Stretch): Promise<Uint16Array> => {
      const out = this.buffers.answer(ring, 2 * (to - from));
      this.buffers.share(ring);
      return ring.post([from, to, clean, (limit >>> 0) | 0, id, this.values.bytes, out.id]).then(
        () => (this.buffers.release(out), new Uint16Array(out.buffer, 0, to - from).slice()),
        (error: unknown) => (this.buffers.release(out), Promise.reject(error)),
      );
    };
    // Once the workers are up, the tasks go out before this returns: this thread computes its own stretch next.
    const started = this.ring.now;
    if (started) return stretches.map((stretch) => post(started, stretch));
    const ring = this.ring.starting();
    return stretches.map((stretch) => ring.then((ring) => post(ring, stretch)));
  }

  get ready(): boolean {
    return this.ring.now !== null;
  }

  prepare(): void {
    // A failure to start is the first round's to report (compute); none runs before the workers are up.
    this.ring.starting().catch(() => {});
  }

  close(): Promise<void> {
    return this.ring.close();
  }
}
