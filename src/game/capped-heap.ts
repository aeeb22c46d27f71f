/**
 * Heaps with memory: state (n, c), a move takes t with 1 <= t <= min(c, n)
 * and leaves (n - t, min(n - t, next(t))). Fibonacci Nim has next(t) = 2t;
 * a start heap of n allows 1..n-1 (Whinihan's rule), so it is the state (n, n - 1).
 *
 * For a fixed n the options of (n, c) are those of (n, c - 1) and one more
 * (take c), so G(n, c) for c = 0..n is one incremental mex: O(n) per heap,
 * O(N²) for every state up to N. A cap past n is the same as n.
 */
import { InputError } from '../errors.js';
import { formatCount } from '../numbers.js';
import type { CappedHeapRule } from '../rules/model.js';
import { freemem } from 'node:os';

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

export function cappedValues(rule: CappedHeapRule, max: number): CappedTable {
  const states = at(max, max) + 1;
  // A value never exceeds the number of options, so below 65536 while heaps are.
  const wide = max >= 0xffff;
  const bytes = states * (wide ? 4 : 2);
  if (bytes > freemem() * 0.8) throw new InputError(`--max ${max}: ${formatCount(states)} states (heap, cap) need about ${formatCount(Math.round(bytes / 2 ** 20))} MiB, more than the free memory`);
  const values = wide ? new Uint32Array(states) : new Uint16Array(states);
  const seen = new Int32Array(max + 2).fill(-1);
  for (let n = 1; n <= max; n++) {
    let mex = 0;
    values[at(n, 0)] = 0;
    for (let c = 1; c <= n; c++) {
      const rest = n - c;
      const v = values[at(rest, Math.min(rest, nextCap(rule, c)))]!;
      seen[v] = n;
      while (seen[mex] === n) mex++;
      values[at(n, c)] = mex;
    }
  }
  return { max, values, value: (n, cap) => values[at(n, Math.min(n, cap))]! };
}

/** The start state of a heap of n: any take but the whole heap. */
export function startCap(n: number): number {
  return Math.max(0, n - 1);
}
