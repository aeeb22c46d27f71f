import { availableParallelism, loadavg } from 'node:os';
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { WorkerStartError, oneLineMessage } from '../core/errors.js';
import { roomForWorkerPipes, startedWithin, startingWorkers, threadsThatFit } from './threads.js';

/**
 * Worker threads fed through shared memory: a ring of task slots that this
 * thread fills and the workers claim in turn, each a few int32 fields.
 *
 * Why not messages: handing a task to a piscina worker cost this thread
 * 40-100 us here (its dispatch and the structured clone), about what the
 * worker then spent on a tenth of a block; with 16 workers a block, the
 * hand-overs alone would have capped a long run near 1.5x. Here a task is a
 * few stores and a notify (1-2 us), and a worker that finds no task spins
 * briefly before it sleeps, because waking a sleeping thread cost 20-40 us on
 * this host (a round trip: 40-47 us asleep, about 1 us spinning).
 *
 * Buffers the tasks name (by number) reach the workers once, as messages on
 * each worker's own port, which a worker reads synchronously when it meets a
 * number it does not know (`shareBuffer`).
 */

/** Control words: tasks posted and claimed (both counting up, wrapping as int32), and the stop flag. */
const POSTED = 0;
const CLAIMED = 1;
const STOP = 2;
const CONTROL_WORDS = 4;

/** A slot's state, its first word; the task's fields follow. */
const FREE = 0;
const POSTED_TASK = 1;
const DONE = 2;
const FAILED = 3;

/**
 * A thread that spins looks at the clock every this many turns (some tens of microseconds): each look
 * allocates a number and an array on its heap. Every 64 turns, a run of .014 to 2^20 on 2 threads allocated 14 MB on
 * the main thread and about 1 MB a second on the spinning worker, whose young generations then grew to 4 MB
 * semi-spaces (7-8 MB more resident each, and the largest part of what two threads cost above one).
 */
const CLOCK_EVERY = 1024;

/**
 * A worker's young generation at most (V8 takes a third of it for each of its two semi-spaces and the third for large
 * new objects: 1 MiB semi-spaces, where it starts). A ring's workers allocate next to nothing once a task runs (a
 * view or a request made per task, as they were, grew a worker's young generation with the run's length), so it
 * never needs more; capped, a worker's heap cannot grow there whatever a task allocates, only collect more often.
 */
const WORKER_YOUNG_GENERATION_MB = 3;

/** How long a worker with nothing to do spins before it sleeps, and the most it sleeps before looking at the stop flag. */
const SPIN_MS = 2;
const SLEEP_MS = 1000;

/** What a worker of the ring gets as its workerData. */
export interface RingWorkerData<D> {
  readonly control: SharedArrayBuffer;
  readonly slots: SharedArrayBuffer;
  /** Per slot: how long its task took (ms), and which worker took it. */
  readonly times: SharedArrayBuffer;
  readonly fields: number;
  /** This worker's number, from 0. */
  readonly worker: number;
  readonly spinMs: number;
  readonly port: MessagePort;
  /** The caller's own start-up data. */
  readonly data: D;
}

/** A message on a worker's port: a buffer tasks may name, or (from the worker) its failure. */
type PortMessage = { readonly buffer: SharedArrayBuffer; readonly id: number; readonly replaces?: number } | { readonly ready: true } | { readonly error: string };

export interface RingStart<D> {
  /** The compiled worker entry; it calls serveRing. */
  readonly file: string;
  readonly threads: number;
  /** int32 fields a task holds. */
  readonly fields: number;
  readonly data: D;
  /** What to call the worker in messages ("the rare/common worker ..."). */
  readonly role: string;
  readonly startTimeoutMs?: number;
  /** How long a thread may spin before it sleeps; by default as the cores and the machine's load allow (spinMs). */
  readonly spinMs?: number;
}

/** A task done: how long it took (ms), and which worker (from 0) took it. */
export interface TaskDone {
  readonly ms: number;
  readonly worker: number;
}

