import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runRule } from '../../../src/sweep/run-rule.js';
import { parseCode } from '../../../src/core/rules/code.js';
import { parseRows } from '../../../src/sweep/format.js';
import type { SweepRow } from '../../../src/sweep/row.js';

/**
 * `sweep --family octal --digits 1-3 --out test/fixtures/octal-sweep-1-3.jsonl`
 * (the results file is checked in) against the published status of the 1-3
 * digit octal games (test/fixtures/octal-status.json): every solved game the
 * default limit reaches comes out proven with the published preperiod and
 * period, no unsolved game is claimed proven. A sample of rows is recomputed,
 * so the file stays what the code computes.
 *
 * The whole sweep took 314 s on 2 threads (0.354 and 0.376 stretch to 20 and 4.5 million values;
 * codes that share their values computed once); the file holds all 511
 * rules in family order.
 */
const status = JSON.parse(readFileSync(new URL('../../fixtures/octal-status.json', import.meta.url), 'utf8')) as {
  solved: { code: string; preperiod: number; period: number }[];
  trivial: { code: string; period: number }[];
  unsolved: string[];
};
const lines = readFileSync(new URL('../../fixtures/octal-sweep-1-3.jsonl', import.meta.url), 'utf8').trim().split('\n');
const record = JSON.parse(lines[0]!) as { sweep: { family: string; size: number; limit: number | null } };
const rows = new Map(parseRows(lines.join('\n') + '\n', 'octal-sweep-1-3.jsonl').rows.map((r): [string, SweepRow] => [r.rule, r]));
/** The rules the sweep has reached: every one up to the last index in the file. */
const reached = (code: string) => rows.has(`octal ${code}`);
const row = (code: string) => rows.get(`octal ${code}`)!;
/** Values a Guy-Smith proof needs: 2*n0 + 2p + k. */
const needed = (code: string, n0: number, p: number) => 2 * n0 + 2 * p + (code.length - 2);

describe('the 1-3 digit octal sweep against the published status', () => {
  it('covers the whole family, at the default limits', () => {
    expect(record.sweep).toMatchObject({ family: 'octal codes 0.d1..dD with D = 1 to 3 digits', size: 511, limit: null });
    // Rows come in family order: the file is the family's first rows.
    const indices = [...rows.values()].map((r) => r.index);
    expect(indices).toEqual([...indices.keys()]);
    expect(rows.size, 'every rule of the family').toBe(511);
  });

  it('every solved game is proven, with the published preperiod and period, from the values the theorem needs', () => {
    for (const { code, preperiod, period } of status.solved) {
      const r = row(code);
      expect([r.proven, r.preperiod, r.period], code).toEqual([true, preperiod, period]);
      expect(r.computed, code).toBeGreaterThanOrEqual(needed(code, preperiod, period));
    }
    // 0.16 and 0.56 (Gangolli and Plambeck) within the 2^20 limit; 0.376 and 0.354 by the sparse stretch past it.
    expect(row('0.16')).toMatchObject({ proven: true, preperiod: 105351, period: 149459 });
    expect(row('0.56')).toMatchObject({ proven: true, preperiod: 326640, period: 144 });
    expect(row('0.376')).toMatchObject({ proven: true, preperiod: 2268248, period: 4, computed: 4536507 });
    expect(row('0.354')).toMatchObject({ proven: true, preperiod: 10061916, period: 1180, computed: 20126195 });
  });

  it('every unsolved game has the statistics row at the limit it reached', () => {
    for (const code of status.unsolved) {
      const r = row(code);
      expect(r.largestAt, code).not.toBeNull();
      expect([r.rareMask, r.rareHeaps, r.lastRareHeap].every((x) => x !== null), code).toBe(true);
      expect(r.computed, code).toBeGreaterThan(0);
    }
  });

  it('every game solved from small heaps is proven with the published period', () => {
    for (const { code, period } of status.trivial.filter((s) => reached(s.code))) expect([row(code).proven, row(code).period], code).toEqual([true, period]);
  });

  it('no unsolved game is claimed proven', () => {
    for (const code of status.unsolved.filter(reached)) expect(row(code).proven, code).toBe(false);
  });

  it('the checked-in rows are what the code computes (every 16th cheap row, recomputed)', () => {
    const cheap = [...rows.values()].filter((r) => (r.computed ?? Infinity) <= 4096);
    for (const r of cheap.filter((_, i) => i % 16 === 0)) {
      const again = runRule({ index: r.index, rule: { kind: 'take-and-break', code: parseCode(r.rule.replace(/^octal /, '')) } });
      expect(again, r.rule).toEqual(r);
    }
  });
});
