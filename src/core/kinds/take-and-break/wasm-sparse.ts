import { currentHost, type Host } from '../../host.js';
import { evenTable, oddTable, type RareCommonSplit, type TwoHeapMoves } from './rare-common.js';
import { valueView, type ValueArray, type ValueHome, type ValueStore } from '../../kernels/store.js';
import { RARE_CAPACITY, joinedInstance, sharedInstance, type Lane, type SharedKernel } from './wasm-lanes.js';

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
// Games whose values keep growing keep many rare heaps (.06 to 2^18: 104,189, two fifths): the list is address space until used.
/** While the bound stays at or below this, the module keeps values as bytes (fill_small in sparse.c). */
const SMALL_BOUND = 128;
/** Blocks of heaps shared out to workers (finishBlock, partials): at most this many heaps, values below BLOCK_BOUND. */
export const MAX_BLOCK = 1 << 12;
export const BLOCK_BOUND = 1 << 10;
const BLOCK_WORDS = BLOCK_BOUND / 32;
/** Period candidates a call of the module's `repeats` hands back at most (see repeats). */
const REPEATS_CAPACITY = 1 << 10;
const PAGE = 65536;
const MAX_MEMORY = 2 ** 32 - PAGE;

/** A build of the module, compiled once for the bytes the host gives (a host installed since is asked again). */
class Compiled {
  private module: WebAssembly.Module | null | undefined;
  private compiledFor: (() => Uint8Array | null) | undefined;

  constructor(private readonly bytesOf: (host: Host) => (() => Uint8Array | null) | undefined) {}

  get(): WebAssembly.Module | null {
    const bytesOf = this.bytesOf(currentHost());
    if (this.module === undefined || this.compiledFor !== bytesOf) {
      this.compiledFor = bytesOf;
      try {
        const bytes = bytesOf?.() ?? null;
        // (The cast: a DOM lib types the argument as a BufferSource over a plain ArrayBuffer.)
        this.module = bytes ? new WebAssembly.Module(bytes as Uint8Array<ArrayBuffer>) : null;
      } catch {
        this.module = null; // no file or no WebAssembly: the TypeScript loop does the work
      }
    }
    return this.module;
  }
}

/** The plain build (wasm/sparse.wasm), and the threads build whose instances share one memory (see wasm-lanes.ts). */
const plainBuild = new Compiled((host) => host.wasmBytes);
const threadsBuild = new Compiled((host) => host.threadsWasmBytes);
const wasmModule = (): WebAssembly.Module | null => plainBuild.get();

type Fill = (g: number, from: number, to: number, moves: number, rare: number, rareCountAt: number, rareCapacity: number, isRare: number, isOdd: number, domain: number, bound: number, seen: number, stopAt: number, width: number, counts: number) => number;
type FillWindow = (g: number, reach: number, from: number, to: number, moves: number, rare: number, rareCountAt: number, rareCapacity: number, isRare: number, isOdd: number, domain: number, bound: number, stopAt: number, counts: number) => number;
type Partials = (g: number, from: number, to: number, B: number, moves: number, rare: number, rareCount: number, isRare: number, isOdd: number, domain: number, bound: number, seen: number, marks: number, words: number, covered: number) => number;
type Repeats = (g: number, width: number, count: number, from: number, to: number, out: number, capacity: number) => number;
type Finish = (g: number, base: number, start: number, end: number, moves: number, rare: number, rareBelow: number, rareCountAt: number, rareCapacity: number, isRare: number, isOdd: number, domain: number, bound: number, seen: number, marks: number, words: number, covered: number, stopAt: number, counts: number) => number;

/**
 * What a worker needs to mark its share [from, to) of a block of heaps that
 * starts at blockStart (see partials in wasm/sparse.c): the rare heaps below
 * the block, the split's tables, and where its marks go (`words` 32-bit
 * words a heap, then one `covered` a heap, in `out`).
 */
export interface PartialsRequest {
  readonly blockStart: number;
  readonly from: number;
  readonly to: number;
  /** The rare heaps below the block are its first `rareCount` (it may hold more). */
  readonly rare: Int32Array;
  readonly rareCount: number;
  readonly mask: number;
  readonly bound: number;
  /** The split takes' parity in the domain space, else -1. */
  readonly domain: number;
  readonly words: number;
}

/**
 * Marks of consecutive heaps of a block, as partials writes them: `words`
 * words a heap for each of the `heaps` heaps, then one `covered` a heap.
 */
