import type { ValueArray } from '../kernels/store.js';
import type { Cycle, Proof } from './pattern.js';
import { minimiseCycle } from './cycle.js';

/**
 * All-but games (remove any positive number except those in E, e = max E).
 * The options of n are all smaller heaps except n-x, x in E, so
 *   G(n) = mex( A(n) ∪ W(n) ),  A(n) = { G(m) : m < n-e },
 * W(n) the admissible values among G(n-e..n-1). Everything below low = mex A(n)
 * is in A, so the future depends only on the relative state
 *   ( {v - low : v in A, v > low},  G(n-i) - low for i = 1..e (or "below low") ).
 * Adding a constant to every value commutes with the rule, so if the relative
 * state at n1 equals the one at n1+p, then G(n+p) = G(n) + s for all n >= n1,
 * with s the rise of low. That recurrence is the proof (any all-but set; Siegel
 * showed such games are arithmetic periodic, this finds where and proves it).
 */
export function proveByRelativeState(
  g: ValueArray,
  count: number,
  excluded: readonly number[],
  candidate: Cycle,
): (Cycle & { proof: Proof }) | null {
  const e = excluded.length ? excluded[excluded.length - 1]! : 0;
  const p = candidate.period;
  const behind = new OldValues();
  const ahead = new OldValues();
  const start = Math.max(candidate.preperiod, e);
  for (let n1 = 0; n1 + p <= count; n1++) {
    // Bring A up to date for heaps n1 and n1 + p.
    if (n1 - e - 1 >= 0) behind.add(g[n1 - e - 1]!);
    if (n1 === 0) for (let m = 0; m < p - e; m++) ahead.add(g[m]!);
    else if (n1 + p - e - 1 >= 0) ahead.add(g[n1 + p - e - 1]!);
    if (n1 < start) continue;
    if (!sameRelativeState(g, e, n1, behind, n1 + p, ahead)) continue;
    const saltus = ahead.low - behind.low;
    const proven = minimiseCycle(g, count, { preperiod: n1, period: p, saltus });
    return {
      ...proven,
      proof: {
        method: 'relative-state-repetition',
        reason:
          // With nothing excluded (Nim), every value before n is an option.
          `G(n) is the mex of ${e === 0 ? 'all the values before it' : `the values before n-${e} and the admissible last ${e}`}; that state, ` +
          `relative to its mex, is the same at n = ${n1} and n = ${n1 + p} up to a shift of ${saltus}, ` +
          `so G(n+${p}) = G(n) + ${saltus} for all n >= ${n1}`,
        valuesNeeded: n1 + p,
        facts: { e, from: n1, to: n1 + p, period: p, saltus },
      },
    };
  }
  return null;
}

/** The set A of values seen so far, as a bitset with its mex. */
class OldValues {
  present = new Uint8Array(256);
  low = 0;
  largest = -1;

  add(value: number): void {
    if (value >= this.present.length) {
      const bigger = new Uint8Array(Math.max(value + 1, this.present.length * 2));
      bigger.set(this.present);
      this.present = bigger;
    }
    this.present[value] = 1;
    if (value > this.largest) this.largest = value;
    while (this.present[this.low]) this.low++;
  }

  has(value: number): boolean {
    return this.present[value] === 1;
  }
}

function sameRelativeState(g: ValueArray, e: number, a: number, A: OldValues, b: number, B: OldValues): boolean {
  const shift = B.low - A.low;
  const spanA = A.largest - A.low;
  const spanB = B.largest - B.low;
  if (Math.max(spanA, 0) !== Math.max(spanB, 0)) return false;
  for (let d = 1; d <= spanA; d++) if (A.has(A.low + d) !== B.has(B.low + d)) return false;
  for (let i = 1; i <= e && a - i >= 0; i++) {
    const va = g[a - i]!;
    const vb = g[b - i]!;
    const belowA = va < A.low;
    const belowB = vb < B.low;
    if (belowA !== belowB) return false;
    if (!belowA && vb - va !== shift) return false;
  }
  return true;
}
