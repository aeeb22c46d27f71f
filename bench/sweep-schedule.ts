/**
 * Scheduling a sweep of costly rules (issue 24, point 6): the octal codes
 * 0.d, 0.dd and 0.ddd on every core, each batch's worker time recorded by a
 * wrapper around the pool. From those times, list scheduling (each task to
 * the thread that frees first) predicts the wall time on 8 and 16 threads:
 *  - in family order, as sweeps ran before first looks (each deferred rule's
 *    whole run right after its batch);
 *  - as the sweep runs now: the first looks, then the deferred rules
 *    costliest first by the guess the first look made;
 *  - the same with the true costs in place of the guesses (the best any
 *    guess could do);
 * against the longest rule alone and the work over the threads, which bound
 * every schedule from below. The target: within 1.2x of the longest rule at
 * 16 threads. A model, for a machine without 16 cores: it counts neither
 * hand-overs nor threads slowing each other (this machine's two vCPUs share
 * a core: two busy threads each run 1.1-1.5x slower, and the recorded times
 * carry that).
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Family } from '../src/sweep/family.js';
import { familySize } from '../src/sweep/family.js';
import { batchSize, SweepPool, type Batch, type BatchResult } from '../src/sweep/pool.js';
import { runSweep } from '../src/sweep/sweep.js';
import type { RowFormat } from '../src/sweep/row-lines.js';
import { ratio, seconds } from './measure.js';

const FAMILY: Family = { kind: 'octal', digits: { from: 1, to: 3 }, prefix: 0 };

/** One batch as the pool ran it. */
interface Task {
  readonly firstLook: boolean;
  /** Rules it held. */
  readonly rules: number;
  /** The family index of its first rule. */
  readonly index: number;
  readonly milliseconds: number;
  readonly deferred: readonly { readonly index: number; readonly cost: number }[];
}

/** Wall time of running `tasks` (milliseconds each) in this order on `threads` threads, each task to the thread free first. */
export function listSchedule(tasks: readonly number[], threads: number): number {
  const free = new Array<number>(threads).fill(0);
  for (const ms of tasks) {
    let first = 0;
    for (let t = 1; t < threads; t++) if (free[t]! < free[first]!) first = t;
    free[first]! += ms;
  }
  return Math.max(...free);
}

/** The sweep's task orders, from what the pool recorded. */
function orders(tasks: readonly Task[]): { familyOrder: number[]; guessed: number[]; trueCosts: number[]; longest: number; longestBatch: number; work: number } {
  const firstLooks = tasks.filter((t) => t.firstLook);
  const whole = new Map(tasks.filter((t) => !t.firstLook).map((t) => [t.index, t.milliseconds]));
  const deferred = firstLooks.flatMap((t) => t.deferred.map((d) => ({ ...d, milliseconds: whole.get(d.index)! })));
  const familyOrder = [...firstLooks]
    .sort((a, b) => a.index - b.index)
    .flatMap((t) => [t.milliseconds, ...t.deferred.map((d) => whole.get(d.index)!)]);
  const byGuess = [...deferred].sort((a, b) => b.cost - a.cost || a.index - b.index);
  const byTruth = [...deferred].sort((a, b) => b.milliseconds - a.milliseconds);
  const looks = firstLooks.map((t) => t.milliseconds);
  return {
    familyOrder,
    guessed: [...looks, ...byGuess.map((d) => d.milliseconds)],
    trueCosts: [...looks, ...byTruth.map((d) => d.milliseconds)],
    // Tasks of one rule: first looks finish costly rules too (0.414, non-sparse, at 2^16 heaps), in batches of their own once the pace is known.
    longest: Math.max(0, ...tasks.filter((t) => t.rules === 1).map((t) => t.milliseconds)),
    longestBatch: Math.max(0, ...tasks.filter((t) => t.rules > 1).map((t) => t.milliseconds)),
    work: tasks.reduce((sum, t) => sum + t.milliseconds, 0),
  };
}

/**
 * Sweep FAMILY to `limit` values a rule (undefined: the default limits and
 * the sparse stretch, minutes of work) on every core, and print the
 * schedules' predicted wall times.
 */
export async function benchSweepSchedule(out: (line: string) => void, limit: number | undefined): Promise<void> {
  const threads = availableParallelism();
  const total = Number(familySize(FAMILY));
  out(`== Sweep schedule: octal codes 0.d to 0.ddd (${total}), ${limit === undefined ? 'default limits' : `at most ${limit} values each`}, ${threads} threads`);
  const pool = await SweepPool.start({ threads });
  const tasks: Task[] = [];
  const recording = {
    threads: pool.threads,
    async runBatch(batch: Batch, batchLimit: number | undefined, format: RowFormat, pauseAt?: number): Promise<BatchResult> {
      const result = await pool.runBatch(batch, batchLimit, format, pauseAt);
      const index = batch.kind === 'range' ? batch.from : batch.rules[0]!.index;
      const deferred = result.deferred.map((d) => ({ index: d.index, cost: d.cost }));
      const rules = batchSize(batch);
      if (rules > 0) tasks.push({ firstLook: pauseAt !== undefined, rules, index, milliseconds: result.milliseconds, deferred });
      return result;
    },
  } as unknown as SweepPool;
  const chunks: Uint8Array[] = [];
  const started = performance.now();
  try {
    await runSweep({ pool: recording, work: { kind: 'family', family: FAMILY }, total, limit, output: { as: 'jsonl', onLines: (lines) => void chunks.push(lines) } });
  } finally {
    await pool.close();
  }
  const wall = performance.now() - started;
  if (limit === undefined) {
    // At the default limits the rows are those of the results file in the repository, first looks or not.
    const fixture = readFileSync(new URL('../../test/fixtures/octal-sweep-1-3.jsonl', import.meta.url), 'utf8');
    const same = Buffer.concat(chunks).toString() === fixture.slice(fixture.indexOf('\n') + 1);
    out(`[schedule]  rows ${same ? 'identical to' : 'DIFFER from'} test/fixtures/octal-sweep-1-3.jsonl`);
  }
  const { familyOrder, guessed, trueCosts, longest, longestBatch, work } = orders(tasks);
  const deferred = tasks.filter((t) => !t.firstLook).length;
  const looking = tasks.filter((t) => t.firstLook).reduce((sum, t) => sum + t.milliseconds, 0);
  out(
    `[schedule]  ${deferred} rules deferred by first looks; worker time ${seconds(work / 1000)} in all (first looks ${seconds(looking / 1000)}), the longest rule ${seconds(longest / 1000)} ` +
      `(the longest batch of several ${seconds(longestBatch / 1000)}); ` +
      `this run ${seconds(wall / 1000)} on ${threads} threads (the model gives ${seconds(listSchedule(guessed, threads) / 1000)})`,
  );
  for (const t of [8, 16]) {
    const bound = Math.max(longest, work / t);
    const line = (name: string, order: number[]) => {
      const ms = listSchedule(order, t);
      return `${name} ${seconds(ms / 1000)} (${ratio(ms / longest)} the longest rule)`;
    };
    out(
      `  at ${t} threads: ${line('family order', familyOrder)}; ${line('costliest first, guessed', guessed)}; ` +
        `${line('true costs', trueCosts)}; no schedule beats ${seconds(bound / 1000)} (${ratio(bound / longest)})` +
        (t === 16 ? ` [target: within 1.2x of the longest rule]` : ''),
    );
  }
}
