/**
 * Misère sums of heaps answered by theory, at any number of heaps: where
 * every heap up to the largest is tame, by Conway's tame rule (the published
 * theorem, so it comes first); else through the misère quotient of heaps up
 * to the largest (a sum is P exactly when the product of its heaps' classes
 * is in the P-portion; a winning move goes to a sum whose product is). The
 * tame rule: a sum of tame games plays as the nim position of their genera
 * (with a component whose genus is not 0^{120} or 1^{031}, P exactly when
 * the nim-sum of the normal values is 0, else exactly when it is 1). Null
 * when neither applies within its limits; the caller then searches the
 * position.
 */
import { InputError } from '../errors.js';
import type { HeapMoves } from '../heap/heap-kind.js';
import type { Ground } from '../laws/ground.js';
import type { HeapList } from '../positions/heap-list.js';
import { WINNING_MOVES_LISTED, type Component, type Move, type PositionReport } from '../positions/position.js';
import { emptyQuotient, extendQuotient, type Quotient } from './quotient.js';
import { compareParts } from '../heap/heap-options.js';
import { genusTableSteps, type GenusTable } from './genus.js';

/** The largest heap a position's quotient is computed to. */
export const QUOTIENT_POSITION_HEAP = 64;
/** The largest heap a position's genus table is computed to, for rules that split heaps (their sums of heaps are searched). */
const GENUS_SPLIT_HEAP = 20;
/** The largest heap a position's genus table is computed to, for rules whose moves leave one heap. */
const GENUS_SINGLE_HEAP = 100_000;
const BLOCK = 4096;
/** Quotients remembered between positions (by rule), and the heap at which each rule's quotient was refused. */
const REMEMBERED_QUOTIENTS = 8;
const known = new Map<string, Quotient>();
const refusedAt = new Map<string, number>();
/** Components a report keeps of a position read from standard input. */
const COMPONENTS_KEPT = 64;

/** How one heap size plays in a theory: its class (quotient) or its genus (tame), and what a sum of them is. */
interface Theory {
  readonly ground: Ground;
  /** The outcome of a sum given how many heaps of each size it has. */
  outcome(counts: ReadonlyMap<number, number>): 'N' | 'P';
  /** The options of a heap of `size` that win, given the counts of the whole sum. */
  winning(counts: ReadonlyMap<number, number>, size: number): number[][];
}

/** How heap positions are written (from the positions module, which calls this one). */
export type HeapWriting = Pick<PositionReport<bigint>, 'show' | 'describe'>;

export function* misereSumSteps(moves: HeapMoves, heaps: HeapList, writing: HeapWriting): Generator<void, PositionReport<bigint> | null, void> {
  if (moves.optionsElsewhere) return null;
  const largest = heaps.largest;
  const counts = new Map<number, number>();
  for (let from = 0; from < heaps.count; from += BLOCK) {
    for (const h of heaps.read(from, BLOCK)) counts.set(Number(h), (counts.get(Number(h)) ?? 0) + 1);
    yield;
  }
  const theory = (yield* tameTheory(moves, largest)) ?? (yield* quotientTheory(moves, largest));
  if (!theory) return null;
  const outcome = theory.outcome(counts);
  const winningMoves: Move<bigint>[] = [];
  let count = 0n;
  if (outcome === 'N') {
    const bySize = new Map<number, number[][]>();
    // Canonical order within a heap: amount taken, then what is left.
    const sum = (parts: readonly number[]) => parts.reduce((a, b) => a + b, 0);
    for (const size of counts.keys()) bySize.set(size, theory.winning(counts, size).sort((a, b) => sum(b) - sum(a) || compareParts(a.map(BigInt), b.map(BigInt))));
    for (let from = 0; from < heaps.count; from += BLOCK) {
      const block = heaps.read(from, BLOCK);
      for (let i = 0; i < block.length; i++) {
        const n = block[i]!;
        for (const parts of bySize.get(Number(n))!) {
          count++;
          if (winningMoves.length < WINNING_MOVES_LISTED) winningMoves.push({ component: from + i + 1, from: n, to: parts.map(BigInt), take: n - BigInt(parts.reduce((a, b) => a + b, 0)) });
        }
      }
      yield;
    }
  }
  const component = (n: bigint): Component<bigint> => ({ state: n, grundy: null, ground: theory.ground });
  const kept = heaps.inMemory ? heaps.count : COMPONENTS_KEPT;
  return {
    shape: 'position',
    rule: moves.text,
    misere: true,
    components: heaps.read(0, kept).map(component),
    ...(heaps.inMemory
      ? {}
      : {
          componentCount: heaps.count,
          allComponents: async function* () {
            for (let from = 0; from < heaps.count; from += BLOCK) yield heaps.read(from, BLOCK).map(component);
          },
        }),
    nimSum: null,
    outcome,
    winningMoves,
    movesNotListed: null,
    ...(count > BigInt(winningMoves.length) ? { winningMoveCount: count } : {}),
    show: writing.show,
    describe: writing.describe,
  };
}

