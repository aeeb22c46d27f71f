import { isRepeating, SPLIT_TWO, type TakeBreakCode } from '../../rules/code.js';
import { xorBound } from '../../kernels/mex-buffer.js';
import type { ValueArray } from '../../kernels/store.js';
import { isRareValue, parity } from '../../kernels/rare.js';

/**
 * The moves of a two-heap take-and-break code, sorted by what they leave.
 * Plain arrays of numbers so they cross to worker threads as they are.
 */
export interface TwoHeapMoves {
  /** Takes whose digit splits into two heaps, and whether that split must be unequal (0/1). */
  readonly splitTakes: number[];
  readonly splitUnequal: number[];
  /** Takes that may leave one heap (digit bit 2). */
  readonly singleTakes: number[];
  /** Takes that may clear the heap (digit bit 1). */
  readonly wholeTakes: number[];
}

export function twoHeapMoves(code: TakeBreakCode): TwoHeapMoves {
  // These lists are finite: a repeating code (any take) runs on the direct kernel (see solver.ts).
  if (isRepeating(code)) throw new RangeError('the rare/common kernel takes finite codes only');
  const moves: TwoHeapMoves = { splitTakes: [], splitUnequal: [], singleTakes: [], wholeTakes: [] };
  code.digits.forEach((d, take) => {
    if (d & SPLIT_TWO) {
      moves.splitTakes.push(take);
      moves.splitUnequal.push(code.unequal[take] ? 1 : 0);
    }
    if (d & 2 && take > 0) moves.singleTakes.push(take);
    if (d & 1) moves.wholeTakes.push(take);
  });
  return moves;
}

/** The largest index a of a split of `rest` into a + (rest - a), a <= rest - a. */
export function lastSplit(rest: number, unequal: number): number {
  // Not rest >> 1: heaps past 2^31 (a windowed run's) would turn negative, and the scan would visit no split.
  const half = Math.floor(rest / 2);
  return unequal && rest % 2 === 0 ? half - 1 : half;
}

/**
 * Witness scans visit the splits a = first..last in this order: the first
 * `scanWindow` of them (a power of two, at most 2^14) with a stride of 257,
 * then the rest in turn. Neighbouring splits have correlated values, so
 * spreading the first visits finds the missing even values in about 40% fewer
 * steps (Officers: 1,500 against 2,600), while staying within a cache-sized
 * stretch of the table. Every a is still visited exactly once.
 */
export const SCAN_STRIDE = 257;
const MAX_SCAN_WINDOW = 1 << 14;

export function scanWindow(first: number, last: number): number {
  const count = last - first + 1;
  if (count <= 0) return 0;
  let window = 1;
  while (window * 2 <= count && window < MAX_SCAN_WINDOW) window *= 2;
  return window;
}

/**
 * The order of the single-thread witness scan (sparseValue and wasm/sparse.c):
 * splits a = 1..IN_ORDER_PREFIX first, in order (0.354's witnesses all sit
 * there: about 115 steps a heap against 5,400 strided), then blocks of
 * SCAN_BLOCK splits of the power-of-two window in a stride of SCAN_STRIDE
 * blocks (Officers needs fewer steps spread out; a block is one SIMD step),
 * then the rest in order. Calls visit(from, to) for each run of consecutive
 * splits until it returns true (nothing missing). Every a is visited once.
 */
export const IN_ORDER_PREFIX = 256;
export const SCAN_BLOCK = 16;

export function scanSplits(last: number, visit: (from: number, to: number) => boolean): void {
  const prefix = Math.min(last, IN_ORDER_PREFIX);
  if (visit(1, prefix)) return;
  const window = scanWindow(1, last);
  let done = prefix;
  if (window > IN_ORDER_PREFIX) {
    const blocks = window / SCAN_BLOCK;
    for (let j = 0; j < blocks; j++) {
      const b = (j * SCAN_STRIDE) & (blocks - 1);
      if (b < IN_ORDER_PREFIX / SCAN_BLOCK) continue;
      if (visit(1 + b * SCAN_BLOCK, (b + 1) * SCAN_BLOCK)) return;
    }
    done = window;
  }
  visit(done + 1, last);
}

