/**
 * sg-explore benchmark: `npm run bench` (builds, then runs dist/bench/run.js).
 *
 * Reports, all measured in this one run:
 *   1. the subtraction kernel against the plain reference (throughput: the
 *      reference is timed on far fewer values, since it is far too slow for N);
 *   2. the same kernel against the same loop in C (gcc -O3), with checksums;
 *   3. whole-process time of the CLI against a bare `node -e ""`;
 *   4. the take-and-break kernels, the range against the domain sparse space, and target runs (bench/take-break.ts);
 *   5. sweep throughput (bench/sweep.ts), and the schedule of a sweep of costly rules: the 3-digit octal codes, with its
 *      predicted wall time on 8 and 16 threads, at 2^18 values a rule, at the default limits with SG_BENCH_RECORDS=1
 *      (bench/sweep-schedule.ts);
 *   6. CSV output of 10^8 rows to a file, a pipe and --out, each process's peak RSS (bench/output.ts);
 *   7. the 2048 x 2048 Wythoff table against the naive reference (bench/two-pile.ts);
 *   8. 500,000 Nim heaps from stdin with every winning move, against a plain parse-and-xor loop (bench/positions.ts),
 *      and positions a theorem answers at 10^18 (Wythoff, Fibonacci Nim) against a bare node (bench/theorem-positions.ts);
 *   9. a rule module against its built-in twin: examples/one-more.mjs and --preset one-more (bench/rule-module.ts);
 *  10. side by side with the Rust solver ogs when SG_BENCH_OGS gives its ogsolve binary (bench/ogs.ts), and the frontier:
 *      seven unsolved octal games at 2^22 and 2^24 against ogs and Rogalski's solver (SG_BENCH_ROGALSKI) where given
 *      (bench/frontier.ts; SG_BENCH_ONLY=frontier runs that section alone);
 *  11. records: .1777 to its proof through a kill -9 and a resume, only with SG_BENCH_RECORDS=1 (bench/records.ts);
 *  12. the web app in headless Chromium: its first view, Kayles to its proof against the CLI, its gzipped size (bench/web.ts);
 * plus the peak RSS of this process. Absolute times are printed with every ratio.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { arch, cpus, loadavg, platform } from 'node:os';
import { fileURLToPath } from 'node:url';
import { fillSubtraction } from '../src/core/kinds/subtraction/subtraction-kernel.js';
import { referenceValues } from '../test/oracles/reference.js';
import type { SubtractionRule } from '../src/core/kinds/registry.js';
import { compileCKernel, C_FLAGS, runCKernel } from './c-kernel.js';
import { benchTakeBreak } from './take-break.js';
import { benchOutput } from './output.js';
import { benchTwoPile } from './two-pile.js';
import { benchPositions } from './positions.js';
import { benchTheoremPositions } from './theorem-positions.js';
import { benchRecords } from './records.js';
import { benchSweepSchedule } from './sweep-schedule.js';
import { benchRuleModule } from './rule-module.js';
import { benchOgs } from './ogs.js';
import { benchFrontier } from './frontier.js';
import { benchBaseline, benchIssue24Grundy } from './baseline.js';
import { benchWeb } from './web.js';
import {
  bestOf,
  checksum,
  checksumText,
  count,
  ratio,
  runsText,
  sameChecksum,
  seconds,
  setText,
  summarize,
  throughput,
  type Checksum,
  type Timing,
} from './measure.js';

/** Table size for the kernel (JS and C). */
const N = 100_000_000;
/** Timed runs per measurement (best is used)... */
const MAX_RUNS = 3;
/** ...but stop repeating once a measurement has used this many seconds. */
const BUDGET_SECONDS = 15;
/** JS/C target. */
const TARGET_JS_OVER_C = 1.5;
/** Whole-process runs per command (after one untimed warm-up each). */
const PROCESS_RUNS = 11;
/** Whole process of `--moves 1,2,3 --max 1e6` over a bare `node -e ""`, by median. */
const TARGET_START_UP = 1.5;

/** 40 distinct moves in 1..120 from a fixed LCG, so the set is the same every run. */
function fortyMoves(): number[] {
  const moves = new Set<number>();
  let x = 1234567;
  while (moves.size < 40) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    moves.add(1 + ((x >>> 8) % 120));
  }
  return [...moves].sort((a, b) => a - b);
}

interface Case {
  readonly label: string;
  readonly moves: readonly number[];
  /** How many values the reference computes (it is far too slow for N). */
  readonly referenceCount: number;
}

