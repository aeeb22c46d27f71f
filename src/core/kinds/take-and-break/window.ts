import type { TakeBreakCode } from '../../rules/code.js';
import { InputError, saying } from '../../errors.js';
import { formatCount } from '../../numbers.js';
import { ValueStore, valueView } from '../../kernels/store.js';
import { SparseSpaceKernel } from './sparse-space.js';
import { lastSplit, type RareCommonSplit, type SplitState, type SparseSpace, type TwoHeapMoves } from './rare-common.js';
import { MAX_FAR, type WasmSparse } from './wasm-sparse.js';
import type { ValueSpill } from './platform.js';
import { SpillReader } from './spill-reader.js';

/**
 * A run of the rare/common kernel that keeps part of its values (--window F),
 * so that its memory does not grow with the heaps computed: the front of the
 * table G(0..F-1), a tail of the last T values (T = F + the largest take +
 * TAIL_SLACK, in a buffer of 2T slots slid down when full), and the rare heaps
 * with their values. What the kernel reads of G(n) then lies in what is kept
 * as long as every rare heap is in the front and every witness of the scan is
 * a split a < F (its partner rest - a is then in the tail). Where a value is
 * needed outside that (a witness further in, a rare heap past the front whose
 * partner is in the middle) the run refuses, naming the heap and the value; it
 * never guesses. It measures the reach its scans used.
 *
 * Heaps below F + T are computed by the ordinary kernel, its mask reviewed as
 * in a full run; from there on the mask stays as it was (the mask only changes
 * the speed, never a value; a new mask would need every value to list the rare
 * heaps again). The store's slots are the front, then the tail: slot F + i
 * holds heap base + i, base even, so the WebAssembly loop (fill_window) computes
 * the tail in slot numbers, with the parity of each heap its slot's.
 */

/** Heaps the tail keeps beyond the front and the largest take: a block of the scan reads sixteen splits, a batch sixteen heaps. */
const TAIL_SLACK = 64;
/** Fronts are at least this and at most MOST_WINDOW (slots stay below 2^31 for the WebAssembly loop). */
export const LEAST_WINDOW = 64;
export const MOST_WINDOW = 2 ** 28;

/** What a windowed run reports beside its values' counts. */
export interface WindowFigures {
  readonly computed: number;
  readonly front: number;
  readonly tail: number;
  readonly largest: { readonly value: number; readonly at: number };
  readonly rare: { readonly count: number; readonly mask: number; readonly space: SparseSpace; readonly last: number | null };
  /** valueCounts[v]: heaps of value v among G(0..computed-1). */
  readonly valueCounts: readonly number[];
  /**
   * The witnesses' reach past heap F + T: the largest split (to the end of its block of sixteen, in the WebAssembly
   * loop) at which a heap's scan found the last value it missed (0: none scanned there).
   */
  readonly deepestSplit: number;
  /** Heaps computed by the TypeScript loop past F + T (the WebAssembly loop could not: wider values, a rare heap past the front, an undecided heap). */
  readonly heapsHere: number;
}

/** The checkpoint's header (then the slots' values, `bytesPerValue` bytes each). */
interface Saved {
  readonly front: number;
  readonly tail: number;
  readonly count: number;
  readonly base: number;
  readonly bytesPerValue: number;
  readonly split: SplitState | null;
  readonly rareBeyond: readonly (readonly [number, number])[];
  readonly largest: { readonly value: number; readonly at: number };
  readonly deepestSplit: number;
  readonly heapsHere: number;
  /** The last values the spill held (a fingerprint: a resume checks its spill still holds them). */
  readonly spillTail: readonly number[] | null;
}

/** Splits the TypeScript scan reads at a time (a run of values from each side). */
const SCAN_RUN = 1 << 12;
/** Values of the spill a checkpoint keeps to check it against on resume. */
const SPILL_PRINT = 64;
/** Heaps a call of the WebAssembly loop fills while rare heaps lie past the front (each needs a buffer of partners that long). */
const FAR_CHUNK = 1 << 16;

