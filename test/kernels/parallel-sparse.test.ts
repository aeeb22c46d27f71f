import { describe, expect, it } from 'vitest';
import { SparseSpaceKernel } from '../../src/core/kinds/take-and-break/sparse-space.js';
import { ParallelSparseKernel } from '../../src/host/parallel-sparse.js';
import { referenceValues } from '../oracles/reference.js';
import { TakeBreakKernel } from '../../src/core/kinds/take-and-break/take-break-kernel.js';
import { ValueStore, type ValueArray } from '../../src/core/kernels/store.js';
import { exploreAsync } from '../../src/core/analyse.js';
import { maxHeapsLeft, parseCode } from '../../src/core/rules/code.js';
import type { GameSpec, Rule } from '../../src/core/kinds/registry.js';
import { int, mulberry32 } from '../helpers/random.js';

/**
 * The rare/common kernel, sequential and on a worker pool: the sequential one
 * against the plain reference on random two-heap codes, filled in random
 * pieces with fresh kernels taking over on the same store (the resume path);
 * the pooled one against the sequential one for 1, 2 and 3 threads with tiny
 * blocks; and whole explorations with 1 and 2 threads.
 *
 * Workers run the compiled dist/workers/sparse-block.js (built by the global setup).
 */

const takeBreak = (text: string): Rule => ({ kind: 'take-and-break', code: parseCode(text) });
const game = (text: string): GameSpec => ({ rule: takeBreak(text) });

/** A random code with at most two heaps: 0. or 4. (sometimes 4!.), 1-4 octal digits, the last non-zero, some '!'. */
function randomCode(random: () => number): string {
  const lead = random() < 0.25 ? (random() < 0.4 ? '4!' : '4') : '0';
  const length = int(random, 1, 4);
  let text = `${lead}.`;
  for (let i = 0; i < length; i++) {
    const digit = i === length - 1 ? int(random, 1, 7) : int(random, 0, 7);
    text += digit;
    if (digit & 4 && random() < 0.25) text += '!';
  }
  return text;
}

/** The first n where two value lists differ, or -1. */
function firstDifference(got: ArrayLike<number>, want: ArrayLike<number>, count: number): number {
  for (let n = 0; n < count; n++) if (got[n] !== want[n]) return n;
  return -1;
}

function expectSameValues(got: ArrayLike<number>, want: ArrayLike<number>, count: number, what: string): void {
  expect(got.length, `${what}: how many values`).toBeGreaterThanOrEqual(count);
  const n = firstDifference(got, want, count);
  expect(n, `${what}: first difference at n = ${n}: got ${got[n]}, want ${want[n]}`).toBe(-1);
}

/** Piece boundaries 0 = b0 < b1 < ... = count, pieces of 1..most values. */
function pieces(random: () => number, count: number, most: number): number[] {
  const bounds = [0];
  while (bounds[bounds.length - 1]! < count) bounds.push(Math.min(count, bounds[bounds.length - 1]! + int(random, 1, most)));
  return bounds;
}

/**
 * G(0..count-1) by SparseSpaceKernel, filled piece by piece. After `handOver`
 * values a fresh kernel continues on the same store (it has seen none of
 * them), and after `handBack` the first kernel takes over again (it must
 * catch up on the values the second one wrote).
 */
function sparseInPieces(text: string, count: number, random: () => number): ValueArray {
  const store = new ValueStore(count, 0, int(random, 1, 64));
  const first = new SparseSpaceKernel(parseCode(text));
  const second = new SparseSpaceKernel(parseCode(text));
  const handOver = int(random, 1, count - 1);
  const handBack = int(random, handOver, count);
  const bounds = pieces(random, count, 150);
  for (let i = 1; i < bounds.length; i++) {
    const from = bounds[i - 1]!;
    const to = bounds[i]!;
    const kernel = from >= handOver && from < handBack ? second : first;
    kernel.fill(store, from, to);
    expect(store.count, `${text}: count after fill(${from}, ${to})`).toBe(to);
  }
  return store.view();
}

/** The same by one SparseSpaceKernel in one call. */
function sparseValues(text: string, count: number): ValueArray {
  const store = new ValueStore(count);
  new SparseSpaceKernel(parseCode(text)).fill(store, 0, count);
  return store.view();
}