export { parity };

/** evenTable(mask, bound)[v] = 1 when popcount(v & mask) is even: the "rare" class (isRareValue). */
export function evenTable(mask: number, bound: number): Uint8Array {
  const table = new Uint8Array(bound);
  for (let v = 0; v < bound; v++) table[v] = isRareValue(v, mask) ? 1 : 0;
  return table;
}

/**
 * Past this bound the mask is kept rather than searched. The search costs two Walsh-Hadamard transforms of the
 * histogram (bound log bound), so it reaches the WebAssembly loop's widest values: games whose values keep growing
 * (.04: past 1,024 by 2^17 heaps) need a new mask as they grow (.04 to 2^18: 21,774 rare heaps under the mask
 * searched at 2^17, against 33,413 under the one kept from 1,024 values; 6.9 s CPU against 20.7 s).
 */
const MAX_MASK_SEARCH = 1 << 16;

/**
 * Where the sparse set lies (Flammenkamp, "Sparse- and common-positions of
 * Sprague-Grundy values of octal games"):
 * - range: heap n is rare when popcount(G(n) & mask) is even, whatever n is
 *   (Berlekamp; Gangolli-Plambeck);
 * - domain: heap n is rare when popcount(G(n) & mask) has the parity of
 *   n - t, t a split take. Two heaps a + b = n - t that are both common
 *   then xor to the class of n - t's parity, exactly as two common values
 *   xor to the even class in the range. It needs every split take to have
 *   the same parity (Flammenkamp: one splitting digit), so that n - t has one
 *   parity whichever split is made.
 * Either way the values of the class opposite to the common pairs' come only
 * from pairs with a rare part, which the rare list enumerates: the method is
 * exact for any mask and either space, and only its speed depends on them.
 */
export type SparseSpace = 'range' | 'domain';

/** What a split looks like now, for reports: how many heaps are rare (heap 0 excluded), under which mask and in which space. */
export interface RareSummary {
  readonly count: number;
  readonly mask: number;
  readonly space: SparseSpace;
}

/** The parity of the split takes when they all share one (the domain space is open to them), else null. */
export function domainParity(moves: TwoHeapMoves): number | null {
  const parities = new Set(moves.splitTakes.map((take) => take & 1));
  return parities.size === 1 ? [...parities][0]! : null;
}

/**
 * The class table that makes heap n rare: the even class in the range
 * (`domainParity` null), and in the domain the even class when n - t is even
 * and the odd class when it is odd. (wasm/sparse.c's rare_table is the same.)
 */
export function classTableOf(n: number, domainParity: number | null, evenClass: Uint8Array, oddClass: Uint8Array): Uint8Array {
  return domainParity !== null && ((n - domainParity) & 1) === 1 ? oddClass : evenClass;
}

/**
 * The bookkeeping of the rare/common split (see sparse-space.ts): the value
 * histogram (and that of the odd heaps, for the domain space), the space and
 * mask with fewest rare heaps, and the ascending list of rare positions
 * (heap 0 excluded). The list may live in a SharedArrayBuffer so that worker
 * threads read it in place.
 */
export class RareCommonSplit {
  mask = 0;
  space: SparseSpace = 'range';
  /** evenClass[v] = 1 when popcount(v & mask) is even; oddClass is its complement below the bound. */
  evenClass: Uint8Array = evenTable(0, 2);
  oddClass: Uint8Array = oddTable(this.evenClass);
  positions: Int32Array;
  count = 0;
  largest = 0;
  private histogram = new Float64Array(2);
  /** The histogram of the values of odd heaps only. */
  private oddHistogram = new Float64Array(2);

  /**
   * `parity`: domainParity of the game's moves; null keeps the split in the
   * range. `space` fixes the space (tests compare both against the plain
   * kernel); by default each review chooses it.
   */
  constructor(
    private readonly shared = false,
    readonly parity: number | null = null,
    private readonly fixedSpace: SparseSpace | null = null,
  ) {
    this.positions = this.newPositions(1024);
    if (fixedSpace === 'domain' && parity === null) throw new Error('the domain sparse space needs split takes of one parity');
    if (fixedSpace) this.space = fixedSpace;
  }

