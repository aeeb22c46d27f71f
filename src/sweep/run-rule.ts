import { recycleValues } from '../core/kernels/store.js';
import { solve } from '../core/analyse.js';
import { KINDS, kindOf, ruleText, type Rule } from '../core/kinds/registry.js';
import { errorRow, type SweepRow } from './row.js';
import { unsolvedStatistics } from '../core/heap/statistics.js';
import { rareWorkOf, type PausedRun, type SparseStretch } from '../core/heap/explore.js';
import type { ValueArray } from '../core/kernels/store.js';
import { isCycle } from '../core/laws/pattern.js';

/** One unit of sweep work: a rule, where it stands in its family, and its limit. */
export interface RuleJob {
  readonly index: number;
  readonly rule: Rule;
  /** Most values to compute looking for a proof; without it, defaultSweepLimit(rule). */
  readonly limit?: number;
  /** A first look (see ExploreRequest.pauseAt): a rule that would compute this heap or later is deferred, not finished. */
  readonly pauseAt?: number;
  /**
   * A deferred rule's values from its first look: its whole run goes on from
   * them, replaying the proof attempts they went through, so it attempts, and
   * stops, where a run from heap 0 does.
   */
  readonly resume?: ValueArray;
  /** Rare heaps a two-heap code may have (and rare work RARE_WORK_PER_HEAP times as much) before it stops; default SWEEP_MAX_RARE_HEAPS. */
  readonly maxRareHeaps?: number;
  /** Rare work (rare heaps × heaps computed) it may do before it stops; default RARE_WORK_PER_HEAP times its maxRareHeaps. */
  readonly maxRareWork?: number;
}

/** The values of a rule a sweep finished with no period proven, before their buffer is reused (sweep --frequencies). */
export interface UnsolvedValues {
  readonly index: number;
  readonly rule: string;
  readonly values: ValueArray;
  readonly computed: number;
  /** Whether the values show a period (observed, not proven): then they exclude nothing. */
  readonly periodInView: boolean;
}

/** A rule a first look left unfinished, to be run again whole: its index, and a guess at what that costs (to run the costliest first). */
export interface DeferredRule {
  readonly index: number;
  /** Milliseconds, roughly: only the order of these guesses is used. */
  readonly cost: number;
  /** The values its first look computed (a copy), for the whole run to go on from. */
  readonly values: ValueArray;
}

/**
 * Per-rule limits when --limit is not given come from each kind (a sweep
 * visits thousands of rules, so they are far below the single-game
 * defaults): the sweepable kinds' classes, in their order.
 */
const SWEEP_CLASSES = KINDS.flatMap((kind) => Object.entries(kind.heap?.sweep?.limits ?? {})).sort(([, a], [, b]) => a.order - b.order);

/**
 * A two-heap code with more rare heaps than this (or rare work past 2^16
 * times this, see ExploreRequest.maxRareHeaps) is no sparse game: its values
 * cost O(n) each and it stops at the next proof attempt (0.16 and 0.56 have
 * about 50 rare heaps, 0.127 2,804 at its proof, Officers about 1,600 at
 * 2^16; 0.04 has 17,000, and 0.626 keeps 1% of its heaps rare).
 */
export const SWEEP_MAX_RARE_HEAPS = 2 ** 14;

/**
 * Past its limit (without --limit), a code whose rare heaps stay sparse goes
 * on to 2^25 values, while it has at most 2^10 rare heaps, its rare work
 * (rare heaps × heaps computed) is at most 2^32 and its largest value has
 * held over the last half of its heaps: the published proofs that need more
 * than 2^20 values then come out (0.376: 509 rare heaps, its proof at
 * 4,536,507 values; 0.354: 131, at 20,126,195), while codes with more rare
 * heaps (Officers: 1,583) or growing values (0.374) stop near 2^20. See
 * ExploreRequest.sparseStretch.
 */
export const SWEEP_SPARSE_STRETCH: SparseStretch = { limit: 2 ** 25, maxRareHeaps: 2 ** 10, maxRareWork: 2 ** 32 };

/**
 * The per-rule defaults in words, as a results file records them when no
 * --limit is given: rows computed under other defaults (another version) are another sweep.
 */
export function describeSweepDefaults(): string {
  // The rare heaps are counted in the range or the domain sparse space, whichever is sparser: rows of
  // domain-sparse codes (0.104, 0.204) differ from those of versions that knew only the range.
  const stretch = SWEEP_SPARSE_STRETCH;
  return (
    `${SWEEP_CLASSES.map(([name, { limit }]) => `${name} ${limit}`).join(', ')}, rare heaps ${SWEEP_MAX_RARE_HEAPS} (range or domain), ` +
    `sparse codes to ${stretch.limit} (rare heaps ${stretch.maxRareHeaps}, rare work ${stretch.maxRareWork}, largest value held over half)`
  );
}

export function defaultSweepLimit(rule: Rule): number {
  const sweep = kindOf(rule).heap?.sweep;
  if (!sweep) throw new Error(`${ruleText(rule)}: not a rule sweeps compute`);
  return sweep.limits[sweep.classOf(rule)]!.limit;
}

/**
 * Explore one rule until its pattern is proven or the limit is reached;
 * errors become error rows. `memoryBudget`: bytes its values may take (read
 * once per batch; without it, from free memory now).
 */
