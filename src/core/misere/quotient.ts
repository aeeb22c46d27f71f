/**
 * The misère quotient (Plambeck and Siegel, "Misère quotients for impartial
 * games", J. Combin. Theory A, 2008) of a heap rule restricted to heaps
 * 0..n: the commutative monoid of the classes of sums of those heaps, two
 * sums being one class when every sum added to them leaves both with the
 * same misère outcome; its P-portion (the classes of P-positions); and the
 * pretending function, each heap's class.
 *
 * Built heap by heap, as Siegel's MisereSolver does: heap n either pretends
 * to be an element of the quotient so far, or the quotient grows. It is then
 * tried as the product of the quotient so far with a cyclic monoid 1, a,
 * a^2, ... (a^(k+2) = a^k) for heap n, and reduced to the classes the
 * outcomes tell apart. Where two sums of one class of that trial have
 * different outcomes, the heaps of those two sums are freed from what they
 * pretended to be (each its own cyclic monoid in the product), or their
 * cyclic monoids lengthened, and the trial is made again.
 *
 * Every quotient is checked, not assumed (quotient-check.ts): a
 * pretension that fails the check is never reported.
 */
import { InputError, mention, says } from '../errors.js';
import { formatCount } from '../numbers.js';
import type { HeapMoves } from '../heap/heap-kind.js';
import { classOfSum, cyclicMonoid, directProduct, reduceByOutcome, TRIVIAL_MONOID, type Monoid, type TableMonoid } from './monoid.js';
import { checkQuotient, type HeapLetter } from './quotient-check.js';
import { liveHeaps } from './follower-graph.js';
import { sumOptions } from '../positions/misere.js';
import { SearchExhausted, sumTruth, type SumTruth } from './sum-truth.js';
/** A quotient of heaps 0..bound, checked. */
export interface Quotient {
  readonly monoid: TableMonoid;
  /** inP[x] = 1 when the class x holds misère P-positions. */
  readonly inP: Uint8Array;
  /** images[n]: the class of a heap of n (the pretending function), n = 0..bound. */
  readonly images: readonly number[];
  /** The heaps at which the quotient changed (grew, or was rebuilt), ascending. */
  readonly expansions: readonly number[];
  readonly bound: number;
  /** The states the last check visited. */
  readonly statesChecked: number;
}

/** The largest order of a quotient (its multiplication table has order^2 entries). */
const LARGEST_ORDER = 8192;
/** The most elements a trial product may have. */
const TRIAL_LIMIT = 300_000;
/** The largest index k of a cyclic monoid tried (a^(k+2) = a^k). */
const LARGEST_INDEX = 12;
/** The index of a freed heap's cyclic monoid at first. */
const FREED_INDEX = 2;
/** The most sums searched exhaustively to find where a trial goes wrong (past it, a guess; about 300 MB). */
const SEARCH_LIMIT = 2_000_000;
/** The most rounds of trials made one after another at one heap (each tries a few candidates). */
const LARGEST_ROUNDS = 40;

export function emptyQuotient(): Quotient {
  return { monoid: TRIVIAL_MONOID, inP: new Uint8Array(1), images: [0], expansions: [], bound: 0, statesChecked: 1 };
}

function sortedUnique(values: ArrayLike<number>): Int32Array {
  const sorted = Int32Array.from(values).sort();
  let k = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[k++] = sorted[i]!;
  return sorted.subarray(0, k);
}

/** The classes of the options of heap h. */
function transitionsOf(moves: HeapMoves, m: Monoid, images: readonly number[], h: number): Int32Array {
  return sortedUnique(moves.options(h).map((parts) => classOfSum(m, images, parts)));
}

/** Heaps 1..images.length-1 that have a move, with their classes and their options' classes. */
function lettersOf(moves: HeapMoves, m: Monoid, images: readonly number[]): HeapLetter[] {
  const out: HeapLetter[] = [];
  for (let h = 1; h < images.length; h++) if (moves.options(h).length > 0) out.push({ heap: h, image: images[h]!, transitions: transitionsOf(moves, m, images, h) });
  return out;
}