/** The options of a heap of n, as sorted heaps (0s left out). */
function optionsOf(moves: HeapMoves, n: number): number[][] {
  return moves.options(n).map((parts) => parts.filter((p) => p > 0).sort((a, b) => a - b));
}

/** x^e in the quotient, by squaring. */
function power(q: Quotient, x: number, e: number): number {
  const m = q.monoid;
  let out = 0;
  for (let base = x; e > 0; e >>= 1, base = m.times[base * m.size + base]!) if (e & 1) out = m.times[out * m.size + base]!;
  return out;
}

/** The quotient of heaps up to the largest, where it can be computed (null past its limits). */
function* quotientTheory(moves: HeapMoves, largest: bigint): Generator<void, Theory | null, void> {
  if (largest > BigInt(QUOTIENT_POSITION_HEAP) || largest >= BigInt(refusedAt.get(moves.text) ?? QUOTIENT_POSITION_HEAP + 1)) return null;
  // The quotient of more heaps answers a sum of fewer as well: a game in play reuses and extends it.
  let q = known.get(moves.text) ?? emptyQuotient();
  try {
    while (q.bound < Number(largest)) q = yield* extendQuotient(moves, q);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    refusedAt.set(moves.text, q.bound + 1);
    return null;
  }
  if (known.size >= REMEMBERED_QUOTIENTS && !known.has(moves.text)) known.delete(known.keys().next().value!);
  known.set(moves.text, q);
  const m = q.monoid;
  const times = (x: number, y: number) => m.times[x * m.size + y]!;
  const productOf = (counts: ReadonlyMap<number, number>, less?: number) => {
    let x = 0;
    for (const [size, c] of counts) x = times(x, power(q, q.images[size]!, size === less ? c - 1 : c));
    return x;
  };
  return {
    ground: { kind: 'quotient', bound: q.bound, order: m.size },
    outcome: (counts) => (q.inP[productOf(counts)] ? 'P' : 'N'),
    winning(counts, size) {
      const rest = productOf(counts, size);
      return optionsOf(moves, size).filter((parts) => q.inP[parts.reduce((x, p) => times(x, q.images[p]!), rest)]);
    },
  };
}

/** Conway's tame rule, where every heap up to the largest is tame (null where one is not, or past the limits). */
function* tameTheory(moves: HeapMoves, largest: bigint): Generator<void, Theory | null, void> {
  if (largest > BigInt(moves.splits ? GENUS_SPLIT_HEAP : GENUS_SINGLE_HEAP)) return null;
  let table: GenusTable;
  try {
    table = yield* genusTableSteps(moves, Number(largest));
  } catch (e) {
    if (e instanceof InputError) return null;
    throw e;
  }
  if (!table.allTame) return null;
  const value = table.rows.map((r) => r.genus.value);
  // Small: the genus of *0 or *1 (0^{120}, 1^{031}); any other tame genus plays as a heap of 2 or more.
  const big = table.rows.map((r) => (r.genus.exponents.length === 3 ? 0 : 1));
  const rule = (xor: number, bigs: number): 'N' | 'P' => ((bigs > 0 ? xor === 0 : xor === 1) ? 'P' : 'N');
  const totals = (counts: ReadonlyMap<number, number>) => {
    let xor = 0;
    let bigs = 0;
    for (const [size, c] of counts) {
      if (c & 1) xor ^= value[size]!;
      bigs += big[size]! * c;
    }
    return { xor, bigs };
  };
  return {
    ground: { kind: 'theorem', theorem: { key: 'theorem.tameGenus', params: { largest } } },
    outcome: (counts) => {
      const t = totals(counts);
      return rule(t.xor, t.bigs);
    },
    winning(counts, size) {
      const t = totals(counts);
      return optionsOf(moves, size).filter((parts) => rule(parts.reduce((x, p) => x ^ value[p]!, t.xor ^ value[size]!), parts.reduce((b, p) => b + big[p]!, t.bigs - big[size]!)) === 'P');
    },
  };
}
