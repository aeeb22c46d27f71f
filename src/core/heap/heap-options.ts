import { formatCount } from '../numbers.js';
/**
 * The options of one heap under a heap rule that reach a given value: what
 * a winning move needs. Each search gives how many there are, the first few
 * in order (by amount taken, then what is left), and the work it cost, so
 * that a position's search stays within one budget however many heaps it has.
 * Heaps far beyond the computed values are fine where the rule says where
 * its options are (a subtraction set; Nim; an all-but set whose proven
 * arithmetic-periodic pattern says which heaps have a value; a take-and-break
 * code whose proven period repeats the values of its splits); otherwise the
 * options are looked through one by one, within the budget.
 */
import type { Exploration } from './explore.js';

export interface HeapOption {
  readonly take: bigint;
  readonly to: readonly bigint[];
}

/** Options with the value: how many, and the first `limit` of them in order; `work`: options looked at. */
export type OptionsWithValue = { readonly count: bigint; readonly options: HeapOption[]; readonly work: number } | { readonly notListed: string };

/** Heaps m < n with G(m) = t, read off a proven arithmetic-periodic pattern (values rise, so there are few). */
export function heapsWithValue(x: Exploration, t: bigint, below: bigint): bigint[] | null {
  const p = x.pattern;
  if (p.kind !== 'arithmetic-periodic' || !p.proof) return null;
  const found: bigint[] = [];
  for (let m = 0; m < p.preperiod && BigInt(m) < below; m++) if (BigInt(x.valueOf(m)) === t) found.push(BigInt(m));
  for (let r = p.preperiod; r < p.preperiod + p.period; r++) {
    const base = BigInt(x.valueOf(r));
    const s = BigInt(p.saltus);
    if (t < base || (t - base) % s !== 0n) continue;
    const m = BigInt(r) + BigInt(p.period) * ((t - base) / s);
    if (m < below) found.push(m);
  }
  return found.sort((a, b) => (a < b ? -1 : 1));
}

export const NONE: OptionsWithValue = { count: 0n, options: [], work: 1 };

export const tooMuch = (n: bigint, budget: number): { notListed: string } => ({
  notListed: `a heap of ${n} has too many options to look through within the ${formatCount(budget)} option checks left to this position`,
});

/** What a search says where no proven pattern tells which heaps have a value. */
export function notListedWithoutPattern(n: bigint): OptionsWithValue {
  return { notListed: `the options of a heap of ${n} are not listed: no proven pattern says which heaps have a value` };
}

/** A move that leaves one heap m (nothing, for m = 0). */
export function singleHeap(n: bigint, m: bigint): HeapOption {
  return { take: n - m, to: m === 0n ? [] : [m] };
}

/** The first `limit` of `all`, and how many there are. */
export function listedOptions(all: HeapOption[], work: number, limit: number): OptionsWithValue {
  return { count: BigInt(all.length), options: all.slice(0, limit), work };
}

export { compareParts } from './parts-order.js';
