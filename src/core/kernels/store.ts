import { InputError } from '../errors.js';
import { formatCount } from '../numbers.js';
import { currentHost } from '../host.js';

export type ValueArray = Uint8Array | Uint16Array | Uint32Array;

/** One typed array holds at most this many elements on Node 20. */
export const MAX_ARRAY_LENGTH = 2 ** 32 - 1;

/** Bytes a run's tables may take now, when no budget is given: the host's figure (Node's reads the free memory). */
/** The largest of `values` (0 for none): what a store must widen to before it takes them in. */
export function largestIn(values: ArrayLike<number>): number {
  let largest = 0;
  for (let i = 0; i < values.length; i++) if (values[i]! > largest) largest = values[i]!;
  return largest;
}

export function freeMemoryBudget(): number {
  return currentHost().memoryBudget();
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

/** A view of values of a width over another buffer (worker threads get the SharedArrayBuffer): all of it, or `length` values from `byteOffset`. */
export function valueView(buffer: ArrayBufferLike, bytesPerValue: number, byteOffset = 0, length?: number): ValueArray {
  const width = WIDTHS.find((w) => w.bytes === bytesPerValue);
  if (!width) throw new RangeError(`no value width of ${bytesPerValue} bytes`);
  if (length === undefined && byteOffset === 0) return new width.array(buffer);
  const array = width.array as unknown as new (buffer: ArrayBufferLike, byteOffset: number, length?: number) => ValueArray;
  return new array(buffer, byteOffset, length);
}

/** Bytes per value in the narrowest width that holds `largest` (4 when unknown). */
export function bytesPerValueFor(largest: number | undefined): number {
  return largest === undefined ? 4 : WIDTHS[widthIndexFor(largest)].bytes;
}

/**
 * Memory a store's values may live in instead of a buffer of their own: the
 * WebAssembly kernel's linear memory, so the kernel computes straight into the
 * store and no second copy of the values exists (on a record run, hundreds of
 * megabytes). A WebAssembly memory grows in place, so a growing store copies
 * nothing either; but each growth detaches the views made before it, so a
 * homed store makes its views again after every change (see ValueStore.home).
 */
export interface ValueHome {
  /**
   * A view of `capacity` values of `bytesPerValue` bytes each at the home's
   * fixed place, the memory grown to hold them (what was there stays there);
   * null when the home cannot hold that many.
   */
  view(bytesPerValue: number, capacity: number): ValueArray | null;
}

/**
 * Widen values in place: `count` values of a narrower width at the start of
 * `target`'s bytes become `target`'s width. From the last value down, each
 * value is read before anything lands on it (value i moves to bytes at or
 * past its own).
 */
function widenInPlace(target: ValueArray, fromBytes: number, count: number): void {
  const narrow = valueView(target.buffer, fromBytes, target.byteOffset, count);
  for (let i = count - 1; i >= 0; i--) target[i] = narrow[i]!;
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
  /** Where the values live when not in a buffer of their own (see ValueHome). */
  private residence: ValueHome | null = null;

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
      this.values = this.resize(this.widthIndex, capacity);
    }
    return this.values;
  }

  /** Switch to a width that holds `value`; returns the new array. */
  widen(value: number): ValueArray {
    if (value <= this.largestStorable) return this.values;
    if (value > 0xffffffff) throw new RangeError(`Grundy value ${value} exceeds 32 bits`);
    return this.widenTo(widthIndexFor(value));
  }

  /** Switch to a width of at least `bytes` bytes a value (the WebAssembly kernel keeps two once values pass 127). */
  widenToBytes(bytes: number): ValueArray {
    const index = WIDTHS.findIndex((w) => w.bytes >= bytes);
    return index > this.widthIndex ? this.widenTo(index) : this.values;
  }

  private widenTo(index: number): ValueArray {
    this.values = this.resize(index, this.values.length);
    this.widthIndex = index;
    return this.values;
  }

  /**
   * Move the values into `home`, where they stay as the store grows and
   * widens; false (and nothing moved) when it cannot hold them. A store
   * already there only has its view made again (a kernel's memory may have
   * grown since).
   */
  home(home: ValueHome): boolean {
    if (this.shared) return false; // worker threads read the values from their SharedArrayBuffer
    const target = home.view(this.bytesPerValue, this.values.length);
    if (target === null) return false;
    if (this.residence !== home) target.set(this.values.subarray(0, this.count));
    this.residence = home;
    this.values = target;
    return true;
  }

  /** Take the values out of their home into a buffer of their own (the home is about to hold another store's). */
  leaveHome(): void {
    if (this.residence === null) return;
    const own = makeValues(this.widthIndex, this.values.length, false);
    own.set(this.values.subarray(0, this.count));
    [this.values, this.residence] = [own, null];
  }

  /**
   * Room for `capacity` values of width `index`, holding the values so far:
   * in the home, grown and widened in place, or else a new buffer (a home
   * that cannot hold them gives them up).
   */
  private resize(index: number, capacity: number): ValueArray {
    const bytes = WIDTHS[index]!.bytes;
    if (this.residence !== null && bytes <= 2) {
      const count = this.count;
      const was = this.bytesPerValue;
      // Read the values through a view made now: growth detaches the current one.
      const target = this.residence.view(bytes, capacity);
      if (target !== null) {
        if (bytes !== was) widenInPlace(target, was, count);
        return target;
      }
    }
    const target = makeValues(index, capacity, this.shared);
    target.set(this.values.subarray(0, this.count));
    this.residence = null;
    return target;
  }

  /** The final values as a view (no copy). */
  view(): ValueArray {
    return this.values.subarray(0, this.count);
  }
}
