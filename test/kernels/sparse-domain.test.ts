import { describe, expect, it } from 'vitest';
import { parseCode } from '../../src/core/rules/code.js';
import { ValueStore } from '../../src/core/kernels/store.js';
import { SparseSpaceKernel } from '../../src/core/kinds/take-and-break/sparse-space.js';
import { domainParity, twoHeapMoves, walshHadamard, type RareCommonSplit, type SparseSpace } from '../../src/core/kinds/take-and-break/rare-common.js';
import { explore } from '../../src/core/analyse.js';
import { referenceValues } from '../oracles/reference.js';
import { pictureOf } from '../../src/pictures/of-result.js';
import { byId, parseSvg } from '../helpers/svg.js';
import { int, mulberry32 } from '../helpers/random.js';

/**
 * The domain sparse space (Flammenkamp): heap n is rare when popcount(G(n) & mask)
 * has the parity of n - t. The kernel must give the plain reference's values
 * whatever space and mask it uses (TypeScript and WebAssembly), choose the
 * domain where it makes fewer heaps rare, and say so.
 */

function fillInPieces(code: string, useWasm: boolean, space: SparseSpace | null, n: number, random: () => number) {
  const store = new ValueStore(n, 0, 64);
  const kernel = new SparseSpaceKernel(parseCode(code), useWasm, space);
  for (let at = 0; at < n; ) {
    const next = Math.min(n, at + int(random, 1, 500));
    kernel.fill(store, at, next);
    at = next;
  }
  const split = (kernel as unknown as { split: RareCommonSplit }).split;
  return { values: Array.from(store.values.subarray(0, n)), rare: kernel.rare, positions: Array.from(split.positions.subarray(0, split.count)) };
}

/** Random two-heap codes whose split takes all share one parity (the domain space is open to them). */
function randomDomainCodes(count: number, seed: number): string[] {
  const random = mulberry32(seed);
  const codes = new Set<string>();
  while (codes.size < count) {
    const lead = random() < 0.15 ? (random() < 0.5 ? '4!' : '4') : '0';
    let code = `${lead}.`;
    const digits = int(random, 1, 5);
    for (let i = 0; i < digits; i++) {
      const digit = i === digits - 1 ? int(random, 1, 7) : int(random, 0, 7);
      code += digit;
      if (digit & 4 && random() < 0.15) code += '!';
    }
    if (domainParity(twoHeapMoves(parseCode(code))) !== null) codes.add(code);
  }
  return [...codes];
}

describe('domain sparse space: the same values as the plain reference', () => {
  const SEED = 0xd0a1;
  const codes = randomDomainCodes(300, SEED);

  it('the random codes have one parity of split takes, some with several takes, leading 4s and unequal splits', () => {
    const splitCount = (c: string) => twoHeapMoves(parseCode(c)).splitTakes.length;
    expect(codes.filter((c) => splitCount(c) > 1).length).toBeGreaterThan(20);
    expect(codes.filter((c) => c.startsWith('4')).length).toBeGreaterThan(20);
    expect(codes.filter((c) => c.includes('!')).length).toBeGreaterThan(10);
  });

  it.each(codes.map((c, i) => [c, i] as const))('%s (random code %i): domain space, TypeScript and WebAssembly', (code, i) => {
    const n = 300 + (i % 7) * 40;
    const want = referenceValues({ kind: 'take-and-break', code: parseCode(code) }, n);
    const ts = fillInPieces(code, false, 'domain', n, mulberry32(i));
    const wasm = fillInPieces(code, true, 'domain', n, mulberry32(i + 1));
    expect(ts.values, `${code} (seed ${SEED}): TypeScript`).toEqual(want);
    expect(wasm.values, `${code} (seed ${SEED}): WebAssembly`).toEqual(want);
    expect(wasm.positions, `${code}: the same rare heaps`).toEqual(ts.positions);
    expect(ts.rare.space).toBe('domain');
  });

  // Long enough for values past 128 (the module's two-byte loop) and for many reviews of the mask.
  it.each([
    ['0.204', 9000],
    ['0.142', 9000],
    ['0.104', 20000],
    ['0.324', 20000],
    ['0.0404', 6000],
    ['4!.0', 6000],
  ] as const)('%s over %i heaps: domain, range and automatic spaces agree', (code, n) => {
    const domain = fillInPieces(code, true, 'domain', n, mulberry32(1));
    const range = fillInPieces(code, true, 'range', n, mulberry32(2));
    const auto = fillInPieces(code, false, null, n, mulberry32(3));
    expect(domain.values).toEqual(range.values);
    expect(auto.values).toEqual(range.values);
    const want = referenceValues({ kind: 'take-and-break', code: parseCode(code) }, 1500);
    expect(domain.values.slice(0, 1500)).toEqual(want);
  });

  it('the domain needs split takes of one parity', () => {
    expect(domainParity(twoHeapMoves(parseCode('0.44')))).toBeNull(); // takes 1 and 2
    expect(domainParity(twoHeapMoves(parseCode('0.404')))).toBe(1); // takes 1 and 3
    expect(domainParity(twoHeapMoves(parseCode('4!.0')))).toBe(0); // take 0
    expect(() => new SparseSpaceKernel(parseCode('0.44'), false, 'domain')).toThrow(/one parity/);
  });
});

