/**
 * Issue 41, rule files and input text: numbers in rule files are exact (or
 * refused in the flag's words), nesting has a limit of its own, standard
 * input is read as UTF-8 (also across reads), and what a file holds is quoted
 * as a short escaped excerpt. Each attack runs the built binary for real.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cliEnv, expectBadInput, runCli, type CliRun, HANG_GUARD_S } from '../helpers/cli.js';
import { withoutProgressLines } from '../helpers/progress-lines.js';
import { scratchDirectories } from '../helpers/scratch.js';

const scratch = scratchDirectories('input-words');

/** A file of `content` in a fresh scratch folder. */
function file(name: string, content: string | Uint8Array): string {
  const path = join(scratch.fresh('f'), name);
  writeFileSync(path, content);
  return path;
}

/** The report's max as JSON writes it (digits, exact). */
async function reportedMax(args: string[]): Promise<string> {
  const run = await runCli([...args, '--format', 'json'], { timeoutMs: 20_000 });
  expect(run.code, run.stderr).toBe(0);
  return /"max": (\d+)/.exec(run.stdout)![1]!;
}

/** What an error says after its subject (`--max: ` or `game.yaml:1:6: max: `). */
const reason = (line: string): string => line.replace(/^sg-explore: .*?max: /, '');

/** The binary with `chunks` written to its standard input one at a time, a pause between them (so each is its own read). */
function withStdin(args: string[], chunks: Uint8Array[]): Promise<CliRun> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: cliEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.stdin.on('error', () => {});
    const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const send = (i: number): void => {
      if (i === chunks.length) return void child.stdin.end();
      child.stdin.write(chunks[i]!, () => setTimeout(() => send(i + 1), 150));
    };
    send(0);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(guard);
      done({ code, signal, stdout, stderr: withoutProgressLines(stderr), timedOut: signal === 'SIGKILL', seconds: 0, secondsAfterSignal: null });
    });
  });
}

