import { STEP_MILLISECONDS, type SteppedWork } from '../../core/driver.js';
import { basename } from 'node:path';
import { InputError, mention, says, type Wording } from '../../core/errors.js';
import type { RuleModuleJob, RuleModuleReply, StateAnswer } from './sandbox-protocol.js';
import { DAMAGED_ANSWER, startSandbox, type Sandbox } from './sandbox.js';
import type { OptionTable } from '../../core/heap/option-table.js';

/** Whether `reply` could be the sandbox's: counts within memory, values within the heaps announced. */
function plausible(reply: RuleModuleReply, heaps: number, capacity: number): boolean {
  const count = (n: unknown, most: number) => Number.isSafeInteger(n) && (n as number) >= 0 && (n as number) <= most;
  switch (reply?.type) {
    case 'computing':
      return count(reply.count, capacity);
    case 'values':
      return reply.values instanceof Uint32Array && count(reply.from, heaps) && reply.from + reply.values.length <= heaps;
    case 'solved':
      return typeof reply.lines === 'string' && count(reply.count, Number.MAX_SAFE_INTEGER);
    case 'states':
      return Array.isArray(reply.answers);
    case 'error':
      return typeof reply.message === 'string';
    case 'options':
      return [reply.table?.heapStarts, reply.table?.optionStarts, reply.table?.parts].every((a) => a instanceof Uint32Array) && Number.isSafeInteger(reply.table.upTo) && reply.table.upTo < heaps;
    case 'loaded':
    case 'done':
      return true;
    default:
      return false;
  }
}

export interface CustomRun {
  /** A heap module's values; empty for a module with states of its own. */
  readonly values: Uint32Array;
  /** A module with states of its own: the states asked about, with values and options. */
  readonly states?: { readonly answers: readonly StateAnswer[]; readonly tabulated: boolean };
  readonly name?: string;
  readonly description?: string;
  /** The module's own default max, as it wrote it. */
  readonly max?: string;
  /** A heap module's options of heaps 0..upTo, where they were asked for (optionsUpTo). */
  readonly options?: OptionTable;
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
  /** A heap module: record the options of heaps 0 to this, as far as they fit (see OptionTable). */
  readonly optionsUpTo?: number;
  /** Values G(0..) from a checkpoint (heap modules): the module is asked only about later heaps. */
  readonly resume?: ArrayLike<number>;
  /** A checkpoint is wanted: a module with states of its own then sends the states it solves. */
  readonly checkpoint?: boolean;
  /** What asked for `count` values, for a refusal in the user's terms ("--position 10^18"). */
  readonly countReason?: string;
  /** --trust-module: run the module without the sandbox's limits. */
  readonly trusted?: boolean;
}

/** Distinct states a state module's search may hold when not told otherwise: about 1 KB each. */
export function defaultMaxStates(freeBytes: number): number {
  return Math.max(10_000, Math.min(50_000_000, Math.floor(freeBytes / 1024)));
}

const WATCH_INTERVAL_MS = 25;
/** A sandbox that has not even started by then is broken, whatever --timeout says. */
const START_LIMIT_MS = 30_000;
/** How long the module's last prints may take to arrive after its answer. */
const PRINTS_GRACE_MS = 500;
/** How long a call past --timeout has to name itself after the SIGINT before the sandbox is ended. */
const INTERRUPT_GRACE_MS = 1000;

/** A rule module running in its sandbox. */
interface ModuleRun {
  /** Settles when the module is done, or has failed. */
  readonly finished: Promise<CustomRun>;
  /** Heaps whose values are final (heap modules), or states expanded (modules with states). */
  progress(): number;
  /** How many values a heap module computes (0 until the module has said). */
  count(): number;
  readonly statesMode: () => boolean;
  /** A heap module's values so far, G(0..progress()-1). */
  valuesSoFar(): Uint32Array;
  /** A module with states of its own: the states solved so far (with --checkpoint), as JSON lines [key, value]. */
  statesSoFar(): { text: string; count: number };
  stop(): void;
}

