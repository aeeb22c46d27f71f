import { describe, expect, it } from 'vitest';
import { observeCycle, observationSupports } from '../../src/core/laws/observed.js';
import type { Cycle } from '../../src/core/laws/pattern.js';
import { int, mulberry32 } from '../helpers/random.js';

/**
 * observeCycle against its definition, written out plainly: the smallest period p (3p <= count) whose saltus
 * G(last) - G(last - p) is allowed, with the smallest n0 from which G(m + p) = G(m) + s for every m up to the end,
 * supported as observationSupports says. The sequences have long stretches where a short period and its multiples
 * hold without support (the case observeCycle skips through), saltus, noise, and several periods laid end to end.
 */
function plainObserve(g: ArrayLike<number>, count: number, allowSaltus: boolean): Cycle | null {
  const last = count - 1;
  for (let p = 1; 3 * p <= count; p++) {
    const saltus = g[last]! - g[last - p]!;
    if (saltus < 0 || (saltus > 0 && !allowSaltus)) continue;
    let n0 = count - p;
    while (n0 > 0 && g[n0 - 1 + p]! - g[n0 - 1]! === saltus) n0--;
    const cycle = { preperiod: n0, period: p, saltus };
    if (observationSupports(count, cycle)) return cycle;
  }
  return null;
}

/** Random stretches, each eventually periodic with its own period and saltus, the last one long. */
function sequence(random: () => number): { g: number[]; allowSaltus: boolean } {
  const allowSaltus = random() < 0.5;
  const g: number[] = [];
  const stretches = int(random, 1, 3);
  for (let s = 0; s < stretches; s++) {
    const period = int(random, 1, 40);
    const saltus = allowSaltus && random() < 0.5 ? int(random, 1, 3) : 0;
    const cycle = Array.from({ length: period }, () => int(random, 0, 9));
    // A last stretch shorter than what comes before leaves its period (and the multiples) without support.
    const length = s === stretches - 1 ? int(random, 300, 2000) : int(random, 0, 2500);
    for (let i = 0; i < length; i++) {
      const k = Math.floor(i / period);
      g.push(cycle[i % period]! + k * saltus + (random() < 0.002 ? 1 : 0));
    }
  }
  return { g, allowSaltus };
}

describe('observeCycle is its definition', () => {
  it('3,000 random sequences (late short periods, their multiples, saltus, noise) give the plain search\'s cycle', () => {
    const random = mulberry32(0x0b5e);
    let found = 0;
    for (let t = 0; t < 3000; t++) {
      const { g, allowSaltus } = sequence(random);
      const count = int(random, Math.max(3, g.length - 50), g.length);
      const want = plainObserve(g, count, allowSaltus);
      // Typed arrays take cycleStart's other path (four bytes at a time) for saltus 0.
      const values = t % 2 === 0 ? g : Uint16Array.from(g);
      expect(observeCycle(values, count, { allowSaltus }), `sequence ${t} (${count} values, saltus ${allowSaltus ? 'allowed' : 'not allowed'})`).toEqual(want);
      if (want) found++;
    }
    // Both outcomes are exercised.
    expect(found).toBeGreaterThan(300);
    expect(found).toBeLessThan(2900);
  });

  it('a period that holds only over the last third, with no support: its multiples are not taken for cycles', () => {
    // 2,000 values of noise, then period 7 for 1,000 values: period 7 holds from 2,000, which the data do not support.
    const random = mulberry32(7);
    const g = [...Array.from({ length: 2000 }, () => int(random, 0, 50)), ...Array.from({ length: 1000 }, (_, i) => [3, 1, 4, 1, 5, 9, 2][i % 7]!)];
    expect(observeCycle(g, g.length, { allowSaltus: false })).toEqual(plainObserve(g, g.length, false));
    expect(observeCycle(Uint8Array.from(g), g.length, { allowSaltus: false })).toEqual(plainObserve(g, g.length, false));
  });
});