describe('integers in rule files are exact, as the flags take them', () => {
  const big = '12345678901234567891';

  it('a 20-digit max in YAML and in JSON is the max the flag gives', async () => {
    const flag = await reportedMax(['--moves', '1,2', '--max', big]);
    expect(flag).toBe(big);
    expect(await reportedMax(['--rule', file('g.yaml', `max: ${big}\nmoves: [1, 2]\n`)])).toBe(big);
    expect(await reportedMax(['--rule', file('g.json', `{"max": ${big}, "moves": [1, 2]}`)])).toBe(big);
  });

  it('a negative 20-digit max is refused in the words of the flag', async () => {
    const flag = expectBadInput(await runCli(['--moves', '1', '--max', `-${big}`]), 'flag');
    const yaml = expectBadInput(await runCli(['--rule', file('g.yaml', `max: -${big}\nmoves: [1]\n`)]), 'yaml');
    expect(reason(yaml)).toBe(reason(flag));
    expect(yaml).toContain(`-${big}`);
  });

  it('a move written as a float that rounds to a whole number is refused, as --moves refuses it', async () => {
    const written = '2.0000000000000001';
    expectBadInput(await runCli(['--moves', `1,${written}`]), 'flag', { pattern: /not a whole number/ });
    expectBadInput(await runCli(['--rule', file('g.yaml', `moves: [1, ${written}]\n`)]), 'yaml', { pattern: new RegExp(written.replace('.', '\\.')) });
    // Floats that are whole numbers are as good as on the flag (3.0, 1e3).
    const run = await runCli(['--rule', file('g.yaml', 'moves: [3.0, 1e3]\nmax: 10\n'), '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('subtraction {3,1000}');
  });

  it('a 20-digit vector component is named as written', async () => {
    const yaml = expectBadInput(await runCli(['--rule', file('g.yaml', `vectors: [[${big}, 0], [0, 1]]\nmax: 5\n`)]), 'yaml');
    expect(yaml).toContain(`'${big}'`);
  });
});

describe('huge sizes in rule files: the answer the flag gives', () => {
  for (const [name, written] of [
    ['401 digits in JSON', '9'.repeat(401)],
    ['400 digits in JSON', '9'.repeat(400)],
    ['1e309 in JSON', '1e309'],
  ] as const) {
    it(name, async () => {
      const flag = await reportedMax(['--moves', '1', '--max', written]);
      expect(await reportedMax(['--rule', file('g.json', `{"max": ${written}, "moves": [1]}`)])).toBe(flag);
    });
  }

  it('1e309 in YAML', async () => {
    const flag = await reportedMax(['--moves', '1', '--max', '1e309']);
    expect(await reportedMax(['--rule', file('g.yaml', 'max: 1e309\nmoves: [1]\n')])).toBe(flag);
  });

  it('4,098 digits (past 10^4096) in JSON: refused in the flag words', async () => {
    const written = '9'.repeat(4098);
    const flag = expectBadInput(await runCli(['--moves', '1', '--max', written]), 'flag');
    const json = expectBadInput(await runCli(['--rule', file('g.json', `{"max": ${written}, "moves": [1]}`)]), 'json');
    expect(reason(json)).toBe(reason(flag));
  });
});

describe('deep nesting in a rule file has a limit and a message of its own', () => {
  const nested = /nested more than \d+ levels deep/;
  for (const [name, content] of [
    ['100,000 [ in YAML', 'moves: ' + '['.repeat(100_000)],
    ['100,000 { in YAML', 'moves: ' + '{a: '.repeat(100_000)],
    ['100,000 block sequences on one line in YAML', 'moves:\n' + '- '.repeat(100_000) + '1\n'],
  ] as const) {
    it(name, async () => {
      const run = await runCli(['--rule', file('g.yaml', content)], { timeoutMs: 20_000 });
      expectBadInput(run, name, { pattern: nested });
      expect(run.seconds).toBeLessThan(HANG_GUARD_S);
    });
  }

  it('100,000 { in JSON', async () => {
    expectBadInput(await runCli(['--rule', file('g.json', '{"moves": ' + '{"a": '.repeat(100_000))], { timeoutMs: 20_000 }), 'json', { pattern: nested });
  });
});

describe('standard input is UTF-8, quoted as written', () => {
  const three = Buffer.from('٣'); // ARABIC-INDIC DIGIT THREE, two bytes

  it('a Unicode digit cut across two reads is quoted whole', async () => {
    const run = await withStdin(['--preset', 'nim', '--position', '-'], [Buffer.concat([Buffer.from('1 2 '), three.subarray(0, 1)]), Buffer.concat([three.subarray(1), Buffer.from('\n')])]);
    expectBadInput(run, 'stdin', { pattern: /'٣' is not a whole number/ });
  });

  it('in a judge layout too (--input counted --answer move)', async () => {
    const run = await withStdin(['--preset', 'nim', '--position', '-', '--input', 'counted', '--answer', 'move'], [Buffer.from('3\n3 6 ٣\n')]);
    expectBadInput(run, 'counted', { pattern: /'٣' is not a whole number/ });
  });

  it('a byte that is not UTF-8 is shown as its escape', async () => {
    const run = await withStdin(['--preset', 'nim', '--position', '-'], [Buffer.from([0x31, 0x20, 0xff, 0x33, 0x0a])]);
    expectBadInput(run, 'stdin', { pattern: /'\\xff3' is not a whole number/ });
  });

  it('a direction mark (U+202E) is shown as its escape, not obeyed', async () => {
    const run = await withStdin(['--preset', 'nim', '--position', '-'], [Buffer.from('1 \u202e23\n')]);
    expectBadInput(run, 'stdin', { pattern: /'\\u202e23' is not a whole number/ });
  });
});

describe("a file's content is quoted as a short escaped excerpt", () => {
  /** 970 bytes of noise, the same every run, with no newline: one line. */
  const noise = (): Uint8Array => {
    let seed = 41;
    return Uint8Array.from({ length: 970 }, () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const byte = seed >>> 24;
      return byte === 10 ? 0 : byte;
    });
  };

  it('a binary --rules file', async () => {
    const line = expectBadInput(await runCli(['sweep', '--rules', file('rules.txt', noise())]), 'binary');
    expect(line.length).toBeLessThan(400);
    expect(line).toMatch(/…' \(\d[\d,]* characters\)/);
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\ufffd]/);
  });

  it('a --rules line of 5,000 letters', async () => {
    const line = expectBadInput(await runCli(['sweep', '--rules', file('rules.txt', 'x'.repeat(5000) + '\n')]), 'long word');
    expect(line.length).toBeLessThan(300);
    expect(line).toContain('(5,000 characters)');
  });

  it('a JSON rule file with a byte that is not UTF-8 where a value should be', async () => {
    const line = expectBadInput(await runCli(['--rule', file('g.json', Buffer.from([0x7b, 0x22, 0x6d, 0x6f, 0x76, 0x65, 0x73, 0x22, 0x3a, 0x20, 0xfe, 0x7d]))]), 'json');
    expect(line).toContain("'\\xfe'");
  });
});
