/**
 * Running a sweep: work goes to the pool in batches, results come back in
 * any order, and are handed on in family order (a small reorder window holds
 * the ones that finish early). Batches grow until each takes about
 * TARGET_BATCH_MS, so a thousand tiny rules do not pay a thousand round trips.
 *
 * A whole family (no rules to leave out) goes as stretches of indices that
 * the workers enumerate themselves, and rows can come back as finished lines:
 * then the main thread builds, sends and parses nothing per rule, which is
 * what lets cheap rules (subtraction sets, tens of microseconds each) scale
 * with threads.
 */
import { availableParallelism } from 'node:os';
import type { SweepRow } from './row.js';
import { rowLine, type RowFormat } from './row-lines.js';
import { checkedFamilySize, indexInShard, indexedRules, positionInShard, shardSize, type Family, type IndexedRule, type Shard } from './family.js';
import { IndexSet } from './index-set.js';
import { batchOfOne, batchSize, SweepPool, type Batch, type BatchAsks, type BatchResult } from './pool.js';
import { CostliestFirst } from './costliest-first.js';
import type { ValueArray } from '../core/kernels/store.js';
import type { FailedRule } from './task.js';
import { copiedRow, sharedValuePositions } from './shared-values.js';

/** What to sweep: rules one by one, or a whole family (or shard of one) that workers enumerate. */
export type SweepWork =
  | { readonly kind: 'rules'; readonly rules: Iterable<IndexedRule> }
  | { readonly kind: 'family'; readonly family: Family; readonly shard?: Shard; readonly done?: IndexSet };

/** Where rows go, in family order: one at a time as rows, or as blocks of finished lines (UTF-8). */
export type RowOutput =
  | { readonly as: 'rows'; onRow(row: SweepRow): void | Promise<void> }
  | { readonly as: RowFormat; onLines(lines: Uint8Array): void | Promise<void> };

export interface SweepOptions {
  readonly pool: SweepPool;
  readonly work: SweepWork;
  /** How many rules the work holds (for batch sizes and progress). */
  readonly total: number;
  /** Per-rule limit (default: by class of rule, see defaultSweepLimit). */
  readonly limit?: number;
  /** May wait (back-pressure). */
  readonly output: RowOutput;
  /**
   * Rules finished so far, of `total`; and, once the first looks have seen
   * enough rules, a guess at the seconds left: the deferred rules' guessed
   * costs (those running less the time they have run), and for the rules
   * not looked at yet the average cost of those that were, spread over the
   * threads, or the longest rule where that is more (see workLeftSeconds).
   */
  onProgress?(done: number, total: number, secondsLeft?: number): void;
  /** Heaps a first look computes (default FIRST_LOOK_HEAPS; null: no first looks, every rule run whole in family order). */
  readonly firstLookHeaps?: number | null;
  /** Asks each rule with no period proven for its frequency line (src/sweep/frequency-line.ts), handed here as batches come back, in any order. */
  onFrequencies?(lines: string): void;
  /** Rare heaps a two-heap code may have before it stops (RuleJob.maxRareHeaps); default SWEEP_MAX_RARE_HEAPS. */
  readonly maxRareHeaps?: number;
  /** Rare work (rare heaps × heaps computed) a two-heap code may do before it stops (RuleJob.maxRareWork). */
  readonly maxRareWork?: number;
}

/**
 * Seconds left for whole runs of guessed costs (milliseconds of one
 * thread): those waiting (their sum and the highest) and what is left of
 * those running, on `threads` threads. No schedule beats the work spread
 * evenly, nor the longest rule; costliest first comes close to the larger
 * of the two (bench/sweep-schedule.ts). A guess, as the costs are.
 */
export function workLeftSeconds(waitingCost: number, highestWaiting: number, runningLeft: readonly number[], threads: number): number {
  const work = waitingCost + runningLeft.reduce((sum, ms) => sum + ms, 0);
  const longest = Math.max(highestWaiting, ...runningLeft);
  return Math.max(longest, work / Math.max(1, threads)) / 1000;
}

