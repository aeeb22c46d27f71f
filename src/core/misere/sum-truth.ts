/**
 * The true misère outcome of a sum of heaps 0..n, where the quotient of
 * heaps 0..n-1 is proven: a sum without heap n is read off that quotient,
 * any other is searched, move by move, down to such sums. A sum is held as
 * the count of each heap, changed in place as the search moves and undoes,
 * and remembered under a short key; one search serves every question asked
 * at heap n, so later questions reuse what earlier ones found.
 */
import type { HeapMoves } from '../heap/heap-kind.js';
import type { TableMonoid } from './monoid.js';
import { liveHeaps } from './follower-graph.js';

/** What the search bottoms out in: the proven quotient of heaps 0..n-1. */
export interface ProvenBelow {
  readonly monoid: TableMonoid;
  readonly inP: Uint8Array;
  readonly images: readonly number[];
  readonly bound: number;
}

export interface SumTruth {
  /** Whether the sum (its heaps) is a misère P-position. */
  isP(sum: readonly number[]): boolean;
  /** Sums remembered so far. */
  readonly searched: number;
}

/** Thrown by `isP` once the search would remember more than its limit of sums. */
export class SearchExhausted extends Error {
  constructor(limit: number) {
    super(`the search for true outcomes passed ${limit} sums`);
  }
}

export function sumTruth(moves: HeapMoves, below: ProvenBelow, limit: number): SumTruth {
  const n = below.bound + 1;
  const live = liveHeaps(moves);
  // Each heap's options, keeping only parts with a move (the others change no game tree).
  const options: number[][][] = [];
  for (let h = 0; h <= n; h++) options.push(live(h) ? moves.options(h).map((parts) => parts.filter(live)) : []);
  const counts = new Uint16Array(n + 1);
  const known = new Map<string, boolean>();
  const { monoid, inP, images } = below;
  const size = monoid.size;

  const key = () => {
    let k = '';
    for (let h = 1; h <= n; h++) if (counts[h]) k += String.fromCharCode(h, counts[h]!);
    return k;
  };
  const provenP = () => {
    let x = 0;
    for (let h = 1; h < n; h++) for (let c = counts[h]!; c > 0; c--) x = monoid.times[x * size + images[h]!]!;
    return inP[x] === 1;
  };
  const search = (): boolean => {
    if (counts[n] === 0) return provenP();
    const k = key();
    const remembered = known.get(k);
    if (remembered !== undefined) return remembered;
    // P when every move leads to N (heap n has a move, so there is one).
    let p = true;
    for (let h = 1; h <= n && p; h++) {
      if (counts[h] === 0) continue;
      for (const parts of options[h]!) {
        counts[h]!--;
        for (const part of parts) counts[part]!++;
        const optionP = search();
        for (const part of parts) counts[part]!--;
        counts[h]!++;
        if (optionP) {
          p = false;
          break;
        }
      }
    }
    if (known.size >= limit) throw new SearchExhausted(limit);
    known.set(k, p);
    return p;
  };
  return {
    isP(sum) {
      counts.fill(0);
      for (const h of sum) if (live(h)) counts[h]!++;
      return search();
    },
    get searched() {
      return known.size;
    },
  };
}
