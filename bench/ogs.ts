/**
 * Side by side with `ogs`, the Rust solver used for octal-game records
 * (beling/impartial-games, rare/common method), where the machine allows:
 * set SG_BENCH_OGS to the path of its program `ogsolve`, built by hand
 * (bench/peers.ts runs it, under GNU time for its peak RSS).
 *
 * Each row runs sg-explore and ogsolve in turn, A B A B ..., each as a
 * whole process (wall time, spawnSync), and quotes the median ratio. Values
 * must agree: the same checksum over the same count (kernel rows), or the
 * same proven preperiod and period (rows run to their proof).
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { PRINT_PEAK_RSS, count, ratio, seconds, summarize, timed, type Timed } from './measure.js';
import { peerBinary, runPeer } from './peers.js';

type Out = (line: string) => void;
const quick = process.env.SG_BENCH_QUICK === '1';

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

/** A and B in turn, `runs` times each; the median of the ratios pair by pair, both medians and B's first run. */
function alternate<A, B, TB extends Timed<B>>(runs: number, a: () => Timed<A>, b: () => TB): { ratio: number; a: number; b: number; first: A; second: TB } {
  const as: Timed<A>[] = [];
  const bs: TB[] = [];
  for (let i = 0; i < runs; i++) {
    as.push(a());
    bs.push(b());
  }
  return { ratio: median(as.map((x, i) => x.seconds / bs[i]!.seconds)), a: median(as.map((x) => x.seconds)), b: median(bs.map((x) => x.seconds)), first: as[0]!.result, second: bs[0]! };
}

/** Pairs for a row of a second or less. */
const SHORT_ROW_PAIRS = 15;

export async function benchOgs(out: Out): Promise<void> {
  out('== Side by side with ogs (whole processes, alternating; ratio = sg-explore time / ogs time, median of pairs)');
  const ogs = peerBinary('ogs');
  if ('skipped' in ogs) {
    out(`[ogs] skipped: ${ogs.skipped}`);
    return;
  }
  out(`[ogs] ${ogs.binary} (ogs's own compute time is printed beside each ratio, so hosts can be told apart)`);
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
  const theirs = (code: string, n: number) => runPeer('ogs', ogs.binary, code, n);
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
    const b = pair.second.result;
    const [preperiod, period] = b.cycle ?? [null, null];
    const agree =
      a.checksum !== null
        ? a.count === b.count && a.checksum === b.checksum
        : a.proven && a.preperiod === preperiod && a.period === period;
    const evidence = a.checksum !== null ? `checksums ${a.checksum} / ${b.checksum} over ${count(a.count)} values` : `proven preperiod ${a.preperiod}, period ${a.period}; ogs finds (${preperiod}, ${period}) over the same ${count(b.count)} values`;
    const theirPeak = pair.second.peakMiB;
    const memory = a.peakMiB !== null && theirPeak !== null ? `; peak RSS ${a.peakMiB.toFixed(0)} vs ${theirPeak.toFixed(0)} MiB (${ratio(a.peakMiB / theirPeak)})` : '';
    out(
      `[ogs]  ${label}: ${ratio(pair.ratio)} (${seconds(pair.a)} vs ${seconds(pair.b)}, ${runs} pair(s); ogs's own compute ${seconds(b.ownSeconds)}) [${target}]${memory}; ${evidence}${agree ? '' : '  MISMATCH'}`,
    );
    if (kind === 'proof' && process.env.NODE_EXTRA_CA_CERTS !== undefined) {
      // The installed command drops the variable; node started on the bundle pays for reading the certificates.
      const direct = alternate(runs, () => ours.bundleToProof(code), () => theirs(code, n));
      out(`[ogs]  ${label}, node started directly on the bundle (reads NODE_EXTRA_CA_CERTS): ${ratio(direct.ratio)} (${seconds(direct.a)} vs ${seconds(direct.b)}, ${runs} pair(s))`);
    }
    if (!agree) process.exitCode = 1;
  }
}
