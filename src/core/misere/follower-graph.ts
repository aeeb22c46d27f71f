/**
 * The positions a heap rule's heaps 0..max can reach: multisets of heaps,
 * each with the positions its moves lead to, numbered so that every option
 * comes before the position (a misère search then fills its tables in one
 * pass). Heaps without a move are left out of every position: a sum with
 * such a heap has the same game tree as the sum without it.
 */
import { InputError, mention, says, saying } from '../errors.js';
import { formatCount } from '../numbers.js';
import type { HeapMoves } from '../heap/heap-kind.js';
import { sumOptions } from '../positions/misere.js';

export interface FollowerGraph {
  /** Positions, options first: each position's heaps, ascending (heaps with a move only). */
  readonly heaps: readonly (readonly number[])[];
  /** Each position's options (their numbers, each once). */
  readonly options: readonly Int32Array[];
  /** The number of the position of one heap of n, for n = 0..max. */
  readonly heapPosition: Int32Array;
}

/** The most positions a follower graph may hold (about a second or two of work and a few hundred MB). */
export const FOLLOWER_LIMIT = 3_000_000;

/** Which heaps have at least one move (memoised per rule). */
export function liveHeaps(moves: HeapMoves): (n: number) => boolean {
  const known = new Map<number, boolean>();
  return (n) => {
    let live = known.get(n);
    if (live === undefined) {
      live = n > 0 && moves.options(n).length > 0;
      known.set(n, live);
    }
    return live;
  };
}

/** The positions heaps 0..max reach, as a generator that yields after each position (for the driver). */
export function* followerGraph(moves: HeapMoves, max: number, limit = FOLLOWER_LIMIT): Generator<void, FollowerGraph, void> {
  if (moves.optionsElsewhere) throw new InputError(says`${mention('misere')} ${saying('error.misere.withTheory', { what: moves.optionsElsewhere })}`, { code: 'not-applicable', value: true });
  const live = liveHeaps(moves);
  const numbers = new Map<string, number>();
  const heaps: (readonly number[])[] = [];
  const options: Int32Array[] = [];
  const optionsOf = (position: readonly number[]): number[][] => {
    const seen = new Set<string>();
    const out: number[][] = [];
    for (const after of sumOptions(position, (h) => moves.options(h), live)) {
      const key = after.join(',');
      if (!seen.has(key)) {
        seen.add(key);
        out.push(after);
      }
    }
    return out;
  };
  interface Frame {
    readonly position: readonly number[];
    readonly key: string;
    readonly pending: number[][];
    readonly found: number[];
  }
  const open = (position: readonly number[]): Frame => ({ position, key: position.join(','), pending: optionsOf(position), found: [] });
  const heapPosition = new Int32Array(max + 1);
  for (let n = 0; n <= max; n++) {
    const start = live(n) ? [n] : [];
    const known = numbers.get(start.join(','));
    if (known !== undefined) {
      heapPosition[n] = known;
      continue;
    }
    const stack: Frame[] = [open(start)];
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const next = top.pending.pop();
      if (next) {
        const number = numbers.get(next.join(','));
        if (number !== undefined) top.found.push(number);
        else stack.push(open(next));
        continue;
      }
      yield;
      const number = heaps.length;
      if (number >= limit) {
        throw new InputError(says`${mention('misere')}: heaps up to ${max} reach more than ${formatCount(limit)} positions (sums of smaller heaps), too many to search; use a smaller ${mention('max')}`, { code: 'too-large', field: 'max', value: max });
      }
      numbers.set(top.key, number);
      heaps.push(top.position);
      options.push(Int32Array.from(new Set(top.found)));
      stack.pop();
      stack[stack.length - 1]?.found.push(number);
    }
    heapPosition[n] = numbers.get(start.join(','))!;
  }
  return { heaps, options, heapPosition };
}
