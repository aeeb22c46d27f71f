/**
 * Positions of a heap rule: a sum of heaps (`--position 3 6 9`, or millions
 * from standard input). Values come from the computed table or a proven
 * period (heaps up to 10^18), one table for every heap however many share a
 * size. Two passes over the heaps: the values and the nim-sum, then the
 * winning moves from each heap's options that reach the value the nim-sum
 * asks for (every one, not only those below the heap's value): all counted
 * within a budget of option checks, the first WINNING_MOVES_LISTED listed, of
 * each heap that has more (its own list), and of the other heaps together.
 * Misère play: Bouton's rule for Nim; the misère quotient or the tame rule
 * (src/core/misere/) where they apply; an exhaustive search for the rest. Both run as generators that yield after each heap (or position
 * searched), for the driver.
 */
import type { Exploration } from '../heap/explore.js';
import type { Ground } from '../laws/ground.js';
import { WINNING_MOVES_LISTED, type Component, type CutHeap, type Move, type PositionReport } from './position.js';
import { compareParts, type OptionsWithValue } from '../heap/heap-options.js';
import type { HeapMoves } from '../heap/heap-kind.js';
import { boutonOutcome, checkMisereSize, MISERE_STATE_LIMIT, misereSearch, splitDescendants, sumOptions } from './misere.js';
import { InputError, mention, says, saying } from '../errors.js';
import { formatCount } from '../numbers.js';
import { generatorWork, runGenerator, type SteppedWork } from '../driver.js';
import { heapArray, type HeapList } from './heap-list.js';
import { heapGrounds } from '../heap/heap-ground.js';
import { misereSumSteps } from '../misere/misere-sum.js';

/** Positions longer than this are not written out after each move: only what the heap becomes. */
const POSITION_SHOWN = 24;
/** Components a report keeps of a position read from standard input (the rest are read again to be written). */
const COMPONENTS_KEPT = 64;
/** Option checks the winning moves of one position may take, over all its heaps (about a second or two). */
export const OPTION_CHECKS = 100_000_000;
/** Heap sizes whose winning options are remembered (heaps of one size share them). */
const REMEMBERED_SIZES = 4096;
/** Heaps read a block at a time. */
const BLOCK = 4096;

/** How a heap move reads: what it takes, and the heaps after it (or what the heap becomes, in a long position). */
export function describeHeapMove(move: Move<bigint>, position: readonly bigint[]): string {
  const left = move.to.length > 1 ? `, leaving ${move.to.join(' + ')}` : '';
  if (position.length > POSITION_SHOWN) return `take ${move.take} from heap ${move.component}${left} (${move.from} → ${move.to.length ? move.to.join(' + ') : 'nothing'})`;
  const after = [...position.slice(0, move.component - 1), ...move.to, ...position.slice(move.component)];
  return `take ${move.take} from heap ${move.component}${left} → ${after.length ? after.join(' ') : '(nothing left)'}`;
}

export const showHeap = (n: bigint) => String(n);
/** The canonical order of heap moves (misère): component, amount taken, then what is left, heap by heap as numbers (not as text). */
const heapMoveOrder = (a: Move<bigint>, b: Move<bigint>) => a.component - b.component || (a.take! < b.take! ? -1 : a.take! > b.take! ? 1 : 0) || compareParts(a.to, b.to);

/** Every heap in order, a block at a time: `visit` gets its index and size, and the generator yields after each. */
function* eachHeap(heaps: HeapList, visit: (i: number, n: bigint) => boolean | void): Generator<void, void, void> {
  for (let from = 0; from < heaps.count; from += BLOCK) {
    const block = heaps.read(from, BLOCK);
    for (let i = 0; i < block.length; i++) {
      if (visit(from + i, block[i]!) === false) return;
      yield;
    }
  }
}

/** A position of few heaps, evaluated in this thread (play, the library, tests). */
export function heapPosition(x: Exploration, rule: HeapMoves, heaps: readonly bigint[], misere: boolean): PositionReport<bigint> {
  return runGenerator(heapPositionSteps(x, rule, heapArray(heaps), misere));
}

/**
 * The same as work for the driver: progress in heaps (or positions searched), stops between steps. `outcomeOnly`:
 * a sum in normal play seeks no winning move (--answer winner), and its report says so.
 */
export function heapPositionWork(x: Exploration, rule: HeapMoves, heaps: HeapList, misere: boolean, outcomeOnly = false): SteppedWork<PositionReport<bigint>> {
  const size = { unit: 'heaps', ceiling: (outcomeOnly ? 1 : 2) * heaps.count };
  return generatorWork(heapPositionSteps(x, rule, heaps, misere, size, outcomeOnly), size);
}

/** Why a position's winning moves are missing where only its outcome was asked for. */
const NOT_SOUGHT = 'not sought: only the outcome was asked for';

