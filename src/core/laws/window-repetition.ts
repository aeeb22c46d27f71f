import type { ValueArray } from '../kernels/store.js';
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
  return new WindowRepetition(k).prove(g, count);
}

const B = 0x9e3779b1 | 0;

/**
 * The same search, kept between attempts: a run that tries a proof at 64,
 * 128, 256, ... values goes on from where the last attempt stopped instead
 * of starting again at the first window (Brent's walk depends only on values
 * that never change).
 */
export class WindowRepetition {
  private readonly Bk: number; // B^k mod 2^32
  private started = false;
  private power = 1;
  private lambda = 1;
  private tortoise = 0;
  private tortoiseHash = 0;
  private hare = 0;
  private hareHash = 0;

  constructor(private readonly k: number) {
    let Bk = 1;
    for (let i = 0; i < k; i++) Bk = Math.imul(Bk, B);
    this.Bk = Bk;
  }

  prove(g: ValueArray, count: number): (Cycle & { proof: Proof }) | null {
    const { k, Bk } = this;
    if (count < 2 * k + 1) return null;
    if (!this.started) {
      // hash of window W(k) = g[0..k-1]
      let h = 0;
      for (let i = 0; i < k; i++) h = (Math.imul(h, B) + g[i]!) | 0;
      this.tortoise = k;
      this.tortoiseHash = h;
      this.hare = k + 1;
      this.hareHash = roll(g, k, Bk, h, k);
      this.started = true;
    }
    let { power, lambda, tortoise, tortoiseHash, hare, hareHash } = this;
    while (!(hareHash === tortoiseHash && sameWindow(g, k, tortoise, hare))) {
      if (hare >= count) {
        // W(hare+1) would need G(hare), not computed yet: go on from here next time.
        this.power = power;
        this.lambda = lambda;
        this.tortoise = tortoise;
        this.tortoiseHash = tortoiseHash;
        this.hare = hare;
        this.hareHash = hareHash;
        return null;
      }
      if (power === lambda) {
        tortoise = hare;
        tortoiseHash = hareHash;
        power *= 2;
        lambda = 0;
      }
      hareHash = roll(g, k, Bk, hareHash, hare);
      hare++;
      lambda++;
    }
    return finish(g, count, k, lambda, tortoise);
  }
}

// Plain functions of their inputs, not closures made per attempt: a sweep makes thousands of attempts a second.

/** The hash of W(n + 1) from that of W(n). */
function roll(g: ValueArray, k: number, Bk: number, h: number, n: number): number {
  return (Math.imul(h, B) - Math.imul(g[n - k]!, Bk) + g[n]!) | 0;
}

/** W(a) = W(b): the k values before a and before b are the same. */
function sameWindow(g: ValueArray, k: number, a: number, b: number): boolean {
  for (let i = 1; i <= k; i++) if (g[a - i] !== g[b - i]) return false;
  return true;
}

function finish(g: ValueArray, count: number, k: number, lambda: number, tortoise: number): Cycle & { proof: Proof } {
  // lambda is the minimal period; the preperiod is where that period starts to hold. W(tortoise) recurs
  // lambda later, so every later window does, and G(m + lambda) = G(m) for every m >= tortoise - k: only
  // the values before that are scanned.
  const preperiod = cycleStart(g, count, lambda, 0, tortoise - k, count - lambda);
  return {
    preperiod,
    period: lambda,
    saltus: 0,
    proof: {
      method: 'window-repetition',
      reason:
        `G(n) depends only on the previous ${k === 1 ? 'value' : `${k} values`} (k = max S), and G(n+${lambda}) = G(n) ` +
        `for ${preperiod} <= n < ${preperiod + k}, so the values repeat with period ${lambda} from n = ${preperiod} on`,
      valuesNeeded: preperiod + lambda + k,
      facts: { k, period: lambda, from: preperiod, until: preperiod + k },
    },
  };
}
