import { SPLIT_TWO, type TakeBreakCode } from '../rules/code.js';
import { xorBound } from './mex-buffer.js';
import type { ValueArray, ValueStore } from './store.js';

/**
 * The rare/common ("sparse space") kernel for take-and-break codes whose
 * moves leave at most two heaps (Berlekamp, Winning Ways' "sparse space spells
 * speed"; Gangolli-Plambeck; Flammenkamp).
 *
 * Fix a mask and sort values by the parity of popcount(value & mask). In the
 * octal games people study, a good mask puts almost every G(n) in the odd
 * class ("common") and only a few heaps in the even class ("rare"). An odd
 * xor a ^ b needs exactly one even part, so:
 * - every odd option value comes from a pair with a rare part: pairing each
 *   of the few rare positions r with rest - r finds all of them, exhaustively;
 * - an even option value (common ^ common) is, when present, present many
 *   times over: one witness pair a + b = rest with G(a) ^ G(b) = v turns up
 *   after a few steps of a scan, which runs to the end only when v really is
 *   missing (then v is the mex, and a rare value: that is rare).
 * The mex is usually odd, so a heap costs about (rare positions) + (a few
 * witness scans) instead of n / 2. The mask only changes the speed, never the
 * answer: it is re-chosen at each doubling from the value histogram.
 */
export class SparseSpaceKernel {
  private mask = 0;
  private rareValue: Uint8Array = new Uint8Array(2).fill(1); // rareValue[v] = 1 when v is even under mask
  private rarePositions = new Int32Array(1024);
  private rareCount = 0;
  private histogram = new Float64Array(2);
  private largest = 0;
  private recorded = 0; // G(0..recorded-1) are in the histogram and rare list
  private seen = new Float64Array(2).fill(-1);
  private nextReview = 64;
  /** The takes whose digit allows a split into two heaps, and whether that split must be unequal. */
  private readonly splitTakes: Int32Array;
  private readonly splitUnequal: Uint8Array;
  private readonly singleTakes: Int32Array; // digit bit 2: leave one heap
  private readonly wholeTakes: Int32Array; // digit bit 1: take the whole heap

  constructor(code: TakeBreakCode) {
    const split: number[] = [];
    const single: number[] = [];
    const whole: number[] = [];
    code.digits.forEach((d, take) => {
      if (d & SPLIT_TWO) split.push(take);
      if (d & 2 && take > 0) single.push(take);
      if (d & 1) whole.push(take);
    });
    this.splitTakes = Int32Array.from(split);
    this.splitUnequal = Uint8Array.from(split.map((take) => (code.unequal[take] ? 1 : 0)));
    this.singleTakes = Int32Array.from(single);
    this.wholeTakes = Int32Array.from(whole);
  }

  /** How many heaps so far have a rare value (heap 0 excluded), and under which mask. */
  get rare(): { readonly count: number; readonly mask: number } {
    return { count: this.rareCount, mask: this.mask };
  }

  fill(store: ValueStore, from: number, to: number): void {
    let g = store.reserve(to);
    if (this.recorded < from) {
      // Values loaded from a checkpoint were never seen here: count them, then choose the mask.
      for (let n = this.recorded; n < from; n++) this.count(g[n]!);
      this.recorded = from;
      this.review(g, from, true);
      this.nextReview = 2 * from;
    }
    for (let n = from; n < to; n++) {
      if (n >= this.nextReview) {
        this.review(g, n);
        this.nextReview = n * 2;
      }
      const value = this.valueOf(g, n);
      if (value > store.largestStorable) g = store.widen(value);
      g[n] = value;
      store.count = n + 1;
      this.record(value, n);
    }
  }