/** What the sandbox is asked to do: the module, its limits, and where a checkpoint lets it start. */
function ruleModuleJob(module: string, options: CustomRunOptions): RuleModuleJob {
  return {
    module,
    timeoutMs: options.timeoutMs,
    count: options.count,
    countReason: options.countReason,
    defaultCount: options.defaultCount,
    capacity: options.capacity,
    positions: options.positions,
    optionsUpTo: options.optionsUpTo,
    max: options.max,
    maxStates: options.maxStates ?? defaultMaxStates(options.capacity * 4),
    // A module with states of its own keeps its checkpoint as text (JSON lines), a heap module as values.
    resume: options.resume?.length && !(options.resume instanceof Uint8Array) ? Uint32Array.from(options.resume) : undefined,
    resumeStates: options.resume instanceof Uint8Array && options.resume.length ? Buffer.from(options.resume).toString('utf8') : undefined,
    checkpoint: options.checkpoint ?? false,
  };
}

/** What the sandbox has sent so far: the module's description, its values or solved states, and its answer's parts. */
class ModuleReplies {
  statesMode = false;
  values = new Uint32Array(0);
  received = 0;
  calls = 0;
  // States solved so far (with --checkpoint), as JSON lines; a resumed run starts from its checkpoint's.
  readonly solvedLines: string[];
  solvedCount: number;
  private readonly stateAnswers: StateAnswer[] = [];
  private meta: Omit<CustomRun, 'values'> = {};

  constructor(private readonly job: RuleModuleJob) {
    this.solvedLines = job.resumeStates ? [job.resumeStates] : [];
    this.solvedCount = job.resumeStates ? job.resumeStates.split('\n').filter(Boolean).length : 0;
  }

  /** Take a plausible reply in: `answered` with the run once it is complete, `fail` with a module's error. */
  take(reply: RuleModuleReply, answered: (run: CustomRun) => void, fail: (message: Wording) => void): void {
    const job = this.job;
    if (reply.type === 'loaded') {
      this.meta = { name: reply.name, description: reply.description, max: reply.max };
      this.statesMode = reply.states;
    }
    else if (reply.type === 'computing') {
      this.values = new Uint32Array(reply.count);
      this.received = job.resume ? Math.min(job.resume.length, reply.count) : 0;
      if (this.received) this.values.set(job.resume!.subarray(0, this.received));
    } else if (reply.type === 'values') {
      this.values.set(reply.values, reply.from);
      this.received = reply.from + reply.values.length;
    } else if (reply.type === 'options') this.meta = { ...this.meta, options: reply.table };
    else if (reply.type === 'done') answered({ ...this.meta, values: this.values });
    else if (reply.type === 'solved') {
      this.statesMode = true;
      this.solvedLines.push(reply.lines);
      this.solvedCount += reply.count;
    } else if (reply.type === 'states') {
      // A long answer comes in parts (frames are bounded): the last has no `more`.
      this.stateAnswers.push(...reply.answers);
      if (!reply.more) answered({ ...this.meta, values: new Uint32Array(0), states: { answers: this.stateAnswers, tabulated: reply.tabulated } });
    } else fail(reply.message);
  }
}

/** The call the sandbox says the module is in (null while the sandbox does its own work), and since when. */
interface CallClock {
  call: string | null;
  started: boolean;
  since: number;
  /** When a call past the timeout was asked to name itself (SIGINT). */
  interruptedAt: number | undefined;
}

/**
 * Watch the clock: a sandbox that does not start, or a call past the
 * timeout, fails the run. A call past the timeout is first asked to name
 * itself (SIGINT); one that does not within INTERRUPT_GRACE_MS is ended.
 */
