import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectBadInput } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { progressReporter } from '../../src/cli/progress.js';
import { PassThrough } from 'node:stream';

const scratch = mkdtempSync(join(tmpdir(), 'sg-user-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
};
const widest = (text: string) => Math.max(...text.split('\n').map((line) => [...line].length));

describe('help and mistakes', () => {
  it('-h prints the usage', async () => {
    for (const args of [['-h'], ['sweep', '-h']]) {
      const run = await runMain(args);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^sg-explore/);
      expect(widest(run.stdout)).toBeLessThanOrEqual(80);
    }
  });

  it('a mistyped flag gets a suggestion', async () => {
    expectBadInput(await runMain(['--move', '1,2,3']), '--move', { pattern: /unknown option --move \(did you mean --moves\?\)/ });
    expectBadInput(await runMain(['--moves', '1,2', '--fromat', 'csv']), '--fromat', { pattern: /did you mean --format\?/ });
    expectBadInput(await runMain(['--preset', 'kayles', '--chekpoint', 'x']), '--chekpoint', { pattern: /did you mean --checkpoint\?/ });
    expectBadInput(await runMain(['sweep', '--familly', 'octal']), 'sweep --familly', { pattern: /did you mean --family\?/ });
    // Nothing close: no guess.
    const line = expectBadInput(await runMain(['--moves', '1', '--zzzzzz']), '--zzzzzz');
    expect(line).not.toContain('did you mean');
  });

  it('conflicting flags are refused, not silently ignored', async () => {
    expectBadInput(await runMain(['--moves', '1,2', '--max', '10', '--at', '5']), '--max with --at', { pattern: /--max .* or --at .*not both/ });
    expectBadInput(await runMain(['--moves', '1,2', '--force']), '--force alone', { pattern: /--force applies to --checkpoint/ });
  });

  it('--threads has one bound for every command', async () => {
    expectBadInput(await runMain(['--preset', 'kayles', '--threads', '1000']), 'explore --threads 1000', { pattern: /--threads: '1000' must be at most 256/ });
    expectBadInput(await runMain(['sweep', '--family', 'octal', '--digits', '1', '--threads', '1000']), 'sweep --threads 1000', { pattern: /--threads: '1000' must be at most 256/ });
  });
});

describe('rule files and modules: errors in the user’s terms', () => {
  it('moves: [1e400] says the number is too large', async () => {
    const run = await runMain(['--rule', file('huge.yaml', 'moves: [1, 1e400]\n')]);
    expectBadInput(run, '1e400', { pattern: /huge\.yaml:1:12: moves: 1e400 is too large \(a move takes at most 2,147,483,647 tokens\)/ });
  });

  it('a JSON rule file is JSON: a trailing comma is an error with its line and column', async () => {
    const run = await runMain(['--rule', file('comma.json', '{\n  "moves": [1, 2, 3],\n}\n')]);
    expectBadInput(run, 'trailing comma', { pattern: /comma\.json:3:1: not valid JSON: a trailing comma before \}/ });
    const inList = await runMain(['--rule', file('list.json', '{"moves": [1, 2,]}')]);
    expectBadInput(inList, 'trailing comma in a list', { pattern: /list\.json:1:17: not valid JSON: a trailing comma before \]/ });
    const comment = await runMain(['--rule', file('comment.json', '{\n  // take 1 or 2\n  "moves": [1, 2]\n}')]);
    expectBadInput(comment, 'comment', { pattern: /comment\.json:2:3: not valid JSON: comments are not allowed/ });
  });

  it('a 50 MB rule file is refused by its size, before it is read', async () => {
    const path = join(scratch, 'big.yaml');
    writeFileSync(path, 'moves: [' + '1, '.repeat(17_000_000) + '1]\n');
    const size = statSync(path).size.toLocaleString('en-US');
    expectBadInput(await runMain(['--rule', path]), 'big rule file', { pattern: new RegExp(`big\\.yaml: the file is ${size} bytes; a rule file is at most 1,048,576`) });
  });

  it('a set of more than 65,536 moves is refused', async () => {
    const moves = Array.from({ length: 70_000 }, (_, i) => i + 1);
    expectBadInput(await runMain(['--rule', file('many.json', JSON.stringify({ moves }))]), 'many moves', { pattern: /moves: 70,000 moves; a set holds at most 65,536/ });
    expectBadInput(await runMain(['--moves', moves.join(',')]), '--moves with many', { pattern: /--moves: 70000 moves; a set holds at most 65536/ });
  });

  it('a module returning a Promise is told so', async () => {
    const module = file('async.mjs', 'export async function options(n) { return n > 0 ? [[n - 1]] : []; }\n');
    expectBadInput(await runMain(['--rule', module, '--max', '5']), 'async options', { pattern: /options\(0\) returned a Promise: options must return its list directly/ });
  });

  it('options(0) with an option is told a heap of 0 has no moves', async () => {
    const module = file('zero.mjs', 'export function options(n) { return [[0]]; }\n');
    expectBadInput(await runMain(['--rule', module, '--max', '5']), 'options(0)', { pattern: /options\(0\): option \[0\] leaves a heap of 0, but a heap of 0 has no smaller heaps/ });
    const later = file('later.mjs', 'export function options(n) { return n ? [[n]] : []; }\n');
    expectBadInput(await runMain(['--rule', later, '--max', '5']), 'options(1)', { pattern: /options\(1\): option \[1\] leaves a heap of 1, which is not smaller than 1: every option must leave heaps of 0 to 0 tokens/ });
  });

  it('a rule module is shown by the path as given', async () => {
    const module = file('mine.mjs', 'export function options(n) { return n ? [[n - 1]] : []; }\n');
    const run = await runMain(['--rule', module, '--max', '3', '--format', 'json']);
    expect(JSON.parse(run.stdout).rule).toBe(`custom ${module}`);
  });
});

