import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, cliEnv, expectBadInput, runCli, stderrMessages, type CliRun, HANG_GUARD_S } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { withoutProgressLines } from '../helpers/progress-lines.js';

/** Run (in-process unless another working directory is asked for) and insist on success with nothing on stderr. */
async function ok(args: readonly string[], options: { cwd?: string } = {}): Promise<string> {
  const result = options.cwd === undefined ? await runMain(args) : await runCli(args, options);
  expect(result.stderr, `stderr of ${args.join(' ')}`).toBe('');
  expect(result.code, `exit code of ${args.join(' ')}`).toBe(0);
  return result.stdout;
}

const scratch = mkdtempSync(join(tmpdir(), 'sg-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Values of {1,3,4}: period 7 from 0 (published). */
const CYCLE_134 = [0, 1, 0, 1, 2, 3, 2];

describe('table output', () => {
  it('summarises {1,2,3}: proven period 4, P-positions n ≡ 0 (mod 4)', async () => {
    const out = await ok(['--moves', '1,2,3', '--max', '20']);
    expect(out).toContain('subtraction {1,2,3}');
    expect(out).toContain('period 4');
    expect(out).toContain('proven');
    expect(out).not.toContain('not proven');
    expect(out).toContain('n ≡ 0 (mod 4)');
    expect(out).toContain('0 .. 20');
    expect(out).not.toMatch(/\u001b\[/); // no colour into a pipe
  });

  it('says "observed, not proven" when the values do not prove the pattern', async () => {
    // {1, 1000000}: 5001 values look like period 2, but a proof needs 2,000,001 values.
    const out = await ok(['--moves', '1,1000000', '--max', '5000', '--limit', '1000']);
    expect(out).toContain('observed, not proven');
  });
});

describe('--format csv', () => {
  it('RFC 4180: header, CRLF, one row per heap 0..max with the right values', async () => {
    const out = await ok(['--moves', '1,3,4', '--max', '100', '--format', 'csv']);
    expect(out.startsWith('n,grundy,outcome\r\n')).toBe(true);
    expect(out.endsWith('\r\n')).toBe(true);
    expect(out.replace(/\r\n/g, '')).not.toContain('\n');
    const rows = out.split('\r\n').slice(1, -1);
    expect(rows).toHaveLength(101);
    rows.forEach((row, n) => {
      const g = CYCLE_134[n % 7]!;
      expect(row).toBe(`${n},${g},${g === 0 ? 'P' : 'N'}`);
    });
  });

  it('--at lists just the asked heaps, exactly', async () => {
    const out = await ok(['--moves', '1,3,4', '--at', '10^18', '--at', '5', '--format', 'csv']);
    const g = CYCLE_134[Number(10n ** 18n % 7n)]!;
    expect(out).toBe(`n,grundy,outcome\r\n1000000000000000000,${g},${g === 0 ? 'P' : 'N'}\r\n5,3,N\r\n`);
  });
});

describe('--format json', () => {
  it('has the contract fields, and values for 0..max', async () => {
    const out = await ok(['--moves', '2,3,7', '--max', '60', '--format', 'json']);
    const json = JSON.parse(out);
    expect(json.rule).toBe('subtraction {2,3,7}');
    expect(json.max).toBe(60);
    expect(json.maxValue).toBe(2);
    expect(json.pattern).toMatchObject({ kind: 'periodic', preperiod: 0, period: 5, saltus: 0, proven: true, lastExceptional: null, method: 'window-repetition' });
    expect(typeof json.pattern.proof).toBe('string');
    expect(json.pattern.proof.length).toBeGreaterThan(20);
    expect(json.pPositions).toEqual({ kind: 'residues', modulus: 5, residues: [0, 1], from: 0, extra: [], missing: [] });
    expect(json.values).toHaveLength(61);
    expect(json.values).toEqual(Array.from({ length: 61 }, (_, n) => [0, 0, 1, 1, 2][n % 5]));
  });

  it('all-but: arithmetic-periodic, finite P-positions', async () => {
    const json = JSON.parse(await ok(['--all-but', '2,3,7', '--max', '29', '--format', 'json']));
    expect(json.rule).toBe('all-but {2,3,7}');
    expect(json.pattern).toMatchObject({ kind: 'arithmetic-periodic', preperiod: 0, period: 4, saltus: 2, proven: true });
    expect(json.pPositions).toEqual({ kind: 'finite', list: [0, 2] });
    expect(json.values).toEqual([0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7, 8, 9, 8, 9, 10, 11, 10, 11, 12, 13, 12, 13, 14, 15]);
    expect(json.maxValue).toBe(15);
  });

  it('values of every size, across chunks and past the computed ones, are the closed form', async () => {
    // all-but {2,3,7}: G(n) = 2⌊n/4⌋ + (n mod 4 in {1,3}), so values pass 9, 99, 4095 (the byte encoder's cases).
    const json = JSON.parse(await ok(['--all-but', '2,3,7', '--max', '70000', '--format', 'json']));
    expect(json.values).toHaveLength(70001);
    json.values.forEach((v: number, n: number) => {
      if (v !== 2 * Math.floor(n / 4) + (n % 2)) expect(v, `G(${n})`).toBe(2 * Math.floor(n / 4) + (n % 2));
    });
  });

  it('--at 10^18 writes exact integers', async () => {
    const out = await ok(['--all-but', '2,3,7', '--at', '10^18', '--at', '1000000000000000003', '--format', 'json']);
    // G(n) = 2 floor(n/4) + (n mod 4 in {1,3}): 5 * 10^17 at 10^18, one more at 10^18 + 3.
    expect(out).toContain('"n": 1000000000000000000');
    expect(out).toContain('"value": 500000000000000000');
    expect(out).toContain('"n": 1000000000000000003');
    expect(out).toContain('"value": 500000000000000001');
    const json = JSON.parse(out);
    expect(json.at).toHaveLength(2);
    expect(json.at[0].outcome).toBe('N');
  });

  it('--max 1e15 on a proven rule answers at once, with exact numbers and no value list', async () => {
    const started = performance.now();
    const run = await runMain(['--moves', '1,2,3', '--max', '1e15', '--format', 'json']);
    // A hang guard, not a speed check: a run that computed the table would never end.
    expect(performance.now() - started).toBeLessThan(HANG_GUARD_S * 1000);
    expect(run.code).toBe(0);
    // The one word on stderr says why there is no value list.
    expect(run.stderr).toMatch(/^sg-explore: note: "values" is null in this JSON: the table has 1,000,000,000,000,001 heaps, more than the 1,048,576 a JSON report lists; .*\n$/);
    const out = run.stdout;
    expect(out).toContain('"max": 1000000000000000');
    const json = JSON.parse(out);
    expect(json.maxValue).toBe(3);
    expect(json.pattern).toMatchObject({ period: 4, proven: true });
    expect(json.values).toBeNull();
  });
});

describe('--out', () => {
  it('writes the file and nothing on stdout', async () => {
    const dir = join(scratch, 'out-ok');
    mkdirSync(dir);
    const path = join(dir, 'values.csv');
    const result = await runMain(['--moves', '1,2', '--max', '9', '--format', 'csv', '--out', path]);
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(path, 'utf8')).toBe('n,grundy,outcome\r\n' + Array.from({ length: 10 }, (_, n) => `${n},${n % 3},${n % 3 ? 'N' : 'P'}\r\n`).join(''));
    expect(readdirSync(dir)).toEqual(['values.csv']);
  });

  it('bad input leaves no file and no temporary file', async () => {
    const dir = join(scratch, 'out-bad');
    mkdirSync(dir);
    expectBadInput(await runMain(['--moves', '0', '--format', 'csv', '--out', join(dir, 'values.csv')]), '--moves 0 --out');
    expectBadInput(await runMain(['--moves', '1,2', '--max', 'abc', '--out', join(dir, 'values.csv')]), '--max abc --out');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a failure after writing (the target is a directory) leaves no temporary file', async () => {
    const dir = join(scratch, 'out-dir');
    mkdirSync(join(dir, 'target'), { recursive: true });
    expectBadInput(await runMain(['--moves', '1,2', '--max', '1000', '--format', 'csv', '--out', join(dir, 'target')]), '--out onto a directory');
    expect(readdirSync(dir)).toEqual(['target']);
    expect(readdirSync(join(dir, 'target'))).toEqual([]);
  });

  it('a directory that does not exist is bad input', async () => {
    expectBadInput(await runMain(['--moves', '1,2', '--out', join(scratch, 'no', 'such', 'dir.csv')]), '--out into a missing directory');
  });

  it('is refused before any work: a long computation into a missing directory fails at once', async () => {
    const result = await runMain(['--preset', 'officers', '--limit', '2^22', '--out', join(scratch, 'no', 'such', 'officers.csv')]);
    expectBadInput(result, '--out into a missing directory, before computing');
    expect(result.seconds).toBeLessThan(HANG_GUARD_S);
  });

  it('takes the format from the file name when --format is not given', async () => {
    const dir = join(scratch, 'by-extension');
    mkdirSync(dir);
    expect((await runMain(['--moves', '1,2,3', '--max', '3', '--out', join(dir, 'values.csv')])).code).toBe(0);
    expect(readFileSync(join(dir, 'values.csv'), 'utf8')).toBe('n,grundy,outcome\r\n0,0,P\r\n1,1,N\r\n2,2,N\r\n3,3,N\r\n');
    expect((await runMain(['--moves', '1,2,3', '--max', '3', '--out', join(dir, 'report.json')])).code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'))).toMatchObject({ rule: 'subtraction {1,2,3}', values: [0, 1, 2, 3] });
    expect((await runMain(['--moves', '1,2,3', '--max', '3', '--format', 'json', '--out', join(dir, 'forced.csv')])).code).toBe(0);
    expect(readFileSync(join(dir, 'forced.csv'), 'utf8')).toMatch(/^\{/);
  });
});

describe('a reader that goes away (| head -1)', () => {
  it('a 10^7-row CSV stops quietly when stdout closes after the first chunk', async () => {
    const child = spawn(process.execPath, [BIN, '--moves', '1,2,3', '--format', 'csv', '--max', '1e7'], { cwd: ROOT, env: cliEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let first = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').once('data', (chunk: string) => {
      first = chunk;
      child.stdout.destroy();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000); // a writer that ignores the closed pipe would run on
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done) => child.once('close', (c, s) => done([c, s])));
    clearTimeout(timer);
    expect(first.startsWith('n,grundy,outcome\r\n')).toBe(true);
    expect(withoutProgressLines(stderr)).toBe('');
    // Exit 0, or ended quietly by SIGPIPE: either way no error.
    expect(code === 0 || signal === 'SIGPIPE', `code ${code}, signal ${signal}`).toBe(true);
  });
});

describe('Ctrl-C', () => {
  /**
   * Start the binary, send SIGINT once `ready` says so (after 20 s in any case), and report how it
   * ended; one still running 50 s after its start is killed.
   */
  const interrupt = (args: string[], ready: (stderr: string) => boolean): Promise<CliRun> =>
    runCli(args, { until: ({ stderr }) => ready(stderr), untilMs: 20_000, timeoutMs: 50_000 });

  it('stops a long computation at once with exit 130', async () => {
    // {2..40000} needs about 10^5 values of 4 * 10^4 moves each before its proof: minutes of work.
    // (bash:m, the set {1..m}, is answered by Bachet's theorem at once.)
    // --progress shows when the computation (and so the signal handling) has started.
    const rule = join(scratch, 'wide-set.json');
    writeFileSync(rule, JSON.stringify({ moves: Array.from({ length: 39_999 }, (_, i) => i + 2) }));
    const result = await interrupt(['--rule', rule, '--at', '10^18', '--format', 'csv', '--progress'], (stderr) => stderr.includes('computing:'));
    expect(result.code, `signal ${result.signal}, stderr ${result.stderr}`).toBe(130);
    expect(result.secondsAfterSignal).toBeLessThan(HANG_GUARD_S);
    expect(result.stdout).toBe('');
    // Apart from the progress display (redrawn with \r and ANSI clears), one message says what stopped it.
    expect(stderrMessages(result.stderr)).toEqual([expect.stringMatching(/^sg-explore: stopped by SIGINT/)]);
  });

  it('while --out is being written leaves neither the file nor a temporary file', async () => {
    const dir = join(scratch, 'interrupted');
    mkdirSync(dir);
    const result = await interrupt(['--moves', '1,2,3', '--max', '1e8', '--format', 'csv', '--out', join(dir, 'big.csv')], () => readdirSync(dir).length > 0);
    expect(result.code, `signal ${result.signal}, stderr ${result.stderr}`).toBe(130);
    expect(result.stdout).toBe('');
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('presets', () => {
  it('--preset nim is all-but {}: G(n) = n', async () => {
    const json = JSON.parse(await ok(['--preset', 'nim', '--max', '12', '--format', 'json']));
    expect(json.rule).toBe('all-but {}');
    expect(json.name).toBe('nim');
    expect(json.pattern).toMatchObject({ kind: 'arithmetic-periodic', preperiod: 0, period: 1, saltus: 1, proven: true });
    expect(json.values).toEqual(Array.from({ length: 13 }, (_, n) => n));
  });

  it('--preset bash:4 is {1,2,3,4}: period 5', async () => {
    const json = JSON.parse(await ok(['--preset', 'bash:4', '--max', '14', '--format', 'json']));
    expect(json.rule).toBe('subtraction {1,2,3,4}');
    expect(json.pattern).toMatchObject({ kind: 'periodic', preperiod: 0, period: 5, proven: true });
    expect(json.values).toEqual(Array.from({ length: 15 }, (_, n) => n % 5));
  });

  it('--preset list names every preset, nim and bash:<m> first', async () => {
    const json = JSON.parse(await ok(['--preset', 'list', '--format', 'json'])) as { usage: string; description: string }[];
    expect(json.slice(0, 2).map((p) => p.usage)).toEqual(['nim', 'bash:<m>']);
    // One entry a preset, its description wrapped to fit 80 columns (continuation lines are indented).
    const text = (await ok(['--preset', 'list'])).trimEnd();
    for (const line of text.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(80);
    const entries = text.split(/\n(?=\S)/);
    expect(entries).toHaveLength(json.length);
    entries.forEach((entry, i) => {
      const { usage, description } = json[i]!;
      expect(entry.startsWith(`${usage} `), entry).toBe(true);
      expect(entry.slice(usage.length).replace(/\s+/g, ' ').trim()).toBe(description);
    });
  });
});

describe('--rule files', () => {
  it('YAML: rule, name and default max', async () => {
    const path = join(scratch, 'take.yaml');
    writeFileSync(path, 'name: take-1-3-4\ndescription: a subtraction game\nmax: 20\nmoves: [1, 3, 4]\n');
    const json = JSON.parse(await ok(['--rule', path, '--format', 'json']));
    expect(json).toMatchObject({ rule: 'subtraction {1,3,4}', name: 'take-1-3-4', description: 'a subtraction game', max: 20 });
    expect(json.values).toEqual(Array.from({ length: 21 }, (_, n) => CYCLE_134[n % 7]));
    // --max on the command line wins over the file's.
    const json2 = JSON.parse(await ok(['--rule', path, '--max', '3', '--format', 'json']));
    expect(json2.values).toEqual([0, 1, 0, 1]);
  });

  it('JSON: all-but', async () => {
    const path = join(scratch, 'allbut.json');
    writeFileSync(path, JSON.stringify({ 'all-but': [2], max: 11 }));
    const json = JSON.parse(await ok(['--rule', path, '--format', 'json']));
    expect(json.rule).toBe('all-but {2}');
    expect(json.values).toEqual([0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5]);
    expect(json.pattern).toMatchObject({ period: 4, saltus: 2, proven: true });
  });

  it('a bad value names file:line:col', async () => {
    const path = join(scratch, 'bad.yaml');
    writeFileSync(path, 'name: x\nmax: 10\nmoves: [1, 2.5]\n');
    const result = await runMain(['--rule', path]);
    expectBadInput(result, 'rule file with 2.5');
    expect(result.stderr).toContain(`${path}:3:`);
  });
});

describe('bad input: exit 2, one line on stderr, nothing on stdout', () => {
  const badRule = join(scratch, 'bad-rule.yaml');
  writeFileSync(badRule, 'moves: [1, 0]\n');
  const badYaml = join(scratch, 'bad-syntax.yaml');
  writeFileSync(badYaml, 'moves: [1, 2\nname: x\n');
  const unknownKey = join(scratch, 'unknown-key.json');
  writeFileSync(unknownKey, '{"moves": [1], "colour": "red"}');

  const cases: [string, string[], RegExp?][] = [
    ['--moves 0', ['--moves', '0'], /--moves/],
    ['--moves -1', ['--moves', '-1'], /--moves/],
    ['--moves=-1', ['--moves=-1'], /--moves/],
    ['--moves 1.5', ['--moves', '1.5'], /1\.5/],
    ["--moves ''", ['--moves', ''], /--moves/],
    ['--moves abc', ['--moves', 'abc'], /abc/],
    ['--moves 1,,2', ['--moves', '1,,2'], /--moves/],
    ['--all-but -2', ['--all-but=-2'], /--all-but/],
    ['--max abc', ['--moves', '1,2', '--max', 'abc'], /--max: 'abc'/],
    ['--max NaN', ['--moves', '1,2', '--max', 'NaN'], /--max: 'NaN'/],
    ['--max=-5', ['--moves', '1,2', '--max=-5'], /--max: '-5'/],
    ['--max 1.5', ['--moves', '1,2', '--max', '1.5'], /--max: '1\.5'/],
    ['--max given twice', ['--moves', '1,2', '--max', '3', '--max', '4'], /--max/],
    ['--limit 0', ['--moves', '1,2', '--limit', '0'], /--limit/],
    // {1, 1000000} needs 2,000,001 values for its proof; 10^15 + 1 values do not fit in memory.
    ['--max 1e15 with no proof within --limit 1000', ['--moves', '1,1000000', '--limit', '1000', '--max', '1e15'], /no period was proven within the first 1,000 values \(raise --limit\)/],
    ['--at abc', ['--moves', '1,2', '--at', 'abc'], /--at/],
    ['--format xml', ['--moves', '1,2', '--format', 'xml'], /xml|format/i],
    ['--preset nope', ['--preset', 'nope'], /nope/],
    ['--preset bash', ['--preset', 'bash'], /bash/],
    ['--preset bash:0', ['--preset', 'bash:0'], /bash/],
    ['--preset nim:3', ['--preset', 'nim:3'], /nim/],
    ['--unknown-flag', ['--moves', '1,2', '--unknown-flag'], /unknown/i],
    ['a positional argument', ['--moves', '1,2', 'extra'], /extra/],
    ['no rule at all', [], /no rule/],
    ['only options, no rule', ['--max', '10'], /no rule/],
    ['two rules', ['--moves', '1,2', '--all-but', '3'], /one rule/],
    ['--rule missing.yaml', ['--rule', join(scratch, 'missing.yaml')], /missing\.yaml/],
    ['--rule with an unknown extension', ['--rule', join(scratch, 'rule.txt')], /rule\.txt/],
    ['a rule file with a bad value', ['--rule', badRule], /bad-rule\.yaml:1:\d+:/],
    ['a rule file with bad YAML', ['--rule', badYaml], /bad-syntax\.yaml:2:\d+:/],
    ['a rule file with an unknown key', ['--rule', unknownKey], /unknown-key\.json:1:\d+: unknown key 'colour'/],
  ];

  it.each(cases)('%s', async (what, args, message) => {
    const result = await runMain(args);
    expectBadInput(result, what);
    if (message) expect(result.stderr).toMatch(message);
  });
});

describe('help and version', () => {
  it('--help prints usage on stdout and exits 0', async () => {
    const out = await ok(['--help']);
    expect(out).toContain('--moves');
    expect(out).toContain('--all-but');
    expect(out).toContain('--format');
  });
  it('--version prints the package version', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect((await ok(['--version'])).trim()).toBe(pkg.version);
  });
});
