/**
 * The frontier: the unsolved octal games that research runs push furthest
 * (.014, .034, .161, .167, .172 from Rogalski's tables, and .04, .06), at
 * 2^22 and 2^24 values, side by side with ogs and Rogalski's solver where
 * their binaries are given (bench/peers.ts). Every program is a whole process
 * on one thread, run in turn (sg-explore, ogs, Rogalski) under the same
 * conditions; each prints its wall seconds, CPU seconds and peak RSS, and the
 * ratio is sg-explore's time over the peer's. Values must agree: ogs's
 * checksum, Rogalski's frequency table.
 *
 * SG_BENCH_QUICK=1 runs 2^22 only; SG_BENCH_FRONTIER=0.167,0.014 runs only
 * those codes.
 */
import { fileURLToPath } from 'node:url';
import { count, ratio, seconds, timedPeak, type TimedPeak } from './measure.js';
import { PEER_VARIABLE, peerBinary, runPeer, trimZeros, type PeerAnswer, type PeerName } from './peers.js';

type Out = (line: string) => void;

export const FRONTIER_CODES = ['0.014', '0.034', '0.161', '0.167', '0.172', '0.04', '0.06'] as const;
const TARGET_AGAINST_OGS = 0.5;

interface OurAnswer {
  readonly count: number;
  readonly checksum: string;
  readonly frequencies: readonly number[];
}

function parseOurs(stdout: string): OurAnswer {
  const j = JSON.parse(stdout) as { computed: number; checksum: string; frequencies: number[] };
  return { count: j.computed, checksum: j.checksum, frequencies: trimZeros(j.frequencies) };
}

const mib = (x: number | null) => (x === null ? 'peak RSS unmeasured (no /usr/bin/time)' : `${x.toFixed(0)} MiB`);
const cpu = (x: number | null) => (x === null ? '' : `, cpu ${seconds(x)}`);
const figures = (run: TimedPeak<unknown>) => `${seconds(run.seconds)}${cpu(run.cpuSeconds)}, ${mib(run.peakMiB)}`;

/** Whether the peer's values are sg-explore's, and the evidence. */
function agreement(ours: OurAnswer, theirs: PeerAnswer): { agree: boolean; evidence: string } {
  if (theirs.checksum !== null) {
    const agree = theirs.count === ours.count && theirs.checksum === ours.checksum;
    return { agree, evidence: `checksum ${theirs.checksum}${agree ? '' : ` against ${ours.checksum}`}` };
  }
  const a = ours.frequencies.join(',');
  const b = (theirs.frequencies ?? []).join(',');
  return { agree: a === b, evidence: a === b ? `frequencies of ${ours.frequencies.length} values agree` : 'frequency tables differ' };
}

function peerColumn(peer: PeerName, label: string, ours: TimedPeak<OurAnswer>, theirs: TimedPeak<PeerAnswer>, target: string): { text: string; ratio: number; agree: boolean } {
  const r = ours.seconds / theirs.seconds;
  const cpuRatio = ours.cpuSeconds !== null && theirs.cpuSeconds !== null ? `, cpu ${ratio(ours.cpuSeconds / theirs.cpuSeconds)}` : '';
  const { agree, evidence } = agreement(ours.result, theirs.result);
  const text = `${label} ${figures(theirs)} (own compute ${seconds(theirs.result.ownSeconds)}): ${ratio(r)}${cpuRatio}${target}; ${evidence}${agree ? '' : '  MISMATCH'}`;
  return { text, ratio: r, agree };
}

export function benchFrontier(out: Out): void {
  out('== Frontier: unsolved octal games, one thread each, whole processes in turn (ratio = sg-explore time / peer time)');
  const peers: [PeerName, string][] = [['ogs', 'ogs'], ['rogalski', "Rogalski's solver"]];
  const binaries = new Map<PeerName, string>();
  for (const [peer, label] of peers) {
    const found = peerBinary(peer);
    if ('binary' in found) binaries.set(peer, found.binary);
    out(`[frontier] ${label}: ${'binary' in found ? found.binary : `not given: ${found.skipped}`}`);
  }
  const gameRun = fileURLToPath(new URL('./game-run.js', import.meta.url));
  const only = process.env.SG_BENCH_FRONTIER?.split(',');
  const codes = FRONTIER_CODES.filter((c) => !only || only.includes(c));
  const powers = process.env.SG_BENCH_QUICK === '1' ? [22] : [22, 24];
  const missed: string[] = [];
  for (const power of powers) {
    for (const code of codes) {
      const n = 2 ** power;
      const ours = timedPeak(process.execPath, [gameRun, code, String(n), '1'], parseOurs);
      const columns = [`[frontier] ${code} to 2^${power} (${count(n)} values): sg-explore ${figures(ours)}`];
      for (const [peer, label] of peers) {
        const binary = binaries.get(peer);
        if (!binary) {
          columns.push(`${label} not given (${PEER_VARIABLE[peer]})`);
          continue;
        }
        const target = peer === 'ogs' ? ` [target <= ${TARGET_AGAINST_OGS}]` : '';
        const column = peerColumn(peer, label, ours, runPeer(peer, binary, code, n), target);
        columns.push(column.text);
        if (!column.agree) process.exitCode = 1;
        if (peer === 'ogs' && column.ratio > TARGET_AGAINST_OGS) missed.push(`${code} at 2^${power} (${ratio(column.ratio)})`);
      }
      out(columns.join(' | '));
    }
  }
  if (binaries.has('ogs')) out(`[frontier] rows over ${TARGET_AGAINST_OGS}x ogs: ${missed.length === 0 ? 'none' : missed.join(', ')}`);
}