export interface MarksPart {
  readonly heaps: number;
  readonly marks: Int32Array;
}

/** Whether the WebAssembly loop is there to use (the host gives the module's bytes: on Node, the .wasm file loads and SG_EXPLORE_NO_WASM is unset). */
export function wasmAvailable(): boolean {
  return wasmModule() !== null;
}

/** Where an instance's areas lie from `at`: moves, class tables, stamps, counts, marks, covered, period candidates (the rare heaps come after them: see rareCapacity). */
function areas(at: number) {
  const movesAt = at;
  const isRareAt = movesAt + 512; // the even class's table, then the odd class's
  const seenAt = isRareAt + 2 * TABLE_BOUND;
  const rareCountAt = seenAt + 4 * TABLE_BOUND;
  const countsAt = rareCountAt + 16;
  const marksAt = countsAt + 4 * TABLE_BOUND;
  const coveredAt = marksAt + 4 * BLOCK_WORDS * MAX_BLOCK;
  const repeatsAt = coveredAt + 4 * MAX_BLOCK;
  return { movesAt, isRareAt, seenAt, rareCountAt, countsAt, marksAt, coveredAt, repeatsAt, end: repeatsAt + 4 * REPEATS_CAPACITY };
}
const AREA_BYTES = areas(0).end;
/** The rare heaps' positions (int32), then their values as bytes and as uint16 (rare_g, rare_g16 in sparse.c), for `capacity` of them. */
const rareBytes = (capacity: number): number => 7 * capacity;
/** The rare heaps a plain instance has room for at first: enough for most runs to their proofs (Kayles: 52). */
const FIRST_RARE_CAPACITY = 1 << 12;
/** A threads-build lane's areas: the plain instance's, then the positions of RARE_CAPACITY rare heaps (their values are in the lane). */
const LANE_AREA_BYTES = AREA_BYTES + 4 * RARE_CAPACITY;
const align16 = (at: number): number => (at + 15) & ~15;

export class WasmSparse implements ValueHome {
  private readonly fillIn: Fill;
  private readonly fillWindowIn: FillWindow;
  private readonly scanReachIn: () => number;
  private readonly farRareAt: number;
  private readonly partialsIn: Partials;
  private readonly finishIn: Finish;
  private readonly repeatsIn: Repeats;
  private readonly movesAt: number;
  private readonly isRareAt: number;
  private readonly seenAt: number;
  private readonly rareAt: number;
  /**
   * The rare heaps the instance has room for. A threads-build instance has RARE_CAPACITY in its lane; a plain one
   * starts with FIRST_RARE_CAPACITY right before its values and makes more as its runs need (roomForRare): a memory
   * sized for RARE_CAPACITY (28 MB an instance) made a process that analyses game after game spend most of its time
   * in the garbage collector, which weighs every instance's memory (Kayles to its proof, 100 times: 3.5x slower).
   */
  private rareCapacity = 0;
  private readonly laneTables: (small: number, wide: number) => void;
  /** Whether the instance has a lane of a shared memory, whose parts stay where they are. */
  private readonly inLane: boolean;
  private readonly rareCountAt: number;
  private readonly countsAt: number;
  private readonly marksAt: number;
  private readonly coveredAt: number;
  private readonly repeatsAt: number;
  private valuesAt: number;
  /** The store whose values live here: one at a time, since they all start at valuesAt. */
  private resident: ValueStore | null = null;
  /** The mask and bound of the class tables in the module (they depend on nothing else). */
  private tableMask = -1;
  private tableBound = -1;
  private outOfMemory = false;
  /** Whole-memory views, made again only when the memory grows (see int32): a view made per call was most of what a shared block allocated. */
  private i32 = new Int32Array(0);
  private u32 = new Uint32Array(0);