  /** A bound on every value and every xor of two values so far. */
  get bound(): number {
    return this.histogram.length;
  }

  /**
   * The values that make heap n rare, which are also the class that two
   * common heaps of n's pairs xor to (the class the witness scan looks for).
   */
  rareValues(n: number): Uint8Array {
    return classTableOf(n, this.space === 'domain' ? this.parity : null, this.evenClass, this.oddClass);
  }

  /** Take in G(n) = value (called in order of n). */
  record(value: number, n: number): void {
    this.countValue(value, n);
    if (n > 0 && this.rareValues(n)[value]) this.push(n);
  }

  /**
   * Take in a stretch of values at once: counts[countsAt + v] of them equal v at even
   * heaps and counts[countsAt + bound + v] at odd heaps, every v below the bound (so no
   * table grows), and the rare ones among them (heap 0 excluded) at rare[rareFrom..rareTo-1]
   * plus `shift`, ascending; as record() on each in turn. (Indices into whole views, not
   * views made per call: see WasmSparse.int32.)
   */
  recordCounts(counts: Uint32Array, countsAt: number, rare: Int32Array, rareFrom: number, rareTo: number, shift: number): void {
    const bound = this.bound;
    for (let v = 0; v < bound; v++) {
      const even = counts[countsAt + v]!;
      const odd = counts[countsAt + bound + v]!;
      if (even + odd === 0) continue;
      this.histogram[v]! += even + odd;
      this.oddHistogram[v]! += odd;
      if (v > this.largest) this.largest = v;
    }
    while (this.count + rareTo - rareFrom > this.positions.length) this.grow();
    for (let j = rareFrom; j < rareTo; j++) this.positions[this.count++] = rare[j]! + shift;
  }

  /** Histogram and value-indexed tables only (for values taken in before a review). */
  countValue(value: number, n: number): void {
    if (value > this.largest) {
      this.largest = value;
      const bound = xorBound(value);
      if (bound > this.histogram.length) {
        this.histogram = grown(this.histogram, bound);
        this.oddHistogram = grown(this.oddHistogram, bound);
        this.setTables(this.mask, bound);
      }
    }
    this.histogram[value]!++;
    if (n & 1) this.oddHistogram[value]!++;
  }

  /**
   * Choose the space and mask with the fewest rare heaps among G(0..count-1)
   * (the current ones unless another is strictly better); rebuild the list
   * if they changed (or if asked).
   */
  review(g: ValueArray, count: number, rebuild = false): void {
    const bound = this.bound;
    const totalOdd = this.oddHistogram.reduce((sum, c) => sum + c, 0);
    const totalEven = this.histogram.reduce((sum, c) => sum + c, 0) - totalOdd;
    // Heaps whose value is in the even class under each mask, among the even and among the odd heaps: from the
    // Walsh-Hadamard transforms of the two histograms, (total + W[mask]) / 2, for every mask at once.
    const evenHeaps = this.histogram.map((c, v) => c - this.oddHistogram[v]!);
    const evenWalsh = walshHadamard(evenHeaps);
    const oddWalsh = walshHadamard(Float64Array.from(this.oddHistogram));
    const evenAt = (mask: number): [number, number] => [(totalEven + evenWalsh[mask]!) / 2, (totalOdd + oddWalsh[mask]!) / 2];
    // Rare heaps in a space, from evenAt's counts under one mask.
    const rareIn = (space: SparseSpace, [evenHeaps, oddHeaps]: [number, number]): number => {
      if (space === 'range') return evenHeaps + oddHeaps;
      // Rare: the value's class is n - t's parity, i.e. the even class at heaps of t's parity.
      return this.parity === 0 ? evenHeaps + (totalOdd - oddHeaps) : totalEven - evenHeaps + oddHeaps;
    };
    const spaces: SparseSpace[] = this.fixedSpace ? [this.fixedSpace] : this.parity === null ? ['range'] : ['range', 'domain'];
    let best = { space: this.space, mask: this.mask, rare: rareIn(this.space, evenAt(this.mask)) };
    if (bound <= MAX_MASK_SEARCH) {
      for (let mask = 0; mask < bound; mask++) {
        const counts = evenAt(mask);
        for (const space of spaces) {
          const rare = rareIn(space, counts);
          if (rare < best.rare) best = { space, mask, rare };
        }
      }
    }
    if (best.mask === this.mask && best.space === this.space && !rebuild) return;
    this.space = best.space;
    this.setTables(best.mask, bound);
    this.count = 0;
    for (let n = 1; n < count; n++) if (this.rareValues(n)[g[n]!]) this.push(n);
  }

