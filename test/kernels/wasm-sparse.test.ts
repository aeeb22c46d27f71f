import { describe, expect, it } from 'vitest';
import { parseCode } from '../../src/core/rules/code.js';
import { ValueStore } from '../../src/core/kernels/store.js';
import { SparseSpaceKernel } from '../../src/core/kinds/take-and-break/sparse-space.js';
import { referenceValues } from '../oracles/reference.js';
import { wasmAvailable, type WasmSparse } from '../../src/core/kinds/take-and-break/wasm-sparse.js';
import type { RareCommonSplit } from '../../src/core/kinds/take-and-break/rare-common.js';
import { int, mulberry32 } from '../helpers/random.js';
import { analyseSync } from '../../src/core/analyse.js';
import { longTest } from '../helpers/long.js';
import type { Exploration } from '../../src/core/heap/explore.js';

/** The WebAssembly loop (wasm/sparse.c) against the TypeScript kernel and the reference. */
describe('rare/common kernel in WebAssembly', () => {
  it('is available from the committed wasm/sparse.wasm', () => expect(wasmAvailable()).toBe(true));

  function fillInPieces(code: string, useWasm: boolean, n: number, random: () => number): ValueStore & { split: string } {
    const store = new ValueStore(n, 0, 64);
    const kernel = new SparseSpaceKernel(parseCode(code), useWasm);
    for (let at = 0; at < n; ) {
      const next = Math.min(n, at + int(random, 1, 400));
      kernel.fill(store, at, next);
      at = next;
    }
    return Object.assign(store, { split: splitOf(kernel) });
  }

  /** What the kernel's bookkeeping holds (the module counts values and lists rare heaps for it): mask, rare heaps, largest value. */
  function splitOf(kernel: SparseSpaceKernel): string {
    const split = (kernel as unknown as { split: RareCommonSplit }).split;
    return `${split.space} mask ${split.mask}, largest ${split.largest}, bound ${split.bound}, rare ${Array.from(split.positions.subarray(0, split.count))}`;
  }

  const named = ['0.6', '4!.0', '0.16', '0.56', '0.6406', '0.77', '0.137', '0.7777', '4.07', '0.104', '0.204', '0.324'];
  const random = mulberry32(20261121);
  const codes = [...named];
  while (codes.length < 160) {
    let code = `${random() < 0.2 ? '4' : '0'}.`;
    const digits = int(random, 1, 4);
    for (let i = 0; i < digits; i++) code += int(random, 0, 7);
    if (code.startsWith('4') && random() < 0.5) code = `4!${code.slice(1)}`;
    codes.push(code);
  }

  it.each(codes.map((c) => [c] as const))('%s: same values as TypeScript and the reference', (code) => {
    const n = named.includes(code) ? 3000 : 600;
    const wasm = fillInPieces(code, true, n, mulberry32(n + code.length));
    const plain = fillInPieces(code, false, n, mulberry32(7 * n));
    expect(Array.from(wasm.values.subarray(0, n)), `${code}: WebAssembly against TypeScript`).toEqual(Array.from(plain.values.subarray(0, n)));
    expect(wasm.split, `${code}: the split`).toBe(plain.split);
    const ref = referenceValues({ kind: 'take-and-break', code: parseCode(code) }, Math.min(n, 400));
    expect(Array.from(wasm.values.subarray(0, ref.length)), `${code}: against the reference`).toEqual(ref);
  });

  // Far enough for the byte-wide loop's batches of sixteen heaps to pair with hundreds of rare
  // heaps, and (0.6, 0.354) for the values to outgrow a byte and the module to switch widths.
  // The quick run checks the byte-wide batches on 0.56, 0.16, 0.354 and 0.6; 0.7777 and 0.137 (25 s on a loaded machine) in [long].
  const byteWide = (code: string) => {
    const n = 30_000;
    const wasm = fillInPieces(code, true, n, mulberry32(3));
    const plain = fillInPieces(code, false, n, mulberry32(5));
    expect(Array.from(wasm.values.subarray(0, n))).toEqual(Array.from(plain.values.subarray(0, n)));
    expect(wasm.split).toBe(plain.split);
  };
  // Past heap 256 every scan of the byte-wide loop starts with its first 64 splits marked with no branch, then the
  // in-order prefix against its reversed low halves (scan_run_small): .167 finds most of its witnesses there.
  it.each(['0.56', '0.16', '0.354', '0.6', '0.167'])('%s over 30,000 heaps: same values as TypeScript', byteWide);
  longTest.each(['0.7777', '0.137'])('%s over 30,000 heaps: same values as TypeScript [long]', byteWide);

  // The two-byte loop's batches of eight heaps (values 128..1023 with many rare heaps): Grundy's game (one
  // unequal split take: rare heaps r with 2r among a batch's rests are left to the heaps), Officers, several
  // split takes (0.6406, 0.142), and values past 1023 (0.6406, back to one heap at a time).
  // The quick run keeps split takes and values past 1023 (0.142, 0.6406); Officers to 2^16 (10 s of a loaded npm
  // test; Officers is quick above, to 30,000), Grundy's game (2^17 heaps), 0.204 and 0.74 run in [long].
  const twoByte = (code: string, n: number) => {
    const wasm = fillInPieces(code, true, n, mulberry32(11));
    const plain = fillInPieces(code, false, n, mulberry32(13));
    expect(wasm.values.subarray(0, n).reduce((a, b) => Math.max(a, b), 0), `${code}: values reach the two-byte loop`).toBeGreaterThan(127);
    expect(Array.from(wasm.values.subarray(0, n))).toEqual(Array.from(plain.values.subarray(0, n)));
    expect(wasm.split).toBe(plain.split);
  };
  it.each([
    ['0.6406', 20_000],
    ['0.142', 40_000],
  ] as const)('%s over %i heaps, values past a byte: same values as TypeScript', twoByte, 60_000);
  longTest.each([
    ['0.6', 2 ** 16],
    ['4!.0', 2 ** 17],
    ['0.204', 40_000],
    ['0.74', 60_000],
  ] as const)('%s over %i heaps, values past a byte: same values as TypeScript [long]', twoByte, 60_000);

  // Games whose values keep growing (two bytes, past VECTOR_BOUND = 512 in sparse.c): the dense scan's Bloom filter
  // and exact compares, and a mask searched again past 1,024 values. The named ones and random codes of their family
  // (a digit 4 or 6 at take 2 or further, which splits), against TypeScript; .04 and .06 against the naive reference.
  const dense = ['0.0404', '0.0604', '0.00404', '0.06006'];
  const denseRandom = mulberry32(20261129);
  while (dense.length < 10) {
    const digits = Array.from({ length: int(denseRandom, 2, 4) }, () => [0, 4, 6][int(denseRandom, 0, 2)]!);
    digits[int(denseRandom, 1, digits.length - 1)] = int(denseRandom, 0, 1) === 0 ? 4 : 6;
    const code = `0.${digits.join('')}`;
    if (!dense.includes(code)) dense.push(code);
  }
  // .0404 goes on past 1,024 values, where batches of heaps keep their rows DENSE_STRIDE apart.
  it.each(dense.map((c) => [c, c === '0.0404' ? 14_000 : 8000] as const))('%s over %i heaps, values past 512: same values as TypeScript', (code, n) => {
    const wasm = fillInPieces(code, true, n, mulberry32(17));
    const plain = fillInPieces(code, false, n, mulberry32(19));
    const largest = wasm.values.subarray(0, n).reduce((a, b) => Math.max(a, b), 0);
    if (dense.indexOf(code) < 4) expect(largest, `${code}: values reach the dense scan`).toBeGreaterThan(512);
    if (code === '0.0404') expect(largest, 'values reach the dense batches').toBeGreaterThan(1024);
    expect(Array.from(wasm.values.subarray(0, n))).toEqual(Array.from(plain.values.subarray(0, n)));
    expect(wasm.split).toBe(plain.split);
  }, 60_000);
  it.each(['0.04', '0.06'])('%s over 3,000 heaps: the naive reference\'s values', (code) => {
    const wasm = fillInPieces(code, true, 3000, mulberry32(23));
    const ref = referenceValues({ kind: 'take-and-break', code: parseCode(code) }, 3000);
    expect(Array.from(wasm.values.subarray(0, 3000))).toEqual(ref);
  });

  // A plain instance starts with room for 4,096 rare heaps and makes more as a run needs, moving its values up
  // (roomForRare): .06, two fifths of its heaps rare, passes it twice, in pieces, with values past a byte.
  it('0.06 over 45,000 heaps: room for more rare heaps made as they come, same values as TypeScript', () => {
    const kernel = new SparseSpaceKernel(parseCode('0.06'), true);
    const store = new ValueStore(45_000, 0, 64);
    kernel.fill(store, 0, 1000);
    const early = store.values;
    for (let at = 1000; at < 45_000; at += 1000) kernel.fill(store, at, at + 1000);
    const split = (kernel as unknown as { split: RareCommonSplit }).split;
    expect(split.count, 'rare heaps past two rooms').toBeGreaterThan(16_384);
    const wasm = (kernel as unknown as { wasm: { memory: WebAssembly.Memory; rareCapacity: number } }).wasm;
    expect(wasm.rareCapacity, 'the module made the room (4,096, then 16,384, then 65,536), not the TypeScript loop the work').toBe(65_536);
    expect(store.values.buffer, 'the values still in the module\'s memory').toBe(wasm.memory.buffer);
    expect(early.length, 'a view of the values where they were is detached, never left reading there').toBe(0);
    const plain = fillInPieces('0.06', false, 45_000, mulberry32(29));
    expect(Array.from(store.values.subarray(0, 45_000))).toEqual(Array.from(plain.values.subarray(0, 45_000)));
    expect(splitOf(kernel)).toBe(plain.split);
  }, 60_000);

  it('keeps one copy of the values: the store lives in the module\'s memory', () => {
    const store = fillInPieces('0.6', true, 5000, mulberry32(2));
    const plain = fillInPieces('0.6', false, 5000, mulberry32(2));
    expect(store.values.buffer).not.toBe(plain.values.buffer);
    expect(store.values.buffer.constructor.name).toBe('ArrayBuffer');
    expect(store.values.byteOffset, 'a view into the module\'s memory, past its tables').toBeGreaterThan(0);
  });

  it('a memory that cannot grow for two bytes a value hands the table to TypeScript, every value right', () => {
    const kernel = new SparseSpaceKernel(parseCode('0.6'), true);
    // The module's memory refuses to grow once values need two bytes (as under a small ulimit -v).
    const wasm = (kernel as unknown as { wasm: WasmSparse }).wasm;
    const view = wasm.view.bind(wasm);
    wasm.view = (bytesPerValue, capacity) => (bytesPerValue === 2 ? null : view(bytesPerValue, capacity));
    const store = new ValueStore(8000, 0, 64);
    kernel.fill(store, 0, 8000);
    const reference = fillInPieces('0.6', false, 8000, mulberry32(4));
    expect(store.values.reduce((a, b) => Math.max(a, b), 0), 'values pass one byte').toBeGreaterThan(127);
    expect(Array.from(store.values.subarray(0, 8000))).toEqual(Array.from(reference.values.subarray(0, 8000)));
  });

  it('one kernel filling two tables in turn keeps both right (the first moves out of the module\'s memory)', () => {
    const kernel = new SparseSpaceKernel(parseCode('0.16'), true);
    const reference = fillInPieces('0.16', false, 4000, mulberry32(9));
    const first = new ValueStore(4000, 0, 64);
    kernel.fill(first, 0, 4000);
    const second = new ValueStore(4000, 0, 64);
    second.reserve(2000).set(first.values.subarray(0, 2000));
    second.count = 2000;
    kernel.fill(second, 2000, 4000);
    expect(first.values.byteOffset, 'moved out').toBe(0);
    expect(Array.from(first.values.subarray(0, 4000))).toEqual(Array.from(reference.values.subarray(0, 4000)));
    expect(Array.from(second.values.subarray(0, 4000))).toEqual(Array.from(reference.values.subarray(0, 4000)));
  });

  it('a run resumed from a checkpoint loads it into the module\'s memory and gives the fresh run\'s values', () => {
    const game = { rule: { kind: 'take-and-break' as const, code: parseCode('0.6') } };
    const fresh = analyseSync({ game, max: 20_000n }) as Exploration;
    const saved = Uint16Array.from({ length: 7000 }, (_, n) => fresh.valueOf(n));
    const resumed = analyseSync({ game, max: 20_000n, resume: saved }) as Exploration;
    expect(Array.from({ length: 20_001 }, (_, n) => resumed.valueOf(n))).toEqual(Array.from({ length: 20_001 }, (_, n) => fresh.valueOf(n)));
    expect(Array.from(saved.subarray(0, 5)), 'the checkpoint is left as it was').toEqual([0, 1, 1, 2, 2].map((_, n) => fresh.valueOf(n)));
  });

  it('a kernel resumed on values it did not compute (a checkpoint) agrees', () => {
    const whole = fillInPieces('0.6', true, 5000, mulberry32(1));
    const resumed = new ValueStore(5000);
    resumed.reserve(2500).set(whole.values.subarray(0, 2500));
    resumed.count = 2500;
    new SparseSpaceKernel(parseCode('0.6'), true).fill(resumed, 2500, 5000);
    expect(Array.from(resumed.values.subarray(0, 5000))).toEqual(Array.from(whole.values.subarray(0, 5000)));
  });
});
