import { describe, expect, it } from 'vitest';
import { SparseSpaceKernel, type BlockSizes } from '../../src/core/kinds/take-and-break/sparse-space.js';
import { twoHeapMoves } from '../../src/core/kinds/take-and-break/rare-common.js';
import { WasmBlockMarker } from '../../src/host/block-marker.js';
import { ValueStore, type ValueArray } from '../../src/core/kernels/store.js';
import { exploreAsync } from '../../src/core/analyse.js';
import { parseCode } from '../../src/core/rules/code.js';
import { int, mulberry32 } from '../helpers/random.js';
import { blockMarker, type BlockMarker } from '../../src/core/kinds/take-and-break/platform.js';
import { WorkerStartError } from '../../src/core/errors.js';

/**
 * The WebAssembly kernel with blocks of heaps shared out (SparseSpaceKernel.fillAsync with
 * WasmBlockMarker): worker threads mark the pairs below a block, this thread its own share and
 * the rest, one block behind the workers. The values, the rare heaps and the mask must be those
 * of the kernel on one thread, for any block size, share and number of workers, across the
 * store's widening, the mask's reviews and the value bound's growth past what blocks take.
 *
 * Workers run the bundled dist/wasm-partials.cjs (built by the global setup; the compiled dist/workers/wasm-partials.js without it).
 */

function sequential(text: string, count: number): { values: ValueArray; kernel: SparseSpaceKernel } {
  const store = new ValueStore(count);
  const kernel = new SparseSpaceKernel(parseCode(text));
  kernel.fill(store, 0, count);
  return { values: store.view(), kernel };
}

interface Case {
  text: string;
  count: number;
  workers: number;
  blocks: BlockSizes;
  seed: number;
}

/** G(0..count-1) with blocks shared out, filled in random pieces (as explore hands them out). */
async function shared(c: Case): Promise<{ values: ValueArray; kernel: SparseSpaceKernel }> {
  const random = mulberry32(c.seed);
  const store = new ValueStore(c.count, 0, int(random, 1, 4096));
  // A lane of the kernel's shared memory for this thread and each worker.
  const kernel = new SparseSpaceKernel(parseCode(c.text), true, null, c.blocks, 1 + c.workers);
  const marker = new WasmBlockMarker(twoHeapMoves(parseCode(c.text)), kernel.sharedKernel!, c.workers);
  try {
    for (let from = 0; from < c.count; ) {
      const to = Math.min(c.count, from + int(random, 1, 3000));
      await kernel.fillAsync(store, from, to, marker);
      expect(store.count, `${c.text}: count after fillAsync(${from}, ${to})`).toBe(to);
      from = to;
    }
  } finally {
    await marker.close();
  }
  return { values: store.view(), kernel };
}

function firstDifference(got: ArrayLike<number>, want: ArrayLike<number>, count: number): number {
  for (let n = 0; n < count; n++) if (got[n] !== want[n]) return n;
  return -1;
}

describe('blocks shared with worker threads give the one-thread values', () => {
  const SEED = 0xb10c2;
  const random = mulberry32(SEED);
  // Values pass 128 within a few thousand heaps (blocks start there), with many rare heaps: Officers, the domain space
  // (0.0406), an unequal split (4!.04), values past the blocks' bound (0.6406 reaches 1,258), two split takes (0.64).
  const named = ['0.6', '0.64', '0.0406', '4!.04', '0.6406', '0.04', '0.06'];
  const cases: Case[] = named.map((text, i) => ({
    text,
    count: int(random, 6000, 9000),
    workers: 1 + (i % 2),
    blocks: { from: int(random, 64, 600), minRare: 0, heaps: int(random, 1, 400) },
    seed: int(random, 1, 2 ** 31 - 1),
  }));
  // Blocks of one heap, and more workers than heaps in a block.
  cases.push({ text: '4!.04', count: 5000, workers: 2, blocks: { from: 64, minRare: 0, heaps: 1 }, seed: 1 });
  cases.push({ text: '0.64', count: 5000, workers: 3, blocks: { from: 100, minRare: 0, heaps: 2 }, seed: 2 });

  it.each(cases.map((c) => [`${c.text}, ${c.count} values, ${c.workers} worker(s), blocks ${JSON.stringify(c.blocks)}, seed ${c.seed}`, c] as const))(
    '%s',
    async (what, c) => {
      const got = await shared(c);
      const want = sequential(c.text, c.count);
      const n = firstDifference(got.values, want.values, c.count);
      expect(n, `${what}: first difference at n = ${n}: got ${got.values[n]}, want ${want.values[n]} (suite seed ${SEED})`).toBe(-1);
      expect(got.kernel.rare, `${what}: rare heaps and mask`).toEqual(want.kernel.rare);
      // The path under test was taken (values past 128, with many rare heaps).
      expect(got.kernel.blocksShared, `${what}: blocks were shared out`).toBe(true);
    },
  );
});

