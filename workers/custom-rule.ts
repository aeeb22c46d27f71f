/**
 * The sandbox: a process of its own that loads a rule module and computes
 * its values (see src/host/module/sandbox.ts for how it is started and watched).
 * Bundled into one file, dist/custom-rule.cjs, so that Node's permission
 * model can let it read that file and the module's folder, nothing more.
 *
 * The job comes on stdin; answers go out on file descriptor 3 in frames
 * (src/host/module/sandbox-protocol.ts). Before each call into the module a CALL
 * frame names it, so the watchdog outside can stop a call that runs past
 * --timeout and say which one.
 */
import { readFileSync, writeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { runInThisContext } from 'node:vm';
import { computeCustomValues, recordCustomOptions, RuleModuleError, type RuleModule } from '../src/host/module/compute.js';
import { parseCount } from '../src/core/numbers.js';
import { OptionRecorder } from '../src/core/heap/option-table.js';
import { canonicalJson, notAState, shownKey, solveStates, StateSearchError } from '../src/core/kinds/module/state-search.js';
import { thrownText } from '../src/core/kinds/module/thrown.js';
import { confineReads, refuseHiddenWriters, refuseNetwork, refuseOtherProcesses } from '../src/host/module/confine.js';
import { FRAME, frame, MAX_FRAME_BYTES, type RuleModuleJob, type RuleModuleReply, type StateAnswer } from '../src/host/module/sandbox-protocol.js';

const OUT = 3;
/** How often a heap module's values, or a state module's solved states, are sent (for checkpoints and progress). */
const SEND_EVERY_MS = 100;

// Kept before the module loads: a module that replaces fs.writeSync does not silence the sandbox.
const write = writeSync;
const exit = process.exit.bind(process);

function send(bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length; ) at += write(OUT, bytes, at, bytes.length - at);
}

function reply(message: RuleModuleReply): void {
  const payload = serialize(message);
  // sg-explore refuses a longer frame (see sandbox-protocol.ts): long answers are sent in parts, and anything else this long is the module's.
  if (payload.length > MAX_FRAME_BYTES) fail(`its answer (${message.type}) is ${payload.length.toLocaleString('en-US')} bytes, over the sandbox's limit of ${MAX_FRAME_BYTES.toLocaleString('en-US')} bytes`);
  send(frame(FRAME.REPLY, payload));
}

/** Values, or answers, in one part of a long answer: a quarter of a frame's bytes at most even for answers of a few dozen bytes each. */
const VALUES_PER_PART = MAX_FRAME_BYTES / 16;
const ANSWERS_PER_PART = 100_000;

/*
 * The call the module is in. Every call is counted and remembered here, but a
 * CALL frame (the count and the call's name) goes out only when BEAT_MS have
 * passed since the last one: a write per call would cost more than the calls.
 * A call that runs past --timeout is silence of that length; sg-explore then
 * sends SIGINT, which ends the synchronous work (see interruptible()), and this
 * process names the call it was in.
 */
const BEAT_MS = 2;
let calls = 0;
let lastBeat = -Infinity;
let heapNow = 0;
let keyNow = '';
let callNow: () => string = () => 'loading it';
const heapCall = () => `options(${heapNow})`;
const stateCall = () => `options(${shownKey(keyNow)})`;

function beat(): void {
  lastBeat = performance.now();
  send(frame(FRAME.CALL, Buffer.from(`${calls} ${callNow()}`, 'utf8')));
}

function calling(what: () => string): void {
  callNow = what;
  calls++;
  if (performance.now() - lastBeat >= BEAT_MS) beat();
}

/** The sandbox's own work follows: it is not timed. */
function idle(): void {
  lastBeat = -Infinity;
  send(frame(FRAME.IDLE, Buffer.from(String(calls), 'utf8')));
}

const RUN = Symbol.for('sg-explore.sandbox-work');
/**
 * Run synchronous work so that a SIGINT ends it (V8 stops even an endless
 * loop), and the call it was in is named as having run past --timeout.
 */
function interruptible<T>(job: RuleModuleJob, work: () => T): T {
  (globalThis as { [RUN]?: () => T })[RUN] = work;
  try {
    return runInThisContext(`globalThis[Symbol.for('sg-explore.sandbox-work')]()`, { breakOnSigint: true }) as T;
  } catch (error) {
    if ((error as { code?: string })?.code === 'ERR_SCRIPT_EXECUTION_INTERRUPTED') fail(`${callNow()} ran past --timeout ${job.timeoutMs} ms`);
    throw error;
  } finally {
    delete (globalThis as { [RUN]?: () => T })[RUN];
  }
}

