import { describe, expect, it } from 'vitest';
import { explore } from '../../src/core/analyse.js';
import { parseCode } from '../../src/core/rules/code.js';
import { RARE_WORK_PER_HEAP } from '../../src/core/heap/explore.js';
import type { Rule } from '../../src/core/kinds/registry.js';
import type { ExploreRequest } from '../../src/core/heap/explore.js';

/**
 * The two bounds a sweep puts on a two-heap code's rare heaps
 * (ExploreRequest.maxRareHeaps and maxRareWork): at each proof attempt the
 * run stops once its rare heaps pass the count, or its rare heaps times the
 * heaps computed pass the work. Attempts come at fixed counts (64, 128, ...
 * doubling to 2^16, then a quarter more each time, rounded up), so the stop
 * is the first attempt where a bound is passed: checked here against the
 * kernel's own count at that attempt and at the one before it.
 */
const code = (text: string): Rule => ({ kind: 'take-and-break', code: parseCode(text) });
const LIMIT = 2 ** 18;

function attempts(limit: number): number[] {
  const list: number[] = [];
  for (let c = 64; c < limit; c = c < 2 ** 16 ? c * 2 : c + Math.ceil(c / 4)) list.push(c);
  return list;
}

/** The kernel's rare heaps after computing `count` values with no bound. */
function rareAt(rule: Rule, count: number): number {
  const x = explore({ game: { rule }, limit: count });
  expect(x.computed).toBe(count);
  return x.kernel!.rareHeaps!;
}

/** Runs `rule` with `bounds` and checks it stops at the first attempt where `passes` holds (or runs to the limit if none does). */
function expectStopAt(rule: Rule, bounds: Pick<ExploreRequest, 'maxRareHeaps' | 'maxRareWork'>, passes: (rare: number, count: number) => boolean): number {
  const x = explore({ game: { rule }, limit: LIMIT, ...bounds });
  const stop = x.computed;
  if (stop === LIMIT) return stop;
  const list = attempts(LIMIT);
  const at = list.indexOf(stop);
  expect(at, `stopped at ${stop}, no attempt`).toBeGreaterThan(0);
  expect(passes(x.kernel!.rareHeaps!, stop)).toBe(true);
  const before = list[at - 1]!;
  expect(passes(rareAt(rule, before), before)).toBe(false);
  return stop;
}

describe('rare-heap count and rare work, bounded apart', () => {
  it('the work bound alone stops a sparse code (0.6, about 1,584 rare heaps) where rare heaps x heaps first pass it', () => {
    const stop = expectStopAt(code('0.6'), { maxRareWork: 2 ** 26 }, (rare, count) => rare * count > 2 ** 26);
    expect(stop).toBeLessThan(LIMIT);
  });

  it('the count bound alone stops a dense code (0.04) where its rare heaps first pass it, whatever the work allowed', () => {
    const stop = expectStopAt(code('0.04'), { maxRareHeaps: 2 ** 10, maxRareWork: 2 ** 50 }, (rare) => rare > 2 ** 10);
    expect(stop).toBeLessThan(LIMIT);
  });

  it('a large work bound lets a sparse code (0.167) under the count reach its limit, where the default work (2^16 x the count) stops it', () => {
    const rule = code('0.167');
    // Its kernel counts 64 rare heaps at 1,024, then 59 from 2,048 on: under 2^7 throughout.
    const stopped = explore({ game: { rule }, limit: LIMIT, maxRareHeaps: 2 ** 7 });
    expect(stopped.computed).toBeLessThan(LIMIT);
    const far = explore({ game: { rule }, limit: LIMIT, maxRareHeaps: 2 ** 7, maxRareWork: 2 ** 40 });
    expect(far.computed).toBe(LIMIT);
    expect(far.kernel!.rareHeaps).toBeLessThanOrEqual(2 ** 7);
    // The same values as far as both go: the bounds only choose where to stop.
    expect(Array.from(far.values.subarray(0, stopped.computed))).toEqual(Array.from(stopped.values.subarray(0, stopped.computed)));
  });

  it('without maxRareWork the work bound is RARE_WORK_PER_HEAP times the count (the old single bound)', () => {
    const rule = code('0.167');
    const implicit = explore({ game: { rule }, limit: LIMIT, maxRareHeaps: 2 ** 7 });
    const explicit = explore({ game: { rule }, limit: LIMIT, maxRareHeaps: 2 ** 7, maxRareWork: 2 ** 7 * RARE_WORK_PER_HEAP });
    expect(implicit.computed).toBeLessThan(LIMIT);
    expect(explicit.computed).toBe(implicit.computed);
    expectStopAt(rule, { maxRareHeaps: 2 ** 7 }, (rare, count) => rare > 2 ** 7 || rare * count > 2 ** 7 * RARE_WORK_PER_HEAP);
  });

  it('is checked like every request field', () => {
    expect(() => explore({ game: { rule: code('0.6') }, maxRareWork: -1 })).toThrow(/maxRareWork/);
    expect(() => explore({ game: { rule: code('0.6') }, maxRareWork: 1.5 })).toThrow(/maxRareWork/);
  });
});
