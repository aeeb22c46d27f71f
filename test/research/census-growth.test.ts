import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleText, type Rule } from '../../src/core/kinds/registry.js';
import { parseRows } from '../../src/sweep/format.js';
import { parseRuleListLines, ruleListDigest } from '../../src/sweep/rule-list.js';
import { ROOT } from '../helpers/cli.js';

/**
 * The census at 2^24 (data/census-2^24.csv, the command in docs/research.md) against the one at 2^20: the same
 * games in the same order, and every figure of a game that ran past 2^20 in both grown from the smaller run's as
 * more values can only make it grow (a larger largest value comes later; rare heaps and the last one only add up).
 */
const data = (name: string) => readFileSync(join(ROOT, 'data', name), 'utf8');
const list = parseRuleListLines(data('unsolved-octal.rules'), 'unsolved-octal.rules');
const small = parseRows(data('census-2^20.csv'), 'census-2^20.csv');
const large = parseRows(data('census-2^24.csv'), 'census-2^24.csv');

describe('the census at 2^24 against the census at 2^20', () => {
  it('sweeps the same list, each game once, in order, to at most 2^24 values with at most 2^18 rare heaps', () => {
    expect(large.record).toMatchObject({ limit: 2 ** 24, rareHeaps: 2 ** 18, rules: ruleListDigest(list.rules), size: list.rules.length });
    expect(large.rows.map((r) => [r.index, r.rule])).toEqual(list.rules.map((rule: Rule, i) => [i, ruleText(rule)]));
    expect(large.rows.filter((r) => r.kind === 'error')).toEqual([]);
  });

  it('a game proven periodic at 2^20 has the same period at 2^24; the others only grew', () => {
    let compared = 0;
    for (const [i, before] of small.rows.entries()) {
      const after = large.rows[i]!;
      if (before.proven) {
        expect(after, before.rule).toMatchObject({ proven: true, preperiod: before.preperiod, period: before.period, saltus: before.saltus });
        continue;
      }
      if (before.computed! < 2 ** 20 || after.computed! < 2 ** 20) continue;
      compared++;
      expect(after.maxValue!, before.rule).toBeGreaterThanOrEqual(before.maxValue!);
      // The first heap with the largest value: the same heap while that value stays the largest, later once it is passed.
      if (after.maxValue === before.maxValue) expect(after.largestAt, before.rule).toBe(before.largestAt);
      else expect(after.largestAt!, before.rule).toBeGreaterThan(before.computed! - 1);
      if (after.rareMask === before.rareMask) {
        expect(after.rareHeaps!, before.rule).toBeGreaterThanOrEqual(before.rareHeaps!);
        expect(after.lastRareHeap!, before.rule).toBeGreaterThanOrEqual(before.lastRareHeap!);
      }
    }
    expect(compared, 'games that ran past 2^20 in both censuses').toBeGreaterThan(20);
  });
});
