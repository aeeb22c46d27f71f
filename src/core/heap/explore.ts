import { InputError, mention, says, saying } from '../errors.js';
import type { OptionTable } from './option-table.js';
import { formatCount } from '../numbers.js';
import type { GameSpecOf } from '../rules/spec.js';
import { ValueStore, freeMemoryBudget, MAX_ARRAY_LENGTH, bytesPerValueFor, type ValueArray } from '../kernels/store.js';
import type { KernelStats, ProvenCycle, Solver } from './solver.js';
import { isCycle, patternKind, type Cycle, type Pattern } from '../laws/pattern.js';
import { observeCycle } from '../laws/observed.js';
import { valueAt, valueFrom } from '../laws/cycle.js';
import { excludedPeriods, type ExcludedPeriods } from '../laws/excluded-periods.js';
import type { StepOutcome, SteppedWork } from '../driver.js';
import { describePPositions, type PPositions } from '../laws/p-positions.js';
import { unsolvedStatistics, type UnsolvedStatistics } from './statistics.js';
import { messageFor, type Message } from '../i18n/index.js';

export interface ExploreRequest {
  readonly game: GameSpecOf;
  /** Heaps 0..max are reported. Without it: every value computed on the way to a proof. */
  readonly max?: bigint;
  /** The most values to compute while looking for a proof (default: the rule's own). */
  readonly limit?: number;
  /** Bytes the value table may use (default: most of the free memory). */
  readonly memoryBudget?: number;
  /** Values G(0..) from a checkpoint: computation continues after them. */
  readonly resume?: ValueArray;
  /** Worker threads for kernels that can use them (exploreAsync only; default 1). */
  readonly threads?: number;
  /**
   * Stop at a proof attempt once more heaps than this have a rare value, or
   * once the rare heaps' work (each costs O(n): rare heaps × heaps computed)
   * passes RARE_WORK_PER_HEAP times this: the game is then no sparse one
   * (sweeps use it to go far on sparse codes without stalling on dense ones;
   * 0.626 keeps about 1% of its heaps rare, so a count alone never stops it).
   * Attempts come at fixed counts, so where a run stops is deterministic.
   */
  readonly maxRareHeaps?: number;
  /**
   * Stop at a proof attempt once the rare work (rare heaps × heaps computed)
   * passes this, whatever the count of rare heaps (default: RARE_WORK_PER_HEAP
   * times maxRareHeaps, where that is given). Apart from the count, a sweep
   * can stop dense codes early (a small maxRareHeaps) and still let sparse
   * ones with a few thousand rare heaps go far (a large maxRareWork).
   */
  readonly maxRareWork?: number;
  /**
   * Past `limit`, a code whose rare heaps stay sparse goes on, up to
   * `sparseStretch.limit` values: at each proof attempt from `limit` on it
   * stops unless it has at most `maxRareHeaps` rare heaps and its rare work
   * (rare heaps × heaps computed) is at most `maxRareWork` and its largest
   * value has held over the last half of the heaps computed. Sweeps use it so
   * that a sparse code gets the values its proof needs (0.354: 20.1 million)
   * while codes with many rare heaps stop at the limit. Only rules whose
   * kernel counts rare heaps (two-heap codes) stretch, and only when the
   * stretched table fits the memory budget: rows are the same on every
   * machine that has room for it.
   */
  readonly sparseStretch?: SparseStretch;
  /**
   * solve() only: stop before computing heap `pauseAt` or later, the run
   * then *paused*, not finished (Solution.paused). A sweep's first look at a
   * rule: what finishes below it is its final row, and what pauses is costly,
   * to be run again whole, the costliest first.
   */
  readonly pauseAt?: number;
  /**
   * A position's table: its heaps all lie in G(0..max), so no value past max
   * is computed (a proof is still taken where one comes on the way). Where
   * the proof search stopped short for it, Exploration.proofNotSought says so.
   */
  readonly enoughAtMax?: boolean;
  /** The values serve only a proof (play past its listed heaps): stop once none can come within the limit. A --max past memory implies it. */
  readonly proofOnly?: boolean;
}

export interface SparseStretch {
  readonly limit: number;
  readonly maxRareHeaps: number;
  readonly maxRareWork: number;
}

