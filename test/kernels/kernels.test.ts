import { describe, expect, it } from 'vitest';
import { referenceValues } from '../oracles/reference.js';
import { fillSubtraction } from '../../src/core/kinds/subtraction/subtraction-kernel.js';
import { AllButKernel } from '../../src/core/kinds/subtraction/all-but-kernel.js';
import { MAX_ARRAY_LENGTH, ValueStore, bytesPerValueFor, recycleValues, valueView, type ValueArray } from '../../src/core/kernels/store.js';
import { InputError } from '../../src/core/errors.js';
import { int, mulberry32, randomSet } from '../helpers/random.js';
import { allBut, list, subtraction } from '../helpers/rules.js';

/** First index where two sequences differ, or -1. */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>, count: number): number {
  for (let i = 0; i < count; i++) if (a[i] !== b[i]) return i;
  return -1;
}

describe('finite subtraction kernel against the reference', () => {
  const SEED = 20240611;
  const SETS = 1200;
  const COUNT = 320;

  it(`${SETS} random sets, sizes 1..40 (mask and stamp-buffer paths), ${COUNT} values each, seed ${SEED}`, () => {
    const random = mulberry32(SEED);
    let maskPath = 0;
    let stampPath = 0;
    for (let i = 0; i < SETS; i++) {
      const size = int(random, 1, 40);
      const moves = randomSet(random, size, int(random, Math.max(size, 2), 60));
      if (moves.length < 32) maskPath++;
      else stampPath++;
      const expected = referenceValues(subtraction(moves), COUNT);

      const g = new Uint8Array(COUNT);
      fillSubtraction(g, moves, 0, COUNT);
      const at = firstDifference(g, expected, COUNT);
      expect(at, `set #${i} {${moves}}: G(${at}) = ${g[at]}, reference ${expected[at]}`).toBe(-1);

      // The same values computed in blocks with random boundaries (as explore() does).
      const blocks = new Uint8Array(COUNT);
      let from = 0;
      while (from < COUNT) {
        const to = Math.min(COUNT, from + int(random, 1, 90));
        fillSubtraction(blocks, moves, from, to);
        from = to;
      }
      const atBlocks = firstDifference(blocks, expected, COUNT);
      expect(atBlocks, `set #${i} {${moves}} in blocks: G(${atBlocks}) = ${blocks[atBlocks]}, reference ${expected[atBlocks]}`).toBe(-1);
    }
    // Both code paths really ran, many times.
    expect(maskPath).toBeGreaterThan(500);
    expect(stampPath).toBeGreaterThan(100);
  });

  it('works on Uint16 and Uint32 tables too', () => {
    const moves = [1, 4, 5, 9, 11, 17, 23];
    const expected = referenceValues(subtraction(moves), 500);
    for (const g of [new Uint16Array(500), new Uint32Array(500)]) {
      fillSubtraction(g, moves, 0, 500);
      expect(list(g)).toEqual(expected);
    }
  });

  it('handles the largest values of the mask path: 31 moves give values up to 31', () => {
    const moves = Array.from({ length: 31 }, (_, i) => i + 1);
    const g = new Uint8Array(200);
    fillSubtraction(g, moves, 0, 200);
    expect(list(g)).toEqual(Array.from({ length: 200 }, (_, n) => n % 32));
    expect(Math.max(...g)).toBe(31);
  });

  it('handles 32 consecutive moves (the first stamp-buffer size): values up to 32', () => {
    const moves = Array.from({ length: 32 }, (_, i) => i + 1);
    const g = new Uint8Array(200);
    fillSubtraction(g, moves, 0, 200);
    expect(list(g)).toEqual(Array.from({ length: 200 }, (_, n) => n % 33));
  });
});

