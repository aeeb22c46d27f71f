import type { ValueArray } from '../kernels/store.js';
import type { Cycle } from './pattern.js';

type Values = ArrayLike<number>;

/** As a bound of a known range: none. (A small integer, not Infinity, so that scans stay on integer code.) */
const NOWHERE = 0x3fffffff;

/**
 * The first n from which G(m + p) = G(m) + s holds for every m with
 * n <= m and m + p < count. (A scan down from the end: cheap when it fails.)
 * A caller that knows the relation holds for knownFrom <= m < knownTo passes
 * that range, and the scan skips it.
 */
export function cycleStart(g: Values, count: number, period: number, saltus: number, knownFrom = NOWHERE, knownTo = NOWHERE): number {
  let m = count - 1 - period;
  if (m >= knownTo) {
    const start = holdsFrom(g, period, saltus, knownTo, m + 1);
    if (start > knownTo) return start;
    m = knownTo - 1;
  }
  m = Math.min(m, knownFrom - 1);
  // m < 0: no pair left to check (count <= period leaves none at all), so it holds from 0.
  return m < 0 ? 0 : holdsFrom(g, period, saltus, 0, m + 1);
}

/**
 * The smallest s in [lo, hi] with G(m + p) = G(m) + saltus for every s <= m < hi. A plain function, not a closure
 * made per call: observeCycle calls cycleStart for every p up to a third of the values (5.6 million at 2^24), and
 * two closures a call were most of what a run allocated.
 */
function holdsFrom(g: Values, period: number, saltus: number, lo: number, hi: number): number {
  if (saltus === 0 && ArrayBuffer.isView(g)) return equalFrom(g as ValueArray, period, lo, hi);
  let m = hi - 1;
  while (m >= lo && g[m + period]! - g[m]! === saltus) m--;
  return m + 1;
}

/**
 * holdsFrom for saltus 0 in a typed array: G(m + p) = G(m) is the bytes of
 * two stretches being equal, compared four bytes at a time through a
 * DataView (any alignment) down from hi, then value by value within the
 * four bytes that differ. As fast as a native compare on the scans proofs
 * make (those of 0.16, 0.56 and 4.007 replayed: within 10%), with no
 * platform's byte compare (a proof of 0.56 finds a preperiod of 326,640 this way).
 */
function equalFrom(g: ValueArray, p: number, lo: number, hi: number): number {
  // Most candidates fail within a few values of the end: a plain loop finds that first.
  let m = hi - 1;
  for (const stop = Math.max(lo, hi - 256); m >= stop; m--) if (g[m + p] !== g[m]) return m + 1;
  if (m < lo) return lo;
  const w = g.BYTES_PER_ELEMENT;
  const bytes = new DataView(g.buffer, g.byteOffset, g.byteLength);
  const shift = p * w;
  // The four bytes at `at` hold (parts of) values below m + 1; those at at + shift, the values p later.
  let at = (m + 1) * w - 4;
  for (const floor = lo * w; at >= floor && bytes.getInt32(at, true) === bytes.getInt32(at + shift, true); ) at -= 4;
  m = Math.min(m, Math.floor((at + 4) / w) - 1);
  while (m >= lo && g[m + p] === g[m]) m--;
  return m + 1;
}

/**
 * Given a cycle known to hold from `preperiod` on (for every n, not just the
 * computed ones), return the same sequence's cycle with the smallest period
 * and then the smallest preperiod. A divisor d of p with saltus s*d/p holds
 * for all n >= n0 as soon as it holds over one full period [n0, n0+p), so the
 * check is a proof, not a guess.
 */
export function minimiseCycle(g: Values, count: number, cycle: Cycle): Cycle {
  const { preperiod: n0, period: p, saltus: s } = cycle;
  for (let d = 1; d < p; d++) {
    if (p % d !== 0 || (s * d) % p !== 0) continue;
    const sd = (s * d) / p;
    let holds = true;
    for (let m = n0; m < n0 + p && holds; m++) holds = valueFrom(g, count, cycle, m + d) - g[m]! === sd;
    if (holds) return { period: d, saltus: sd, preperiod: cycleStart(g, count, d, sd) };
  }
  return { period: p, saltus: s, preperiod: cycleStart(g, count, p, s) };
}

/** G(m) for m up to 2^53, read from the values or carried on by a proven cycle. */
export function valueFrom(g: Values, count: number, cycle: Cycle, m: number): number {
  if (m < count) return g[m]!;
  const back = Math.ceil((m - count + 1) / cycle.period);
  return g[m - back * cycle.period]! + back * cycle.saltus;
}

/** G(n) for any n, from the computed values and a cycle that holds for all n. */
export function valueAt(g: ValueArray, count: number, cycle: Cycle | null, n: bigint): bigint {
  if (n < BigInt(count)) return BigInt(g[Number(n)]!);
  if (!cycle) throw new RangeError(`G(${n}) was not computed and no pattern is known`);
  const offset = n - BigInt(cycle.preperiod);
  const p = BigInt(cycle.period);
  return BigInt(g[cycle.preperiod + Number(offset % p)]!) + (offset / p) * BigInt(cycle.saltus);
}