/** The last word: an error, then this process ends. */
function fail(message: string): never {
  try {
    reply({ type: 'error', message });
  } catch {
    // sg-explore is gone: nobody to tell.
  }
  return exit(1);
}

// A module's timer or promise that throws later is its failure too, said in one line.
process.on('uncaughtException', (error) => fail(`failed: ${thrownText(error)}`));
process.on('unhandledRejection', (error) => fail(`failed: ${thrownText(error)}`));

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

async function run(job: RuleModuleJob): Promise<void> {
  if (job.readsConfinedTo !== undefined) {
    confineReads(job.readsConfinedTo);
    refuseHiddenWriters();
    refuseNetwork();
    refuseOtherProcesses();
  }
  calling(() => 'loading it');
  beat();
  let loaded: Record<string, unknown>;
  try {
    loaded = (await import(pathToFileURL(job.module).href)) as Record<string, unknown>;
  } catch (error) {
    fail(`failed to load: ${thrownText(error)}`);
  }
  idle();
  const candidate = (loaded.options ?? (loaded.default as Record<string, unknown> | undefined)?.options) as unknown;
  if (typeof candidate !== 'function') fail('must export a function options(n) returning the options of a heap of n');
  const module = { ...(loaded.default as object), ...loaded, options: candidate } as RuleModule & Record<string, unknown>;
  const max = module.max;
  // A module with states of its own says so by exporting start or states (see src/core/kinds/module/state-search.ts).
  const states = 'start' in module || 'states' in module;
  reply({ type: 'loaded', name: text(module.name), description: text(module.description), max: max === undefined ? undefined : String(max), states });
  if (states) {
    if (job.resume) fail('has states of its own, but the checkpoint holds heap values: start afresh with --force');
    return solveModuleStates(module, job);
  }
  if (job.resumeStates !== undefined) fail('is a heap game, but the checkpoint holds states: start afresh with --force');
  computeHeapValues(module, job, max);
}

/** A heap module: G(0..count-1), sent in batches as they become final. */
function computeHeapValues(module: RuleModule, job: RuleModuleJob, max: unknown): void {
  let count: number;
  try {
    count = job.count ?? (max === undefined ? job.defaultCount : Number(parseCount(String(max), "the module's max")) + 1);
  } catch (error) {
    fail(thrownText(error));
  }
  if (count > job.capacity) {
    fail(`${job.countReason ?? `${count.toLocaleString('en-US')} values`} do not fit in memory: room for about ${job.capacity.toLocaleString('en-US')} values (each heap's value is computed and kept)`);
  }
  const values = new Uint32Array(count);
  const resumed = job.resume ? Math.min(job.resume.length, count) : 0;
  if (job.resume) values.set(job.resume.subarray(0, resumed));
  reply({ type: 'computing', count });
  const recorder = job.optionsUpTo === undefined ? undefined : new OptionRecorder(job.optionsUpTo);
  let sent = resumed;
  let lastSent = performance.now();
  const sendValues = (upTo: number) => {
    for (; sent < upTo; sent = Math.min(upTo, sent + VALUES_PER_PART)) reply({ type: 'values', from: sent, values: values.subarray(sent, Math.min(upTo, sent + VALUES_PER_PART)) });
    lastSent = performance.now();
  };
  const onHeap = (n: number) => {
    if (performance.now() - lastSent >= SEND_EVERY_MS) sendValues(n);
    heapNow = n;
    if (n < count) calling(heapCall);
  };
  try {
    // Resumed: the checkpoint holds values, not options; those of its heaps are asked for again (as far as they are recorded).
    if (recorder && resumed > 0) interruptible(job, () => recordCustomOptions(module, values, resumed, onHeap, recorder));
    interruptible(job, () => computeCustomValues(module, values, resumed, onHeap, recorder));
  } catch (error) {
    fail(error instanceof RuleModuleError ? error.message : `failed: ${thrownText(error)}`);
  }
  idle();
  sendValues(count);
  if (recorder) reply({ type: 'options', table: recorder.table() });
  reply({ type: 'done' });
}