export class WindowedRun {
  readonly tail: number;
  /** G(0..count-1) are computed. */
  count = 0;
  private readonly store: ValueStore;
  private readonly kernel: SparseSpaceKernel;
  /** The heap in slot `front` (front itself until the first slide). */
  private base: number;
  private windowed = false;
  private split: RareCommonSplit | null = null;
  private wasm: WasmSparse | null = null;
  private readonly moves: TwoHeapMoves;
  /** Rare heaps at or past the front, and their values. */
  private readonly rareBeyond = new Map<number, number>();
  private largest = { value: -1, at: 0 };
  private readonly scratch: Uint16Array[] = [];
  /** The split's rare heaps below the front (the first `near` of its list, which stays as it was at F + T). */
  private near = 0;
  private deepestSplit = 0;
  private heapsHere = 0;
  private seen = new Int32Array(2).fill(-1);
  private stamp = 0;
  /** Where every value computed goes, to be read back (null: values not kept are refused). */
  private readonly spilled: SpillReader | null;
  private readonly largestTake: number;

  constructor(
    code: TakeBreakCode,
    readonly front: number,
    useWasm = true,
    spill: ValueSpill | null = null,
  ) {
    this.spilled = spill && new SpillReader(spill);
    this.largestTake = code.digits.length - 1;
    if (!Number.isInteger(front) || front < LEAST_WINDOW || front > MOST_WINDOW || front % 2 !== 0) throw new RangeError(`window ${front}: an even number from ${LEAST_WINDOW} to ${MOST_WINDOW}`);
    this.tail = even(front + code.digits.length - 1 + TAIL_SLACK);
    this.kernel = new SparseSpaceKernel(code, useWasm);
    this.moves = this.kernel.parts.moves;
    this.store = new ValueStore(front + 2 * this.tail, 0, 1 << 10);
    this.kernel.house(this.store);
    this.base = front;
  }

  /** Compute G(count..to-1). */
  fill(to: number): void {
    while (this.count < to) {
      const ordinary = this.front + this.tail;
      if (!this.windowed && this.count < ordinary) {
        const end = Math.min(to, ordinary);
        this.kernel.fill(this.store, this.count, end);
        this.noteLargest(this.count, end, 0);
        this.count = end;
        this.spill(0);
      } else if (!this.windowed) this.openWindow();
      else {
        this.fillWindowed(to);
        this.spill(this.base - this.front);
      }
    }
  }

  /** The values computed since the last call into the spill (the store's slots are `shift` below their heaps). */
  private spill(shift: number): void {
    const spill = this.spilled?.spill;
    if (!spill || spill.count >= this.count) return;
    const slots = this.store.values.subarray(spill.count - shift, this.count - shift);
    spill.append(slots instanceof Uint16Array ? slots : Uint16Array.from(slots));
  }

  figures(): WindowFigures {
    const split = this.split ?? this.kernel.parts.split;
    const rare = this.kernel.rare;
    const counts = split.valueCounts().map((c) => c);
    while (counts.length > 1 && counts[counts.length - 1] === 0) counts.pop();
    // The split lists the rare heaps found below F + T (32-bit numbers); those found later are only in rareBeyond.
    const listed = new Set(split.positions.subarray(0, split.count));
    const later = [...this.rareBeyond.keys()].filter((r) => !listed.has(r));
    const last = later.length > 0 ? later[later.length - 1]! : split.count > 0 ? split.positions[split.count - 1]! : null;
    return {
      computed: this.count,
      front: this.front,
      tail: this.tail,
      largest: { ...this.largest },
      rare: { count: rare.count + later.length, mask: rare.mask, space: rare.space, last },
      valueCounts: counts,
      deepestSplit: this.deepestSplit,
      heapsHere: this.heapsHere,
    };
  }

  /** From F + T on: the kernel's split goes on without it, its mask fixed. */
  private openWindow(): void {
    const { split, wasm } = this.kernel.parts;
    this.split = split;
    this.wasm = wasm;
    wasm?.scanReach(); // the ordinary kernel's scans are no reach of the window's
    const g = this.store.reserve(this.front + 2 * this.tail);
    for (let j = 0; j < split.count; j++) if (split.positions[j]! >= this.front) this.rareBeyond.set(split.positions[j]!, g[split.positions[j]!]!);
    this.near = 0;
    while (this.near < split.count && split.positions[this.near]! < this.front) this.near++;
    this.windowed = true;
  }

