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
import { parseCode } from '../src/core/rules/code.js';
import { ValueStore } from '../src/core/kernels/store.js';
import { TakeBreakKernel } from '../src/core/kinds/take-and-break/take-break-kernel.js';
import { BLOCKS, SparseSpaceKernel, balancedShare, blockHeaps } from '../src/core/kinds/take-and-break/sparse-space.js';
import { referenceValues } from '../test/oracles/reference.js';
import { count, ratio, seconds } from './measure.js';
import { compileCSparse, runCSparse } from './c-sparse.js';
import { installNodeHost } from '../src/host/node-host.js';
import { analyseSync } from '../src/core/analyse.js';
import type { Exploration } from '../src/core/heap/explore.js';

installNodeHost();

type Out = (line: string) => void;
const quick = process.env.SG_BENCH_QUICK === '1';

function time(fn: () => void): number {
  const started = performance.now();
  fn();
  return (performance.now() - started) / 1000;
}

/**
 * The Set-based reference against the direct kernel on the same (small) size,
 * then the direct kernel against the rare/common one on a larger size: all
 * three are quadratic or close, so only same-size times are compared.
 */
function kernelsAgainstReference(out: Out, code: string, n: number, referenceN: number): void {
  const c = parseCode(code);
  const fill = (Kernel: typeof TakeBreakKernel | typeof SparseSpaceKernel, size: number) => {
    const store = new ValueStore(size);
    const seconds = time(() => new Kernel(c).fill(store, 0, size));
    return { store, seconds };
  };
  let ref: number[] = [];
  const tRef = time(() => (ref = referenceValues({ kind: 'take-and-break', code: c }, referenceN)));
  const small = fill(TakeBreakKernel, referenceN);
  const direct = fill(TakeBreakKernel, n);
  const sparse = fill(SparseSpaceKernel, n);
  const agree = ref.every((v, i) => v === small.store.values[i]) && direct.store.values.every((v, i) => v === sparse.store.values[i]);
  out(
    `[kernels] ${code}: reference ${seconds(tRef)} vs direct kernel ${seconds(small.seconds)} on ${count(referenceN)} values (${ratio(tRef / small.seconds)} faster); ` +
      `direct ${seconds(direct.seconds)} vs rare/common ${seconds(sparse.seconds)} on ${count(n)} values (${ratio(direct.seconds / sparse.seconds)} faster)` +
      (agree ? '' : '  MISMATCH'),
  );
  if (!agree) process.exitCode = 1;
}

interface GameRun {
  code: string;
  seconds: number;
  /** Seconds of it in proof attempts. */
  proofSeconds: number;
  computed: number;
  checksum: string;
  pattern: { preperiod: number; period: number; proven: boolean; valuesNeeded: number | null } | null;
  rareHeaps: number | null;
  runsOn: string | null;
  maxValue: number;
  peakRssMiB: number;
}

/** One game in a child process; `typescript` turns the WebAssembly loop off (then threads > 1 use the pool). */
function runGame(code: string, limit: number, threads: number, typescript = false): GameRun {
  const script = fileURLToPath(new URL('./game-run.js', import.meta.url));
  const env = typescript ? { ...process.env, SG_EXPLORE_NO_WASM: '1' } : process.env;
  const child = spawnSync(process.execPath, [script, code, String(limit), String(threads)], { encoding: 'utf8', maxBuffer: 1 << 20, env });
  if (child.status !== 0) throw new Error(`game-run ${code} failed: ${child.stderr.trim()}`);
  return JSON.parse(child.stdout) as GameRun;
}

function gameLine(label: string, r: GameRun, how: number | string): string {
  const threads = typeof how === 'number' ? `${how} thread(s) allowed${r.runsOn ? `, ran on ${r.runsOn}` : ''}` : how;
  const pattern = r.pattern ? `preperiod ${r.pattern.preperiod}, period ${r.pattern.period}, ${r.pattern.proven ? 'proven' : 'observed'}` : 'no period';
  const rare = r.rareHeaps === null ? '' : `, ${count(r.rareHeaps)} rare heaps`;
  const proofs = `proof attempts ${seconds(r.proofSeconds)} (${((100 * r.proofSeconds) / r.seconds).toFixed(1)}% of the run)`;
  return `[game]  ${label}: ${count(r.computed)} values in ${seconds(r.seconds)} with ${threads}; ${pattern}${rare}; ${proofs}; largest value ${r.maxValue}; peak RSS ${r.peakRssMiB.toFixed(0)} MiB`;
}

/**
 * The domain sparse space (issue 24): the rare/common kernel held to the
 * range, as before, against the kernel choosing range or domain, on the same
 * values in this process. Codes sparse in the domain gain; those sparse in
 * neither (0.04, 0.06) or in the range (Officers) keep the range and its speed.
 */