/** The quotient grown to heap q.bound + 1 (a generator for the driver). */
export function* extendQuotient(moves: HeapMoves, q: Quotient): Generator<void, Quotient, void> {
  const n = q.bound + 1;
  if (moves.options(n).length === 0) return { ...q, images: [...q.images, 0], bound: n };
  const m = q.monoid;
  // Heap n pretends to be an element of the quotient so far, if one passes the check.
  const earlier = lettersOf(moves, m, q.images);
  const tr = transitionsOf(moves, m, q.images, n);
  const aloneIsP = tr.every((u) => !q.inP[u]);
  for (let x = 0; x < m.size; x++) {
    if (Boolean(q.inP[x]) !== aloneIsP) continue;
    // A quick necessary condition first: a sum of class y·x in P has no option y·tr(n) in P.
    let fits = true;
    for (let y = 0; y < m.size && fits; y++) if (q.inP[m.product(y, x)] && tr.some((u) => q.inP[m.product(y, u)])) fits = false;
    if (!fits) continue;
    const check = yield* checkQuotient(m, q.inP, [...earlier, { heap: n, image: x, transitions: tr }]);
    if (check.ok) return { ...q, images: [...q.images, x], bound: n, statesChecked: check.states };
  }
  // The quotient changes. A trial: heap n its own cyclic monoid; after each failure, heaps freed from the failed trial (reduced) as its conflict shows them.
  const truth = sumTruth(moves, q, SEARCH_LIMIT);
  let tried = yield* runTrial(moves, q, truth, { monoid: m, images: [...q.images, 0] }, new Map([[n, 0]]));
  for (let round = 0; !('quotient' in tried); round++) {
    const next = round < LARGEST_ROUNDS ? yield* nextTrial(moves, q, truth, tried) : null;
    if (!next) throw tooHard(q, n, `${LARGEST_ROUNDS} trials`);
    tried = next;
  }
  return tried.quotient;
}

/** What a trial is built on: a monoid, and the image of every heap 0..n in it. */
interface Base {
  readonly monoid: Monoid;
  readonly images: readonly number[];
}

/**
 * The product of a base with a cyclic monoid per freed heap (heap ->
 * index), and every heap's image in it: a freed heap is its own generator,
 * any other heap what it was in the base.
 */
function trialProduct(base: Base, free: ReadonlyMap<number, number>): { readonly monoid: Monoid; readonly images: number[] } {
  const heaps = [...free.keys()].sort((a, b) => a - b);
  const parts: Monoid[] = [base.monoid, ...heaps.map((h) => cyclicMonoid(free.get(h)!))];
  const monoid = directProduct(parts);
  // Element (x, 0, ..., 0) is x times the product of the cyclic parts' sizes; freed heap i's generator is 1 in its place.
  const scale = monoid.size / base.monoid.size;
  const images = base.images.map((x) => x * scale);
  heaps.forEach((h, i) => (images[h] = parts.slice(i + 2).reduce((s, p) => s * p.size, 1)));
  return { monoid, images };
}

/** Two sums of one class of a trial whose outcomes truly differ (the trial is too coarse), with those outcomes (P: true). */
interface Conflict {
  readonly sums: readonly [number[], number[]];
  readonly truth: readonly [boolean, boolean];
}

/** A trial that failed its check: how far the check got, and (found only when asked, since it takes a search) its conflict. */
interface Failure {
  readonly states: number;
  /** The trial reduced (what the next trials build on). */
  readonly reduced: Base;
  /** Whether the reduced trial calls a sum P. */
  says(sum: readonly number[]): boolean;
  /** Null when the search for true outcomes passes its limit (a generator: the search can take seconds). */
  conflict(): Generator<void, Conflict | null, void>;
  /** The sum the check failed on and the sum its class was marked by: a guess at a conflict, found without a search. */
  readonly pair: readonly [number[], number[]];
}

/**
 * A trial: its elements, each reached by a shortest sum; each element's
 * outcome is that sum's (from the outcomes of its options' classes, found
 * the same way); the trial reduced to the classes the outcomes tell apart;
 * and the check. A trial too coarse fails the check, with a conflict.
 */