describe('SparseSpaceKernel equals the plain reference', () => {
  const SEED = 0x5ea5e;
  const random = mulberry32(SEED);
  const cases: [string, number, number][] = [];
  for (let i = 0; i < 150; i++) cases.push([randomCode(random), int(random, 400, 560), int(random, 1, 2 ** 31 - 1)]);

  it('the random codes include leading 4s, unequal splits and single-heap codes', () => {
    const codes = cases.map(([text]) => text);
    expect(codes.filter((c) => c.startsWith('4')).length).toBeGreaterThan(20);
    expect(codes.filter((c) => c.startsWith('4!')).length).toBeGreaterThan(5);
    expect(codes.filter((c) => c.slice(2).includes('!')).length).toBeGreaterThan(20);
    expect(codes.every((c) => maxHeapsLeft(parseCode(c)) <= 2)).toBe(true);
    expect(codes.some((c) => maxHeapsLeft(parseCode(c)) === 1)).toBe(true);
  });

  it.each(cases)('%s: %i values (piece seed %i)', (text, count, pieceSeed) => {
    const want = referenceValues(takeBreak(text), count);
    const got = sparseInPieces(text, count, mulberry32(pieceSeed));
    expectSameValues(got, want, count, `code ${text} (suite seed ${SEED}, piece seed ${pieceSeed})`);
  });

  it.each([
    ['0.6', 1200],
    ['4!.0', 1200],
    ['0.16', 1200],
    ['0.56', 1200],
    ['0.77', 1200],
    ['0.137', 1200],
    // Values pass 255 near heap 1000: the store widens and the split's bound doubles on the way.
    ['0.6406', 1400],
    // Sparse in the domain (see SparseSpace): the split's classes follow the heap's parity.
    ['0.104', 1200],
    ['0.204', 1400],
  ] as const)('named game %s: %i values', (text, count) => {
    const want = referenceValues(takeBreak(text), count);
    expectSameValues(sparseInPieces(text, count, mulberry32(count)), want, count, `code ${text}`);
    expectSameValues(sparseValues(text, count), want, count, `code ${text} in one fill`);
  });
});

describe('ParallelSparseKernel equals SparseSpaceKernel', () => {
  interface Case {
    text: string;
    count: number;
    threads: number;
    parallelFrom: number;
    block: number;
    seed: number;
  }

  /**
   * G(0..count-1) on the pool, filled in random pieces (as explore hands out
   * blocks) into a shared store that starts small (so it grows into new
   * SharedArrayBuffers on the way); at a random point a fresh kernel on a
   * fresh pool takes over the same store.
   */
  async function parallelValues({ text, count, threads, parallelFrom, block, seed }: Case): Promise<ValueArray> {
    const random = mulberry32(seed);
    const store = new ValueStore(count, 0, int(random, 1, 256), true);
    const handOver = int(random, 1, count - 1);
    const bounds = pieces(random, count, 700);
    let kernel = new ParallelSparseKernel(parseCode(text), threads, parallelFrom, block, 0);
    let handedOver = false;
    try {
      for (let i = 1; i < bounds.length; i++) {
        const from = bounds[i - 1]!;
        const to = bounds[i]!;
        if (from >= handOver && !handedOver) {
          await kernel.close();
          kernel = new ParallelSparseKernel(parseCode(text), threads, parallelFrom, block, 0);
          handedOver = true;
        }
        await kernel.fill(store, from, to);
        expect(store.count, `${text}: count after fill(${from}, ${to})`).toBe(to);
      }
    } finally {
      await kernel.close();
    }
    return store.view();
  }

  const describeCase = (c: Case) => `code ${c.text}, ${c.count} values, threads ${c.threads}, parallelFrom ${c.parallelFrom}, block ${c.block}, seed ${c.seed}`;

  const SEED = 0xb10c;
  const random = mulberry32(SEED);
  const cases: Case[] = [];
  const named = ['0.6', '4!.0', '0.16', '0.56', '0.77', '0.137', '0.6406', '0.204', '0.324'];
  // Each code with one thread count, in turn 1, 2, 3 (a pool costs more to start than these values to compute).
  named.forEach((text, i) => {
    cases.push({ text, count: int(random, 3000, 5000), threads: 1 + (i % 3), parallelFrom: int(random, 64, 200), block: int(random, 1, 300), seed: int(random, 1, 2 ** 31 - 1) });
  });
  for (let i = 0; i < 3; i++) {
    cases.push({ text: randomCode(random), count: int(random, 1200, 2400), threads: 1 + (i % 3), parallelFrom: int(random, 64, 200), block: int(random, 1, 300), seed: int(random, 1, 2 ** 31 - 1) });
  }
  // Blocks of one heap, and more threads than heaps in a block.
  cases.push({ text: '0.137', count: 1500, threads: 2, parallelFrom: 64, block: 1, seed: 1 });
  cases.push({ text: '4!.0', count: 1500, threads: 3, parallelFrom: 100, block: 2, seed: 2 });
  cases.push({ text: '0.6406', count: 2500, threads: 3, parallelFrom: 64, block: 5, seed: 3 });

  // One sequential run per code and count, shared by its thread counts.
  const sequential = new Map<string, ValueArray>();
  const want = (text: string, count: number): ValueArray => {
    const key = `${text}/${count}`;
    let values = sequential.get(key);
    if (!values) sequential.set(key, (values = sparseValues(text, count)));
    return values;
  };

  it.each(cases.map((c) => [describeCase(c), c] as const))('%s', async (what, c) => {
    const got = await parallelValues(c);
    expectSameValues(got, want(c.text, c.count), c.count, `${what} (suite seed ${SEED})`);
  });

  it('the sequential kernel equals the direct kernel on the named games', () => {
    for (const text of named) {
      const count = 5000;
      const store = new ValueStore(count);
      new TakeBreakKernel(parseCode(text)).fill(store, 0, count);
      expectSameValues(want(text, count), store.view(), count, `${text}: rare/common against direct`);
    }
  });

  it('widens the shared store when values pass 255 (0.6406)', async () => {
    const c: Case = { text: '0.6406', count: 3000, threads: 2, parallelFrom: 64, block: 97, seed: 4 };
    const got = await parallelValues(c);
    expect(got).toBeInstanceOf(Uint16Array);
    expect(got.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Math.max(...got)).toBeGreaterThan(255);
    expectSameValues(got, want(c.text, c.count), c.count, describeCase(c));
  });

  it('reports the same rare heaps and mask as the sequential kernel', async () => {
    for (const text of named) {
      const count = 4096;
      const store = new ValueStore(count);
      const sequentialKernel = new SparseSpaceKernel(parseCode(text));
      sequentialKernel.fill(store, 0, count);
      const shared = new ValueStore(count, 0, 1 << 16, true);
      const pooled = new ParallelSparseKernel(parseCode(text), 2, 128, 200, 0);
      try {
        await pooled.fill(shared, 0, count);
      } finally {
        await pooled.close();
      }
      expect(pooled.rare, text).toEqual(sequentialKernel.rare);
    }
  });

  it('close() is safe before any block and twice', async () => {
    const kernel = new ParallelSparseKernel(parseCode('0.6'), 2, 64, 50, 0);
    await kernel.close();
    const store = new ValueStore(500, 0, 1 << 16, true);
    await kernel.fill(store, 0, 500);
    await kernel.close();
    await kernel.close();
    expectSameValues(store.view(), sparseValues('0.6', 500), 500, '0.6 after close()');
  });
});