interface Pending {
  /** In the order posted, from 0. */
  readonly number: number;
  readonly resolve: (done: TaskDone) => void;
  readonly reject: (error: Error) => void;
}

/**
 * This thread's side: start the workers (each answers once it is ready),
 * post tasks, share buffers, close.
 */
export class WorkerRing {
  private readonly control: Int32Array;
  private readonly slots: Int32Array;
  private readonly times: Float64Array;
  private readonly size: number;
  private readonly stride: number;
  /** Tasks in the ring so far (an int32 that wraps, as the workers count them); tasks posted so far, ring and backlog. */
  private posted = 0;
  private numbered = 0;
  /**
   * Tasks in the ring by slot, not yet done (and how many); tasks waiting for a free slot, in order. An array, not a
   * Map: waitHere looks them over while it spins, and a Map's iterator allocated on every turn (2.3 GB over a run of
   * .014 to 2^20, which grew the young generation of this thread's heap to its largest).
   */
  private readonly pending: (Pending | null)[];
  private pendingCount = 0;
  private readonly backlog: { readonly fields: number[]; readonly task: Pending }[] = [];
  private broken: Error | null = null;
  private closed = false;
  /** Failures the workers reported that the port's listener took before failureMessage could. */
  private readonly reported: string[] = [];

  private constructor(
    private readonly workers: readonly Worker[],
    private readonly ports: readonly MessagePort[],
    buffers: { control: SharedArrayBuffer; slots: SharedArrayBuffer; times: SharedArrayBuffer },
    private readonly fields: number,
    private readonly role: string,
    /** How long this thread may spin waiting on the workers (spinMs, read once as the ring starts). */
    private readonly spin: number,
  ) {
    this.control = new Int32Array(buffers.control);
    this.slots = new Int32Array(buffers.slots);
    this.times = new Float64Array(buffers.times);
    this.size = this.times.length / 2;
    this.pending = new Array<Pending | null>(this.size).fill(null);
    this.stride = fields + 1;
    for (const port of ports) {
      port.on('message', (body: PortMessage) => 'error' in body && this.reported.push(body.error));
      // The workers (ref'd while tasks are out) hold the process open, not a port.
      port.unref();
    }
    for (const worker of workers) {
      worker.on('error', (error) => this.fail(new Error(`the ${role} thread failed: ${oneLineMessage(error)}`)));
      worker.on('exit', (code) => this.fail(new Error(`the ${role} thread stopped (exit code ${code})`)));
    }
    this.idle();
  }

  /** The workers, started and ready; a WorkerStartError where they cannot be. */
  static async start<D>(start: RingStart<D>): Promise<WorkerRing> {
    const threads = threadsThatFit(start.threads, start.role);
    return startingWorkers(threads, () => WorkerRing.startAndWait(start, threads));
  }

