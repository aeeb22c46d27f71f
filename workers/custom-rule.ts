/**
 * Worker: load a custom rule module and compute its values. It runs apart
 * from the main thread so that a module that loops forever can be stopped
 * (the main thread terminates this worker when --timeout passes).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { computeCustomValues, RuleModuleError, type RuleModule } from '../src/custom/compute.js';
import { parseCount } from '../src/numbers.js';
import { solveStates, StateSearchError, type SolvedOption } from '../src/states/search.js';

export interface CustomRuleJob {
  readonly module: string;
  /** Values to compute; without it, the module's own `max` export + 1, else `defaultCount`. */
  readonly count?: number;
  readonly defaultCount: number;
  /** The most values memory can hold. */
  readonly capacity: number;
  /** Int32Array over a SharedArrayBuffer: [0] = heap being computed (-2 starting, -1 loading the module). */
  readonly currentHeap: SharedArrayBuffer;
  /** For modules with their own states: [0] = byte length, then the UTF-8 key of the state being expanded. */
  readonly currentState: SharedArrayBuffer;
  /** States to evaluate (JSON texts), for --position; else `states(max)`, else `start`. */
  readonly positions?: readonly string[];
  readonly max?: number;
  readonly maxStates: number;
  /** Values G(0..) from a checkpoint: computation starts after them. */
  readonly resume?: Uint32Array;
  /** A module with states of its own: the values a checkpoint holds, as JSON lines [key, value]. */
  readonly resumeStates?: string;
  /** A checkpoint is wanted: a module with states of its own then posts the values it finds. */
  readonly checkpoint: boolean;
}

export interface StateAnswer {
  readonly state: unknown;
  readonly value: number;
  readonly options: readonly SolvedOption[];
}

export type CustomRuleReply =
  | { readonly type: 'loaded'; readonly name?: string; readonly description?: string; readonly max?: string }
  /** A heap module's values are being written here (shared memory), G(0..currentHeap-1) final. */
  | { readonly type: 'computing'; readonly values: SharedArrayBuffer }
  | { readonly type: 'values'; readonly values: Uint32Array }
  /** States solved since the last such message, as JSON lines [key, value] (with --checkpoint). */
  | { readonly type: 'solved'; readonly lines: string; readonly count: number }
  | { readonly type: 'states'; readonly answers: readonly StateAnswer[]; readonly tabulated: boolean }
  | { readonly type: 'error'; readonly message: string };

