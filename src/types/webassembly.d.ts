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
    readonly buffer: ArrayBuffer;
    grow(pages: number): number;
  }
  class Global {
    readonly value: unknown;
  }
}
