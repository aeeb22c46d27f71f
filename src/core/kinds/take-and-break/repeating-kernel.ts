import { digitAt, SPLIT_THREE, SPLIT_TWO, unequalAt, type TakeBreakCode } from '../../rules/code.js';
import { MexBuffer, xorBound } from '../../kernels/mex-buffer.js';
import type { ValueStore } from '../../kernels/store.js';

/** A set of small whole numbers: flags for membership, a list for a quick walk over its members. */
class ValueSet {
  private flags = new Uint8Array(64);
  readonly members: number[] = [];

  add(v: number): void {
    if (v >= this.flags.length) {
      const bigger = new Uint8Array(xorBound(v));
      bigger.set(this.flags);
      this.flags = bigger;
    }
    if (this.flags[v]) return;
    this.flags[v] = 1;
    this.members.push(v);
  }
}

/** What the rests of one residue class may be left as: one heap, two (any, or unequal), three. */
interface RestClass {
  readonly one: ValueSet;
  readonly two: ValueSet;
  readonly twoUnequal: ValueSet;
  readonly three: ValueSet;
}

/**
 * The kernel of a code whose last `p` digits repeat (4.[3]): a move may
 * take any number of tokens, so heap n has an option for every rest m below
 * it. Past the written digits (takes j ≥ s), the digit of take j = n − m
 * depends only on (n − s − m) mod p, so the rests fall into p classes by
 * m mod p, and each class keeps the set of values its rests can be left as
 * (G(m); the xors of two heaps summing to m; of three). Each rest joins its
 * class once, when it first becomes a take ≥ s away, and each heap reads
 * its classes' sets: O(n + p·values) a heap, against O(n²) for listing every
 * split of every rest. The takes j < s (and d0) are looked at one by one.
 */
export class RepeatingCodeKernel {
  private readonly buffer = new MexBuffer();
  /** The first take read from the repeating block. */
  private readonly start: number;
  private readonly period: number;
  private readonly classes: RestClass[];
  /** Rests 1..added have joined their classes. */
  private added = 0;
  private largest = 0;
  private recorded = 0;
  /** pairs[s]: the distinct G(a) ^ G(s - a), 1 <= a <= s - a (kept only where three-heap splits need them). */
  private readonly pairs: number[][] = [];
  private readonly splitsThree: boolean;

  constructor(private readonly code: TakeBreakCode) {
    this.period = code.repeat ?? 0;
    if (this.period <= 0) throw new RangeError('the repeating-code kernel takes codes whose last digits repeat');
    this.start = code.digits.length - this.period;
    this.classes = Array.from({ length: this.period }, () => ({ one: new ValueSet(), two: new ValueSet(), twoUnequal: new ValueSet(), three: new ValueSet() }));
    this.splitsThree = code.digits.some((d) => d & SPLIT_THREE);
  }

  fill(store: ValueStore, from: number, to: number): void {
    let g = store.reserve(to);
    for (let n = this.recorded; n < from; n++) if (g[n]! > this.largest) this.largest = g[n]!;
    this.recorded = Math.max(this.recorded, to);
    const { code, start, period } = this;
    for (let n = from; n < to; n++) {
      while (this.added < n - start) this.join(g, ++this.added);
      const seen = this.buffer.ensure(xorBound(this.largest));
      // Takes before the block, d0 among them, one by one.
      for (let take = 0; take < start && take <= n; take++) this.markTake(g, n, take, seen);
      // The whole heap, when its take lies in the block.
      if (n >= start && digitAt(code, n) & 1) seen[0] = n;
      // Every rest 1..n-s has joined its class (a class with none marks nothing).
      for (let c = 0; c < period; c++) {
        const take = start + (((n - start - c) % period) + period) % period;
        const digit = digitAt(code, take);
        const rests = this.classes[c]!;
        if (digit & 2) for (const v of rests.one.members) seen[v] = n;
        if (digit & SPLIT_TWO) for (const v of (unequalAt(code, take) ? rests.twoUnequal : rests.two).members) seen[v] = n;
        if (digit & SPLIT_THREE) for (const v of rests.three.members) seen[v] = n;
      }
      const value = this.buffer.mex(n);
      if (value > store.largestStorable) g = store.widen(value);
      g[n] = value;
      store.count = n + 1;
      if (value > this.largest) this.largest = value;
    }
  }

  /** Rest m joins its class: its value, its two-heap xors (any, and unequal), its three-heap xors. */
  private join(g: ArrayLike<number>, m: number): void {
    const rests = this.classes[m % this.period]!;
    rests.one.add(g[m]!);
    for (let a = 1; 2 * a <= m; a++) {
      const v = g[a]! ^ g[m - a]!;
      rests.two.add(v);
      if (2 * a < m) rests.twoUnequal.add(v);
    }
    if (this.splitsThree) for (let a = 1; a <= m - 2; a++) for (const x of this.pairsSumming(g, m - a)) rests.three.add(g[a]! ^ x);
  }

  /** The options of heap n that take `take` tokens (a take before the block), marked with stamp n. */
  private markTake(g: ArrayLike<number>, n: number, take: number, seen: Float64Array): void {
    const digit = digitAt(this.code, take);
    const rest = n - take;
    if (digit & 1 && rest === 0) seen[0] = n;
    if (digit & 2 && rest > 0 && take > 0) seen[g[rest]!] = n;
    if (digit & SPLIT_TWO) {
      const last = unequalAt(this.code, take) && rest % 2 === 0 ? rest / 2 - 1 : Math.floor(rest / 2);
      for (let a = 1; a <= last; a++) seen[g[a]! ^ g[rest - a]!] = n;
    }
    if (digit & SPLIT_THREE) for (let a = 1; a <= rest - 2; a++) for (const x of this.pairsSumming(g, rest - a)) seen[g[a]! ^ x] = n;
  }

  private pairsSumming(g: ArrayLike<number>, sum: number): number[] {
    let list = this.pairs[sum];
    if (!list) {
      const distinct = new Set<number>();
      for (let a = 1; 2 * a <= sum; a++) distinct.add(g[a]! ^ g[sum - a]!);
      this.pairs[sum] = list = [...distinct]; // parts below the heap being computed: final
    }
    return list;
  }
}