export function benchSparseSpaces(out: Out): void {
  const size = quick ? 1 << 15 : 1 << 17;
  out(`== Sparse space: range only (as before) against range or domain, WebAssembly, ${count(size)} values each`);
  // The first fill compiles the module and warms the loops: not inside either timing.
  new SparseSpaceKernel(parseCode('0.6'), true).fill(new ValueStore(1 << 14), 0, 1 << 14);
  for (const code of ['0.104', '0.106', '0.205', '0.207', '0.324', '0.204', '0.04', '0.06', '0.6']) {
    const run = (space: 'range' | null) => {
      const store = new ValueStore(size);
      const kernel = new SparseSpaceKernel(parseCode(code), true, space);
      const secs = time(() => kernel.fill(store, 0, size));
      return { secs, store, rare: kernel.rare };
    };
    const range = run('range');
    const chosen = run(null);
    const same = range.store.values.subarray(0, size).every((v, i) => v === chosen.store.values[i]);
    out(
      `[space] ${code}: range ${seconds(range.secs)} (${count(range.rare.count)} rare heaps, mask ${range.rare.mask}) vs ` +
        `${chosen.rare.space} ${seconds(chosen.secs)} (${count(chosen.rare.count)} rare heaps, mask ${chosen.rare.mask}): ` +
        `${ratio(range.secs / chosen.secs)} faster${chosen.rare.space === 'range' ? ' (the same space: no change expected)' : ''}${same ? ', same values' : '  MISMATCH'}`,
    );
    if (!same) process.exitCode = 1;
  }
  out('');
}

/**
 * One long run with blocks of heaps shared out (SparseSpaceKernel.fillAsync): on every core (two at least), this
 * thread and the workers. The same run on one thread is the reference.
 */
function benchSharedBlocks(out: Out): void {
  const cores = availableParallelism();
  const threads = Math.max(2, cores);
  const size = quick ? 1 << 20 : 1 << 22;
  out(`== One long run with blocks shared with worker threads (${threads} threads on ${cores} core(s)) against one thread`);
  for (const code of ['4!.0', '0.6']) {
    const one = runGame(code, size, 1);
    const many = runGame(code, size, threads);
    const same = one.checksum === many.checksum;
    out(gameLine(`${code} to ${count(size)}`, one, 1));
    out(gameLine(`${code} to ${count(size)}`, many, threads));
    out(`[ratio] ${code}: ${threads} threads / 1 thread time ${ratio(many.seconds / one.seconds)}, peak RSS ${ratio(many.peakRssMiB / one.peakRssMiB)}${same ? ', same values' : '  MISMATCH'}`);
    if (!same) process.exitCode = 1;
    blockModel(out, code, size);
  }
  out('');
}

/**
 * What more threads would give one long run, from what a heap of a shared block costs here (block-costs.ts: this
 * thread finishing it, F, asking for the next block included, and marking it, M; one worker marking it, V). With W
 * workers each marking a W-th share, this thread takes the share f that leaves both done together (OwnShare): a heap
 * then takes max(F + f M, (1 - f) V / W). T threads share blocks of 256 T heaps (512 at most: see BLOCKS), and the
 * larger the block the more of a heap's pairs this thread pairs itself: so each T's costs are measured with its own
 * block size, and with each block cut into T - 1 tasks for the one worker, so that F counts asking for as many shares
 * as T - 1 workers take. Not counted: the workers' side of a task (V counts only the marking) and any wait for an
 * answer (this thread waits here for marks due soon, rather than for a turn of the event loop).
 */
function blockModel(out: Out, code: string, size: number): void {
  const script = fileURLToPath(new URL('./block-costs.js', import.meta.url));
  type Costs = { blocks: number; finish: number; mark: number; workers: number; handOver: number };
  const run = (...args: number[]) => {
    const child = spawnSync(process.execPath, [script, code, String(size), ...args.map(String)], { encoding: 'utf8', maxBuffer: 1 << 20 });
    if (child.status !== 0) throw new Error(`block-costs ${code} failed: ${child.stderr.trim()}`);
    return JSON.parse(child.stdout) as { oneSeconds: number | null; sharedSeconds: number; checksum: string; same: boolean | null; costs: Costs | null };
  };
  const r = run();
  if (!r.costs) {
    out(`[model] ${code}: no block was shared out`);
    return;
  }
  const perHeap = (1e6 * r.oneSeconds!) / size;
  let same = r.same === true;
  const costsAt = (F: number, M: number, V: number) => `F ${F.toFixed(2)}, M ${M.toFixed(2)}, V ${V.toFixed(2)} us`;
  const predicted = [4, 8, 16].map((threads) => {
    const heaps = blockHeaps(BLOCKS, threads);
    const sized = run(heaps, threads - 1);
    same &&= sized.checksum === r.checksum;
    const { finish: F, mark: M, workers: V, handOver } = sized.costs ?? r.costs!;
    const each = V / (threads - 1);
    const f = balancedShare(F, M, each);
    const heap = Math.max(F + f * M, (1 - f) * each);
    return `${threads} threads ${ratio(perHeap / heap)} (blocks of ${heaps}: ${costsAt(F, M, V)}, asking for ${threads - 1} shares ${handOver.toFixed(0)} us a block)`;
  });
  const { finish: F, mark: M, workers: V } = r.costs;
  out(
    `[model] ${code} to ${count(size)}: one thread ${perHeap.toFixed(2)} us a heap; with blocks shared (this thread and one worker, ${seconds(r.sharedSeconds)} against ${seconds(r.oneSeconds!)}${same ? ', same values' : '  MISMATCH'}) ` +
      `a heap cost this thread F to finish and M to mark, the worker V to mark (${costsAt(F, M, V)}), and asking for a block's share ${r.costs.handOver.toFixed(0)} us; predicted speed-up: ${predicted.join(', ')}`,
  );
  if (!same) process.exitCode = 1;
}

