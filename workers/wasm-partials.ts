/** Worker thread of a WorkerRing: shares of blocks of heaps for the WebAssembly rare/common kernel (see src/host/block-marker.ts). */
import { workerData } from 'node:worker_threads';
import { installNodeHost } from '../src/host/node-host.js';
import { WasmSparse } from '../src/core/kinds/take-and-break/wasm-sparse.js';
import { ValueStore } from '../src/core/kernels/store.js';
import { PARTIALS_TASK as T, type PartialsStart } from '../src/host/block-marker.js';
import { serveRing, type RingWorkerData } from '../src/host/worker-ring.js';

installNodeHost();

const start = workerData as RingWorkerData<PartialsStart>;
const wasm = WasmSparse.create(start.data.moves);
if (!wasm) throw new Error('the WebAssembly module cannot be loaded in this worker');
/** This worker's copy of the values, two bytes a value from the start, as the blocks have them. */
let store: ValueStore | null = null;

serveRing(start, (task, buffer) => {
  const limit = task[T.LIMIT]! >>> 0;
  if (store?.limit !== limit) {
    store = new ValueStore(limit, 0xffff, 1 << 16);
    if (!wasm.house(store)) throw new Error("this worker's WebAssembly memory cannot hold the values");
  }
  const B = task[T.BASE]!;
  if (store.count < B) {
    store.reserve(B).set(new Uint16Array(buffer(task[T.MIRROR]!), 2 * store.count, B - store.count), store.count);
    store.count = B;
  }
  const request = {
    blockStart: B,
    from: task[T.FROM]!,
    to: task[T.TO]!,
    rare: new Int32Array(buffer(task[T.RARE]!), 0, task[T.RARE_COUNT]!),
    mask: task[T.MASK]!,
    bound: task[T.BOUND]!,
    domain: task[T.DOMAIN]!,
    words: task[T.WORDS]!,
  };
  wasm.partials(store, request, new Int32Array(buffer(task[T.OUT]!)));
});
