/**
 * Worker thread of a WorkerRing: shares of blocks of heaps for the WebAssembly rare/common kernel (see
 * src/host/block-marker.ts). Its instance runs over the main thread's shared memory, on a lane of its own, and reads
 * the values there: this worker holds no copy of them. It needs no host: the module comes compiled, with the memory.
 */
import { workerData } from 'node:worker_threads';
import { WasmSparse } from '../src/core/kinds/take-and-break/wasm-sparse.js';
import { PARTIALS_TASK as T, type PartialsStart } from '../src/host/block-marker.js';
import { serveRing, type RingWorkerData } from '../src/host/worker-ring.js';

const start = workerData as RingWorkerData<PartialsStart>;
const wasm = WasmSparse.joinShared(start.data.moves, start.data.shared, start.worker + 1);

serveRing(start, (task, buffer) => {
  const request = {
    blockStart: task[T.BASE]!,
    from: task[T.FROM]!,
    to: task[T.TO]!,
    rare: new Int32Array(buffer(task[T.RARE]!), 0, task[T.RARE_COUNT]!),
    mask: task[T.MASK]!,
    bound: task[T.BOUND]!,
    domain: task[T.DOMAIN]!,
    words: task[T.WORDS]!,
  };
  wasm.sharedPartials(request, new Int32Array(buffer(task[T.OUT]!)));
});