const CASES: readonly Case[] = [
  { label: 'S={1,2,3} (3-move straight-line path)', moves: [1, 2, 3], referenceCount: 1_000_000 },
  { label: 'S={2,5,7,11,13} (generic 32-bit mask path)', moves: [2, 5, 7, 11, 13], referenceCount: 1_000_000 },
  { label: `S=${setText(fortyMoves())} (|S| >= 32 path)`, moves: fortyMoves(), referenceCount: 100_000 },
];

interface CaseResult {
  readonly c: Case;
  readonly js: Timing;
  readonly jsSum: Checksum;
  readonly ref: Timing;
  readonly refAgrees: boolean;
  readonly cTime?: Timing;
  readonly cMatches?: boolean;
}

const out = (line: string): void => {
  process.stdout.write(line + '\n');
};
let failed = false;

/**
 * The 1-minute load average, with a warning when other work competes for the
 * CPUs. `own` is the load this bench itself adds (about 1 while it runs).
 */
function loadText(when: string, own: number): string {
  const load = loadavg()[0]!;
  const busy = load - own > cpus().length - 1.5;
  return `load average (1 min) ${when}: ${load.toFixed(2)} on ${cpus().length} CPUs${busy ? ' -- WARNING: machine busy, timings are noisy' : ''}`;
}

function header(): void {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  out(`sg-explore benchmark: node ${process.version}, ${platform()} ${arch()}, ${cpus().length} CPUs (${cpu})`);
  out(loadText('at start', 0));
  out(
    `Each timing is the best of up to ${MAX_RUNS} runs (fewer when the runs so far took over ${BUDGET_SECONDS} s); ` +
      `all runs are listed. Ratios below are computed from times measured in this run.`,
  );
  out('');
}

function benchCase(c: Case, g: Uint8Array, compiler: ReturnType<typeof compileCKernel>): CaseResult {
  const rule: SubtractionRule = { kind: 'subtraction', moves: c.moves };
  out(`== ${c.label}`);
  if (c.moves.length > 8) out(`   moves: {${c.moves.join(',')}}`);

  // 1a. The JS kernel on the full table. The table is zeroed (and so resident)
  // before every run, outside the timing; the C side does the same.
  const js = bestOf(() => fillSubtraction(g, c.moves, 0, N), MAX_RUNS, BUDGET_SECONDS, () => g.fill(0));
  const jsSum = checksum(g, N);
  out(`[JS kernel]  fillSubtraction(g, S, 0, ${count(N)})  best ${seconds(js.best)}  ${throughput(N, js.best)}  (${runsText(js)})  ${checksumText(jsSum)}`);

  // 1b. The reference on fewer values; checked against the kernel's table.
  let refValues: number[] = [];
  const ref = bestOf(() => {
    refValues = referenceValues(rule, c.referenceCount);
  }, MAX_RUNS, BUDGET_SECONDS);
  let refAgrees = refValues.length === c.referenceCount;
  for (let n = 0; refAgrees && n < c.referenceCount; n++) refAgrees = refValues[n] === g[n];
  refValues = [];
  out(
    `[reference]  referenceValues(rule, ${count(c.referenceCount)})  best ${seconds(ref.best)}  ${throughput(c.referenceCount, ref.best)}  ` +
      `(${runsText(ref)})  NOTE: timed on ${count(c.referenceCount)} values, not ${count(N)}; ` +
      (refAgrees ? `agrees with the kernel on all ${count(c.referenceCount)}` : 'DISAGREES with the kernel'),
  );
  if (!refAgrees) failed = true;

  // 2. The same loop in C.
  if ('skipped' in compiler) return { c, js, jsSum, ref, refAgrees };
  const result = runCKernel(compiler.binary, c.moves, N, MAX_RUNS, BUDGET_SECONDS);
  const cTime = summarize(result.runs);
  const cMatches = sameChecksum(result.checksum, jsSum);
  out(
    `[C ${C_FLAGS.join(' ')}]  same fill, N=${count(N)}  best ${seconds(cTime.best)}  ${throughput(N, cTime.best)}  (${runsText(cTime)})  ` +
      `${checksumText(result.checksum)}  ${cMatches ? '(matches JS)' : 'MISMATCH with JS'}`,
  );
  if (!cMatches) failed = true;
  return { c, js, jsSum, ref, refAgrees, cTime, cMatches };
}

