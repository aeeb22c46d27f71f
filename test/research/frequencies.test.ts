import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PowerTally } from '../../src/core/heap/value-tally.js';
import { isRareValue } from '../../src/core/kernels/rare.js';
import { parseCode } from '../../src/core/rules/code.js';
import { excludedPeriods } from '../../src/core/laws/excluded-periods.js';
import { referenceValues } from '../oracles/reference.js';
import { HANG_GUARD_S, ROOT, runCli } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { scratchDirectories } from '../helpers/scratch.js';
import { int, mulberry32 } from '../helpers/random.js';

/**
 * Frequencies and statistics at every power of two (issue 44.2): `--format powers` streams one
 * line per power N as the run passes it; its counts over heaps 1..N and the statistics row of
 * G(0..N) are checked against the naive reference kernel (test/oracles/reference.ts), counted and
 * searched by brute force here. `sweep --frequencies` and scripts/compare-rogalski.mjs likewise.
 */
const scratch = scratchDirectories('frequencies');
const takeBreak = (code: string) => ({ kind: 'take-and-break' as const, code: parseCode(code) });

/** What a line at N must say, from the values G(0..N) alone. */
function bruteRecord(g: readonly number[], n: number) {
  const frequencies: Record<string, number> = {};
  for (let h = 1; h <= n; h++) frequencies[g[h]!] = (frequencies[g[h]!] ?? 0) + 1;
  const values = g.slice(0, n + 1);
  const largestValue = Math.max(...values);
  let bound = 1;
  while (bound <= largestValue) bound *= 2;
  const rareUnder = (mask: number) => values.filter((v) => isRareValue(v, mask)).length;
  let rareMask = 0;
  for (let mask = 1; mask < bound; mask++) if (rareUnder(mask) < rareUnder(rareMask)) rareMask = mask;
  const rare = [...values.keys()].filter((h) => isRareValue(values[h]!, rareMask));
  return { heaps: n, frequencies, computed: n + 1, largestValue, largestAt: values.indexOf(largestValue), rareMask, rareHeaps: rare.length, lastRareHeap: rare[rare.length - 1] };
}

const lines = (text: string) => text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line));

describe('--format powers against the reference kernel', () => {
  // The five games Rogalski tabulated, and random two-heap codes.
  const random = mulberry32(44);
  const codes = ['0.014', '0.034', '0.161', '0.167', '0.172'];
  for (let i = 0; i < 4; i++) codes.push('0.' + Array.from({ length: int(random, 1, 3) }, () => int(random, 0, 7)).join('').replace(/0+$/, '') + String(int(random, 1, 7)));

  it.each(codes)('%s: a line at every power of two up to 2^10, then the final line', async (code) => {
    const count = 2 ** 10 + 1;
    const g = referenceValues(takeBreak(code), count);
    const run = await runMain(['--code', code, '--limit', String(count), '--format', 'powers']);
    expect(run.code, run.stderr).toBe(0);
    const records = lines(run.stdout);
    const powers = records.filter((r) => !r.final);
    expect(powers.map((r) => r.heaps)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024].filter((n) => n < (records.at(-1).computed as number)));
    for (const record of powers) {
      const { rule, ...rest } = record;
      expect(rule).toMatch(/ 0\.\d+$/);
      expect(rest, `${code} at ${record.heaps}`).toEqual(bruteRecord(g, record.heaps));
    }
    const final = records.at(-1);
    expect(final.final).toBe(true);
    expect(records.filter((r) => r.final)).toHaveLength(1);
    // A proof may stop the run early: the final line covers what was computed, no more.
    const { rule, final: _, pattern, excludedPeriods: excluded, ...rest } = final;
    expect(rest).toEqual(bruteRecord(g, final.computed - 1));
    if (pattern.kind === 'none') {
      const x = excludedPeriods(g, final.computed)!;
      expect(excluded).toEqual({ upTo: x.upTo, after: x.after });
    } else expect(excluded).toBeNull();
  });

  it('the tally fed in pieces gives the records of the whole (a run streams in steps of any size)', () => {
    const g = referenceValues(takeBreak('0.6'), 700);
    const whole = new PowerTally().advance(g, 700);
    const pieces = new PowerTally();
    const streamed = [];
    for (let count = 0; count <= 700; count += 37) streamed.push(...pieces.advance(g, Math.min(count, 700)));
    streamed.push(...pieces.advance(g, 700));
    expect(streamed).toEqual(whole);
    expect(whole.map((r) => r.heaps)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512]);
  });

  it('streams: the lines of the first powers come while the run goes on (a signal then stops it, unfinished)', async () => {
    // 0.6 to 2^26 takes minutes; the line at 2^14 comes within a second or two.
    const run = await runCli(['--code', '0.6', '--limit', '2^26', '--format', 'powers'], {
      until: ({ stdout }) => stdout.includes('"heaps":16384,'),
      signal: 'SIGTERM',
      untilMs: HANG_GUARD_S * 1000,
      timeoutMs: 2 * HANG_GUARD_S * 1000,
    });
    expect(run.stdout).toContain('"heaps":16384,');
    expect(run.code).not.toBe(0); // stopped by the signal: no final line
    expect(run.stdout).not.toContain('"final":true');
  });

  it('is refused before any work for a result it cannot write', async () => {
    const run = await runMain(['--moves', '1,2', '--misere', '--max', '10', '--format', 'powers']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/--format powers does not apply to a misère table/);
  });
});

