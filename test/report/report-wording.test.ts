import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDirectories } from '../helpers/scratch.js';
import { runMain } from '../helpers/in-process.js';
import { countOf } from '../../src/core/numbers.js';

const scratch = scratchDirectories('wording');

/** What reports say in words: each claim true of the run, in plain English. */
async function output(args: string[]): Promise<string> {
  const run = await runMain(args);
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
}
const words = async (args: string[]) => (await output(args)).replace(/[│┌┐└┘├┤┬┴┼─]/g, ' ').replace(/\s+/g, ' ');

describe('report wording', () => {
  it('countOf: singular for exactly one', () => {
    expect([countOf(1, 'value'), countOf(0, 'value'), countOf(2n, 'value'), countOf(1234, 'P-position')]).toEqual(['1 value', '0 values', '2 values', '1,234 P-positions']);
  });

  it('a parameter of a preset is the one the report names (fibonacci-nim:3 says 3, bash:4 says 4)', async () => {
    const three = await words(['--preset', 'fibonacci-nim:3', '--max', '10']);
    expect(three).toContain('at most 3 times the last');
    expect(three).not.toContain('k = 2');
    expect(await words(['--preset', 'fibonacci-nim', '--max', '10'])).toContain('at most 2 times the last');
    const bash = await words(['--preset', 'bash:4', '--max', '10']);
    expect(bash).toContain('remove 1 to 4 tokens (G(n) = n mod 5)');
    // And what it says is so: G(n) = n mod 5.
    const values = JSON.parse(await output(['--preset', 'bash:4', '--max', '10', '--format', 'json'])).values as number[];
    expect(values).toEqual(values.map((_, n) => n % 5));
  });

  it('Nim is shown as Nim in tables and pictures; JSON keeps the canonical text, which parses back', async () => {
    expect(await words(['--preset', 'nim', '--max', '5'])).toMatch(/Rule Nim: take any number \(all-but \{\}\)/);
    expect(await words(['--preset', 'nim', '--position', '3', '4'])).toMatch(/Rule Nim: take any number \(all-but \{\}\)/);
    expect(await words(['--preset', 'nim', '--misere', '--max', '4'])).toMatch(/Rule Nim: take any number \(all-but \{\}\)/);
    const plot = join(scratch.fresh('nim'), 'nim.svg');
    await output(['--preset', 'nim', '--max', '20', '--plot', plot]);
    expect(readFileSync(plot, 'utf8')).toContain('Nim: take any number');
    const json = JSON.parse(await output(['--preset', 'nim', '--max', '5', '--format', 'json']));
    expect(json).toMatchObject({ rule: 'all-but {}', name: 'nim' });
    // The canonical text is input: as a flag's words and as a sweep's rule line, the same game.
    const again = JSON.parse(await output(['--all-but', json.rule.replace(/^all-but /, ''), '--max', '5', '--format', 'json']));
    expect(again).toMatchObject({ rule: 'all-but {}', name: 'nim', values: [0, 1, 2, 3, 4, 5] });
    // Another name given to the rule is kept.
    expect(await words(['--preset', 'kayles', '--max', '5'])).toContain('Rule octal 0.77 (kayles)');
  });

  it('a small --at still looks far enough for the proof (Kayles --at 5: 168 values)', async () => {
    expect((await output(['--preset', 'kayles', '--at', '5'])).split('\n')[0]).toBe('octal 0.77: periodic: preperiod 71, period 12 (last exceptional value at n = 70)');
  });

  it('a table too short for a period says how far it looked, not that there is none', async () => {
    const line = (await output(['--preset', 'kayles', '--at', '5', '--limit', '100'])).split('\n')[0]!;
    expect(line).toBe('octal 0.77: no period seen in the 100 values computed (n = 0..99); any period p <= 33 begins after n = 66; raise --limit to search further');
  });

  it('a theorem with no period (Bash to 10^18, past 2^53) is proven by the theorem in every format, never "no period seen"', async () => {
    const bash = ['--preset', 'bash:1000000000000000000'];
    const table = await words([...bash, '--max', '5']);
    expect(table).toContain('Pattern no period needed: proven by Bachet (1612)');
    expect(table).toContain('Status proven (theorem): Bachet (1612)');
    expect(table).not.toMatch(/no period (seen|found)|raise --limit/);
    const at = await output([...bash, '--at', '1e18']);
    expect(at.split('\n')[0]).toBe('subtraction {1..1000000000000000000}: no period needed: proven by Bachet (1612): taking 1 to 1000000000000000000 tokens, G(n) = n mod 1000000000000000001');
    const json = JSON.parse(await output([...bash, '--max', '5', '--format', 'json']));
    expect(json.pattern).toMatchObject({ kind: 'theorem', proven: true, method: 'theorem', period: null, proof: expect.stringMatching(/^Bachet \(1612\)/) });
  });

  it('plural only when more than one: a window proof over one value', async () => {
    const text = await words(['--moves', '1', '--max', '10']);
    expect(text).toContain('depends only on the previous value (k = max S)');
    expect(text).toContain('proof needs 3 values');
    expect(await words(['--moves', '1,2,3', '--misere', '--max', '30'])).toContain('o(n) depends only on the previous 3 outcomes (k = max S)');
  });

  it('mask 0 is said plainly: no rare/common split was found', async () => {
    const text = await words(['--code', '4.07', '--max', '200']);
    expect(text).toContain('no rare/common split of the values was found');
    expect(text).not.toMatch(/under mask 0/);
    // A real split: Kayles keeps a few heaps rare under a non-zero mask.
    const json = JSON.parse(await output(['--preset', 'kayles', '--max', '2000', '--limit', '2000', '--format', 'json']));
    expect(json.kernel.mask).toBeGreaterThan(0);
    expect(await words(['--preset', 'kayles', '--max', '2000', '--limit', '2000'])).toContain(`${json.kernel.rareHeaps} heaps have a rare value, in the range (popcount(G(n) & ${json.kernel.mask}) even)`);
  });
});
