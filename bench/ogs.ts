/**
 * Side by side with `ogs`, the Rust solver used for octal-game records
 * (beling/impartial-games, rare/common method), where the machine allows:
 * set SG_BENCH_OGS_CRATE to a local copy of its `ogs` crate (it has no
 * dependencies and builds offline). The bench then builds a tiny driver
 * beside it in bench/.build (never part of the repository): it computes N
 * values and prints their count, the period it found, the largest value, a
 * checksum of the values and its compute time.
 *
 * Each row runs sg-explore and the driver in turn, A B A B ..., each as a
 * whole process (wall time, spawnSync), and quotes the median ratio. Values
 * must agree: the same checksum over the same count (kernel rows), or the
 * same proven preperiod and period (rows run to their proof).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { PRINT_PEAK_RSS, count, ratio, seconds, summarize, timed, type Timed } from './measure.js';

type Out = (line: string) => void;
const quick = process.env.SG_BENCH_QUICK === '1';

const DRIVER = `use ogs::{Game, RCSolver, Solver};
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game: Game = args[1].parse().unwrap();
    let n: usize = args[2].parse().unwrap();
    let mut solver = RCSolver::<true, ()>::with_capacity(game, n);
    let started = Instant::now();
    for _ in solver.by_ref().take(n) {}
    let elapsed = started.elapsed();
    let (mut a, mut b) = (0u16, 0u16);
    for x in solver.nimbers() { a = a.wrapping_add(*x); b = b.wrapping_add(a); }
    let max = solver.nimbers().iter().max().copied().unwrap_or(0);
    // Peak resident memory of this process (VmHWM), for the memory ratios.
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let hwm_kb: u64 = status.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)).and_then(|v| v.parse().ok()).unwrap_or(0);
    println!("n={} period={:?} max={} checksum={:X} secs={:.3} peak_kb={}", solver.nimbers().len(), solver.period(), max, ((b as u32) << 16) | a as u32, elapsed.as_secs_f64(), hwm_kb);
}
`;

/** How ogs's README says to build it: for the machine it runs on. The bench's reference is the peer at its best. */
const OGS_RUSTFLAGS = '-C target-cpu=native';

/** Build the driver against the crate at SG_BENCH_OGS_CRATE; the binary, or why not. */
function buildDriver(): { binary: string } | { skipped: string } {
  const crate = process.env.SG_BENCH_OGS_CRATE;
  if (!crate) return { skipped: 'set SG_BENCH_OGS_CRATE to a local copy of the ogs crate (beling/impartial-games, ogs/) to compare with it' };
  if (!existsSync(join(crate, 'Cargo.toml'))) return { skipped: `SG_BENCH_OGS_CRATE=${crate}: no Cargo.toml there` };
  const dir = fileURLToPath(new URL('../../bench/.build/ogs-driver/', import.meta.url));
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(
    join(dir, 'Cargo.toml'),
    `[package]\nname = "ogs-driver"\nversion = "0.1.0"\nedition = "2021"\n[dependencies]\nogs = { path = ${JSON.stringify(resolve(crate))} }\n[profile.release]\nopt-level = 3\n`,
  );
  writeFileSync(join(dir, 'src/main.rs'), DRIVER);
  const built = spawnSync('cargo', ['build', '--release', '--offline', '--quiet'], { cwd: dir, encoding: 'utf8', env: { ...process.env, RUSTFLAGS: OGS_RUSTFLAGS } });
  if (built.error || built.status !== 0) return { skipped: `cargo build failed: ${(built.error?.message ?? built.stderr).trim().split('\n')[0]}` };
  return { binary: join(dir, 'target/release/ogs-driver') };
}

interface OgsAnswer {
  readonly count: number;
  readonly preperiod: number | null;
  readonly period: number | null;
  readonly checksum: string;
  /** Its own compute time (seconds) and peak RSS (MiB). */
  readonly seconds: number;
  readonly peakMiB: number;
}

function parseOgs(stdout: string): OgsAnswer {
  const m = /n=(\d+) period=(?:Some\(\((\d+), (\d+)\)\)|None) max=\d+ checksum=([0-9A-F]+) secs=([\d.]+) peak_kb=(\d+)/.exec(stdout);
  if (!m) throw new Error(`ogs driver: unexpected output ${stdout.trim()}`);
  return { count: Number(m[1]), preperiod: m[2] ? Number(m[2]) : null, period: m[3] ? Number(m[3]) : null, checksum: m[4]!, seconds: Number(m[5]), peakMiB: Number(m[6]) / 1024 };
}

