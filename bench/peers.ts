/**
 * Other people's octal-game solvers, run from binaries the user built by hand
 * (the repository holds none of their code and no recipe for them): each is
 * named by an environment variable holding its path, and run as a whole
 * process under GNU time for its wall time and peak RSS.
 *
 *   SG_BENCH_OGS       beling/impartial-games' `ogsolve` (its program on the
 *                      `ogs` library), run as `ogsolve CODE -m rc -n N-1`
 *   SG_BENCH_ROGALSKI  rogalski-wmii-uni-lodz-pl/octal's `octal`, run as
 *                      `octal CODE N 0` (the whole table in memory, no tail)
 *
 * Both compute the N values G(0..N-1); ogs prints their fletcher32 checksum,
 * Rogalski's solver their frequency table, so values can be checked against
 * sg-explore's.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { timedPeak, type TimedPeak } from './measure.js';

export type PeerName = 'ogs' | 'rogalski';

export const PEER_VARIABLE: Record<PeerName, string> = { ogs: 'SG_BENCH_OGS', rogalski: 'SG_BENCH_ROGALSKI' };

/** The peer's binary, or why the bench runs without it. */
export function peerBinary(peer: PeerName): { binary: string } | { skipped: string } {
  const variable = PEER_VARIABLE[peer];
  const path = process.env[variable];
  if (!path) return { skipped: `${variable} not set (the path of a binary built by hand)` };
  if (!existsSync(path) || !statSync(path).isFile()) return { skipped: `${variable}=${path}: no such file` };
  return { binary: path };
}

export interface PeerAnswer {
  /** Values computed: G(0..count-1). */
  readonly count: number;
  /** ogs: fletcher32 of the values, and the period it found (preperiod, period). */
  readonly checksum: string | null;
  readonly cycle: readonly [number, number] | null;
  /** Rogalski: how many of the values take each value (index = value). */
  readonly frequencies: readonly number[] | null;
  /** The compute time the program reports itself (seconds). */
  readonly ownSeconds: number;
}

/** Rust's Debug text of a Duration ("8.80s", "880.00ms", "12.3µs") in seconds. */
function durationSeconds(text: string): number {
  const m = /^([\d.]+)(s|ms|µs|us|ns)$/.exec(text);
  if (!m) throw new Error(`unexpected duration ${text}`);
  const unit = { s: 1, ms: 1e-3, µs: 1e-6, us: 1e-6, ns: 1e-9 }[m[2] as 's'];
  return Number(m[1]) * unit;
}

function parseOgs(count: number, stdout: string): PeerAnswer {
  const checksum = /checksum: ([0-9A-F]+)/.exec(stdout);
  const time = /calculation time: (\S+)/.exec(stdout);
  if (!checksum || !time) throw new Error(`ogsolve: unexpected output ${stdout.trim().slice(0, 200)}`);
  const cycle = /found period of length (\d+) and pre-period (\d+)/.exec(stdout);
  return { count, checksum: checksum[1]!, cycle: cycle ? [Number(cycle[2]), Number(cycle[1])] : null, frequencies: null, ownSeconds: durationSeconds(time[1]!) };
}

/** The last frequency table it prints (after "N freqs after ..."), a JSON array of {nimber, frequency}. */
function parseRogalski(count: number, stdout: string): PeerAnswer {
  const heading = stdout.lastIndexOf(`${count} freqs after`);
  const total = /^total: (\S+)$/m.exec(stdout);
  if (heading < 0 || !total) throw new Error(`octal: unexpected output ${stdout.trim().slice(-200)}`);
  const start = stdout.indexOf('[', heading);
  const end = stdout.indexOf('\n]', start);
  const table = JSON.parse(stdout.slice(start, end + 2)) as { nimber: number; frequency: number }[];
  const frequencies: number[] = [];
  for (const { nimber, frequency } of table) frequencies[nimber] = frequency;
  return { count, checksum: null, cycle: null, frequencies: trimZeros(Array.from(frequencies, (f) => f ?? 0)), ownSeconds: durationSeconds(total[1]!) };
}

/** Without the trailing zero counts, so tables of different lengths compare. */
export function trimZeros(counts: readonly number[]): number[] {
  let end = counts.length;
  while (end > 0 && counts[end - 1] === 0) end--;
  return counts.slice(0, end);
}

/** The peer computing G(0..count-1) of `code`, timed with its peak RSS. Run in a scratch folder: it may write files there. */
export function runPeer(peer: PeerName, binary: string, code: string, count: number): TimedPeak<PeerAnswer> {
  const dir = mkdtempSync(join(tmpdir(), `sg-bench-${peer}-`));
  try {
    return peer === 'ogs'
      ? timedPeak(binary, [code, '-m', 'rc', '-n', String(count - 1)], (out) => parseOgs(count, out), dir)
      : timedPeak(binary, [code, String(count), '0'], (out) => parseRogalski(count, out), dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
