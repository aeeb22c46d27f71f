import type { ValueArray } from '../kernels/store.js';
import type { Cycle, Proof } from './pattern.js';
import { cycleStart } from './cycle.js';

export interface GuySmithAttempt {
  readonly proven: (Cycle & { proof: Proof }) | null;
  /**
   * Without a proof: the least count 2*n0 + 2p + k at which a cycle seen over
   * two full periods would be proven if it goes on holding (null when none is
   * seen). Computing exactly that many values, rather than a fixed schedule's
   * next count, stops the run where the theorem allows. Only a hint: the proof
   * itself is made again at that count.
   */
  readonly due: number | null;
  /** Without a proof: the period seen held from furthest back, and from where (over two periods at least), or null. */
  readonly held: { readonly period: number; readonly from: number } | null;
}

/**
 * periodCandidates done elsewhere, faster (the WebAssembly kernel's, for the
 * values it holds): the same answer into `out`, or null when it cannot.
 */
export type CandidateSearch = (g: ValueArray, count: number, maxPeriod: number, out: Int32Array) => number | null;

/**
 * Octal games (Guy-Smith periodicity theorem, Winning Ways ch. 4): if a move
 * removes at most k tokens (k = index of the last non-zero code digit) and
 * leaves at most two heaps, then G(n+p) = G(n) for every n0 <= n < 2*n0 + p + k
 * implies G(n+p) = G(n) for all n >= n0. Any option of a heap of n + p >=
 * 2*n0 + 2p + k has a part of at least n0 + p, which can lose p tokens to give
 * an option of n, and back; induction does the rest. So 2*n0 + 2p + k values
 * prove the cycle.
 *
 * The same argument for moves that leave up to h heaps (hexadecimal digits
 * 8-F: h = 3): the largest of at most h parts of n + p - t >= h*(n0 + p) is at
 * least n0 + p, and the largest part of an option of n at least n0, so
 * G(n+p) = G(n) for n0 <= n < h*n0 + (h-1)*p + k proves it for all n >= n0,
 * from h*(n0 + p) + k values. (Unequal splits, `!`, stay outside it: taking p
 * from a part may make it equal to another.)
 *
 * Proof attempts on one growing sequence of values (a run's G(0..count-1),
 * count only growing). Each attempt gives what a fresh one would; it only
 * remembers where the period it held last time was verified up to, so that
 * period's long tail is checked once, not at every attempt.
 */
export class GuySmithSearch {
  /** G(m + period) = G(m) for from <= m < upTo - period: the period held at the last attempt. */
  private verified: { period: number; from: number; upTo: number } | null = null;
  private candidates = new Int32Array(0);

  constructor(
    private readonly k: number,
    private readonly fastCandidates?: CandidateSearch,
    /** The most heaps a move leaves (2 for octal games, 3 with hexadecimal digits 8-F). */
    private readonly heaps = 2,
  ) {}

  /** Whether G(0..count-1) still allow a proof within the first `limit` values (see provableWithin). */
  provableWithin(g: ValueArray, count: number, limit: number): boolean {
    return provableWithin(g, count, limit, this.k, this.heaps);
  }

  attempt(g: ValueArray, count: number): GuySmithAttempt {
    const { k, heaps } = this;
    const maxPeriod = Math.floor((count - k) / heaps);
    if (this.candidates.length < maxPeriod) this.candidates = new Int32Array(Math.max(maxPeriod, 2 * this.candidates.length));
    const candidates = this.candidates;
    const found = this.fastCandidates?.(g, count, maxPeriod, candidates) ?? periodCandidates(g, count, maxPeriod, candidates);
    // The first p whose pattern holds over the theorem's window is a true period (the theorem
    // says so), and the smallest: a smaller true period has the same preperiod and a smaller window.
    // So a proof at any count gives the same (minimal) cycle: stopping early changes nothing reported.
    // Once some p has held from n0 on, every multiple of it holds there too: its scan starts at n0.
    // (Without this, each multiple of a long-held period rescans the whole tail: quadratic.)
    let held: { period: number; from: number } | null = null;
    let due = Infinity;
    const remembered = this.verified;
    for (let i = 0; i < found; i++) {
      const p = candidates[i]!;
      let n0: number;
      if (held && p % held.period === 0) n0 = cycleStart(g, count, p, 0, held.from);
      else if (remembered?.period === p && remembered.upTo <= count) n0 = cycleStart(g, count, p, 0, remembered.from, remembered.upTo - p);
      else n0 = cycleStart(g, count, p, 0);
      const needed = guySmithValuesNeeded({ preperiod: n0, period: p, saltus: 0 }, k, heaps);
      if (count >= needed) return { proven: guySmithProof(n0, p, k, heaps), due: null, held: null };
      if (count - n0 >= 2 * p) {
        // Keep the period held from furthest back: a tiny p held over the last few values by chance
        // must not stand in for the real one, or each multiple of the real one rescans its whole tail.
        if (!held || n0 < held.from) held = { period: p, from: n0 };
        due = Math.min(due, needed);
      }
    }
    this.verified = held && { period: held.period, from: held.from, upTo: count };
    return { proven: null, due: Number.isFinite(due) ? due : null, held };
  }
}