/** A one-heap game's table: its values, the pattern found (with its proof, if any), and its P-positions. */
export interface Exploration {
  /** A one-heap game's table (the other kinds' shapes: src/core/kinds/). */
  readonly shape: 'heap';
  readonly game: GameSpecOf;
  /** Canonical rule text. */
  readonly rule: string;
  readonly max: bigint;
  /** How many values were computed: G(0..computed-1). */
  readonly computed: number;
  readonly pattern: Pattern;
  /** Why a cycle could not be proven for this rule, if no theorem applies. */
  readonly noTheorem: string | null;
  /** What the kernel learnt (rare/common split), when it says. */
  readonly kernel: KernelStats | null;
  /**
   * The statistics row of an unsolved game (see statistics.ts) over the
   * computed values, when no period is proven; null when one is. Never a claim of a period.
   */
  readonly statistics: UnsolvedStatistics | null;
  /** With no period proven or observed: for each p up to a bound, the last n with G(n) != G(n + p); else null. */
  readonly excludedPeriods: ExcludedPeriods | null;
  /** Milliseconds spent in proof attempts (a timing: not in any report, for benchmarks). */
  readonly proofMilliseconds: number;
  /** The values stopped at max, short of where a proof would have been sought (ExploreRequest.enoughAtMax). */
  readonly proofNotSought?: boolean;
  /** The search stopped early, once the values ruled out a proof within this many (ExploreRequest.proofOnly). */
  readonly ruledOutWithin?: number;
  /** Largest G(n) for 0 <= n <= max. */
  readonly maxValue: bigint;
  readonly pPositions: PPositions;
  /** G(n) for any n up to max (and beyond, when a cycle is proven). */
  valueAt(n: bigint): bigint;
  /** The same for n <= 2^53, in plain numbers: the fast path for long listings. */
  valueOf(n: number): number;
  /** The computed values (a view, not a copy). */
  readonly values: ValueArray;
  /** The published theorem that gives every value, when a formula (not a computation) answers (see theorem-exploration.ts). */
  readonly theorem?: Message;
  /** The options of heaps 0..upTo as data, where the rule's are not known here (a rule module's, recorded by its sandbox). */
  readonly optionTable?: OptionTable;
}

const FIRST_CHECKPOINT = 64;
/**
 * With --max, a costly kernel still looks this far for a proof: a small table
 * (`--at 5`) of a game whose period is proven soon after (Kayles: 168 values)
 * then reports the proof, for a few milliseconds of work.
 */
const LEAST_PROOF_SEARCH = 2 ** 12;
/** See ExploreRequest.maxRareHeaps: with 2^14 rare heaps, the rare work of 2^16 heaps computed. */
export const RARE_WORK_PER_HEAP = 2 ** 16;

/** The rare work allowed by default beside a count of rare heaps (ExploreRequest.maxRareWork). */
export function rareWorkOf(maxRareHeaps: number | undefined): number | undefined {
  return maxRareHeaps === undefined ? undefined : maxRareHeaps * RARE_WORK_PER_HEAP;
}

/**
 * Most values a table may hold in memory, given the bytes each takes. Free
 * memory is read here only without a budget: a read costs about 15 us, and
 * a sweep, which plans thousands of runs a second, passes one per batch.
 */
function memoryCapacity(bytesPerValue: number, budget: number | undefined): number {
  const bytes = budget ?? freeMemoryBudget();
  return Math.max(0, Math.min(MAX_ARRAY_LENGTH, Math.floor(bytes / bytesPerValue)));
}

interface Plan {
  /** Time in proof attempts so far (ms), when timed (explorations report it; solve() does not time them). */
  proofMilliseconds: number;
  readonly timeProofs: boolean;
  readonly maxRareHeaps?: number;
  readonly maxRareWork?: number;
  /** The kernel's rare heaps at the last two bounded proof attempts, latest last (a paused run's growth). */
  rareSeen: { readonly count: number; readonly rare: number }[];
  /** Where the ordinary limit stops (stopAt may lie beyond it for a sparse stretch). */
  readonly baseStop: number;
  readonly sparseStretch?: SparseStretch;
  readonly solver: Solver;
  /** The rule's canonical text. */
  readonly text: string;
  readonly store: ValueStore;
  readonly max: bigint | undefined;
  readonly stopAt: number;
  readonly capacity: number;
  /** The run stops at max, short of the values a proof search would compute. */
  readonly proofNotSought: boolean;
  /** Max lies past memory: only a proof answers, so the run stops once none can come by stopAt. */
  readonly proofOnly: boolean;
  /** Set where it stopped so: the values up to stopAt, had they been computed, would have proven nothing. */
  ruledOut?: boolean;
}