  private fillWindowed(to: number): void {
    const F = this.front;
    if (this.count - this.base > this.tail) this.slide();
    const end = Math.min(to, this.base + 2 * this.tail);
    const shift = this.base - F;
    const split = this.split!;
    const known = split.count;
    const far = this.farRare();
    // With rare heaps past the front, their partners G(rest - r) must all be computed already: heaps below count + r.
    const last = far === null || far.length === 0 ? end : Math.min(end, this.count + FAR_CHUNK, this.count + far[0]!);
    // Room for one more rare heap first: making it moves the values, and the far partners' buffers with them.
    const stop = this.wasm && far && this.wasm.roomForRare(split.count + 1) ? this.wasm.fillWindow(this.store, this.count - shift, last - shift, split, F - 1, shift, this.near, this.farPartners(far, last)) : null;
    if (stop === null) {
      for (let n = this.count; n < end; n++) this.keep(n, this.valueHere(n));
      return;
    }
    this.deepestSplit = Math.max(this.deepestSplit, this.wasm!.scanReach());
    const done = (stop < 0 ? -stop - 1 : stop) + shift;
    this.noteLargest(this.count, done, shift);
    // At most one new rare heap a call (fill_window stops after it): the last heap computed.
    if (split.count > known) {
      split.count = known; // listed in rareBeyond only: heaps past 2^31 do not fit the split's list
      this.noteRare(done - 1, this.store.values[done - 1 - shift]!);
    }
    this.count = done;
    this.store.count = F + done - this.base;
    if (stop < 0) this.keep(done, this.valueHere(done));
  }

  /** G(from..to-1), while the run keeps them (the last T heaps computed, or the front). */
  valuesOf(from: number, to: number): number[] {
    const kept = to <= this.count && (to <= this.front || from >= this.base || this.base === this.front);
    if (!kept) throw new RangeError(`G(${from}..${to - 1}) is not kept (front ${this.front}, tail from ${this.base} to ${this.count - 1})`);
    return Array.from({ length: to - from }, (_, i) => this.valueOf(from + i, from + i));
  }

  /**
   * The rare heaps past the front, when the WebAssembly loop can pair them (values passed as their partners): every
   * one below each rest of the next heaps (a rare heap just found waits for the TypeScript loop), no split asking
   * for unequal parts, and not too many. Null when it cannot.
   */
  private farRare(): number[] | null {
    const far = [...this.rareBeyond.keys()];
    if (far.length === 0) return far;
    if (far.length > MAX_FAR || this.moves.splitUnequal.some(Boolean) || far[far.length - 1]! >= this.count - this.largestTake - 1) return null;
    return far;
  }

  /** The partners of the far rare heaps for heaps count..last-1: G(rest - r) for each rest, from count - k on. */
  private farPartners(far: readonly number[], last: number): { values: number[]; buffers: Uint8Array[]; lead: number } {
    const lead = this.largestTake;
    const length = last - this.count + lead;
    const buffers = far.length === 0 ? [] : this.wasm!.farBuffers(this.store, far.length, length);
    far.forEach((r, j) => {
      const buffer = buffers[j]!;
      const first = this.count - lead - r;
      for (let k = 0; k < length; k++) buffer[k] = this.valueOf(first + k, this.count);
    });
    return { values: far.map((r) => this.rareBeyond.get(r)!), buffers, lead };
  }

  /** Move the tail's last T values to the start of its buffer. */
  private slide(): void {
    const F = this.front;
    const base = even(this.count - this.tail);
    this.store.values.copyWithin(F, F + base - this.base, F + this.count - this.base);
    this.base = base;
    this.store.count = F + this.count - base;
  }

  /** Store G(n) = value (computed here) and take it into the split. */
  private keep(n: number, value: number): void {
    const slot = n - this.base + this.front;
    const g = value > this.store.largestStorable ? this.store.widen(value) : this.store.values;
    g[slot] = value;
    this.store.count = slot + 1;
    const split = this.split!;
    split.countValue(value, n);
    if (split.rareValues(n)[value]) this.noteRare(n, value);
    if (value > this.largest.value) this.largest = { value, at: n };
    this.count = n + 1;
    this.heapsHere++;
  }

  private noteRare(n: number, value: number): void {
    if (n >= this.front) this.rareBeyond.set(n, value);
  }

