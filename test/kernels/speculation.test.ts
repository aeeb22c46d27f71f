import { describe, expect, it } from 'vitest';
import { SparseSpaceKernel } from '../../src/core/kinds/take-and-break/sparse-space.js';
import { speculate } from '../../src/core/kinds/take-and-break/speculation.js';
import { WasmStretchComputer } from '../../src/host/stretch-computer.js';
import { ValueStore, type ValueArray } from '../../src/core/kernels/store.js';
import { exploreAsync } from '../../src/core/analyse.js';
import { parseCode } from '../../src/core/rules/code.js';
import { int, mulberry32 } from '../helpers/random.js';
import { longTest } from '../helpers/long.js';

/**
 * Heaps computed ahead from a predicted period (speculation.ts with WasmStretchComputer): worker threads compute
 * stretches from values that are partly predictions, and a stretch is taken only while every one before it matched.
 * Whatever the period predicted (the true one, a wrong one, one that holds for a while), the values, the rare heaps
 * and the mask must be those of one thread, across failed rounds (workers then drop what they took in), values that
 * outgrow a byte, and the mask's reviews. Workers run the compiled dist/workers/stretches.js (built by the global setup).
 */

function sequential(text: string, count: number): { values: ValueArray; kernel: SparseSpaceKernel } {
  const store = new ValueStore(count);
  const kernel = new SparseSpaceKernel(parseCode(text));
  kernel.fill(store, 0, count);
  return { values: store.view(), kernel };
}

function firstDifference(got: ArrayLike<number>, want: ArrayLike<number>, count: number): number {
  for (let n = 0; n < count; n++) if (got[n] !== want[n]) return n;
  return -1;
}

interface Case {
  readonly text: string;
  readonly count: number;
  readonly workers: number;
  readonly seed: number;
  /** Whether the values settle into a short period soon (then some rounds hold all the way). */
  readonly periodic: boolean;
}

describe('rounds of heaps computed ahead give the one-thread values', () => {
  const random = mulberry32(0x5bec);
  // Short periods (0.07, 0.137 Dawson's Kayles and 0.77 Kayles), a long one (0.16: 149,459), none (Officers, 0.14),
  // the domain space (0.104), an unequal split (4!.04), values past 255 (0.6406).
  const named = ['0.07', '0.137', '0.16', '0.6', '0.104', '4!.04', '0.6406', '0.354', '0.77', '0.14'];
  const periodic = new Set(['0.07', '0.137', '0.77']);
  const cases: Case[] = named.map((text, i) => ({ text, count: int(random, 5000, 9000), workers: 1 + (i % 3), seed: int(random, 1, 2 ** 31 - 1), periodic: periodic.has(text) }));

  it.each(cases.map((c) => [`${c.text}, ${c.count} values, ${c.workers} worker(s), seed ${c.seed}`, c] as const))('%s', async (what, c) => {
    const want = sequential(c.text, c.count);
    const random = mulberry32(c.seed);
    const store = new ValueStore(c.count);
    const kernel = new SparseSpaceKernel(parseCode(c.text));
    const computer = new WasmStretchComputer(parseCode(c.text), c.workers);
    let rounds = 0;
    let heldRounds = 0;
    try {
      kernel.fill(store, 0, 64);
      while (store.count < c.count) {
        const from = store.count;
        const to = Math.min(c.count, from + int(random, 1, 1500));
        // The true period of the last values seen, or a wrong one, or a random one.
        const period = random() < 0.5 ? truePeriodOf(want.values, from) : int(random, 1, Math.min(from, 300));
        const round = await speculate(kernel, store, from, to, period, computer);
        rounds++;
        if (round.held) heldRounds++;
        expect(store.count, `${what}: count after a round from ${from} to ${to}`).toBe(round.reached);
        expect(round.reached).toBeGreaterThan(from);
        expect(round.reached).toBeLessThanOrEqual(to);
        // Sometimes a stretch on this thread alone, as the run does between rounds.
        if (random() < 0.2 && store.count < c.count) kernel.fill(store, store.count, Math.min(c.count, store.count + int(random, 1, 500)));
      }
    } finally {
      await computer.close();
    }
    const n = firstDifference(store.view(), want.values, c.count);
    expect(n, `${what}: first difference at n = ${n}: got ${store.view()[n]}, want ${want.values[n]}`).toBe(-1);
    kernel.catchUp(store.values, c.count);
    expect(kernel.rare, `${what}: rare heaps and mask`).toEqual(want.kernel.rare);
    expect(rounds).toBeGreaterThan(3);
    // Predictions failed, and where the values are periodic, some held all the way.
    expect(heldRounds, `${what}: rounds that failed`).toBeLessThan(rounds);
    if (c.periodic) expect(heldRounds, `${what}: rounds that held`).toBeGreaterThan(0);
  });
});

