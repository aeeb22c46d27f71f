/**
 * The Node host: what the platform-free core gets on Node (see
 * src/core/host.ts). Installed by every Node entry: the library, the CLI,
 * and the workers that compute.
 */
import { readFileSync } from 'node:fs';
import { freemem } from 'node:os';
import { join } from 'node:path';
import { installHost } from '../core/host.js';
import { installBlockMarker, installSparsePool, installStretchComputer, installValueSpill } from '../core/kinds/take-and-break/platform.js';
import { FileSpill } from './value-spill.js';
import { installModuleSandbox } from '../core/kinds/module/platform.js';
import { packageRoot } from './package-root.js';
import { describeFsError } from './files/fs-errors.js';
import { readInputFile } from './files/input-file.js';
import { ParallelSparseKernel } from './parallel-sparse.js';
import { WasmBlockMarker } from './block-marker.js';
import { WasmStretchComputer } from './stretch-computer.js';

/** The share of free memory a run's tables may take. */
const FREE_MEMORY_SHARE = 0.8;

/** The bytes of wasm/`file`, or null: no file, or SG_EXPLORE_NO_WASM set (then the TypeScript loop does the work). */
function wasmFile(file: string): Uint8Array | null {
  if (process.env.SG_EXPLORE_NO_WASM) return null;
  try {
    return readFileSync(join(packageRoot(), 'wasm', file));
  } catch {
    return null;
  }
}

// (Functions of their own: the core compiles each build once for the function that gives its bytes.)
const plainWasm = (): Uint8Array | null => wasmFile('sparse.wasm');
const threadsWasm = (): Uint8Array | null => wasmFile('sparse-threads.wasm');

export function installNodeHost(): void {
  installHost({
    // A read of the free memory costs about 15 us.
    memoryBudget: () => freemem() * FREE_MEMORY_SHARE,
    wasmBytes: plainWasm,
    threadsWasmBytes: threadsWasm,
    readFile: async (path, limit) => {
      try {
        return new Uint8Array(await readInputFile(path, limit));
      } catch (error) {
        throw new Error(describeFsError(error)); // the reason in words: the core names the file
      }
    },
    nextTurn: () => new Promise((done) => setImmediate(done)),
  });
  installSparsePool((code, threads) => new ParallelSparseKernel(code, threads));
  installBlockMarker((moves, threads, shared) => new WasmBlockMarker(moves, shared, threads));
  installStretchComputer((code, threads) => new WasmStretchComputer(code, threads));
  installValueSpill((path, resume) => new FileSpill(path, resume));
  // Loaded when a module is run: processes and hashing cost a short run of a built-in rule milliseconds.
  installModuleSandbox({ prepare: async (request) => (await import('./module/analyse-module.js')).prepareModule(request) });
}
