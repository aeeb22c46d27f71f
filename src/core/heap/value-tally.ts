/**
 * Value counts of a heap table, fed in heap order as a run computes it, and
 * what they give at every power of two: the value frequencies over heaps
 * 1..2^k (the form of R. Rogalski's published results/GAME/N files, which
 * leave heap 0 out) and the statistics row of unsolved games over
 * G(0..2^k) (see statistics.ts). Everything is kept per value (its count,
 * first and last heap), never per heap, so a record costs the number of
 * distinct values, not the heaps: a run may stream them as it passes each
 * power, whatever it keeps of the table itself.
 */
import { xorBound } from '../kernels/mex-buffer.js';
import { isRareValue } from '../kernels/rare.js';

/** Masks are searched below this bound (values below 2^20); wider values keep mask 0. */
const MAX_TRANSFORM = 1 << 20;

/** What unsolvedStatistics finds in the computed values of a game whose period is not proven. */
export interface UnsolvedStatistics {
  /** Values computed: G(0..computed-1). */
  readonly computed: number;
  /** The largest computed value, and the first heap that has it. */
  readonly largestValue: number;
  readonly largestAt: number;
  /** The mask with the fewest rare heaps (see the module comment). */
  readonly rareMask: number;
  /** Heaps n < computed (heap 0 included) with popcount(G(n) & rareMask) even. */
  readonly rareHeaps: number;
  /** The last of them. */
  readonly lastRareHeap: number;
}

export class ValueTally {
  /** counts[v]: heaps n < heaps with G(n) = v; firstAt/lastAt the first and last of them (-1: none). */
  private readonly counts: number[] = [];
  private readonly firstAt: number[] = [];
  private readonly lastAt: number[] = [];
  private fed = 0;
  private zeroValue = 0;

  /** Heaps counted so far: G(0..heaps-1). */
  get heaps(): number {
    return this.fed;
  }

  /** Count G(from..to-1); `from` must be where the last feed ended (heaps are counted once, in order). */
  feed(g: ArrayLike<number>, from: number, to: number): void {
    if (from !== this.fed) throw new RangeError(`value tally: fed from heap ${from}, but it has counted heaps 0..${this.fed - 1}`);
    const { counts, firstAt, lastAt } = this;
    if (from === 0 && to > 0) this.zeroValue = g[0]!;
    for (let n = from; n < to; n++) {
      const v = g[n]!;
      if (v >= counts.length) this.grow(v);
      if (counts[v]++ === 0) firstAt[v] = n;
      lastAt[v] = n;
    }
    this.fed = Math.max(this.fed, to);
  }

  private grow(value: number): void {
    while (this.counts.length <= value) {
      this.counts.push(0);
      this.firstAt.push(-1);
      this.lastAt.push(-1);
    }
  }

  /** The value frequencies over heaps 1..heaps-1 (heap 0 left out, as Rogalski's files do): index = value, 0 where none. */
  frequencies(): number[] {
    const f = this.counts.slice();
    if (this.fed > 0) f[this.zeroValue]!--;
    while (f.length > 0 && f[f.length - 1] === 0) f.pop();
    return f;
  }

  /** The statistics row of G(0..heaps-1) (statistics.ts says what each column is). */
  statistics(): UnsolvedStatistics {
    const computed = this.fed;
    if (computed === 0) return { computed, largestValue: 0, largestAt: 0, rareMask: 0, rareHeaps: 0, lastRareHeap: 0 };
    const largestValue = this.counts.length - 1;
    const rareMask = this.bestMask(largestValue);
    let rareHeaps = 0;
    let lastRareHeap = 0;
    for (let v = 0; v <= largestValue; v++) {
      if (this.counts[v] === 0 || !isRareValue(v, rareMask)) continue;
      rareHeaps += this.counts[v]!;
      lastRareHeap = Math.max(lastRareHeap, this.lastAt[v]!);
    }
    return { computed, largestValue, largestAt: this.firstAt[largestValue]!, rareMask, rareHeaps, lastRareHeap };
  }

  /**
   * The mask below xorBound(largest) with the fewest rare heaps (the smallest of equals), by a Walsh-Hadamard
   * transform of the counts: h[m] becomes the sum over heaps of (-1)^popcount(G(n) & m) = rare - common under m.
   */
  private bestMask(largest: number): number {
    const bound = xorBound(largest);
    if (bound > MAX_TRANSFORM) return 0;
    const h = new Float64Array(bound);
    h.set(this.counts);
    for (let half = 1; half < bound; half *= 2) {
      for (let start = 0; start < bound; start += 2 * half) {
        for (let i = start; i < start + half; i++) {
          const a = h[i]!;
          const b = h[i + half]!;
          h[i] = a + b;
          h[i + half] = a - b;
        }
      }
    }
    let best = 0;
    for (let m = 1; m < bound; m++) if (h[m]! < h[best]!) best = m;
    return best;
  }
}

/** What a table says at heap N = 2^k: frequencies over heaps 1..N, statistics over G(0..N) (N + 1 values). */
export interface PowerRecord {
  /** N, a power of two. */
  readonly heaps: number;
  /** frequencies[v]: heaps 1..N with value v. */
  readonly frequencies: readonly number[];
  readonly statistics: UnsolvedStatistics;
}

/**
 * A tally that stops at every power of two on its way: advance() counts the
 * values a run has computed since the last call and returns a record for
 * each power N it passed (N + 1 values known), in order. 1, 2, 4, ...
 */
export class PowerTally {
  readonly tally = new ValueTally();
  private next = 1;

  advance(g: ArrayLike<number>, count: number): PowerRecord[] {
    const records: PowerRecord[] = [];
    while (this.next + 1 <= count) {
      this.tally.feed(g, this.tally.heaps, this.next + 1);
      records.push({ heaps: this.next, frequencies: this.tally.frequencies(), statistics: this.tally.statistics() });
      this.next *= 2;
    }
    if (count > this.tally.heaps) this.tally.feed(g, this.tally.heaps, count);
    return records;
  }
}

/** Frequencies (index = value) as a JSON object of the values that occur, in increasing order. */
export function frequencyObject(frequencies: readonly number[]): Record<string, number> {
  const object: Record<string, number> = {};
  frequencies.forEach((count, value) => {
    if (count > 0) object[value] = count;
  });
  return object;
}