/** The work of a request (checked by the caller: see src/core/analyse.ts), by the rule's solver. */
function plan(request: ExploreRequest, solver: Solver, text: string, timeProofs = true): Plan {
  const max = request.max ?? request.game.defaultMax;
  const wantedAtMost = max === undefined ? Infinity : Number(max) + 1;
  // With --max and no --limit, a costly kernel looks for a proof only a little past max.
  const limit = request.limit ?? (solver.costly ? Math.min(solver.defaultLimit, Math.max(LEAST_PROOF_SEARCH, 8 * wantedAtMost)) : solver.defaultLimit);
  const capacity = memoryCapacity(bytesPerValueFor(solver.largestExpected), request.memoryBudget);
  const wanted = max === undefined ? 0 : Number(max) + 1;
  // A theorem may let us stop long before `wanted`, so search up to `limit`
  // even when `wanted` would not fit; without a proof, we must hold `wanted`.
  // A --max beyond memory can only be answered by a proof found within --limit.
  const ordinary = solver.noTheorem ? wanted || limit : wanted > capacity ? limit : Math.max(limit, wanted);
  // A position inside the table it needs is answered from that table: the proof search beyond it is not run.
  const enough = request.enoughAtMax === true && wanted > 0 && wanted <= capacity && wanted < ordinary;
  const searched = enough ? wanted : ordinary;
  if (solver.noTheorem && wanted > capacity) {
    throw InputError.about(
      'out-of-memory',
      'max',
      max,
      String(max),
      saying('error.memory.noTheorem', { values: formatCount(BigInt(wanted)), room: formatCount(capacity), why: messageFor(solver.noTheorem, 'rule.noTheorem.') }),
    );
  }
  const baseStop = Math.min(searched, capacity);
  const stretch = request.sparseStretch;
  const stopAt = stretch && stretch.limit > baseStop && stretch.limit <= capacity ? stretch.limit : baseStop;
  if (stopAt < 1) throw new InputError(saying('error.memory.none'), { code: 'out-of-memory', field: 'memoryBudget', value: request.memoryBudget });
  // Small at first (it doubles as needed): a sweep makes thousands of stores, most of them done within a few hundred values.
  const store = new ValueStore(stopAt, solver.largestExpected ?? 0, Math.min(stopAt, 1 << 10), Boolean(solver.sharesValues));
  // Into the kernel's own memory before a resumed run's values are loaded, so they are copied once (a record's checkpoint holds hundreds of megabytes).
  solver.house?.(store);
  if (request.resume) {
    const prefix = request.resume.subarray(0, stopAt);
    let largest = 0;
    for (let i = 0; i < prefix.length; i++) if (prefix[i]! > largest) largest = prefix[i]!;
    store.widen(largest);
    store.reserve(prefix.length).set(prefix);
    store.count = prefix.length;
  }
  const proofOnly = wanted > capacity || request.proofOnly === true;
  return { solver, text, store, max, stopAt, baseStop, sparseStretch: stretch, capacity, maxRareHeaps: request.maxRareHeaps, maxRareWork: request.maxRareWork ?? rareWorkOf(request.maxRareHeaps), rareSeen: [], proofMilliseconds: 0, timeProofs, proofNotSought: enough, proofOnly };
}

/** The next heaps to compute: G(from..to-1). */
interface Block {
  readonly from: number;
  readonly to: number;
}

/**
 * The order of work: blocks of the size the caller asks for (passed to
 * next()), which it computes, in this thread or on a pool; at each
 * checkpoint the rule's theorem gets a chance to prove a cycle, and once it
 * does computation stops: every later value follows from the cycle.
 */
