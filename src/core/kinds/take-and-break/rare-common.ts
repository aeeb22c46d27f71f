import { SPLIT_TWO, type TakeBreakCode } from '../../rules/code.js';
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
  return unequal && (rest & 1) === 0 ? (rest >> 1) - 1 : rest >> 1;
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

/** Values wider than this are no sparse-space game: keep the mask rather than search bound^2 masks. */
const MAX_MASK_SEARCH = 1 << 10;

/**
 * The bookkeeping of the rare/common split (see sparse-space.ts): the value
 * histogram, the mask with fewest rare heaps, and the ascending list of rare
 * positions (heap 0 excluded). The list may live in a SharedArrayBuffer so
 * that worker threads read it in place.
 */
export class RareCommonSplit {
  mask = 0;
  /** isRare[v] = 1 when v is in the even (rare) class under `mask`. */
  isRare: Uint8Array = evenTable(0, 2);
  positions: Int32Array;
  count = 0;
  largest = 0;
  private histogram = new Float64Array(2);

  constructor(private readonly shared = false) {
    this.positions = this.newPositions(1024);
  }

  /** A bound on every value and every xor of two values so far. */
  get bound(): number {
    return this.histogram.length;
  }

  /** Take in G(n) = value (called in order of n). */
  record(value: number, n: number): void {
    this.countValue(value);
    if (n > 0 && this.isRare[value]) this.push(n);
  }

  /**
   * Take in a stretch of values at once: counts[v] of them equal v, every v
   * below the bound (so no table grows), and the rare ones among them
   * (heap 0 excluded) at `rare`, ascending; as record() on each in turn.
   */
  recordCounts(counts: Uint32Array, rare: Int32Array): void {
    for (let v = 0; v < counts.length; v++) {
      if (counts[v] === 0) continue;
      this.histogram[v]! += counts[v]!;
      if (v > this.largest) this.largest = v;
    }
    while (this.count + rare.length > this.positions.length) this.grow();
    this.positions.set(rare, this.count);
    this.count += rare.length;
  }

  /** Histogram and value-indexed tables only (for values taken in before a review). */
  countValue(value: number): void {
    if (value > this.largest) {
      this.largest = value;
      const bound = xorBound(value);
      if (bound > this.histogram.length) {
        const histogram = new Float64Array(bound);
        histogram.set(this.histogram);
        this.histogram = histogram;
        this.isRare = evenTable(this.mask, bound);
      }
    }
    this.histogram[value]!++;
  }

  /** Choose the mask with the fewest rare heaps among G(0..count-1); rebuild the list if it changed (or if asked). */
  review(g: ValueArray, count: number, rebuild = false): void {
    const bound = this.bound;
    const rareUnder = (mask: number): number => {
      let rare = 0;
      for (let v = 0; v < bound; v++) if (!parity(v & mask)) rare += this.histogram[v]!;
      return rare;
    };
    let best = this.mask;
    if (bound <= MAX_MASK_SEARCH) {
      let bestRare = rareUnder(best);
      for (let mask = 1; mask < bound; mask++) {
        const rare = rareUnder(mask);
        if (rare < bestRare) {
          best = mask;
          bestRare = rare;
        }
      }
    }
    if (best === this.mask && !rebuild) return;
    this.mask = best;
    this.isRare = evenTable(best, bound);
    this.count = 0;
    for (let n = 1; n < count; n++) if (this.isRare[g[n]!]) this.push(n);
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
