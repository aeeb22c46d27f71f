import type { RingStart, WorkerRing } from './worker-ring.js';

/**
 * A WorkerRing started when first asked for, and closed with whatever
 * state it is in. worker-ring.js (and node:worker_threads) load only then,
 * so a run that never shares work pays nothing at start-up.
 */
export class RingOnDemand<D> {
  private ring: Promise<WorkerRing> | null = null;
  private started: WorkerRing | null = null;

  constructor(private readonly start: RingStart<D>) {}

  /** The ring, if it is up. */
  get now(): WorkerRing | null {
    return this.started;
  }

  /** The ring once up (started by the first call); a WorkerStartError where it cannot be. */
  starting(): Promise<WorkerRing> {
    this.ring ??= import('./worker-ring.js').then(({ WorkerRing }) => WorkerRing.start(this.start));
    return this.ring.then((ring) => (this.started = ring));
  }

  /** Close the ring, started or starting; one that failed to start needs nothing. */
  async close(): Promise<void> {
    const ring = this.ring;
    this.ring = null;
    this.started = null;
    await ring?.then((started) => started.close(), () => {});
  }
}