function* heapPositionSteps(x: Exploration, rule: HeapMoves, heaps: HeapList, misere: boolean, size = { unit: 'heaps', ceiling: 0 }, outcomeOnly = false): Generator<void, PositionReport<bigint>, void> {
  const components: Component<bigint>[] = [];
  const kept = heaps.inMemory ? heaps.count : COMPONENTS_KEPT;
  const groundOf = heapGrounds(x);
  // Pass 1: values, the nim-sum, and what Bouton's rule needs.
  let nimSum = 0n;
  let heapSum = 0n;
  let big = 0;
  let ones = 0;
  yield* eachHeap(heaps, (i, n) => {
    const value = x.valueAt(n);
    nimSum ^= value;
    heapSum ^= n;
    if (n >= 2n) big++;
    else if (n === 1n) ones++;
    if (i < kept) components.push({ state: n, grundy: value, ground: groundOf(n) });
  });
  const base = {
    shape: 'position' as const,
    rule: x.rule,
    misere,
    show: showHeap,
    describe: describeHeapMove,
    components,
    ...(heaps.inMemory ? {} : { componentCount: heaps.count, allComponents: () => allComponents(x, heaps, groundOf) }),
  };
  const winningMoves: Move<bigint>[] = [];
  let count = 0n;
  const add = (move: Move<bigint>) => {
    count++;
    if (winningMoves.length < WINNING_MOVES_LISTED) winningMoves.push(move);
  };
  const counted = () => (count > BigInt(winningMoves.length) ? { winningMoveCount: count } : {});
  if (misere && rule.nim) {
    // Nim: Bouton. The moves to a misère P-position: to 0, to 1, or the normal-play reply.
    const outcome = boutonOutcome(big > 0, ones, heapSum);
    if (outcome === 'N') {
      yield* eachHeap(heaps, (i, n) => {
        for (const m of new Set([0n, 1n, heapSum ^ n])) {
          if (m >= n) continue;
          const bigAfter = big - (n >= 2n ? 1 : 0) + (m >= 2n ? 1 : 0);
          const onesAfter = ones - (n === 1n ? 1 : 0) + (m === 1n ? 1 : 0);
          if (boutonOutcome(bigAfter > 0, onesAfter, heapSum ^ n ^ m) === 'P') add({ component: i + 1, from: n, to: m === 0n ? [] : [m], take: n - m });
        }
      });
      winningMoves.sort(heapMoveOrder);
    }
    return { ...base, nimSum: null, outcome, winningMoves, movesNotListed: null, ...counted() };
  }
  if (misere) {
    // A theory first (the quotient, or the tame rule), at any number of heaps; else an exhaustive search.
    size.unit = 'steps';
    size.ceiling = Infinity;
    const byTheory = yield* misereSumSteps(rule, heaps, base);
    if (byTheory) return byTheory;
    size.unit = 'positions searched';
    return yield* misereHeapPosition(rule, heaps, { ...base, components: base.components.map((c) => ({ ...c, ground: { kind: 'search', what: { key: 'ground.positionSearch' } } })) });
  }
  // Pass 2: each heap's options with the value the nim-sum asks for; a heap whose options cannot be looked through is
  // named and passed over, and the other heaps' moves are still listed and counted.
  const unlisted: string[] = [];
  let unlistedHeaps = 0;
  let unlistedComponent: number | undefined;
  // A heap with more winning moves than a list holds lists its first WINNING_MOVES_LISTED on its own (the first
  // CUT_HEAPS_LISTED such heaps), so the other heaps' moves, which share one list of that many, are listed too.
  const cutHeaps: CutHeap[] = [];
  let shared = 0;
  if (nimSum !== 0n && outcomeOnly) return { ...base, nimSum, outcome: 'N', winningMoves, movesNotListed: NOT_SOUGHT };
  if (nimSum !== 0n) {
    const remembered = new Map<bigint, OptionsWithValue>();
    let budget = OPTION_CHECKS;
    // Nim's heaps have one option each: remembering them would cost more than finding them.
    const remember = !rule.nim;
    yield* eachHeap(heaps, (i, n) => {
      let found = remember ? remembered.get(n) : undefined;
      if (!found) {
        found = rule.withValue(x, n, x.valueAt(n) ^ nimSum, WINNING_MOVES_LISTED, budget);
        if ('work' in found) budget -= found.work;
        if (remember && remembered.size < REMEMBERED_SIZES) remembered.set(n, found);
      }
      if ('notListed' in found) {
        unlistedComponent ??= i + 1;
        if (unlistedHeaps++ < UNLISTED_NAMED) unlisted.push(`heap ${i + 1} (${n}): ${found.notListed}`);
        return;
      }
      count += found.count;
      const cut = found.count > BigInt(WINNING_MOVES_LISTED);
      const room = cut ? (cutHeaps.length < CUT_HEAPS_LISTED ? WINNING_MOVES_LISTED : 0) : WINNING_MOVES_LISTED - shared;
      const listed = Math.min(room, found.options.length);
      for (const o of found.options.slice(0, listed)) winningMoves.push({ component: i + 1, from: n, to: o.to, take: o.take });
      if (cut) cutHeaps.push({ component: i + 1, count: found.count, listed });
      else shared += listed;
    });
  }
  const movesNotListed = unlistedHeaps === 0 ? null : unlistedWords(unlisted, unlistedHeaps);
  // Where no heap was cut the list is the one shared list, as it always was.
  const cuts = cutHeaps.length > 0 && winningMoves.length > WINNING_MOVES_LISTED ? { cutHeaps: cutHeaps.slice(0, CUT_HEAPS_NAMED) } : {};
  return { ...base, nimSum, outcome: nimSum === 0n ? 'P' : 'N', winningMoves, movesNotListed, ...counted(), ...cuts, ...(unlistedComponent !== undefined && { unlistedComponent }) };
}

