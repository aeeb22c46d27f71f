/**
 * What the page and its engine worker say to each other. The page asks for
 * one operation (`op`, with JSON-safe `args`); the worker answers with
 * progress messages and then one result or one error. Operations are named
 * in ops.ts, one file an area (explore-ops.ts, play-ops.ts).
 */
import type { Words } from '../../core/errors.js';

export interface Call {
  readonly id: number;
  readonly op: string;
  readonly args: unknown;
}

export type Reply =
  | { readonly id: number; readonly kind: 'progress'; readonly progress: unknown }
  | { readonly id: number; readonly kind: 'result'; readonly result: unknown }
  /** `code`: an input error's kind (the core's InputCode), null for any other failure; `words`: an input error's words (the page says them in its language). */
  | { readonly id: number; readonly kind: 'error'; readonly message: string; readonly code: string | null; readonly words: Words | null };

/** What an operation has while it runs: a way to report progress, and whether it has been asked to stop. */
export interface OpContext {
  progress(progress: unknown): void;
}

export type Op = (args: any, context: OpContext) => Promise<unknown>;