describe('tables fit 80 columns', () => {
  it('for games with long periods, long rules and wide values', async () => {
    for (const args of [['--preset', 'dawsons-kayles'], ['--preset', 'kayles'], ['--code', '0.3F'], ['--preset', 'grundy', '--max', '400'], ['--moves', Array.from({ length: 40 }, (_, i) => 3 * i + 1).join(','), '--max', '300'], ['--preset', 'list'], ['--moves', '2,5,7', '--at', '5', '10^18']]) {
      const run = await runMain(args);
      expect(run.code, args.join(' ')).toBe(0);
      expect(widest(run.stdout), args.join(' ')).toBeLessThanOrEqual(80);
    }
  });

  it('the periodic grid never labels a row with a negative heap; columns are residue classes', async () => {
    const run = await runMain(['--preset', 'kayles']);
    const rows = run.stdout.split('\n').filter((line) => /^\s*-?\d+\s/.test(line));
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(Number(row.trim().split(/\s+/)[0])).toBeGreaterThanOrEqual(0);
    // Kayles: period 12 from n = 71, so the first column is n ≡ 71 ≡ 11 (mod 12).
    expect(run.stdout).toMatch(/^\s*n\s+≡11\s+≡0\s+≡1 /m);
    expect(rows[0]!.trim().split(/\s+/).slice(0, 3)).toEqual(['0', '0', '1']); // heap 0 sits under ≡0
  });

  it('the --at table has no rule between rows', async () => {
    const run = await runMain(['--moves', '2,5,7', '--at', '5', '10', '15']);
    const lines = run.stdout.split('\n');
    expect(lines.filter((line) => /^[├┼]/.test(line))).toHaveLength(1); // under the heading only
    expect(lines.filter((line) => /^│\s+\d+ │/.test(line))).toHaveLength(3); // three rows, one after another
  });
});

describe('progress when stderr is no terminal', () => {
  it('says nothing for the first 10 s, then a line a minute', () => {
    const stream = new PassThrough();
    let text = '';
    stream.setEncoding('utf8').on('data', (c: string) => (text += c));
    let now = 1000;
    const progress = progressReporter('lines', stream, { clock: () => now });
    const at = (seconds: number, computed: number) => {
      now = 1000 + seconds * 1000;
      progress.update(computed, 1e9);
    };
    at(1, 10);
    at(9.9, 100);
    expect(text).toBe('');
    at(10.1, 1000);
    at(30, 2000);
    at(69, 3000);
    at(70.2, 4000);
    progress.done();
    return new Promise<void>((resolve) => setImmediate(() => {
      const lines = text.split('\n').filter(Boolean);
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^sg-explore: computing: 1,000 values of at most 1,000,000,000 \(0%\), \d+\/s, 10\.1 s/);
      expect(lines[1]).toMatch(/^sg-explore: computing: 4,000 values/);
      expect(text).not.toMatch(/\r|\u001b/);
      resolve();
    }));
  });
});

describe('checkpoints', () => {
  it('an existing checkpoint is not overwritten without --resume or --force', async () => {
    const ckpt = join(scratch, 'kept.ckpt');
    expect((await runMain(['--preset', 'officers', '--limit', '5000', '--checkpoint', ckpt, '--format', 'json'])).code).toBe(0);
    expect(existsSync(ckpt)).toBe(true);
    expectBadInput(await runMain(['--preset', 'officers', '--limit', '5000', '--checkpoint', ckpt]), 'existing checkpoint', { pattern: /kept\.ckpt: the file exists; add --resume .* or --force/ });
    expect((await runMain(['--preset', 'officers', '--limit', '5000', '--checkpoint', ckpt, '--force', '--format', 'json'])).code).toBe(0);
  });

  it('resuming with a smaller --limit reports the same kernel figures as a fresh run', async () => {
    const ckpt = join(scratch, 'figures.ckpt');
    const kernelOf = (stdout: string) => JSON.parse(stdout).kernel as { rareHeaps: number; mask: number };
    const fresh = await runMain(['--preset', 'officers', '--limit', '2^14', '--format', 'json']);
    expect((await runMain(['--preset', 'officers', '--limit', '2^15', '--checkpoint', ckpt, '--format', 'json'])).code).toBe(0);
    const resumed = await runMain(['--preset', 'officers', '--limit', '2^14', '--checkpoint', ckpt, '--resume', '--format', 'json']);
    expect(kernelOf(fresh.stdout).rareHeaps).toBeGreaterThan(0);
    expect(kernelOf(resumed.stdout)).toEqual(kernelOf(fresh.stdout));
    expect(JSON.parse(resumed.stdout).computed).toBe(JSON.parse(fresh.stdout).computed);
  });
});