  /**
   * An instance whose own areas start at `lane.areasAt`, the values at `lane.valuesAt` (in the plain build, right
   * after the areas); `shared`: the memory is shared with other threads' instances (see wasm-lanes.ts).
   */
  private constructor(
    instance: WebAssembly.Instance,
    private readonly memory: WebAssembly.Memory,
    moves: TwoHeapMoves,
    lane: Lane,
    /** The shared memory and its build, for the workers (null in the plain build). */
    readonly shared: SharedKernel | null = null,
  ) {
    this.fillIn = instance.exports.fill as Fill;
    this.fillWindowIn = instance.exports.fill_window as FillWindow;
    this.scanReachIn = instance.exports.scan_reach as () => number;
    this.farRareAt = (instance.exports.far_rare as () => number)();
    this.partialsIn = instance.exports.partials as Partials;
    this.finishIn = instance.exports.finish as Finish;
    this.repeatsIn = instance.exports.repeats as Repeats;
    this.laneTables = instance.exports.lane_tables as (small: number, wide: number) => void;
    ({ movesAt: this.movesAt, isRareAt: this.isRareAt, seenAt: this.seenAt, rareCountAt: this.rareCountAt, countsAt: this.countsAt, marksAt: this.marksAt, coveredAt: this.coveredAt, repeatsAt: this.repeatsAt } = areas(lane.areasAt));
    this.valuesAt = lane.valuesAt;
    this.rareAt = lane.areasAt + AREA_BYTES;
    // A lane of a shared memory (main thread's or worker's) has its rare_g and rare_g16 in place (wasm-lanes.ts), and the positions here.
    this.inLane = typeof SharedArrayBuffer !== 'undefined' && memory.buffer instanceof SharedArrayBuffer;
    if (this.inLane) this.rareCapacity = RARE_CAPACITY;
    else this.placeRare(FIRST_RARE_CAPACITY);
    this.ensure(this.valuesAt); // a RangeError here (no memory) reaches create, which gives up on the module
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
    if (!module || !fitsModule(moves)) return null;
    try {
      const instance = new WebAssembly.Instance(module);
      const areasAt = align16((instance.exports.__heap_base as WebAssembly.Global).value as number);
      // The values' place comes with the rare heaps' room (placeRare), not from the lane.
      return new WasmSparse(instance, instance.exports.memory as WebAssembly.Memory, moves, { areasAt, valuesAt: Number.NaN });
    } catch (error) {
      // An instance reserves its whole address range up front: under a small `ulimit -v` it cannot, and TypeScript does the work.
      if (error instanceof RangeError) return null;
      throw error;
    }
  }

  /**
   * A filler whose memory is shared with `lanes - 1` workers' instances (joinShared), which read its values in place:
   * the threads build on lane 0. Null where the host has no threads build or shared memory cannot be had (then the
   * caller computes on one thread).
   */
  static createShared(moves: TwoHeapMoves, lanes: number): WasmSparse | null {
    const module = threadsBuild.get();
    if (!module || !fitsModule(moves)) return null;
    try {
      const made = sharedInstance(module, lanes, LANE_AREA_BYTES);
      return made && new WasmSparse(made.instance, made.shared.memory, moves, made.lane, made.shared);
    } catch (error) {
      if (error instanceof RangeError) return null;
      throw error;
    }
  }

  /** A worker's instance over the main thread's shared memory, on lane `lane` (from 1): see sharedPartials. */
  static joinShared(moves: TwoHeapMoves, shared: SharedKernel, lane: number): WasmSparse {
    const joined = joinedInstance(shared, lane, LANE_AREA_BYTES);
    return new WasmSparse(joined.instance, shared.memory, moves, joined.lane);
  }

  /**
   * Compute G(from..end-1) into the store and take them into the split
   * (histogram and rare list, from the module's counts: no pass over the
   * values here), or stop early, after a value that widens the tables.
   * Returns where it stopped, or null when the split has outgrown this
   * module's tables.
   */
  fill(store: ValueStore, from: number, end: number, split: RareCommonSplit): number | null {
    if (!this.ready(store, split)) return null;
    const before = this.prepare(split);
    const stop = this.fillIn(this.valuesAt, from, end, this.movesAt, this.rareAt, this.rareCountAt, this.rareCapacity, this.isRareAt, this.isRareAt + TABLE_BOUND, domainOf(split), split.bound, this.seenAt, split.bound, store.bytesPerValue, this.countsAt);
    return this.takeIn(store, stop, split, before);
  }

