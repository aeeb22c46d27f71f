/**
 * The worker pool for sweeps (piscina 5.3). Each task is a batch of rules;
 * results do not depend on how rules are batched or which thread runs them.
 *
 * Start-up sends one probe task with a timeout: a worker file that fails to
 * load (or hangs while loading) is reported at once, instead of leaving
 * later tasks unsettled. A batch whose worker dies (a crash, running out of
 * memory) is run again one rule at a time, so only the rule that kills its
 * worker becomes an error row.
 */
import type { Piscina } from 'piscina';
import { startPool } from '../host/pool.js';
import { oneLineMessage } from '../core/errors.js';
import { bundledWorkerFile } from '../host/worker-path.js';
import { errorRow } from './row.js';
import { rowLine, type RowFormat } from './row-lines.js';
import { SWEEP_PROTOCOL, ruleAt, type Deferral, type FailedRule, type FamilyRange, type SweepTask, type SweepTaskResult } from './task.js';
import { inShard, shardSize, type IndexedRule } from './family.js';
import type { ValueArray } from '../core/kernels/store.js';

// From errors.js, not host/pool.js: this module's public types must not reach piscina's.
export { WorkerStartError } from '../core/errors.js';

export interface PoolOptions {
  readonly threads: number;
  /** The worker (default dist/sweep-rule.cjs, else dist/workers/sweep-rule.js; the SG_EXPLORE_SWEEP_WORKER variable overrides it, for tests). */
  readonly workerFile?: string;
  /** How long the start-up probe may take (default 30 s; SG_EXPLORE_PROBE_TIMEOUT_MS overrides it). */
  readonly probeTimeoutMs?: number;
}

/**
 * A batch of work: rules listed one by one, or a stretch of a family the
 * worker enumerates. `resume`: a deferred rule's first-look values (a batch of that one rule).
 */
export type Batch =
  | { readonly kind: 'rules'; readonly rules: readonly IndexedRule[]; readonly resume?: ValueArray }
  | ({ readonly kind: 'range'; readonly resume?: ValueArray } & FamilyRange);

/** What a sweep asks of every rule besides its row: frequency lines, and bounds on rare heaps and rare work other than the default (SweepTask). */
export interface BatchAsks {
  readonly frequencies?: boolean;
  readonly maxRareHeaps?: number;
  readonly maxRareWork?: number;
}

export interface BatchResult {
  /** The rows as lines of the format asked for, in UTF-8. */
  readonly lines: Uint8Array;
  readonly count: number;
  readonly failed: number;
  readonly firstFailure: FailedRule | null;
  /** Milliseconds the worker spent (0 when it crashed). */
  readonly milliseconds: number;
  /** Rules a first look deferred (see SweepTask's pauseAt): not in `count`, their rows not in `lines`. */
  readonly deferred: readonly Deferral[];
  /** Frequency lines of the batch's unsolved rules, when asked for (SweepTask.frequencies); else ''. */
  readonly frequencies: string;
}

/** How many rules a batch holds. */
export function batchSize(batch: Batch): number {
  return batch.kind === 'rules' ? batch.rules.length : shardSize(batch.to, batch.shard) - shardSize(batch.from, batch.shard);
}

/** The batch split into batches of one rule each (to isolate a rule that kills its worker). */
function singles(batch: Batch): Batch[] {
  if (batch.kind === 'rules') return batch.rules.map((rule) => ({ kind: 'rules', rules: [rule] }));
  const one: Batch[] = [];
  for (let i = batch.from; i < batch.to; i++) if (inShard(i, batch.shard)) one.push({ ...batch, from: i, to: i + 1 });
  return one;
}

/** The batch of one rule of `batch`: the one at family index `index` (a rule a first look deferred), going on from `resume`. */
export function batchOfOne(batch: Batch, index: number, resume?: ValueArray): Batch {
  if (batch.kind === 'range') return { ...batch, from: index, to: index + 1, resume };
  const rule = batch.rules.find((r) => r.index === index);
  if (!rule) throw new Error(`rule #${index} is not in the batch`);
  return { kind: 'rules', rules: [rule], resume };
}

