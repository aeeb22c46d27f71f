import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { explore } from '../../src/core/analyse.js';
import { isRareValue } from '../../src/core/kernels/rare.js';
import { ruleText, type Rule } from '../../src/core/kinds/registry.js';
import { parseRows } from '../../src/sweep/format.js';
import { parseRuleListLines, ruleListDigest } from '../../src/sweep/rule-list.js';
import type { SweepRow } from '../../src/sweep/row.js';
import { ROOT } from '../helpers/cli.js';

/**
 * The census of the unsolved games of T. Czajka's table (data/, made by the command in
 * docs/research.md): each row against its frequency line (the statistics follow from the
 * frequencies: largest value, rare heaps under the row's mask, that mask the best of all), the
 * file against the list it claims to sweep, and a few rows against a fresh computation.
 */
/**
 * The censuses as committed: values per game, the sweep's bound on rare heaps (docs/research.md gives the commands), and
 * the largest value whose row's mask is checked the best of all masks by brute force (every mask below the next power
 * of two: the 2^24 census's values reach 5,339, whose 8,192 masks over every row would take minutes).
 */
const CENSUSES = [
  { name: 'census-2^20', values: 2 ** 20, rareHeaps: 2 ** 15, maskCheckedBelow: Infinity },
  { name: 'census-2^24', values: 2 ** 24, rareHeaps: 2 ** 18, maskCheckedBelow: 2048 },
] as const;
const data = (name: string) => readFileSync(join(ROOT, 'data', name), 'utf8');
const list = parseRuleListLines(data('unsolved-octal.rules'), 'unsolved-octal.rules');
interface FrequencyLine {
  index: number;
  rule: string;
  heaps: number;
  frequencies: Record<string, number>;
  excludedPeriods: { upTo: number; after: number } | null;
}
function census(name: string) {
  const parsed = parseRows(data(`${name}.csv`), `${name}.csv`);
  const lines = data(`${name}-frequencies.jsonl`)
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('{"sweep"')) // the record line, in files written since it was added
    .map((line) => JSON.parse(line) as FrequencyLine);
  return { parsed, rows: parsed.rows, lines, lineOf: new Map(lines.map((line) => [line.index, line])) };
}
const { rows, lineOf } = census(CENSUSES[0].name);

for (const CENSUS of CENSUSES) {
  const { parsed, rows, lines, lineOf } = census(CENSUS.name);
  describe(`the census file ${CENSUS.name}`, () => {
    it('is the sweep of the list it names: one row per rule, in order, with its limit and bound on rare heaps', () => {
      expect(parsed.record).toMatchObject({ limit: CENSUS.values, rareHeaps: CENSUS.rareHeaps, rules: ruleListDigest(list.rules), size: list.rules.length });
      expect(rows.map((r) => [r.index, r.rule])).toEqual(list.rules.map((rule: Rule, i) => [i, ruleText(rule)]));
      expect(rows.filter((r) => r.kind === 'error')).toEqual([]);
      for (const row of rows) expect(row.computed, row.rule).toBeLessThanOrEqual(CENSUS.values);
    });

    it('has a frequency line for exactly the rows with no period proven, and each row follows from its line', () => {
      expect(lines.map((l) => l.index)).toEqual(rows.filter((r) => !r.proven).map((r) => r.index));
      for (const row of rows.filter((r) => !r.proven)) {
        const line = lineOf.get(row.index)!;
        expect(line.rule).toBe(row.rule);
        expect(line.heaps).toBe(row.computed! - 1);
        // Heap 0 (value 0) with the heaps 1..heaps the line counts: every value computed.
        const counts = new Map(Object.entries(line.frequencies).map(([v, c]) => [Number(v), c]));
        counts.set(0, (counts.get(0) ?? 0) + 1);
        expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(row.computed);
        expect(Math.max(...counts.keys())).toBe(row.maxValue);
        const values = [...counts.keys()];
        const tallies = values.map((v) => counts.get(v)!);
        const rareUnder = (mask: number) => {
          let sum = 0;
          for (let i = 0; i < values.length; i++) if (isRareValue(values[i]!, mask)) sum += tallies[i]!;
          return sum;
        };
        expect(rareUnder(row.rareMask!), row.rule).toBe(row.rareHeaps);
        let bound = 1;
        while (bound <= row.maxValue!) bound *= 2;
        // The row's mask is the one with the fewest rare heaps, the smallest of equals.
        let best = row.rareMask!;
        let fewest = bound <= CENSUS.maskCheckedBelow ? rareUnder(0) : -1;
        if (fewest >= 0) best = 0;
        for (let mask = 1; fewest >= 0 && mask < bound; mask++) {
          const rare = rareUnder(mask);
          if (rare < fewest) [best, fewest] = [mask, rare];
        }
        expect(best, row.rule).toBe(row.rareMask);
        expect(row.lastRareHeap).toBeLessThan(row.computed!);
        if (line.excludedPeriods) {
          expect(line.excludedPeriods.upTo).toBe(Math.min(4096, Math.floor(row.computed! / 3)));
          expect(line.excludedPeriods.after).toBeLessThan(row.computed! - 1);
        }
      }
    });
  });
}

describe('against a fresh computation to 2^16', () => {
  const fresh = (row: SweepRow) => explore({ game: { rule: list.rules[row.index]! }, limit: 2 ** 16, max: BigInt(2 ** 16 - 1) });

  it('rows proven within 2^16 values: the same preperiod, period and values needed', () => {
    const proven = rows.filter((r) => r.proven && r.computed! <= 2 ** 16);
    expect(proven.length).toBeGreaterThan(0);
    for (const row of proven) {
      const x = explore({ game: { rule: list.rules[row.index]! }, limit: 2 ** 16 });
      expect(x.pattern, row.rule).toMatchObject({ preperiod: row.preperiod, period: row.period, proof: { method: row.method } });
      expect(x.computed).toBe(row.computed);
    }
  });

  it('two unsolved rows whose largest value comes before 2^16: the same value at the same heap, and no count above the census', () => {
    const early = rows.filter((r) => !r.proven && r.largestAt! < 2 ** 16).slice(0, 2);
    expect(early).toHaveLength(2);
    for (const row of early) {
      const x = fresh(row);
      expect(x.statistics, row.rule).toMatchObject({ largestValue: row.maxValue, largestAt: row.largestAt });
      const census = lineOf.get(row.index)!.frequencies;
      for (let n = 1; n < x.computed; n++) expect(census[x.values[n]!] ?? 0).toBeGreaterThan(0);
    }
  });
});
