/**
 * One section of the bench, run on a chosen built checkout: `node dist/bench/section.js SECTION [CHECKOUT]`.
 *
 * Why: to compare two versions of the program section by section (docs/kernels.md, "Before and after
 * the issue-42 refactors"), each section is timed as a whole process under GNU time (user + sys CPU
 * seconds, which a loaded machine disturbs far less than wall time), once per checkout, in turn. The
 * section's own code is the checkout's (its dist/bench/*.js and dist/src), so an older checkout is
 * measured with the bench it shipped with; this file only picks the section. CHECKOUT defaults to this
 * one. Sections run here, in-process or as the checkout's own processes:
 *   kernel        fillSubtraction to 10^8 values for the bench's three move sets (the JS kernel rows)
 *   process       the installed command `bin/sg-explore --moves 1,2,3 --max 1e6`, 11 times
 *   take-break, baseline, sweep-schedule, output, two-pile, positions, theorem-positions,
 *   rule-module, web   the function of that name in the checkout's bench
 *   sweep         the checkout's dist/bench/sweep.js, a process of its own as `npm run bench` runs it
 * The ogs and frontier rows are single commands of the installed program; they are timed directly.
 *
 * `--small` (after the checkout) runs the four sections that take too long on a loaded machine as
 * commands of the checkout's installed program, the same for both checkouts, on one thread and
 * smaller (see SMALL): their two-thread rows wait on each other on two busy cores, and their sizes
 * (2^24 values, a 6e8-value record, 584 rules at 2^18) take hours there. The work is the same
 * kernels, proofs and sweeps, so a ratio between checkouts still says whether the program got slower.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

type Out = (line: string) => void;
type Section = (out: Out, limit?: number) => void | Promise<void>;

const out: Out = (line) => {
  process.stdout.write(line + '\n');
};

/** The bench's move sets for the kernel rows (bench/run.ts CASES), the 40-move set from the same LCG. */
function kernelSets(): number[][] {
  const forty = new Set<number>();
  let x = 1234567;
  while (forty.size < 40) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    forty.add(1 + ((x >>> 8) % 120));
  }
  return [[1, 2, 3], [2, 5, 7, 11, 13], [...forty].sort((a, b) => a - b)];
}

async function kernel(checkout: string): Promise<void> {
  const url = pathToFileURL(resolve(checkout, 'dist/src/core/kinds/subtraction/subtraction-kernel.js')).href;
  const { fillSubtraction } = (await import(url)) as { fillSubtraction: (g: Uint8Array, moves: readonly number[], from: number, to: number) => void };
  const n = 100_000_000;
  const g = new Uint8Array(n);
  for (const moves of kernelSets()) {
    g.fill(0);
    const before = process.cpuUsage();
    fillSubtraction(g, moves, 0, n);
    const used = process.cpuUsage(before);
    let sum = 0;
    for (let i = 0; i < n; i++) sum = (sum + g[i]!) >>> 0;
    out(`[kernel] |S|=${moves.length}: cpu ${((used.user + used.system) / 1e6).toFixed(3)} s, sum ${sum}`);
  }
}

function child(command: string, args: readonly string[], times = 1): void {
  for (let i = 0; i < times; i++) {
    const run = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    if (run.error || run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${run.error?.message ?? `exit ${run.status}`}`);
  }
}

/** A command of the installed program, and what its environment adds (SG_EXPLORE_NO_WASM=1: the TypeScript kernel). */
type Command = { readonly args: readonly string[]; readonly env?: Readonly<Record<string, string>> };

/** Values to a limit, written as the frontier rows run them: one thread, no table. */
const toLimit = (code: string, limit: number, env?: Record<string, string>): Command => ({ args: ['--code', code, '--limit', String(limit), '--max', '1', '--format', 'json', '--threads', '1'], env });

/** The slow sections, small (`--small`). */
const SMALL: Record<string, readonly Command[]> = {
  // Officers and Grundy's game to 2^18 by the WebAssembly and TypeScript kernels; 0.16 and 0.56 to their proofs.
  'take-break': [
    toLimit('0.6', 2 ** 18),
    toLimit('4!.0', 2 ** 18),
    toLimit('0.6', 2 ** 18, { SG_EXPLORE_NO_WASM: '1' }),
    toLimit('4!.0', 2 ** 18, { SG_EXPLORE_NO_WASM: '1' }),
    { args: ['--code', '0.16', '--format', 'json'] },
    { args: ['--code', '0.56', '--format', 'json'] },
  ],
  // The baseline's command (Grundy's game, every value as JSON) to 2^20 instead of 2^24, one thread.
  baseline: [{ args: ['--code', '4!.0', '--max', String(2 ** 20 - 1), '--format', 'json', '--threads', '1'] }],
  // .1777 to 2^22 instead of its proof (4.4e8), and the 2-digit octal table to 2^16 values a rule instead of the 3-digit ones to 2^20.
  records: [toLimit('0.1777', 2 ** 22), { args: ['sweep', '--family', 'octal', '--digits', '1-2', '--limit', String(2 ** 16), '--format', 'jsonl', '--threads', '1'] }],
};

/** The section functions of the checkout's bench, by section name: [module, export]. */
const FUNCTIONS: Record<string, [string, string]> = {
  'take-break': ['take-break', 'benchTakeBreak'],
  baseline: ['baseline', 'benchBaseline'],
  'sweep-schedule': ['sweep-schedule', 'benchSweepSchedule'],
  output: ['output', 'benchOutput'],
  'two-pile': ['two-pile', 'benchTwoPile'],
  positions: ['positions', 'benchPositions'],
  'theorem-positions': ['theorem-positions', 'benchTheoremPositions'],
  'rule-module': ['rule-module', 'benchRuleModule'],
  web: ['web', 'benchWeb'],
};

async function main(): Promise<void> {
  const [section, checkoutArg, size] = process.argv.slice(2);
  const checkout = resolve(checkoutArg ?? new URL('../..', import.meta.url).pathname);
  const small = size === '--small';
  if (small && section !== undefined && Object.hasOwn(SMALL, section)) {
    for (const { args, env } of SMALL[section]!) {
      const run = spawnSync(resolve(checkout, 'bin/sg-explore'), args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
      if (run.error || run.status !== 0) throw new Error(`sg-explore ${args.join(' ')} failed: ${run.error?.message ?? `exit ${run.status}`}`);
    }
    return;
  }
  if (section === 'kernel') return kernel(checkout);
  if (section === 'process') return child(resolve(checkout, 'bin/sg-explore'), ['--moves', '1,2,3', '--max', '1e6'], 11);
  if (section === 'sweep') return child(process.execPath, [resolve(checkout, 'dist/bench/sweep.js')]);
  const entry = section === undefined ? undefined : FUNCTIONS[section];
  if (entry === undefined) {
    process.stderr.write(`section.js: unknown section ${JSON.stringify(section)}; one of kernel, process, sweep, ${Object.keys(FUNCTIONS).join(', ')} (and records with --small)\n`);
    process.exitCode = 2;
    return;
  }
  const module = (await import(pathToFileURL(resolve(checkout, 'dist/bench', `${entry[0]}.js`)).href)) as Record<string, Section>;
  // sweep-schedule takes the limit `npm run bench` gives it without SG_BENCH_RECORDS: 2^18 values a rule (--small: 2^14).
  await module[entry[1]]!(out, section === 'sweep-schedule' ? (small ? 2 ** 14 : 2 ** 18) : undefined);
}

await main();
