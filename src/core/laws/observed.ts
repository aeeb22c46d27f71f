import type { Cycle } from './pattern.js';
import { cycleStart } from './cycle.js';

export interface ObservationOptions {
  /** Accept G(n+p) = G(n) + s with s > 0 (all-but and hexadecimal games). */
  readonly allowSaltus: boolean;
}

/**
 * How much of the data a cycle must explain before it counts as seen: the
 * periodic part must be at least as long as the preperiod plus two periods
 * (the shape of the Guy-Smith window) and hold at least three periods. A long
 * run of equal values at the end is thus no "period 1" unless the run is
 * longer than everything before it.
 */
export function observationSupports(count: number, cycle: Cycle): boolean {
  const tail = count - cycle.preperiod;
  return tail >= cycle.preperiod + 2 * cycle.period && tail >= 3 * cycle.period;
}

/**
 * The cycle the computed values show: the smallest period p (then the smallest
 * preperiod) whose pattern holds from some n0 to the end and is supported by
 * the data as above. An observation, not a proof.
 */
export function observeCycle(g: ArrayLike<number>, count: number, options: ObservationOptions): Cycle | null {
  const last = count - 1;
  for (let p = 1; 3 * p <= count; p++) {
    const saltus = g[last]! - g[last - p]!;
    if (saltus < 0 || (saltus > 0 && !options.allowSaltus)) continue;
    const preperiod = cycleStart(g, count, p, saltus);
    const cycle = { preperiod, period: p, saltus };
    if (observationSupports(count, cycle)) return cycle;
  }
  return null;
}