  /**
   * fill for a run that keeps part of its values (see window.ts): the store's slots from..end-1 stand for heaps
   * `shift` further on (an even number), every rare heap lies in the front (below `reach` + 1), and the witness scans
   * read splits up to `reach` only. Stops, besides where fill stops, after the first new rare heap (the caller
   * checks it is in the front), and before a heap the scans leave undecided: then returns -slot - 1. Null where
   * the module cannot (values past one byte).
   */
  fillWindow(store: ValueStore, from: number, end: number, split: RareCommonSplit, reach: number, shift: number, near: number, far: FarRare): number | null {
    if (split.bound > SMALL_BOUND || store.bytesPerValue !== 1 || split.count + 1 >= this.rareCapacity || far.buffers.length > MAX_FAR || !this.houses(store)) return null;
    this.prepare(split);
    // Only the rare heaps of the front (the split's first `near`) go in the module's list; those past it come with their partners (far_rare).
    const memory = this.memory.buffer;
    new Int32Array(memory, this.rareCountAt, 1)[0] = near;
    const farIn = new Int32Array(memory, this.farRareAt, 1 + 2 * far.buffers.length);
    farIn[0] = far.buffers.length;
    far.buffers.forEach((buffer, j) => farIn.set([far.values[j]!, buffer.byteOffset + far.lead - from], 1 + 2 * j));
    const stop = this.fillWindowIn(this.valuesAt, reach, from, end, this.movesAt, this.rareAt, this.rareCountAt, near + 1, this.isRareAt, this.isRareAt + TABLE_BOUND, domainOf(split), split.bound, split.bound, this.countsAt);
    const taken = this.takeIn(store, stop < 0 ? -stop - 1 : stop, split, near, shift);
    return stop < 0 ? stop : taken;
  }

  /**
   * Room in the module's memory, past the most the store can hold, for `count` buffers of `length` bytes: the
   * partners of the rare heaps past a window's front (see FarRare). Views made now: fill them before anything grows
   * the memory.
   */
  farBuffers(store: ValueStore, count: number, length: number): Uint8Array[] {
    const at = (this.valuesAt + 2 * store.limit + 15) & ~15;
    const capacity = store.values.length;
    this.ensure(at + count * length);
    // A memory grown detaches the store's view: a new one of the same values, as many as before.
    store.values = this.view(store.bytesPerValue, capacity)!;
    return Array.from({ length: count }, (_, j) => new Uint8Array(this.memory.buffer, at + j * length, length));
  }

  /** The largest split the module's witness scans have read since the last call (one byte a value only). */
  scanReach(): number {
    return this.scanReachIn();
  }

  /**
   * Heaps [start, end) from the marks of the pairs below `base` (`parts`:
   * consecutive shares of the block's heaps, `words` words a heap, BLOCK_BOUND
   * / 32 at most, as partials wrote them), as fill would compute them: see
   * finish in wasm/sparse.c. The split's first `rareBelow` rare heaps are
   * those the workers had, all below base. Null when this module cannot (as
   * fill), or the values are still bytes.
   */
  finishBlock(store: ValueStore, base: number, start: number, end: number, split: RareCommonSplit, rareBelow: number, parts: readonly MarksPart[], words: number): number | null {
    if (!this.blockFits(end - start, words, store) || !this.ready(store, split)) return null;
    const before = this.prepare(split);
    const memory = this.int32();
    // Each part's rows, then its covered, to their places in the module's areas (read there, with no copy between).
    let at = 0;
    for (let i = 0; i < parts.length; i++) {
      const { heaps, marks } = parts[i]!;
      copyInts(memory, (this.marksAt >> 2) + at * words, marks, 0, heaps * words);
      copyInts(memory, (this.coveredAt >> 2) + at, marks, heaps * words, heaps);
      at += heaps;
    }
    if (at !== end - start) throw new RangeError(`finishBlock: marks of ${at} heaps for a block of ${end - start}`);
    const stop = this.finishIn(this.valuesAt, base, start, end, this.movesAt, this.rareAt, rareBelow, this.rareCountAt, this.rareCapacity, this.isRareAt, this.isRareAt + TABLE_BOUND, domainOf(split), split.bound, this.seenAt, this.marksAt, words, this.coveredAt, split.bound, this.countsAt);
    return this.takeIn(store, stop, split, before);
  }

  /**
   * Worker side of a block: mark the pairs below request.blockStart for heaps
   * [from, to) (the store holds G(0..blockStart-1), two bytes a value, and
   * lives here) into `out`, `words` words a heap and then one `covered` a heap.
   */
  partials(store: ValueStore, request: PartialsRequest, out: Int32Array): void {
    if (!this.blockFits(request.to - request.from, request.words, store) || !this.houses(store)) throw new RangeError('partials: a block this module was not sized for');
    this.marksBelow(request, out);
  }

  /**
   * partials on a worker's instance (joinShared): the values are the main thread's, in the shared memory, two bytes
   * a value (blocks are shared out only then), final below request.blockStart.
   */
  sharedPartials(request: PartialsRequest, out: Int32Array): void {
    if (request.to - request.from > MAX_BLOCK || request.words > BLOCK_WORDS) throw new RangeError('partials: a block this module was not sized for');
    this.marksBelow(request, out);
  }

