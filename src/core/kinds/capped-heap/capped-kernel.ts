/**
 * Heaps with memory: state (n, c), a move takes t with 1 <= t <= min(c, n)
 * and leaves (n - t, min(n - t, next(t))). Fibonacci Nim has next(t) = 2t;
 * a start heap of n allows 1..n-1 (Whinihan's rule), so it is the state (n, n - 1).
 *
 * For a fixed n the options of (n, c) are those of (n, c - 1) and one more
 * (take c), so G(n, c) for c = 0..n is one incremental mex: O(n) per heap,
 * O(N²) for every state up to N. A cap past n is the same as n.
 */
import { InputError, saying } from '../../errors.js';
import { formatCount } from '../../numbers.js';
import type { CappedHeapRule } from './rule.js';
import { freeMemoryBudget } from '../../kernels/store.js';

export interface CappedTable {
  /** Heaps 0..max. */
  readonly max: number;
  /** G(n, c) for 0 <= c <= n at n(n+1)/2 + c. */
  readonly values: Uint16Array | Uint32Array;
  value(n: number, cap: number): number;
}

export function nextCap(rule: CappedHeapRule, take: number): number {
  return rule.next.kind === 'times' ? rule.next.factor * take : take + rule.next.add;
}

const at = (n: number, c: number) => (n * (n + 1)) / 2 + c;

/**
 * G(n, c) computed heap by heap, so a driver can run it in steps (progress,
 * Ctrl-C, checkpoints); a checkpoint holds the states of heaps 0..n-1.
 */
export class CappedKernel {
  readonly values: Uint16Array | Uint32Array;
  /** Heaps 0..heapsDone-1 are final. */
  heapsDone = 1;
  private readonly seen: Int32Array;

  constructor(
    readonly rule: CappedHeapRule,
    readonly max: number,
  ) {
    const states = at(max, max) + 1;
    // A value never exceeds the number of options, so below 65536 while heaps are.
    const wide = max >= 0xffff;
    const bytes = states * (wide ? 4 : 2);
    if (bytes > freeMemoryBudget()) throw InputError.about('out-of-memory', 'max', max, String(max), saying('error.capped.memory', { states: formatCount(states), mib: formatCount(Math.round(bytes / 2 ** 20)) }));
    this.values = wide ? new Uint32Array(states) : new Uint16Array(states);
    this.seen = new Int32Array(max + 2).fill(-1);
  }

  /** States of heaps 0..heapsDone-1, the way a checkpoint keeps them. */
  computed(): Uint16Array | Uint32Array {
    return this.values.subarray(0, at(this.heapsDone, 0));
  }

  /** Take a checkpoint's states as computed. */
  restore(states: ArrayLike<number> & { readonly length: number }): void {
    let heaps = this.heapsDone;
    while (heaps <= this.max && at(heaps + 1, 0) <= states.length) heaps++;
    for (let i = at(this.heapsDone, 0); i < at(heaps, 0); i++) this.values[i] = states[i]!;
    this.heapsDone = heaps;
  }

  /** Compute heaps up to (not including) `end`. */
  fillHeaps(end: number): void {
    const { rule, values, seen } = this;
    for (let n = this.heapsDone; n < Math.min(end, this.max + 1); n++) {
      let mex = 0;
      values[at(n, 0)] = 0;
      for (let c = 1; c <= n; c++) {
        const rest = n - c;
        const v = values[at(rest, Math.min(rest, nextCap(rule, c)))]!;
        seen[v] = n;
        while (seen[mex] === n) mex++;
        values[at(n, c)] = mex;
      }
      this.heapsDone = n + 1;
    }
  }

  table(): CappedTable {
    const values = this.values;
    return { max: this.max, values, value: (n, cap) => values[at(n, Math.min(n, cap))]! };
  }
}

export function cappedValues(rule: CappedHeapRule, max: number): CappedTable {
  const kernel = new CappedKernel(rule, max);
  kernel.fillHeaps(max + 1);
  return kernel.table();
}

/** The start state of a heap of n: any take but the whole heap. */
export function startCap(n: number): number {
  return Math.max(0, n - 1);
}
