import { describe, expect, it } from 'vitest';
import { solve } from '../../src/core/analyse.js';
import { parseCode } from '../../src/core/rules/code.js';
import { costGuess, type GuessBounds } from '../../src/sweep/run-rule.js';
import type { Rule } from '../../src/core/kinds/registry.js';

/**
 * What a sweep guesses a deferred rule's whole run costs (costGuess: only the order of rules and the ETA read it),
 * under the census's bounds (--rare-heaps 2^15 --rare-work 2^39 to 2^24): a dense code, still gaining rare heaps at
 * its first look, is guessed to stop where its count passes the bound, near where it really stops; a sparse one
 * is guessed to reach the limit. Guesses are read per millisecond of the first look (no clock is asserted).
 */
const code = (text: string): Rule => ({ kind: 'take-and-break', code: parseCode(text) });
const BOUNDS: GuessBounds = { limit: 2 ** 24, stretch: undefined, maxRareHeaps: 2 ** 15, maxRareWork: 2 ** 39 };
// The same, scaled down for a dense code to stop in a second: its count 2^12, its first look 2^13 heaps.
const SMALL: GuessBounds = { ...BOUNDS, maxRareHeaps: 2 ** 12 };

function firstLook(text: string, bounds: GuessBounds, pauseAt: number) {
  const x = solve({ game: { rule: code(text) }, limit: bounds.limit, maxRareHeaps: bounds.maxRareHeaps, maxRareWork: bounds.maxRareWork, pauseAt });
  expect(x.paused, text).not.toBeNull();
  return { paused: x.paused!, computed: x.computed };
}

describe('the cost guessed for a deferred rule', () => {
  it('a dense code (0.06) is guessed to stop within a factor 2 of where its count of rare heaps really stops it', () => {
    const { paused, computed } = firstLook('0.06', SMALL, 2 ** 13);
    expect(paused.rareGrowth!).toBeGreaterThan(0.1);
    // Per millisecond of the first look: the heaps it is guessed to reach, over the heaps the first look computed.
    const reach = costGuess(paused, computed, 1, SMALL) * computed;
    const whole = solve({ game: { rule: code('0.06') }, limit: SMALL.limit, maxRareHeaps: SMALL.maxRareHeaps, maxRareWork: SMALL.maxRareWork });
    expect(whole.computed).toBeLessThan(2 ** 15);
    expect(reach).toBeGreaterThan(whole.computed / 2);
    expect(reach).toBeLessThan(whole.computed * 2);
  });

  it('a sparse code (0.6, about 1,600 rare heaps and gaining none) is guessed to reach the limit', () => {
    // Its count settles by 2^15 heaps (2,120 at 8,192, 1,744 at 16,384, 1,583 at 2^16): the sweep's first look, 2^16.
    const { paused, computed } = firstLook('0.6', BOUNDS, 2 ** 16);
    expect(paused.rareGrowth!).toBeLessThan(0.01);
    expect(costGuess(paused, computed, 1, BOUNDS) * computed).toBe(2 ** 24);
  });
});
