import { MexBuffer } from '../../core/kernels/mex-buffer.js';
import { thrownText } from '../../core/kinds/module/thrown.js';
import type { OptionRecorder } from '../../core/heap/option-table.js';

/** What a custom rule module may export. */
export interface RuleModule {
  options(n: number): Iterable<number | Iterable<number>>;
  name?: string;
  description?: string;
  max?: number | string;
}

/** A custom rule broke its contract; the message names n and the bad option. */
export class RuleModuleError extends Error {}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (typeof v === 'number' ? String(v) : describe(v))).join(', ')}]`;
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** Why a heap in an option is not allowed, in the module writer's terms. */
function badHeap(heap: unknown, n: number): string {
  const shown = describe(heap);
  if (typeof heap !== 'number' || !Number.isFinite(heap)) return `has ${shown}, which is not a heap size (heaps are whole numbers)`;
  if (!Number.isInteger(heap)) return `has ${shown}, which is not a whole number`;
  if (heap < 0) return `has ${shown}, a negative heap`;
  if (n === 0) return `leaves a heap of ${shown}, but a heap of 0 has no smaller heaps to move to: options(0) must return no options`;
  return `leaves a heap of ${shown}, which is not smaller than ${n}: every option must leave heaps of 0 to ${n - 1} tokens`;
}

function isPromise(value: unknown): boolean {
  return value != null && typeof (value as { then?: unknown }).then === 'function';
}

function isIterable(value: unknown): value is Iterable<unknown> {
  return value != null && typeof value !== 'string' && typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] === 'function';
}

/**
 * G(from..) into `g`, up to its length, of a rule given as options(n): each
 * option is a list of heap sizes (a bare number is one heap), every heap a
 * whole number below n; G(0..from-1) are already there. `onHeap(n)` is
 * told of each n before options(n) is asked (G(0..n-1) are final then), for
 * a watchdog outside to tell a slow call from a stuck one, and for
 * checkpoints; `onHeap(g.length)` at the end. `recorder`: the options of the
 * heaps it wants are handed to it too (as data, for winning moves).
 */
export function computeCustomValues(module: RuleModule, g: Uint32Array, from: number, onHeap: (n: number) => void, recorder?: OptionRecorder): void {
  const count = g.length;
  const buffer = new MexBuffer();
  for (let n = from; n < count; n++) {
    onHeap(n);
    const recorded: number[][] | null = recorder?.wants(n) ? [] : null;
    g[n] = heapValue(module, g, n, buffer, recorded);
    if (recorded) recorder!.add(n, recorded);
  }
  onHeap(count);
}

/**
 * The options of heaps 0, 1, ... below `upTo` asked of the module again, as
 * far as `recorder` wants them: a run resumed from a checkpoint holds the
 * values of those heaps, not their options, which positions list winning
 * moves from (and a program writes). Each heap's value is worked out again
 * from `g` and must be the checkpoint's: a module that now answers
 * otherwise is refused, naming the heap.
 */
export function recordCustomOptions(module: RuleModule, g: Uint32Array, upTo: number, onHeap: (n: number) => void, recorder: OptionRecorder): void {
  const buffer = new MexBuffer();
  for (let n = 0; n < upTo && recorder.wants(n); n++) {
    onHeap(n);
    const recorded: number[][] = [];
    const value = heapValue(module, g, n, buffer, recorded);
    if (value !== g[n]) throw new RuleModuleError(`options(${n}) now give G(${n}) = ${value}, but the checkpoint holds ${g[n]}: the module does not answer as it did when the checkpoint was saved (start afresh with --force)`);
    recorder.add(n, recorded);
  }
}

/** G(n), the mex of the values of heap n's options (G(0..n-1) in `g`), each option checked; `recorded`: each option is pushed there too. */
function heapValue(module: RuleModule, g: Uint32Array, n: number, buffer: MexBuffer, recorded: number[][] | null): number {
  let options: unknown;
  try {
    options = module.options(n);
  } catch (error) {
    throw new RuleModuleError(`options(${n}) threw: ${thrownText(error)}`);
  }
  if (isPromise(options)) {
    throw new RuleModuleError(`options(${n}) returned a Promise: options must return its list directly (an async function or a Promise cannot be used)`);
  }
  if (!isIterable(options)) throw new RuleModuleError(`options(${n}) returned ${describe(options)}; expected an array of options, each an array of heap sizes`);
  let index = 0;
  // A generator's body runs while its options are read: a throw there is options(n)'s.
  const reading = options[Symbol.iterator]();
  for (;;) {
    let next: IteratorResult<unknown>;
    try {
      next = reading.next();
    } catch (error) {
      throw new RuleModuleError(`options(${n}) threw: ${thrownText(error)}`);
    }
    if (next.done) break;
    const option = next.value;
    const heaps = typeof option === 'number' ? [option] : Array.isArray(option) ? (option as unknown[]) : isIterable(option) ? [...option] : null;
    if (!heaps) throw new RuleModuleError(`options(${n}): option ${index + 1} is ${describe(option)}; expected an array of heap sizes`);
    let value = 0;
    for (const heap of heaps) {
      if (typeof heap !== 'number' || !Number.isInteger(heap) || heap < 0 || heap >= n) {
        throw new RuleModuleError(`options(${n}): option ${describe(heaps)} ${badHeap(heap, n)}`);
      }
      value ^= g[heap]!;
    }
    recorded?.push(heaps.slice() as number[]);
    buffer.mark(value, n);
    index++;
  }
  return buffer.mex(n);
}
