/**
 * Small timing and formatting helpers for the benchmark. Node built-ins only.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Timing {
  /** Seconds of every run, in the order they ran. */
  readonly runs: readonly number[];
  readonly best: number;
  readonly median: number;
}

export function summarize(runs: readonly number[]): Timing {
  if (runs.length === 0) throw new Error('no runs to summarize');
  const sorted = [...runs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { runs, best: sorted[0]!, median };
}

/** Seconds taken by `fn` (one call), on the monotonic high-resolution clock. */
export function timeOnce(fn: () => void): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/**
 * Run `fn` up to `maxRuns` times and keep every time; stop repeating early
 * once the runs so far have used `budgetSeconds` (a single very slow run is
 * then reported as it is, with the number of runs printed next to it).
 * `before` runs ahead of every timed call, outside the timing.
 */
export function bestOf(fn: () => void, maxRuns: number, budgetSeconds: number, before?: () => void): Timing {
  const runs: number[] = [];
  let spent = 0;
  while (runs.length < maxRuns && (runs.length === 0 || spent < budgetSeconds)) {
    before?.();
    const seconds = timeOnce(fn);
    runs.push(seconds);
    spent += seconds;
  }
  return summarize(runs);
}

/** Order-free sum and order-sensitive polynomial hash (h = 31h + v), both mod 2^32. */
export interface Checksum {
  readonly sum: number;
  readonly hash: number;
}

export function checksum(values: ArrayLike<number>, count: number): Checksum {
  let sum = 0;
  let hash = 0;
  for (let n = 0; n < count; n++) {
    const v = values[n]!;
    sum = (sum + v) >>> 0;
    hash = (Math.imul(hash, 31) + v) >>> 0;
  }
  return { sum, hash };
}

export function checksumText(c: Checksum): string {
  return `sum=${c.sum} hash=${c.hash}`;
}

export function sameChecksum(a: Checksum, b: Checksum): boolean {
  return a.sum === b.sum && a.hash === b.hash;
}

export function count(n: number): string {
  return n.toLocaleString('en-US');
}

export function seconds(s: number): string {
  return s >= 1 ? `${s.toFixed(3)} s` : `${(s * 1000).toFixed(1)} ms`;
}

/** Values per second as "123.4 Mvalues/s". */
export function throughput(values: number, secs: number): string {
  const perSecond = values / secs;
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(1)} Mvalues/s`;
  return `${(perSecond / 1e3).toFixed(1)} kvalues/s`;
}

export function ratio(x: number): string {
  return x >= 100 ? `${x.toFixed(0)}x` : `${x.toFixed(2)}x`;
}

export function runsText(t: Timing): string {
  const all = t.runs.map((r) => r.toFixed(3)).join(', ');
  return `${t.runs.length} run${t.runs.length === 1 ? '' : 's'}: ${all} s`;
}

export function setText(moves: readonly number[]): string {
  if (moves.length <= 8) return `{${moves.join(',')}}`;
  return `{${moves.slice(0, 4).join(',')},...,${moves[moves.length - 1]}} (|S|=${moves.length})`;
}

export interface Timed<T> {
  readonly seconds: number;
  readonly result: T;
}

/** One whole process, its wall time and what `parse` makes of its output; throws when it fails. */
export function timed<T>(command: string, args: readonly string[], parse: (stdout: string) => T, cwd?: string): Timed<T> {
  const started = process.hrtime.bigint();
  const child = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 28, cwd });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  if (child.error || child.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${child.error?.message ?? child.stderr.trim()}`);
  return { seconds: elapsed, result: parse(child.stdout) };
}

/** GNU time, which reports its child's peak resident set (wait4's ru_maxrss). */
const GNU_TIME = '/usr/bin/time';

export interface TimedPeak<T> extends Timed<T> {
  /** Peak resident set of the process (MiB), and its CPU seconds (user + system): null where GNU time is missing. */
  readonly peakMiB: number | null;
  readonly cpuSeconds: number | null;
}

/**
 * `timed`, plus the process's own peak RSS: it runs under GNU time, whose
 * child forks from that small program, so the figure is the command's alone
 * (a child forked from this large bench process would start from its size:
 * see peakRssMiB). Other programs' peaks, whatever they print.
 */
export function timedPeak<T>(command: string, args: readonly string[], parse: (stdout: string) => T, cwd?: string): TimedPeak<T> {
  if (!existsSync(GNU_TIME)) return { ...timed(command, args, parse, cwd), peakMiB: null, cpuSeconds: null };
  const dir = mkdtempSync(join(tmpdir(), 'sg-bench-peak-'));
  try {
    const report = join(dir, 'peak');
    const run = timed(GNU_TIME, ['-f', '%M %U %S', '-o', report, command, ...args], parse, cwd);
    const [kib, user, system] = readFileSync(report, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
    const known = (x: number | undefined): x is number => x !== undefined && Number.isFinite(x);
    return { ...run, peakMiB: known(kib) ? kib / 1024 : null, cpuSeconds: known(user) && known(system) ? user + system : null };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The peak resident set of this process, in MiB. Linux keeps getrusage's
 * maxrss across fork and exec, so a child of the (large) bench process would
 * report the bench's size; VmHWM in /proc/self/status belongs to this program
 * alone. Also run as a `node -e` script (PRINT_PEAK_RSS, for a bare node's
 * floor), so it uses nothing from outside itself.
 */
export function peakRssMiB(): number {
  const fs = process.getBuiltinModule('node:fs');
  const status = '/proc/self/status';
  const hwm = fs.existsSync(status) ? /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync(status, 'utf8')) : null;
  return hwm ? Number(hwm[1]) / 1024 : process.resourceUsage().maxRSS / 1024;
}
/** A `node -e` script that prints its own peak RSS in MiB. */
export const PRINT_PEAK_RSS = `process.stdout.write(String((${peakRssMiB.toString()})()))`;
