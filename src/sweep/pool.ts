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
import { startPool } from '../engine/pool.js';
import { oneLineMessage } from '../errors.js';
import { workerFile } from '../worker-path.js';
import { errorRow, type SweepRow } from './row.js';
import { SWEEP_PROTOCOL, type SweepTask, type SweepTaskResult } from './run-rule.js';
import type { IndexedRule } from './family.js';

export { WorkerStartError } from '../engine/pool.js';

export interface PoolOptions {
  readonly threads: number;
  /** The compiled worker (default dist/workers/sweep-rule.js; the SG_EXPLORE_SWEEP_WORKER variable overrides it, for tests). */
  readonly workerFile?: string;
  /** How long the start-up probe may take (default 30 s; SG_EXPLORE_PROBE_TIMEOUT_MS overrides it). */
  readonly probeTimeoutMs?: number;
}

export interface BatchResult {
  readonly rows: SweepRow[];
  /** Milliseconds the worker spent (0 when it crashed). */
  readonly milliseconds: number;
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
    const file = options.workerFile ?? (process.env.SG_EXPLORE_SWEEP_WORKER || workerFile('sweep-rule'));
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
   * Run a batch of rules; never rejects. A worker that dies takes only the
   * rule it died on: the batch is re-run one rule at a time.
   */
  async runBatch(rules: readonly IndexedRule[], limit: number | undefined): Promise<BatchResult> {
    const jobs = rules.map(({ index, rule }) => ({ index, rule, limit }));
    try {
      // Jobs and rows cross as JSON text: one string copies faster than thousands of small objects.
      const result = await this.piscina.run({ type: 'rules', jobs: JSON.stringify(jobs) });
      const rows = result.type === 'rows' ? (JSON.parse(result.rows) as SweepRow[]) : [];
      if (rows.length !== jobs.length) throw new Error('the worker answered with the wrong number of rows');
      return { rows, milliseconds: result.type === 'rows' ? result.milliseconds : 0 };
    } catch (error) {
      if (rules.length === 1) return { rows: [errorRow(rules[0]!.index, rules[0]!.text, `worker failed: ${oneLineMessage(error)}`)], milliseconds: 0 };
      const singles = await Promise.all(rules.map((rule) => this.runBatch([rule], limit)));
      return { rows: singles.flatMap((s) => s.rows), milliseconds: 0 };
    }
  }

  async close(): Promise<void> {
    await this.piscina.destroy();
  }
}
