/**
 * Splits into three heaps at any size (issue 45.3): their count and the j-th
 * in order against a listing made here, and the splits whose values xor to a
 * target, counted through a period by residues, against every split looked
 * at one by one (on eventually periodic values made up here).
 */
import { describe, expect, it } from 'vitest';
import { periodicThreeSplits, threeSplitAt, threeSplitCount } from '../../../src/core/kinds/take-and-break/three-splits.js';
import { takeBreakReckoned } from '../../../src/core/kinds/take-and-break/options.js';
import { takeBreakOptions } from '../../../src/core/kinds/take-and-break/options.js';
import { parseCode } from '../../../src/core/rules/code.js';
import { int, mulberry32 } from '../../helpers/random.js';

/** Every a <= b <= c with a + b + c = rest, in order of a, then b. */
function allSplits(rest: number): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (let a = 1; 3 * a <= rest; a++) for (let b = a; 2 * b <= rest - a; b++) out.push([a, b, rest - a - b]);
  return out;
}

describe('splits into three heaps, reckoned', () => {
  it('count and the j-th split agree with the listing, rest 0..80', () => {
    for (let rest = 0; rest <= 80; rest++) {
      const all = allSplits(rest);
      expect(threeSplitCount(BigInt(rest)), `rest ${rest}`).toBe(BigInt(all.length));
      all.forEach((split, j) => expect(threeSplitAt(BigInt(rest), BigInt(j)).map(Number), `rest ${rest}, j ${j}`).toEqual(split));
    }
  });

  it('the count at 10^18 is the nearest integer to rest^2 / 12 (a known closed form)', () => {
    const rest = 10n ** 18n;
    expect(threeSplitCount(rest)).toBe((rest * rest + 6n) / 12n);
    const last = threeSplitAt(rest, threeSplitCount(rest) - 1n);
    expect(last.reduce((s, x) => s + x, 0n)).toBe(rest);
    expect(last[0]).toBe(rest / 3n);
  });

  it.each(['0.F', '0.8', '0.B4', '4.8', '0.3C', '8.0'])('%s: reckoned options are the listed options, in order, heaps 0..40', (text) => {
    const code = parseCode(text);
    const reckoned = takeBreakReckoned(code)!;
    for (let n = 0; n <= 40; n++) {
      const listed = takeBreakOptions(code, n);
      expect(reckoned.count(BigInt(n)), `heap ${n}`).toBe(BigInt(listed.length));
      listed.forEach((o, i) => {
        expect(reckoned.at(BigInt(n), BigInt(i)).map(Number), `heap ${n}, option ${i}`).toEqual(o);
        expect(reckoned.isOption(BigInt(n), o.map(BigInt).sort((x, y) => (x < y ? -1 : 1))), `heap ${n}, ${o}`).toBe(true);
      });
    }
  });
});

describe('splits into three heaps with a value, through a period', () => {
  const random = mulberry32(20261129);
  const cases = Array.from({ length: 40 }, (_, i) => {
    const from = int(random, 0, 12);
    const period = int(random, 1, 9);
    const values = Array.from({ length: from + period }, () => int(random, 0, 5));
    return [i, from, period, values] as const;
  });

  it.each(cases)('case %i (preperiod %i, period %i): counts and first splits as a brute force finds them', (_, from, period, values) => {
    const value = (m: number) => values[m < from ? m : from + ((m - from) % period)]!;
    const g = (m: bigint) => BigInt(value(Number(m)));
    for (const rest of [3 * from, 3 * from + 1, 3 * from + period + 2, 3 * (from + period) + 7, 97, 150]) {
      if (rest < 3 * from || rest < 3) continue;
      const all = allSplits(rest);
      for (let target = 0; target < 8; target++) {
        const good = all.filter(([a, b, c]) => (value(a) ^ value(b) ^ value(c)) === target);
        const found = periodicThreeSplits(g, { from: BigInt(from), period: BigInt(period) }, BigInt(rest), BigInt(target), 5, 1_000_000);
        expect(found.count, `rest ${rest}, target ${target}`).toBe(BigInt(good.length));
        expect(found.listed.map((s) => s.map(Number)), `rest ${rest}, target ${target}`).toEqual(good.slice(0, 5));
      }
    }
  });
});
