/**
 * Positions in bounded memory and bounded work: standard input streamed
 * (under a 64 MB heap, with input far larger), a million-heap Kayles
 * position in seconds, winning moves counted by a proven period (against a
 * scan of every option), misère searches refused up front, prompt signals
 * on every long path, and the WebAssembly kernel under an address-space
 * limit.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, catchesStopSignals, cliEnv, expectBadInput, runCli, HANG_GUARD_S } from '../helpers/cli.js';
import { scratchDirectories } from '../helpers/scratch.js';
import { int, mulberry32 } from '../helpers/random.js';
import { explore } from '../../src/core/analyse.js';
import { misereTable } from '../../src/core/positions/misere-table.js';
import { referenceOptions, referenceValues } from '../oracles/reference.js';
import { parseCode } from '../../src/core/rules/code.js';
import type { Rule } from '../../src/core/kinds/registry.js';
import { movesOf } from '../helpers/rules.js';
import { longTest } from '../helpers/long.js';

const scratch = scratchDirectories('positions-bounded');

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  seconds: number;
  secondsAfterSignal: number | null;
  timedOut: boolean;
}

/** The built program with `nodeArgs` before it and `stdinFile` (or text) as its standard input; `until` sends `signal`. */
function run(args: string[], options: { nodeArgs?: string[]; stdinFile?: string; stdinText?: string; keepStdinOpen?: boolean; until?: (stderr: string, stdout: string) => boolean; untilMs?: number; signal?: NodeJS.Signals } = {}): Promise<Run> {
  return new Promise((done, reject) => {
    const started = performance.now();
    const input = options.stdinFile ? openSync(options.stdinFile, 'r') : 'pipe';
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), BIN, ...args], { env: cliEnv(), stdio: [input, 'pipe', 'pipe'] });
    if (typeof input === 'number') closeSync(input);
    else if (options.keepStdinOpen) child.stdin!.write(options.stdinText ?? '');
    else child.stdin!.end(options.stdinText ?? '');
    let stdout = '';
    let stderr = '';
    let sent: number | null = null;
    const check = () => {
      if (sent === null && options.until?.(stderr, stdout)) {
        sent = performance.now();
        child.kill(options.signal ?? 'SIGINT');
      }
    };
    // untilMs counts from when the program catches its stop signals (a slow start would die of the signal instead).
    const untilMs = options.untilMs;
    if (untilMs !== undefined) {
      const ready = setInterval(() => {
        if (sent !== null) return clearInterval(ready);
        if (!catchesStopSignals(child.pid!) && performance.now() - started < HANG_GUARD_S * 1000) return;
        clearInterval(ready);
        setTimeout(() => sent === null && ((sent = performance.now()), child.kill(options.signal ?? 'SIGINT')), untilMs);
      }, 10);
      child.once('close', () => clearInterval(ready));
    }
    child.stdout!.setEncoding('utf8').on('data', (c: string) => ((stdout += c), check()));
    child.stderr!.setEncoding('utf8').on('data', (c: string) => ((stderr += c), check()));
    let timedOut = false;
    const guard = setTimeout(() => ((timedOut = true), child.kill('SIGKILL')), 60_000);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(guard);
      const ended = performance.now();
      done({ code, signal, stdout, stderr, seconds: (ended - started) / 1000, secondsAfterSignal: sent === null ? null : (ended - sent) / 1000, timedOut });
    });
  });
}

/** Write `count` heaps made by `heap(i)` to a file, one a line, a megabyte at a time. */
function heapFile(name: string, count: number, heap: (i: number) => number): string {
  const path = join(scratch.fresh(name), 'heaps.txt');
  const fd = openSync(path, 'w');
  let text = '';
  for (let i = 0; i < count; i++) {
    text += heap(i) + '\n';
    if (text.length > 1 << 20) (writeSync(fd, text), (text = ''));
  }
  writeSync(fd, text);
  closeSync(fd);
  return path;
}

const field = (table: string, label: string) => new RegExp(`^${label} +(.*)$`, 'm').exec(table)?.[1];

