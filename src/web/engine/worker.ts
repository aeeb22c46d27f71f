/**
 * The engine worker: the platform-free core, with the WebAssembly kernel's
 * bytes built into the bundle (a page opened from file:// cannot fetch them).
 * It runs one operation at a time; the page stops one by ending the worker.
 */
import { installHost } from '../../core/host.js';
import { InputError } from '../../core/errors.js';
import { OPS } from './ops.js';
import type { Call, Reply } from './protocol.js';

declare const SPARSE_WASM_BASE64: string;
declare const self: { onmessage: ((event: { data: Call }) => void) | null; postMessage(reply: Reply): void };

const wasm = Uint8Array.from(atob(SPARSE_WASM_BASE64), (c) => c.charCodeAt(0));
installHost({ wasmBytes: () => wasm, memoryBudget: () => 2 ** 29 });

self.onmessage = async ({ data }) => {
  const { id, op, args } = data;
  const run = OPS[op];
  try {
    if (!run) throw new Error(`no operation ${op}`);
    const result = await run(args, { progress: (progress) => self.postMessage({ id, kind: 'progress', progress }) });
    self.postMessage({ id, kind: 'result', result });
  } catch (error) {
    // An InputError's message is the one line a user reads; anything else is a fault worth its name.
    const message = error instanceof InputError ? error.message : `internal error: ${error instanceof Error ? error.message : String(error)}`;
    self.postMessage({ id, kind: 'error', message, code: error instanceof InputError ? error.code : null, words: error instanceof InputError ? error.words : null });
  }
};
