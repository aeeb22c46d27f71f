import { freemem } from 'node:os';
import { InputError } from './errors.js';
import { formatCount } from './numbers.js';
import { ruleText, type GameSpec } from './rules/model.js';
import { ValueStore, MAX_ARRAY_LENGTH, bytesPerValueFor, type ValueArray } from './engine/store.js';
import { solverFor } from './solvers.js';
import { isCycle, patternKind, type Cycle, type Pattern } from './period/pattern.js';
import { observeCycle } from './period/observed.js';
import { valueAt } from './period/cycle.js';
import { describePPositions, type PPositions } from './period/p-positions.js';

export interface ExploreRequest {
  readonly game: GameSpec;
  /** Heaps 0..max are reported. Without it: every value computed on the way to a proof. */
  readonly max?: bigint;
  /** The most values to compute while looking for a proof. */
  readonly limit?: number;
  /** Bytes the value table may use (default: most of the free memory). */
  readonly memoryBudget?: number;
}

export interface Exploration {
  readonly game: GameSpec;
  /** Canonical rule text. */
  readonly rule: string;
  readonly max: bigint;
  /** How many values were computed: G(0..computed-1). */
  readonly computed: number;
  readonly pattern: Pattern;
  /** Largest G(n) for 0 <= n <= max. */
  readonly maxValue: bigint;
  readonly pPositions: PPositions;
  /** G(n) for any n up to max (and beyond, when a cycle is proven). */
  valueAt(n: bigint): bigint;
  /** The same for n <= 2^53, in plain numbers: the fast path for long listings. */
  valueOf(n: number): number;
  /** The computed values (a view, not a copy). */
  readonly values: ValueArray;
}

export const DEFAULT_LIMIT = 2 ** 26;
const FIRST_BLOCK = 64;

/** Most values a table may hold in memory, given the bytes each takes. */
function memoryCapacity(bytesPerValue: number, budget: number | undefined): number {
  const bytes = budget ?? freemem() * 0.8;
  return Math.max(0, Math.min(MAX_ARRAY_LENGTH, Math.floor(bytes / bytesPerValue)));
}

/**
 * Compute a game's values and find its eventual pattern. Values are computed
 * in doubling blocks; after each block the rule's theorem gets a chance to
 * prove a cycle, and once it does, computation stops: every later value
 * follows from the cycle.
 */
export function explore(request: ExploreRequest): Exploration {
  const { game } = request;
  const solver = solverFor(game.rule);
  const max = request.max ?? game.defaultMax;
  const limit = request.limit ?? DEFAULT_LIMIT;
  const capacity = memoryCapacity(bytesPerValueFor(solver.largestExpected), request.memoryBudget);
  const wanted = max === undefined ? Infinity : Number(max) + 1;
  // A theorem may let us stop long before `wanted`, so search up to `limit`
  // even when `wanted` would not fit; without a proof, we must hold `wanted`.
  const stopAt = Math.min(Math.max(limit, Math.min(wanted, capacity)), capacity, MAX_ARRAY_LENGTH);
  if (stopAt < 1) throw new InputError('not enough free memory for even one value');

  const store = new ValueStore(stopAt, solver.largestExpected ?? 0, Math.min(stopAt, FIRST_BLOCK));
  let proven: ReturnType<typeof solver.prove> = null;
  let end = Math.min(stopAt, FIRST_BLOCK);
  for (;;) {
    solver.fill(store, store.count, end);
    proven = solver.prove(store.values, store.count);
    if (proven || store.count >= stopAt) break;
    end = Math.min(stopAt, end * 2);
  }
  const count = store.count;
  const g = store.view();

  let pattern: Pattern;
  if (proven) {
    const { proof, ...cycle } = proven;
    pattern = { kind: patternKind(cycle.saltus), ...cycle, proof, observedOver: count };
  } else {
    const seen = observeCycle(g, count, { allowSaltus: solver.allowSaltus });
    pattern = seen ? { kind: patternKind(seen.saltus), ...seen, proof: null, observedOver: count } : { kind: 'none', observedOver: count };
  }

  // Without --max, show what the proof rests on, and at least two periods.
  const shown = proven && isCycle(pattern) ? Math.max(proven.proof.valuesNeeded, pattern.preperiod + 2 * pattern.period, 32) : count;
  const reportedMax = max ?? BigInt(shown - 1);
  if (reportedMax >= BigInt(count) && !proven) {
    throw new InputError(
      `--max ${reportedMax}: no period was proven within the first ${formatCount(count)} values (raise --limit), ` +
        `and ${formatCount(reportedMax + 1n)} values do not fit in memory (room for about ${formatCount(capacity)})`,
    );
  }
  const cycle: Cycle | null = proven && isCycle(pattern) ? pattern : null;
  const at = (n: bigint): bigint => valueAt(g, count, cycle, n);
  return {
    game,
    rule: ruleText(game.rule),
    max: reportedMax,
    computed: count,
    pattern,
    maxValue: largestValue(g, count, cycle, reportedMax, at),
    pPositions: describePPositions(g, count, pattern, reportedMax),
    valueAt: at,
    valueOf: (n) => {
      if (n < count) return g[n]!;
      const c = cycle!;
      const offset = n - c.preperiod;
      return g[c.preperiod + (offset % c.period)]! + Math.floor(offset / c.period) * c.saltus;
    },
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
