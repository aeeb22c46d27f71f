/**
 * Worker thread of a WorkerRing: shares of blocks of heaps for the WebAssembly rare/common kernel (see
 * src/host/block-marker.ts). Its instance runs over the main thread's shared memory, on a lane of its own, and reads
 * the values there: this worker holds no copy of them. It needs no host: the module comes compiled, with the memory.
 * A task allocates nothing here (one request, and one view a buffer, serve every task).
 */
import { workerData } from 'node:worker_threads';
import { WasmSparse, type PartialsRequest } from '../src/core/kinds/take-and-break/wasm-sparse.js';
import { PARTIALS_TASK as T, type PartialsStart } from '../src/host/block-marker.js';
import { serveRing, type RingWorkerData } from '../src/host/worker-ring.js';

const start = workerData as RingWorkerData<PartialsStart>;
const wasm = WasmSparse.joinShared(start.data.moves, start.data.shared, start.worker + 1);
const request: { -readonly [K in keyof PartialsRequest]: PartialsRequest[K] } = { blockStart: 0, from: 0, to: 0, rare: new Int32Array(0), rareCount: 0, mask: 0, bound: 0, domain: -1, words: 0 };
const views = new WeakMap<SharedArrayBuffer, Int32Array>();
const int32 = (buffer: SharedArrayBuffer): Int32Array => {
  let view = views.get(buffer);
  if (!view) views.set(buffer, (view = new Int32Array(buffer)));
  return view;
};

serveRing(start, (task, buffer) => {
  request.blockStart = task[T.BASE]!;
  request.from = task[T.FROM]!;
  request.to = task[T.TO]!;
  request.rare = int32(buffer(task[T.RARE]!));
  request.rareCount = task[T.RARE_COUNT]!;
  request.mask = task[T.MASK]!;
  request.bound = task[T.BOUND]!;
  request.domain = task[T.DOMAIN]!;
  request.words = task[T.WORDS]!;
  wasm.sharedPartials(request, int32(buffer(task[T.OUT]!)));
});
