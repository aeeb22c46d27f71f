/**
 * The heaps of a position, read as often as its evaluation needs (once for
 * the values and the nim-sum, once more for the winning moves). A list in
 * memory here; the host streams a long list from standard input into a
 * temporary file behind the same interface (src/host/heap-list.ts).
 */
export interface HeapList {
  readonly count: number;
  readonly largest: bigint;
  /** Heaps from..from+length-1 (fewer at the end). */
  read(from: number, length: number): readonly bigint[];
  /** Whether every heap is in memory (a command line's few), so a report may hold them all. */
  readonly inMemory: boolean;
  close(): void;
}

export function heapArray(heaps: readonly bigint[]): HeapList {
  return {
    count: heaps.length,
    largest: largestOf(heaps),
    read: (from, length) => heaps.slice(from, from + length),
    inMemory: true,
    close() {},
  };
}

/** The largest of some heaps (0 for none). */
export function largestOf(heaps: readonly bigint[]): bigint {
  return heaps.reduce((a, b) => (b > a ? b : a), 0n);
}