  private marksBelow(request: PartialsRequest, out: Int32Array): void {
    const { blockStart, from, to, rare, rareCount, mask, bound, domain, words } = request;
    if (rareCount > this.rareCapacity && !this.roomForRare(rareCount)) throw new RangeError('partials: more rare heaps than this module holds');
    if (mask !== this.tableMask || bound !== this.tableBound) this.loadTables(mask, bound, evenTable(mask, bound));
    const memory = this.int32();
    copyInts(memory, this.rareAt >> 2, rare, 0, rareCount);
    const heaps = to - from;
    this.partialsIn(this.valuesAt, from, to, blockStart, this.movesAt, this.rareAt, rareCount, this.isRareAt, this.isRareAt + TABLE_BOUND, domain, bound, this.seenAt, this.marksAt, words, this.coveredAt);
    copyInts(out, 0, memory, this.marksAt >> 2, heaps * words);
    copyInts(out, heaps * words, memory, this.coveredAt >> 2, heaps);
  }

  /**
   * periodCandidates (src/core/laws/guy-smith.ts) for values that live in
   * this module's memory, by wasm/repeats.c: the p <= maxPeriod, ascending,
   * for which the last min(p, 8) of g[0..count-1] repeat p earlier, into
   * `out`; returns how many, or null for values that live elsewhere.
   */
  repeats(g: ValueArray, count: number, maxPeriod: number, out: Int32Array): number | null {
    if (g.buffer !== this.memory.buffer || g.BYTES_PER_ELEMENT > 2 || count < 3 || 2 * maxPeriod > count) return null;
    let found = 0;
    for (let from = 1; from <= maxPeriod; ) {
      const taken = this.repeatsIn(g.byteOffset, g.BYTES_PER_ELEMENT, count, from, maxPeriod, this.repeatsAt, REPEATS_CAPACITY);
      out.set(new Int32Array(this.memory.buffer, this.repeatsAt, taken), found);
      found += taken;
      if (taken < REPEATS_CAPACITY) break;
      from = out[found - 1]! + 1;
    }
    return found;
  }

  /** Whether this module can fill the store now: its tables hold the split, and the store's values live here (two bytes a value once values pass SMALL_BOUND). */
  private ready(store: ValueStore, split: RareCommonSplit): boolean {
    if (split.bound > MAX_BOUND || !this.roomForRare(split.count)) return false;
    // The module computes into its own memory, so only while the store's values live there (see house). Widening grows
    // that memory, and a memory that cannot grow (a limit on the address space, or wasm32's 4 GiB) moves them out:
    // the TypeScript loop takes over from there.
    if (!this.houses(store)) return false;
    if (split.bound > SMALL_BOUND) store.widenToBytes(2);
    return this.houses(store);
  }

  /** The split's tables and rare heaps into the module, the counts cleared; returns how many rare heaps there were. */
  private prepare(split: RareCommonSplit): number {
    const bound = split.bound;
    if (split.mask !== this.tableMask || bound !== this.tableBound) this.loadTables(split.mask, bound, split.evenClass);
    const memory = this.int32(); // after any growth in ready
    const before = split.count;
    copyInts(memory, this.rareAt >> 2, split.positions, 0, before);
    memory[this.rareCountAt >> 2] = before;
    // Counts of even heaps' values, then of odd heaps' (the domain space's review needs both).
    memory.fill(0, this.countsAt >> 2, (this.countsAt >> 2) + 2 * bound);
    return before;
  }

  /** The class tables of (mask, bound) into the module (the even class, and its complement below bound). */
  private loadTables(mask: number, bound: number, even: Uint8Array): void {
    new Uint8Array(this.memory.buffer, this.isRareAt, bound).set(even);
    new Uint8Array(this.memory.buffer, this.isRareAt + TABLE_BOUND, bound).set(oddTable(even));
    [this.tableMask, this.tableBound] = [mask, bound];
  }

  /** Whether a block of `heaps` heaps, `words` words of marks each, fits this module's areas (values of two bytes). */
  private blockFits(heaps: number, words: number, store: ValueStore): boolean {
    return heaps <= MAX_BLOCK && words <= BLOCK_WORDS && store.bytesPerValue === 2;
  }