interface ProcessResult {
  /**
   * The program as installed (bin/sg-explore, which drops NODE_EXTRA_CA_CERTS and runs the bundle), the bundle run
   * by node directly, the compiled ES module tree it is built from, and a bare node, with and without that variable.
   */
  readonly cli: Timing;
  readonly bundle: Timing;
  readonly tree: Timing;
  readonly bare: Timing;
  readonly bareNoCerts: Timing;
  /** NODE_EXTRA_CA_CERTS as this bench found it (Node 20 parses that file at every start). */
  readonly extraCaCerts: string | undefined;
}

function benchProcess(): ProcessResult | string {
  const launcher = fileURLToPath(new URL('../../bin/sg-explore', import.meta.url));
  const bundle = fileURLToPath(new URL('../sg-explore.cjs', import.meta.url));
  const tree = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
  if (!existsSync(bundle)) return `CLI not built at ${bundle}`;
  const args = ['--moves', '1,2,3', '--max', '1e6'];
  const node = process.execPath;
  const noCerts = { ...process.env };
  delete noCerts.NODE_EXTRA_CA_CERTS;
  const commands: Record<keyof Omit<ProcessResult, 'extraCaCerts'>, { command: string; argv: string[]; env: NodeJS.ProcessEnv }> = {
    cli: { command: launcher, argv: args, env: process.env },
    bundle: { command: node, argv: [bundle, ...args], env: process.env },
    tree: { command: node, argv: [tree, ...args], env: process.env },
    bare: { command: node, argv: ['-e', ''], env: process.env },
    bareNoCerts: { command: node, argv: ['-e', ''], env: noCerts },
  };
  const devNull = openSync('/dev/null', 'w');
  try {
    const once = ({ command, argv, env }: { command: string; argv: string[]; env: NodeJS.ProcessEnv }): number => {
      const start = process.hrtime.bigint();
      const child = spawnSync(command, argv, { stdio: ['ignore', devNull, 'pipe'], env });
      const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
      if (child.error || child.status !== 0) {
        throw new Error(`${command} ${argv.join(' ')} failed: ${child.error?.message ?? `exit ${child.status}: ${child.stderr}`}`);
      }
      return elapsed;
    };
    const keys = Object.keys(commands) as (keyof typeof commands)[];
    for (const key of keys) once(commands[key]); // warm-up: file cache
    const runs = Object.fromEntries(keys.map((key) => [key, [] as number[]])) as Record<keyof typeof commands, number[]>;
    for (let i = 0; i < PROCESS_RUNS; i++) {
      // Interleaved so that drift in machine load hits all alike.
      for (const key of keys) runs[key].push(once(commands[key]));
    }
    const timing = Object.fromEntries(keys.map((key) => [key, summarize(runs[key])])) as Record<keyof typeof commands, Timing>;
    const result: ProcessResult = { ...timing, extraCaCerts: process.env.NODE_EXTRA_CA_CERTS };
    const line = (what: string, t: Timing) => out(`[process]  ${what}  median ${seconds(t.median)}  best ${seconds(t.best)}  (${runsText(t)})`);
    out('== Whole process (spawnSync wall time, stdout to /dev/null)');
    out(`NODE_EXTRA_CA_CERTS is ${result.extraCaCerts === undefined ? 'not set' : `set (${result.extraCaCerts}): Node parses it at every start, and bin/sg-explore drops it`}`);
    line(`bin/sg-explore ${args.join(' ')} (the installed command)`, result.cli);
    line(`node dist/sg-explore.cjs ${args.join(' ')} (the bundle, environment as it is)`, result.bundle);
    line('node dist/src/cli/main.js (the unbundled ES modules)', result.tree);
    line('node -e ""', result.bare);
    line('node -e "" without NODE_EXTRA_CA_CERTS', result.bareNoCerts);
    return result;
  } finally {
    closeSync(devNull);
  }
}

/**
 * The sweep figures come from a process of their own (bench/sweep.ts run directly), as a user's sweep
 * runs. Run inside this process, grown to hundreds of MiB by the parts before, the 34,220-rule sweep
 * gave 0.99x from 2 threads in two runs, against 1.33x in a process of its own.
 */