describe("a prediction that fails in a worker's stretch", () => {
  // Kayles (0.77: period 12 from heap 71) and Dawson's Kayles (0.137: period 34 from 53), predicted with their periods
  // from the start: the predictions fail where the values are still irregular, in any of the stretches.
  it.each([
    ['0.77', 12],
    ['0.137', 34],
  ] as const)('%s, period %i, rounds of 4 stretches of 1 to 12 heaps from heap 24: the values of one thread', async (text, period) => {
    const count = 400;
    const want = sequential(text, count);
    const random = mulberry32(period);
    const store = new ValueStore(count);
    const kernel = new SparseSpaceKernel(parseCode(text));
    const computer = new WasmStretchComputer(parseCode(text), 3);
    let failedInAWorker = 0;
    try {
      kernel.fill(store, 0, 24);
      while (store.count < count) {
        const from = store.count;
        const stretch = int(random, 1, 12);
        const to = Math.min(count, from + 4 * stretch);
        const round = await speculate(kernel, store, from, to, period, computer);
        if (!round.held && round.reached > from + stretch) failedInAWorker++;
      }
    } finally {
      await computer.close();
    }
    const n = firstDifference(store.view(), want.values, count);
    expect(n, `first difference at n = ${n}: got ${store.view()[n]}, want ${want.values[n]}`).toBe(-1);
    expect(failedInAWorker, 'rounds whose prediction failed in a worker stretch').toBeGreaterThan(0);
  });
});

describe("a worker's part with the first value past a byte", () => {
  // (The WebAssembly kernel widens the store to two bytes once its values near 128, so a worker's values always fit.)
  it("0.6406: the main thread's heap matches its prediction, the worker's heap is the first value over 255: taken, and true", async () => {
    const text = '0.6406';
    const want = sequential(text, 6000);
    const first = Array.from(want.values).findIndex((value) => value > 255);
    expect(first).toBeGreaterThan(2);
    // A period that predicts heap first - 1 right (an earlier heap of the same value), and heap first wrong.
    const same = Array.from(want.values.subarray(0, first - 1)).lastIndexOf(want.values[first - 1]!);
    expect(same).toBeGreaterThanOrEqual(0);
    const store = new ValueStore(6000);
    const kernel = new SparseSpaceKernel(parseCode(text));
    const computer = new WasmStretchComputer(parseCode(text), 1);
    try {
      kernel.fill(store, 0, first - 1);
      const round = await speculate(kernel, store, first - 1, first + 1, first - 1 - same, computer);
      expect(round).toEqual({ reached: first + 1, held: false, workersTaken: 1 });
    } finally {
      await computer.close();
    }
    expect(firstDifference(store.view(), want.values, first + 1)).toBe(-1);
    expect(store.view()[first]).toBeGreaterThan(255);
  });
});

/** The smallest period p <= 1,000 with G(m + p) = G(m) over the 2,000 values below n (or 1). */
function truePeriodOf(values: ArrayLike<number>, n: number): number {
  for (let p = 1; p <= 1000 && p < n; p++) {
    let holds = true;
    for (let m = Math.max(p, n - 2000); m < n && holds; m++) holds = values[m] === values[m - p];
    if (holds) return p;
  }
  return 1;
}

describe('exploreAsync computes ahead on three threads, with the same results', () => {
  it.each(['0.56', '0.16'])('%s to its proof: threads 3 against threads 1', async (text) => {
    const game = { rule: { kind: 'take-and-break' as const, code: parseCode(text) } };
    const one = await exploreAsync({ game, limit: 2 ** 21, threads: 1 });
    const two = await exploreAsync({ game, limit: 2 ** 21, threads: 3 });
    expect(two.computed).toBe(one.computed);
    expect(firstDifference(two.values, one.values, one.computed)).toBe(-1);
    expect(two.pattern).toEqual(one.pattern);
    expect(two.pattern.kind).toBe('periodic');
    expect({ ...two.kernel, runsOn: null }).toEqual({ ...one.kernel, runsOn: null });
    expect(one.kernel?.runsOn).toBe('webassembly');
  });

  // To 1.4e7: the period is first seen held near 1.14e7, and the workers, started then, take part from a later step on.
  longTest('0.354 to 1.4e7 (its period 1,180 holds from about 10^7): on 3 threads the report says the workers computed heaps ahead; on 2 none do [long]', async () => {
    const game = { rule: { kind: 'take-and-break' as const, code: parseCode('0.354') } };
    const two = await exploreAsync({ game, limit: 14_000_000, threads: 3 });
    expect(two.kernel?.runsOn).toBe('webassembly, heaps computed ahead on worker threads');
    const pair = await exploreAsync({ game, limit: 14_000_000, threads: 2 });
    expect(pair.kernel?.runsOn).toBe('webassembly');
    const one = await exploreAsync({ game, limit: 14_000_000, threads: 1 });
    expect(firstDifference(two.values, one.values, one.computed)).toBe(-1);
  });
});