describe('sweep --frequencies', () => {
  it('one line per unsolved rule of the list, in list order: frequencies over heaps 1..computed-1 and the exclusions', async () => {
    const dir = scratch.fresh('sweep');
    const rules = join(dir, 'rules.txt');
    writeFileSync(rules, 'code 0.6\ncode 0.77\ncode 0.014\n');
    const out = join(dir, 'f.jsonl');
    const run = await runMain(['sweep', '--rules', rules, '--limit', '2^11', '--threads', '1', '--format', 'csv', '--frequencies', out]);
    expect(run.code, run.stderr).toBe(0);
    const [record, ...got] = lines(readFileSync(out, 'utf8'));
    // First the sweep's record, as the results file's (what --resume checks the file against).
    expect(record.sweep).toMatchObject({ format: 'sg-explore-sweep', limit: 2 ** 11, size: 3 });
    expect(got.map((l) => [l.index, l.rule])).toEqual([
      [0, 'octal 0.6'],
      [2, 'octal 0.014'],
    ]); // Kayles (0.77) is proven: no line
    for (const line of got) {
      const g = referenceValues(takeBreak(line.rule.split(' ')[1]), 2 ** 11);
      expect(line.heaps).toBe(2 ** 11 - 1);
      expect(line.frequencies).toEqual(bruteRecord(g, 2 ** 11 - 1).frequencies);
      const x = excludedPeriods(g, 2 ** 11)!;
      expect(line.excludedPeriods).toEqual({ upTo: x.upTo, after: x.after });
    }
  });

  it('is refused with a family and as the --rules file (with --resume: test/sweep/sweep-frequencies-resume.test.ts)', async () => {
    const family = await runMain(['sweep', '--family', 'octal', '--digits', '1', '--frequencies', join(scratch.root, 'x.jsonl')]);
    expect(family.code).toBe(2);
    expect(family.stderr).toMatch(/--frequencies applies to --rules FILE/);
    const same = await runMain(['sweep', '--rules', 'data/unsolved-octal.rules', '--frequencies', 'data/unsolved-octal.rules']);
    expect(same.code).toBe(2);
    expect(same.stderr).toMatch(/--frequencies data\/unsolved-octal.rules: the same file as --rules/);
  });
});

describe('scripts/compare-rogalski.mjs', () => {
  const SCRIPT = join(ROOT, 'scripts/compare-rogalski.mjs');
  const compare = (args: string[], env: NodeJS.ProcessEnv = {}) => {
    const run = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, SG_ROGALSKI_FREQUENCIES: '', ...env } });
    return { code: run.status, stdout: run.stdout, stderr: run.stderr };
  };

  it('agrees with tables made from the reference values, names the first differing value, and says when no tables are there', async () => {
    const dir = scratch.fresh('rogalski');
    // Tables in his layout, counted here from the reference kernel (his own data stays outside the repository).
    const g = referenceValues(takeBreak('0.167'), 2 ** 9 + 1);
    const table: Record<string, Record<string, number>> = {};
    for (let n = 2; n <= 512; n *= 2) table[n] = bruteRecord(g, n).frequencies;
    const tables = join(dir, 'tables.json');
    writeFileSync(tables, JSON.stringify({ games: { '0.167': table } }));
    const run = await runMain(['--code', '0.167', '--limit', String(2 ** 9 + 1), '--format', 'powers']);
    const runFile = join(dir, 'run.jsonl');
    writeFileSync(runFile, run.stdout);

    const same = compare([runFile, tables]);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toContain('0.167 heaps 1..512: same');
    expect(same.stdout).toContain('9 powers compared, all agree');

    table[256]![3]! += 1;
    writeFileSync(tables, JSON.stringify({ games: { '0.167': table } }));
    const differs = compare([runFile, tables]);
    expect(differs.code).toBe(1);
    expect(differs.stdout).toContain(`0.167 heaps 1..256: DIFFERS, value 3: ${table[256]![3]! - 1} heaps here, ${table[256]![3]} in Rogalski's table`);

    const absent = compare([runFile, join(dir, 'none.json')]);
    expect(absent.code).toBe(3);
    expect(absent.stderr).toMatch(/no tables file at .*none\.json: nothing compared/);
    const otherGame = compare([runFile], { SG_ROGALSKI_FREQUENCIES: tables.replace('tables', 'missing') });
    expect(otherGame.code).toBe(3);
  });
});
