/**
 * A reference for short sweeps on fresh workers: the least code that does
 * what each rule of the bench's cheap sweep needs (the values of a 3-move
 * subtraction set until a window of max S values repeats, where the cycle
 * starts, one line of JSON), written as one loop in a bare worker thread.
 *
 * Its 2-thread / 1-thread ratio on fresh workers is what a pool can get on
 * this machine when every new worker has to be compiled by V8 again; the
 * same on workers that have run the sweep once shows what the machine allows
 * without that. Its proven cycles must sum to the product's (a check that it
 * does the same work, not a second implementation: the product's kernel and
 * proof are tested against the reference implementation in the suite).
 */
import { Worker } from 'node:worker_threads';
import { startingWorkers } from '../src/host/threads.js';
import { binomial } from '../src/core/kinds/subtraction/families.js';

/** Posts 'ready' once loaded; then, per task {from, to, maxMove}, the rules done and sums of their preperiods and periods. */
const MINIMAL_SWEEP_WORKER = `
const { parentPort } = require('node:worker_threads');
const encoder = new TextEncoder();
const LIMIT = 1 << 14;
const g = new Uint8Array(LIMIT);
function cycleOf(a, b, c) {
  const k = c;
  const same = (x, y) => { for (let i = 1; i <= k; i++) if (g[x - i] !== g[y - i]) return false; return true; };
  let power = 1, lambda = 1, tortoise = k, hare = k + 1;
  for (let n = 0; n < LIMIT; n++) {
    let mask = 0;
    if (n >= a) mask = 1 << g[n - a];
    if (n >= b) mask |= 1 << g[n - b];
    if (n >= c) mask |= 1 << g[n - c];
    g[n] = 31 - Math.clz32(~mask & (mask + 1));
    if (n + 1 < hare) continue;
    if (same(tortoise, hare)) {
      let m = n - lambda;
      while (m >= 0 && g[m + lambda] === g[m]) m--;
      return { preperiod: m + 1, period: lambda, count: n + 1 };
    }
    if (power === lambda) { tortoise = hare; power *= 2; lambda = 0; }
    hare++;
    lambda++;
  }
  return null;
}
let out = new Uint8Array(1 << 16);
parentPort.on('message', ({ from, to, maxMove }) => {
  let rules = 0, preperiods = 0, periods = 0, length = 0, index = 0;
  for (let a = 1; a <= maxMove; a++) for (let b = a + 1; b <= maxMove; b++) for (let c = b + 1; c <= maxMove; c++, index++) {
    if (index < from || index >= to) continue;
    const cycle = cycleOf(a, b, c);
    let largest = 0;
    const count = cycle ? cycle.count : LIMIT;
    for (let n = 0; n < count; n++) if (g[n] > largest) largest = g[n];
    if (cycle) { preperiods += cycle.preperiod; periods += cycle.period; }
    const line = '{"index":' + index + ',"rule":"' + a + ',' + b + ',' + c + '","preperiod":' + (cycle && cycle.preperiod) +
      ',"period":' + (cycle && cycle.period) + ',"maxValue":' + largest + ',"computed":' + count + '}\\n';
    for (;;) {
      const { read, written } = encoder.encodeInto(line, out.subarray(length));
      if (read === line.length) { length += written; break; }
      const bigger = new Uint8Array(out.length * 2);
      bigger.set(out.subarray(0, length));
      out = bigger;
    }
    rules++;
  }
  parentPort.postMessage({ rules, preperiods, periods, bytes: out.slice(0, length) });
});
parentPort.postMessage('ready');`;

export interface MinimalSweepRun {
  readonly seconds: number;
  readonly rules: number;
  /** Sums over the rules whose cycle was found within 2^14 values. */
  readonly preperiods: number;
  readonly periods: number;
}

/** Rules per task: about 25 ms of work, as the product's batches. */
const TASK_RULES = 1500;

/**
 * All 3-move subtraction sets with moves up to maxMove, on `threads` fresh
 * workers (or workers that have run them once, when warm), timed from the
 * first task sent to the last answer.
 */
export async function minimalSweep(threads: number, maxMove: number, { warm = false }: { readonly warm?: boolean } = {}): Promise<MinimalSweepRun> {
  const total = Number(binomial(maxMove, 3));
  // Started as the product's pools are (compiling on their own threads when they take every core).
  const workers = await startingWorkers(threads, () =>
    Promise.all(
      Array.from({ length: threads }, () => new Promise<Worker>((resolve, reject) => {
        const worker = new Worker(MINIMAL_SWEEP_WORKER, { eval: true });
        worker.once('message', () => resolve(worker));
        worker.once('error', reject);
      })),
    ),
  );
  const sweep = async (): Promise<MinimalSweepRun> => {
    let next = 0;
    let rules = 0;
    let preperiods = 0;
    let periods = 0;
    const started = performance.now();
    await Promise.all(
      workers.map((worker) => new Promise<void>((resolve, reject) => {
        const give = (): void => {
          if (next >= total) return resolve();
          const from = next;
          next = Math.min(total, from + TASK_RULES);
          worker.postMessage({ from, to: next, maxMove });
        };
        worker.on('message', (answer: { rules: number; preperiods: number; periods: number }) => {
          rules += answer.rules;
          preperiods += answer.preperiods;
          periods += answer.periods;
          give();
        });
        worker.once('error', reject);
        give();
      })),
    );
    const seconds = (performance.now() - started) / 1000;
    for (const worker of workers) worker.removeAllListeners('message');
    return { seconds, rules, preperiods, periods };
  };
  try {
    if (warm) await sweep();
    return await sweep();
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
