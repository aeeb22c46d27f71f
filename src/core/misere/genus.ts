/**
 * Conway's genus (On Numbers and Games ch. 12; Winning Ways ch. 13) of every
 * heap 0..max of a heap rule, and of every position those heaps reach.
 *
 * The genus of G is g^{g0 g1 g2 ...}: g is G's normal-play value and gk the
 * misère value (mex, with 1 for a position without moves) of G + k copies
 * of *2. With *1 + *1 the same as nothing in misère play (its misère value
 * and outcome in every sum; a short induction), the misère values of
 * "position + *1 (or not) + k copies of *2" over all positions form a
 * vector F_k that depends only on F_(k-1): once F_k = F_(k-2), every
 * sequence alternates from there on. That is the proof the table states,
 * not an observation.
 */
import type { HeapMoves } from '../heap/heap-kind.js';
import { followerGraph, type FollowerGraph } from './follower-graph.js';
import { MexBuffer } from '../kernels/mex-buffer.js';

/** A genus: the normal-play value and the misère exponents, abbreviated to where they start to alternate (plus the two that alternate). */
export interface Genus {
  readonly value: number;
  readonly exponents: readonly number[];
}

/**
 * Conway's classes of a heap: tame (it and every follower have a tame
 * genus); restive, as sg-explore decides it, when it is not tame but every
 * option is (ONAG's restive and restless games are such games; their finer
 * split by how they act in sums is not made here); else wild.
 */
export type Tameness = 'tame' | 'restive' | 'wild';

export interface GenusRow {
  readonly n: number;
  readonly genus: Genus;
  readonly tameness: Tameness;
}

export interface GenusTable {
  readonly shape: 'genus';
  readonly rule: string;
  readonly max: number;
  readonly rows: readonly GenusRow[];
  /** Positions searched (sums of heaps up to max), and the k from which every one of their exponent sequences alternates (proven). */
  readonly positions: number;
  readonly alternatesFrom: number;
  /** Every heap 0..max is tame (the tame rule then answers sums of them at any size). */
  readonly allTame: boolean;
}

/** The genus as Conway writes it: 0^{120}, 8^{8,10} (exponents of two digits get separators). */
export function genusText(genus: Genus): string {
  const wide = genus.exponents.some((e) => e >= 10);
  return `${genus.value}^{${genus.exponents.join(wide ? ',' : '')}}`;
}

/** Whether a genus is one a tame game may have: a nim-heap's (0^{120}, 1^{031}, n^{n,n xor 2}), or *2+*2's 0^{02} or *2+*3's 1^{13}. */
export function isTameGenus(genus: Genus): boolean {
  const [a, b, c] = genus.exponents;
  const g = genus.value;
  if (genus.exponents.length === 3) return (g === 0 && a === 1 && b === 2 && c === 0) || (g === 1 && a === 0 && b === 3 && c === 1);
  // 0^{02}, 1^{13} and n^{n, n xor 2}: one shape.
  return genus.exponents.length === 2 && a === g && b === (g ^ 2);
}

/** A mex over values marked with a stamp per set (the kernels' buffer: nothing to clear between sets). */
class Mex {
  private readonly buffer = new MexBuffer();
  private stamp = 0;
  begin(): void {
    this.stamp++;
  }
  add(v: number): void {
    this.buffer.mark(v, this.stamp);
  }
  value(): number {
    return this.buffer.mex(this.stamp);
  }
}

/** The misère values of every position p + (*1 if b) + k copies of *2, k = 0, 1, ... until they alternate: levels[k][2p + b]. */
export function* misereLevels(graph: FollowerGraph, maxLevels = 256): Generator<void, Int32Array[], void> {
  const count = graph.heaps.length;
  const mex = new Mex();
  const levels: Int32Array[] = [];
  for (let k = 0; k < maxLevels; k++) {
    const f = new Int32Array(2 * count);
    const prev = levels[k - 1];
    for (let p = 0; p < count; p++) {
      const options = graph.options[p]!;
      // p + k*2
      mex.begin();
      for (const o of options) mex.add(f[2 * o]!);
      if (prev) {
        mex.add(prev[2 * p + 1]!); // a *2 becomes *1
        mex.add(prev[2 * p]!); // a *2 is taken
      }
      f[2 * p] = !prev && options.length === 0 ? 1 : mex.value();
      // p + *1 + k*2
      mex.begin();
      for (const o of options) mex.add(f[2 * o + 1]!);
      mex.add(f[2 * p]!); // the *1 is taken
      if (prev) {
        mex.add(prev[2 * p]!); // a *2 becomes *1: *1 + *1 is nothing
        mex.add(prev[2 * p + 1]!); // a *2 is taken
      }
      f[2 * p + 1] = mex.value();
      if ((p & 1023) === 1023) yield;
    }
    levels.push(f);
    if (k >= 2 && sameValues(f, levels[k - 2]!)) return levels;
  }
  throw new RangeError(`misère values of sums with *2 did not alternate within ${maxLevels} copies`);
}

function sameValues(a: Int32Array, b: Int32Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The normal-play value of every position of the graph (mex over its options). */
export function normalValues(graph: FollowerGraph): Int32Array {
  const values = new Int32Array(graph.heaps.length);
  const mex = new Mex();
  for (let p = 0; p < values.length; p++) {
    mex.begin();
    for (const o of graph.options[p]!) mex.add(values[o]!);
    values[p] = mex.value();
  }
  return values;
}

/** The genus of position p from the levels (the last two alternate for every position). */
export function genusOf(levels: readonly Int32Array[], values: Int32Array, p: number): Genus {
  const e = levels.map((f) => f[2 * p]!);
  const last = e.length - 1;
  // j: the first index from which e alternates (e[i+2] = e[i] for all i >= j); levels last-2.. already do.
  let j = last - 2;
  while (j > 0 && e[j - 1] === e[j + 1]) j--;
  return { value: values[p]!, exponents: e.slice(0, j + 2) };
}

/** The genus table of heaps 0..max (a generator for the driver). */
export function* genusTableSteps(moves: HeapMoves, max: number): Generator<void, GenusTable, void> {
  const graph = yield* followerGraph(moves, max);
  const levels = yield* misereLevels(graph);
  const values = normalValues(graph);
  const count = graph.heaps.length;
  // Tame: the position and every follower have a tame genus (followers first in the graph's order).
  const tame = new Uint8Array(count);
  const restive = new Uint8Array(count);
  for (let p = 0; p < count; p++) {
    let all = isTameGenus(genusOf(levels, values, p));
    for (const o of graph.options[p]!) if (!tame[o]) all = false;
    tame[p] = all ? 1 : 0;
    restive[p] = !all && graph.options[p]!.every((o) => tame[o]) ? 1 : 0;
  }
  const rows: GenusRow[] = [];
  for (let n = 0; n <= max; n++) {
    const p = graph.heapPosition[n]!;
    rows.push({ n, genus: genusOf(levels, values, p), tameness: tame[p] ? 'tame' : restive[p] ? 'restive' : 'wild' });
  }
  return { shape: 'genus', rule: moves.text, max, rows, positions: count, alternatesFrom: levels.length - 3, allTame: rows.every((r) => r.tameness === 'tame') };
}
