/**
 * Running a sweep: rules go to the pool in batches, results come back in any
 * order, and rows are handed on in family order (a small reorder window
 * holds the ones that finish early). Batches grow until each takes about
 * TARGET_BATCH_MS, so a thousand tiny rules do not pay a thousand round trips.
 */
import { availableParallelism } from 'node:os';
import type { SweepRow } from './row.js';
import { checkedFamilySize, indexedRules, shardSize, type Family, type IndexedRule, type Shard } from './family.js';
import { SweepPool } from './pool.js';

export interface SweepOptions {
  readonly pool: SweepPool;
  /** The rules, in family order. */
  readonly rules: Iterable<IndexedRule>;
  /** How many rules `rules` yields (for batch sizes and progress). */
  readonly total: number;
  /** Per-rule limit (default: by rule kind, see SWEEP_LIMITS). */
  readonly limit?: number;
  /** Each row, in family order; may wait (back-pressure). */
  onRow(row: SweepRow): void | Promise<void>;
  /** Rules finished so far, of `total`. */
  onProgress?(done: number, total: number): void;
}

export interface SweepOutcome {
  readonly rows: number;
  readonly failed: number;
}

const TARGET_BATCH_MS = 25;
const MAX_BATCH = 512;

export async function runSweep(options: SweepOptions): Promise<SweepOutcome> {
  const { pool, total } = options;
  const iterator = options.rules[Symbol.iterator]();
  const maxInFlight = pool.threads * 2;
  const maxSlots = pool.threads * 64;
  interface Slot {
    rows: SweepRow[] | null;
  }
  const slots: Slot[] = [];
  let inFlight = 0;
  let taken = 0;
  let finished = 0;
  let emitted = 0;
  let failed = 0;
  let exhausted = false;
  /** Milliseconds per rule, by rule kind (kinds differ a thousandfold: a subtraction set against a code). */
  const msPerRule = new Map<string, number>();
  let lookahead: IndexedRule | null = null;
  let wake: (() => void) | null = null;

  const kindOf = (r: IndexedRule): string => r.rule.kind;
  const pull = (): IndexedRule | null => {
    if (lookahead) {
      const r = lookahead;
      lookahead = null;
      return r;
    }
    const step = iterator.next();
    if (step.done) {
      exhausted = true;
      return null;
    }
    return step.value;
  };

  /**
   * The next batch: rules of one kind, as many as fill about TARGET_BATCH_MS
   * at that kind's pace so far, and never more than a small share of what is
   * left (guided scheduling), so one batch cannot hold most of the slow rules.
   */
  const nextBatch = (): IndexedRule[] => {
    const first = pull();
    if (!first) return [];
    const kind = kindOf(first);
    const pace = msPerRule.get(kind);
    const remaining = Math.max(1, total - taken);
    const size = Math.max(1, Math.min(pace === undefined ? 1 : Math.round(TARGET_BATCH_MS / Math.max(pace, 1e-3)), MAX_BATCH, Math.ceil(remaining / (pool.threads * 8))));
    const batch = [first];
    while (batch.length < size) {
      const next = pull();
      if (!next) break;
      if (kindOf(next) !== kind) {
        lookahead = next;
        break;
      }
      batch.push(next);
    }
    taken += batch.length;
    return batch;
  };

  const launch = (): void => {
    const batch = nextBatch();
    if (batch.length === 0) return;
    const slot: Slot = { rows: null };
    slots.push(slot);
    inFlight++;
    void pool.runBatch(batch, options.limit).then(({ rows, milliseconds }) => {
      slot.rows = rows;
      inFlight--;
      finished += rows.length;
      if (milliseconds > 0) {
        const kind = kindOf(batch[0]!);
        const each = milliseconds / rows.length;
        const pace = msPerRule.get(kind);
        // Quick to learn that rules are slow, slower to believe they got fast.
        msPerRule.set(kind, pace === undefined ? each : each > pace ? 0.5 * pace + 0.5 * each : 0.8 * pace + 0.2 * each);
      }
      options.onProgress?.(finished, total);
      const w = wake;
      wake = null;
      w?.();
    });
  };

  for (;;) {
    while (!exhausted && inFlight < maxInFlight && slots.length < maxSlots) launch();
    while (slots.length > 0 && slots[0]!.rows) {
      const { rows } = slots.shift()!;
      for (const row of rows!) {
        if (row.kind === 'error') failed++;
        emitted++;
        // Most rows are taken at once: no turn of the event loop each.
        const waiting = options.onRow(row);
        if (waiting) await waiting;
      }
      if (!exhausted && inFlight < maxInFlight) break; // refill first
    }
    if (exhausted && slots.length === 0) break;
    if (slots.length > 0 && slots[0]!.rows) continue;
    if (!exhausted && inFlight < maxInFlight && slots.length < maxSlots) continue;
    await new Promise<void>((resolve) => (wake = resolve));
  }
  return { rows: emitted, failed };
}

export interface FamilySweepOptions {
  readonly family: Family;
  readonly shard?: Shard;
  readonly limit?: number;
  /** Worker threads (default: the available cores). */
  readonly threads?: number;
  /** Rules to leave out (already done), by canonical text. */
  readonly skip?: ReadonlySet<string>;
  onRow(row: SweepRow): void | Promise<void>;
  onProgress?(done: number, total: number): void;
  /** Called once the pool is up and the work counted (for a progress display). */
  onStart?(total: number): void;
}

/** How many rules a sweep will compute, after the shard and the rules already done. */
export function countWork(family: Family, shard: Shard | undefined, skip: ReadonlySet<string> | undefined): number {
  const total = checkedFamilySize(family);
  if (!skip || skip.size === 0) return shardSize(total, shard);
  let count = 0;
  for (const _ of indexedRules(family, shard, (text) => skip.has(text))) count++;
  return count;
}

/** Sweep a family on a fresh pool: the library's one-call entry point. */
export async function sweepFamily(options: FamilySweepOptions): Promise<SweepOutcome> {
  const { family, shard, skip } = options;
  const total = countWork(family, shard, skip);
  if (total === 0) {
    options.onStart?.(0);
    return { rows: 0, failed: 0 };
  }
  const threads = Math.max(1, Math.min(options.threads ?? availableParallelism(), Math.max(total, 1)));
  const pool = await SweepPool.start({ threads });
  try {
    options.onStart?.(total);
    return await runSweep({
      pool,
      rules: indexedRules(family, shard, skip && skip.size ? (text) => skip.has(text) : undefined),
      total,
      limit: options.limit,
      onRow: options.onRow,
      onProgress: options.onProgress,
    });
  } finally {
    await pool.close();
  }
}
