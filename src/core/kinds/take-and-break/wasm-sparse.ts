import { currentHost, type Host } from '../../host.js';
import type { RareCommonSplit, TwoHeapMoves } from './rare-common.js';
import { valueView, type ValueArray, type ValueHome, type ValueStore } from '../../kernels/store.js';

/**
 * The rare/common kernel's inner loop compiled to WebAssembly (wasm/sparse.c:
 * the same method as sparseValue, so the same values; its witness scan runs
 * sixteen splits at a time with SIMD). The store's values live in the
 * module's memory (it is their ValueHome), one byte each while every value is
 * below SMALL_BOUND and two bytes after, so the module computes straight into
 * the store and there is one copy of the values, not two; the module also
 * counts the values it computes. The TypeScript kernel stays in charge of
 * everything else (mask reviews, the rare list).
 * The module's bytes come from the host (Node reads wasm/sparse.wasm; a page
 * gives them with installHost). Without them, or for tables it was not sized for, the caller runs
 * the TypeScript loop instead.
 */
const TABLE_BOUND = 1 << 16; // value-indexed tables (is_rare, seen) sized for this
// Values are kept as uint16 (bytes below SMALL_BOUND): every value, and the mex that may reach the bound, must fit.
const MAX_BOUND = 1 << 15;
const RARE_CAPACITY = 1 << 18; // as in sparse.c
/** While the bound stays at or below this, the module keeps values as bytes (fill_small in sparse.c). */
const SMALL_BOUND = 128;
const PAGE = 65536;
const MAX_MEMORY = 2 ** 32 - PAGE;

let compiled: WebAssembly.Module | null | undefined;
/** Whose bytes `compiled` came from: a host installed since then is asked again. */
let compiledFor: Host['wasmBytes'] | undefined;
function wasmModule(): WebAssembly.Module | null {
  const bytesOf = currentHost().wasmBytes;
  if (compiled === undefined || compiledFor !== bytesOf) {
    compiledFor = bytesOf;
    try {
      const bytes = bytesOf();
      // (The cast: a DOM lib types the argument as a BufferSource over a plain ArrayBuffer.)
      compiled = bytes ? new WebAssembly.Module(bytes as Uint8Array<ArrayBuffer>) : null;
    } catch {
      compiled = null; // no file or no WebAssembly: the TypeScript loop does the work
    }
  }
  return compiled;
}

type Fill = (g: number, from: number, to: number, moves: number, rare: number, rareCountAt: number, rareCapacity: number, isRare: number, isOdd: number, domain: number, bound: number, seen: number, stopAt: number, width: number, counts: number) => number;

/** Whether the WebAssembly loop is there to use (the host gives the module's bytes: on Node, the .wasm file loads and SG_EXPLORE_NO_WASM is unset). */
export function wasmAvailable(): boolean {
  return wasmModule() !== null;
}

export class WasmSparse implements ValueHome {
  private readonly memory: WebAssembly.Memory;
  private readonly fillIn: Fill;
  private readonly movesAt: number;
  private readonly isRareAt: number;
  private readonly seenAt: number;
  private readonly rareAt: number;
  private readonly rareCountAt: number;
  private readonly countsAt: number;
  private readonly valuesAt: number;
  /** The store whose values live here: one at a time, since they all start at valuesAt. */
  private resident: ValueStore | null = null;
  private tableMask = -1;
  private tableBound = -1;
  private tableSpace = '';
  private outOfMemory = false;

  private constructor(instance: WebAssembly.Instance, moves: TwoHeapMoves) {
    this.memory = instance.exports.memory as WebAssembly.Memory;
    this.fillIn = instance.exports.fill as Fill;
    let at = ((instance.exports.__heap_base as WebAssembly.Global).value as number) + 15 & ~15;
    this.movesAt = at;
    at += 512;
    this.isRareAt = at; // the even class's table, then the odd class's
    at += 2 * TABLE_BOUND;
    this.seenAt = at;
    at += 4 * TABLE_BOUND;
    this.rareAt = at;
    at += 4 * RARE_CAPACITY;
    this.rareCountAt = at;
    at += 16;
    this.countsAt = at;
    at += 4 * TABLE_BOUND;
    this.valuesAt = at;
    this.ensure(at); // a RangeError here (no memory) reaches create, which gives up on the module
    new Int32Array(this.memory.buffer, this.seenAt, TABLE_BOUND).fill(-1);
    const header = new Int32Array(this.memory.buffer, this.movesAt, 3 + 4 * 16);
    header.set([moves.splitTakes.length, moves.singleTakes.length, moves.wholeTakes.length]);
    header.set(moves.splitTakes, 3);
    header.set(moves.splitUnequal, 3 + 16);
    header.set(moves.singleTakes, 3 + 32);
    header.set(moves.wholeTakes, 3 + 48);
  }

