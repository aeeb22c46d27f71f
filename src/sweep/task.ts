/**
 * What a sweep worker is asked and what it answers. A task is a batch of
 * rules: listed one by one (a --rules file, a resumed sweep), or a stretch
 * of a family's indices that the worker enumerates itself, so the main
 * thread does not build and send thousands of rules. The answer comes back
 * as finished lines of a file format, in UTF-8: the main thread writes them
 * as they are (or, to filter or sort, parses JSON lines).
 */
import { freeMemoryBudget, type ValueArray } from '../core/kernels/store.js';
import { ruleText } from '../core/kinds/registry.js';
import { familyRulesFrom, inShard, type Family, type Shard } from './family.js';
import { rowLine, type RowFormat } from './row-lines.js';
import { runRule, type DeferredRule, type RuleJob, type UnsolvedValues } from './run-rule.js';
import { frequencyLine } from './frequency-line.js';

/** A stretch of a family: the indices from..to-1 that fall in the shard. */
export interface FamilyRange {
  readonly family: Family;
  readonly from: number;
  readonly to: number;
  readonly shard: Shard | null;
}

/**
 * `pauseAt`: a first look, in which rules that would compute that heap or
 * later are deferred (see RuleJob.pauseAt). `resume`: for a task of one
 * deferred rule, its first look's values (RuleJob.resume).
 */
export type SweepTask =
  | { readonly type: 'probe' }
  /** `jobs` is the JSON text of a RuleJob[]: one string crosses threads in one copy. */
  | { readonly type: 'rules'; readonly jobs: string; readonly format: RowFormat; readonly pauseAt?: number; readonly resume?: ValueArray; readonly frequencies?: boolean; readonly maxRareHeaps?: number; readonly maxRareWork?: number }
  | {
      readonly type: 'range';
      readonly range: FamilyRange;
      readonly limit: number | undefined;
      readonly format: RowFormat;
      readonly pauseAt?: number;
      readonly resume?: ValueArray;
      readonly frequencies?: boolean;
      /** The rare heaps a rule may have (RuleJob.maxRareHeaps; default SWEEP_MAX_RARE_HEAPS). */
      readonly maxRareHeaps?: number;
      /** The rare work a rule may do (RuleJob.maxRareWork). */
      readonly maxRareWork?: number;
    };

/** The first rule of a batch that failed, for the closing message. */
export interface FailedRule {
  /** Its position in the family (which failure came first). */
  readonly index: number;
  readonly rule: string;
  readonly error: string;
}

export type SweepTaskResult =
  | { readonly type: 'probe'; readonly protocol: typeof SWEEP_PROTOCOL }
  | {
      readonly type: 'done';
      /** The rows as lines of the task's format, in UTF-8 (bytes, not a string: see LineBytes). */
      readonly lines: Uint8Array;
      readonly count: number;
      readonly failed: number;
      readonly firstFailure: FailedRule | null;
      readonly milliseconds: number;
      /** Rules deferred by a first look, in family order, each with the byte offset in `lines` where its row belongs. */
      readonly deferred: readonly Deferral[];
      /** With SweepTask.frequencies: a JSON line for each finished rule with no period proven (see frequencyLine); else ''. */
      readonly frequencies: string;
    };

/** A deferred rule and where its row goes among a batch's lines. */
export interface Deferral extends DeferredRule {
  readonly offset: number;
}

/** Bumped when tasks or results change shape, so a stale worker file is caught by the probe. */
export const SWEEP_PROTOCOL = 6;

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
export function* taskJobs(task: Exclude<SweepTask, { type: 'probe' }>): Iterable<RuleJob> {
  const jobs = task.type === 'rules' ? (JSON.parse(task.jobs) as RuleJob[]) : rangeJobs(task.range, task.limit);
  const { pauseAt, resume, maxRareHeaps, maxRareWork } = task;
  if (pauseAt === undefined && resume === undefined && maxRareHeaps === undefined && maxRareWork === undefined) return yield* jobs;
  for (const job of jobs) yield { ...job, pauseAt, resume, maxRareHeaps, maxRareWork };
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
  // Free memory, read once for the batch (about 25 ms of work): read per rule, it would cost more than cheap rules do.
  const memoryBudget = freeMemoryBudget();
  const lines = new LineBytes();
  let count = 0;
  let failed = 0;
  let firstFailure: FailedRule | null = null;
  const deferred: Deferral[] = [];
  let frequencies = '';
  const onUnsolved = task.frequencies ? (unsolved: UnsolvedValues) => (frequencies += frequencyLine(unsolved)) : undefined;
  for (const job of taskJobs(task)) {
    const row = runRule(job, memoryBudget, onUnsolved);
    if (!('rule' in row)) {
      deferred.push({ ...row, offset: lines.length });
      continue;
    }
    count++;
    if (row.kind === 'error') {
      failed++;
      firstFailure ??= { index: row.index, rule: row.rule, error: row.error ?? 'failed' };
    }
    lines.add(rowLine(row, task.format));
  }
  return { type: 'done', lines: lines.bytes(), count, failed, firstFailure, milliseconds: performance.now() - started, deferred, frequencies };
}

const encoder = new TextEncoder();

/**
 * Lines gathered as UTF-8 bytes in one growing buffer. Kept as strings
 * until the batch ends, thousands of lines would survive every young-
 * generation collection on the way and be copied each time: in a sweep of
 * cheap rules that cost more than the rules (a third of the worker's time).
 */
class LineBytes {
  private buffer = new Uint8Array(1 << 16);
  private end = 0;

  /** Bytes written so far. */
  get length(): number {
    return this.end;
  }

  add(line: string): void {
    for (;;) {
      const { read, written } = encoder.encodeInto(line, this.buffer.subarray(this.end));
      if (read === line.length) {
        this.end += written;
        return;
      }
      const bigger = new Uint8Array(this.buffer.length * 2);
      bigger.set(this.buffer.subarray(0, this.end));
      this.buffer = bigger;
    }
  }

  bytes(): Uint8Array {
    return this.buffer.slice(0, this.end); // a copy of just the lines: a view would send the whole buffer
  }
}
