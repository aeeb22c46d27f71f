import { describe, expect, it } from 'vitest';
import { cycleStart } from '../../src/core/laws/cycle.js';
import { describePPositions } from '../../src/core/laws/p-positions.js';
import { int, mulberry32 } from '../helpers/random.js';

/**
 * cycleStart and describePPositions take a fast path on typed arrays
 * (four-byte compares, native indexOf); on plain arrays they run the plain loop. Both
 * must agree on sequences with a planted cycle and a noisy head.
 */
function plantedSequence(random: () => number, wide: boolean): { g: Uint8Array | Uint16Array; period: number; preperiod: number } {
  const period = int(random, 1, 300);
  const preperiod = int(random, 0, 5000);
  const count = preperiod + period * int(random, 2, 12) + int(random, 0, period);
  const g = wide ? new Uint16Array(count) : new Uint8Array(count);
  const top = wide ? 3000 : 4;
  const cycle = Array.from({ length: period }, () => int(random, 0, top));
  for (let n = 0; n < count; n++) g[n] = n >= preperiod ? cycle[(n - preperiod) % period]! : random() < 0.7 ? cycle[n % period]! : int(random, 0, top);
  return { g, period, preperiod };
}

describe('native scans agree with the plain loops', () => {
  const random = mulberry32(20261123);

  it('cycleStart: 400 planted cycles, with and without a range known to hold', () => {
    for (let t = 0; t < 400; t++) {
      const { g, period } = plantedSequence(random, t % 2 === 1);
      const count = g.length - int(random, 0, 3);
      const plain = Array.from(g);
      const start = cycleStart(plain, count, period, 0);
      expect(cycleStart(g, count, period, 0), `trial ${t}`).toBe(start);
      // A multiple of the period, and a period that does not hold at the end.
      expect(cycleStart(g, count, 2 * period, 0)).toBe(cycleStart(plain, count, 2 * period, 0));
      expect(cycleStart(g, count, period + 1, 0)).toBe(cycleStart(plain, count, period + 1, 0));
      // A stretch [from, to) inside the part that holds, as the Guy-Smith search passes it.
      const from = int(random, start, count - period);
      const to = int(random, from, count - period);
      expect(cycleStart(g, count, period, 0, from, to), `trial ${t} known ${from}..${to}`).toBe(cycleStart(plain, count, period, 0, from, to));
    }
  });

  it('cycleStart: 32-bit values, and views that start part-way into their buffer (any byte alignment)', () => {
    for (let t = 0; t < 200; t++) {
      const { g, period } = plantedSequence(random, true);
      const skip = int(random, 0, 3);
      const views = [new Uint32Array(g).subarray(skip), new Uint8Array(g).subarray(skip), g.subarray(skip)];
      for (const view of views) {
        const plain = Array.from(view);
        for (const p of [period, period + 1, 2 * period]) expect(cycleStart(view, view.length, p, 0), `trial ${t} ${view.constructor.name} p ${p}`).toBe(cycleStart(plain, view.length, p, 0));
      }
    }
  });

  it('cycleStart: with no pair n, n + p among the values the relation holds from 0 (never a negative start)', () => {
    const g = Uint8Array.of(1, 0, 2);
    for (const values of [g, Array.from(g)]) {
      for (const period of [3, 4, 10]) {
        expect(cycleStart(values, 3, period, 0)).toBe(0);
        expect(cycleStart(values, 3, period, 1)).toBe(0);
      }
      // One pair left (G(2) against G(0)): it fails, so the start is past it.
      expect(cycleStart(values, 3, 2, 0)).toBe(1);
    }
  });

  it('describePPositions: 300 planted cycles, residues, extra and missing zeros alike', () => {
    let exceptions = 0;
    for (let t = 0; t < 300; t++) {
      const { g, period, preperiod } = plantedSequence(random, false);
      const pattern = { kind: 'periodic', preperiod, period, saltus: 0, proof: null, observedOver: g.length } as const;
      const max = BigInt(g.length - 1);
      const fast = describePPositions(g, g.length, pattern, max);
      expect(fast, `trial ${t}`).toEqual(describePPositions(Array.from(g), g.length, pattern, max));
      if (fast.kind === 'residues') exceptions += fast.extra.length + fast.missing.length;
    }
    expect(exceptions).toBeGreaterThan(1000);
  });
});