function watchCalls(clock: CallClock, timeoutMs: number, interrupt: () => void, fail: (message: Wording) => void): ReturnType<typeof setInterval> {
  return setInterval(() => {
    const now = performance.now();
    const waited = now - clock.since;
    if (!clock.started) {
      if (waited > START_LIMIT_MS) fail(`its sandbox did not start within ${START_LIMIT_MS / 1000} s`);
    } else if (clock.call !== null && waited > timeoutMs) {
      const late = says`${clock.call} ran past ${mention('timeoutMs')} ${timeoutMs} ms`;
      if (clock.call === 'loading it') fail(late);
      else if (clock.interruptedAt === undefined) {
        clock.interruptedAt = now;
        interrupt();
      } else if (now - clock.interruptedAt > INTERRUPT_GRACE_MS) fail(late);
    }
  }, Math.max(1, Math.min(WATCH_INTERVAL_MS, timeoutMs / 4)));
}

/**
 * Start a custom rule module in its sandbox (src/host/module/sandbox.ts). A
 * watchdog times each call the sandbox says the module is in; one that runs
 * past the timeout ends the sandbox (this stops even a synchronous endless
 * loop) and the message names it. A heap module's values arrive in batches,
 * so a checkpoint can be taken while it runs.
 */
function startRuleModule(module: string, options: CustomRunOptions): ModuleRun {
  const name = basename(module);
  const job = ruleModuleJob(module, options);
  const replies = new ModuleReplies(job);
  let sandbox: Sandbox | undefined;
  // Ends the run from outside (a signal to sg-explore): the sandbox, the watchdog and the promise.
  let abandon = () => sandbox?.stop();

  const finished = new Promise<CustomRun>((resolve, reject) => {
    let settled = false;
    const clock: CallClock = { call: null, started: false, since: performance.now(), interruptedAt: undefined };
    const finish = (error: Error | null, run?: CustomRun) => {
      if (settled) return;
      settled = true;
      clearInterval(watchdog);
      sandbox?.stop();
      if (error) reject(error);
      else resolve(run!);
    };
    const fail = (message: Wording) => finish(new InputError(says`rule module ${name}: ${message}`, { code: 'bad-rule', field: 'rule', value: name }));
    abandon = () => finish(new Error('stopped'));
    // The answer counts once the sandbox has ended by itself, as the supervisor reports (a module
    // that killed the supervisor and went on is refused, whatever it answered).
    let answer: CustomRun | undefined;
    const answered = (run: CustomRun) => {
      answer = run;
      clock.call = null;
    };
    const watchdog = watchCalls(clock, options.timeoutMs, () => sandbox?.interrupt(), fail);
    try {
      sandbox = startSandbox(job, { trusted: options.trusted ?? false, log: options.log ?? process.stderr }, {
        onCall(count, what) {
          clock.started = true;
          clock.call = what;
          clock.since = performance.now();
          replies.calls = count;
        },
        onIdle(count) {
          clock.started = true;
          clock.call = null;
          replies.calls = count;
        },
        onReply(reply) {
          if (settled || answer) return;
          // A module can write to the channel too: an answer that cannot be the sandbox's is refused, not acted on.
          if (!plausible(reply, replies.values.length, job.capacity)) return fail(DAMAGED_ANSWER);
          replies.take(reply, answered, fail);
        },
        onEnd(why) {
          // A sandbox stopped by the SIGINT for a late call, before it could say which: the last call it named.
          if (why !== null && clock.interruptedAt !== undefined && clock.call !== null) return fail(says`${clock.call} ran past ${mention('timeoutMs')} ${options.timeoutMs} ms`);
          if (why !== null) return fail(why);
          if (!answer) return fail('its process ended before answering');
          const run = answer;
          // The module's last prints go out before the report.
          void sandbox!.drained(PRINTS_GRACE_MS).then(() => finish(null, run));
        },
      });
    } catch (error) {
      finish(error as Error);
    }
  });
  return {
    finished,
    progress: () => (replies.statesMode ? replies.calls : replies.received),
    count: () => replies.values.length,
    statesMode: () => replies.statesMode,
    valuesSoFar: () => replies.values.subarray(0, replies.received),
    statesSoFar: () => ({ text: replies.solvedLines.join(''), count: replies.solvedCount }),
    stop: () => abandon(),
  };
}

/**
 * A rule module as work for the driver: each step waits a little for the
 * sandbox, so progress, Ctrl-C and checkpoints are served while it runs.
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
