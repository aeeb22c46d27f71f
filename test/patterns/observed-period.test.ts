import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { excludedPeriods } from '../../src/core/laws/excluded-periods.js';
import { longTest } from '../helpers/long.js';

/**
 * Issue 44: a period that holds over the last third of the values (and three periods) is reported as
 * observed, with its preperiod and the values its proof would need; with no period in view, the report
 * says what the values exclude. The observed cycles are checked against the proven ones of the same games.
 */
async function json(args: string[]): Promise<Record<string, any>> {
  const run = await runMain([...args, '--format', 'json']);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Record<string, any>;
}

/** The report's lines, unwrapped (the markdown table keeps each field on one line). */
async function table(args: string[]): Promise<string> {
  const run = await runMain([...args, '--format', 'markdown']);
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
}

describe('an observed period', () => {
  it('Kayles to 120 values: period 12 from 71 (the proven cycle), observed, its proof needing 168 values', async () => {
    const proven = (await json(['--preset', 'kayles'])).pattern;
    expect(proven).toMatchObject({ preperiod: 71, period: 12, proven: true, observed: false, proofWouldNeed: null, valuesNeeded: 168 });
    const x = await json(['--preset', 'kayles', '--limit', '120']);
    expect(x.pattern).toMatchObject({ kind: 'periodic', preperiod: 71, period: 12, proven: false, proof: null, observed: true, proofWouldNeed: { method: 'guy-smith', valuesNeeded: 168 } });
    expect(x.excludedPeriods).toBeNull();
    expect(await table(['--preset', 'kayles', '--limit', '120'])).toContain('observed, not proven: period 12 from 71 over the last 49 values of the 120 computed; a proof (guy-smith) needs the values up to n = 167');
  });

  longTest('0.354 to 2*10^7: period 1180 from 10,061,916 over the last half, observed; at the proof bound the same cycle is proven [long]', async () => {
    const x = await json(['--code', '0.354', '--max', '2e7']);
    expect(x.pattern).toMatchObject({ kind: 'periodic', preperiod: 10_061_916, period: 1180, proven: false, observed: true, proofWouldNeed: { method: 'guy-smith', valuesNeeded: 20_126_195 } });
    const proven = await json(['--code', '0.354', '--limit', '20126195', '--at', '1']);
    expect(proven.pattern).toMatchObject({ preperiod: 10_061_916, period: 1180, proven: true, method: 'guy-smith', valuesNeeded: 20_126_195 });
  }, 120_000);

  it('a period over less than a third of the values, or fewer than three periods, is not observed', async () => {
    // Kayles to 100 values: period 12 holds from 71, over 29 values < 100 / 3.
    expect((await json(['--preset', 'kayles', '--limit', '100'])).pattern).toMatchObject({ kind: 'none', observed: false, proofWouldNeed: null });
  });
});

describe('what values with no period in view exclude', () => {
  /** The definition, written out plainly: for each p, the last n with G(n) != G(n + p). */
  const plain = (g: number[], upTo: number) =>
    Array.from({ length: upTo }, (_, i) => {
      const p = i + 1;
      let n = g.length - 1 - p;
      while (n >= 0 && g[n] === g[n + p]) n--;
      return n;
    });

  it('excludedPeriods is its definition, for p up to a third of the values', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 5;
    for (let t = 0; t < 40; t++) {
      // Noise, then a stretch of some period that stops holding near the end (the long scans).
      const q = 1 + (t % 9);
      const g = Array.from({ length: 30 + t * 7 }, random);
      for (let n = 10; n < g.length - 3; n++) if (n >= 10 + q) g[n] = g[n - q]!;
      const x = excludedPeriods(g, g.length)!;
      expect(x.upTo).toBe(Math.floor(g.length / 3));
      expect(x.lastMismatch).toEqual(plain(g, x.upTo));
      expect(x.after).toBe(Math.min(...x.lastMismatch));
    }
    expect(excludedPeriods([0, 1], 2)).toBeNull();
  });

  it("Officers to 3000 values: the report and the JSON give each p's last mismatch, up to 1000", async () => {
    const x = await json(['--code', '0.6', '--limit', '3000']);
    expect(x.pattern.kind).toBe('none');
    expect(x.excludedPeriods.upTo).toBe(1000);
    expect(x.excludedPeriods.lastMismatch).toHaveLength(1000);
    expect(x.excludedPeriods.lastMismatch).toEqual(plain(x.values, 1000));
    expect(x.excludedPeriods.after).toBe(1999);
    expect(await table(['--code', '0.6', '--limit', '3000'])).toContain('no period seen in the 3,000 values computed (n = 0..2,999); any period p <= 1,000 begins after n = 1,999');
  });
});
