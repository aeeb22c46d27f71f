import type { Cycle } from './pattern.js';
import { cycleStart } from './cycle.js';

export interface ObservationOptions {
  /** Accept G(n+p) = G(n) + s with s > 0 (all-but and hexadecimal games). */
  readonly allowSaltus: boolean;
}

/**
 * How much of the data a cycle must explain before it counts as seen: the
 * periodic part must cover at least the last third of the values and hold at
 * least three periods. A long run of equal values at the end is thus no
 * "period 1" unless the run is a third of everything computed. (0.354 to
 * 2*10^7 shows period 1180 from 10,061,916, half the values: observed, while
 * its Guy-Smith proof needs 20,126,193.)
 */
export function observationSupports(count: number, cycle: Cycle): boolean {
  return supported(count, cycle.preperiod, cycle.period);
}

function supported(count: number, preperiod: number, period: number): boolean {
  const tail = count - preperiod;
  return 3 * tail >= count && tail >= 3 * period;
}

/**
 * The cycle the computed values show: the smallest period p (then the smallest
 * preperiod) whose pattern holds from some n0 to the end and is supported by
 * the data as above. An observation, not a proof.
 */
export function observeCycle(g: ArrayLike<number>, count: number, options: ObservationOptions): Cycle | null {
  const last = count - 1;
  // Periods that held over a long stretch without enough support. A multiple k q of such a q holds, with k times its
  // saltus, wherever q does, so its scan skips that stretch: 0.354 to 1.7e7 holds period q from about 10^7 on, and its
  // multiples each scanned those 7 million values again (7.4 s of an 11 s run).
  const held: Cycle[] = [];
  // No object or closure per p (only for a cycle kept): to 2^24 this loop runs 5.6 million times.
  for (let p = 1; 3 * p <= count; p++) {
    const saltus = g[last]! - g[last - p]!;
    if (saltus < 0 || (saltus > 0 && !options.allowSaltus)) continue;
    const known = heldDividing(held, p, saltus);
    const preperiod = known ? cycleStart(g, count, p, saltus, known.preperiod, count - p) : cycleStart(g, count, p, saltus);
    if (supported(count, preperiod, p)) return { preperiod, period: p, saltus };
    if (count - p - preperiod >= LONG_STRETCH && held.length < MOST_HELD) held.push({ preperiod, period: p, saltus });
  }
  return null;
}

/** A held cycle q whose multiple p holds wherever q does (saltus scaled by p / q), if any. */
function heldDividing(held: readonly Cycle[], p: number, saltus: number): Cycle | null {
  for (let i = 0; i < held.length; i++) {
    const q = held[i]!;
    if (p % q.period === 0 && saltus === (q.saltus * p) / q.period) return q;
  }
  return null;
}

/** A stretch worth skipping (shorter ones fail fast anyway), and how many periods observeCycle keeps for that. */
const LONG_STRETCH = 256;
const MOST_HELD = 8;
