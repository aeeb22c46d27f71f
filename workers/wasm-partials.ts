/** piscina worker: its share of a block of heaps for the WebAssembly rare/common kernel (see src/host/block-marker.ts). */
import { installNodeHost } from '../src/host/node-host.js';
import { WasmSparse } from '../src/core/kinds/take-and-break/wasm-sparse.js';
import { ValueStore } from '../src/core/kernels/store.js';
import type { PartialsTask } from '../src/host/block-marker.js';

installNodeHost();

/** This worker's module and its copy of the values, for one run. */
let copy: { run: number; wasm: WasmSparse; store: ValueStore } | null = null;

/** Marks the task's share; returns how long that took here (ms), for the main thread's balance (0 for the probe). */
export default function partials(task: PartialsTask): number {
  const { request } = task;
  if (request.to <= request.from) return 0; // the start-up probe
  if (copy?.run !== task.run) {
    const wasm = WasmSparse.create(task.moves);
    if (!wasm) throw new Error('the WebAssembly module cannot be loaded in this worker');
    // Two bytes a value from the start, as the blocks have them.
    const store = new ValueStore(task.limit, 0xffff, 1 << 16);
    if (!wasm.house(store)) throw new Error("this worker's WebAssembly memory cannot hold the values");
    copy = { run: task.run, wasm, store };
  }
  const { wasm, store } = copy;
  const B = request.blockStart;
  if (store.count < B) {
    store.reserve(B).set(new Uint16Array(task.mirror, 2 * store.count, B - store.count), store.count);
    store.count = B;
  }
  const started = performance.now();
  wasm.partials(store, { ...request, rare: new Int32Array(task.rare, 0, request.rareCount) }, new Int32Array(task.out));
  return performance.now() - started;
}
