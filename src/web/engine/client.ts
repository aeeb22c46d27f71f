/**
 * The page's side of the engine worker. `call` runs one operation and gives
 * its result, with progress on the way; `cancel` ends the worker at once
 * (a computation in WebAssembly cannot be interrupted any other way) and the
 * next call starts a fresh one.
 */
import type { Words } from '../../core/errors.js';
import type { Call, Reply } from './protocol.js';

declare const ENGINE_WORKER_SOURCE: string;

export class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/** A failure the engine reported: its one-line message, and an input error's kind and words (null for anything else). */
export class EngineError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly words: Words | null = null,
  ) {
    super(message);
  }
}

export interface Running<T> {
  readonly result: Promise<T>;
  cancel(): void;
}

export class Engine {
  private worker: Worker | null = null;
  private url: string | null = null;
  private nextId = 1;
  private pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void; progress?: (p: unknown) => void }>();

  private start(): Worker {
    if (this.worker) return this.worker;
    // From a blob: a page opened from file:// may not start a worker from a file.
    this.url ??= URL.createObjectURL(new Blob([ENGINE_WORKER_SOURCE], { type: 'text/javascript' }));
    const worker = new Worker(this.url);
    worker.onmessage = ({ data }: MessageEvent<Reply>) => {
      const waiting = this.pending.get(data.id);
      if (!waiting) return;
      if (data.kind === 'progress') waiting.progress?.(data.progress);
      else {
        this.pending.delete(data.id);
        if (data.kind === 'result') waiting.resolve(data.result);
        else waiting.reject(new EngineError(data.message, data.code, data.words));
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.stop(new Error(`engine failed: ${event.message}`));
    };
    this.worker = worker;
    return worker;
  }

  /** End the worker; every call still waiting fails with `reason`. */
  private stop(reason: Error): void {
    this.worker?.terminate();
    this.worker = null;
    for (const waiting of this.pending.values()) waiting.reject(reason);
    this.pending.clear();
  }

  call<T>(op: string, args: unknown, progress?: (p: unknown) => void): Running<T> {
    const id = this.nextId++;
    const result = new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, progress });
    });
    const message: Call = { id, op, args };
    this.start().postMessage(message);
    return { result, cancel: () => (this.pending.has(id) ? this.stop(new Cancelled()) : undefined) };
  }
}
