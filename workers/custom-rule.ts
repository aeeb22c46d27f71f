/**
 * Worker: load a custom rule module and compute its values. It runs apart
 * from the main thread so that a module that loops forever can be stopped
 * (the main thread terminates this worker when --timeout passes).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { computeCustomValues, RuleModuleError, type RuleModule } from '../src/custom/compute.js';
import { parseCount } from '../src/numbers.js';

export interface CustomRuleJob {
  readonly module: string;
  /** Values to compute; without it, the module's own `max` export + 1, else `defaultCount`. */
  readonly count?: number;
  readonly defaultCount: number;
  /** The most values memory can hold. */
  readonly capacity: number;
  /** Int32Array over a SharedArrayBuffer: [0] = heap being computed (-2 starting, -1 loading the module). */
  readonly currentHeap: SharedArrayBuffer;
}

export type CustomRuleReply =
  | { readonly type: 'loaded'; readonly name?: string; readonly description?: string; readonly max?: string }
  | { readonly type: 'values'; readonly values: Uint32Array }
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
  try {
    const count = job.count ?? (max === undefined ? job.defaultCount : Number(parseCount(String(max), "the module's max")) + 1);
    if (count > job.capacity) return post({ type: 'error', message: `${count} values do not fit in memory (room for about ${job.capacity})` });
    const values = computeCustomValues(module, count, currentHeap);
    post({ type: 'values', values }, [values.buffer as ArrayBuffer]);
  } catch (error) {
    const known = error instanceof RuleModuleError || (error as Error)?.name === 'InputError';
    const message = known ? (error as Error).message : `failed: ${error instanceof Error ? error.message : String(error)}`;
    post({ type: 'error', message });
  }
}

void run();