/** What a sweep did: the rows written, and whether it ran to its end. */
export interface SweepOutcome {
  readonly rows: number;
  readonly failed: number;
  /** The first rule that failed, in family order. */
  readonly firstFailure: FailedRule | null;
}

/**
 * Every batch is first a first look: its rules are computed up to this heap
 * at most. What finishes there is its row; a rule that would go further (a
 * code heading for 2^20 values or a stretch to 2^25) comes back deferred,
 * with a guess at its cost, and is run whole later, the costliest first
 * (see launch). A long code then starts at once instead of wherever the
 * family's order puts it, and the wall time of a many-thread sweep nears
 * its longest rule's. Kinds whose limit is this or less never pause; a
 * deferred rule's whole run goes on from its first look's values (replaying
 * its proof attempts: rows are those of runs from heap 0).
 */
export const FIRST_LOOK_HEAPS = 2 ** 16;

/** A sweep guesses the time left once its first looks have seen this share of the rules to compute (and 2 a thread). */
const GUESS_AFTER_SHARE = 0.05;

/**
 * Deferred rules waiting for a thread keep their first looks' values (at
 * most 2^16 values: 64 or 128 KiB each) up to this many bytes in all; past
 * it, a deferred rule's whole run starts over from heap 0 (the same row).
 */
const MAX_HELD_VALUE_BYTES = 64 * 2 ** 20;

const TARGET_BATCH_MS = 25;
const MIN_BATCH_MS = 2;
const MAX_BATCH = 4096;

/** Hands out batches of the work. */
interface BatchSource {
  /**
   * The next batch, of the size `sizeFor` gives for its rules' pace key (their
   * kind: a subtraction set against a code), or null when the work is done.
   */
  next(sizeFor: (key: string) => number): { batch: Batch; key: string } | null;
}

function ruleBatches(rules: Iterable<IndexedRule>): BatchSource {
  const iterator = rules[Symbol.iterator]();
  let lookahead: IndexedRule | null = null;
  const pull = (): IndexedRule | null => {
    if (lookahead) {
      const r = lookahead;
      lookahead = null;
      return r;
    }
    const step = iterator.next();
    return step.done ? null : step.value;
  };
  return {
    next(sizeFor) {
      const first = pull();
      if (!first) return null;
      const key = first.rule.kind;
      const size = sizeFor(key);
      const batch = [first];
      // One kind to a batch: its pace is learnt per kind.
      while (batch.length < size) {
        const next = pull();
        if (!next) break;
        if (next.rule.kind !== first.rule.kind) {
          lookahead = next;
          break;
        }
        batch.push(next);
      }
      return { batch: { kind: 'rules', rules: batch }, key };
    },
  };
}

/** Stretches of the family (of its shard) for workers to enumerate, passing over the positions `done` holds. */
function familyBatches(family: Family, shard: Shard | undefined, done: IndexSet | undefined): BatchSource {
  const end = shardSize(checkedFamilySize(family), shard);
  let cursor = 0; // a position in the shard
  return {
    next(sizeFor) {
      if (done) cursor = done.next(cursor, false);
      if (cursor >= end) return null;
      const from = cursor;
      cursor = Math.min(end, from + sizeFor(family.kind), done ? done.next(from, true) : Infinity);
      const range = { from: indexInShard(from, shard), to: indexInShard(cursor - 1, shard) + 1 };
      return { batch: { kind: 'range', family, ...range, shard: shard ?? null }, key: family.kind };
    },
  };
}

/** A first look's rows with the whole runs of its deferred rules put in their places (family order). */
function withWholeRuns(first: BatchResult, whole: readonly BatchResult[]): BatchResult {
  if (whole.length === 0) return first;
  const pieces: Uint8Array[] = [];
  let at = 0;
  first.deferred.forEach(({ offset }, nth) => {
    pieces.push(first.lines.subarray(at, offset), whole[nth]!.lines);
    at = offset;
  });
  pieces.push(first.lines.subarray(at));
  const failures = [first, ...whole].flatMap((r) => (r.firstFailure ? [r.firstFailure] : []));
  return {
    lines: Buffer.concat(pieces),
    count: first.count + whole.reduce((sum, r) => sum + r.count, 0),
    failed: first.failed + whole.reduce((sum, r) => sum + r.failed, 0),
    firstFailure: failures.reduce<FailedRule | null>((a, b) => (a === null || b.index < a.index ? b : a), null),
    milliseconds: first.milliseconds + whole.reduce((sum, r) => sum + r.milliseconds, 0),
    deferred: [],
    frequencies: first.frequencies + whole.map((r) => r.frequencies).join(''),
  };
}