/** Heaps with more winning moves than a list holds that list their first moves on their own; and that the report names. */
const CUT_HEAPS_LISTED = 8;
const CUT_HEAPS_NAMED = 64;

/** Heaps whose moves could not be listed that a report names (the rest are counted). */
const UNLISTED_NAMED = 3;

/** Why some heaps' winning moves are missing: the first few named, the others counted, and what that leaves out. */
function unlistedWords(named: readonly string[], heaps: number): string {
  const more = heaps > named.length ? `; and ${formatCount(heaps - named.length)} more heaps` : '';
  return `${named.join('; ')}${more}; the winning moves of ${heaps === 1 ? 'that heap are' : 'those heaps are'} neither listed nor counted (those of the other heaps are)`;
}

/** Every component with its value, read again from the heaps a block at a time (for a report of a long position). */
async function* allComponents(x: Exploration, heaps: HeapList, groundOf: (n: bigint) => Ground): AsyncGenerator<readonly Component<bigint>[]> {
  for (let from = 0; from < heaps.count; from += BLOCK) yield heaps.read(from, BLOCK).map((n) => ({ state: n, grundy: x.valueAt(n), ground: groundOf(n) }));
}

/** Heaps of a misère position searched exhaustively: more than this many is refused whatever their sizes. */
const MISERE_SEARCH_HEAPS = 10_000;

function* misereHeapPosition(rule: HeapMoves, heaps: HeapList, base: Omit<PositionReport<bigint>, 'nimSum' | 'outcome' | 'winningMoves' | 'movesNotListed'>): Generator<void, PositionReport<bigint>, void> {
  if (rule.optionsElsewhere) throw new InputError(says`${mention('misere')} ${saying('error.misere.withPositions', { what: rule.optionsElsewhere })}`, { code: 'not-applicable', value: true });
  if (heaps.count > MISERE_SEARCH_HEAPS) throw new InputError(says`${mention('misere')}: ${saying('error.misere.tooManyHeaps', { count: formatCount(heaps.count), most: formatCount(MISERE_SEARCH_HEAPS) })}`, { code: 'too-large', value: heaps.count });
  const all = heaps.read(0, heaps.count);
  // The positions a heap can become: every smaller heap, or (a rule that splits heaps) every multiset of fewer tokens.
  const splits = rule.splits;
  let reachable = 1;
  for (const n of all) reachable *= n > 10n ** 15n ? Infinity : splits ? splitDescendants(Number(n)) : Number(n) + 1;
  // The options of a position reached, estimated by those of the heaps it started from (counted only when the positions are few).
  let options = 0;
  for (const n of all) options += reachable > MISERE_STATE_LIMIT ? 0 : rule.options(Number(n)).length;
  checkMisereSize(reachable, options, all.length === 1 ? { key: 'error.misere.aHeap', params: { n: all[0]! } } : { key: 'error.misere.thisPosition' });
  // A position is a sorted list of heaps (0s dropped); its options replace one heap by what a move leaves.
  type Heaps = readonly number[];
  const normal = (h: number[]): Heaps => h.filter((v) => v > 0).sort((a, b) => a - b);
  const positionKey = (p: Heaps) => p.join(',');
  const optionsOf = (p: Heaps): Iterable<Heaps> => sumOptions(p, (h) => rule.options(h));
  const memo = new Map<string, boolean>();
  const start = normal(all.map(Number));
  const outcome = yield* misereSearch(start, positionKey, optionsOf, memo);
  const winningMoves: Move<bigint>[] = [];
  if (outcome === 'N') {
    for (let i = 0; i < all.length; i++) {
      const n = all[i]!;
      for (const parts of rule.options(Number(n))) {
        const after = normal([...all.slice(0, i).map(Number), ...parts, ...all.slice(i + 1).map(Number)]);
        if ((yield* misereSearch(after, positionKey, optionsOf, memo)) === 'P') {
          winningMoves.push({ component: i + 1, from: n, to: parts.map(BigInt).sort((a, b) => (a < b ? -1 : 1)), take: n - BigInt(parts.reduce((a, b) => a + b, 0)) });
        }
      }
    }
    winningMoves.sort(heapMoveOrder);
  }
  return { ...base, nimSum: null, outcome, winningMoves, movesNotListed: null };
}