function* schedule(plan: Plan): Generator<Block, ProvenCycle | null, number> {
  const { solver, store, stopAt, baseStop, maxRareHeaps, maxRareWork, sparseStretch } = plan;
  const largest = new LargestValue();
  const attempt = (count: number): ProvenCycle | null => {
    // The clock is read only when asked: for a sweep's cheap rules, two reads per attempt are a fortieth of the work.
    const started = plan.timeProofs ? performance.now() : 0;
    const proven = solver.prove(store.values, count);
    if (plan.timeProofs) plan.proofMilliseconds += performance.now() - started;
    return proven;
  };
  /**
   * The attempt after one at `count`: at the next fixed count (nextCheckpoint), or the ordinary limit (a
   * checkpoint of its own: there a stretch goes on or stops), or where a cycle seen but not yet proven comes
   * due (the theorem would prove it exactly there), whichever comes first.
   */
  const following = (count: number): number => {
    const due = solver.proofDue?.() ?? null;
    return Math.min(count < baseStop ? baseStop : stopAt, nextCheckpoint(count), due !== null && due > count ? due : Infinity);
  };
  let checkpoint = Math.min(baseStop, FIRST_CHECKPOINT);
  // A resumed run replays the attempts its values went through (each is decided by the values alone), so
  // that it attempts, and stops, where a run from heap 0 does; a due cycle takes the attempts off the fixed
  // counts for good. The stops those attempts passed need no replay. The last one may be the resumed count.
  while (checkpoint <= store.count) {
    const proven = attempt(checkpoint);
    if (proven || checkpoint >= stopAt) return proven;
    checkpoint = following(checkpoint);
  }
  let size = 256;
  for (;;) {
    if (store.count < checkpoint) size = yield { from: store.count, to: Math.min(checkpoint, store.count + size) };
    if (store.count >= checkpoint) {
      const proven = attempt(store.count);
      if (proven || store.count >= stopAt) return proven;
      if (plan.proofOnly && solver.provableWithin?.(store.values, store.count, stopAt) === false) {
        plan.ruledOut = true;
        return null;
      }
      // Past the ordinary limit the stretch's own bounds replace maxRareHeaps'.
      if (store.count >= baseStop) {
        if (!staysSparse(solver, store, sparseStretch, largest)) return null;
      } else if (maxRareHeaps !== undefined || maxRareWork !== undefined) {
        const rare = solver.kernelStats?.(store).rareHeaps ?? 0;
        plan.rareSeen = [...plan.rareSeen.slice(-1), { count: store.count, rare }];
        if (rare > (maxRareHeaps ?? Infinity) || rare * store.count > (maxRareWork ?? Infinity)) return null;
      }
      checkpoint = following(store.count);
    }
  }
}

/**
 * Whether a run past its ordinary limit goes on: see ExploreRequest.sparseStretch.
 * Besides few rare heaps and bounded rare work, its largest value must have
 * held over the last half of the heaps computed: an eventually periodic
 * sequence is bounded, and a code whose values still grow (most unsolved
 * sparse codes: 0.374, 0.404) is far from a proof.
 */
function staysSparse(solver: Solver, store: ValueStore, stretch: SparseStretch | undefined, largest: LargestValue): boolean {
  const rare = stretch && solver.kernelStats?.(store).rareHeaps;
  if (rare === undefined || rare > stretch!.maxRareHeaps || rare * store.count > stretch!.maxRareWork) return false;
  return largest.firstAt(store) < store.count / 2;
}

/** The first heap of the largest value so far, kept up to date by scanning only the values added since. */
class LargestValue {
  private value = -1;
  private at = 0;
  private scanned = 0;

  firstAt(store: ValueStore): number {
    const g = store.values;
    for (let n = this.scanned; n < store.count; n++) {
      if (g[n]! > this.value) {
        this.value = g[n]!;
        this.at = n;
      }
    }
    this.scanned = store.count;
    return this.at;
  }
}

/**
 * Proof attempts at 64, 128, ... doubling up to 2^16, then a quarter further
 * each time: a proof that needs 653,570 values (0.56) then stops at about
 * 700,000 rather than 1,048,576, while the attempts (each about linear in the
 * values) stay a small share of the work.
 */
function nextCheckpoint(checkpoint: number): number {
  return checkpoint < 1 << 16 ? checkpoint * 2 : checkpoint + Math.ceil(checkpoint / 4);
}