describe('all-but kernel against the reference', () => {
  const SEED = 7_654_321;
  const SETS = 320;
  const COUNT = 200;

  it(`${SETS} random all-but sets, sizes 0..6, elements up to 15, ${COUNT} values each, seed ${SEED}`, () => {
    const random = mulberry32(SEED);
    const sizes = new Set<number>();
    for (let i = 0; i < SETS; i++) {
      const size = int(random, 0, 6);
      sizes.add(size);
      const excluded = randomSet(random, size, 15);
      const expected = referenceValues(allBut(excluded), COUNT);
      const store = new ValueStore(COUNT, 0, 8);
      const kernel = new AllButKernel(excluded);
      let from = 0;
      while (from < COUNT) {
        const to = Math.min(COUNT, from + int(random, 1, 70));
        kernel.fill(store, from, to);
        expect(store.count).toBe(to);
        from = to;
      }
      const at = firstDifference(store.values, expected, COUNT);
      expect(at, `set #${i} all-but {${excluded}}: G(${at}) = ${store.values[at]}, reference ${expected[at]}`).toBe(-1);
    }
    expect([...sizes].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('widens its store as values pass 255 and keeps the earlier ones', () => {
    const excluded = [2, 3, 7];
    const count = 1100; // G rises by 2 every 4 heaps: about 550 at the end
    const expected = referenceValues(allBut(excluded), count);
    const store = new ValueStore(count, 0, 16);
    new AllButKernel(excluded).fill(store, 0, count);
    expect(store.values).toBeInstanceOf(Uint16Array);
    expect(list(store.values, count)).toEqual(expected);
    expect(expected[count - 1]).toBeGreaterThan(255);
  });
});

describe('ValueStore', () => {
  it('starts at the narrowest width for the expected largest value', () => {
    expect(new ValueStore(10, 0).values).toBeInstanceOf(Uint8Array);
    expect(new ValueStore(10, 255).values).toBeInstanceOf(Uint8Array);
    expect(new ValueStore(10, 256).values).toBeInstanceOf(Uint16Array);
    expect(new ValueStore(10, 65_536).values).toBeInstanceOf(Uint32Array);
    expect(bytesPerValueFor(3)).toBe(1);
    expect(bytesPerValueFor(300)).toBe(2);
    expect(bytesPerValueFor(70_000)).toBe(4);
    expect(bytesPerValueFor(undefined)).toBe(4);
  });

  it('widens to Uint16 for 300 and to Uint32 for 70000, keeping every value', () => {
    const store = new ValueStore(1000, 0, 4);
    let g = store.reserve(10);
    for (let n = 0; n < 10; n++) g[n] = (n * 37) % 256;
    store.count = 10;
    expect(store.largestStorable).toBe(255);
    expect(store.bytesPerValue).toBe(1);

    g = store.widen(300);
    expect(g).toBe(store.values);
    expect(g).toBeInstanceOf(Uint16Array);
    expect(store.largestStorable).toBe(65_535);
    expect(list(g, 10)).toEqual(Array.from({ length: 10 }, (_, n) => (n * 37) % 256));
    g[10] = 300;
    store.count = 11;

    g = store.widen(70_000);
    expect(g).toBeInstanceOf(Uint32Array);
    expect(store.bytesPerValue).toBe(4);
    g[11] = 70_000;
    store.count = 12;
    expect(list(store.view())).toEqual([...Array.from({ length: 10 }, (_, n) => (n * 37) % 256), 300, 70_000]);
  });

  it('does not narrow or copy when the value already fits', () => {
    const store = new ValueStore(100, 300, 8);
    const before = store.values;
    expect(store.widen(200)).toBe(before);
    expect(store.values).toBeInstanceOf(Uint16Array);
  });

  it('grows its capacity by reserve() without losing values, up to its limit', () => {
    const store = new ValueStore(100, 0, 4);
    expect(store.values.length).toBe(4);
    let g = store.reserve(4);
    g.set([9, 8, 7, 6]);
    store.count = 4;
    g = store.reserve(50);
    expect(g.length).toBeGreaterThanOrEqual(50);
    expect(g.length).toBeLessThanOrEqual(100);
    expect(list(g, 4)).toEqual([9, 8, 7, 6]);
    expect(store.reserve(100).length).toBe(100);
    expect(() => store.reserve(101)).toThrow(RangeError);
  });

  it('reuses a given-back buffer for the next store of its size, zeroed, and only once', () => {
    const first = new ValueStore(64, 0, 64);
    first.values.fill(7);
    first.count = 64;
    const buffer = first.values.buffer;
    recycleValues(first.view());
    expect(new ValueStore(32, 0, 32).values.buffer).not.toBe(buffer); // another size: a new buffer
    const second = new ValueStore(64, 0, 64);
    expect(second.values.buffer).toBe(buffer);
    expect(list(second.values)).toEqual(Array(64).fill(0));
    expect(new ValueStore(64, 0, 64).values.buffer).not.toBe(buffer); // taken: not handed out twice
    // A 2-byte store of 32 values has the same 64 bytes: it takes them, zeroed, as Uint16.
    second.values.fill(9);
    recycleValues(second.values);
    const wide = new ValueStore(32, 300, 32);
    expect(wide.values.buffer).toBe(buffer);
    expect(wide.values).toBeInstanceOf(Uint16Array);
    expect(list(wide.values)).toEqual(Array(32).fill(0));
  });

  it('view() covers exactly the final values', () => {
    const store = new ValueStore(10, 0, 10);
    store.values.set([1, 2, 3]);
    store.count = 3;
    expect(list(store.view())).toEqual([1, 2, 3]);
  });

  /** A home in a WebAssembly memory from byte 64 on, as the kernel's; `room` caps the bytes it may grow to. */
  function memoryHome(room = Infinity) {
    const memory = new WebAssembly.Memory({ initial: 1 });
    return {
      memory,
      view(bytes: number, capacity: number): ValueArray | null {
        const need = 64 + bytes * capacity;
        if (need > room) return null;
        if (need > memory.buffer.byteLength) memory.grow(Math.ceil((need - memory.buffer.byteLength) / 65536));
        return valueView(memory.buffer, bytes, 64, capacity);
      },
    };
  }

  it('moves into a home, then grows and widens there in place, keeping every value', () => {
    const home = memoryHome();
    const store = new ValueStore(200_000, 0, 8);
    store.values.set([5, 0, 255, 1, 2, 3, 4, 7]);
    store.count = 8;
    expect(store.home(home)).toBe(true);
    expect(store.values.buffer).toBe(home.memory.buffer);
    // Past the memory's first page: it grows, which detaches the views made before; the store's view is made again.
    let g = store.reserve(100_000);
    expect(g.buffer).toBe(home.memory.buffer);
    for (let n = 8; n < 100_000; n++) g[n] = (n * 7) % 251;
    store.count = 100_000;
    g = store.widen(300);
    expect(g).toBeInstanceOf(Uint16Array);
    expect(g.buffer).toBe(home.memory.buffer);
    expect(g.byteOffset).toBe(64);
    const expected = [5, 0, 255, 1, 2, 3, 4, 7, ...Array.from({ length: 100_000 - 8 }, (_, i) => ((i + 8) * 7) % 251)];
    expect(Array.from(store.view())).toEqual(expected);
    // Two bytes a value, again: the home holds no more than a store of its own would.
    store.values[100_000] = 300;
    store.count = 100_001;
    expect(Array.from(store.reserve(150_000).subarray(99_999, 100_001))).toEqual([expected[99_999], 300]);
  });

  it('leaves a home that cannot hold it (or for four bytes a value) with its values, and leaves one on request', () => {
    const small = memoryHome(64 + 1024);
    const store = new ValueStore(10_000, 0, 512);
    store.values.fill(9);
    store.count = 512;
    expect(store.home(small)).toBe(true);
    store.reserve(2000); // 2048 bytes: past the home's room
    expect(store.values.buffer).not.toBe(small.memory.buffer);
    expect(Array.from(store.view())).toEqual(Array(512).fill(9));
    expect(new ValueStore(4096, 0, 2048).home(small)).toBe(false);

    const home = memoryHome();
    const wide = new ValueStore(1000, 0, 100);
    wide.values.fill(3);
    wide.count = 100;
    wide.home(home);
    wide.widen(70_000);
    expect(wide.values).toBeInstanceOf(Uint32Array);
    expect(wide.values.buffer).not.toBe(home.memory.buffer);
    expect(Array.from(wide.view())).toEqual(Array(100).fill(3));

    const other = new ValueStore(1000, 0, 100);
    other.values.fill(4);
    other.count = 100;
    other.home(home);
    other.leaveHome();
    new Uint8Array(home.memory.buffer).fill(0); // the home is reused: the store's values are its own now
    expect(Array.from(other.view())).toEqual(Array(100).fill(4));
  });

  it('refuses values past 32 bits and tables past the array limit', () => {
    const store = new ValueStore(10, 0, 10);
    expect(() => store.widen(2 ** 32)).toThrow(RangeError);
    expect(() => new ValueStore(MAX_ARRAY_LENGTH + 1)).toThrow(InputError);
  });
});
