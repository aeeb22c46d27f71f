/**
 * Issue 41, "nothing hangs, everything stops within a second": real signals
 * to the built CLI in the middle of long misère computations, of drawing a
 * report of a huge rule, and of duel's runs of a solution (a real shell
 * script, with a background child of its own). Bounds are generous (this
 * machine is small and shared): what they catch is seconds-long stalls.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, catchesStopSignals, cliEnv, runCli, HANG_GUARD_S } from '../helpers/cli.js';
import { scratchDirectories } from '../helpers/scratch.js';

const scratch = scratchDirectories('stops');
const SIGNAL_CODES: Record<string, number> = { SIGINT: 130, SIGTERM: 143 };
/** Seconds a run may take to end after a signal (the promise is one second). */
const AFTER_SIGNAL = HANG_GUARD_S;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Whether a process is running (a zombie no one has reaped yet is not: this machine's init reaps slowly). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0] !== 'Z';
  } catch {
    return false;
  }
}

function script(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\n${text}`);
  chmodSync(path, 0o755);
  return path;
}

/** The pids a solution script wrote to files named pid-* in `dir`. */
function pidsIn(dir: string): number[] {
  return readdirSync(dir)
    .filter((f) => f.startsWith('pid-'))
    .map((f) => Number(readFileSync(join(dir, f), 'utf8').trim()))
    .filter((p) => p > 0);
}

describe('misère computations obey signals', () => {
  // Each waits a few seconds into a computation that used to hold the thread for 10 s or more.
  it.concurrent.each([
    ['SIGTERM', ['--code', '0.15', '--quotient', '--max', '40']],
    ['SIGINT', ['--code', '0.15', '--misere', '--position', '38', '39', '40']],
    ['SIGTERM', ['--code', '0.07', '--genus', '--max', '60']],
  ] as const)('%s during %s', async (signal, args) => {
    const run = await runCli(args, { signal, until: () => false, untilMs: 2500, timeoutMs: 60_000 });
    expect(run.timedOut).toBe(false);
    if (run.secondsAfterSignal === null) return; // finished before the signal: nothing to stop (a fast machine)
    expect(run.secondsAfterSignal, run.stderr).toBeLessThan(AFTER_SIGNAL);
    expect(run.code, run.stderr).toBe(SIGNAL_CODES[signal]);
    expect(run.stderr).toContain(`stopped by ${signal}`);
    expect(run.stdout).toBe('');
  });

  it('SIGINT during a misère hint in play', async () => {
    const child = spawn(process.execPath, [BIN, 'play', '--code', '0.6', '--misere', '--position', '14', '15', '16'], { env: cliEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const ended = new Promise<{ code: number | null; at: number }>((done) => child.once('close', (code) => done({ code, at: performance.now() })));
    const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdin.write('hint\n');
    // The evaluation runs before the first prompt (play works out its start, which the hint then reuses),
    // or, where the start was quick, once the echo of the line is out.
    const spawned = performance.now();
    while (!catchesStopSignals(child.pid!) && child.exitCode === null && performance.now() - spawned < HANG_GUARD_S * 1000) await sleep(20);
    while (!/hint/.test(stdout) && child.exitCode === null && performance.now() - spawned < 3000) await sleep(20);
    await sleep(2000);
    const sent = performance.now();
    child.kill('SIGINT');
    const { code, at } = await ended;
    clearTimeout(guard);
    expect((at - sent) / 1000, stderr).toBeLessThan(AFTER_SIGNAL);
    expect(code, stderr).toBe(130);
    expect(stderr).toContain('stopped by SIGINT');
  });
});

describe('drawing a report of a huge rule obeys signals and leaves no partial file', () => {
  // A rule file whose name is 80,000 numbers: nothing to compute, everything to draw (a table, a PNG title).
  const dir = scratch.fresh('render');
  const rule = join(dir, 'huge-name.json');
  writeFileSync(rule, JSON.stringify({ name: Array.from({ length: 80_000 }, (_, i) => i).join(','), code: '0.77' }));

  it.each([
    ['SIGTERM', 'report.txt', []],
    // JSON wraps nothing: this one is the picture's title alone.
    ['SIGINT', 'report.json', ['--plot', 'picture.png']],
  ] as const)('%s while drawing %s %s', async (signal, out, extra) => {
    const where = scratch.fresh('draw');
    const run = await runCli(['--rule', rule, '--max', '100', '--out', out, ...extra], { cwd: where, signal, until: () => false, untilMs: 1500, timeoutMs: 120_000 });
    expect(run.timedOut).toBe(false);
    const files = readdirSync(where);
    if (run.secondsAfterSignal === null) {
      // Done before the signal (as it should be: drawing is linear): every file complete.
      expect(run.code, run.stderr).toBe(0);
      const text = readFileSync(join(where, out), 'utf8');
      if (out.endsWith('.json')) expect(() => JSON.parse(text)).not.toThrow();
      else expect(text).toContain('└');
      expect(files.sort()).toEqual([out, ...extra.slice(1)].sort());
      return;
    }
    expect(run.secondsAfterSignal, run.stderr).toBeLessThan(AFTER_SIGNAL);
    expect(run.code, run.stderr).toBe(SIGNAL_CODES[signal]);
    expect(files, 'no output file, whole or partial, and no temporary file').toEqual([]);
  });
});

describe('duel: a solution and everything it starts end with its case', () => {
  it('a solution that hangs (sh running sleep 1000) is stopped at --time-limit, its child too', async () => {
    const dir = scratch.fresh('hang');
    const hang = script(dir, 'hang.sh', 'echo $$ > pid-main\nsleep 1000 &\necho $! > pid-bg\nwait\n');
    const run = await runCli(['duel', '--solution', hang, '--preset', 'nim', '--cases', '1', '--seed', '1', '--time-limit', '2'], { cwd: dir, timeoutMs: 30_000 });
    expect(run.timedOut, 'duel hung').toBe(false);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain('no answer within 2 s');
    const pids = pidsIn(dir);
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(running(pid), `process ${pid} of the solution`).toBe(false);
  });

  it('a background child left by a passing solution is killed with its case (it never writes its marker)', async () => {
    const dir = scratch.fresh('background');
    // Detached from the pipes (so duel is not kept waiting on them): it would write its marker 2 s later.
    const solution = script(dir, 'bg.sh', '( sleep 2; touch marker ) >/dev/null 2>&1 </dev/null &\necho $! > pid-bg\ncat >/dev/null\necho Yes\n');
    const run = await runCli(['duel', '--solution', solution, '--preset', 'nim', '--cases', '1', '--seed', '1', '--time-limit', '20'], { cwd: dir, timeoutMs: 30_000 });
    expect(run.timedOut).toBe(false);
    const [pid] = pidsIn(dir);
    expect(pid).toBeGreaterThan(0);
    await sleep(3500);
    expect(existsSync(join(dir, 'marker')), 'the background child ran on after its case').toBe(false);
    expect(running(pid!)).toBe(false);
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('%s stops duel and the whole solution, one that ignores SIGTERM included', async (signal) => {
    const dir = scratch.fresh('stop');
    const stubborn = script(dir, 'stubborn.sh', "trap '' TERM INT\necho $$ > pid-main\nsleep 1000 &\necho $! > pid-bg\nwait\nwait\n");
    const run = await runCli(['duel', '--solution', stubborn, '--preset', 'nim', '--cases', '3', '--seed', '1', '--time-limit', '600'], {
      cwd: dir,
      signal,
      until: () => pidsIn(dir).length === 2,
      timeoutMs: 60_000,
    });
    expect(run.timedOut).toBe(false);
    expect(run.secondsAfterSignal, run.stderr).toBeLessThan(AFTER_SIGNAL);
    expect(run.code, run.stderr).toBe(SIGNAL_CODES[signal]);
    expect(run.stderr).toContain(`stopped by ${signal}`);
    await sleep(200);
    for (const pid of pidsIn(dir)) expect(running(pid), `process ${pid} of the solution`).toBe(false);
  });

  it('a flood of output is capped, and what is shown is escaped', async () => {
    const dir = scratch.fresh('flood');
    const flood = script(dir, 'flood.sh', 'yes "$(printf \'\\033]0;pwned\\007\\033[2J\')"\n');
    const run = await runCli(['duel', '--solution', flood, '--preset', 'nim', '--cases', '1', '--seed', '1'], { cwd: dir, timeoutMs: 60_000 });
    expect(run.timedOut).toBe(false);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/printed more than [\d,]+ bytes/);
    expect(run.stdout.length).toBeLessThan(64 << 10);
    expect(run.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
    expect(run.stdout).toContain('\\x1b]0;pwned\\x07');
    expect(run.stdout).toMatch(/more lines\)/);
  });

  it('binary garbage from a solution (and on its stderr) is shown escaped, never raw', async () => {
    const dir = scratch.fresh('garbage');
    const garbage = script(dir, 'garbage.sh', "cat >/dev/null\nprintf '\\033[2J\\033]52;c;AAAA\\007\\000\\001\\377\\r\\n'\nprintf '\\033[31merr\\007\\n' >&2\nexit 3\n");
    const run = await runCli(['duel', '--solution', garbage, '--preset', 'nim', '--cases', '1', '--seed', '1'], { cwd: dir, timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain('exited with code 3');
    expect(run.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(run.stdout).toContain('\\x1b[2J\\x1b]52;c;AAAA\\x07\\x00\\x01');
    expect(run.stdout).toContain('\\x1b[31merr\\x07');
  });
});
