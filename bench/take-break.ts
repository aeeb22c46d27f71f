/**
 * Take-and-break benchmarks (issue 4): each fast kernel against its naive
 * reference on the same values, the rare/common kernel on one thread against
 * the pool, and the target runs (0.16 and 0.56 to their proven periods,
 * Officers to 2^24, Grundy's game to 2^22), each in its own process so its
 * peak memory is its own. SG_BENCH_QUICK=1 shrinks the long runs.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseCode } from '../src/rules/code.js';
import { ValueStore } from '../src/engine/store.js';
import { TakeBreakKernel } from '../src/engine/take-break.js';
import { SparseSpaceKernel } from '../src/engine/sparse-space.js';
import { referenceValues } from '../src/engine/reference.js';
import { count, ratio, seconds } from './measure.js';

type Out = (line: string) => void;
const quick = process.env.SG_BENCH_QUICK === '1';

function time(fn: () => void): number {
  const started = performance.now();
  fn();
  return (performance.now() - started) / 1000;
}

/** Direct kernel, rare/common kernel and the Set-based reference on the same code and size. */
function kernelsAgainstReference(out: Out, code: string, n: number, referenceN: number): void {
  const c = parseCode(code);
  const direct = new ValueStore(n);
  const sparse = new ValueStore(n);
  const tDirect = time(() => new TakeBreakKernel(c).fill(direct, 0, n));
  const tSparse = time(() => new SparseSpaceKernel(c).fill(sparse, 0, n));
  let ref: number[] = [];
  const tRef = time(() => (ref = referenceValues({ kind: 'take-and-break', code: c }, referenceN)));
  const agree = ref.every((v, i) => v === direct.values[i] && v === sparse.values[i]) && direct.values.every((v, i) => v === sparse.values[i]);
  out(
    `[kernels] ${code}, ${count(n)} values: direct ${seconds(tDirect)}, rare/common ${seconds(tSparse)} ` +
      `(${ratio(tDirect / tSparse)} faster); reference ${seconds(tRef)} on ${count(referenceN)} values ` +
      `(direct kernel ${ratio(tRef / referenceN / (tDirect / n))} its throughput)${agree ? '' : '  MISMATCH'}`,
  );
  if (!agree) process.exitCode = 1;
}

interface GameRun {
  code: string;
  seconds: number;
  computed: number;
  pattern: { preperiod: number; period: number; proven: boolean; valuesNeeded: number | null } | null;
  rareHeaps: number | null;
  maxValue: number;
  peakRssMiB: number;
}

function runGame(code: string, limit: number, threads: number): GameRun {
  const script = fileURLToPath(new URL('./game-run.js', import.meta.url));
  const child = spawnSync(process.execPath, [script, code, String(limit), String(threads)], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (child.status !== 0) throw new Error(`game-run ${code} failed: ${child.stderr.trim()}`);
  return JSON.parse(child.stdout) as GameRun;
}

function gameLine(label: string, r: GameRun, threads: number): string {
  const pattern = r.pattern ? `preperiod ${r.pattern.preperiod}, period ${r.pattern.period}, ${r.pattern.proven ? 'proven' : 'observed'}` : 'no period';
  const rare = r.rareHeaps === null ? '' : `, ${count(r.rareHeaps)} rare heaps`;
  return `[game]  ${label}: ${count(r.computed)} values in ${seconds(r.seconds)} with ${threads} thread(s); ${pattern}${rare}; largest value ${r.maxValue}; peak RSS ${r.peakRssMiB.toFixed(0)} MiB`;
}

export async function benchTakeBreak(out: Out): Promise<void> {
  const threads = availableParallelism();
  out('== Take-and-break kernels (each against its reference, same run)');
  kernelsAgainstReference(out, '0.16', 1 << 15, 1 << 11);
  kernelsAgainstReference(out, '0.6', 1 << 15, 1 << 11);
  kernelsAgainstReference(out, '4!.0', 1 << 15, 1 << 11);
  out('');

  out(`== Rare/common kernel: 1 thread against ${threads} (same values, separate processes)`);
  const size = quick ? 1 << 17 : 1 << 19;
  for (const code of ['0.6', '4!.0']) {
    const one = runGame(code, size, 1);
    const all = runGame(code, size, threads);
    out(gameLine(`${code} to ${count(size)}`, one, 1));
    out(gameLine(`${code} to ${count(size)}`, all, threads));
    out(`[ratio] ${code}: ${threads} threads / 1 thread time ${ratio(all.seconds / one.seconds)}`);
  }
  out('');

  out('== Targets (compute time inside the process; peak RSS of that process)');
  const targets: [string, string, number, string][] = [
    ['0.16', '0.16 to its proven period', 1 << 20, 'target < 1 s, preperiod 105351, period 149459'],
    ['0.56', '0.56 to its proven period', 1 << 20, 'target < 1 s, preperiod 326640, period 144'],
    ['0.6', `Officers (0.6) to ${quick ? '2^20' : '2^24'}`, quick ? 1 << 20 : 1 << 24, 'target < 120 s for 2^24'],
    ['4!.0', `Grundy's game to ${quick ? '2^20' : '2^22'}`, quick ? 1 << 20 : 1 << 22, 'rare values counted'],
  ];
  for (const [code, label, limit, target] of targets) {
    const r = runGame(code, limit, threads);
    out(`${gameLine(label, r, threads)}  [${target}]`);
  }
}
