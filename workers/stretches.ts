/** Worker thread of a WorkerRing: stretches of heaps computed from values given (see src/core/kinds/take-and-break/speculation.ts). */
import { workerData } from 'node:worker_threads';
import { installNodeHost } from '../src/host/node-host.js';
import { SparseSpaceKernel } from '../src/core/kinds/take-and-break/sparse-space.js';
import { ValueStore, largestIn } from '../src/core/kernels/store.js';
import { STRETCH_TASK as T, type StretchStart } from '../src/host/stretch-computer.js';
import { serveRing, type RingWorkerData } from '../src/host/worker-ring.js';

installNodeHost();

const start = workerData as RingWorkerData<StretchStart>;
const kernel = new SparseSpaceKernel(start.data.code);
/** This worker's copy of the values; those below `trusted` are known true (the last task's CLEAN, at most). */
let store: ValueStore | null = null;
let trusted = 0;

serveRing(start, (task, buffer) => {
  const limit = task[T.LIMIT]! >>> 0;
  const from = task[T.FROM]!;
  const to = task[T.TO]!;
  const clean = task[T.CLEAN]!;
  if (store?.limit !== limit) {
    // As narrow as the values allow, as on the main thread: the kernel's loop over bytes is the faster.
    store = new ValueStore(limit);
    kernel.restart();
    trusted = 0;
  }
  const shared = task[T.BYTES] === 1 ? new Uint8Array(buffer(task[T.VALUES]!)) : new Uint16Array(buffer(task[T.VALUES]!));
  // Past `trusted` this worker's values were predictions, or computed from them: kept where they are now known true
  // (all of them below `clean`, and equal to the true values there), else dropped, with all the kernel took in.
  if (store.count > trusted && !(store.count <= clean && same(store.values, shared, trusted, store.count))) {
    store.count = trusted;
    kernel.restart();
  }
  const given = shared.subarray(store.count, from);
  // Wider values than this store holds are possible only where the shared ones are wider (a first task copies them all).
  if (shared.BYTES_PER_ELEMENT > store.bytesPerValue) store.widen(largestIn(given));
  store.reserve(from).set(given, store.count);
  store.count = from;
  trusted = clean;
  kernel.fill(store, from, to);
  const values = store.values;
  // The answer has two bytes a value; only a store widened past them can hold a value that does not fit.
  if (store.bytesPerValue > 2) {
    for (let n = from; n < to; n++) if (values[n]! > 0xffff) throw new Error(`G(${n}) = ${values[n]} needs more than two bytes`);
  }
  new Uint16Array(buffer(task[T.OUT]!), 0, to - from).set(values.subarray(from, to));
});

/** Whether a and b agree over [from, to). */
function same(a: ArrayLike<number>, b: ArrayLike<number>, from: number, to: number): boolean {
  for (let n = from; n < to; n++) if (a[n] !== b[n]) return false;
  return true;
}
