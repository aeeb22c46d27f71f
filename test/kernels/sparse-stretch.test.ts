import { describe, expect, it } from 'vitest';
import { solve } from '../../src/core/analyse.js';
import { parseCode } from '../../src/core/rules/code.js';
import { runRule, SWEEP_SPARSE_STRETCH } from '../../src/sweep/run-rule.js';
import type { Rule } from '../../src/core/kinds/registry.js';
import { longTest } from '../helpers/long.js';

/**
 * The sparse stretch (ExploreRequest.sparseStretch): past its limit, a code
 * whose rare heaps stay sparse goes on to the stretch's limit; one with more
 * rare heaps, or more rare work, stops at the limit. Sweeps use it without
 * --limit, so that 0.376 and 0.354 get the values their proofs need.
 */
const code = (text: string): Rule => ({ kind: 'take-and-break', code: parseCode(text) });
const proven = (x: ReturnType<typeof solve>): boolean => x.pattern.kind !== 'none' && Boolean(x.pattern.proof);

describe('sparse stretch', () => {
  it('a sparse code goes past its limit to its proof (0.56: 653,570 values, its limit 2^16)', () => {
    const plain = solve({ game: { rule: code('0.56') }, limit: 2 ** 16 });
    expect(plain.computed).toBe(2 ** 16);
    expect(proven(plain)).toBe(false);
    const stretched = solve({ game: { rule: code('0.56') }, limit: 2 ** 16, sparseStretch: { limit: 2 ** 20, maxRareHeaps: 64, maxRareWork: 2 ** 30 } });
    expect(proven(stretched)).toBe(true);
    expect(stretched.pattern).toMatchObject({ preperiod: 326640, period: 144 });
    expect(stretched.computed).toBe(2 * 326640 + 2 * 144 + 2);
  });

  it('stops where its largest value is still new (0.16: 23 first at 229,790, so not held over half of 2^17)', () => {
    const x = solve({ game: { rule: code('0.16') }, limit: 2 ** 17, sparseStretch: { limit: 2 ** 20, maxRareHeaps: 64, maxRareWork: 2 ** 30 } });
    expect(x.computed).toBeLessThan(2 * 229790);
    expect(proven(x)).toBe(false);
  });

  it('stops at the limit when it has more rare heaps than the stretch allows, or more rare work', () => {
    const few = solve({ game: { rule: code('0.56') }, limit: 2 ** 16, sparseStretch: { limit: 2 ** 20, maxRareHeaps: 10, maxRareWork: 2 ** 30 } });
    expect(few.computed).toBe(2 ** 16);
    // 0.56 keeps 46 rare heaps: 46 x 2^17 passes 2^22, so the stretch ends at the first attempt past 2^22 / 46.
    const work = solve({ game: { rule: code('0.56') }, limit: 2 ** 16, sparseStretch: { limit: 2 ** 20, maxRareHeaps: 64, maxRareWork: 2 ** 22 } });
    expect(proven(work)).toBe(false);
    expect(work.computed).toBeGreaterThan(2 ** 16);
    expect(work.computed * 46).toBeGreaterThan(2 ** 22);
    expect(work.computed).toBeLessThan(2 ** 18);
  });

  it('rules without rare heaps (subtraction sets) never stretch', () => {
    const x = solve({ game: { rule: { kind: 'subtraction', moves: [1, 2, 4] } }, limit: 5, sparseStretch: { limit: 2 ** 20, maxRareHeaps: 2 ** 10, maxRareWork: 2 ** 32 } });
    expect(x.computed).toBe(5);
  });

  it('is checked like every request field', () => {
    expect(() => solve({ game: { rule: code('0.16') }, sparseStretch: { limit: -1, maxRareHeaps: 1, maxRareWork: 1 } })).toThrow(/sparseStretch\.limit/);
    expect(() => solve({ game: { rule: code('0.16') }, sparseStretch: { limit: 10, maxRareHeaps: 1.5, maxRareWork: 1 } })).toThrow(/sparseStretch\.maxRareHeaps/);
  });

  longTest('a sweep without --limit stretches (0.376 proven with its published preperiod 2,268,248 and period 4); with --limit it does not [long]', () => {
    expect(SWEEP_SPARSE_STRETCH).toEqual({ limit: 2 ** 25, maxRareHeaps: 2 ** 10, maxRareWork: 2 ** 32 });
    const row = runRule({ index: 0, rule: code('0.376') });
    expect(row).toMatchObject({ proven: true, preperiod: 2268248, period: 4, computed: 2 * 2268248 + 2 * 4 + 3 });
    expect(runRule({ index: 0, rule: code('0.376'), limit: 2 ** 16 })).toMatchObject({ proven: false, computed: 2 ** 16 });
  }, 120_000);
});
