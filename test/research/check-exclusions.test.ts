import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';
import { scratchDirectories } from '../helpers/scratch.js';

/**
 * scripts/check-exclusions.mjs, the standalone checker of what values with no period in view exclude
 * (issue 44): it verifies the built program's claim for Grundy's game from the program's own CSV, and
 * rejects a claim changed in any of the ways that would make it false.
 */
const scratch = scratchDirectories('exclusions');
const CHECKER = join(ROOT, 'scripts/check-exclusions.mjs');

function check(values: string, claim: string): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [CHECKER, values, claim], { encoding: 'utf8', timeout: 30_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The program's report of `args` written to `dir/name`. */
async function write(dir: string, name: string, args: string[]): Promise<string> {
  const run = await runCli(args, { timeoutMs: 60_000 });
  expect(run.code, run.stderr).toBe(0);
  const path = join(dir, name);
  writeFileSync(path, run.stdout);
  return path;
}

describe('check-exclusions.mjs', () => {
  it("verifies Grundy's game to 2^14 and rejects every tampered claim", async () => {
    const dir = scratch.fresh('grundy');
    const game = ['--preset', 'grundy', '--limit', '16384'];
    const values = await write(dir, 'values.csv', [...game, '--format', 'csv']);
    const claimPath = await write(dir, 'claim.json', [...game, '--format', 'json']);
    const claim = JSON.parse(readFileSync(claimPath, 'utf8'));
    expect(claim.pattern.kind).toBe('none');
    const { upTo, after, lastMismatch } = claim.excludedPeriods;
    expect(upTo).toBe(4096);

    const good = check(values, claimPath);
    expect(good.code, good.stderr).toBe(0);
    expect(good.stdout).toBe(`verified over G(0..16383): any period p <= 4096 begins after n = ${after}\n`);

    const tampered = (name: string, change: (x: typeof claim.excludedPeriods) => void): string => {
      const copy = JSON.parse(JSON.stringify(claim));
      change(copy.excludedPeriods);
      const path = join(dir, `${name}.json`);
      writeFileSync(path, JSON.stringify(copy));
      return path;
    };
    // A period claimed to hold further back than it does: the real last mismatch lies after the claimed one.
    const p = lastMismatch.findIndex((n: number, i: number) => n < 16384 - (i + 1) - 1) + 1;
    expect(p).toBeGreaterThan(0);
    const cases: [string, (x: typeof claim.excludedPeriods) => void, RegExp][] = [
      ['earlier', (x) => (x.lastMismatch[p - 1] -= 1), new RegExp(`^check-exclusions: p = ${p}: .*a mismatch after the claimed last one`)],
      ['later', (x) => (x.lastMismatch[p - 1] += 1), new RegExp(`^check-exclusions: p = ${p}: G\\(${lastMismatch[p - 1] + 1}\\) = G\\(`)],
      ['after', (x) => (x.after = after + 1), /^check-exclusions: "after" is \d+, but the least last mismatch is \d+/],
      ['out of range', (x) => (x.lastMismatch[4095] = 16384), /^check-exclusions: p = 4096: last mismatch 16384 is not an n/],
    ];
    for (const [name, change, message] of cases) {
      const run = check(values, tampered(name, change));
      expect(run.code, name).toBe(1);
      expect(run.stderr, name).toMatch(message);
    }
  }, 120_000);

  it('refuses values that do not cover the claim, and a report with no exclusions, with exit 2', async () => {
    const dir = scratch.fresh('short');
    const claim = await write(dir, 'claim.json', ['--code', '0.6', '--limit', '3000', '--format', 'json']);
    const short = await write(dir, 'short.csv', ['--code', '0.6', '--limit', '2000', '--format', 'csv']);
    const run = check(short, claim);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`check-exclusions: ${short} holds 2000 values; the claim is about 3000 (write both with the same --limit and no --max)\n`);
    const kayles = await write(dir, 'kayles.json', ['--preset', 'kayles', '--format', 'json']);
    const proven = check(short, kayles);
    expect(proven.code).toBe(2);
    expect(proven.stderr).toMatch(/no "excludedPeriods" object/);
  }, 60_000);
});
