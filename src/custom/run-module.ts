import { Worker } from 'node:worker_threads';
import { basename } from 'node:path';
import { InputError } from '../errors.js';
import { workerFile } from '../worker-path.js';
import type { CustomRuleJob, CustomRuleReply } from '../../workers/custom-rule.js';

export interface CustomRun {
  readonly values: Uint32Array;
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
  readonly onProgress?: (computed: number, ceiling: number) => void;
}

const WATCH_INTERVAL_MS = 25;

/**
 * Run a custom rule module in a worker thread and collect its values. A
 * watchdog reads the heap the worker is on; when the same heap has taken
 * longer than the timeout, the worker is terminated (this stops even a
 * synchronous endless loop) and the message names that heap.
 */
export function runRuleModule(module: string, options: CustomRunOptions): Promise<CustomRun> {
  const name = basename(module);
  const currentHeap = new SharedArrayBuffer(4);
  const heap = new Int32Array(currentHeap);
  Atomics.store(heap, 0, -1);
  const job: CustomRuleJob = { module, count: options.count, defaultCount: options.defaultCount, capacity: options.capacity, currentHeap };
  const worker = new Worker(workerFile('custom-rule'), { workerData: job });

  return new Promise<CustomRun>((resolve, reject) => {
    let meta: Omit<CustomRun, 'values'> = {};
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
        if (now >= 0) options.onProgress?.(now, options.count ?? options.defaultCount);
        return;
      }
      if (performance.now() - since > options.timeoutMs) {
        fail(now < 0 ? `loading it ran past --timeout ${options.timeoutMs} ms` : `options(${now}) ran past --timeout ${options.timeoutMs} ms`);
      }
    }, Math.max(1, Math.min(WATCH_INTERVAL_MS, options.timeoutMs / 4)));
    worker.on('message', (reply: CustomRuleReply) => {
      if (reply.type === 'loaded') meta = { name: reply.name, description: reply.description, max: reply.max };
      else if (reply.type === 'values') finish(null, { ...meta, values: reply.values });
      else fail(reply.message);
    });
    worker.on('error', (error) => fail(`crashed: ${error.message}`));
    worker.on('exit', (code) => fail(`its worker stopped (exit code ${code}) before finishing`));
  });
}
