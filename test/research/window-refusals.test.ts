import { describe, expect, it } from 'vitest';
import { expectBadInput, runCli } from '../helpers/cli.js';

/**
 * What a windowed run cannot do is refused before any output: a streaming format that writes heap tables
 * (its lines would be a windowed table's, which it does not read) and a repeating code (no finite last move).
 */
describe('--window refuses what it cannot do before it writes anything', () => {
  it('a streaming format of heap tables is refused up front, naming the format and the shape', async () => {
    const run = await runCli(['--code', '0.167', '--max', '5000', '--window', '256', '--format', 'powers']);
    expectBadInput(run, '--window with --format powers');
    expect(run.stderr).toMatch(/--format powers does not apply .*window-table/);
  });

  it('a repeating code (Lasker\'s Nim, 4.[3]) is refused as not a code of finitely many digits', async () => {
    const run = await runCli(['--code', '4.[3]', '--max', '1000', '--window', '64']);
    expectBadInput(run, '--window with a repeating code');
    expect(run.stderr).toMatch(/--window 64: .*finitely many digits/);
  });
});
