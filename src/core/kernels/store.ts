import { freemem } from 'node:os';
import { InputError } from '../errors.js';
import { formatCount } from '../numbers.js';

export type ValueArray = Uint8Array | Uint16Array | Uint32Array;

/** One typed array holds at most this many elements on Node 20. */
export const MAX_ARRAY_LENGTH = 2 ** 32 - 1;

/** The share of free memory a run's tables may take. */
const FREE_MEMORY_SHARE = 0.8;

/** Bytes a run's tables may take now, when no budget is given (a read costs about 15 us). */
export function freeMemoryBudget(): number {
  return freemem() * FREE_MEMORY_SHARE;
}

/**
 * The buffer under the last values given back by a caller done with them (a
 * sweep worker, after each rule): a sweep of thousands of rules would
 * otherwise allocate thousands of buffers. One buffer, taken when the next
 * store wants its size: a list of them, searched, took paths V8 first met
 * after optimising the sweep's code (sizes differ once a rule has grown its
 * store), and each such path threw the compiled code away. A reused buffer
 * is zeroed first, as a new one would be.
 */
let spare: ArrayBuffer | null = null;
const SPARE_LARGEST = 1 << 16;

/** The spare, zeroed, if it has `bytes` bytes; else null. */
function takeSpare(bytes: number): ArrayBuffer | null {
  const reused = spare;
  if (reused === null || reused.byteLength !== bytes) return null;
  spare = null;
  new Uint8Array(reused).fill(0);
  return reused;
}

/** Give back the buffer under values nothing will read again (kept only when small). */
export function recycleValues(values: ValueArray): void {
  const b = values.buffer;
  if (b instanceof ArrayBuffer && b.byteLength <= SPARE_LARGEST) spare = b;
}

/** Index into WIDTHS of the narrowest width that holds `largest`. */
function widthIndexFor(largest: number): number {
  return largest <= 0xff ? 0 : largest <= 0xffff ? 1 : 2;
}

/** A typed array's constructor, given a length (a new zeroed array) or a buffer (a view of all of it). */
type ValueArrayConstructor = new (lengthOrBuffer: number | ArrayBufferLike) => ValueArray;

const WIDTHS = [
  { bytes: 1, largest: 0xff, array: Uint8Array as ValueArrayConstructor },
  { bytes: 2, largest: 0xffff, array: Uint16Array as ValueArrayConstructor },
  { bytes: 4, largest: 0xffffffff, array: Uint32Array as ValueArrayConstructor },
] as const;

/**
 * Room for n values of a width: in a SharedArrayBuffer, the spare, or new.
 * One `new` serves all three: a sweep first makes a new array after V8 has
 * optimised its code (the first rule after one that grew its store), and a
 * construct of its own there would throw that code away.
 */
function makeValues(widthIndex: number, n: number, shared: boolean): ValueArray {
  const { bytes, array } = WIDTHS[widthIndex]!;
  return new array(shared ? new SharedArrayBuffer(n * bytes) : (takeSpare(n * bytes) ?? n));
}

/** A view of the same width over another buffer (worker threads get the SharedArrayBuffer). */
export function valueView(buffer: ArrayBufferLike, bytesPerValue: number): ValueArray {
  const width = WIDTHS.find((w) => w.bytes === bytesPerValue);
  if (!width) throw new RangeError(`no value width of ${bytesPerValue} bytes`);
  return new width.array(buffer);
}

/** Bytes per value in the narrowest width that holds `largest` (4 when unknown). */
export function bytesPerValueFor(largest: number | undefined): number {
  return largest === undefined ? 4 : WIDTHS[widthIndexFor(largest)].bytes;
}

/**
 * Grundy values G(0..count-1) in the narrowest typed array that holds them.
 * Kernels write straight into `values`; they call `widen` when a value will
 * not fit and `reserve` before writing past the capacity. Capacity grows by
 * doubling up to `limit`, so a search that ends early never pays for its limit.
 */
export class ValueStore {
  values: ValueArray;
  /** How many values are final: G(0..count-1). */
  count = 0;
  private widthIndex: number;

  constructor(
    /** The most values this store may ever hold. */
    readonly limit: number,
    /** The largest value expected, if known (picks the starting width). */
    largestExpected = 0,
    initialCapacity = 1 << 16,
    /** Keep the values in SharedArrayBuffers, for worker threads to read in place. */
    readonly shared = false,
  ) {
    if (limit > MAX_ARRAY_LENGTH) throw new InputError(`cannot hold ${formatCount(limit)} values in one table (at most ${formatCount(MAX_ARRAY_LENGTH)})`);
    this.widthIndex = widthIndexFor(largestExpected);
    this.values = makeValues(this.widthIndex, Math.min(limit, Math.max(1, initialCapacity)), shared);
  }

  /** The largest value the current width holds. */
  get largestStorable(): number {
    return WIDTHS[this.widthIndex]!.largest;
  }

  get bytesPerValue(): number {
    return WIDTHS[this.widthIndex]!.bytes;
  }

  /** Make room for values up to index end-1 (end <= limit). */
  reserve(end: number): ValueArray {
    if (end > this.limit) throw new RangeError(`reserve(${end}) beyond the store's limit ${this.limit}`);
    if (end > this.values.length) {
      let capacity = this.values.length;
      while (capacity < end) capacity = Math.min(this.limit, capacity * 2);
      this.values = this.copyInto(makeValues(this.widthIndex, capacity, this.shared));
    }
    return this.values;
  }

  /** Switch to a width that holds `value`; returns the new array. */
  widen(value: number): ValueArray {
    if (value <= this.largestStorable) return this.values;
    if (value > 0xffffffff) throw new RangeError(`Grundy value ${value} exceeds 32 bits`);
    const index = widthIndexFor(value);
    this.widthIndex = index;
    this.values = this.copyInto(makeValues(index, this.values.length, this.shared));
    return this.values;
  }

  private copyInto(target: ValueArray): ValueArray {
    target.set(this.values.subarray(0, this.count));
    return target;
  }

  /** The final values as a view (no copy). */
  view(): ValueArray {
    return this.values.subarray(0, this.count);
  }
}