function benchSweepsApart(): void {
  const script = fileURLToPath(new URL('./sweep.js', import.meta.url));
  const child = spawnSync(process.execPath, [script], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (child.error || child.status !== 0) {
    out(`[sweep] FAILED: ${child.error?.message ?? `exit ${child.status}`}`);
    failed = true;
  }
}

async function main(): Promise<void> {
  const started = process.hrtime.bigint();
  header();
  if (process.env.SG_BENCH_ONLY === 'frontier') {
    benchFrontier(out);
    out(`[total]  bench wall time ${seconds(Number(process.hrtime.bigint() - started) / 1e9)}`);
    return;
  }

  const compiler = compileCKernel();
  if ('skipped' in compiler) out(`[C] SKIPPED: ${compiler.skipped}; the JS/C comparison is not made.`);
  else out(`[C] compiled with ${compiler.version}, flags ${C_FLAGS.join(' ')} (temp dir, removed at the end)`);
  out('');

  const results: CaseResult[] = [];
  let processResult: ProcessResult | string;
  try {
    const g = new Uint8Array(N); // values never exceed |S| <= 40, so 8 bits hold them
    for (const c of CASES) {
      results.push(benchCase(c, g, compiler));
      out('');
    }
    processResult = benchProcess();
  } finally {
    if (!('skipped' in compiler)) compiler.dispose();
  }
  if (typeof processResult === 'string') out(`[process] SKIPPED: ${processResult}`);
  out('');
  await benchTakeBreak(out);
  out('');
  await benchOgs(out);
  out('');
  benchFrontier(out);
  await benchRecords(out);
  out('');
  benchBaseline(out);
  if (process.env.SG_BENCH_RECORDS === '1') benchIssue24Grundy(out);
  out('');
  benchSweepsApart();
  out('');
  await benchSweepSchedule(out, process.env.SG_BENCH_RECORDS === '1' ? undefined : 2 ** 18);
  out('');
  await benchOutput(out);
  out('');
  benchTwoPile(out);
  out('');
  benchPositions(out);
  benchTheoremPositions(out);
  out('');
  benchRuleModule(out);
  out('');
  await benchWeb(out);

  const maxRssKiB = process.resourceUsage().maxRSS; // kilobytes
  out('');
  out(`[memory]  peak RSS of this bench process: ${(maxRssKiB / 1024).toFixed(1)} MiB (the C and CLI child processes are not included)`);
  out(loadText('at end', 1));
  out(`[total]  bench wall time ${seconds(Number(process.hrtime.bigint() - started) / 1e9)}`);

  out('');
  out('== Ratios (same run; from the best times above)');
  for (const r of results) {
    const kernelRate = N / r.js.best;
    const refRate = r.c.referenceCount / r.ref.best;
    out(
      `kernel vs reference, ${setText(r.c.moves)}: kernel throughput ${ratio(kernelRate / refRate)} the reference's ` +
        `(${throughput(N, r.js.best)} over ${count(N)} values vs ${throughput(r.c.referenceCount, r.ref.best)} over ${count(r.c.referenceCount)} values)`,
    );
  }
  for (const r of results) {
    if (r.cTime === undefined) {
      out(`JS / C time, ${setText(r.c.moves)}: not measured (no C compiler)`);
      continue;
    }
    const x = r.js.best / r.cTime.best;
    const verdict = !r.cMatches
      ? 'INVALID: checksums differ'
      : x <= TARGET_JS_OVER_C
        ? `within the ${TARGET_JS_OVER_C}x target`
        : `MISSES the ${TARGET_JS_OVER_C}x target`;
    out(`JS / C time, ${setText(r.c.moves)}: ${ratio(x)}  (${seconds(r.js.best)} vs ${seconds(r.cTime.best)}, N=${count(N)}; ${verdict})`);
  }
  if (typeof processResult !== 'string') {
    const { cli, bundle, tree, bare, bareNoCerts } = processResult;
    const verdict = cli.median / bare.median <= TARGET_START_UP ? `within the ${TARGET_START_UP}x target` : `MISSES the ${TARGET_START_UP}x target`;
    out(
      `CLI process / bare node: ${ratio(cli.median / bare.median)} by median (${seconds(cli.median)} vs ${seconds(bare.median)}, ` +
        `+${seconds(cli.median - bare.median)}), ${ratio(cli.best / bare.best)} by best; ${verdict}. ` +
        `Against a bare node that reads no certificates either: ${ratio(cli.median / bareNoCerts.median)}. ` +
        `The bundle run by node directly: ${ratio(bundle.median / bare.median)}; unbundled ES modules: ${ratio(tree.median / bare.median)} by median`,
    );
  }
  if (failed) {
    out('FAILED: a correctness check above did not pass (see DISAGREES / MISMATCH).');
    process.exitCode = 1;
  }
}

await main();
