import type { ValueArray } from '../engine/store.js';
import type { Cycle, Proof } from './pattern.js';
import { cycleStart } from './cycle.js';

/**
 * Octal games (Guy-Smith periodicity theorem, Winning Ways ch. 4): if a move
 * removes at most k tokens (k = index of the last non-zero code digit) and
 * leaves at most two heaps, then G(n+p) = G(n) for every n0 <= n < 2*n0 + p + k
 * implies G(n+p) = G(n) for all n >= n0. Any option of a heap of n + p >=
 * 2*n0 + 2p + k has a part of at least n0 + p, which can lose p tokens to give
 * an option of n, and back; induction does the rest. So 2*n0 + 2p + k values
 * prove the cycle.
 */
export function proveByGuySmith(g: ValueArray, count: number, k: number): (Cycle & { proof: Proof }) | null {
  return guySmithAttempt(g, count, k).proven;
}

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
}

export function guySmithAttempt(g: ValueArray, count: number, k: number): GuySmithAttempt {
  // The first p whose pattern holds over the theorem's window is a true period (the theorem
  // says so), and the smallest: a smaller true period has the same preperiod and a smaller window.
  // So a proof at any count gives the same (minimal) cycle: stopping early changes nothing reported.
  // Once some p has held from n0 on, every multiple of it holds there too: its scan starts at n0.
  // (Without this, each multiple of a long-held period rescans the whole tail: quadratic.)
  let held: { period: number; from: number } | null = null;
  let due = Infinity;
  // Most p fail at the last value: then the cycle holds over nothing (n0 = count - p), which
  // neither proves nor is held. Testing that first, inline, keeps an attempt at a few ns per p.
  const lastValue = g[count - 1];
  for (let p = 1; 2 * p + k <= count; p++) {
    if (g[count - 1 - p] !== lastValue) continue;
    const n0 = cycleStart(g, count, p, 0, held && p % held.period === 0 ? held.from : Infinity);
    if (count >= 2 * n0 + 2 * p + k) return { proven: guySmithProof(n0, p, k), due: null };
    if (count - n0 >= 2 * p) {
      // Keep the period held from furthest back: a tiny p held over the last few values by chance
      // must not stand in for the real one, or each multiple of the real one rescans its whole tail.
      if (!held || n0 < held.from) held = { period: p, from: n0 };
      due = Math.min(due, 2 * n0 + 2 * p + k);
    }
  }
  return { proven: null, due: Number.isFinite(due) ? due : null };
}

function guySmithProof(n0: number, p: number, k: number): Cycle & { proof: Proof } {
  const valuesNeeded = 2 * n0 + 2 * p + k;
  return {
    preperiod: n0,
    period: p,
    saltus: 0,
    proof: {
      method: 'guy-smith',
      reason:
        `octal game removing at most k = ${k} tokens and leaving at most two heaps; G(n+${p}) = G(n) ` +
        `for ${n0} <= n < 2*${n0}+${p}+${k} = ${2 * n0 + p + k}, so by the Guy-Smith theorem for all n >= ${n0}`,
      valuesNeeded,
    },
  };
}