  private valueOf(g: ValueArray, n: number): number {
    const seen = this.seen;
    const rareValue = this.rareValue;
    const positions = this.rarePositions;
    for (let i = 0; i < this.wholeTakes.length; i++) if (this.wholeTakes[i] === n) seen[0] = n;
    for (let i = 0; i < this.singleTakes.length; i++) {
      const rest = n - this.singleTakes[i]!;
      if (rest > 0) seen[g[rest]!] = n;
    }
    for (let i = 0; i < this.splitTakes.length; i++) {
      const rest = n - this.splitTakes[i]!;
      const unequal = this.splitUnequal[i]!;
      for (let j = 0; j < this.rareCount; j++) {
        const r = positions[j]!;
        if (r >= rest) break; // positions are ascending
        if (unequal && 2 * r === rest) continue;
        seen[g[r]! ^ g[rest - r]!] = n;
      }
    }
    // Odd values are all marked by now: the smallest unmarked one is an upper bound on the mex.
    let oddMex = 1;
    while (oddMex < rareValue.length && (rareValue[oddMex] || seen[oddMex] === n)) oddMex++;
    // Even values below it need common ^ common witnesses: one scan over the splits
    // marks them, stopping as soon as none below oddMex is missing.
    let evenGap = this.nextEvenGap(n, 0, oddMex);
    for (let i = 0; i < this.splitTakes.length && evenGap < oddMex; i++) {
      const rest = n - this.splitTakes[i]!;
      const last = this.splitUnequal[i] && (rest & 1) === 0 ? (rest >> 1) - 1 : rest >> 1;
      for (let a = 1; a <= last; a++) {
        const x = g[a]! ^ g[rest - a]!;
        seen[x] = n;
        if (x === evenGap) {
          evenGap = this.nextEvenGap(n, evenGap + 1, oddMex);
          if (evenGap >= oddMex) break;
        }
      }
    }
    return evenGap < oddMex ? evenGap : oddMex;
  }

  /** The smallest even-class value in [from, below) not yet marked for heap n, or `below`. */
  private nextEvenGap(n: number, from: number, below: number): number {
    const seen = this.seen;
    const rareValue = this.rareValue;
    for (let v = from; v < below; v++) if (rareValue[v] && seen[v] !== n) return v;
    return below;
  }

  private record(value: number, n: number): void {
    this.recorded = n + 1;
    this.count(value);
    if (n > 0 && this.rareValue[value]) this.pushRare(n);
  }

  /** Histogram and value-indexed tables only. */
  private count(value: number): void {
    if (value > this.largest) {
      this.largest = value;
      this.resizeForValues();
    }
    this.histogram[value]!++;
  }

  private pushRare(position: number): void {
    if (this.rareCount === this.rarePositions.length) {
      const bigger = new Int32Array(this.rarePositions.length * 2);
      bigger.set(this.rarePositions);
      this.rarePositions = bigger;
    }
    this.rarePositions[this.rareCount++] = position;
  }

  /** Value-indexed tables cover every xor of two values. */
  private resizeForValues(): void {
    const bound = xorBound(this.largest);
    if (bound <= this.seen.length) return;
    const seen = new Float64Array(bound).fill(-1);
    seen.set(this.seen);
    this.seen = seen;
    const histogram = new Float64Array(bound);
    histogram.set(this.histogram);
    this.histogram = histogram;
    this.rareValue = rareTable(this.mask, bound);
  }

  /** Choose the mask with the fewest rare heaps so far, and rebuild the rare list if it changed. */
  private review(g: ValueArray, count: number, rebuild = false): void {
    const bound = this.histogram.length;
    const rareUnder = (mask: number): number => {
      let rare = 0;
      for (let v = 0; v < bound; v++) if (!parity(v & mask)) rare += this.histogram[v]!;
      return rare;
    };
    let best = this.mask;
    // Values wider than this are no sparse-space game: keep the mask rather than search bound^2.
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
    this.rareValue = rareTable(best, bound);
    this.rareCount = 0;
    for (let n = 1; n < count; n++) if (this.rareValue[g[n]!]) this.pushRare(n);
  }
}

const MAX_MASK_SEARCH = 1 << 10;

function parity(x: number): number {
  x ^= x >>> 16;
  x ^= x >>> 8;
  x ^= x >>> 4;
  x ^= x >>> 2;
  x ^= x >>> 1;
  return x & 1;
}

function rareTable(mask: number, bound: number): Uint8Array {
  const table = new Uint8Array(bound);
  for (let v = 0; v < bound; v++) table[v] = parity(v & mask) ^ 1;
  return table;
}
