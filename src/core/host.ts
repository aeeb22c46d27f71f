/**
 * What the platform-free core asks of the platform it runs on: a memory
 * budget, the WebAssembly kernel's bytes, files, and a turn for waiting
 * events. The core starts with browser-safe defaults; the Node host
 * (src/host/node-host.ts) installs its own at start-up. What only one kind
 * asks of a platform (a worker pool, a module sandbox) that kind takes
 * itself (see its platform.ts).
 */
export interface Host {
  /** Bytes a value table may use now. */
  memoryBudget(): number;
  /** The bytes of wasm/sparse.wasm, or null where there are none (the TypeScript loop does the work). */
  wasmBytes(): Uint8Array | null;
  /**
   * The bytes of wasm/sparse-threads.wasm, the same kernel built for instances on several threads over one shared
   * memory, or null; absent where there are no worker threads (then a run computes on one thread).
   */
  threadsWasmBytes?(): Uint8Array | null;
  /**
   * The bytes of a file a rule names (a graph's edge list), at most `limit + 1`
   * of them (more than `limit` says the file is larger); absent where there are no files.
   */
  readFile?(path: string, limit: number): Promise<Uint8Array>;
  /** Resolves once events waiting now (timers, input, a stop) have had their turn: the driver awaits it between steps. */
  nextTurn(): Promise<void>;
}

/** Without a host: a fixed budget, no WebAssembly until given, no workers. */
let host: Host = {
  memoryBudget: () => 2 ** 30,
  wasmBytes: () => null,
  // A message to itself: a task of its own, without the 4 ms a page's nested setTimeout waits.
  nextTurn: () =>
    new Promise((resolve) => {
      // (Typed as a page has it: Node's types give its ports no onmessage.)
      const { port1, port2 } = new MessageChannel() as unknown as { port1: { onmessage: (() => void) | null; close(): void }; port2: { postMessage(message: null): void } };
      port1.onmessage = () => {
        port1.close();
        resolve();
      };
      port2.postMessage(null);
    }),
};

export function currentHost(): Host {
  return host;
}

/** Give the core what this platform has (the rest stays as it was). */
export function installHost(given: Partial<Host>): void {
  host = { ...host, ...given };
}