describe('the mask search counts every mask at once (Walsh-Hadamard)', () => {
  it('W[m] = sum of (-1)^popcount(v & m) h[v], against the direct sum on random histograms', () => {
    const random = mulberry32(0x3a1);
    for (const length of [1, 2, 8, 64, 512]) {
      const h = Float64Array.from({ length }, () => int(random, 0, 1_000_000));
      const direct = Array.from({ length }, (_, m) => h.reduce((sum, c, v) => sum + (popcount(v & m) % 2 ? -c : c), 0));
      expect(Array.from(walshHadamard(Float64Array.from(h))), `length ${length}`).toEqual(direct);
    }
  });
});

const popcount = (x: number): number => (x === 0 ? 0 : (x & 1) + popcount(x >>> 1));

describe('the kernel chooses the sparser space', () => {
  it("0.051: Flammenkamp's example, rare heaps 3, 7, 13, 17, 27, 37 under the all-ones bitstring (mask 7 here)", () => {
    const { rare, positions } = fillInPieces('0.051', true, null, 5000, mulberry32(5));
    expect(rare).toEqual({ count: 6, mask: 7, space: 'domain' });
    expect(positions).toEqual([3, 7, 13, 17, 27, 37]);
  });

  // Domain-sparse games keep their P-positions coming, which the range cannot make rare (0 is in the even class).
  it.each([
    ['0.104', 'domain'],
    ['0.204', 'domain'],
    ['0.324', 'domain'],
    // Dawson's chess is periodic: neither space is sparse, but the domain has fewer rare heaps (10,599 against 13,494).
    ['0.137', 'domain'],
    ['0.16', 'range'],
    ['0.6', 'range'],
    ['4!.0', 'range'],
    ['0.14', 'range'],
  ] as const)('%s at 2^15: the %s', (code, space) => {
    const n = 2 ** 15;
    const auto = fillInPieces(code, true, null, n, mulberry32(9));
    const other = fillInPieces(code, true, space === 'domain' ? 'range' : 'domain', n, mulberry32(9));
    expect(auto.rare.space).toBe(space);
    expect(auto.rare.count).toBeLessThan(other.rare.count);
    expect(auto.values).toEqual(other.values);
  });

  it('codes with split takes of both parities stay in the range (Kayles: takes 1 and 2)', () => {
    expect(fillInPieces('0.77', true, null, 4000, mulberry32(4)).rare.space).toBe('range');
    expect(fillInPieces('0.56', true, null, 4000, mulberry32(4)).rare.space).toBe('range');
  });

  it('the report names the space, the mask and t', () => {
    const x = explore({ game: { rule: { kind: 'take-and-break', code: parseCode('0.104') } }, max: 4000, limit: 4001 });
    expect(x.kernel).toMatchObject({ kernel: 'rare-common', space: 'domain', splitTake: 3 });
    const y = explore({ game: { rule: { kind: 'take-and-break', code: parseCode('0.6') } }, max: 4000, limit: 4001 });
    expect(y.kernel).toMatchObject({ kernel: 'rare-common', space: 'range' });
    expect(y.kernel).not.toHaveProperty('splitTake');
  });

  it("the plot marks the domain's rare heaps: a tick for each heap n > 0 of non-zero value with popcount(G(n) & mask) of n - t's parity", async () => {
    const x = explore({ game: { rule: { kind: 'take-and-break', code: parseCode('0.104') } }, max: 399, limit: 400 });
    const { mask, splitTake } = x.kernel as { mask: number; splitTake: number };
    const parity = (v: number) => [...v.toString(2)].filter((b) => b === '1').length & 1;
    let rare = 0;
    for (let n = 1; n < 400; n++) if (x.values[n] !== 0 && parity(x.values[n]! & mask) === ((n - splitTake) & 1)) rare++;
    expect(rare).toBeGreaterThan(0);
    const svg = parseSvg(await pictureOf(x as never));
    // 400 values over more columns than that: one tick a rare heap.
    expect(((byId(svg, 'rare-values')['@d'] as string).match(/M/g) ?? []).length).toBe(rare);
  });
});