  /** The first heap of a new largest value among heaps [from, to) (slots `shift` lower). */
  private noteLargest(from: number, to: number, shift: number): void {
    const g = this.store.values;
    let { value, at } = this.largest;
    for (let n = from; n < to; n++) if (g[n - shift]! > value) (value = g[n - shift]!), (at = n);
    this.largest = { value, at };
  }

  /** G(i) where it is kept (front, tail, rare heaps); else the run refuses, naming heap n and i. */
  private valueOf(i: number, n: number): number {
    if (i >= this.count) throw new RangeError(`G(${i}) is not computed yet (${this.count} values are)`);
    if (i < this.front) return this.store.values[i]!;
    if (i >= this.base) return this.store.values[i - this.base + this.front]!;
    const rare = this.rareBeyond.get(i);
    if (rare !== undefined) return rare;
    if (this.spilled && i < this.spilled.spill.count) return this.spilled.get(i);
    const why = saying('error.window.reach', { heap: formatCount(n), index: formatCount(i), front: formatCount(this.front - 1), tail: formatCount(this.base) });
    throw InputError.about('too-large', 'window', this.front, formatCount(this.front), why);
  }

  /** G(from..from+length-1) into scratch buffer `which` (0 or 1): from the front and the tail, else read back, else refused (as valueOf). */
  private readRange(from: number, length: number, which: number, n: number): Uint16Array {
    const into = (this.scratch[which] ??= new Uint16Array(SCAN_RUN)).subarray(0, length);
    const g = this.store.values;
    let i = 0;
    while (i < length) {
      const at = from + i;
      if (at < this.front) {
        const end = Math.min(length, this.front - from);
        for (; i < end; i++) into[i] = g[from + i]!;
      } else if (at >= this.base) {
        for (; i < length; i++) into[i] = g[from + i - this.base + this.front]!;
      } else if (this.spilled && at < this.spilled.spill.count) {
        const end = Math.min(length, this.base - from, this.spilled.spill.count - from);
        this.spilled.spill.read(at, into.subarray(i, end));
        i = end;
      } else into[i++] = this.valueOf(at, n);
    }
    return into;
  }

  /** G(n) by the rare/common method (as sparseValue), reading only what is kept; the scan goes past the front only where it must. */
  private valueHere(n: number): number {
    const split = this.split!;
    const moves = this.moves;
    if (this.seen.length < split.bound) this.seen = new Int32Array(split.bound).fill(-1);
    if (++this.stamp === 2 ** 31 - 1) (this.stamp = 0), this.seen.fill(-1);
    const seen = this.seen;
    const stamp = this.stamp;
    const isRare = split.rareValues(n);
    for (const take of moves.wholeTakes) if (take === n) seen[0] = stamp;
    for (const take of moves.singleTakes) if (n - take > 0) seen[this.valueOf(n - take, n)] = stamp;
    for (let i = 0; i < moves.splitTakes.length; i++) {
      const rest = n - moves.splitTakes[i]!;
      // The front's rare heaps from the split's list, those past it from rareBeyond (both ascending).
      const pair = (r: number): void => {
        if (!(moves.splitUnequal[i] && 2 * r === rest)) seen[this.valueOf(r, n) ^ this.valueOf(rest - r, n)] = stamp;
      };
      for (let j = 0; j < this.near && split.positions[j]! < rest; j++) pair(split.positions[j]!);
      for (const r of this.rareBeyond.keys()) {
        if (r >= rest) break;
        pair(r);
      }
    }
    const bound = isRare.length;
    let oddMex = 0;
    while (oddMex < bound && (isRare[oddMex] || seen[oddMex] === stamp)) oddMex++;
    let missing = 0;
    for (let v = 0; v < oddMex; v++) if (isRare[v] && seen[v] !== stamp) missing++;
    // Every take's splits in the front first (their partners are in the tail), then, only for a value still
    // missing, the splits past it: what they read that is not kept refuses the run.
    for (const far of [false, true]) {
      for (let i = 0; i < moves.splitTakes.length && missing > 0; i++) {
        const rest = n - moves.splitTakes[i]!;
        const last = lastSplit(rest, moves.splitUnequal[i]!);
        // Splits a run of SCAN_RUN at a time, both sides read at once (past the front, from the values read back).
        for (let a = far ? this.front : 1; a <= (far ? last : Math.min(last, this.front - 1)) && missing > 0; a += SCAN_RUN) {
          const to = Math.min(far ? last : this.front - 1, a + SCAN_RUN - 1);
          const low = this.readRange(a, to + 1 - a, 0, n);
          const high = this.readRange(rest - to, to + 1 - a, 1, n);
          for (let k = 0; k <= to - a && missing > 0; k++) {
            const x = low[k]! ^ high[to - a - k]!;
            if (x < oddMex && seen[x] !== stamp && ((seen[x] = stamp), --missing === 0)) this.deepestSplit = Math.max(this.deepestSplit, a + k);
          }
        }
      }
    }
    if (missing === 0) return oddMex;
    let v = 0;
    while (!isRare[v] || seen[v] === stamp) v++;
    return v;
  }