  /** A filler for these moves, or null when WebAssembly cannot be used for them. */
  static create(moves: TwoHeapMoves): WasmSparse | null {
    const module = wasmModule();
    if (!module || [moves.splitTakes, moves.singleTakes, moves.wholeTakes].some((takes) => takes.length > 16)) return null;
    try {
      return new WasmSparse(new WebAssembly.Instance(module), moves);
    } catch (error) {
      // An instance reserves its whole address range up front: under a small `ulimit -v` it cannot, and TypeScript does the work.
      if (error instanceof RangeError) return null;
      throw error;
    }
  }

  /**
   * Compute G(from..end-1) into the store and take them into the split
   * (histogram and rare list, from the module's counts: no pass over the
   * values here), or stop early, after a value that widens the tables.
   * Returns where it stopped, or null when the split has outgrown this
   * module's tables.
   */
  fill(store: ValueStore, from: number, end: number, split: RareCommonSplit): number | null {
    const bound = split.bound;
    if (bound > MAX_BOUND || split.count >= RARE_CAPACITY) return null;
    // The module computes into its own memory, so only while the store's values live there (see house). Widening grows
    // that memory, and a memory that cannot grow (a limit on the address space, or wasm32's 4 GiB) moves them out:
    // the TypeScript loop takes over from there.
    if (!this.houses(store)) return null;
    if (bound > SMALL_BOUND) store.widenToBytes(2);
    if (!this.houses(store)) return null;
    const memory = this.memory.buffer; // after any growth above
    if (split.mask !== this.tableMask || bound !== this.tableBound || split.space !== this.tableSpace) {
      new Uint8Array(memory, this.isRareAt, bound).set(split.evenClass);
      new Uint8Array(memory, this.isRareAt + TABLE_BOUND, bound).set(split.oddClass);
      [this.tableMask, this.tableBound, this.tableSpace] = [split.mask, bound, split.space];
    }
    const before = split.count;
    new Int32Array(memory, this.rareAt, before).set(split.positions.subarray(0, before));
    const rareCount = new Int32Array(memory, this.rareCountAt, 1);
    rareCount[0] = before;
    // Counts of even heaps' values, then of odd heaps' (the domain space's review needs both).
    const counts = new Uint32Array(memory, this.countsAt, 2 * bound);
    counts.fill(0);
    const domain = split.space === 'domain' ? split.parity! : -1;
    const stop = this.fillIn(this.valuesAt, from, end, this.movesAt, this.rareAt, this.rareCountAt, RARE_CAPACITY, this.isRareAt, this.isRareAt + TABLE_BOUND, domain, bound, this.seenAt, bound, store.bytesPerValue, this.countsAt);
    // Every value below bound is counted; one at or past it (the last, when fill stopped for it) is not.
    split.recordCounts(counts, new Int32Array(memory, this.rareAt + 4 * before, rareCount[0]! - before));
    const last = store.values[stop - 1]!;
    if (last >= bound) split.record(last, stop - 1);
    return stop;
  }

  /**
   * Keep the store's values in this module's memory, where fill computes
   * them; false when it cannot hold them (then it never tries again, and
   * the TypeScript loop does the work).
   */
  house(store: ValueStore): boolean {
    if (this.outOfMemory || store.bytesPerValue > 2) return false;
    // Another store's values may be here (a kernel used for a second table): they move out first, intact.
    if (this.resident !== store) this.resident?.leaveHome();
    this.resident = store;
    if (!store.home(this)) this.outOfMemory = true;
    return !this.outOfMemory;
  }

  /** Whether the store's values are the ones at valuesAt now. */
  private houses(store: ValueStore): boolean {
    return this.resident === store && store.values.buffer === this.memory.buffer;
  }

  /** ValueHome: the store's values at valuesAt, the memory grown to hold `capacity` of them. */
  view(bytesPerValue: number, capacity: number): ValueArray | null {
    const bytes = bytesPerValue * capacity;
    if (bytesPerValue > 2 || this.valuesAt + bytes > MAX_MEMORY) return null;
    try {
      this.ensure(this.valuesAt + bytes);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      return null;
    }
    return valueView(this.memory.buffer, bytesPerValue, this.valuesAt, capacity);
  }

  private ensure(bytes: number): void {
    const have = this.memory.buffer.byteLength;
    if (bytes > have) this.memory.grow(Math.ceil((bytes - have) / PAGE));
  }
}
