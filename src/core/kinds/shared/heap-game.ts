/**
 * What a request asks of a one-heap game, as work: the table of values (to
 * --max, or as far as --at needs, or to a proof), a position (the values to
 * its largest heap, then its outcome and winning moves), or a misère table
 * of single heaps. Every kind that offers `heap` is analysed here.
 */
import { InputError, mention, says, saying } from '../../errors.js';
import { rowsNotApplicable } from './pair-game.js';
import { finishedWork, generatorWork, type SteppedWork } from '../../driver.js';
import { theoremExploration } from '../../heap/theorem-exploration.js';
import { withObservedLaw } from '../../heap/heap-ground.js';
import { formatCount, parseCount } from '../../numbers.js';
import { heapArray, largestOf, type HeapList } from '../../positions/heap-list.js';
import { heapPositionWork } from '../../positions/heap-position.js';
import { keepTable, keptTable, tableReach } from '../../positions/position-tables.js';
import { misereTable, misereTableSteps, type MisereTable } from '../../positions/misere-table.js';
import { misereHeapPosition, misereOutcomeOf, misereSearchMax } from '../../positions/misere-heap.js';
import type { AnalyseRequest, GameKind, MisereOffer, PlayStart, Prepared, ShapedResult } from '../kind.js';
import { heapPlayable } from '../../positions/playable.js';
import type { RuleBase } from '../../rules/spec.js';
import { exploreTable, exploreWork, type Exploration, type ExploreRequest } from '../../heap/explore.js';
import type { HeapKind, HeapMoves } from '../../heap/heap-kind.js';
import type { ClosedForm, MisereClosedForm } from '../../heap/closed-form.js';
import { genusTableSteps } from '../../misere/genus.js';
import { messageFor } from '../../i18n/index.js';
import { FOLLOWER_LIMIT } from '../../misere/follower-graph.js';
import { quotientReportSteps } from '../../misere/quotient-report.js';

/** Misère play of a one-heap game whose options are here: a table of single heaps, and positions (prepareHeap below). */
export const HEAP_MISERE: MisereOffer = { tables: true, positions: true };

/** Heap sizes, written as people write them (9, 1e9, 10^18); a plain run of digits takes the fast path. */
export function parseHeaps(texts: readonly string[]): bigint[] {
  return texts.map((t) => (/^\d{1,15}$/.test(t) ? BigInt(t) : parseCount(t, mention('position'))));
}

/** The heaps of a request's position: as written, or a list the host read. */
export function positionHeaps(position: readonly string[] | HeapList): HeapList {
  return Array.isArray(position) ? heapArray(parseHeaps(position as readonly string[])) : (position as HeapList);
}

/** Heaps a table answered by a theorem shows when no --max is given. */
const THEOREM_TABLE_MAX = 31n;

/** A misère table of heaps 0..max when no --max is given. */
const MISERE_DEFAULT_MAX = 100n;
const MISERE_DEFAULT_MAX_NUMBER = Number(MISERE_DEFAULT_MAX);
/** A genus table of heaps 0..max when no --max is given: rules whose moves leave one heap, and rules that split heaps (their sums are searched). */
const GENUS_DEFAULT_MAX = 100;
const GENUS_DEFAULT_SPLIT_MAX = 20;
/** The most heaps a misère quotient is asked for (it is built a heap at a time). */
const QUOTIENT_MAX = 10_000;

/** A generator's steps, then its result mapped. */
function* mapSteps<T, U>(steps: Generator<void, T, void>, map: (result: T) => U): Generator<void, U, void> {
  return map(yield* steps);
}

/**
 * Misère answers about heaps up to `largest`: from the rule's misère theorem
 * at once (`answer(null)`), or from the misère table computed far enough to
 * find its period.
 */
function misereWork<T>(moves: HeapMoves, misere: MisereClosedForm | null, largest: bigint, answer: (table: MisereTable | null) => T): SteppedWork<T> {
  if (misere) return finishedWork(answer(null));
  const max = misereSearchMax(moves, largest);
  return generatorWork(mapSteps(misereTableSteps(moves, max), answer), { unit: 'heaps', ceiling: moves.splits ? Infinity : max + 1 });
}

/** What a one-heap kind gives the machinery here: its heap capability, and its theorem where one applies. */
type HeapGameKind<R extends RuleBase> = Pick<GameKind<R>, 'name' | 'heap' | 'theorem'>;

