/**
 * Child process for the bench's model of one long run on many threads: the
 * run on one thread, then with blocks of heaps shared out to one worker
 * (SparseSpaceKernel.fillAsync with WasmBlockMarker), printing both times,
 * whether the values agree, and what a heap of a shared block cost this
 * thread and the worker (SparseSpaceKernel.blockCosts).
 *   node dist/bench/block-costs.js CODE LIMIT [HEAPS [SHARES]]
 * With HEAPS, blocks of that many heaps (the size a run on more threads
 * takes: finishing a heap costs more in a larger block) and no one-thread run;
 * with SHARES, each block cut into that many tasks for the one worker (as
 * many as SHARES workers would take: asking for them is this thread's work).
 */
import { installNodeHost } from '../src/host/node-host.js';
import { WasmBlockMarker } from '../src/host/block-marker.js';
import { BLOCKS, SparseSpaceKernel } from '../src/core/kinds/take-and-break/sparse-space.js';
import { twoHeapMoves } from '../src/core/kinds/take-and-break/rare-common.js';
import { ValueStore } from '../src/core/kernels/store.js';
import { parseCode } from '../src/core/rules/code.js';
import { fletcher32 } from './c-sparse.js';

installNodeHost();
const [code, limitText, heapsText, sharesText] = process.argv.slice(2);
const limit = Number(limitText);
const heaps = heapsText === undefined ? null : Number(heapsText);
const shares = sharesText === undefined ? 1 : Number(sharesText);

let oneSeconds: number | null = null;
let oneChecksum: string | null = null;
let started = performance.now();
if (heaps === null) {
  const oneStore = new ValueStore(limit);
  new SparseSpaceKernel(parseCode(code!)).fill(oneStore, 0, limit);
  oneSeconds = (performance.now() - started) / 1000;
  oneChecksum = fletcher32(oneStore.values, limit);
}

const sharedStore = new ValueStore(limit);
// Two lanes of the kernel's shared memory: this thread's and the worker's.
const kernel = new SparseSpaceKernel(parseCode(code!), true, null, heaps === null ? BLOCKS : { ...BLOCKS, heaps }, 2);
if (!kernel.sharedKernel) throw new Error('no shared WebAssembly memory here (wasm/sparse-threads.wasm missing?)');
const marker = new WasmBlockMarker(twoHeapMoves(parseCode(code!)), kernel.sharedKernel, 1, shares);
started = performance.now();
try {
  await kernel.fillAsync(sharedStore, 0, limit, marker);
} finally {
  await marker.close();
}
const sharedSeconds = (performance.now() - started) / 1000;
const sharedChecksum = fletcher32(sharedStore.values, limit);

process.stdout.write(
  JSON.stringify({
    code,
    limit,
    oneSeconds,
    sharedSeconds,
    checksum: sharedChecksum,
    same: oneChecksum === null ? null : oneChecksum === sharedChecksum,
    costs: kernel.blockCosts,
  }) + '\n',
);
