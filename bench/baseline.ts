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
import { availableParallelism } from 'node:os';
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

/** The report as the baseline would have written it: the new fields left out (and kernel.runsOn, which names the threads, unless kept). */
function withoutNewFields(json: string, keepRunsOn = true): string {
  const report = JSON.parse(json) as Record<string, unknown>;
  for (const field of NEW_FIELDS) delete report[field];
  const kernel = report.kernel as Record<string, unknown> | null | undefined;
  if (kernel) for (const field of [...NEW_KERNEL_FIELDS, ...(keepRunsOn ? [] : ['runsOn'])]) delete kernel[field];
  return JSON.stringify(report);
}
/** The same without kernel.runsOn: blocks shared with worker threads say so there, and the baseline had none. */
const sameWork = (json: string) => withoutNewFields(json, false);

/** The last commit before the issue's first kernel change (the 16-bit SIMD witness scan). */
export const BASELINE_COMMIT = '732d7f3';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The last commit before issue 24's work began (the record-scale issue: "Grundy's game to 2^24 at least 2x faster than today"). */
export const ISSUE_24_COMMIT = 'b75438b';

/** A commit's compiled CLI, built once into bench/.build; or why not. */
function buildBaseline(commit: string): { cli: string } | { skipped: string } {
  const dir = join(root, 'bench/.build', `baseline-${commit}`);
  const cli = join(dir, 'dist/src/cli/main.js');
  if (existsSync(cli)) return { cli };
  mkdirSync(dir, { recursive: true });
  const archive = spawnSync('sh', ['-c', `git -C "$0" archive ${commit} | tar -x -C "$1"`, root, dir], { encoding: 'utf8' });
  if (archive.status !== 0) return { skipped: `no git history for ${commit} (${archive.stderr.trim().split('\n')[0]})` };
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')], { encoding: 'utf8' });
  if (tsc.status !== 0 || !existsSync(cli)) return { skipped: `tsc failed on ${commit}: ${tsc.stdout.trim().split('\n')[0]}` };
  return { cli };
}

/**
 * Grundy's game to 2^24 now (all cores, then one thread) and at ISSUE_24_COMMIT, one run each (about a
 * minute each here), the JSON reports compared. Only with SG_BENCH_RECORDS=1.
 */
export function benchIssue24Grundy(out: Out): void {
  const then = buildBaseline(ISSUE_24_COMMIT);
  if ('skipped' in then) {
    out(`[baseline] skipped: ${then.skipped}`);
    return;
  }
  const current = fileURLToPath(new URL('../sg-explore.cjs', import.meta.url));
  const args = ['--code', '4!.0', '--max', String((1 << 24) - 1), '--format', 'json'];
  const all = timed(process.execPath, [current, ...args], sameWork);
  const one = timed(process.execPath, [current, ...args, '--threads', '1'], sameWork);
  const before = timed(process.execPath, [then.cli, ...args], sameWork);
  const same = all.result === before.result && one.result === before.result;
  out(
    `[baseline]  Grundy's game (4!.0) to 2^24: ${seconds(all.seconds)} now (${availableParallelism()} threads; ${seconds(one.seconds)} on one) against ` +
      `${seconds(before.seconds)} at ${ISSUE_24_COMMIT}, when issue 24 was filed: ${ratio(before.seconds / all.seconds)} faster ` +
      `(${ratio(before.seconds / one.seconds)} on one thread) [target >= 2x]; ${same ? 'the same JSON report' : 'MISMATCH in the JSON report'}`,
  );
  if (!same) process.exitCode = 1;
}

export function benchBaseline(out: Out): void {
  out(`== Against commit ${BASELINE_COMMIT} (the program when the speed issue was filed; whole processes, in turn)`);
  const baseline = buildBaseline(BASELINE_COMMIT);
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