/** The kind's heap capability (every kind that calls here has one). */
function heapOf<R extends RuleBase>(kind: HeapGameKind<R>): HeapKind<R> {
  if (!kind.heap) throw new RangeError(`the kind ${kind.name} has no heap capability`);
  return kind.heap;
}

/** The kind's formula for every value of the rule, where its theorem gives one. */
function valueFormula<R extends RuleBase>(kind: HeapGameKind<R>, rule: R): ClosedForm | null {
  const theorem = kind.theorem?.(rule);
  return theorem?.by === 'values' ? theorem.form : null;
}

/** A one-heap game's request, as work for the driver. */
export function prepareHeap<R extends RuleBase>(kind: HeapGameKind<R>, text: string, request: AnalyseRequest<R>): Prepared<ShapedResult> {
  const rule = request.game.rule;
  const heap = heapOf(kind);
  const solver = heap.solver;
  const closedForm = valueFormula(kind, rule);
  // A theorem answers any heap at once; a table is computed only where no theorem applies (or for tables, where a solver is at hand).
  const explore = (max: bigint | undefined, resume: ExploreRequest['resume'], anySize = false, enoughAtMax = false) => {
    if (closedForm && (anySize || !solver)) return finishedWork(theoremExploration(request.game, text, closedForm, max ?? request.game.defaultMax ?? THEOREM_TABLE_MAX));
    if (!solver) throw new RangeError(`${text}: its values come from elsewhere`);
    const threads = request.threads ?? 1;
    return exploreWork({ game: request.game, max, limit: request.limit, resume, threads, memoryBudget: request.memoryBudget, enoughAtMax }, solver(rule, threads), text);
  };
  if (request.position) {
    const heaps = positionHeaps(request.position);
    const moves = heap.moves(rule);
    // One heap in misère play: its misère outcome from a theorem, or the misère table and its period, at any size.
    if (request.misere && heaps.count === 1 && !moves.nim && !moves.splits) {
      const n = heaps.read(0, 1)[0]!;
      const misere = closedForm?.misere ?? null;
      return { checkpointKey: null, work: () => misereWork(moves, misere, n, (table) => misereHeapPosition(moves, n, table, misere, request.useObserved ?? false)) };
    }
    // With --use-observed, the values go only as far as a proof or the limit; an observed period answers beyond them (and says so).
    const observed = request.useObserved && !closedForm;
    // Positions of one run share the rule's table (see PositionTables): computed once, as far as the largest heap of them all.
    const key = observed ? `${text} (observed)` : text;
    const kept = keptTable(request.tables, key, heaps.largest, observed);
    return {
      checkpointKey: kept ? null : text,
      work: (resume) => (kept ? finishedWork(kept) : explore(observed ? undefined : tableReach(request.tables, heaps.largest), resume, true, true)),
      finish: (first) => {
        const x = kept ?? keepTable(request.tables, key, first as Exploration);
        return heapPositionWork(observed ? withObservedLaw(x, heaps.largest) : x, moves, heaps, request.misere ?? false, request.outcomeOnly);
      },
    };
  }
  if (request.misereTheory) {
    const moves = heap.moves(rule);
    const max = request.max === undefined ? undefined : Number(request.max);
    const most = request.misereTheory === 'genus' ? FOLLOWER_LIMIT - 1 : QUOTIENT_MAX;
    if (max !== undefined && max > most) throw new InputError(says`${mention(request.misereTheory)} ${mention('max')} ${formatCount(request.max!)}: ${saying('error.heaps.atMost', { most: formatCount(most) })}`, { code: 'too-large', field: 'max', value: request.max });
    if (request.misereTheory === 'genus') {
      const heaps = max ?? (moves.splits ? GENUS_DEFAULT_SPLIT_MAX : GENUS_DEFAULT_MAX);
      return { checkpointKey: null, work: () => generatorWork(genusTableSteps(moves, heaps), { unit: 'steps', ceiling: Infinity }) };
    }
    return { checkpointKey: null, work: () => generatorWork(quotientReportSteps(moves, max), { unit: 'steps', ceiling: Infinity }) };
  }
  if (request.misere) {
    const moves = heap.moves(rule);
    if (request.at) {
      const at = request.at;
      const misere = closedForm?.misere ?? null;
      const answer = (table: MisereTable | null): MisereTable => {
        const outcomeOf = misereOutcomeOf(table, misere, request.useObserved ?? false);
        const shown = table ?? misereTable(moves, Math.min(Number(largestOf(at)), MISERE_DEFAULT_MAX_NUMBER));
        return { ...shown, at: at.map(outcomeOf) };
      };
      return { checkpointKey: null, work: () => misereWork(moves, misere, largestOf(at), answer) };
    }
    const max = Number(request.max ?? request.game.defaultMax ?? MISERE_DEFAULT_MAX);
    const size = { unit: 'heaps', ceiling: moves.splits ? Infinity : max + 1 };
    return { checkpointKey: null, work: () => generatorWork(misereTableSteps(moves, max), size) };
  }
  if (request.rows) throw rowsNotApplicable(request.rows);
  // With --at, only the asked-for heaps matter: compute (or prove) up to the largest.
  const max = request.at ? largestOf(request.at) : request.max;
  if (request.at && request.useObserved && !closedForm) {
    return { checkpointKey: text, work: (resume) => explore(undefined, resume), finish: (x) => finishedWork({ ...withObservedLaw(x as Exploration, max!), max: max! }) };
  }
  return { checkpointKey: text, work: (resume) => explore(max, resume, request.at !== undefined) };
}