const job = workerData as CustomRuleJob;
const post = (reply: CustomRuleReply, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(reply, transfer);
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

async function run(): Promise<void> {
  const currentHeap = new Int32Array(job.currentHeap);
  Atomics.store(currentHeap, 0, -1); // the module's time starts now
  let loaded: Record<string, unknown>;
  try {
    loaded = (await import(pathToFileURL(job.module).href)) as Record<string, unknown>;
  } catch (error) {
    return post({ type: 'error', message: `failed to load: ${error instanceof Error ? error.message : String(error)}` });
  }
  const candidate = (loaded.options ?? (loaded.default as Record<string, unknown> | undefined)?.options) as unknown;
  if (typeof candidate !== 'function') return post({ type: 'error', message: 'must export a function options(n) returning the options of a heap of n' });
  const module = { ...(loaded.default as object), ...loaded, options: candidate } as RuleModule & Record<string, unknown>;
  const max = module.max;
  post({ type: 'loaded', name: text(module.name), description: text(module.description), max: max === undefined ? undefined : String(max) });
  // A module with states of its own says so by exporting start or states (see src/states/search.ts).
  if ('start' in module || 'states' in module) {
    if (job.resume) return post({ type: 'error', message: 'has states of its own, but the checkpoint holds heap values: start afresh with --force' });
    return solveModuleStates(module, currentHeap);
  }
  if (job.resumeStates !== undefined) return post({ type: 'error', message: 'is a heap game, but the checkpoint holds states: start afresh with --force' });
  try {
    const count = job.count ?? (max === undefined ? job.defaultCount : Number(parseCount(String(max), "the module's max")) + 1);
    if (count > job.capacity) return post({ type: 'error', message: `${count} values do not fit in memory (room for about ${job.capacity})` });
    const values = new Uint32Array(new SharedArrayBuffer(count * 4));
    const resumed = job.resume ? Math.min(job.resume.length, count) : 0;
    if (job.resume) values.set(job.resume.subarray(0, resumed));
    post({ type: 'computing', values: values.buffer as SharedArrayBuffer });
    computeCustomValues(module, values, resumed, currentHeap);
    post({ type: 'values', values });
  } catch (error) {
    const known = error instanceof RuleModuleError || (error as Error)?.name === 'InputError';
    const message = known ? (error as Error).message : `failed: ${error instanceof Error ? error.message : String(error)}`;
    post({ type: 'error', message });
  }
}

void run();

/** Evaluate the states a state module is asked about: --position, else states(max), else start. */
function solveModuleStates(module: Record<string, unknown>, currentHeap: Int32Array): void {
  const keyBytes = new Uint8Array(job.currentState, 4);
  const keyLength = new Int32Array(job.currentState, 0, 1);
  const encoder = new TextEncoder();
  let step = 0;
  const onState = (key: string) => {
    const written = encoder.encodeInto(key, keyBytes).written;
    Atomics.store(keyLength, 0, written);
    Atomics.store(currentHeap, 0, step++ & 0x3fffffff); // a new heartbeat for the watchdog
  };
  try {
    let roots: unknown[];
    let tabulated = false;
    if (job.positions) roots = job.positions.map((t) => JSON.parse(t) as unknown);
    else if (job.max !== undefined && typeof module.states === 'function') {
      roots = [...((module.states as (max: number) => Iterable<unknown>)(job.max) ?? [])];
      tabulated = true;
    } else if ('start' in module) roots = [typeof module.start === 'function' ? (module.start as () => unknown)() : module.start];
    else return post({ type: 'error', message: 'exports states(max) but no start: give --max N, or --position with states as JSON' });
    const solved = job.checkpoint ? solvedPoster() : null;
    const search = solveStates(
      { options: module.options as (s: unknown) => unknown, key: typeof module.key === 'function' ? (module.key as (s: unknown) => unknown) : undefined },
      roots,
      { maxStates: job.maxStates, onState, arraysAreSums: module.arrayStates !== true, known: job.resumeStates ? knownStates(job.resumeStates) : undefined, onSolved: solved?.add },
    );
    solved?.flush();
    const answers = roots.map((state, i) => ({ state, value: search.rootOptions[i]!.length === 0 ? 0 : mexOf(search.rootOptions[i]!), options: search.rootOptions[i]! }));
    post({ type: 'states', answers, tabulated });
  } catch (error) {
    post({ type: 'error', message: error instanceof StateSearchError ? error.message : `failed: ${error instanceof Error ? error.message : String(error)}` });
  }
}

/**
 * With --checkpoint, the states solved go to the main thread a batch at a
 * time (about five times a second), which keeps them for its checkpoints.
 */
function solvedPoster(): { add(key: string, value: number): void; flush(): void } {
  let lines: string[] = [];
  let last = performance.now();
  const flush = () => {
    if (lines.length) post({ type: 'solved', lines: lines.join(''), count: lines.length });
    lines = [];
    last = performance.now();
  };
  return {
    add(key, value) {
      lines.push(JSON.stringify([key, value]) + '\n');
      if (performance.now() - last > 200) flush();
    },
    flush,
  };
}

/** A checkpoint's states: JSON lines [key, value]. */
function knownStates(text: string): Map<string, number> {
  const known = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line) continue;
    const [key, value] = JSON.parse(line) as [string, number];
    known.set(key, value);
  }
  return known;
}

function mexOf(options: readonly SolvedOption[]): number {
  const seen = new Set(options.map((o) => o.value));
  let v = 0;
  while (seen.has(v)) v++;
  return v;
}