interface OurAnswer {
  readonly count: number;
  readonly preperiod: number | null;
  readonly period: number | null;
  readonly proven: boolean;
  readonly checksum: string | null;
  /** Peak RSS (MiB), where the run reports it (the kernel rows). */
  readonly peakMiB: number | null;
}

const median = (xs: readonly number[]) => summarize(xs).median;

function proofAnswer(stdout: string): OurAnswer {
  const j = JSON.parse(stdout) as { computed: number; pattern: { preperiod?: number; period?: number; proven?: boolean } };
  return { count: j.computed, preperiod: j.pattern.preperiod ?? null, period: j.pattern.period ?? null, proven: Boolean(j.pattern.proven), checksum: null, peakMiB: null };
}

/** A and B in turn, `runs` times each; the median of the ratios pair by pair, and both medians. */
function alternate<A, B>(runs: number, a: () => Timed<A>, b: () => Timed<B>): { ratio: number; a: number; b: number; first: A; second: B } {
  const as: Timed<A>[] = [];
  const bs: Timed<B>[] = [];
  for (let i = 0; i < runs; i++) {
    as.push(a());
    bs.push(b());
  }
  return { ratio: median(as.map((x, i) => x.seconds / bs[i]!.seconds)), a: median(as.map((x) => x.seconds)), b: median(bs.map((x) => x.seconds)), first: as[0]!.result, second: bs[0]!.result };
}

/** Pairs for a row of a second or less. */
const SHORT_ROW_PAIRS = 15;