function* runTrial(moves: HeapMoves, q: Quotient, truth: SumTruth, base: Base, free: ReadonlyMap<number, number>): Generator<void, { readonly quotient: Quotient } | Failure, void> {
  const n = q.bound + 1;
  const trial = trialProduct(base, free);
  const m = trial.monoid;
  const letters = lettersOf(moves, m, trial.images);
  const imageOf = (sum: readonly number[]) => classOfSum(m, trial.images, sum);
  // Every element, with a shortest sum reaching it.
  const sumOf = new Map<number, number[]>([[0, []]]);
  const order = [0];
  // Each class of heaps stands for its smallest heap, so the sums found are small (the search for a conflict grows fast with their size).
  const generators = [...new Map([...letters].reverse().map((l) => [l.image, l.heap])).entries()].reverse();
  for (let i = 0; i < order.length; i++) {
    for (const [image, heap] of generators) {
      const y = m.product(order[i]!, image);
      if (sumOf.has(y)) continue;
      sumOf.set(y, [...sumOf.get(order[i]!)!, heap]);
      order.push(y);
      if (order.length > TRIAL_LIMIT) throw tooHard(q, n, `a trial of ${formatCount(TRIAL_LIMIT)} elements`);
    }
    if ((i & 1023) === 1023) yield;
  }
  // Each element's outcome: that of a sum reaching it (an option's class, once known, stands for all its sums).
  // Heaps without a move are left out of every sum (they change no game tree).
  const live = liveHeaps(moves);
  const optionSums = (sum: readonly number[]) => sumOptions(sum, (h) => moves.options(h), live);
  const isP = new Map<number, boolean>();
  // The sum each element's outcome was found from.
  const markedBy = new Map<number, readonly number[]>();
  const mark = (x: number, sum: readonly number[]) => {
    const p = outcome(sum);
    isP.set(x, p);
    markedBy.set(x, sum);
    return p;
  };
  const outcome = (sum: readonly number[]): boolean => {
    if (sum.length === 0) return false;
    for (const after of optionSums(sum)) {
      const y = imageOf(after);
      if (isP.get(y) ?? mark(y, after)) return false;
    }
    return true;
  };
  for (let i = 0; i < order.length; i++) {
    const x = order[i]!;
    if (!isP.has(x)) mark(x, [...sumOf.get(x)!].sort((a, b) => a - b));
    if ((i & 1023) === 1023) yield;
  }
  const reduced = yield* reduceByOutcome(m, generators.map(([image]) => image), (x) => isP.get(x) === true, LARGEST_ORDER);
  if (!reduced) throw tooHard(q, n, `a quotient of order ${formatCount(LARGEST_ORDER)}`);
  const classImages = trial.images.map((x) => reduced.classOf.get(x) ?? 0);
  const classInP = new Uint8Array(reduced.monoid.size);
  for (const [x, c] of reduced.classOf) if (isP.get(x)) classInP[c] = 1;
  const check = yield* checkQuotient(reduced.monoid, classInP, lettersOf(moves, reduced.monoid, classImages));
  if (check.ok) return { quotient: { monoid: reduced.monoid, inP: classInP, images: classImages, expansions: [...q.expansions, n], bound: n, statesChecked: check.states } };
  const failed = check.sum;
  let conflict: Conflict | null | undefined;
  const says = (sum: readonly number[]) => classInP[classOfSum(reduced.monoid, classImages, sum)] === 1;
  return {
    says,
    states: check.states,
    reduced: { monoid: reduced.monoid, images: classImages },
    pair: [[...failed].sort((a, b) => a - b), [...markedBy.get(imageOf(failed))!].sort((a, b) => a - b)],
    conflict: function* () {
      if (conflict === undefined) {
        try {
          conflict = yield* genuineConflict(truth, failed, imageOf, isP, (x) => markedBy.get(x)!, (sum) => [...optionSums(sum)]);
        } catch (error) {
          if (!(error instanceof SearchExhausted)) throw error;
          conflict = null;
        }
      }
      return conflict;
    },
  };
}

/**
 * Two sums of one trial class whose outcomes truly differ, found from a sum
 * the check failed on: searching down from it for a sum whose outcome the
 * trial's class gets wrong, then comparing that sum with the one its class
 * was marked by (if those agree, the class was marked wrong through an
 * option: down that option, and so on). Outcomes here are an exhaustive
 * search over the sums themselves, down to sums without heap n, which the
 * quotient so far answers.
 */
