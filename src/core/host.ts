/**
 * What the platform-free core asks of the platform it runs on: a memory
 * budget, the WebAssembly kernel's bytes, worker pools, and rule modules'
 * sandbox. The core starts with browser-safe defaults; the Node host
 * (src/host/node-host.ts) installs its own at start-up.
 */
import type { ValueArray, ValueStore } from './kernels/store.js';
import type { TakeBreakCode } from './rules/code.js';
import type { AnalyseRequest, Prepared, ShapedResult } from './kinds/kind.js';
import type { CustomRule } from './kinds/module/rule.js';

/** The rare/common kernel on a pool of worker threads (see src/host/parallel-sparse.ts). */
export interface PooledSparseKernel {
  fill(store: ValueStore, from: number, to: number): Promise<void>;
  close(): Promise<void>;
  /** Values loaded from a checkpoint: split them as if computed here. */
  catchUp(values: ValueArray, count: number): void;
  readonly rare: { readonly count: number; readonly mask: number };
}

export interface Host {
  /** Bytes a value table may use now. */
  memoryBudget(): number;
  /** The bytes of wasm/sparse.wasm, or null where there are none (the TypeScript loop does the work). */
  wasmBytes(): Uint8Array | null;
  /** The rare/common kernel on `threads` worker threads; absent where there are no workers. */
  parallelSparse?(code: TakeBreakCode, threads: number): PooledSparseKernel;
  /** Rule modules, run in a sandbox; absent where there is none. */
  readonly ruleModules?: { prepare(request: AnalyseRequest<CustomRule>): Promise<Prepared<ShapedResult>> };
  /** The bytes of a file a rule names (a graph's edge list); absent where there are no files. */
  readFile?(path: string): Promise<Uint8Array>;
}

/** Without a host: a fixed budget, no WebAssembly until given, no workers. */
let host: Host = {
  memoryBudget: () => 2 ** 30,
  wasmBytes: () => null,
};

export function currentHost(): Host {
  return host;
}

/** Give the core what this platform has (the rest stays as it was). */
export function installHost(given: Partial<Host>): void {
  host = { ...host, ...given };
}
