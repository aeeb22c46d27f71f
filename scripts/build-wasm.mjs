#!/usr/bin/env node
/*
 * Builds the rare/common kernel's WebAssembly from wasm/sparse.c and wasm/repeats.c (npm run build:wasm), twice:
 * - wasm/sparse.wasm, the plain build: its own memory, one instance a thread (the page, one-thread runs);
 * - wasm/sparse-threads.wasm, with atomics: it imports one shared memory, which the main thread's instance and every
 *   worker's use together, so that the workers read the values the main thread computes, with no copy of their own
 *   (each instance keeps its tables in thread-local storage and has a stack of its own: see WasmSparse.createShared).
 * Both .wasm files are committed: users and CI need no C compiler.
 */
import { execFileSync } from 'node:child_process';

const exports = ['fill', 'fill_window', 'scan_reach', 'far_rare', 'partials', 'finish', 'repeats', 'lane_tables', '__heap_base'];
const common = ['--target=wasm32', '-O3', '-msimd128', '-mbulk-memory', '-nostdlib', '-Wl,--no-entry', ...exports.map((name) => `-Wl,--export=${name}`), '-Wl,--max-memory=4294967296'];
const sources = ['wasm/sparse.c', 'wasm/repeats.c'];
// The threads build: thread-local storage (local-exec, the only model clang has without Emscripten), a shared memory
// given by the JS side, and what each instance sets for its own lane (its stack, its thread-local block, its largest tables).
const threads = [
  '-matomics',
  '-mmutable-globals',
  '-ftls-model=local-exec',
  '-Wl,--import-memory',
  '-Wl,--shared-memory',
  // The pages the JS side's shared memory starts with (INITIAL_PAGES in wasm-lanes.ts): wasm-ld refuses a build whose data outgrows them.
  '-Wl,--initial-memory=1048576',
  ...['__wasm_init_tls', '__tls_size', '__tls_align', '__stack_pointer'].map((name) => `-Wl,--export=${name}`),
];

execFileSync('clang', [...common, '-o', 'wasm/sparse.wasm', ...sources], { stdio: 'inherit' });
execFileSync('clang', [...common, ...threads, '-o', 'wasm/sparse-threads.wasm', ...sources], { stdio: 'inherit' });