/**
 * The library's use: one process analysing game after game. Each analysis has its own WebAssembly instance, whose
 * memory the garbage collector weighs; with 28 MB an instance (rare-heap tables sized for 2^22) 100 analyses of
 * Kayles took 3.5x the CPU of fddf252's (docs/kernels.md, "In-process analyses").
 */
export function benchRepeatedAnalyses(out: Out): void {
  const runs = 100;
  const game = { rule: { kind: 'take-and-break' as const, code: parseCode('0.77') } };
  let period = '';
  const before = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const x = analyseSync({ game }) as Exploration;
    period = `${x.pattern.kind}, ${x.computed} values`;
  }
  const used = process.cpuUsage(before);
  out(`[library] Kayles (0.77) to its proof, ${runs} analyses in one process: ${((used.user + used.system) / 1000 / runs).toFixed(2)} ms CPU an analysis (${period})`);
  out('');
}

export async function benchTakeBreak(out: Out): Promise<void> {
  const threads = availableParallelism();
  out('== Take-and-break kernels (each against its reference, same run)');
  kernelsAgainstReference(out, '0.16', 1 << 15, 1 << 11);
  kernelsAgainstReference(out, '0.6', 1 << 15, 1 << 11);
  kernelsAgainstReference(out, '4!.0', 1 << 15, 1 << 11);
  out('');

  benchRepeatedAnalyses(out);

  out(`== Rare/common kernel: TypeScript on 1 thread, TypeScript on the pool (${threads} threads), WebAssembly on 1 thread`);
  const size = quick ? 1 << 17 : 1 << 19;
  for (const code of ['0.6', '4!.0']) {
    const one = runGame(code, size, 1, true);
    const pool = runGame(code, size, threads, true);
    const wasm = runGame(code, size, 1);
    const same = one.maxValue === pool.maxValue && one.maxValue === wasm.maxValue && one.rareHeaps === wasm.rareHeaps;
    out(gameLine(`${code} to ${count(size)}`, one, 'TypeScript, 1 thread'));
    out(gameLine(`${code} to ${count(size)}`, pool, `TypeScript, pool of ${threads}`));
    out(gameLine(`${code} to ${count(size)}`, wasm, 'WebAssembly, 1 thread'));
    out(`[ratio] ${code}: pool / 1 thread time ${ratio(pool.seconds / one.seconds)}; WebAssembly / TypeScript time ${ratio(wasm.seconds / one.seconds)}${same ? '' : '  MISMATCH'}`);
    if (!same) process.exitCode = 1;
  }
  out('');

  benchSparseSpaces(out);
  benchSharedBlocks(out);

  out('== Targets (compute time inside the process; peak RSS of that process)');
  const targets: [string, string, number, string][] = [
    ['0.16', '0.16 to its proven period', 1 << 20, 'target < 1 s, preperiod 105351, period 149459'],
    ['0.56', '0.56 to its proven period', 1 << 20, 'target < 1 s, preperiod 326640, period 144'],
    ['0.6', `Officers (0.6) to ${quick ? '2^20' : '2^24'}`, quick ? 1 << 20 : 1 << 24, 'target < 120 s for 2^24'],
    ['4!.0', `Grundy's game to ${quick ? '2^20' : '2^24'}`, quick ? 1 << 20 : 1 << 24, 'issue 24: 2x faster than 39.8 s for 2^24 (the figure before it)'],
  ];
  // Each target against the same rare/common loop in C (gcc -O3, wasm/sparse.c without SIMD) on as many values.
  const c = compileCSparse();
  if ('skipped' in c) out(`[c-ref] skipped: ${c.skipped}`);
  for (const [code, label, limit, target] of targets) {
    const r = runGame(code, limit, threads);
    out(`${gameLine(label, r, threads)}  [${target}]`);
    if ('skipped' in c) continue;
    const ref = runCSparse(c.binary, code, r.computed);
    if ('stopped' in ref) {
      out(`[c-ref] ${code}: values reach 2^15 at ${count(ref.stopped)}; no C figure`);
      continue;
    }
    const same = ref.checksum === r.checksum;
    out(
      `[c-ref] ${code}: C (gcc -O3) ${seconds(ref.seconds)} on ${count(r.computed)} values; sg-explore (kernel + proofs) / C time ${ratio(r.seconds / ref.seconds)}` +
        (same ? `, checksums equal (${ref.checksum})` : `  MISMATCH (${r.checksum} against ${ref.checksum})`),
    );
    if (!same) process.exitCode = 1;
  }
  if (!('skipped' in c)) c.dispose();
}