/** The one rule of a single-rule batch: its index and text. */
function onlyRule(batch: Batch): { index: number; text: string } {
  if (batch.kind === 'rules') return { index: batch.rules[0]!.index, text: batch.rules[0]!.text };
  return { index: batch.from, text: ruleAt(batch.family, batch.from) };
}

function joined(parts: readonly BatchResult[]): BatchResult {
  const firstFailure = parts.find((p) => p.firstFailure)?.firstFailure ?? null;
  const deferred: Deferral[] = [];
  let offset = 0;
  for (const part of parts) {
    for (const d of part.deferred) deferred.push({ ...d, offset: offset + d.offset });
    offset += part.lines.byteLength;
  }
  return {
    deferred,
    lines: Buffer.concat(parts.map((p) => p.lines)),
    count: parts.reduce((sum, p) => sum + p.count, 0),
    failed: parts.reduce((sum, p) => sum + p.failed, 0),
    firstFailure,
    milliseconds: 0,
    frequencies: parts.map((p) => p.frequencies).join(''),
  };
}

function envNumber(name: string): number | undefined {
  const v = process.env[name];
  const n = v === undefined || v === '' ? NaN : Number(v);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}


export class SweepPool {
  private constructor(
    private readonly piscina: Piscina<SweepTask, SweepTaskResult>,
    readonly threads: number,
    readonly file: string,
  ) {}

  /** Start the threads and check, with a timeout, that the worker loads and answers. */
  static async start(options: PoolOptions): Promise<SweepPool> {
    const file = options.workerFile ?? (process.env.SG_EXPLORE_SWEEP_WORKER || bundledWorkerFile('sweep-rule'));
    const threads = Math.max(1, Math.floor(options.threads));
    const piscina = await startPool<SweepTask, SweepTaskResult>({
      file,
      threads,
      probe: { type: 'probe' },
      probeAnswerOk: (answer) => answer?.type === 'probe' && answer.protocol === SWEEP_PROTOCOL,
      probeTimeoutMs: options.probeTimeoutMs ?? envNumber('SG_EXPLORE_PROBE_TIMEOUT_MS'),
      role: 'sweep worker',
    });
    return new SweepPool(piscina, threads, file);
  }

  /**
   * Run a batch; never rejects. A worker that dies takes only the rule it
   * died on: the batch is run again one rule at a time, and that rule
   * becomes an error row. With `pauseAt`, a first look: rules that would
   * compute that heap or later come back deferred.
   */
  async runBatch(batch: Batch, limit: number | undefined, format: RowFormat, pauseAt?: number, asked: BatchAsks = {}): Promise<BatchResult> {
    const { frequencies, maxRareHeaps, maxRareWork } = asked;
    const task: SweepTask =
      batch.kind === 'rules'
        ? { type: 'rules', jobs: JSON.stringify(batch.rules.map(({ index, rule }) => ({ index, rule, limit }))), format, pauseAt, resume: batch.resume, frequencies, maxRareHeaps, maxRareWork }
        : { type: 'range', range: { family: batch.family, from: batch.from, to: batch.to, shard: batch.shard }, limit, format, pauseAt, resume: batch.resume, frequencies, maxRareHeaps, maxRareWork };
    const expected = batchSize(batch);
    try {
      const result = await this.piscina.run(task);
      if (result.type !== 'done' || result.count + result.deferred.length !== expected) throw new Error('the worker answered with the wrong number of rows');
      this.busyMilliseconds += result.milliseconds;
      const { lines, count, failed, firstFailure, milliseconds, deferred, frequencies } = result;
      return { lines, count, failed, firstFailure, milliseconds, deferred, frequencies };
    } catch (error) {
      if (expected === 1) {
        const { index, text } = onlyRule(batch);
        const row = errorRow(index, text, `worker failed: ${oneLineMessage(error)}`);
        return { lines: Buffer.from(rowLine(row, format)), count: 1, failed: 1, firstFailure: { index, rule: row.rule, error: row.error! }, milliseconds: 0, deferred: [], frequencies: '' };
      }
      return joined(await Promise.all(singles(batch).map((one) => this.runBatch(one, limit, format, pauseAt, asked))));
    }
  }

  /** Milliseconds the workers spent on batches so far, all together (for the bench's account of idle time). */
  busyMilliseconds = 0;

  async close(): Promise<void> {
    await this.piscina.destroy();
  }
}
