import type { ValueStore } from '../../kernels/store.js';
import { MexBuffer } from '../../kernels/mex-buffer.js';

/**
 * Fast kernel for an all-but set E (remove any positive number except those in E),
 * e = max E. The options of n are every smaller heap except n-x for x in E, so
 *   G(n) = mex( A(n) ∪ W(n) ),  A(n) = { G(m) : m < n-e },
 *   W(n) = { G(m) : n-e <= m < n, n-m not in E }.
 * A only grows, so its mex `low` only rises; the answer is the first v >= low
 * in neither A nor W. That is O(e) per value instead of O(n).
 */
export class AllButKernel {
  private readonly e: number;
  private readonly admissible: Uint8Array; // admissible[d] = 1 when d in 1..e is a legal take
  private inA: Uint8Array = new Uint8Array(1 << 10); // value v is in A
  private readonly window = new MexBuffer(); // values of W(n), stamped with n
  private low = 0; // mex of A
  private absorbed = 0; // A(n) holds G(0..absorbed-1)

  constructor(excluded: readonly number[]) {
    this.e = excluded.length ? excluded[excluded.length - 1]! : 0;
    this.admissible = new Uint8Array(this.e + 1).fill(1);
    for (const x of excluded) this.admissible[x] = 0;
  }

  /** Compute G(from..to-1); G(0..from-1) must be final in `store`. */
  fill(store: ValueStore, from: number, to: number): void {
    let g = store.reserve(to);
    const { e, admissible } = this;
    for (let n = from; n < to; n++) {
      while (this.absorbed < n - e) this.absorb(g[this.absorbed++]!);
      const first = Math.max(0, n - e);
      for (let m = first; m < n; m++) if (admissible[n - m]) this.window.mark(g[m]!, n);
      const inW = this.window.array;
      let v = this.low;
      // Reads past either array give undefined: not in A, not in W.
      while (this.inA[v] || inW[v] === n) v++;
      if (v > store.largestStorable) g = store.widen(v);
      g[n] = v;
      store.count = n + 1;
    }
  }

  private absorb(value: number): void {
    if (value >= this.inA.length) {
      let size = this.inA.length;
      while (size <= value + 1) size *= 2;
      const bigger = new Uint8Array(size);
      bigger.set(this.inA);
      this.inA = bigger;
    }
    this.inA[value] = 1;
    while (this.low < this.inA.length && this.inA[this.low]) this.low++;
  }
}