export function runRule(job: RuleJob & { readonly pauseAt?: undefined }, memoryBudget?: number, onUnsolved?: (unsolved: UnsolvedValues) => void): SweepRow;
export function runRule(job: RuleJob, memoryBudget?: number, onUnsolved?: (unsolved: UnsolvedValues) => void): SweepRow | DeferredRule;
export function runRule(job: RuleJob, memoryBudget?: number, onUnsolved?: (unsolved: UnsolvedValues) => void): SweepRow | DeferredRule {
  let text: string;
  try {
    text = ruleText(job.rule);
  } catch (error) {
    return errorRow(job.index, String((job.rule as { kind?: unknown }).kind), messageOf(error));
  }
  try {
    // An explicit --limit is the most values a rule gets: no stretch past it.
    const limits = job.limit === undefined ? { limit: defaultSweepLimit(job.rule), sparseStretch: SWEEP_SPARSE_STRETCH } : { limit: job.limit };
    // Only a rule that may reach the pause reads the clock (a sweep's cheap rules take microseconds).
    const pauseAt = job.pauseAt !== undefined && job.pauseAt < Math.max(limits.limit, limits.sparseStretch?.limit ?? 0) ? job.pauseAt : undefined;
    const started = pauseAt === undefined ? 0 : performance.now();
    const maxRareHeaps = job.maxRareHeaps ?? SWEEP_MAX_RARE_HEAPS;
    const maxRareWork = job.maxRareWork ?? rareWorkOf(maxRareHeaps)!;
    const x = solve({ game: { rule: job.rule }, ...limits, maxRareHeaps, maxRareWork, memoryBudget, pauseAt, resume: job.resume });
    if (x.paused) {
      const bounds = { limit: limits.limit, stretch: job.limit === undefined ? SWEEP_SPARSE_STRETCH : undefined, maxRareHeaps, maxRareWork };
      const cost = costGuess(x.paused, x.computed, performance.now() - started, bounds);
      const values = x.values.slice(0, x.computed);
      recycleValues(x.values);
      return { index: job.index, cost, values };
    }
    const p = x.pattern;
    const cycle = isCycle(p) ? p : null;
    const g = x.values;
    const proven = Boolean(cycle?.proof);
    // With no period proven, the statistics row of unsolved games; a proven row needs only the largest value.
    const stats = proven ? null : unsolvedStatistics(g, x.computed);
    let largest = stats?.largestValue ?? 0;
    if (!stats) for (let n = 0; n < x.computed; n++) if (g[n]! > largest) largest = g[n]!;
    if (!proven) onUnsolved?.({ index: job.index, rule: text, values: g, computed: x.computed, periodInView: cycle !== null });
    // Nothing reads this rule's values again: the next rule may use their buffer.
    recycleValues(g);
    return {
      index: job.index,
      rule: text,
      // A sweep's values come from the kernels, whose patterns are cycles or none.
      kind: cycle?.kind ?? 'none',
      preperiod: cycle?.preperiod ?? null,
      period: cycle?.period ?? null,
      saltus: cycle?.saltus ?? null,
      proven,
      method: cycle?.proof?.method ?? null,
      maxValue: largest,
      computed: x.computed,
      largestAt: stats?.largestAt ?? null,
      rareMask: stats?.rareMask ?? null,
      rareHeaps: stats?.rareHeaps ?? null,
      lastRareHeap: stats?.lastRareHeap ?? null,
      error: null,
    };
  } catch (error) {
    return errorRow(job.index, text, messageOf(error));
  }
}

/**
 * What finishing a paused rule may cost, in milliseconds: its pace so far
 * times the values it may reach. Those follow from the sweep's stopping
 * rules (explore.ts: schedule and staysSparse) read at the pause: rare work
 * (rare heaps × heaps computed) is bounded within the limit, and a code
 * with few rare heaps may stretch, as far as its rare work allows. In a
 * sparse code the rare heaps mostly come early (0.444 has 360 at 2^16 and
 * 363 at 12 million; 0.64 486 and 488), so the count at the pause stands
 * for the last one. Whether the largest value will hold is not guessed: it
 * often grows past the first look and holds later (0.444 at heap 53,921,
 * then never again before 12 million). A code still gaining rare heaps
 * (a dense one, about a third of its heaps) stops where its count passes
 * the bound, at the pace it gained them last: with a large rare work
 * (--rare-work), that is what stops it, long before the limit. Only the
 * order of these guesses is used (and the sweep's ETA), and no row depends
 * on them.
 */
export function costGuess(paused: PausedRun, computed: number, milliseconds: number, bounds: GuessBounds): number {
  const { limit, stretch, maxRareHeaps, maxRareWork } = bounds;
  const rare = Math.max(1, paused.rareHeaps ?? 1);
  const mayStretch = stretch !== undefined && paused.rareHeaps !== null && rare <= stretch.maxRareHeaps;
  const growth = paused.rareGrowth ?? 0;
  const countReach = growth > 0 ? computed + Math.max(0, maxRareHeaps - rare) / growth : Infinity;
  const reach = mayStretch ? Math.min(stretch.limit, stretch.maxRareWork / rare) : Math.min(limit, maxRareWork / rare, countReach);
  return (milliseconds * Math.max(reach, computed)) / Math.max(1, computed);
}

/** The sweep's bounds on a rule, as costGuess reads them. */
export interface GuessBounds {
  readonly limit: number;
  readonly stretch: SparseStretch | undefined;
  readonly maxRareHeaps: number;
  readonly maxRareWork: number;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