/**
 * Whether the values G(0..count-1) still allow this theorem a proof within
 * the first `limit` values. A proof of period p from n0 needs h*(n0 + p) + k
 * values, so n0 + p <= reach = (limit - k) / h; and a proven period holds for
 * every n >= n0, so n0 lies past each known n with G(n + p) != G(n). Once the
 * values pass reach, a p with such an n at or after reach - p can never be
 * proven within the limit; if every p has one, no proof can come. (Before
 * reach no p is ruled out: a preperiod may still start past the values known.)
 */
export function provableWithin(g: ValueArray, count: number, limit: number, k: number, heaps = 2): boolean {
  const reach = Math.floor((limit - k) / heaps);
  if (count <= reach) return true;
  for (let p = 1; p <= reach; p++) {
    let failed = false;
    // The last n < count - p where p fails, looked for no further back than reach - p.
    for (let n = count - 1 - p; n >= reach - p && !failed; n--) failed = g[n] !== g[n + p];
    if (!failed) return true;
  }
  return false;
}

/**
 * The p <= maxPeriod, ascending, that repeat the last min(p, MATCHED) values,
 * into `out`; returns how many. Any other p holds over fewer than 2p values,
 * so it neither proves nor is held. A loop of its own, small and on integers
 * only: it is the one part of an attempt that visits every p, so it must be
 * fast from the first attempt on, before and after any change in its caller.
 * Three values first, in the loop; the rest only for the few p that pass:
 * each candidate costs a scan in attempt (at 0.16's proof, 509,622 values,
 * 11,665 of the 254,810 p repeat its last three values and 463 its last eight).
 */
const MATCHED = 8;

export function periodCandidates(g: ValueArray, count: number, maxPeriod: number, out: Int32Array): number {
  const [last, second, third] = [g[count - 1]!, g[count - 2]!, g[count - 3]!];
  let found = 0;
  for (let p = 1; p <= maxPeriod; p++) {
    if (g[count - 1 - p] !== last || (p > 1 && g[count - 2 - p] !== second) || (p > 2 && g[count - 3 - p] !== third)) continue;
    let i = 4;
    while (i <= p && i <= MATCHED && g[count - i - p] === g[count - i]) i++;
    if (i > p || i > MATCHED) out[found++] = p;
  }
  return found;
}

/** The values G(0..h*(n0+p)+k-1) the theorem needs to prove period p from n0, for moves leaving at most h heaps (see GuySmithSearch). */
export function guySmithValuesNeeded(cycle: Cycle, k: number, heaps = 2): number {
  return heaps * (cycle.preperiod + cycle.period) + k;
}

function guySmithProof(n0: number, p: number, k: number, heaps: number): Cycle & { proof: Proof } {
  const valuesNeeded = guySmithValuesNeeded({ preperiod: n0, period: p, saltus: 0 }, k, heaps);
  const until = heaps * n0 + (heaps - 1) * p + k;
  const tokens = `removing at most k = ${k} ${k === 1 ? 'token' : 'tokens'}`;
  const game = heaps === 2 ? `octal game ${tokens} and leaving at most two heaps` : `hexadecimal game ${tokens} and leaving at most three heaps`;
  const bound = heaps === 2 ? `2*${n0}+${p}+${k}` : `3*${n0}+2*${p}+${k}`;
  const theorem = heaps === 2 ? 'the Guy-Smith theorem' : "the Guy-Smith theorem's argument for three heaps (a part of at least a third)";
  return {
    preperiod: n0,
    period: p,
    saltus: 0,
    proof: {
      method: 'guy-smith',
      reason: `${game}; G(n+${p}) = G(n) for ${n0} <= n < ${bound} = ${until}, so by ${theorem} for all n >= ${n0}`,
      valuesNeeded,
      facts: { k, from: n0, period: p, until, ...(heaps !== 2 && { heaps }) },
    },
  };
}