/** A heap rule's computation as steps: blocks of heaps, with proof attempts between them. */
function heapWork(request: ExploreRequest, p: Plan): SteppedWork<Exploration> {
  const { solver, store } = p;
  const blocks = schedule(p);
  let next = blocks.next(0);
  const finish = (): StepOutcome<Exploration> => (next.done ? { finished: true, result: analyseTable(request.game, p, next.value) } : { finished: false });
  return {
    ceiling: p.stopAt,
    unit: 'values',
    done: () => store.count,
    step(units) {
      if (next.done) return finish();
      const { from, to } = next.value;
      if (solver.fillAsync) {
        return solver.fillAsync(store, from, to).then(() => {
          next = blocks.next(units);
          return finish();
        });
      }
      solver.fill(store, from, to);
      next = blocks.next(units);
      return finish();
    },
    snapshot: () => store.view(),
    close: () => solver.close?.(),
  };
}

/** Compute a game's values and find its eventual pattern (synchronous, this thread only). */
export function exploreTable(request: ExploreRequest, solver: Solver, text: string): Exploration {
  const p = plan(request, solver, text);
  return analyseTable(request.game, p, computeInThread(p) as ProvenCycle | null); // no pauseAt: never paused
}

/** What a run found, without the report built around it (see solve). */
export interface Solution {
  readonly pattern: Pattern;
  /** How many values were computed: G(0..computed-1). */
  readonly computed: number;
  /** The computed values (a view, not a copy). */
  readonly values: ValueArray;
  /** Where a run stopped at ExploreRequest.pauseAt stands (its pattern is then no answer); null when it finished. */
  readonly paused: PausedRun | null;
}

/** A paused run's state, from which a sweep guesses what finishing it costs. */
export interface PausedRun {
  /** Heaps of rare value so far (rare/common kernels only). */
  readonly rareHeaps: number | null;
  /**
   * Rare heaps gained per heap computed between the last two proof attempts
   * that checked the bounds on them (null: fewer than two did). A dense code
   * gains about a third of its heaps, a sparse one next to none.
   */
  readonly rareGrowth: number | null;
}

/**
 * The same computation as explore(), returning only the pattern and the
 * values: no report (P-positions, largest value, lookups). A sweep runs
 * thousands of rules that take microseconds each, and for them the report
 * costs as much as the values.
 */
export function solveTable(request: ExploreRequest, solver: Solver): Solution {
  const p = plan(request, solver, '', false);
  const proven = computeInThread(p, request.pauseAt);
  const { count } = p.store;
  if (proven === PAUSED) {
    const [before, latest] = p.rareSeen;
    const rareGrowth = before && latest ? (latest.rare - before.rare) / (latest.count - before.count) : null;
    const paused = { rareHeaps: solver.kernelStats?.(p.store).rareHeaps ?? null, rareGrowth };
    return { pattern: { kind: 'none', observedOver: count }, computed: count, values: p.store.view(), paused };
  }
  return { pattern: patternOf(p, proven), computed: count, values: p.store.view(), paused: null };
}

const PAUSED = Symbol('paused');

/** Run a plan's schedule in this thread to its proof or its limit (the proven cycle, if any), or until it would compute heap `pauseAt`. */
function computeInThread(p: Plan, pauseAt = Infinity): ProvenCycle | null | typeof PAUSED {
  const blocks = schedule(p);
  for (let next = blocks.next(0); ; ) {
    if (next.done) return next.value;
    if (next.value.from >= pauseAt) return PAUSED;
    p.solver.fill(p.store, next.value.from, next.value.to);
    next = blocks.next(Infinity); // one block to each checkpoint: nothing to report between them
  }
}

/** The proven cycle, else the cycle the values seem to follow, else none. */
function patternOf({ solver, store }: Plan, proven: ProvenCycle | null): Pattern {
  const count = store.count;
  const cycle: Cycle | null = proven ?? observeCycle(store.view(), count, { allowSaltus: solver.allowSaltus });
  if (!cycle) return { kind: 'none', observedOver: count };
  // Fields named one by one, as plan() takes threads apart from the request: V8 copies objects by rest and spread
  // on a slow path, which cost a sweep of cheap subtraction sets about a quarter of its time.
  const { preperiod, period, saltus } = cycle;
  const proofWouldNeed = proven ? null : (solver.proofNeed?.(cycle) ?? null);
  return { kind: patternKind(saltus), preperiod, period, saltus, proof: proven?.proof ?? null, observedOver: count, proofWouldNeed };
}

