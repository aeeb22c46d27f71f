import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HANG_GUARD_S, expectBadInput, runCli } from '../helpers/cli.js';
import { scratchDirectories } from '../helpers/scratch.js';
import { longTest } from '../helpers/long.js';
import { SparseSpaceKernel } from '../../src/core/kinds/take-and-break/sparse-space.js';
import { ValueStore } from '../../src/core/kernels/store.js';
import { parseCode } from '../../src/core/rules/code.js';

const scratch = scratchDirectories('window');

/** The count of every value among G(0..count-1), by the ordinary kernel. */
function valueCounts(code: string, count: number): number[] {
  const store = new ValueStore(count);
  new SparseSpaceKernel(parseCode(code)).fill(store, 0, count);
  const counts: number[] = [];
  for (let n = 0; n < count; n++) counts[store.values[n]!] = (counts[store.values[n]!] ?? 0) + 1;
  return Array.from(counts, (c) => c ?? 0);
}

describe('sg-explore --window', () => {
  // .167 with a front of 1,024: rare heaps past the front (up to 1,303), their partners read back from the values file.
  const args = ['--code', '0.167', '--format', 'json'];
  const window = ['--window', '1024'];

  it('counts the values as the full table does, and leaves no values file behind without --checkpoint', async () => {
    const dir = scratch.fresh('plain');
    const run = await runCli([...args, ...window, '--max', '300000'], { env: { TMPDIR: dir } });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { shape: string; computed: number; valueCounts: number[]; rare: { last: number } };
    expect(report.shape).toBe('window-table');
    expect(report.computed).toBe(300_001);
    expect(report.valueCounts).toEqual(valueCounts('0.167', 300_001));
    expect(report.rare.last).toBe(1303);
    expect(readdirSync(dir)).toEqual([]);
  });

  // Three runs to 3·10^6 (stopped, resumed, uninterrupted): most of a minute on a loaded machine.
  longTest('stops on Ctrl-C with its checkpoint and values file, and --resume ends as an uninterrupted run [long]', async () => {
    const dir = scratch.fresh('resume');
    const checkpoint = join(dir, 'run.ckpt');
    const stopped = await runCli([...args, ...window, '--checkpoint', checkpoint, '--checkpoint-every', '1', '--max', '3e6'], { until: () => existsSync(checkpoint), timeoutMs: HANG_GUARD_S * 6000 });
    expect(stopped.timedOut).toBe(false);
    expect(stopped.code).toBe(130);
    expect(statSync(`${checkpoint}.values`).size).toBeGreaterThan(0);
    const resumed = await runCli([...args, ...window, '--checkpoint', checkpoint, '--resume', '--max', '3e6']);
    expect(resumed.code).toBe(0);
    const fresh = await runCli([...args, ...window, '--max', '3e6']);
    expect(resumed.stdout).toBe(fresh.stdout);
    // Another window, or a values file that is not the run's: refused, naming what differs.
    expectBadInput(await runCli([...args, '--checkpoint', checkpoint, '--resume', '--window', '2048', '--max', '3e6']), 'another window', { pattern: /window 1024.*window 2048/ });
    writeFileSync(`${checkpoint}.values`, Buffer.alloc(16));
    expectBadInput(await runCli([...args, ...window, '--checkpoint', checkpoint, '--resume', '--max', '3e6']), 'a values file of another run', { pattern: /values file beside it holds .*not the file of that run/ });
  });

  it('refuses where it does not apply', async () => {
    expectBadInput(await runCli(['--moves', '1,2', '--max', '100', '--window', '64']), 'another kind', { pattern: /--window: only take-and-break codes/ });
    expectBadInput(await runCli(['--code', '0.77', '--max', '100', '--window', '65']), 'an odd window', { pattern: /--window 65: the window is an even number/ });
    expectBadInput(await runCli(['--code', '0.77', '--max', '100', '--window', '64', '--check', 'g == 0']), 'with --check', { pattern: /--window keeps part of a table's values; --check needs them all/ });
    expectBadInput(await runCli(['--code', '0.77', '--max', '100', '--window', '64', '--format', 'csv']), 'csv', { pattern: /--format csv does not apply/ });
  });
});
