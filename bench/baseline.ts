/**
 * Against the program as it was: Grundy's game to 2^22 in this build and in
 * the commit where the speed issue was filed (before the vector witness
 * scan). The old tree comes out of this repository's own history (git
 * archive) into bench/.build (never part of the repository), is compiled with
 * this checkout's TypeScript, and borrows its node_modules. Without git
 * history (an unpacked tarball) the row is skipped.
 *
 * Both run as whole processes, in turn, with the same command line and JSON
 * output; the outputs must be the same, apart from the fields this build
 * adds (NEW_FIELDS).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ratio, seconds, summarize, timed } from './measure.js';

type Out = (line: string) => void;
const quick = process.env.SG_BENCH_QUICK === '1';

/**
 * Fields of the JSON report added or reworded since the baseline (every report's shape; the statistics row of
 * unsolved games; the words of valuesOmitted, which say why a large table lists no values), set aside when comparing.
 */
const NEW_FIELDS = ['shape', 'statistics', 'valuesOmitted'];
/** The same in its `kernel` object: the sparse space and its split take (the domain space, issue 24). */
const NEW_KERNEL_FIELDS = ['space', 'splitTake'];

/** The report as the baseline would have written it: the new fields left out. */
function withoutNewFields(json: string): string {
  const report = JSON.parse(json) as Record<string, unknown>;
  for (const field of NEW_FIELDS) delete report[field];
  const kernel = report.kernel as Record<string, unknown> | null | undefined;
  if (kernel) for (const field of NEW_KERNEL_FIELDS) delete kernel[field];
  return JSON.stringify(report);
}

/** The last commit before the first kernel change (the 16-bit SIMD witness scan). */
export const BASELINE_COMMIT = '732d7f3';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The baseline's compiled CLI, built once into bench/.build; or why not. */
function buildBaseline(): { cli: string } | { skipped: string } {
  const dir = join(root, 'bench/.build', `baseline-${BASELINE_COMMIT}`);
  const cli = join(dir, 'dist/src/cli/main.js');
  if (existsSync(cli)) return { cli };
  mkdirSync(dir, { recursive: true });
  const archive = spawnSync('sh', ['-c', `git -C "$0" archive ${BASELINE_COMMIT} | tar -x -C "$1"`, root, dir], { encoding: 'utf8' });
  if (archive.status !== 0) return { skipped: `no git history for ${BASELINE_COMMIT} (${archive.stderr.trim().split('\n')[0]})` };
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')], { encoding: 'utf8' });
  if (tsc.status !== 0 || !existsSync(cli)) return { skipped: `tsc failed on ${BASELINE_COMMIT}: ${tsc.stdout.trim().split('\n')[0]}` };
  return { cli };
}

export function benchBaseline(out: Out): void {
  out(`== Against commit ${BASELINE_COMMIT} (the program when the speed issue was filed; whole processes, in turn)`);
  const baseline = buildBaseline();
  if ('skipped' in baseline) {
    out(`[baseline] skipped: ${baseline.skipped}`);
    return;
  }
  const current = fileURLToPath(new URL('../sg-explore.cjs', import.meta.url));
  const heaps = quick ? 1 << 20 : 1 << 22;
  const args = ['--code', '4!.0', '--max', String(heaps - 1), '--format', 'json'];
  // Grundy's game takes tens of seconds a run: one pair in full, three when quick.
  const pairs = quick ? 3 : 1;
  const ours: number[] = [];
  const theirs: number[] = [];
  let same = true;
  for (let i = 0; i < pairs; i++) {
    const a = timed(process.execPath, [current, ...args], withoutNewFields);
    const b = timed(process.execPath, [baseline.cli, ...args], withoutNewFields);
    ours.push(a.seconds);
    theirs.push(b.seconds);
    same &&= a.result === b.result;
  }
  const [now, then] = [summarize(ours).median, summarize(theirs).median];
  out(
    `[baseline]  Grundy's game (4!.0) to ${quick ? '2^20' : '2^22'}: ${seconds(now)} now against ${seconds(then)} at ${BASELINE_COMMIT}: ` +
      `${ratio(then / now)} faster [target >= 1.3x]; ${same ? 'the same JSON report' : 'MISMATCH in the JSON report'}`,
  );
  if (!same) process.exitCode = 1;
}