describe('standard input is streamed: positions far larger than the heap', () => {
  // 20 MB through a pipe and a count of moves over 2 million heaps: 17 s of a loaded npm test.
  longTest('2 million Nim heaps (20 MB of text) under --max-old-space-size=64: nim-sum, outcome, first winning move and their count [long]', async () => {
    const random = mulberry32(2021);
    const heaps = Array.from({ length: 2_000_000 }, () => int(random, 0, 2 ** 30 - 1));
    const path = heapFile('nim', heaps.length, (i) => heaps[i]!);
    const result = await run(['--preset', 'nim', '--position', '-'], { nodeArgs: ['--max-old-space-size=64'], stdinFile: path });
    expect(result.code, result.stderr).toBe(0);
    const sum = heaps.reduce((a, h) => a ^ h, 0);
    expect(field(result.stdout, 'Nim-sum')).toBe(String(sum));
    expect(sum).not.toBe(0);
    // The first heap with h xor s < h, and how many there are (one winning move each in Nim).
    const first = heaps.findIndex((h) => (h ^ sum) < h);
    const count = heaps.filter((h) => (h ^ sum) < h).length;
    expect(field(result.stdout, 'Winning moves')).toBe(`${count.toLocaleString('en-US')} (the first 50 shown)`);
    expect(result.stdout).toContain(`take ${heaps[first]! - (heaps[first]! ^ sum)} from heap ${first + 1} (${heaps[first]} → ${heaps[first]! ^ sum})`);
    expect(result.stdout).toMatch(/…\s+\(2,000,000\s+in\s+all\)\n/);
  }, 60_000);

  it('JSON of a position read from standard input lists every component, 10,000 winning moves and their count', async () => {
    const heaps = Array.from({ length: 30_000 }, (_, i) => (i * 7919) % 100_003);
    const path = heapFile('json', heaps.length, (i) => heaps[i]!);
    const result = await run(['--preset', 'nim', '--position', '-', '--format', 'json'], { nodeArgs: ['--max-old-space-size=64'], stdinFile: path });
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.position).toEqual(heaps);
    expect(report.components.map((c: { grundy: number }) => c.grundy)).toEqual(heaps);
    const sum = heaps.reduce((a, h) => a ^ h, 0);
    expect(report.nimSum).toBe(sum);
    const winning = heaps.flatMap((h, i) => ((h ^ sum) < h ? [{ component: i + 1, from: h, to: (h ^ sum) === 0 ? [] : [h ^ sum], take: h - (h ^ sum) }] : []));
    expect(winning.length).toBeGreaterThan(10_000);
    expect(report.winningMoveCount).toBe(winning.length);
    expect(report.winningMoves).toEqual(winning.slice(0, 10_000));
  }, 30_000);

  it('a token too long, or no heap at all, is one line', async () => {
    // Past 10^4096 by parseCount, and past any size's length while it is streamed: the same words, and the whole length.
    expectBadInput(await run(['--preset', 'nim', '--position', '-'], { stdinText: '3 ' + '9'.repeat(5000) + ' 4' }), 'long number', { pattern: /'9{40}…' \(5,000 characters\) is larger than 10\^4096/ });
    expectBadInput(await run(['--preset', 'nim', '--position', '-'], { stdinText: '3 ' + '9'.repeat(200_000) + ' 4' }), 'longer token', { pattern: /'9{40}…' \(200,000 characters\) is larger than 10\^4096/ });
    expectBadInput(await run(['--preset', 'nim', '--position', '-'], { stdinText: '3 ' + 'x'.repeat(200_000) }), 'long word', { pattern: /'x{40}…' \(200,000 characters\) is not a size/ });
    expectBadInput(await run(['--preset', 'nim', '--position', '-'], { stdinText: ' \n ' }), 'empty', { pattern: /no heap sizes on standard input/ });
  });
});