export async function benchOgs(out: Out): Promise<void> {
  out('== Side by side with ogs (whole processes, alternating; ratio = sg-explore time / ogs time, median of pairs)');
  const driver = buildDriver();
  if ('skipped' in driver) {
    out(`[ogs] skipped: ${driver.skipped}`);
    return;
  }
  out(`[ogs] built natively, as its README says: RUSTFLAGS="${OGS_RUSTFLAGS}" cargo build --release (ogs's own compute time is printed beside each ratio, so hosts can be told apart)`);
  const command = fileURLToPath(new URL('../../bin/sg-explore', import.meta.url));
  const bundle = fileURLToPath(new URL('../sg-explore.cjs', import.meta.url));
  const gameRun = fileURLToPath(new URL('./game-run.js', import.meta.url));
  const ours = {
    /** The program as a user runs it (the installed command), to its proof: `sg-explore --code X --format json`. */
    toProof: (code: string) => timed(command, ['--code', code, '--format', 'json'], proofAnswer),
    /** The same run with node started directly on the bundle: Node reads NODE_EXTRA_CA_CERTS, if set, at start-up. */
    bundleToProof: (code: string) => timed(process.execPath, [bundle, '--code', code, '--format', 'json'], proofAnswer),
    /** The kernel (and proof attempts) in a process of its own, with a checksum of the values; one thread unless told. */
    kernel: (code: string, limit: number, threads = 1) =>
      timed(process.execPath, [gameRun, code, String(limit), String(threads)], (stdout): OurAnswer => {
        const j = JSON.parse(stdout) as { computed: number; checksum: string; peakRssMiB: number; pattern: { preperiod: number; period: number; proven: boolean } | null };
        return { count: j.computed, preperiod: j.pattern?.preperiod ?? null, period: j.pattern?.period ?? null, proven: Boolean(j.pattern?.proven), checksum: j.checksum, peakMiB: j.peakRssMiB };
      }),
  };
  const theirs = (code: string, n: number) => timed(driver.binary, [code, String(n)], parseOgs);
  // The floor under every memory figure of ours: a bare node, and the same program on 1,024 heaps of Officers
  // (the library, the WebAssembly module and its tables loaded; the values themselves take 2 KiB).
  const bareNode = timed(process.execPath, ['-e', PRINT_PEAK_RSS], Number).result;
  const tiny = ours.kernel('0.6', 1024).result.peakMiB!;
  out(`[ogs]  memory floor: a bare node process peaks at ${bareNode.toFixed(0)} MiB, sg-explore on 1,024 heaps of Officers at ${tiny.toFixed(0)} MiB`);

  // ogs runs on one thread; sg-explore on one too, and for Officers also as it runs by default, on every core.
  const cores = availableParallelism();
  const officersTo = quick ? 1 << 21 : 1 << 24;
  const officers = `Officers (0.6) to ${quick ? '2^21' : '2^24'}`;
  const rows: [string, string, 'proof' | 'kernel', number, string, number?][] = [
    ['0.354', '0.354 to its proof (20,126,195 values)', 'kernel', 20_126_195, 'target <= 0.5'],
    ['0.6', `${officers}, one thread each`, 'kernel', officersTo, 'target <= 0.5, peak RSS <= 1.5x'],
    ...(cores > 1 ? [['0.6', `${officers}, sg-explore on all ${cores} threads (its default)`, 'kernel', officersTo, 'target <= 0.5', cores] as [string, string, 'kernel', number, string, number]] : []),
    ['0.56', '0.56 to its proof, whole process', 'proof', 0, 'target <= 0.8'],
    ['0.16', '0.16 to its proof, whole process', 'proof', 0, 'target <= 0.8'],
    ['0.137', "Dawson's Kayles (0.137) to its proof, whole process", 'proof', 0, 'start-up bound'],
    ['0.77', 'Kayles (0.77) to its proof, whole process', 'proof', 0, 'start-up bound'],
    // Flammenkamp's .1777 (period 60,620,715 from 160,949,018): minutes each way, so only when asked.
    ...(process.env.SG_BENCH_RECORDS === '1' ? [['0.1777', '.1777 to its proof (443,139,470 values; records)', 'kernel', 443_139_470, 'target <= 0.5, peak RSS <= 1x'] as [string, string, 'kernel', number, string]] : []),
  ];
  for (const [code, label, kind, limit, target, threads] of rows) {
    const long = kind === 'kernel' && limit > 1 << 22;
    // A long row is one pair: 0.354 and Officers to 2^24 take minutes each way. Short rows vary by a third
    // from run to run on a shared machine (ogs too), so they take the median of many pairs.
    const runs = long ? 1 : SHORT_ROW_PAIRS;
    // The peer computes as many values as sg-explore did (found by a first, untimed run).
    const probe = kind === 'proof' ? ours.toProof(code).result : null;
    const n = probe ? probe.count : limit;
    const pair = alternate(runs, () => (kind === 'proof' ? ours.toProof(code) : ours.kernel(code, limit, threads)), () => theirs(code, n));
    const a = pair.first;
    const b = pair.second;
    const agree =
      a.checksum !== null
        ? a.count === b.count && a.checksum === b.checksum
        : a.proven && a.preperiod === b.preperiod && a.period === b.period;
    const evidence = a.checksum !== null ? `checksums ${a.checksum} / ${b.checksum} over ${count(a.count)} values` : `proven preperiod ${a.preperiod}, period ${a.period}; ogs finds (${b.preperiod}, ${b.period}) over the same ${count(b.count)} values`;
    const memory = a.peakMiB !== null ? `; peak RSS ${a.peakMiB.toFixed(0)} vs ${b.peakMiB.toFixed(0)} MiB (${ratio(a.peakMiB / b.peakMiB)})` : '';
    out(
      `[ogs]  ${label}: ${ratio(pair.ratio)} (${seconds(pair.a)} vs ${seconds(pair.b)}, ${runs} pair(s); ogs's own compute ${seconds(b.seconds)}) [${target}]${memory}; ${evidence}${agree ? '' : '  MISMATCH'}`,
    );
    if (kind === 'proof' && process.env.NODE_EXTRA_CA_CERTS !== undefined) {
      // The installed command drops the variable; node started on the bundle pays for reading the certificates.
      const direct = alternate(runs, () => ours.bundleToProof(code), () => theirs(code, n));
      out(`[ogs]  ${label}, node started directly on the bundle (reads NODE_EXTRA_CA_CERTS): ${ratio(direct.ratio)} (${seconds(direct.a)} vs ${seconds(direct.b)}, ${runs} pair(s))`);
    }
    if (!agree) process.exitCode = 1;
  }
}
