import type { ValueArray } from '../engine/store.js';
import type { Cycle, Proof } from './pattern.js';
import { cycleStart } from './cycle.js';

/**
 * Finite subtraction set S with k = max S: for n >= k, G(n) depends only on
 * the window G(n-k..n-1), so the windows follow a deterministic walk. The first
 * window to repeat gives the exact preperiod and the minimal period, and the
 * repeat itself is the proof: G(n+p) = G(n) for n0 <= n < n0+k forces it for
 * every n >= n0.
 *
 * Brent's cycle finding over the windows W(n), n >= k, with a rolling hash so
 * each step is O(1) (a hash match is confirmed element by element).
 */
export function proveByWindowRepetition(g: ValueArray, count: number, k: number): (Cycle & { proof: Proof }) | null {
  if (count < 2 * k + 1) return null;
  const B = 0x9e3779b1 | 0;
  let Bk = 1; // B^k mod 2^32
  for (let i = 0; i < k; i++) Bk = Math.imul(Bk, B);
  // hashOf(n): hash of window W(n) = g[n-k..n-1].
  const hashOf = (n: number): number => {
    let h = 0;
    for (let i = n - k; i < n; i++) h = (Math.imul(h, B) + g[i]!) | 0;
    return h;
  };
  const roll = (h: number, n: number): number => (Math.imul(h, B) - Math.imul(g[n - k]!, Bk) + g[n]!) | 0; // W(n) -> W(n+1)
  const same = (a: number, b: number): boolean => {
    for (let i = 1; i <= k; i++) if (g[a - i] !== g[b - i]) return false;
    return true;
  };

  let power = 1;
  let lambda = 1;
  let tortoise = k;
  let tortoiseHash = hashOf(k);
  let hare = k + 1;
  let hareHash = roll(tortoiseHash, k);
  while (!(hareHash === tortoiseHash && same(tortoise, hare))) {
    if (hare >= count) return null; // W(hare+1) would need G(hare), not computed yet
    if (power === lambda) {
      tortoise = hare;
      tortoiseHash = hareHash;
      power *= 2;
      lambda = 0;
    }
    hareHash = roll(hareHash, hare);
    hare++;
    lambda++;
  }
  // lambda is the minimal period; the preperiod is where that period starts to hold.
  const preperiod = cycleStart(g, count, lambda, 0);
  return {
    preperiod,
    period: lambda,
    saltus: 0,
    proof: {
      method: 'window-repetition',
      reason:
        `G(n) depends only on the previous ${k} values (k = max S), and G(n+${lambda}) = G(n) ` +
        `for ${preperiod} <= n < ${preperiod + k}, so the values repeat with period ${lambda} from n = ${preperiod} on`,
      valuesNeeded: preperiod + lambda + k,
    },
  };
}