/** Evaluate the states a state module is asked about: --position, else states(max), else start. */
function solveModuleStates(module: Record<string, unknown>, job: RuleModuleJob): void {
  let roots: unknown[];
  let tabulated = false;
  if (job.positions) {
    roots = job.positions.map((t) => JSON.parse(t) as unknown);
    checkPositionsLikeStart(module, roots, job.positions);
  } else if (job.max !== undefined) {
    if (typeof module.states !== 'function') fail(`has no states(max) to tabulate, so --max ${job.max} means nothing to it: give --position with states as JSON, or leave out --max to evaluate its start`);
    const max = job.max;
    calling(() => `states(${max})`);
    try {
      roots = interruptible(job, () => [...((module.states as (max: number) => Iterable<unknown>)(max) ?? [])]);
    } catch (error) {
      fail(`states(${job.max}) threw: ${thrownText(error)}`);
    }
    tabulated = true;
  } else if ('start' in module) {
    calling(() => 'start()');
    let start: unknown;
    try {
      start = typeof module.start === 'function' ? interruptible(job, () => (module.start as () => unknown)()) : module.start;
    } catch (error) {
      fail(`start() threw: ${thrownText(error)}`);
    }
    if (start != null && typeof (start as { then?: unknown }).then === 'function') fail('start is a Promise (an async start()?): start must give the state itself');
    const why = notAState(start);
    if (why) fail(`start has ${why}, which is not a state (states are JSON values)`);
    roots = [start];
  } else fail('exports states(max) but no start: give --max N, or --position with states as JSON');
  const solved = job.checkpoint ? solvedSender() : null;
  try {
    const search = interruptible(job, () => solveStates(
      { options: module.options as (s: unknown) => unknown, key: typeof module.key === 'function' ? (module.key as (s: unknown) => unknown) : undefined },
      roots,
      {
        maxStates: job.maxStates,
        onState: (key) => {
          keyNow = key;
          calling(stateCall);
        },
        arraysAreSums: module.arrayStates !== true,
        known: job.resumeStates ? knownStates(job.resumeStates) : undefined,
        onSolved: solved?.add,
        rootOptions: !tabulated,
      },
    ));
    idle();
    solved?.flush();
    const answers: StateAnswer[] = tabulated
      ? roots.map((state, i) => ({ state, value: search.rootValues[i]!, options: [] }))
      : roots.map((state, i) => ({ state, value: mexOf(search.rootOptions[i]!), options: search.rootOptions[i]! }));
    for (let at = 0; at === 0 || at < answers.length; at += ANSWERS_PER_PART) {
      const more = at + ANSWERS_PER_PART < answers.length;
      reply({ type: 'states', answers: answers.slice(at, at + ANSWERS_PER_PART), tabulated, ...(more ? { more: true as const } : {}) });
    }
  } catch (error) {
    fail(error instanceof StateSearchError ? error.message : `failed: ${thrownText(error)}`);
  }
}

/**
 * A state of another kind than the module's start (a number where start is
 * an object, say) is refused in the user's terms, before options() meets it.
 */
function checkPositionsLikeStart(module: Record<string, unknown>, roots: readonly unknown[], texts: readonly string[]): void {
  if (!('start' in module) || typeof module.start === 'function') return;
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `a ${typeof v}`);
  const expected = kind(module.start);
  roots.forEach((root, i) => {
    if (kind(root) !== expected) {
      const example = shownKey(canonicalJson(module.start));
      fail(`--position ${shownKey(texts[i]!)}: this module's states are ${expected === 'an object' ? 'objects' : expected === 'an array' ? 'arrays' : `${expected.slice(2)}s`}, like its start ${example}; give each state as JSON (in quotes for the shell)`);
    }
  });
}

/**
 * With --checkpoint, the states solved go to sg-explore a batch at a time
 * (about ten times a second), which keeps them for its checkpoints.
 */
function solvedSender(): { add(key: string, value: number): void; flush(): void } {
  let lines: string[] = [];
  let chars = 0;
  let last = performance.now();
  const flush = () => {
    if (lines.length) reply({ type: 'solved', lines: lines.join(''), count: lines.length });
    lines = [];
    chars = 0;
    last = performance.now();
  };
  return {
    add(key, value) {
      const line = JSON.stringify([key, value]) + '\n';
      lines.push(line);
      chars += line.length;
      // Within a frame's bytes even as two-byte text (see sandbox-protocol.ts).
      if (performance.now() - last > SEND_EVERY_MS || chars > MAX_FRAME_BYTES / 4) flush();
    },
    flush,
  };
}

/** A checkpoint's states: JSON lines [key, value]. */
function knownStates(lines: string): Map<string, number> {
  const known = new Map<string, number>();
  for (const line of lines.split('\n')) {
    if (!line) continue;
    const [key, value] = JSON.parse(line) as [string, number];
    known.set(key, value);
  }
  return known;
}

function mexOf(options: readonly { value: number }[]): number {
  const seen = new Set(options.map((o) => o.value));
  let v = 0;
  while (seen.has(v)) v++;
  return v;
}

try {
  const job = deserialize(readFileSync(0)) as RuleModuleJob;
  run(job).then(
    () => exit(0),
    (error: unknown) => fail(`failed: ${thrownText(error)}`),
  );
} catch (error) {
  fail(`the sandbox could not read its job: ${thrownText(error)}`);
}