  private static async startAndWait<D>(start: RingStart<D>, threads: number): Promise<WorkerRing> {
    // Room for every task of three blocks in flight, a share per worker and this thread's.
    const size = ringSize(4 * (threads + 1));
    const buffers = {
      control: new SharedArrayBuffer(4 * CONTROL_WORDS),
      slots: new SharedArrayBuffer(4 * size * (start.fields + 1)),
      times: new SharedArrayBuffer(16 * size),
    };
    const who = `the ${start.role} ${start.file}`;
    const workers: Worker[] = [];
    const ports: MessagePort[] = [];
    const spin = start.spinMs ?? spinMs(threads);
    try {
      roomForWorkerPipes(threads);
      const ready: Promise<void>[] = [];
      for (let i = 0; i < threads; i++) {
        const { port1, port2 } = new MessageChannel();
        const workerData: RingWorkerData<D> = { ...buffers, fields: start.fields, worker: i, spinMs: spin, port: port2, data: start.data };
        const worker = new Worker(start.file, { workerData, transferList: [port2], resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
        workers.push(worker);
        ports.push(port1);
        ready.push(readyOf(worker, port1, who));
      }
      await startedWithin(Promise.all(ready), who, start.startTimeoutMs);
    } catch (error) {
      for (const worker of workers) void worker.terminate();
      if (error instanceof WorkerStartError) throw error;
      throw new WorkerStartError(`${who} could not be started: ${oneLineMessage(error)}`);
    }
    for (const port of ports) port.removeAllListeners('message');
    // (The ring listens on the ports from here on: a message between the two would wait in the port for it.)
    return new WorkerRing(workers, ports, buffers, start.fields, start.role, spin);
  }

  get threads(): number {
    return this.workers.length;
  }

  /** Give every worker `buffer` as number `id` (and let it forget `replaces`, which no later task names). */
  shareBuffer(id: number, buffer: SharedArrayBuffer, replaces?: number): void {
    for (const port of this.ports) port.postMessage({ id, buffer, ...(replaces !== undefined && { replaces }) } satisfies PortMessage);
  }

  /**
   * Post a task of `fields` int32 fields; resolves with how long the worker took over it, and which. Tasks reach the
   * workers in the order posted: while the ring is full (its slots hold tasks not yet done, some perhaps no longer
   * waited for), later ones wait here.
   */
  post(fields: ArrayLike<number>): Promise<TaskDone> {
    if (fields.length !== this.fields) throw new RangeError(`a task of ${fields.length} fields for a ring of ${this.fields}`);
    if (this.broken) return Promise.reject(this.broken);
    const number = this.numbered++;
    return new Promise<TaskDone>((resolve, reject) => {
      const task = { number, resolve, reject };
      // Straight into a free slot where none waits before it (the fields copied there, no copy of them kept).
      if (this.backlog.length === 0 && !this.pending[this.posted & (this.size - 1)]) {
        this.place(fields, task);
        this.announce(1);
      } else {
        this.backlog.push({ fields: Array.from(fields), task });
        this.publish();
      }
    });
  }

  /** Tasks from the backlog into free slots, in order; the workers hear of them. */
  private publish(): void {
    let published = 0;
    while (this.backlog.length > 0 && !this.pending[this.posted & (this.size - 1)]) {
      const { fields, task } = this.backlog.shift()!;
      this.place(fields, task);
      published++;
    }
    this.announce(published);
  }

  /** A task into the next slot (free). */
  private place(fields: ArrayLike<number>, task: Pending): void {
    const slot = this.posted & (this.size - 1);
    const at = slot * this.stride;
    for (let i = 0; i < this.fields; i++) this.slots[at + 1 + i] = fields[i]!;
    Atomics.store(this.slots, at, POSTED_TASK);
    if (this.pendingCount === 0) this.busy();
    this.pending[slot] = task;
    this.pendingCount++;
    this.posted = (this.posted + 1) | 0;
    this.watch(slot, task.number);
  }

  /** The workers hear of `published` new tasks. */
  private announce(published: number): void {
    if (published === 0) return;
    Atomics.store(this.control, POSTED, this.posted);
    // A worker asleep for each task (one spinning wakes by itself; a notify no one waits for costs next to nothing).
    Atomics.notify(this.control, POSTED, published);
  }

  /** Stop the workers; tasks still waiting fail. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    Atomics.store(this.control, STOP, 1);
    Atomics.notify(this.control, POSTED);
    this.fail(new Error(`the ${this.role} threads were closed`));
    // Held until they have exited (idle() leaves them held from here on): a worker that exits first would otherwise
    // let go of the others through fail(), and a process with nothing else to do ended there, before its caller went
    // on (a script's top-level await unsettled, exit code 13, in 2 runs of 8).
    this.busy();
    await Promise.all(this.workers.map((worker) => worker.terminate()));
    for (const port of this.ports) port.close();
  }

  /**
   * Wait here, spinning, up to `withinMs` for tasks numbered below `count` (see `issued`) to be done, and settle
   * those done. Marks the caller awaits next settle so without a turn of the event loop, which took 100 us here
   * after a worker had finished (its notify reaches this thread as a task of the event loop).
   */
  waitHere(count: number, withinMs: number): void {
    const until = performance.now() + (this.spin > 0 ? withinMs : 0);
    for (let turn = 0; ; turn++) {
      let waiting = this.backlog.length > 0 && this.backlog[0]!.task.number < count;
      for (let slot = 0; slot < this.size; slot++) {
        const task = this.pending[slot];
        if (!task || task.number >= count) continue;
        const state = Atomics.load(this.slots, slot * this.stride);
        if (state === POSTED_TASK) waiting = true;
        else this.finish(slot, state);
      }
      if (!waiting || (turn % CLOCK_EVERY === 0 && performance.now() >= until)) return;
    }
  }

  /** Tasks posted so far (the next one's number). */
  get issued(): number {
    return this.numbered;
  }

  /** Wait, without blocking this thread, for the worker to finish task `number` in `slot`. */
  private watch(slot: number, number: number): void {
    const state = Atomics.load(this.slots, slot * this.stride);
    if (state !== POSTED_TASK) return this.finish(slot, state);
    const wait = Atomics.waitAsync(this.slots, slot * this.stride, POSTED_TASK);
    if (!wait.async) return this.watch(slot, number);
    // Settled meanwhile (waitHere), the slot may hold a later task, which has its own watch.
    void wait.value.then(() => this.pending[slot]?.number === number && this.watch(slot, number));
  }

  /** The task in `slot` is done or failed: settle it, free the slot, publish what waits for one. */
  private finish(slot: number, state: number): void {
    const waiting = this.pending[slot];
    if (!waiting) return;
    this.pending[slot] = null;
    if (--this.pendingCount === 0) this.idle();
    Atomics.store(this.slots, slot * this.stride, FREE);
    if (state === DONE) waiting.resolve({ ms: this.times[2 * slot]!, worker: this.times[2 * slot + 1]! });
    else waiting.reject(new Error(`the ${this.role} thread failed: ${this.failureMessage() ?? 'no message'}`));
    this.publish();
  }

  /** A failed worker's message (it posts it before it marks its task failed: it is in its port, or was taken from there). */
  private failureMessage(): string | null {
    for (const port of this.ports) {
      for (let message = receiveMessageOnPort(port); message; message = receiveMessageOnPort(port)) {
        const body = message.message as PortMessage;
        if ('error' in body) this.reported.push(body.error);
      }
    }
    return this.reported.shift() ?? null;
  }

  /** Every task still waiting fails with `error`, and so does every later one. */
  private fail(error: Error): void {
    this.broken ??= error;
    const waiting = [...this.pending.filter((task) => task !== null), ...this.backlog.map(({ task }) => task)];
    this.pending.fill(null);
    this.pendingCount = 0;
    this.backlog.length = 0;
    this.idle();
    for (const task of waiting) task.reject(this.broken);
  }

  /** While tasks are out, the workers keep the process alive (a promise alone would not: nothing else may be pending). */
  private busy(): void {
    for (const worker of this.workers) worker.ref();
  }

  private idle(): void {
    if (this.closed) return;
    for (const worker of this.workers) worker.unref();
  }
}

/** Resolves when the worker says it is ready; rejects with its failure to start. */
function readyOf(worker: Worker, port: MessagePort, who: string): Promise<void> {
  return new Promise((resolve, reject) => {
    port.on('message', (body: PortMessage) => {
      if ('ready' in body) resolve();
      else if ('error' in body) reject(new WorkerStartError(`${who} failed to start: ${body.error}`));
    });
    worker.once('error', (error) => reject(new WorkerStartError(`${who} failed to start: ${oneLineMessage(error)}`)));
    worker.once('exit', (code) => reject(new WorkerStartError(`${who} stopped as it started (exit code ${code})`)));
  });
}

/**
 * How long a thread of the ring may spin (this one included): not at all where the threads outnumber the cores, nor
 * where the machine's load (its last minute's average, read as the ring starts) leaves too few idle cores for them.
 * A thread spinning there takes the core its partner is waiting for: Officers to 2^17 on 2 threads of a 2-core
 * machine at load 40 took 8.8 s of CPU against 0.36 s on one. Asleep, a hand-over costs a wake-up instead.
 */
function spinMs(workers: number): number {
  const cores = availableParallelism();
  const busy = loadavg()[0] ?? 0;
  // Half a core a core of slack: a run's own last minute (back-to-back runs) should not stop the next one spinning.
  return workers + 1 <= cores && workers + 1 + busy <= 1.5 * cores ? SPIN_MS : 0;
}

/** The least power of two of at least `tasks` slots. */
function ringSize(tasks: number): number {
  let size = 16;
  while (size < tasks) size *= 2;
  return size;
}

/**
 * The worker's side: say it is ready, then take tasks until told to stop.
 * `handle` gets a task's fields and the buffers by number; a task that throws
 * fails with its message (the worker goes on).
 */
export function serveRing<D>(workerData: RingWorkerData<D>, handle: (task: Int32Array, buffer: (id: number) => SharedArrayBuffer) => void): void {
  const control = new Int32Array(workerData.control);
  const slots = new Int32Array(workerData.slots);
  const times = new Float64Array(workerData.times);
  const { port, fields, spinMs } = workerData;
  const size = times.length / 2;
  const stride = fields + 1;
  const buffers = new Map<number, SharedArrayBuffer>();
  // Each slot's fields as a view made once (a view made per task is garbage on this thread's heap).
  const fieldsOf = Array.from({ length: size }, (_, slot) => slots.subarray(slot * stride + 1, (slot + 1) * stride));
  const buffer = (id: number): SharedArrayBuffer => {
    // This thread posts a buffer before any task that names it, so it is on the port by now.
    while (!buffers.has(id)) {
      const message = receiveMessageOnPort(port);
      if (!message) break;
      const body = message.message as PortMessage;
      if (!('buffer' in body)) continue;
      buffers.set(body.id, body.buffer);
      if (body.replaces !== undefined) buffers.delete(body.replaces);
    }
    const found = buffers.get(id);
    if (!found) throw new Error(`a task names buffer ${id}, which this worker was never given`);
    return found;
  };
  port.postMessage({ ready: true } satisfies PortMessage);
  for (;;) {
    const index = claim(control, spinMs);
    if (index === null) return;
    const at = (index & (size - 1)) * stride;
    const started = performance.now();
    try {
      handle(fieldsOf[index & (size - 1)]!, buffer);
      times[2 * (index & (size - 1))] = performance.now() - started;
      times[2 * (index & (size - 1)) + 1] = workerData.worker;
      Atomics.store(slots, at, DONE);
    } catch (error) {
      port.postMessage({ error: oneLineMessage(error) } satisfies PortMessage);
      Atomics.store(slots, at, FAILED);
    }
    Atomics.notify(slots, at);
  }
}

/** The next task's number, once there is one (spinning briefly, then asleep); null when told to stop. */
function claim(control: Int32Array, spinMs: number): number | null {
  let spinUntil = performance.now() + spinMs;
  for (let turn = 1; ; turn++) {
    if (Atomics.load(control, STOP) !== 0) return null;
    const posted = Atomics.load(control, POSTED);
    const claimed = Atomics.load(control, CLAIMED);
    if (((posted - claimed) | 0) > 0) {
      if (Atomics.compareExchange(control, CLAIMED, claimed, (claimed + 1) | 0) === claimed) return claimed;
      continue;
    }
    if (turn % CLOCK_EVERY !== 0 || performance.now() < spinUntil) continue;
    Atomics.wait(control, POSTED, posted, SLEEP_MS);
    spinUntil = performance.now() + spinMs;
  }
}