describe('a million Kayles heaps near 10^6', () => {
  longTest('nim-sum, outcome and first winning move in seconds; the moves are counted by the period [long]', async () => {
    const rule: Rule = { kind: 'take-and-break', code: parseCode('0.77') };
    // Kayles: G(n) for n <= 300 by brute force, periodic with period 12 from 71 on (Guy and Smith).
    const small = referenceValues(rule, 301);
    const g = (n: number) => (n <= 300 ? small[n]! : small[71 + ((n - 71) % 12)]!);
    const random = mulberry32(10 ** 6);
    const heaps = Array.from({ length: 1_000_000 }, () => int(random, 900_000, 1_000_000));
    const path = heapFile('kayles', heaps.length, (i) => heaps[i]!);
    const result = await run(['--preset', 'kayles', '--position', '-'], { stdinFile: path });
    expect(result.code, result.stderr).toBe(0);
    expect(result.seconds).toBeLessThan(45); // about 2 s on a quiet machine (one heap at a time took 160 ms a heap: 44 hours)
    const sum = heaps.reduce((a, h) => a ^ g(h), 0);
    expect(field(result.stdout, 'Nim-sum')).toBe(String(sum));
    expect(sum).not.toBe(0);
    expect(field(result.stdout, 'Outcome')).toMatch(/^the first player \(to move\) wins/);
    // The first move listed: from the first heap that has one, to parts whose values xor to what the nim-sum asks.
    const move = /^ {2}take (\d+) from heap (\d+)(?:, leaving (\d+) \+ (\d+))? \((\d+) → /m.exec(result.stdout)!;
    const [take, component, a, b, from] = [1, 2, 3, 4, 5].map((i) => (move[i] === undefined ? null : Number(move[i])));
    expect(from).toBe(heaps[component! - 1]);
    const parts = a === null ? [from! - take!] : [a, b!];
    expect(parts.reduce((x, h) => x + h, 0) + take!).toBe(from);
    expect(parts.reduce((x, h) => x ^ g(h), 0)).toBe(g(from!) ^ sum);
    // No earlier heap has a winning move: none of its options (take 1 or 2, leaving one heap or two) reaches the value asked for.
    const reaches = (h: number, t: number) => {
      for (let take = 1; take <= 2; take++) for (let x = 0; 2 * x <= h - take; x++) if ((g(x) ^ g(h - take - x)) === t) return true;
      return false;
    };
    for (let i = 0; i < component! - 1; i++) expect(reaches(heaps[i]!, g(heaps[i]!) ^ sum), `heap ${i + 1}`).toBe(false);
    const moves = Number(field(result.stdout, 'Winning moves')!.replace(/ .*/, '').replace(/,/g, ''));
    expect(moves).toBeGreaterThan(10_000);
  }, 60_000);

  it('counts and first options by period equal a scan of every option (Kayles, Dawson, 0.137, 4.7, 0.6!, random codes)', () => {
    const random = mulberry32(137);
    const codes = ['0.77', '0.07', '0.137', '4.7', '0.6!7', '0.144', '0.4'];
    for (let t = 0; t < 12; t++) codes.push(`0.${Array.from({ length: int(random, 1, 3) }, () => int(random, 0, 7)).join('')}7`);
    for (const text of codes) {
      const rule: Rule = { kind: 'take-and-break', code: parseCode(text) };
      const x = explore({ game: { rule }, max: 1500n });
      const g = referenceValues(rule, 1501);
      for (let k = 0; k < 4; k++) {
        const n = int(random, 0, 1500);
        const options = referenceOptions(rule, n);
        const targets = [...new Set(options.map((o) => o.reduce((a, h) => a ^ g[h]!, 0)))];
        for (const target of [...targets, 1000]) {
          const found = movesOf(rule).withValue(x, BigInt(n), BigInt(target), 5, Infinity);
          if ('notListed' in found) throw new Error(`${text} ${n}: ${found.notListed}`);
          const all = options
            .filter((o) => o.reduce((a, h) => a ^ g[h]!, 0) === target)
            .map((o) => ({ take: BigInt(n - o.reduce((a, b) => a + b, 0)), to: [...o].sort((a, b) => a - b).map(BigInt) }))
            .sort((a, b) => (a.take < b.take ? -1 : a.take > b.take ? 1 : 0) || compare(a.to, b.to));
          expect(found.count, `${text} heap ${n} value ${target}`).toBe(BigInt(all.length));
          expect(found.options, `${text} heap ${n} value ${target}`).toEqual(all.slice(0, 5));
        }
      }
    }
  });
});

function compare(a: readonly bigint[], b: readonly bigint[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return a.length - b.length;
}

describe('exhaustive misère searches estimate their size and refuse at once', () => {
  it('Kayles 10000 (beyond the quotient and the tame rule): one line within a few seconds, with the estimate', async () => {
    for (const position of [['10000'], ['100', '100']]) {
      const result = await runCli(['--preset', 'kayles', '--misere', '--position', ...position], { timeoutMs: 30_000 });
      expectBadInput(result, position.join(' '), { pattern: /may reach (more than 10\^300|up to about [\d.]+e\d+) positions, more than the 2,000,000/ });
      expect(result.seconds).toBeLessThan(HANG_GUARD_S);
    }
    const table = await runCli(['--preset', 'kayles', '--misere', '--max', '200'], { timeoutMs: 30_000 });
    expectBadInput(table, 'misère table', { pattern: /a heap of 200 .* may reach up to [\d,]+ positions/ });
    expect(table.seconds).toBeLessThan(HANG_GUARD_S);
  });

  it('a search under the cap still answers (misère Kayles 5 6 7 against the one-heap table)', async () => {
    const result = await runCli(['--preset', 'kayles', '--misere', '--position', '5', '6', '7', '--format', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(['N', 'P']).toContain(report.outcome);
    // Each winning move leads to a position the same search calls P.
    for (const move of report.winningMoves.slice(0, 3)) {
      const after = [5, 6, 7].flatMap((h, i) => (i === move.component - 1 ? move.to : [h]));
      const next = await runCli(['--preset', 'kayles', '--misere', '--position', ...after.map(String), '--format', 'json']);
      expect(JSON.parse(next.stdout).outcome).toBe('P');
    }
  });
});

describe('misère tables of all-but sets cost a few steps a heap', () => {
  it('40 random all-but sets: outcomes equal the definition (every option looked at), up to 300', () => {
    const random = mulberry32(4040);
    for (let t = 0; t < 40; t++) {
      const excluded = [...new Set(Array.from({ length: int(random, 0, 5) }, () => int(random, 1, 12)))].sort((a, b) => a - b);
      const outcomes: number[] = [];
      for (let n = 0; n <= 300; n++) {
        const options = Array.from({ length: n }, (_, i) => n - 1 - i).filter((m) => !excluded.includes(n - m));
        outcomes.push(options.length === 0 || options.some((m) => outcomes[m] === 0) ? 1 : 0);
      }
      expect([...misereTable(movesOf({ kind: 'all-but', excluded }), 300).outcomes], `all-but ${excluded}`).toEqual(outcomes);
    }
  });

  it('--preset nim --misere --max 1e6 in seconds (the one P-position is 1)', async () => {
    const result = await runCli(['--preset', 'nim', '--misere', '--max', '1e6', '--format', 'json']);
    expect(result.code, result.stderr).toBe(0);
    // A hang guard (under a second on a quiet machine): the outcomes come from the rule, not from a search of each heap.
    expect(result.seconds).toBeLessThan(HANG_GUARD_S);
    const report = JSON.parse(result.stdout);
    expect(report.outcomes).toBe('NP' + 'N'.repeat(999_999));
    expect(report.pPositions).toMatchObject({ kind: 'residues', residues: [], extra: [1] });
  });
});

describe('long paths show progress and obey signals within a second', () => {
  it('--preset wythoff --position 9999:9999 0:1 (a sum: its table of values): progress, and SIGTERM ends it', async () => {
    const result = await runCli(['--preset', 'wythoff', '--position', '9999:9999', '0:1', '--progress'], { until: ({ stderr }) => /computing: [\d,]+ cells of at most 100,000,000/.test(stderr), signal: 'SIGTERM', timeoutMs: 30_000 });
    expect(result.code).toBe(143);
    expect(result.secondsAfterSignal).toBeLessThan(HANG_GUARD_S);
    expect(result.stderr).toContain('stopped by SIGTERM');
  });

  it('a hint in play for 9999:9999 of a two-pile game with no theorem (a table of 10^8 cells): progress, and SIGHUP ends it', async () => {
    const result = await run(['play', '--vectors', '(1,0) (0,1) (1,1)x2', '--position', '9999:9999', '--progress'], { stdinText: 'hint\n', until: (stderr) => /computing: [\d,]+ cells/.test(stderr), signal: 'SIGHUP' });
    expect(result.code).toBe(129);
    expect(result.secondsAfterSignal).toBeLessThan(HANG_GUARD_S);
  });

  it('a pipe that sends a few heaps and then nothing: SIGTERM is obeyed while it waits', async () => {
    // Two seconds after its stop handlers are in place, so that it is waiting on the pipe.
    const result = await run(['--preset', 'nim', '--position', '-'], { stdinText: '3 6 ', keepStdinOpen: true, untilMs: 2000, signal: 'SIGTERM' });
    expect(result.code).toBe(143);
    expect(result.secondsAfterSignal).toBeLessThan(HANG_GUARD_S);
    expect(result.stderr).toContain('stopped by SIGTERM');
  });

  it('reading a million Kayles heaps from standard input: SIGINT while it works', async () => {
    const path = heapFile('kayles-signal', 1_000_000, (i) => 900_000 + ((i * 7919) % 100_000));
    const result = await run(['--preset', 'kayles', '--position', '-', '--progress'], { stdinFile: path, until: (stderr) => /computing: [\d,]+ heaps/.test(stderr) });
    expect(result.code).toBe(130);
    expect(result.secondsAfterSignal).toBeLessThan(HANG_GUARD_S);
    expect(result.stdout).toBe('');
  }, 30_000);
});

describe('the WebAssembly kernel and worker threads under a limit on the address space', () => {
  const limited = (args: string, kib = 2_000_000) =>
    new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((done) => {
      const child = spawn('sh', ['-c', `ulimit -v ${kib} && exec "${process.execPath}" "${BIN}" ${args}`], { env: cliEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
      child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
      child.once('close', (code, signal) => done({ code, signal, stdout, stderr }));
    });

  it('ulimit -v 2000000: --preset kayles --at 5 and --code 0.156 fall back to TypeScript', async () => {
    const kayles = await limited('--preset kayles --at 5 --format csv');
    expect(kayles.code, kayles.stderr).toBe(0);
    expect(kayles.stdout).toBe('n,grundy,outcome\r\n5,4,N\r\n');
    const code = await limited('--code 0.156 --max 3000 --format csv');
    expect(code.code, code.stderr).toBe(0);
    const expected = referenceValues({ kind: 'take-and-break', code: parseCode('0.156') }, 3001);
    expect(code.stdout.trim().split('\r\n').slice(1).map((line) => Number(line.split(',')[1]))).toEqual([...expected]);
  });

  it('a sweep starts only the worker threads the limit has room for, and refuses in one line when it has room for none', async () => {
    // Two threads asked for: V8 would end the process (Fatal process OOM ... CodeRange) starting the second.
    const sweep = await limited('sweep --family subtraction --size 2 --max-move 6 --threads 2 --format csv');
    expect(sweep.code, sweep.stderr).toBe(0);
    expect(sweep.stdout.trim().split('\r\n')).toHaveLength(1 + 15);
    const none = await limited('sweep --family subtraction --size 2 --max-move 6 --format csv', 1_500_000);
    expect(none.signal).toBeNull();
    expect(none.code).toBe(1);
    expect(none.stderr.trim()).toMatch(/^sg-explore: the sweep worker thread could not be started: the address-space limit \(ulimit -v, \d+ MiB\) leaves no room for one/);
    expect(none.stderr.trim().split('\n')).toHaveLength(1);
  });
});
