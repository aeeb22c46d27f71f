/**
 * The Node host: what the platform-free core gets on Node (see
 * src/core/host.ts). Installed by every Node entry: the library, the CLI,
 * and the workers that compute.
 */
import { readFile } from 'node:fs/promises';
import { installHost } from '../core/host.js';
import { ParallelSparseKernel } from './parallel-sparse.js';

export function installNodeHost(): void {
  installHost({
    parallelSparse: (code, threads) => new ParallelSparseKernel(code, threads),
    // Loaded when a module is run: processes and hashing cost a short run of a built-in rule milliseconds.
    ruleModules: { prepare: async (request) => (await import('./module/analyse-module.js')).prepareModule(request) },
    readFile: async (path) => new Uint8Array(await readFile(path)),
  });
}
