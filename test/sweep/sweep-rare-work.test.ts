import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { scratchDirectories } from '../helpers/scratch.js';
import { parseRecord } from '../../src/sweep/format.js';

/**
 * `sweep --rare-work W` (issue 44.5): the rare-work bound apart from
 * --rare-heaps' count. It is part of what a sweep is: the results file's
 * record names it, a resume with another W is refused naming it, and a
 * file written before the flag existed (no rareWork in its record) still
 * resumes, as does one given the default's own value.
 */
const scratch = scratchDirectories('rare-work');
// 0.167 keeps 59 rare heaps (64 at most, at 1,024 heaps); 0.06 about 0.38 n of its heaps.
const RULES = 'code 0.167\ncode 0.06\n';
const LIMIT = '2^18';

function setUp(name: string): { rules: string; out: string } {
  const dir = scratch.fresh(name);
  const rules = join(dir, 'rules.txt');
  writeFileSync(rules, RULES);
  return { rules, out: join(dir, 'r.csv') };
}

const sweep = (rules: string, out: string, ...more: string[]) => runMain(['sweep', '--rules', rules, '--limit', LIMIT, '--threads', '1', '--out', out, ...more]);
const rows = (text: string) =>
  text
    .split('\n')
    .filter((line) => /^\d/.test(line))
    .map((line) => line.split(','));
const COMPUTED = 9;

describe('sweep --rare-work', () => {
  it('moves the work bound apart from the count: 0.167 reaches the limit, 0.06 still stops at the count; the record names W', async () => {
    const { rules, out } = setUp('apart');
    const bounded = await sweep(rules, out, '--rare-heaps', '2^7');
    expect(bounded.code, bounded.stderr).toBe(0);
    const [sparse, dense] = rows(readFileSync(out, 'utf8'));
    // The default work, 2^16 x 2^7 = 2^23, stops 0.167 (59 x 2^18 passes it) before the limit.
    expect(Number(sparse![COMPUTED])).toBeLessThan(2 ** 18);
    const freedOut = join(dirname(out), 'freed.csv');
    const freed = await sweep(rules, freedOut, '--rare-heaps', '2^7', '--rare-work', '2^40');
    expect(freed.code, freed.stderr).toBe(0);
    const text = readFileSync(freedOut, 'utf8');
    expect(parseRecord(text.split('\n')[0]!, out)).toMatchObject({ rareHeaps: 2 ** 7, rareWork: 2 ** 40 });
    const [far, stillDense] = rows(text);
    expect(Number(far![COMPUTED])).toBe(2 ** 18);
    // The count bound alone stops 0.06: more than 2^7 rare heaps, the same stop as before.
    expect(Number(stillDense![COMPUTED])).toBeLessThan(2 ** 18);
    expect(stillDense).toEqual(dense);
  });

  it('refuses to resume with another W, naming it, and leaves the file as it was', async () => {
    const { rules, out } = setUp('other');
    expect((await sweep(rules, out, '--rare-heaps', '2^7', '--rare-work', '2^30')).code).toBe(0);
    const text = readFileSync(out, 'utf8');
    const cases: [string[], RegExp][] = [
      [['--rare-heaps', '2^7', '--rare-work', '2^31'], /--rare-work 1073741824, not 2147483648 \(this run's\)/],
      [['--rare-heaps', '2^7'], /--rare-work 1073741824, not by default \(this run's\)/],
    ];
    for (const [more, message] of cases) {
      const run = await sweep(rules, out, ...more, '--resume');
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr.split('\n').filter((l) => l !== '')).toHaveLength(1);
      expect(readFileSync(out, 'utf8')).toBe(text);
    }
  });

  it("a file of an older version (the 2^20 census: no rareWork in its record) still resumes, also given the default's own W", async () => {
    const dir = scratch.fresh('old');
    const out = join(dir, 'census-2^20.csv');
    copyFileSync('data/census-2^20.csv', out);
    const text = readFileSync(out, 'utf8');
    expect(parseRecord(text.split('\n')[0]!, out).rareWork).toBeUndefined();
    // Every rule has its row, so a resume computes nothing; 2^16 x 2^15 = 2^31 is the default work.
    for (const more of [[], ['--rare-work', '2^31']]) {
      const run = await runMain(['sweep', '--rules', 'data/unsolved-octal.rules', '--limit', '2^20', '--rare-heaps', '2^15', '--threads', '1', '--out', out, '--resume', ...more]);
      expect(run.code, run.stderr).toBe(0);
      expect(readFileSync(out, 'utf8')).toBe(text);
    }
    const other = await runMain(['sweep', '--rules', 'data/unsolved-octal.rules', '--limit', '2^20', '--rare-heaps', '2^15', '--rare-work', '2^32', '--threads', '1', '--out', out, '--resume']);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/--rare-work by default, not 4294967296/);
  });

  it('refuses a bad W with a one-line error', async () => {
    const { rules, out } = setUp('bad');
    for (const [value, message] of [
      ['0', /--rare-work: '0' must be at least 1/],
      ['2^60', /--rare-work: '2\^60' must be at most/],
      ['lots', /--rare-work: 'lots' is not a whole number/],
    ] as const) {
      const run = await sweep(rules, out, '--rare-work', value);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr.split('\n').filter((l) => l !== '')).toHaveLength(1);
    }
  });
});
