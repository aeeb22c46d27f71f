/**
 * The frontier: the unsolved octal games that research runs push furthest
 * (.014, .034, .161, .167, .172 from Rogalski's tables, and .04, .06), at
 * 2^22 and 2^24 values, side by side with ogs and Rogalski's solver where
 * their binaries are given (bench/peers.ts). Every program is a whole process
 * on one thread, run in turn (sg-explore, ogs, Rogalski) under the same
 * conditions; each prints its wall seconds, CPU seconds and peak RSS, and the
 * ratio is sg-explore's time over the peer's. sg-explore is the installed
 * command as a user runs it (`sg-explore --code C --limit N --max 1 --format
 * json --threads 1`); an untimed run of the same library (game-run.js) gives
 * the checksum and frequency table of its values, which must be the peers':
 * ogs's checksum, Rogalski's frequency table.
 *
 * SG_BENCH_QUICK=1 runs the first size only; SG_BENCH_FRONTIER=0.167,0.014
 * runs only those codes.
 */
import { fileURLToPath } from 'node:url';
import { count, ratio, seconds, timed, timedPeak, type TimedPeak } from './measure.js';
import { PEER_VARIABLE, peerBinary, runPeer, trimZeros, type PeerAnswer, type PeerName } from './peers.js';

type Out = (line: string) => void;

/**
 * Each code with the powers of two it runs to. .04 and .06 are not sparse: their values keep growing
 * (past 1,000 by 2^17) and a tenth to two fifths of their heaps are rare, so every method costs
 * about n^2 (ogs's CPU seconds: 10 and 25 at 2^18, about 16 times that at 2^20, and at 2^22 it would
 * need hours), and they run to 2^18 and 2^20.
 */
export const FRONTIER: readonly (readonly [string, readonly number[]])[] = [
  ['0.014', [22, 24]],
  ['0.034', [22, 24]],
  ['0.161', [22, 24]],
  ['0.167', [22, 24]],
  ['0.172', [22, 24]],
  ['0.04', [18, 20]],
  ['0.06', [18, 20]],
];
const TARGET_AGAINST_OGS = 0.5;

interface OurAnswer {
  readonly count: number;
  readonly maxValue: number;
}

interface OurValues extends OurAnswer {
  readonly checksum: string;
  readonly frequencies: readonly number[];
}

/** The command's report: `maxValue` is the largest of the heaps it lists (0..1 here); its statistics cover every value computed. */
function parseCommand(stdout: string): OurAnswer {
  const j = JSON.parse(stdout) as { computed: number; statistics: { largestValue: number } };
  return { count: j.computed, maxValue: j.statistics.largestValue };
}

function parseValues(stdout: string): OurValues {
  const j = JSON.parse(stdout) as { computed: number; maxValue: number; checksum: string; frequencies: number[] };
  return { count: j.computed, maxValue: j.maxValue, checksum: j.checksum, frequencies: trimZeros(j.frequencies) };
}

const mib = (x: number | null) => (x === null ? 'peak RSS unmeasured (no /usr/bin/time)' : `${x.toFixed(0)} MiB`);
const cpu = (x: number | null) => (x === null ? '' : `, cpu ${seconds(x)}`);
const figures = (run: TimedPeak<unknown>) => `${seconds(run.seconds)}${cpu(run.cpuSeconds)}, ${mib(run.peakMiB)}`;

/** Whether the peer's values are sg-explore's, and the evidence. */
function agreement(ours: OurValues, theirs: PeerAnswer): { agree: boolean; evidence: string } {
  if (theirs.checksum !== null) {
    const agree = theirs.count === ours.count && theirs.checksum === ours.checksum;
    return { agree, evidence: `checksum ${theirs.checksum}${agree ? '' : ` against ${ours.checksum}`}` };
  }
  const a = ours.frequencies.join(',');
  const b = (theirs.frequencies ?? []).join(',');
  return { agree: a === b, evidence: a === b ? `frequencies of ${ours.frequencies.length} values agree` : 'frequency tables differ' };
}

function peerColumn(label: string, ours: TimedPeak<OurAnswer>, values: OurValues, theirs: TimedPeak<PeerAnswer>, target: string): { text: string; ratio: string; over: boolean; agree: boolean } {
  const r = ours.seconds / theirs.seconds;
  const both = `${ratio(r)}${ours.cpuSeconds !== null && theirs.cpuSeconds !== null ? `, cpu ${ratio(ours.cpuSeconds / theirs.cpuSeconds)}` : ''}`;
  const { agree, evidence } = agreement(values, theirs.result);
  const text = `${label} ${figures(theirs)} (own compute ${seconds(theirs.result.ownSeconds)}): ${both}${target}; ${evidence}${agree ? '' : '  MISMATCH'}`;
  return { text, ratio: both, over: r > TARGET_AGAINST_OGS, agree };
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
  const command = fileURLToPath(new URL('../../bin/sg-explore', import.meta.url));
  const gameRun = fileURLToPath(new URL('./game-run.js', import.meta.url));
  const only = process.env.SG_BENCH_FRONTIER?.split(',');
  const rows = FRONTIER.filter(([c]) => !only || only.includes(c));
  const quick = process.env.SG_BENCH_QUICK === '1';
  const missed: string[] = [];
  for (const round of quick ? [0] : [0, 1]) {
    for (const [code, powers] of rows) {
      const power = powers[round]!;
      const n = 2 ** power;
      const ours = timedPeak(command, ['--code', code, '--limit', String(n), '--max', '1', '--format', 'json', '--threads', '1'], parseCommand);
      // The values to check a peer against (none given: no second run).
      const values = binaries.size > 0 ? timed(process.execPath, [gameRun, code, String(n), '1'], parseValues).result : null;
      const same = values === null || (values.count === ours.result.count && values.maxValue === ours.result.maxValue);
      if (!same) process.exitCode = 1;
      const columns = [`[frontier] ${code} to 2^${power} (${count(n)} values): sg-explore ${figures(ours)}${same ? '' : '  MISMATCH with its library run'}`];
      for (const [peer, label] of peers) {
        const binary = binaries.get(peer);
        if (!binary) {
          columns.push(`${label} not given (${PEER_VARIABLE[peer]})`);
          continue;
        }
        const target = peer === 'ogs' ? ` [target <= ${TARGET_AGAINST_OGS}]` : '';
        const column = peerColumn(label, ours, values!, runPeer(peer, binary, code, n), target);
        columns.push(column.text);
        if (!column.agree) process.exitCode = 1;
        if (peer === 'ogs' && column.over) missed.push(`${code} at 2^${power} (${column.ratio})`);
      }
      out(columns.join(' | '));
    }
  }
  if (binaries.has('ogs')) out(`[frontier] rows over ${TARGET_AGAINST_OGS}x ogs by wall time: ${missed.length === 0 ? 'none' : missed.join(', ')}`);
}