/** `done` and the positions of `copies`: what the workers leave out. */
function leftOut(done: IndexSet | undefined, copies: ReadonlyMap<number, number>): IndexSet {
  const set = new IndexSet();
  for (let p = done ? done.next(0, true) : Infinity; p !== Infinity; p = done!.next(p + 1, true)) set.add(p);
  for (const p of copies.keys()) set.add(p);
  return set;
}

export async function runSweep(options: SweepOptions): Promise<SweepOutcome> {
  return new SweepRun(options).run();
}

/** A batch in the reorder window, in family order. */
interface Slot {
  readonly batch: Batch;
  /** The batch's first look (FIRST_LOOK_HEAPS). */
  result: BatchResult | null;
  /** The first family index of a stretch of the family. */
  readonly from: number | null;
  /** The whole runs of the rules the first look deferred, in its order (null until back). */
  whole: (BatchResult | null)[];
}

/** A deferred rule waiting for a thread: which slot's, and which of its deferred rules it is. */
interface WholeRun {
  readonly cost: number;
  readonly index: number;
  readonly slot: Slot;
  readonly nth: number;
  /** Its first look's values, to go on from (left out past MAX_HELD_VALUE_BYTES: the run then starts over). */
  readonly values: ValueArray | undefined;
}

/**
 * One sweep's state: the batches out and back, the reorder window, the
 * deferred rules, and the counts. A class so that each step of the loop
 * (launch, arrive, emit) is a method of its own sharing that state.
 */
class SweepRun {
  private readonly family: Extract<SweepWork, { kind: 'family' }> | null;
  // Codes that share their values with an earlier code are not computed: their rows are the earlier row, renamed (shared-values.ts).
  private readonly copies: ReadonlyMap<number, number>;
  private readonly copyPositions: readonly number[];
  private readonly wanted: ReadonlySet<number>;
  /** Rows of the positions copies are made from, as they are emitted. */
  private readonly originals = new Map<number, SweepRow>();
  private nextCopy = 0;
  private readonly source: BatchSource;
  private readonly workerFormat: RowFormat;
  private readonly asks: BatchAsks;
  private readonly maxInFlight: number;
  private readonly maxSlots: number;
  private readonly firstLook: number | undefined;
  private heldValueBytes = 0;
  private readonly slots: Slot[] = [];
  private readonly deferred = new CostliestFirst<WholeRun>();
  private inFlight = 0;
  /** What the first looks back so far saw: their rules, their worker time, and the guessed costs of those they deferred. */
  private readonly seenByFirstLooks = { rules: 0, milliseconds: 0, deferredCost: 0 };
  /** The whole runs on a thread now: their guessed costs and when they started (performance.now()). */
  private readonly running = new Set<{ readonly cost: number; readonly started: number }>();
  private taken = 0;
  private finished = 0;
  private emitted = 0;
  private failed = 0;
  private firstFailure: FailedRule | null = null;
  private exhausted = false;
  /** Milliseconds per rule, by pace key (kinds differ a thousandfold: a subtraction set against a code). */
  private readonly msPerRule = new Map<string, number>();
  private wake: (() => void) | null = null;

