import { digitAt, lastTake, SPLIT_THREE, SPLIT_TWO, unequalAt, type TakeBreakCode } from '../../rules/code.js';
import { MexBuffer, xorBound } from '../../kernels/mex-buffer.js';
import type { ValueStore } from '../../kernels/store.js';

/**
 * Direct kernel for take-and-break codes: for each heap, mark every option's
 * value in a stamped mex buffer. Two-heap splits are one pass over a + b =
 * rest; three-heap splits (hexadecimal digits) use, for each sum s, the list of
 * distinct G(a) xor G(b) with a + b = s, so a triple costs one xor per pair
 * value rather than a double loop. O(n) per heap for octal codes; the
 * rare/common kernel is the fast path for long runs.
 */
export class TakeBreakKernel {
  private readonly buffer = new MexBuffer();
  private largest = 0;
  private recorded = 0; // `largest` covers G(0..recorded-1)
  /** pairXors[s]: distinct G(a) ^ G(b) for a + b = s, a, b >= 1 (built on demand). */
  private readonly pairXors: Int32Array[] = [];

  constructor(private readonly code: TakeBreakCode) {}

  fill(store: ValueStore, from: number, to: number): void {
    let g = store.reserve(to);
    // Values loaded from a checkpoint were never seen here: the buffer must still cover their xors.
    for (let n = this.recorded; n < from; n++) if (g[n]! > this.largest) this.largest = g[n]!;
    this.recorded = Math.max(this.recorded, to);
    const code = this.code;
    for (let n = from; n < to; n++) {
      const seen = this.buffer.ensure(xorBound(this.largest));
      for (let take = 0, lastTaken = lastTake(code, n); take <= lastTaken; take++) {
        const digit = digitAt(code, take);
        if (digit === 0) continue;
        const rest = n - take;
        if (digit & 1 && rest === 0) seen[0] = n;
        if (digit & 2 && rest > 0 && take > 0) seen[g[rest]!] = n;
        if (digit & SPLIT_TWO) {
          const half = rest >> 1;
          const last = unequalAt(code, take) && (rest & 1) === 0 ? half - 1 : half;
          for (let a = 1; a <= last; a++) seen[g[a]! ^ g[rest - a]!] = n;
        }
        if (digit & SPLIT_THREE && rest >= 3) this.markTriples(g, rest, n, seen);
      }
      const value = this.buffer.mex(n);
      if (value > store.largestStorable) g = store.widen(value);
      g[n] = value;
      store.count = n + 1;
      if (value > this.largest) this.largest = value;
    }
  }

  /** Mark G(a) ^ G(b) ^ G(c) for a + b + c = rest, all >= 1. */
  private markTriples(g: ArrayLike<number>, rest: number, stamp: number, seen: Float64Array): void {
    for (let a = 1; a <= rest - 2; a++) {
      const ga = g[a]!;
      const pairs = this.pairsSumming(g, rest - a);
      for (let i = 0; i < pairs.length; i++) seen[ga ^ pairs[i]!] = stamp;
    }
  }

  private pairsSumming(g: ArrayLike<number>, sum: number): Int32Array {
    let pairs = this.pairXors[sum];
    if (!pairs) {
      const distinct = new Set<number>();
      for (let a = 1; 2 * a <= sum; a++) distinct.add(g[a]! ^ g[sum - a]!);
      pairs = Int32Array.from(distinct);
      this.pairXors[sum] = pairs; // parts are below the heap being computed, so final
    }
    return pairs;
  }
}
