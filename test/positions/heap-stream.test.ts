import { describe, expect, it } from 'vitest';
import { drive } from '../../src/core/driver.js';
import { readHeapsWork } from '../../src/host/heap-list.js';

/*
 * Heaps from standard input (`--position -`) arrive in chunks cut anywhere: inside a plain run of digits
 * (kept as a number), inside a long or written-out size (kept as bytes until its end), between heaps.
 * Every cut of the same text must read the same heaps, the ones a plain split and BigInt give.
 */
const TEXT = '7 0\n123456789012345 1234567890123456789\t9 10^18  1e9\n\n42 18446744073709551615 5';
const EXPECTED = [7n, 0n, 123456789012345n, 1234567890123456789n, 9n, 10n ** 18n, 10n ** 9n, 42n, 2n ** 64n - 1n, 5n];

async function* pieces(text: string, cuts: readonly number[]): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text);
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    yield bytes.subarray(from, cut);
    from = cut;
  }
}

async function heapsOf(chunks: AsyncIterable<Buffer>): Promise<bigint[]> {
  const list = await drive(readHeapsWork(chunks));
  try {
    return [...list.read(0, list.count)];
  } finally {
    list.close();
  }
}

describe('heaps read from a stream of chunks', () => {
  it('one chunk: the heaps as written', async () => {
    expect(await heapsOf(pieces(TEXT, []))).toEqual(EXPECTED);
  });

  it('two chunks, cut at every byte: the same heaps', async () => {
    const wrong: number[] = [];
    for (let cut = 1; cut < TEXT.length; cut++) {
      const heaps = await heapsOf(pieces(TEXT, [cut]));
      if (heaps.join(' ') !== EXPECTED.join(' ')) wrong.push(cut);
    }
    expect(wrong).toEqual([]);
  });

  it('a byte a chunk: the same heaps', async () => {
    const cuts = Array.from({ length: TEXT.length - 1 }, (_, i) => i + 1);
    expect(await heapsOf(pieces(TEXT, cuts))).toEqual(EXPECTED);
  });
});