/** Heaps a played game may start with (every option of each is listed), unless the rule reckons its options at any size (HeapMoves.reckoned). */
const PLAY_HEAP_LIMIT = 1_000_000;

/** A one-heap game to play: the start heaps (three random ones without a position), the values up to the largest, and the moves. */
export function playHeap<R extends RuleBase>(kind: HeapGameKind<R>, text: string, request: AnalyseRequest<R>, random: () => number): PlayStart {
  const rule = request.game.rule;
  const heap = heapOf(kind);
  const closedForm = valueFormula(kind, rule);
  if (!heap.solver && !closedForm) throw new InputError(says`play: ${saying('error.play.module')}`, { code: 'not-applicable', field: 'rule', value: rule });
  const texts = request.position as readonly string[] | undefined;
  const start = texts ? texts.map((t) => parseCount(t, mention('position'))) : Array.from({ length: 3 }, () => BigInt(1 + Math.floor(random() * 15)));
  const largest = largestOf(start);
  const moves = heap.moves(rule);
  // A rule that reckons its options may still stop short of some sizes (the divisor game's: as far as it can factor).
  const reach = moves.reckoned?.upTo;
  if (reach !== undefined && largest > reach) throw new InputError(says`play: ${saying('error.play.heapsUpTo', { most: formatCount(reach), got: largest })}`, { code: 'too-large', field: 'position', value: largest });
  if (largest > BigInt(PLAY_HEAP_LIMIT) && !moves.reckoned) {
    // No period can be proven (an infinite set, a repeating code): say so, rather than only the size.
    const why = closedForm ? null : heap.solver!(rule, 1).noTheorem;
    if (why) throw new InputError(says`${mention('position')}: ${saying('error.play.noPeriodPast', { n: formatCount(largest), most: formatCount(PLAY_HEAP_LIMIT), why: messageFor(why, 'rule.noTheorem.') })}`, { code: 'too-large', field: 'position', value: largest });
    throw new InputError(says`play: ${saying('error.play.heapsUpTo', { most: formatCount(PLAY_HEAP_LIMIT), got: largest })}`, { code: 'too-large', field: 'position', value: largest });
  }
  // The values up to the largest heap (a game only makes heaps smaller), or, for a heap past the heaps listed, to a proven period.
  if (closedForm) return { playable: heapPlayable(moves, theoremExploration(request.game, text, closedForm, largest)), start, random: !texts };
  const solver = heap.solver!(rule, 1);
  if (largest <= BigInt(PLAY_HEAP_LIMIT)) return { playable: heapPlayable(moves, exploreTable({ game: request.game, max: largest, limit: request.limit, enoughAtMax: true }, solver, text)), start, random: !texts };
  // Past them only a proven period values a heap: the values go as far as the proof search (its limit), never to the heap itself.
  const exploration = exploreTable({ game: request.game, limit: request.limit, proofOnly: true }, solver, text);
  const pattern = exploration.pattern;
  if (!('proof' in pattern && pattern.proof)) {
    const why = solver.noTheorem ? messageFor(solver.noTheorem, 'rule.noTheorem.') : { key: 'error.memory.raise' as const, params: { limit: mention('limit') } };
    const params = { n: formatCount(largest), most: formatCount(PLAY_HEAP_LIMIT), count: formatCount(exploration.ruledOutWithin ?? exploration.computed), why };
    throw new InputError(says`${mention('position')}: ${saying('error.play.noPeriodWithin', params)}`, { code: 'too-large', field: 'position', value: largest });
  }
  return { playable: heapPlayable(moves, exploration), start, random: !texts };
}
