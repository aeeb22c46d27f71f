/**
 * Child process for the bench's model of one long run on many threads: the
 * run on one thread, then with blocks of heaps shared out to one worker
 * (SparseSpaceKernel.fillAsync with WasmBlockMarker), printing both times,
 * whether the values agree, and what a heap of a shared block cost this
 * thread and the worker (SparseSpaceKernel.blockCosts).
 *   node dist/bench/block-costs.js CODE LIMIT
 */
import { installNodeHost } from '../src/host/node-host.js';
import { WasmBlockMarker } from '../src/host/block-marker.js';
import { SparseSpaceKernel } from '../src/core/kinds/take-and-break/sparse-space.js';
import { twoHeapMoves } from '../src/core/kinds/take-and-break/rare-common.js';
import { ValueStore } from '../src/core/kernels/store.js';
import { parseCode } from '../src/core/rules/code.js';
import { fletcher32 } from './c-sparse.js';

installNodeHost();
const [code, limitText] = process.argv.slice(2);
const limit = Number(limitText);

const oneStore = new ValueStore(limit);
let started = performance.now();
new SparseSpaceKernel(parseCode(code!)).fill(oneStore, 0, limit);
const oneSeconds = (performance.now() - started) / 1000;

const sharedStore = new ValueStore(limit);
const kernel = new SparseSpaceKernel(parseCode(code!));
const marker = new WasmBlockMarker(twoHeapMoves(parseCode(code!)), 1);
started = performance.now();
try {
  await kernel.fillAsync(sharedStore, 0, limit, marker);
} finally {
  await marker.close();
}
const sharedSeconds = (performance.now() - started) / 1000;

process.stdout.write(
  JSON.stringify({
    code,
    limit,
    oneSeconds,
    sharedSeconds,
    same: fletcher32(oneStore.values, limit) === fletcher32(sharedStore.values, limit),
    costs: kernel.blockCosts,
  }) + '\n',
);