  constructor(private readonly options: SweepOptions) {
    const { pool, work, output } = options;
    this.family = work.kind === 'family' ? work : null;
    this.copies = this.family ? sharedValuePositions(this.family.family, this.family.shard, this.family.done) : new Map<number, number>();
    this.copyPositions = [...this.copies.keys()].sort((a, b) => a - b);
    this.wanted = new Set(this.copies.values());
    this.source =
      work.kind === 'rules'
        ? ruleBatches(work.rules)
        : familyBatches(work.family, work.shard, this.copies.size ? leftOut(work.done, this.copies) : work.done);
    // With copies to make, rows come back as JSON lines whatever the output: they are read here and written again.
    this.workerFormat = this.copies.size || output.as === 'rows' ? 'jsonl' : output.as;
    this.asks = { frequencies: options.onFrequencies !== undefined, maxRareHeaps: options.maxRareHeaps, maxRareWork: options.maxRareWork };
    this.maxInFlight = pool.threads * 2;
    this.maxSlots = pool.threads * 64;
    this.firstLook = options.firstLookHeaps === undefined ? FIRST_LOOK_HEAPS : (options.firstLookHeaps ?? undefined);
  }

  /** Launch, emit in order, and wait for batches, until the work is done and every row handed on. */
  async run(): Promise<SweepOutcome> {
    const { slots } = this;
    for (;;) {
      while (this.launch());
      let started = false;
      while (complete(slots[0])) {
        await this.emit(slots.shift()!);
        if ((started = this.launch())) break; // refill first
      }
      if (this.exhausted && slots.length === 0) {
        await this.emitCopies(Infinity);
        break;
      }
      if (started || complete(slots[0])) continue;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
    return { rows: this.emitted, failed: this.failed, firstFailure: this.firstFailure };
  }

  /**
   * A batch holds as many rules as fill about TARGET_BATCH_MS at their
   * kind's pace so far, and never more than a small share of what is left
   * (guided scheduling), so one batch cannot hold most of the slow rules;
   * but never less than MIN_BATCH_MS of work, so the last rules do not go
   * one round trip each.
   */
  private readonly sizeFor = (key: string): number => {
    const pace = this.msPerRule.get(key);
    if (pace === undefined) return 1;
    const rulesIn = (ms: number) => Math.max(1, Math.round(ms / Math.max(pace, 1e-3)));
    const share = Math.ceil(Math.max(1, this.options.total - this.taken) / (this.options.pool.threads * 8));
    return Math.min(MAX_BATCH, Math.max(rulesIn(MIN_BATCH_MS), Math.min(rulesIn(TARGET_BATCH_MS), share)));
  };

  /** The guess at the seconds left (see SweepOptions.onProgress); none before the first looks have seen enough rules. */
  private secondsLeft(): number | undefined {
    const { total, pool } = this.options;
    const seen = this.seenByFirstLooks;
    const toLook = total - this.copyPositions.length - seen.rules;
    // Rules not looked at yet cost what those looked at did on average, first look and deferred whole run
    // together (a family's later rules are often costlier: then this is low). Guessed only once enough were seen.
    if (toLook > 0 && seen.rules < Math.max(2 * pool.threads, GUESS_AFTER_SHARE * (total - this.copyPositions.length))) return undefined;
    const now = performance.now();
    const left = [...this.running].map(({ cost, started }) => Math.max(0, cost - (now - started)));
    const unseen = toLook > 0 ? (toLook * (seen.milliseconds + seen.deferredCost)) / seen.rules : 0;
    return workLeftSeconds(this.deferred.totalCost + unseen, this.deferred.highestCost, left, pool.threads);
  }

  /** A batch came back: count its rows, and wake the loop. */
  private arrived(result: BatchResult): void {
    this.inFlight--;
    if (result.frequencies !== '') this.options.onFrequencies?.(result.frequencies);
    this.finished += result.count;
    this.options.onProgress?.(this.finished, this.options.total, this.secondsLeft());
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  private launchFirstLook(): void {
    const next = this.source.next(this.sizeFor);
    if (!next) {
      this.exhausted = true;
      return;
    }
    const { batch, key } = next;
    this.taken += batchSize(batch);
    const slot: Slot = { batch, result: null, from: batch.kind === 'range' ? batch.from : null, whole: [] };
    this.slots.push(slot);
    this.inFlight++;
    void this.options.pool.runBatch(batch, this.options.limit, this.workerFormat, this.firstLook, this.asks).then((result) => {
      const looked = result.count + result.deferred.length;
      this.seenByFirstLooks.rules += looked;
      this.seenByFirstLooks.milliseconds += result.milliseconds;
      slot.result = result;
      slot.whole = result.deferred.map(() => null);
      this.deferWholeRuns(slot, result);
      this.learnPace(key, result, looked);
      this.arrived(result);
    });
  }

  /** Queue the rules a first look deferred, keeping their values while the held bytes allow. */
  private deferWholeRuns(slot: Slot, result: BatchResult): void {
    result.deferred.forEach(({ cost, index, values }, nth) => {
      const keep = this.heldValueBytes + values.byteLength <= MAX_HELD_VALUE_BYTES;
      if (keep) this.heldValueBytes += values.byteLength;
      this.deferred.push({ cost, index, slot, nth, values: keep ? values : undefined });
      this.seenByFirstLooks.deferredCost += cost;
    });
  }

  /** The pace of first looks alone: whole runs of costly rules would make batches of cheap ones too small. */
  private learnPace(key: string, result: BatchResult, looked: number): void {
    if (result.milliseconds > 0 && looked > 0) {
      const each = result.milliseconds / looked;
      const pace = this.msPerRule.get(key);
      // A faster batch is believed at once: the first batches run cold code, so rules seem slow at first, and
      // averaging that away took a fresh pool's first tenth of a second. A slower one moves the pace half way.
      this.msPerRule.set(key, pace === undefined || each < pace ? each : 0.5 * pace + 0.5 * each);
    }
  }

  private launchWhole(run: WholeRun): void {
    this.inFlight++;
    this.heldValueBytes -= run.values?.byteLength ?? 0;
    const clock = { cost: run.cost, started: performance.now() };
    this.running.add(clock);
    void this.options.pool.runBatch(batchOfOne(run.slot.batch, run.index, run.values), this.options.limit, this.workerFormat, undefined, this.asks).then((result) => {
      this.running.delete(clock);
      run.slot.whole[run.nth] = result;
      this.arrived(result);
    });
  }

  /**
   * Start what may start: first looks while the window has room, keeping a
   * task queued behind each thread; a deferred rule only on a thread free
   * now, so that it is the costliest known at that moment. First looks thus
   * run ahead of the whole runs, and learn every rule's cost before the
   * long ones are chosen (or, in a family too large for the window, the
   * costs within it). Whether anything started.
   */
  private launch(): boolean {
    if (!this.exhausted && this.inFlight < this.maxInFlight && this.slots.length < this.maxSlots) {
      this.launchFirstLook();
      return true;
    }
    if (this.deferred.size > 0 && this.inFlight < this.options.pool.threads) {
      this.launchWhole(this.deferred.take()!);
      return true;
    }
    return false;
  }

  /** Hand on rows read back from JSON lines (as rows, or as lines of the output's format). */
  private async handOn(rows: readonly SweepRow[]): Promise<void> {
    const { output } = this.options;
    if (output.as !== 'rows') {
      if (rows.length > 0) await output.onLines(Buffer.from(rows.map((row) => rowLine(row, output.as)).join(''), 'utf8'));
      return;
    }
    for (const row of rows) {
      // Most rows are taken at once: no turn of the event loop each.
      const waiting = output.onRow(row);
      if (waiting) await waiting;
    }
  }

  /** The copies whose positions come before `position` (Infinity: all that are left), in order. */
  private async emitCopies(position: number): Promise<void> {
    const { copyPositions, copies } = this;
    const rows: SweepRow[] = [];
    for (; this.nextCopy < copyPositions.length && copyPositions[this.nextCopy]! < position; this.nextCopy++) {
      const at = copyPositions[this.nextCopy]!;
      // Copies exist only for a family's work.
      const row = copiedRow(this.originals.get(copies.get(at)!)!, this.family!.family, indexInShard(at, this.family!.shard));
      if (row.kind === 'error') {
        this.failed++;
        this.firstFailure ??= { index: row.index, rule: row.rule, error: row.error ?? 'failed' };
      }
      rows.push(row);
    }
    this.emitted += rows.length;
    this.finished += rows.length;
    await this.handOn(rows);
    if (rows.length > 0) this.options.onProgress?.(this.finished, this.options.total, this.secondsLeft());
  }

  /** Hand on one batch's rows, waiting whenever the receiver asks to. */
  private async emit(slot: Slot): Promise<void> {
    const { output } = this.options;
    const { family, copies } = this;
    const result = withWholeRuns(slot.result!, slot.whole as BatchResult[]);
    if (slot.from !== null && copies.size > 0) await this.emitCopies(positionInShard(slot.from, family!.shard));
    this.failed += result.failed;
    this.firstFailure ??= result.firstFailure;
    this.emitted += result.count;
    if (output.as !== 'rows' && copies.size === 0) {
      if (result.count > 0) await output.onLines(result.lines);
      return;
    }
    const rows: SweepRow[] = [];
    for (const line of Buffer.from(result.lines.buffer, result.lines.byteOffset, result.lines.byteLength).toString('utf8').split('\n')) {
      if (line === '') continue;
      const row = JSON.parse(line) as SweepRow;
      const position = family && positionInShard(row.index, family.shard);
      if (position !== null && this.wanted.has(position)) this.originals.set(position, row);
      rows.push(row);
    }
    await this.handOn(rows);
  }
}

/** Whether a slot's first look and every whole run it deferred are back. */
function complete(slot: Slot | undefined): slot is Slot {
  return slot !== undefined && slot.result !== null && !slot.whole.includes(null);
}

/** How a family is swept: its rules, the range, workers, where rows go, and progress. */
export interface FamilySweepOptions {
  readonly family: Family;
  readonly shard?: Shard;
  readonly limit?: number;
  /** Worker threads (default: the available cores). */
  readonly threads?: number;
  /** Rules to leave out (already done): their positions in the shard (family indices without one). */
  readonly done?: IndexSet;
  readonly output: RowOutput;
  /** As SweepOptions.onProgress. */
  onProgress?(done: number, total: number, secondsLeft?: number): void;
  /** Called once the pool is up and the work counted (for a progress display). */
  onStart?(total: number): void;
  /** As SweepOptions.onFrequencies. */
  onFrequencies?(lines: string): void;
  /** Rare heaps a two-heap code may have before it stops (RuleJob.maxRareHeaps); default SWEEP_MAX_RARE_HEAPS. */
  readonly maxRareHeaps?: number;
  /** Rare work (rare heaps × heaps computed) a two-heap code may do before it stops (RuleJob.maxRareWork). */
  readonly maxRareWork?: number;
}

/** How many rules a sweep will compute, after the shard and the rules already done. */
export function countWork(family: Family, shard: Shard | undefined, done: IndexSet | undefined): number {
  return shardSize(checkedFamilySize(family), shard) - (done?.size ?? 0);
}

/** Sweep a family on a fresh pool: the library's one-call entry point. */
export async function sweepFamily(options: FamilySweepOptions): Promise<SweepOutcome> {
  const { family, shard, done } = options;
  const total = countWork(family, shard, done);
  if (total === 0) {
    options.onStart?.(0);
    return { rows: 0, failed: 0, firstFailure: null };
  }
  const threads = Math.max(1, Math.min(options.threads ?? availableParallelism(), Math.max(total, 1)));
  const pool = await SweepPool.start({ threads });
  try {
    options.onStart?.(total);
    // Workers enumerate a family's stretches themselves; a list's rules go one by one (a worker has no list).
    const work: SweepWork =
      family.kind !== 'list'
        ? { kind: 'family', family, shard, done }
        : { kind: 'rules', rules: indexedRules(family, shard, done?.size ? (index) => done.has(positionInShard(index, shard)) : undefined) };
    return await runSweep({ pool, work, total, limit: options.limit, output: options.output, onProgress: options.onProgress, onFrequencies: options.onFrequencies, maxRareHeaps: options.maxRareHeaps, maxRareWork: options.maxRareWork });
  } finally {
    await pool.close();
  }
}
