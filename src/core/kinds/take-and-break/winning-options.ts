/**
 * Winning options of a take-and-break heap: the options of heap n whose
 * value is a target, found without listing every split where a proven
 * period allows.
 */
import type { Exploration } from '../../heap/explore.js';
import { digitAt, lastTake, SPLIT_THREE, SPLIT_TWO, unequalAt, type TakeBreakCode } from '../../rules/code.js';
import { compareParts, type HeapOption, type OptionsWithValue, tooMuch } from '../../heap/heap-options.js';
import { takeBreakOptions } from './options.js';
import { periodicThreeSplits, threeSplitWork } from './three-splits.js';

/**
 * A take-and-break code: for each amount taken, the whole heap, the heap
 * left, and the splits a + b (a <= b) whose values xor to the target. Splits
 * are counted by their period where one is proven: past the preperiod, G(a)
 * xor G(rest - a) depends only on a mod p, so a heap of 10^6 costs the
 * preperiod plus one period rather than 5*10^5 splits.
 */
export function takeBreakWithValue(code: TakeBreakCode, x: Exploration, n: number, target: number, limit: number, budget: number): OptionsWithValue {
  const g = (m: number) => x.valueOf(m);
  let low = lowSplits.get(x);
  if (!low) lowSplits.set(x, (low = new Map()));
  const pattern = x.pattern;
  const cycle = pattern.kind === 'periodic' && pattern.proof ? { from: pattern.preperiod, period: pattern.period } : null;
  // Splits into three of a heap past three periods are counted through the period, in exact integers (they outgrow 2^53).
  if (cycle && code.digits.some((d) => d & SPLIT_THREE) && !code.repeat && n >= 3 * (cycle.from + cycle.period) + code.digits.length) {
    const scan = (n * n) / 12;
    if (scan > threeSplitWork({ from: BigInt(cycle.from), period: BigInt(cycle.period) })) return hugeTakeBreakWithValue(code, x, BigInt(n), BigInt(target), limit, budget);
  }
  const options: HeapOption[] = [];
  let count = 0;
  let work = 0;
  const add = (take: number, to: number[]) => {
    count++;
    if (options.length < limit) options.push({ take: BigInt(take), to: to.map(BigInt) });
  };
  for (let take = 0, last = lastTake(code, n); take <= last; take++) {
    const digit = digitAt(code, take);
    const rest = n - take;
    const before = options.length;
    // A repeating code takes up to the whole heap: one look per amount, within the budget.
    if (++work > budget) return tooMuch(BigInt(n), budget);
    if (digit & 1 && rest === 0 && target === 0) add(take, []);
    if (digit & SPLIT_TWO && rest >= 2) {
      const last = unequalAt(code, take) && rest % 2 === 0 ? rest / 2 - 1 : Math.floor(rest / 2);
      const splits = countSplits(g, cycle, rest, last, target, limit - options.length, budget - work, low);
      if (!splits) return tooMuch(BigInt(n), budget);
      work += splits.work;
      count += splits.count - splits.listed.length;
      for (const a of splits.listed) add(take, [a, rest - a]);
    }
    if (digit & 2 && rest >= 1 && take > 0 && g(rest) === target) add(take, [rest]);
    if (digit & SPLIT_THREE && rest >= 3) {
      // Three heaps: (rest/3)^2/2 splits at most, looked through one by one.
      if (work + (rest * rest) / 6 > budget) return tooMuch(BigInt(n), budget);
      for (const parts of takeBreakOptions({ digits: [...Array(take).fill(0), SPLIT_THREE], unequal: [] }, n)) {
        work++;
        if ((g(parts[0]!) ^ g(parts[1]!) ^ g(parts[2]!)) === target) add(take, parts);
      }
    }
    // Options of one amount taken, in order of what is left (splits, three-way splits and the single heap interleave).
    const mine = options.splice(before).sort((a, b) => compareParts(a.to, b.to));
    options.push(...mine);
  }
  return { count: BigInt(count), options, work };
}

/** Splits below the preperiod, by exploration and key (see countSplits). */
const lowSplits = new WeakMap<Exploration, Map<string, number[]>>();
const LOW_SPLITS_KEPT = 1 << 14;

/**
 * Splits of `rest` into a + (rest - a), 1 <= a <= last, with G(a) xor
 * G(rest - a) = target: their count and the first `want` values of a. With a
 * period p from `from` on, the a with both parts periodic are counted per
 * residue of a mod p; the rest (a below `from`, or rest - a below it) one
 * by one. Null when that needs more than `budget` looks.
 */
