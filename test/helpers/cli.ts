import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect as globalExpect, type ExpectStatic } from 'vitest';
import { withoutProgressLines } from './progress-lines.js';

/**
 * The built binary, run as a user runs it (test/setup/build.ts compiles it
 * first). stdout and stderr are pipes, so nothing is coloured.
 */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The program as installed: the bundle package.json's bin names. */
/**
 * How many seconds a test gives the program before calling it hung. Its promises (a signal obeyed within a
 * second, a refusal before any work) hold on a quiet machine; tests run beside other work, so they check that the
 * thing happens at all, with a wide margin, and leave the seconds themselves to `npm run bench`.
 */
export const HANG_GUARD_S = 10;

export const BIN = join(ROOT, 'dist/sg-explore.cjs');

/** How one run of the binary ended, and what it wrote. */
export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  /** What it wrote on stderr, less the lines that say it is still working (helpers/progress-lines.ts): they come only when it runs over 10 s. */
  stderr: string;
  /** Killed with SIGKILL because it outlived `timeoutMs`. */
  timedOut: boolean;
  /** Seconds from the start to the end. */
  seconds: number;
  /** Seconds from sending `signal` (see `until`) to the end; null when no signal was sent. */
  secondsAfterSignal: number | null;
}

export interface CliOptions {
  /** The working directory (default: the repository root). */
  cwd?: string;
  /** Variables added to the environment (SG_EXPLORE_DEBUG is removed all the same). */
  env?: NodeJS.ProcessEnv;
  /** Kill with SIGKILL (and say `timedOut`) when still running this long after the start. */
  timeoutMs?: number;
  /** Send `signal` once this holds (checked at once, then every 10 ms, on the output so far). */
  until?: (progress: { stdout: string; stderr: string }) => boolean;
  /** What to send once `until` holds (default SIGINT). */
  signal?: NodeJS.Signals;
  /**
   * With `until`: stop waiting for it after this long and send `signal` anyway. The time counts from when the program
   * catches its stop signals (a loaded machine can take seconds to start it; a signal before that kills it outright).
   */
  untilMs?: number;
}

/**
 * Whether process `pid` has its stop handlers in place: SIGHUP and SIGINT among the signals it catches (Linux's
 * /proc/PID/status; Node itself catches neither). Where that cannot be read, it is taken as ready.
 */
export function catchesStopSignals(pid: number): boolean {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return true;
  }
  const caught = /^SigCgt:\s*([0-9a-f]+)$/m.exec(status);
  return caught === null || (BigInt(`0x${caught[1]}`) & 3n) === 3n;
}

/** The environment of a run: no colours, no debug output, plus `extra`. */
export function cliEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const copy: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', ...extra };
  delete copy.SG_EXPLORE_DEBUG;
  return copy;
}

/** Run the built binary with `args` and collect how it ended. */
export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  const { cwd = ROOT, env, timeoutMs, until, signal = 'SIGINT', untilMs } = options;
  return new Promise((done, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let sent: number | null = null;
    let failure: { error: unknown } | undefined;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));

    const guard =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            child.kill('SIGKILL');
          }, timeoutMs);

    let poll: NodeJS.Timeout | undefined;
    // When the program was first seen catching its stop signals (or HANG_GUARD_S after the start, if it never does).
    let catching: number | null = null;
    const waited = (): boolean => {
      if (untilMs === undefined) return false;
      const now = performance.now();
      if (catching === null && (now - started >= HANG_GUARD_S * 1000 || catchesStopSignals(child.pid!))) catching = now;
      return catching !== null && now - catching >= untilMs;
    };
    const check = (): void => {
      if (sent !== null) return;
      let ready: boolean;
      try {
        ready = until!({ stdout, stderr }) || waited();
      } catch (error) {
        failure = { error };
        clearInterval(poll);
        child.kill('SIGKILL');
        return;
      }
      if (!ready) return;
      clearInterval(poll);
      sent = performance.now();
      child.kill(signal);
    };
    if (until) {
      poll = setInterval(check, 10);
      check();
    }

    const finish = (): void => {
      clearInterval(poll);
      clearTimeout(guard);
    };
    child.once('error', (error) => {
      finish();
      reject(error);
    });
    child.once('close', (code, endSignal) => {
      finish();
      if (failure) return reject(failure.error);
      const ended = performance.now();
      done({
        code,
        signal: endSignal,
        stdout,
        stderr: withoutProgressLines(stderr),
        timedOut,
        seconds: (ended - started) / 1000,
        secondsAfterSignal: sent === null ? null : (ended - sent) / 1000,
      });
    });
  });
}

/** A stack frame: `at fn (file:1:2)` or `at file:1:2`. */
const STACK_FRAME = /(^|\n)\s+at [^\n]*:\d+:\d+/;

/**
 * The output contract for bad input: no hang, exit 2, one 'sg-explore:' line
 * on stderr (no stack, no internal error), nothing on stdout; and, when given,
 * stderr matches `pattern`. Returns the line (trimmed). In concurrent tests
 * pass the test's own `expect`.
 */
export function expectBadInput(run: Pick<CliRun, "code" | "stdout" | "stderr" | "timedOut">, what: string, options: { pattern?: RegExp; expect?: ExpectStatic } = {}): string {
  const expect = options.expect ?? globalExpect;
  expect(run.timedOut, `${what}: hung (killed after its timeout)`).toBe(false);
  expect(run.code, `${what}: exit code (stderr: ${run.stderr})`).toBe(2);
  expect(run.stdout, `${what}: stdout`).toBe('');
  expect(run.stderr, `${what}: stderr is one line`).toMatch(/^sg-explore: [^\n]+\n$/);
  expect(run.stderr, `${what}: stack frames`).not.toMatch(STACK_FRAME);
  expect(run.stderr, `${what}: internal error`).not.toContain('internal error');
  if (options.pattern) expect(run.stderr, what).toMatch(options.pattern);
  return run.stderr.trim();
}

/** The lines of stderr that are messages (not the progress display, redrawn with \r and ANSI clears). */
export function stderrMessages(stderr: string): string[] {
  return stderr
    .split(/[\r\n]/)
    .map((line) => line.replace(/\u001b\[[0-9;]*[A-Za-z]/g, ''))
    .filter((line) => line.startsWith('sg-explore:'));
}
