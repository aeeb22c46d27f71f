import { describe, expect, it } from 'vitest';
import { parseCode } from '../../src/core/rules/code.js';
import { ValueStore } from '../../src/core/kernels/store.js';
import { SparseSpaceKernel } from '../../src/core/kinds/take-and-break/sparse-space.js';
import { TakeBreakKernel } from '../../src/core/kinds/take-and-break/take-break-kernel.js';
import { referenceValues } from '../oracles/reference.js';
import { int, mulberry32 } from '../helpers/random.js';

/**
 * The witness scan (in-order prefix, strided blocks, SIMD lookups in wasm/sparse.c)
 * on both paths against the direct kernel and the plain reference: random two-heap
 * codes with unequal splits (!), and codes whose values pass 256 and 512 (the
 * WebAssembly bitmap covers values below 512; past it the scan is scalar).
 */
function sparse(code: string, n: number, useWasm: boolean): number[] {
  const store = new ValueStore(n, 0, 64);
  new SparseSpaceKernel(parseCode(code), useWasm).fill(store, 0, n);
  return Array.from(store.values.subarray(0, n));
}

function direct(code: string, n: number): number[] {
  const store = new ValueStore(n, 0, 64);
  new TakeBreakKernel(parseCode(code)).fill(store, 0, n);
  return Array.from(store.values.subarray(0, n));
}

function randomCode(random: () => number): string {
  const lead = random() < 0.3 ? (random() < 0.5 ? '4!' : '4') : '0';
  let code = `${lead}.`;
  const digits = int(random, 1, 5);
  for (let i = 0; i < digits; i++) {
    const d = int(random, 0, 7);
    code += d;
    if (d & 4 && random() < 0.5) code += '!';
  }
  return code;
}

describe('rare/common witness scan', () => {
  const random = mulberry32(20261123);
  const codes: string[] = [];
  while (codes.length < 120) codes.push(randomCode(random));

  it.each(codes.map((c) => [c] as const))('%s: WebAssembly and TypeScript equal the direct kernel and the reference', (code) => {
    const n = 1500;
    const expected = direct(code, n);
    expect(sparse(code, n, true), `${code}: WebAssembly`).toEqual(expected);
    expect(sparse(code, n, false), `${code}: TypeScript`).toEqual(expected);
    expect(expected.slice(0, 300), `${code}: reference`).toEqual(referenceValues({ kind: 'take-and-break', code: parseCode(code) }, 300));
  });

  it.each(['0.7777777', '4!.7', '0.4!4'].map((c) => [c] as const))('%s: values of 256 and more agree', (code) => {
    const n = 4000;
    const expected = direct(code, n);
    expect(Math.max(...expected)).toBeGreaterThanOrEqual(256);
    expect(sparse(code, n, true), `${code}: WebAssembly`).toEqual(expected);
    expect(sparse(code, n, false), `${code}: TypeScript`).toEqual(expected);
  });
});
