import { Worker } from 'node:worker_threads';
import { STEP_MILLISECONDS, type SteppedWork } from '../driver.js';
import { basename } from 'node:path';
import { InputError } from '../errors.js';
import { workerFile } from '../worker-path.js';
import type { CustomRuleJob, CustomRuleReply, StateAnswer } from '../../workers/custom-rule.js';

export interface CustomRun {
  /** A heap module's values; empty for a module with states of its own. */
  readonly values: Uint32Array;
  /** A module with states of its own: the states asked about, with values and options. */
  readonly states?: { readonly answers: readonly StateAnswer[]; readonly tabulated: boolean };
  readonly name?: string;
  readonly description?: string;
  /** The module's own default max, as it wrote it. */
  readonly max?: string;
}

export interface CustomRunOptions {
  readonly count?: number;
  readonly defaultCount: number;
  readonly capacity: number;
  /** How long one options(n) call (or loading the module) may take. */
  readonly timeoutMs: number;
  /** Where the module's own prints go (default: this process's stderr; stdout carries only the report). */
  readonly log?: NodeJS.WritableStream;
  /** For a module with states: the states of --position (JSON texts), or --max for states(max). */
  readonly positions?: readonly string[];
  readonly max?: number;
  readonly maxStates?: number;
  /** Values G(0..) from a checkpoint (heap modules): the module is asked only about later heaps. */
  readonly resume?: ArrayLike<number>;
  /** A checkpoint is wanted: a module with states of its own is refused (its search is not checkpointed). */
  readonly checkpoint?: boolean;
}

/** Distinct states a state module's search may hold when not told otherwise: about 1 KB each. */
export function defaultMaxStates(freeBytes: number): number {
  return Math.max(10_000, Math.min(50_000_000, Math.floor(freeBytes / 1024)));
}

const WATCH_INTERVAL_MS = 25;
/** Heap slot values before the first heap: the worker thread is starting, then the module is loading. */
const STARTING = -2;
const LOADING = -1;
/** A worker thread that has not even started by then is broken, whatever --timeout says. */
const START_LIMIT_MS = 30_000;
const EXIT_GRACE_MS = 500;

/** A rule module running in its worker thread. */
interface ModuleRun {
  /** Settles when the module is done, or has failed. */
  readonly finished: Promise<CustomRun>;
  /** Heaps whose values are final (heap modules), or states expanded (modules with states). */
  progress(): number;
  /** How many values a heap module computes (0 until the module has said). */
  count(): number;
  readonly statesMode: () => boolean;
  /** A heap module's values so far, G(0..progress()-1), in the memory the worker writes. */
  valuesSoFar(): Uint32Array;
  /** A module with states of its own: the states solved so far (with --checkpoint), as JSON lines [key, value]. */
  statesSoFar(): { text: string; count: number };
  stop(): void;
}

/**
 * Start a custom rule module in a worker thread. A watchdog reads the heap
 * (or state) the worker is on; when the same one has taken longer than the
 * timeout, the worker is terminated (this stops even a synchronous endless
 * loop) and the message names it. The worker writes a heap module's values
 * into shared memory, so a checkpoint can be taken while it runs.
 */
