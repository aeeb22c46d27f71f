/**
 * The part of the WebAssembly JS API this project uses. Node has it at run
 * time; its declarations ship with TypeScript's DOM library, which a Node CLI
 * should not pull in.
 */
declare namespace WebAssembly {
  class Module {
    constructor(bytes: ArrayBufferView | ArrayBuffer);
  }
  class Instance {
    constructor(module: Module, imports?: Record<string, Record<string, unknown>>);
    readonly exports: Record<string, unknown>;
  }
  class Memory {
    /** A shared memory (the threads build imports one) needs its most pages, and its buffer is a SharedArrayBuffer. */
    constructor(descriptor: { initial: number; maximum?: number; shared?: boolean });
    readonly buffer: ArrayBuffer;
    grow(pages: number): number;
  }
  class Global {
    /** Writable only for a mutable global (the threads build's __stack_pointer). */
    value: unknown;
  }
}
