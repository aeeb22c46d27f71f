import { describe, expect, it } from 'vitest';
import { explore } from '../../src/core/analyse.js';
import { referenceValues } from '../oracles/reference.js';
import { fillSubtraction } from '../../src/core/kinds/subtraction/subtraction-kernel.js';
import { AllButKernel } from '../../src/core/kinds/subtraction/all-but-kernel.js';
import { ValueStore } from '../../src/core/kernels/store.js';
import type { Exploration } from '../../src/core/heap/explore.js';
import { allBut, list, range, subtraction, valuesAt } from '../helpers/rules.js';

/** G(0..count-1) of a finite subtraction set from the fast kernel alone. */
function subtractionKernel(moves: number[], count: number): number[] {
  const g = new Uint8Array(count);
  fillSubtraction(g, moves, 0, count);
  return list(g);
}

function allButKernel(excluded: number[], count: number): number[] {
  const store = new ValueStore(count, 0, 16);
  new AllButKernel(excluded).fill(store, 0, count);
  expect(store.count).toBe(count);
  return list(store.values, count);
}

function expectProvenCycle(x: Exploration, preperiod: number, period: number, saltus: number): void {
  expect(x.pattern.kind).toBe(saltus === 0 ? 'periodic' : 'arithmetic-periodic');
  if (x.pattern.kind === 'none') return;
  expect({ preperiod: x.pattern.preperiod, period: x.pattern.period, saltus: x.pattern.saltus }).toEqual({ preperiod, period, saltus });
  expect(x.pattern.proof).not.toBeNull();
}

describe('Bash game {1..m}: G(n) = n mod (m+1)', () => {
  const N = 400;
  for (const m of [1, 2, 3, 4, 5, 7, 10, 31, 32, 33, 50]) {
    it(`m = ${m}`, () => {
      const moves = range(1, m);
      const expected = range(0, N - 1).map((n) => n % (m + 1));
      expect(subtractionKernel(moves, N)).toEqual(expected);
      const x = explore({ game: { rule: subtraction(moves) }, max: BigInt(N - 1) });
      expect(valuesAt(x, N)).toEqual(expected);
      expect(list(x.values, Math.min(N, x.computed))).toEqual(expected.slice(0, x.computed));
      expectProvenCycle(x, 0, m + 1, 0);
      expect(x.maxValue).toBe(BigInt(Math.min(m, N - 1)));
      expect(x.valueAt(10n ** 18n + 7n)).toBe((10n ** 18n + 7n) % BigInt(m + 1));
    });
  }
});

describe('two-element sets {a, b}, a < b <= 20', () => {
  // Benesh et al.: purely periodic, period 2a when b is an odd multiple of a, else a + b.
  const pairs: [number, number][] = [];
  for (let b = 2; b <= 20; b++) for (let a = 1; a < b; a++) pairs.push([a, b]);

  it.each(pairs)('{%i, %i}', (a, b) => {
    const oddMultiple = b % a === 0 && (b / a) % 2 === 1;
    const period = oddMultiple ? 2 * a : a + b;
    const N = 4 * (a + b) + 20;
    const reference = referenceValues(subtraction([a, b]), N);
    // The claimed period holds on the reference values from 0 on, and no smaller one does.
    for (let n = 0; n + period < N; n++) expect(reference[n + period], `n = ${n}`).toBe(reference[n]);
    for (let q = 1; q < period; q++) expect(range(0, N - 1 - q).some((n) => reference[n + q] !== reference[n]), `period ${q}`).toBe(true);

    expect(subtractionKernel([a, b], N)).toEqual(reference);
    const x = explore({ game: { rule: subtraction([a, b]) }, max: BigInt(N - 1) });
    expect(valuesAt(x, N)).toEqual(reference);
    expectProvenCycle(x, 0, period, 0);
    expect(x.rule).toBe(`subtraction {${a},${b}}`);
  });

  it('an odd multiple gives G(n) = floor(n/a) mod 2, e.g. {3, 9}', () => {
    const x = explore({ game: { rule: subtraction([3, 9]) }, max: 59n });
    expect(valuesAt(x, 60)).toEqual(range(0, 59).map((n) => Math.floor(n / 3) % 2));
  });
});

describe('multiples {a, 2a, ..., ma}: G(n) = floor(n/a) mod (m+1)', () => {
  const cases: [number, number][] = [];
  for (const a of [1, 2, 3, 5, 7]) for (const m of [1, 2, 3, 4, 6]) cases.push([a, m]);
  cases.push([2, 33], [3, 40]); // 33 and 40 moves: the stamp-buffer kernel

  it.each(cases)('a = %i, m = %i', (a, m) => {
    const moves = range(1, m).map((i) => i * a);
    const N = 3 * a * (m + 1) + 50;
    const expected = range(0, N - 1).map((n) => Math.floor(n / a) % (m + 1));
    expect(subtractionKernel(moves, N)).toEqual(expected);
    const x = explore({ game: { rule: subtraction(moves) }, max: BigInt(N - 1) });
    expect(valuesAt(x, N)).toEqual(expected);
    expectProvenCycle(x, 0, a * (m + 1), 0);
    const far = 10n ** 18n + 12345n;
    expect(x.valueAt(far)).toBe((far / BigInt(a)) % BigInt(m + 1));
  });
});

describe('Nim (all-but {}): G(n) = n', () => {
  it('kernel, explore and a far heap', () => {
    const N = 700; // values past 255: the kernel's store must widen from Uint8 to Uint16
    const expected = range(0, N - 1);
    expect(allButKernel([], N)).toEqual(expected);
    const x = explore({ game: { rule: allBut([]) }, max: BigInt(N - 1) });
    expect(valuesAt(x, N)).toEqual(expected);
    expectProvenCycle(x, 0, 1, 1);
    expect(x.maxValue).toBe(BigInt(N - 1));
    expect(x.valueAt(10n ** 18n)).toBe(10n ** 18n);
    expect(x.valueAt(2n ** 64n + 3n)).toBe(2n ** 64n + 3n);
    expect(x.pPositions).toEqual({ kind: 'finite', list: [0] });
  });

  it('maxValue past the computed values follows the saltus exactly', () => {
    const x = explore({ game: { rule: allBut([]) }, max: 10n ** 15n });
    expect(x.maxValue).toBe(10n ** 15n);
  });
});

describe('all-but {a}: preperiod 0, period 2a, saltus a', () => {
  it.each([1, 2, 3, 4, 5, 8, 13])('a = %i', (a) => {
    const N = 12 * a + 40;
    const reference = referenceValues(allBut([a]), N);
    for (let n = 0; n + 2 * a < N; n++) expect(reference[n + 2 * a]).toBe(reference[n]! + a);
    expect(allButKernel([a], N)).toEqual(reference);
    const x = explore({ game: { rule: allBut([a]) }, max: BigInt(N - 1) });
    expect(valuesAt(x, N)).toEqual(reference);
    expectProvenCycle(x, 0, 2 * a, a);
  });
});