describe('exploreAsync: the same results with 1 and 2 threads', () => {
  async function both(text: string, limit: number) {
    const one = await exploreAsync({ game: game(text), limit, threads: 1 });
    const two = await exploreAsync({ game: game(text), limit, threads: 2 });
    expect(two.computed, `${text}: computed`).toBe(one.computed);
    expectSameValues(two.values, one.values, one.computed, `${text}: threads 2 against threads 1`);
    expect(two.pattern, `${text}: pattern`).toEqual(one.pattern);
    expect(two.maxValue, `${text}: maxValue`).toBe(one.maxValue);
    expect(two.pPositions, `${text}: P-positions`).toEqual(one.pPositions);
    // Where the loop ran may differ (blocks shared with a worker, see test/cli/block-marker.test.ts); what it found may not.
    expect({ ...two.kernel, runsOn: null }, `${text}: kernel stats`).toEqual({ ...one.kernel, runsOn: null });
    return { ...one, runsOnTwo: two.kernel?.runsOn };
  }

  it('0.16 to 2^19: proven, preperiod 105351, period 149459', async () => {
    const x = await both('0.16', 2 ** 19);
    expect(x.pattern).toMatchObject({ kind: 'periodic', preperiod: 105351, period: 149459, saltus: 0 });
    expect(x.pattern.kind === 'periodic' && x.pattern.proof?.method).toBe('guy-smith');
  });

  it('officers (0.6) to 2^16: no period', async () => {
    const x = await both('0.6', 2 ** 16);
    expect(x.computed).toBe(2 ** 16);
    expect(x.pattern.kind).toBe('none');
    expect(x.maxValue).toBeGreaterThan(255n); // the store was widened on the way
    expect(x.runsOnTwo).toBe('webassembly, blocks shared with worker threads');
  });
});

describe('kernel statistics', () => {
  it('0.16 uses the rare/common kernel and counts its rare heaps, with any thread count', async () => {
    for (const threads of [1, 2]) {
      const x = await exploreAsync({ game: game('0.16'), limit: 2 ** 14, threads });
      expect(x.kernel, `threads ${threads}`).toMatchObject({ kernel: 'rare-common' });
      expect(x.kernel!.rareHeaps, `threads ${threads}`).toBeGreaterThan(0);
      expect(x.kernel!.rareHeaps!, `threads ${threads}`).toBeLessThan(x.computed / 10); // rare indeed
      expect(typeof x.kernel!.mask).toBe('number');
    }
  });

  it('a three-heap code (0.3F) uses the direct kernel', async () => {
    for (const threads of [1, 2]) {
      const x = await exploreAsync({ game: game('0.3F'), limit: 300, threads });
      expect(x.kernel, `threads ${threads}`).toEqual({ kernel: 'direct' });
      expectSameValues(x.values, referenceValues(takeBreak('0.3F'), 300), 300, '0.3F against the reference');
    }
  });
});