function startRuleModule(module: string, options: CustomRunOptions): ModuleRun {
  const name = basename(module);
  const currentHeap = new SharedArrayBuffer(4);
  const heap = new Int32Array(currentHeap);
  Atomics.store(heap, 0, STARTING);
  const currentState = new SharedArrayBuffer(4 + 512);
  const job: CustomRuleJob = {
    module,
    count: options.count,
    defaultCount: options.defaultCount,
    capacity: options.capacity,
    currentHeap,
    currentState,
    positions: options.positions,
    max: options.max,
    maxStates: options.maxStates ?? defaultMaxStates(options.capacity * 4),
    // A module with states of its own keeps its checkpoint as text (JSON lines), a heap module as values.
    resume: options.resume?.length && !(options.resume instanceof Uint8Array) ? Uint32Array.from(options.resume) : undefined,
    resumeStates: options.resume instanceof Uint8Array && options.resume.length ? Buffer.from(options.resume).toString('utf8') : undefined,
    checkpoint: options.checkpoint ?? false,
  };
  // The state being expanded, for a watchdog message (modules with states of their own).
  const stateNow = (): string => {
    const length = Atomics.load(new Int32Array(currentState, 0, 1), 0);
    const key = new TextDecoder().decode(new Uint8Array(currentState, 4, Math.min(length, 512)).slice());
    return key.length > 120 ? key.slice(0, 117) + '...' : key;
  };
  let statesMode = false;
  let shared: Uint32Array<ArrayBufferLike> = new Uint32Array(0);
  // States solved so far (with --checkpoint), as JSON lines; a resumed run starts from its checkpoint's.
  const solvedLines: string[] = job.resumeStates ? [job.resumeStates] : [];
  let solvedCount = job.resumeStates ? job.resumeStates.split('\n').filter(Boolean).length : 0;
  // The module's own prints go to stderr: stdout carries only the report.
  const worker = new Worker(workerFile('custom-rule'), { workerData: job, stdout: true });
  worker.stdout.pipe(options.log ?? process.stderr, { end: false });

  const finished = new Promise<CustomRun>((resolve, reject) => {
    let meta: Omit<CustomRun, 'values'> = {};
    let result: CustomRun | undefined;
    let settled = false;
    let watched = -1;
    let since = performance.now();
    const finish = (error: Error | null, run?: CustomRun) => {
      if (settled) return;
      settled = true;
      clearInterval(watchdog);
      void worker.terminate();
      if (error) reject(error);
      else resolve(run!);
    };
    const fail = (message: string) => finish(new InputError(`rule module ${name}: ${message}`));
    const watchdog = setInterval(() => {
      const now = Atomics.load(heap, 0);
      if (now !== watched) {
        watched = now;
        since = performance.now();
        if (now >= 0 && new Int32Array(currentState, 0, 1)[0]! > 0) statesMode = true;
        return;
      }
      const waited = performance.now() - since;
      // The thread's own start-up is not the module's time.
      if (now === STARTING) {
        if (waited > START_LIMIT_MS) fail(`its worker thread did not start within ${START_LIMIT_MS / 1000} s`);
      } else if (waited > options.timeoutMs) {
        fail(now === LOADING ? `loading it ran past --timeout ${options.timeoutMs} ms` : `options(${statesMode ? stateNow() : now}) ran past --timeout ${options.timeoutMs} ms`);
      }
    }, Math.max(1, Math.min(WATCH_INTERVAL_MS, options.timeoutMs / 4)));
    worker.on('message', (reply: CustomRuleReply) => {
      if (reply.type === 'loaded') meta = { name: reply.name, description: reply.description, max: reply.max };
      else if (reply.type === 'computing') shared = new Uint32Array(reply.values);
      else if (reply.type === 'solved') {
        solvedLines.push(reply.lines);
        solvedCount += reply.count;
      }
      else if (reply.type === 'values' || reply.type === 'states') {
        // Let the thread end by itself so the module's last prints are flushed; then stop it anyway.
        clearInterval(watchdog);
        result = reply.type === 'values' ? { ...meta, values: reply.values } : { ...meta, values: new Uint32Array(0), states: { answers: reply.answers, tabulated: reply.tabulated } };
        const done = result;
        setTimeout(() => finish(null, done), EXIT_GRACE_MS);
      }
      else fail(reply.message);
    });
    worker.on('error', (error) => fail(`crashed: ${error.message}`));
    worker.once('exit', (code) => (result ? finish(null, result) : fail(`its worker stopped (exit code ${code}) before finishing`)));
  });
  return {
    finished,
    progress: () => (statesMode ? Math.max(0, Atomics.load(heap, 0)) : Math.max(0, Math.min(Atomics.load(heap, 0), shared.length))),
    count: () => shared.length,
    statesMode: () => statesMode,
    valuesSoFar: () => shared.subarray(0, Math.max(0, Math.min(Atomics.load(heap, 0), shared.length))),
    statesSoFar: () => ({ text: solvedLines.join(''), count: solvedCount }),
    stop: () => void worker.terminate(),
  };
}

/**
 * A rule module as work for the driver: each step waits a little for the
 * worker, so progress, Ctrl-C and checkpoints are served while it runs.
 */
export function ruleModuleWork(module: string, options: CustomRunOptions): SteppedWork<CustomRun> {
  const run = startRuleModule(module, options);
  // How many states the last snapshot held (the driver asks right after taking it).
  let lastStates = 0;
  let result: CustomRun | undefined;
  let failure: unknown;
  run.finished.then(
    (r) => (result = r),
    (error: unknown) => (failure = error ?? new Error('failed')),
  );
  return {
    done: () => (result && !result.states ? result.values.length : run.progress()),
    get ceiling() {
      return run.statesMode() || run.count() === 0 ? Infinity : run.count();
    },
    get unit() {
      return run.statesMode() ? 'states' : 'values';
    },
    async step() {
      if (!result && !failure) await Promise.race([run.finished.catch(() => {}), new Promise((resolve) => setTimeout(resolve, STEP_MILLISECONDS))]);
      if (failure) throw failure;
      return result ? { finished: true, result } : { finished: false };
    },
    snapshot() {
      if (!run.statesMode()) return result ? result.values : run.valuesSoFar();
      const { text, count } = run.statesSoFar();
      lastStates = count;
      return new Uint8Array(Buffer.from(text, 'utf8'));
    },
    snapshotUnits: (values) => (run.statesMode() ? lastStates : values.length),
    close: () => run.stop(),
  };
}