  /** What a checkpoint keeps: a header, then the front's and the tail's values. */
  snapshot(): Uint8Array {
    const slots = this.store.values.subarray(0, Math.min(this.count, this.front) + Math.max(0, this.count - this.base));
    const saved: Saved = {
      front: this.front,
      tail: this.tail,
      count: this.count,
      base: this.base,
      bytesPerValue: this.store.bytesPerValue,
      split: this.windowed ? this.split!.state() : null,
      rareBeyond: [...this.rareBeyond],
      largest: this.largest,
      deepestSplit: this.deepestSplit,
      heapsHere: this.heapsHere,
      spillTail: this.spilled ? Array.from({ length: Math.min(SPILL_PRINT, this.count) }, (_, i) => this.spilled!.get(this.count - Math.min(SPILL_PRINT, this.count) + i)) : null,
    };
    const header = new TextEncoder().encode(JSON.stringify(saved));
    const bytes = new Uint8Array(4 + header.length + slots.byteLength);
    new DataView(bytes.buffer).setUint32(0, header.length, true);
    bytes.set(header, 4);
    bytes.set(new Uint8Array(slots.buffer, slots.byteOffset, slots.byteLength), 4 + header.length);
    return bytes;
  }

  /** The spill a resumed run reads must hold the values the checkpoint's run wrote: at least as many, ending as they did. */
  private checkSpill(saved: Saved): void {
    const spill = this.spilled?.spill;
    if (!spill || !saved.spillTail) return;
    const tail = saved.spillTail;
    const from = saved.count - tail.length;
    const held = spill.count >= saved.count && tail.every((v, i) => this.spilled!.get(from + i) === v);
    if (!held) {
      const why = spill.count < saved.count ? `${formatCount(spill.count)} values, not the ${formatCount(saved.count)} the checkpoint counts` : `other values than the checkpoint's run wrote before heap ${formatCount(saved.count)}`;
      throw InputError.about('mismatch', 'checkpoint', undefined, undefined, saying('error.window.spill', { why }));
    }
    spill.truncate(saved.count);
    this.spilled!.forget();
  }

  /** Go on from a snapshot (of a run with the same rule and window: the checkpoint's key says so). */
  resume(bytes: Uint8Array): void {
    const length = bytes.length >= 4 ? new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true) : -1;
    const saved = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length))) as Saved;
    if (saved.front !== this.front || saved.tail !== this.tail) throw new RangeError(`a snapshot of window ${saved.front} (tail ${saved.tail}), not ${this.front} (tail ${this.tail})`);
    this.checkSpill(saved);
    const body = bytes.slice(4 + length);
    const values = valueView(body.buffer, saved.bytesPerValue);
    this.store.widenToBytes(saved.bytesPerValue);
    this.store.reserve(this.front + 2 * this.tail).set(values);
    this.store.count = values.length;
    this.count = saved.count;
    this.base = saved.base;
    this.largest = saved.largest;
    this.deepestSplit = saved.deepestSplit;
    this.heapsHere = saved.heapsHere;
    if (saved.split === null) {
      this.kernel.catchUp(this.store.values, this.count);
      return;
    }
    this.kernel.parts.split.restore(saved.split);
    this.openWindow();
    this.rareBeyond.clear();
    for (const [heap, value] of saved.rareBeyond) this.rareBeyond.set(heap, value);
  }
}

const even = (x: number): number => x - (x % 2);