  /** Take what the module computed, up to `stop`, into the split: histogram and rare list from its counts, no pass over the values here. */
  private takeIn(store: ValueStore, stop: number, split: RareCommonSplit, before: number, shift = 0): number {
    const memory = this.int32();
    const bound = split.bound;
    const rareCount = memory[this.rareCountAt >> 2]!;
    // Every value below bound is counted; one at or past it (the last, when the module stopped for it) is not.
    split.recordCounts(this.u32, this.countsAt >> 2, memory, (this.rareAt >> 2) + before, (this.rareAt >> 2) + rareCount, shift);
    const last = store.values[stop - 1]!;
    if (last >= bound) split.record(last, stop - 1 + shift);
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

  /**
   * Move the store housed here, if any, into `other`'s memory, which takes over computing it; false (and the store
   * left here) where `other` cannot hold it.
   */
  moveResidentTo(other: WasmSparse): boolean {
    const store = this.resident;
    if (store === null || !this.houses(store)) return true;
    if (!other.house(store)) return false;
    this.resident = null;
    return true;
  }

  /**
   * Room for more than `count` rare heaps, made where there is not (a plain instance, up to RARE_CAPACITY): the
   * values move up past the larger room. The memory always grows for it, so that every view of the values made
   * before is detached, never left reading where they were. False where there cannot be room.
   */
  roomForRare(count: number): boolean {
    if (count < this.rareCapacity) return true;
    if (this.inLane || count >= RARE_CAPACITY) return false;
    let capacity = this.rareCapacity;
    while (capacity <= count) capacity *= 4;
    capacity = Math.min(capacity, RARE_CAPACITY);
    const store = this.resident !== null && this.houses(this.resident) ? this.resident : null;
    const [bytesPerValue, length] = store === null ? [1, 0] : [store.bytesPerValue, store.values.length];
    const from = this.valuesAt;
    const to = align16(this.rareAt + rareBytes(capacity));
    const end = to + bytesPerValue * length;
    if (end > MAX_MEMORY) return false;
    try {
      this.memory.grow(Math.max(1, Math.ceil((end - this.memory.buffer.byteLength) / PAGE)));
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      return false;
    }
    new Uint8Array(this.memory.buffer).copyWithin(to, from, from + bytesPerValue * length);
    this.placeRare(capacity);
    if (store !== null) store.values = valueView(this.memory.buffer, bytesPerValue, this.valuesAt, length);
    return true;
  }

  /** A plain instance's room for `capacity` rare heaps, at rareAt, and its values right after. */
  private placeRare(capacity: number): void {
    this.rareCapacity = capacity;
    this.laneTables(this.rareAt + 4 * capacity, this.rareAt + 5 * capacity);
    this.valuesAt = align16(this.rareAt + rareBytes(capacity));
  }

  /** Whether the store's values are the ones at valuesAt now. */
  houses(store: ValueStore): boolean {
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

  /** The memory as int32 (and u32 as uint32), from index 0: the views are made again only once it has grown. */
  private int32(): Int32Array {
    const buffer = this.memory.buffer;
    if (this.i32.buffer !== buffer) {
      this.i32 = new Int32Array(buffer);
      this.u32 = new Uint32Array(buffer);
    }
    return this.i32;
  }

  private ensure(bytes: number): void {
    const have = this.memory.buffer.byteLength;
    if (bytes > have) this.memory.grow(Math.ceil((bytes - have) / PAGE));
  }
}

/** The most rare heaps past a window's front the module takes (MAX_FAR in sparse.c). */
export const MAX_FAR = 256;

/**
 * The rare heaps past a windowed run's front, for fillWindow: their values, and for each a buffer (from farBuffers)
 * of its partners G(rest - r) for the rests of the heaps filled, from the rest `lead` below the first heap's slot.
 */
export interface FarRare {
  readonly values: readonly number[];
  readonly buffers: readonly Uint8Array[];
  readonly lead: number;
}

/**
 * src[from..from+count-1] into dst from `at`: a loop rather than set(subarray), which makes a view each call (blocks
 * copy marks a few times each, tens of thousands of blocks a run).
 */
function copyInts(dst: Int32Array, at: number, src: Int32Array, from: number, count: number): void {
  for (let i = 0; i < count; i++) dst[at + i] = src[from + i]!;
}

/** Whether the module's move lists hold these moves (16 takes of each sort at most). */
function fitsModule(moves: TwoHeapMoves): boolean {
  return [moves.splitTakes, moves.singleTakes, moves.wholeTakes].every((takes) => takes.length <= 16);
}

/** The split takes' parity when the split lies in the domain space, else -1 (as the module takes it). */
function domainOf(split: RareCommonSplit): number {
  return split.space === 'domain' ? split.parity! : -1;
}
