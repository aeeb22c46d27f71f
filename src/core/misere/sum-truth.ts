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
  /** Whether the sum (its heaps) is a misère P-position (a generator for the driver: a search can take seconds). */
  isP(sum: readonly number[]): Generator<void, boolean, void>;
  /** Sums remembered so far. */
  readonly searched: number;
}

/** Thrown by `isP` once the search would remember more than its limit of sums. */
export class SearchExhausted extends Error {
  constructor(limit: number) {
    super(`the search for true outcomes passed ${limit} sums`);
  }
}

/** Sums a search visits between yields. */
const SEARCH_PIECE = 4096;

/** A sum on the search's path: its key, and the move it is trying (the j-th option of heap h). */
interface Frame {
  readonly key: string;
  h: number;
  j: number;
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
  const remember = (k: string, p: boolean) => {
    if (known.size >= limit) throw new SearchExhausted(limit);
    known.set(k, p);
  };
  /**
   * Depth first, with the path on a stack rather than the call stack, so
   * that the search can stop every SEARCH_PIECE sums (a search can take
   * seconds) and no deep sum overflows the call stack. A sum is P when
   * every move leads to N (heap n has a move, so there is one); each frame
   * is a sum and the move (heap h, its j-th option) it is trying. `value`
   * is the value of the sum last entered, or undefined while it is searched.
   */
  const stack: Frame[] = [];
  // The sum in `counts`: its value when known without a search (no heap n, or remembered); else undefined, and its frame goes on the stack.
  const enter = (): boolean | undefined => {
    if (counts[n] === 0) return provenP();
    const k = key();
    const remembered = known.get(k);
    if (remembered === undefined) stack.push({ key: k, h: 1, j: 0 });
    return remembered;
  };
  /**
   * The search from `value` (that of the sum last entered, or undefined while it is searched), on for at
   * most `steps` sums: the value of the first sum once the search is over, else undefined. A plain
   * function, not a generator: V8 optimizes its loop while it runs (a loop in a generator waits for the
   * generator's next call), and this loop is most of a quotient's time.
   */
  const advance = (value: boolean | undefined, steps: number): boolean | undefined => {
    for (let entered = 0; stack.length > 0; ) {
      const top = stack[stack.length - 1]!;
      if (value !== undefined) {
        // Back from the option the top frame tried: undo its move.
        for (const part of options[top.h]![top.j]!) counts[part]!--;
        counts[top.h]!++;
        if (value) {
          // An option is P: this sum is N.
          stack.pop();
          remember(top.key, (value = false));
          continue;
        }
        top.j++;
        value = undefined;
      }
      while (top.h <= n && (counts[top.h] === 0 || top.j >= options[top.h]!.length)) top.h++, (top.j = 0);
      if (top.h > n) {
        // Every option is N: this sum is P.
        stack.pop();
        remember(top.key, (value = true));
        continue;
      }
      counts[top.h]!--;
      for (const part of options[top.h]![top.j]!) counts[part]!++;
      value = enter();
      if (++entered === steps && stack.length > 0) {
        paused = value;
        return undefined;
      }
    }
    return value;
  };
  // Where a search that stopped for a yield goes on from.
  let paused: boolean | undefined;
  return {
    *isP(sum) {
      counts.fill(0);
      for (const h of sum) if (live(h)) counts[h]!++;
      stack.length = 0;
      let value = advance(enter(), SEARCH_PIECE);
      while (value === undefined) {
        yield;
        value = advance(paused, SEARCH_PIECE);
      }
      return value;
    },
    get searched() {
      return known.size;
    },
  };
}
