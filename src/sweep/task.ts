/**
 * What a sweep worker is asked and what it answers. A task is a batch of
 * rules: listed one by one (a --rules file, a resumed sweep), or a stretch
 * of a family's indices that the worker enumerates itself, so the main
 * thread does not build and send thousands of rules. The answer comes back
 * as one string: finished lines of the output file format, or a JSON array
 * of rows when the main thread must look at each row (a filter, a table).
 */
import { ruleText } from '../rules/model.js';
import { familyRulesFrom, inShard, type Family, type Shard } from './family.js';
import { rowLine, type RowFormat } from './row-lines.js';
import type { SweepRow } from './row.js';
import { runRule, type RuleJob } from './run-rule.js';

/** How rows come back: parsed by the main thread ('rows'), or as lines it writes as they are. */
export type TaskOutput = 'rows' | RowFormat;

/** A stretch of a family: the indices from..to-1 that fall in the shard. */
export interface FamilyRange {
  readonly family: Family;
  readonly from: number;
  readonly to: number;
  readonly shard: Shard | null;
}

export type SweepTask =
  | { readonly type: 'probe' }
  /** `jobs` is the JSON text of a RuleJob[]: one string crosses threads in one copy. */
  | { readonly type: 'rules'; readonly jobs: string; readonly output: TaskOutput }
  | { readonly type: 'range'; readonly range: FamilyRange; readonly limit: number | undefined; readonly output: TaskOutput };

/** The first rule of a batch that failed, for the closing message. */
export interface FailedRule {
  readonly rule: string;
  readonly error: string;
}

export type SweepTaskResult =
  | { readonly type: 'probe'; readonly protocol: typeof SWEEP_PROTOCOL }
  | {
      readonly type: 'done';
      /** The rows, in the task's output form. */
      readonly text: string;
      readonly count: number;
      readonly failed: number;
      readonly firstFailure: FailedRule | null;
      readonly milliseconds: number;
    };

/** Bumped when tasks or results change shape, so a stale worker file is caught by the probe. */
export const SWEEP_PROTOCOL = 3;

/** The rules of a range with their family indices. */
export function* rangeJobs(range: FamilyRange, limit: number | undefined): Generator<RuleJob> {
  let index = range.from;
  if (index >= range.to) return;
  for (const rule of familyRulesFrom(range.family, index)) {
    if (inShard(index, range.shard)) yield { index, rule, limit };
    if (++index >= range.to) return;
  }
}

/** The rules a task covers, in family order. */
export function taskJobs(task: Exclude<SweepTask, { type: 'probe' }>): Iterable<RuleJob> {
  return task.type === 'rules' ? (JSON.parse(task.jobs) as RuleJob[]) : rangeJobs(task.range, task.limit);
}

/** The canonical text of the rule at a family index (to name a rule whose worker died). */
export function ruleAt(family: Family, index: number): string {
  const first = familyRulesFrom(family, index).next();
  return first.done ? `rule #${index}` : ruleText(first.value);
}

/** The whole of a sweep worker's work (workers/sweep-rule.ts is this, and nothing else). */
export function handleSweepTask(task: SweepTask): SweepTaskResult {
  if (task.type === 'probe') return { type: 'probe', protocol: SWEEP_PROTOCOL };
  const started = performance.now();
  const rows: SweepRow[] = [];
  let text = '';
  let count = 0;
  let failed = 0;
  let firstFailure: FailedRule | null = null;
  for (const job of taskJobs(task)) {
    const row = runRule(job);
    count++;
    if (row.kind === 'error') {
      failed++;
      firstFailure ??= { rule: row.rule, error: row.error ?? 'failed' };
    }
    if (task.output === 'rows') rows.push(row);
    else text += rowLine(row, task.output);
  }
  if (task.output === 'rows') text = JSON.stringify(rows);
  return { type: 'done', text, count, failed, firstFailure, milliseconds: performance.now() - started };
}