/**
 * The same as work for the driver, with a worker pool where the solver has
 * one, yielding between blocks: for progress, checkpoints, signals.
 */
export function exploreWork(request: ExploreRequest, solver: Solver, text: string): SteppedWork<Exploration> {
  return heapWork(request, plan(request, solver, text));
}

/** Values computed elsewhere (a custom rule's worker): pattern and report, no proof. */
export function exploreValues(game: GameSpecOf, text: string, values: ValueArray, max: bigint | undefined, noTheorem: string): Exploration {
  const store = new ValueStore(values.length, 0, 1);
  store.values = values;
  store.count = values.length;
  const solver: Solver = { allowSaltus: true, noTheorem, defaultLimit: values.length, costly: true, fill: () => {}, prove: () => null };
  return analyseTable(game, { solver, text, store, max, stopAt: values.length, baseStop: values.length, capacity: values.length, rareSeen: [], proofMilliseconds: 0, timeProofs: false, proofNotSought: false, proofOnly: false }, null);
}

function analyseTable(game: GameSpecOf, plan: Plan, proven: ProvenCycle | null): Exploration {
  const { solver, text, store, max, capacity, proofMilliseconds, proofNotSought, ruledOut, stopAt } = plan;
  const count = store.count;
  const g = store.view();
  const pattern = patternOf(plan, proven);

  // Without --max, show what the proof rests on, and at least two periods.
  const shown = proven && isCycle(pattern) ? Math.max(proven.proof.valuesNeeded, pattern.preperiod + 2 * pattern.period, 32) : count;
  const reportedMax = max ?? BigInt(shown - 1);
  if (reportedMax >= BigInt(count) && !proven) {
    throw InputError.about(
      'out-of-memory',
      'max',
      reportedMax,
      String(reportedMax),
      saying('error.memory.noPeriod', {
        // Stopped once no proof could come within stopAt values: none is proven within them, as a full run would say.
        count: formatCount(ruledOut ? stopAt : count),
        why: solver.noTheorem ? messageFor(solver.noTheorem, 'rule.noTheorem.') : { key: 'error.memory.raise', params: { limit: mention('limit') } },
        values: formatCount(reportedMax + 1n),
        room: formatCount(capacity),
      }),
    );
  }
  const cycle: Cycle | null = proven && isCycle(pattern) ? pattern : null;
  const at = (n: bigint): bigint => valueAt(g, count, cycle, n);
  return {
    shape: 'heap',
    game,
    rule: text,
    max: reportedMax,
    computed: count,
    pattern,
    noTheorem: solver.noTheorem ?? (isCycle(pattern) && !pattern.proof ? (solver.noTheoremFor?.(pattern) ?? null) : null),
    kernel: solver.kernelStats?.(store) ?? null,
    statistics: cycle ? null : unsolvedStatistics(g, count),
    excludedPeriods: pattern.kind === 'none' ? excludedPeriods(g, count) : null,
    proofMilliseconds,
    ...(proofNotSought && !proven && { proofNotSought }),
    ...(ruledOut && { ruledOutWithin: stopAt }),
    maxValue: largestValue(g, count, cycle, reportedMax, at),
    pPositions: describePPositions(g, count, pattern, reportedMax),
    valueAt: at,
    valueOf: (n) => (n < count ? g[n]! : valueFrom(g, count, cycle!, n)),
    values: g,
  };
}

/** Largest G(n), 0 <= n <= max. Past the computed values the cycle only rises, so its last period holds the maximum. */
function largestValue(g: ValueArray, count: number, cycle: Cycle | null, max: bigint, at: (n: bigint) => bigint): bigint {
  let best = 0;
  const seenEnd = Number(max < BigInt(count) ? max + 1n : BigInt(count));
  for (let n = 0; n < seenEnd; n++) if (g[n]! > best) best = g[n]!;
  let largest = BigInt(best);
  if (cycle && cycle.saltus > 0 && max >= BigInt(count)) {
    for (let n = max; n > max - BigInt(cycle.period); n--) {
      const v = at(n);
      if (v > largest) largest = v;
    }
  }
  return largest;
}