function countSplits(
  g: (m: number) => number,
  cycle: { readonly from: number; readonly period: number } | null,
  rest: number,
  last: number,
  target: number,
  want: number,
  budget: number,
  low: Map<string, number[]>,
): { count: number; listed: number[]; work: number } | null {
  const listed: number[] = [];
  let count = 0;
  let work = 0;
  const scan = (from: number, to: number): boolean => {
    if (to - from + 1 > budget - work) return false;
    for (let a = from; a <= to; a++) {
      if ((g(a) ^ g(rest - a)) !== target) continue;
      count++;
      if (listed.length < want) listed.push(a);
    }
    work += Math.max(0, to - from + 1);
    return true;
  };
  if (!cycle) return scan(1, last) ? { count, listed, work } : null;
  const { from: start, period } = cycle;
  // a < start; start <= a <= rest - start (both parts periodic); a > rest - start.
  const lowLast = Math.min(last, start - 1);
  const middleFirst = Math.max(1, start);
  const middleLast = Math.min(last, rest - start);
  // The splits with a < start, once rest - a is periodic for all of them, depend only on rest mod p (and the target).
  const key = rest - lowLast >= start ? `${(rest - start) % period} ${target}` : null;
  if (key === null) {
    if (!scan(1, lowLast)) return null;
  } else {
    let found = low.get(key);
    if (!found) {
      found = [];
      for (let a = 1; a <= lowLast; a++) if ((g(a) ^ g(rest - a)) === target) found.push(a);
      work += lowLast;
      if (low.size < LOW_SPLITS_KEPT) low.set(key, found);
    }
    count += found.length;
    listed.push(...found.slice(0, want));
    work++;
  }
  if (middleFirst <= middleLast) {
    if (period > budget - work) return null;
    const good = new Uint8Array(period);
    let middleCount = 0;
    for (let r = 0; r < period; r++) {
      const a = middleFirst + r;
      if (a > middleLast) break;
      if ((g(a) ^ g(rest - a)) !== target) continue;
      good[(a - start) % period] = 1;
      middleCount += Math.floor((middleLast - a) / period) + 1;
    }
    work += period;
    count += middleCount;
    // Listing: a good residue comes at least once a period.
    for (let a = middleFirst, left = Math.min(middleCount, want - listed.length); a <= middleLast && left > 0; a++, work++) {
      if (good[(a - start) % period]) listed.push(a), left--;
    }
  }
  if (!scan(Math.max(1, start, rest - start + 1), last)) return null;
  return { count, listed, work };
}

/**
 * The same for a heap past 2^53 (or a heap whose splits into three are too
 * many to look through), through the proven period: for every
 * amount taken, the heap left (its value from the period), the splits a +
 * (rest - a): rest - a is periodic for every a, so the a below the
 * preperiod are looked at one by one and the rest by their residue mod p,
 * each good residue counted over every a it covers (a heap of 10^18 costs
 * its preperiod plus one period an amount); and the splits into three, by
 * the residues of their parts (three-splits.ts).
 */
export function hugeTakeBreakWithValue(code: TakeBreakCode, x: Exploration, n: bigint, target: bigint, limit: number, budget: number): OptionsWithValue {
  const pattern = x.pattern;
  if (pattern.kind !== 'periodic' || !pattern.proof) return { notListed: `the options of a heap of ${n} are not listed: no proven period (without a saltus) says which splits have a value` };
  const cycle = { from: BigInt(pattern.preperiod), period: BigInt(pattern.period) };
  const threes = code.digits.some((d) => d & SPLIT_THREE);
  const perTake = pattern.preperiod + pattern.period + (threes ? threeSplitWork(cycle) : 0);
  if (perTake * code.digits.length > budget || (threes && n < 3n * cycle.from + BigInt(code.digits.length))) return tooMuch(n, budget);
  const g = (m: bigint) => x.valueAt(m);
  const options: HeapOption[] = [];
  let count = 0n;
  let work = 0;
  for (let take = 0; take < code.digits.length; take++) {
    const digit = code.digits[take]!;
    const rest = n - BigInt(take);
    const mine: bigint[][] = [];
    if (digit & SPLIT_TWO) {
      const splits = periodicTwoSplits(g, cycle, rest, code.unequal[take] ?? false, target, limit);
      count += splits.count;
      work += splits.work;
      mine.push(...splits.listed);
    }
    if (digit & 2 && take > 0 && g(rest) === target) count++, mine.push([rest]);
    if (digit & SPLIT_THREE) {
      const splits = periodicThreeSplits(g, cycle, rest, target, limit, budget - work);
      count += splits.count;
      work += splits.work;
      mine.push(...splits.listed);
    }
    // Options of one amount taken, in order of what is left (splits in two, in three and the single heap interleave).
    for (const to of mine.sort(compareParts)) if (options.length < limit) options.push({ take: BigInt(take), to });
  }
  return { count, options, work };
}

/** Splits a + (rest - a) of a heap past the preperiod's reach with values xoring to the target: counted by residue, the first `want` listed. */
function periodicTwoSplits(g: (m: bigint) => bigint, cycle: { from: bigint; period: bigint }, rest: bigint, unequal: boolean, target: bigint, want: number): { count: bigint; listed: bigint[][]; work: number } {
  const { from: start, period } = cycle;
  const last = unequal && rest % 2n === 0n ? rest / 2n - 1n : rest / 2n;
  const listed: bigint[][] = [];
  let count = 0n;
  let work = 0;
  // a below the preperiod, one by one (rest - a lies in the period for every a).
  for (let a = 1n; a < start; a++, work++) {
    if ((g(a) ^ g(rest - a)) !== target) continue;
    count++;
    if (listed.length < want) listed.push([a, rest - a]);
  }
  // a from the preperiod on: the good residues, each counted over every a up to `last`, listed from the smallest a.
  const first = start > 1n ? start : 1n;
  const good: bigint[] = [];
  for (let a = first; a < first + period; a++, work++) if ((g(a) ^ g(rest - a)) === target) good.push(a);
  for (const r of good) if (r <= last) count += (last - r) / period + 1n;
  listing: for (let turn = 0n; good.length > 0; turn += period) {
    for (const r of good) {
      if (r + turn > last || listed.length >= want) break listing;
      listed.push([r + turn, rest - r - turn]);
    }
  }
  return { count, listed, work };
}