  /** How many heaps so far have each value (index: the value), below the bound. */
  valueCounts(): readonly number[] {
    return Array.from(this.histogram);
  }

  /** Everything this split knows, as plain data (a checkpoint of a run that keeps part of its values: see window.ts). */
  state(): SplitState {
    return { mask: this.mask, space: this.space, largest: this.largest, positions: Array.from(this.positions.subarray(0, this.count)), histogram: Array.from(this.histogram), oddHistogram: Array.from(this.oddHistogram) };
  }

  /** Take on a state that state() gave (of a split with the same parity and fixed space). */
  restore(state: SplitState): void {
    this.space = state.space;
    this.largest = state.largest;
    this.histogram = Float64Array.from(state.histogram);
    this.oddHistogram = Float64Array.from(state.oddHistogram);
    this.setTables(state.mask, this.histogram.length);
    this.count = 0;
    for (const position of state.positions) this.push(position);
  }

  private setTables(mask: number, bound: number): void {
    this.mask = mask;
    this.evenClass = evenTable(mask, bound);
    this.oddClass = oddTable(this.evenClass);
  }

  private push(position: number): void {
    if (this.count === this.positions.length) this.grow();
    this.positions[this.count++] = position;
  }

  private grow(): void {
    const bigger = this.newPositions(this.positions.length * 2);
    bigger.set(this.positions);
    this.positions = bigger;
  }

  private newPositions(length: number): Int32Array {
    return this.shared ? new Int32Array(new SharedArrayBuffer(length * 4)) : new Int32Array(length);
  }
}

/** A RareCommonSplit as plain data (see RareCommonSplit.state). */
export interface SplitState {
  readonly mask: number;
  readonly space: SparseSpace;
  readonly largest: number;
  readonly positions: readonly number[];
  readonly histogram: readonly number[];
  readonly oddHistogram: readonly number[];
}

/**
 * The Walsh-Hadamard transform, in place: W[m] = sum over v of (-1)^popcount(v & m) h[v]
 * (h's length a power of two). Counts of whole numbers stay exact.
 */
export function walshHadamard(h: Float64Array): Float64Array {
  for (let half = 1; half < h.length; half *= 2) {
    for (let i = 0; i < h.length; i += 2 * half) {
      for (let j = i; j < i + half; j++) {
        const a = h[j]!;
        const b = h[j + half]!;
        h[j] = a + b;
        h[j + half] = a - b;
      }
    }
  }
  return h;
}

function grown(histogram: Float64Array<ArrayBuffer>, length: number): Float64Array<ArrayBuffer> {
  const bigger = new Float64Array(length);
  bigger.set(histogram);
  return bigger;
}

/** The complement of a class table: the values in the other class, below the same bound. */
export function oddTable(evenClass: Uint8Array): Uint8Array {
  return evenClass.map((even) => 1 - even);
}

/**
 * Take in G(from..to-1), values the kernel did not compute itself (loaded
 * from a checkpoint), reviewing the mask at the same heaps as a run from
 * scratch does (each doubling of `nextReview`): the split, and so the
 * kernel's figures (rare heaps, mask), come out the same. Returns the next
 * review point.
 */
export function replaySplit(split: RareCommonSplit, g: ValueArray, from: number, to: number, nextReview: number): number {
  for (let n = from; n < to; n++) {
    if (n >= nextReview) {
      split.review(g, n);
      nextReview = n * 2;
    }
    split.record(g[n]!, n);
  }
  return nextReview;
}
