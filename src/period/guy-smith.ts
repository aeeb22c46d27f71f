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
  // The first p whose pattern holds over the theorem's window is a true period (the theorem
  // says so), and the smallest: a smaller true period has the same preperiod and a smaller window.
  // Once some p has held from n0 on, every multiple of it holds there too: its scan starts at n0.
  // (Without this, each multiple of a long-held period rescans the whole tail: quadratic.)
  let held: { period: number; from: number } | null = null;
  for (let p = 1; 2 * p + k <= count; p++) {
    const n0 = cycleStart(g, count, p, 0, held && p % held.period === 0 ? held.from : Infinity);
    if (count >= 2 * n0 + 2 * p + k) return guySmithProof(n0, p, k);
    if (!held && count - n0 >= 2 * p) held = { period: p, from: n0 };
  }
  return null;
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
