/**
 * The one driver behind every computation: heap rules, two-pile tables,
 * heaps with memory and rule modules all come as work done in steps, and the
 * driver runs the steps with what a long run needs: steps sized to take
 * about STEP_MILLISECONDS (kernels differ a thousandfold in speed), progress
 * between them, a stop on a signal (after a last checkpoint), checkpoints
 * every so often and at the end, and a turn of the event loop between steps.
 */
import type { ValueArray } from './kernels/store.js';
import { currentHost } from './host.js';

/** A step's outcome: finished with a result, or more to do. */
export type StepOutcome<R> = { readonly finished: true; readonly result: R } | { readonly finished: false };

/** Work done in short steps, so a driver can report progress and stop it between them. */
export interface SteppedWork<R> {
  /** Units of work done so far (values, cells, states), and the most there will be (Infinity when unknown). */
  done(): number;
  readonly ceiling: number;
  /** What a unit is, for progress lines ("values", "cells", "states"). */
  readonly unit: string;
  /** Do about `units` more units of work. */
  step(units: number): StepOutcome<R> | Promise<StepOutcome<R>>;
  /** What a checkpoint keeps: everything a later run needs to continue (absent: no checkpoints). */
  snapshot?(): ValueArray;
  /** How many units a snapshot holds, when that is not its length (states kept as text). */
  snapshotUnits?(snapshot: ValueArray): number;
  /** Release threads and workers (called once, however the run ends). */
  close?(): void | Promise<void>;
}

/**
 * What the driver needs of an AbortSignal, written out so that the public
 * types need neither Node's nor the DOM's typings (an AbortSignal is one).
 */
export interface StopRequest {
  readonly aborted: boolean;
  readonly reason?: unknown;
  throwIfAborted(): void;
  addEventListener(type: 'abort', listener: () => void, options?: { readonly once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** What drive reports and obeys: progress, a stop request, checkpoints of the work so far. */
export interface DriveOptions {
  /** Called between steps with the units done so far, the most there will be, and what a unit is. */
  readonly onProgress?: (done: number, ceiling: number, unit: string) => void;
  /** Stops between steps; the work so far goes to onCheckpoint first. */
  readonly signal?: StopRequest;
  /** Receives the work so far (and how many units it holds) every `checkpointEveryMs`, on abort, and at the end. */
  readonly onCheckpoint?: (values: ValueArray, units: number) => void;
  readonly checkpointEveryMs?: number;
  /** Called after each step with the work's snapshot (the values so far, for a heap table) and the units done: a report that streams. */
  readonly onValues?: (values: ValueArray, units: number) => void | Promise<void>;
}

/** Aim for steps of about this long, so progress, signals and Ctrl-C are served. */
export const STEP_MILLISECONDS = 40;
const FIRST_STEP = 256;
const LARGEST_STEP = 1 << 24;
const SMALLEST_STEP = 16;

/** Step sizes steered toward STEP_MILLISECONDS by the time the last step took. */
export class StepSizer {
  size = FIRST_STEP;
  private started = 0;

  begin(): number {
    this.started = performance.now();
    return this.size;
  }

  end(): void {
    const took = performance.now() - this.started;
    if (took < STEP_MILLISECONDS / 2) this.size = Math.min(this.size * 2, LARGEST_STEP);
    else if (took > STEP_MILLISECONDS * 2) this.size = Math.max(SMALLEST_STEP, this.size >> 1);
  }
}

/** Run `work` to the end, serving progress, signals and checkpoints between steps. */
export async function drive<R>(work: SteppedWork<R>, options: DriveOptions = {}): Promise<R> {
  const sizer = new StepSizer();
  const every = options.checkpointEveryMs ?? Infinity;
  const checkpoint =
    work.snapshot && options.onCheckpoint
      ? () => {
          const values = work.snapshot!();
          options.onCheckpoint!(values, work.snapshotUnits?.(values) ?? values.length);
        }
      : null;
  let lastCheckpoint = performance.now();
  // What a resumed run starts from is saved already (and a run that needs less must not cut it short).
  let saved = work.done();
  try {
    for (;;) {
      if (options.signal?.aborted) {
        checkpoint?.();
        options.signal.throwIfAborted();
      }
      const outcome = await work.step(sizer.begin());
      sizer.end();
      options.onProgress?.(work.done(), work.ceiling, work.unit);
      if (options.onValues && work.snapshot) await options.onValues(work.snapshot(), work.done());
      if (outcome.finished) {
        // The finished run is a checkpoint too: a later run that asks for more continues from it.
        if (checkpoint && work.done() > saved) checkpoint();
        return outcome.result;
      }
      if (checkpoint && performance.now() - lastCheckpoint >= every) {
        checkpoint();
        saved = work.done();
        lastCheckpoint = performance.now();
      }
      await currentHost().nextTurn();
    }
  } finally {
    await work.close?.();
  }
}

/** Run work whose steps are synchronous to the end, in this thread, with no progress or stops. */
export function driveSync<R>(work: SteppedWork<R>): R {
  const sizer = new StepSizer();
  try {
    for (;;) {
      const outcome = work.step(sizer.begin());
      if (outcome instanceof Promise) throw new TypeError('driveSync: this work has asynchronous steps');
      sizer.end();
      if (outcome.finished) return outcome.result;
    }
  } finally {
    void work.close?.();
  }
}

/**
 * Work written as a generator that yields after each piece of work (a heap,
 * a position searched, a row of a table), with how many units it was (none:
 * one): the driver resumes it until a step's units are done. `size` says
 * what a unit is and how many there will be (read at every step, so a run
 * in phases can change them).
 */
export function generatorWork<R>(units: Generator<number | void, R, void>, size: { readonly unit: string; readonly ceiling: number }): SteppedWork<R> {
  let done = 0;
  return {
    done: () => done,
    get ceiling() {
      return size.ceiling;
    },
    get unit() {
      return size.unit;
    },
    step(count) {
      // A step also ends on the clock (read every 64 pieces): pieces that count few units may still take long.
      const deadline = performance.now() + 2 * STEP_MILLISECONDS;
      for (let pieces = 1, goal = done + count; done < goal; pieces++) {
        const next = units.next();
        if (next.done) return { finished: true, result: next.value };
        done += next.value ?? 1;
        if ((pieces & 63) === 0 && performance.now() > deadline) break;
      }
      return { finished: false };
    },
  };
}

/**
 * The indices 0, 1, ... below `length()` in pieces of `piece`, yielding between pieces: `body(from, to)`
 * does from..to-1 in a plain function. Why: V8 optimizes a plain function's loop while it runs, but a
 * loop in a generator's own body only at the generator's next call, so a long loop written there runs
 * unoptimized (the misère quotient's loops took about 20% longer). `length` is read again after each
 * piece, for a list the body grows.
 */
export function* inPieces(length: () => number, piece: number, body: (from: number, to: number) => void): Generator<void, void, void> {
  for (let from = 0; from < length(); ) {
    const to = Math.min(length(), from + piece);
    body(from, to);
    from = to;
    yield;
  }
}

/** Run a generator of work to its end in this thread (small work: play, the library). */
export function runGenerator<R>(units: Generator<number | void, R, void>): R {
  for (;;) {
    const next = units.next();
    if (next.done) return next.value;
  }
}

/** Work that is done already: its result, at the first step. */
export function finishedWork<R>(result: R): SteppedWork<R> {
  return { done: () => 0, ceiling: 0, unit: 'steps', step: () => ({ finished: true, result }) };
}
