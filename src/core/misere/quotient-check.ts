/**
 * The proof that a pretension is right: a commutative monoid Q with a
 * subset P, and each heap's class, give the misère outcome of every sum of
 * heaps when a sum is P exactly when its class is in P.
 *
 * A sum X is a misère P-position when it has a move and every move goes to
 * an N-position. Its class x and the set T of its options' classes decide
 * that, and T matters only through D(T) = {z : t·z in P for some t in T},
 * the sums it would meet P with (T meets P exactly when 1 is in D(T)).
 * Adding a heap h of class a, whose options have classes tr(h), turns (x,
 * D) into (x·a, {z : a·z in D} ∪ D(x·tr(h))): a step on finitely many
 * states. Every state the sums reach is visited from the empty sum, and
 * each must have x in P exactly when 1 is not in D. By induction over the
 * sums, the classes then give every sum's outcome.
 */
import { InputError, mention, says } from '../errors.js';
import { formatCount } from '../numbers.js';
import type { TableMonoid } from './monoid.js';

/** A heap as the check sees it: its class and its options' classes. */
export interface HeapLetter {
  readonly heap: number;
  readonly image: number;
  readonly transitions: Int32Array;
}

export type CheckResult =
  | { readonly ok: true; readonly states: number }
  /** A sum (its heaps) whose class says the wrong outcome, reached after `states` states. */
  | { readonly ok: false; readonly sum: number[]; readonly states: number };

/** The most states one check may visit. */
export const CHECK_STATE_LIMIT = 2_000_000;

export function* checkQuotient(m: TableMonoid, inP: Uint8Array, heaps: readonly HeapLetter[], limit = CHECK_STATE_LIMIT): Generator<void, CheckResult, void> {
  if (inP[0]) return { ok: false, sum: [], states: 0 };
  const size = m.size;
  const words = Math.ceil(size / 32);
  // meets[w * words ..]: the z with w·z in P.
  const meets = new Uint32Array(size * words);
  for (let w = 0; w < size; w++) {
    for (let z = 0; z < size; z++) if (inP[m.times[w * size + z]!]) meets[w * words + (z >>> 5)]! |= 1 << (z & 31);
    if ((w & 255) === 255) yield;
  }
  const letters = new Map<string, HeapLetter>();
  for (const h of heaps) {
    const key = `${h.image}|${h.transitions.join(',')}`;
    if (!letters.has(key)) letters.set(key, h);
  }
  const distinct = [...letters.values()];
  const times = distinct.map((h) => Int32Array.from({ length: size }, (_, z) => m.times[h.image * size + z]!));
  const xs: number[] = [0];
  const profiles: Uint32Array[] = [new Uint32Array(words)];
  const parent: number[] = [-1];
  const heapOf: number[] = [-1];
  const seen = new Set<string>([key(0, profiles[0]!)]);
  // States are taken in order of the heaps' total size when found (a bucket per size), so a
  // failing sum reported is a small one: finding out where a trial goes wrong searches below it.
  const buckets: number[][] = [[0]];
  let taken = 0;
  for (let total = 0; total < buckets.length; total++) {
    const bucket = buckets[total];
    if (!bucket) continue;
    for (const i of bucket) {
      const x = xs[i]!;
      const profile = profiles[i]!;
      for (let l = 0; l < distinct.length; l++) {
        const h = distinct[l]!;
        const by = times[l]!;
        const next = new Uint32Array(words);
        for (let z = 0; z < size; z++) {
          const t = by[z]!;
          if ((profile[t >>> 5]! >>> (t & 31)) & 1) next[z >>> 5]! |= 1 << (z & 31);
        }
        for (const u of h.transitions) {
          const w = m.times[x * size + u]!;
          for (let k = 0; k < words; k++) next[k]! |= meets[w * words + k]!;
        }
        const nx = m.times[x * size + h.image]!;
        const k = key(nx, next);
        if (seen.has(k)) continue;
        seen.add(k);
        xs.push(nx);
        profiles.push(next);
        parent.push(i);
        heapOf.push(h.heap);
        (buckets[total + h.heap] ??= []).push(xs.length - 1);
        // Options, none of which meets P: P. (A sum with a heap that has a move has options.)
        if ((next[0]! & 1) === 0 !== (inP[nx] === 1)) {
          const sum: number[] = [];
          for (let j = xs.length - 1; j > 0; j = parent[j]!) sum.push(heapOf[j]!);
          return { ok: false, sum, states: xs.length };
        }
        if (xs.length > limit) {
          throw new InputError(says`${mention('quotient')}: checking the quotient passed ${formatCount(limit)} states; the quotient is too large to check here`, { code: 'too-large' });
        }
      }
      if ((++taken & 63) === 63) yield;
    }
  }
  return { ok: true, states: xs.length };
}

function key(x: number, profile: Uint32Array): string {
  let s = String(x) + ':';
  for (const w of profile) s += String.fromCharCode(w & 0xffff, w >>> 16);
  return s;
}