describe('exploreAsync shares blocks from two threads, with the same results', () => {
  it.each([2, 3])("Officers (0.6) to 2^15: threads %i against threads 1", async (threads) => {
    const game = { rule: { kind: 'take-and-break' as const, code: parseCode('0.6') } };
    const one = await exploreAsync({ game, limit: 2 ** 15, threads: 1 });
    const three = await exploreAsync({ game, limit: 2 ** 15, threads });
    expect(three.computed).toBe(one.computed);
    expect(firstDifference(three.values, one.values, one.computed)).toBe(-1);
    expect(three.maxValue).toBe(one.maxValue);
    expect(three.kernel).toEqual({ ...one.kernel, runsOn: 'webassembly, blocks shared with worker threads' });
    expect(one.kernel?.runsOn).toBe('webassembly');
  });
});

describe('workers that cannot start leave the work to this thread', () => {
  it('a marker whose pool fails to start: the one-thread values, no block shared, no error', async () => {
    const failing: BlockMarker = {
      threads: 2,
      mark: () => ({ marks: Promise.reject(new WorkerStartError('the rare/common worker could not be started: no room')), waitHere: () => {} }),
      close: async () => {},
    };
    const count = 6000;
    const store = new ValueStore(count);
    const kernel = new SparseSpaceKernel(parseCode('0.6406'), true, null, { from: 64, minRare: 0, heaps: 100 }, 3);
    await kernel.fillAsync(store, 0, count, failing);
    const want = sequential('0.6406', count);
    expect(firstDifference(store.view(), want.values, count)).toBe(-1);
    expect(kernel.blocksShared).toBe(false);
  });

  it('any other failure of the workers ends the run with it', async () => {
    const broken: BlockMarker = { threads: 1, mark: () => ({ marks: Promise.reject(new Error('worker crashed')), waitHere: () => {} }), close: async () => {} };
    const kernel = new SparseSpaceKernel(parseCode('0.6406'), true, null, { from: 64, minRare: 0, heaps: 100 }, 2);
    await expect(kernel.fillAsync(new ValueStore(6000), 0, 6000, broken)).rejects.toThrow('worker crashed');
  });
});

describe('the workers read the values where the kernel keeps them: no copy of their own', () => {
  it('the marker hands the workers the kernel memory, and no buffer it shares with them is as large as the values', async () => {
    const count = 40_000;
    const store = new ValueStore(count);
    const kernel = new SparseSpaceKernel(parseCode('0.6'), true, null, { from: 64, minRare: 0, heaps: 100 }, 2);
    const shared = kernel.sharedKernel!;
    expect(shared, 'a shared memory (wasm/sparse-threads.wasm)').not.toBeNull();
    const { WorkerRing } = await import('../../src/host/worker-ring.js');
    const sharedBytes: number[] = [];
    const original = WorkerRing.prototype.shareBuffer;
    WorkerRing.prototype.shareBuffer = function (id, buffer, replaces) {
      sharedBytes.push(buffer.byteLength);
      return original.call(this, id, buffer, replaces);
    };
    const marker = new WasmBlockMarker(twoHeapMoves(parseCode('0.6')), shared, 1);
    try {
      await kernel.fillAsync(store, 0, count, marker);
    } finally {
      WorkerRing.prototype.shareBuffer = original;
      await marker.close();
    }
    expect(kernel.blocksShared).toBe(true);
    // The values live in the memory the workers run over: the store's view is of that memory's buffer.
    expect(store.values.buffer).toBe(shared.memory.buffer);
    // What the workers were given besides: rare lists and answer buffers, all far smaller than the 80,000 bytes of values.
    expect(sharedBytes.length).toBeGreaterThan(0);
    expect(Math.max(...sharedBytes)).toBeLessThan(2 * count / 4);
    expect(firstDifference(store.view(), sequential('0.6', count).values, count)).toBe(-1);
  });
});

describe('the kernel shares its memory with the workers only once a block pays', () => {
  it('no shared memory while blocks do not pay; then the values so far move into it, and every value is the one-thread one', async () => {
    const count = 40_000;
    const code = parseCode('0.6');
    const store = new ValueStore(count);
    const kernel = new SparseSpaceKernel(code, true, null, { from: 4096, minRare: 0, heaps: 100 }, 2);
    // The marker the solver makes: the platform's, made at the first block from the memory the kernel shares then.
    const marker = blockMarker(twoHeapMoves(code), 1, () => kernel.sharedKernel)!;
    try {
      await kernel.fillAsync(store, 0, 3000, marker);
      expect(kernel.parts.wasm?.shared, 'before any block: the module has a memory of its own').toBeNull();
      await kernel.fillAsync(store, 3000, count, marker);
    } finally {
      await marker.close();
    }
    expect(kernel.blocksShared).toBe(true);
    expect(kernel.parts.wasm?.shared, 'the values now live in the shared memory').not.toBeNull();
    expect(store.values.buffer).toBe(kernel.parts.wasm!.shared!.memory.buffer);
    const want = sequential('0.6', count);
    expect(firstDifference(store.view(), want.values, count)).toBe(-1);
    expect(kernel.rare).toEqual(want.kernel.rare);
  });
});