function* genuineConflict(truth: SumTruth, failed: readonly number[], imageOf: (sum: readonly number[]) => number, isP: ReadonlyMap<number, boolean>, markedBy: (x: number) => readonly number[], optionSums: (sum: readonly number[]) => number[][]): Generator<void, Conflict, void> {
  const wrong = function* (sum: readonly number[]) {
    return isP.get(imageOf(sum)) !== (yield* truth.isP(sum));
  };
  const firstWrong = function* (sums: readonly (readonly number[])[]) {
    for (const s of sums) if (yield* wrong(s)) return s;
    return undefined;
  };
  // A sum the trial gets wrong: the failed one, or (breadth first) one below it.
  let sum: readonly number[] = [...failed].sort((a, b) => a - b);
  const queue = [sum];
  const seen = new Set<string>();
  for (let i = 0; i < queue.length; i++) {
    if (yield* wrong(queue[i]!)) {
      sum = queue[i]!;
      break;
    }
    for (const o of optionSums(queue[i]!)) if (!seen.has(o.join(','))) seen.add(o.join(',')), queue.push(o);
    if ((i & 255) === 255) yield;
  }
  // Down the marking until two sums of one class differ.
  for (;;) {
    const by = [...markedBy(imageOf(sum))].sort((a, b) => a - b);
    const truthOfSum = yield* truth.isP(sum);
    const truthOfBy = yield* truth.isP(by);
    const next = truthOfBy === truthOfSum ? yield* firstWrong(optionSums(by)) : undefined;
    if (!next) return { sums: [[...sum], by], truth: [truthOfSum, truthOfBy] };
    sum = next;
  }
}

/**
 * The trial after a failed one: on the failed trial (reduced), each change
 * that sends the two sums of its conflict to different classes is tried (a
 * heap whose count differs between them freed, with a cyclic monoid as long
 * as its count needs, or two such heaps, or heap n freed again); the first
 * that passes gives the quotient; else the first that gives both sums their
 * true outcomes (as MisereSolver's recalibration asks of its failing word),
 * else the one whose check got furthest, is the next to build on. Where the
 * search for true outcomes passes its limit, the conflict is a guess (the
 * sum the check failed on and the sum its class was marked by) and the
 * furthest check leads: a guess costs trials, never a wrong quotient, since
 * only a trial that passes the check is returned.
 */
function* nextTrial(moves: HeapMoves, q: Quotient, truth: SumTruth, failure: Failure): Generator<void, { readonly quotient: Quotient } | Failure | null, void> {
  const failed = { ...((yield* failure.conflict()) ?? { sums: failure.pair, truth: null }), reduced: failure.reduced };
  const count = (sum: readonly number[]) => {
    const c = new Map<number, number>();
    for (const h of sum) c.set(h, (c.get(h) ?? 0) + 1);
    return c;
  };
  const [a, b] = failed.sums.map(count) as [Map<number, number>, Map<number, number>];
  const heaps = [...new Set([...a.keys(), ...b.keys()])];
  const differing = heaps.filter((h) => a.get(h) !== b.get(h));
  const indexFor = (h: number) => Math.min(LARGEST_INDEX, Math.max(FREED_INDEX, Math.max(a.get(h) ?? 0, b.get(h) ?? 0) - 1));
  const n = q.bound + 1;
  const singles = [...new Set([...(differing.length ? differing : heaps), n])];
  const candidates: Map<number, number>[] = singles.map((h) => new Map([[h, indexFor(h)]]));
  for (let i = 0; i < singles.length; i++) for (let j = i + 1; j < singles.length; j++) candidates.push(new Map([[singles[i]!, indexFor(singles[i]!)], [singles[j]!, indexFor(singles[j]!)]]));
  let best: Failure | null = null;
  for (const candidate of candidates) {
    const trial = trialProduct(failed.reduced, candidate);
    if (classOfSum(trial.monoid, trial.images, failed.sums[0]) === classOfSum(trial.monoid, trial.images, failed.sums[1])) continue;
    const tried = yield* runTrial(moves, q, truth, failed.reduced, candidate);
    if ('quotient' in tried) return tried;
    if (failed.truth && tried.says(failed.sums[0]) === failed.truth[0] && tried.says(failed.sums[1]) === failed.truth[1]) return tried;
    if (!best || tried.states > best.states) best = tried;
  }
  return best;
}

function tooHard(q: Quotient, n: number, tried: string): InputError {
  return new InputError(says`${mention('quotient')}: at heap ${n} the quotient of heaps 0..${q.bound} (order ${q.monoid.size}) would need more than ${tried}; the quotient is known up to heap ${q.bound}`, { code: 'too-large', value: n });
}

/** The quotient of heaps 0..bound (a generator for the driver). */
export function* quotientSteps(moves: HeapMoves, bound: number): Generator<void, Quotient, void> {
  let q = emptyQuotient();
  while (q.bound < bound) q = yield* extendQuotient(moves, q);
  return q;
}
