/**
 * A heap rule's options as a table: the moves of heaps 0..upTo as data,
 * where the rule's options live where sg-explore cannot call them at will
 * (a rule module's, which only its sandbox runs: the sandbox records them
 * while it computes the values). Positions list a module's winning moves
 * from it, and `--emit --program` writes it into the program, whose
 * options(n) then refuses a heap past upTo.
 *
 * Each option is what the move leaves, as a multiset: its heaps ascending,
 * empty heaps left out, each option once; a heap's options are in the order
 * moves are listed (the amount taken, then what is left, heap by heap).
 */
import { compareParts } from './parts-order.js';

export interface OptionTable {
  /** The options of heaps 0..upTo are here (-1: none). */
  readonly upTo: number;
  /** Heap n's options are the options heapStarts[n] to heapStarts[n + 1] - 1 (upTo + 2 entries). */
  readonly heapStarts: Uint32Array;
  /** Option o leaves the heaps parts[optionStarts[o]] to parts[optionStarts[o + 1] - 1]. */
  readonly optionStarts: Uint32Array;
  readonly parts: Uint32Array;
}

/** The most heaps of options a table holds (4 bytes each): recording stops at the last heap whose options fit. */
export const MOST_TABLE_PARTS = 1 << 21;

/** The options of heap n (n <= upTo) as moves, in order. */
export function tableOptions(table: OptionTable, n: number): { take: bigint; to: bigint[] }[] {
  const options: { take: bigint; to: bigint[] }[] = [];
  for (let o = table.heapStarts[n]!; o < table.heapStarts[n + 1]!; o++) {
    const to = Array.from(table.parts.subarray(table.optionStarts[o]!, table.optionStarts[o + 1]!), BigInt);
    options.push({ take: BigInt(n) - to.reduce((a, b) => a + b, 0n), to });
  }
  return options;
}

/** The table cut at heap `upTo` (its options and parts up to there). */
export function tableUpTo(table: OptionTable, upTo: number): OptionTable {
  if (upTo >= table.upTo) return table;
  const heapStarts = table.heapStarts.subarray(0, upTo + 2);
  const optionStarts = table.optionStarts.subarray(0, heapStarts[upTo + 1]! + 1);
  return { upTo, heapStarts, optionStarts, parts: table.parts.subarray(0, optionStarts[optionStarts.length - 1]!) };
}

/**
 * Records heaps' options, one heap after another from 0, as long as they
 * fit in `mostParts` numbers and the heap is at most `upTo`.
 */
export class OptionRecorder {
  private readonly heapStarts: number[] = [0];
  private readonly optionStarts: number[] = [0];
  private readonly parts: number[] = [];
  private full = false;

  constructor(
    private readonly upTo: number,
    private readonly mostParts = MOST_TABLE_PARTS,
  ) {}

  /** Whether heap n's options are wanted: the next heap, within the bound, and room left. */
  wants(n: number): boolean {
    return !this.full && n <= this.upTo && n === this.heapStarts.length - 1;
  }

  /** Heap n's options as the rule gave them (a heap of 0 is no heap; any order; repeats are one option). */
  add(n: number, given: readonly (readonly number[])[]): void {
    const seen = new Set<string>();
    const options: number[][] = [];
    for (const option of given) {
      const to = option.filter((h) => h > 0).sort((a, b) => a - b);
      const key = to.join(' ');
      if (!seen.has(key)) seen.add(key), options.push(to);
    }
    const total = (to: readonly number[]) => to.reduce((a, b) => a + b, 0);
    // The least take first is the most left; then heap by heap.
    options.sort((a, b) => total(b) - total(a) || compareParts(a, b));
    const size = options.reduce((sum, to) => sum + to.length, 0);
    if (this.parts.length + size > this.mostParts) {
      this.full = true;
      return;
    }
    for (const to of options) {
      for (const h of to) this.parts.push(h);
      this.optionStarts.push(this.parts.length);
    }
    this.heapStarts.push(this.optionStarts.length - 1);
  }

  table(): OptionTable {
    return { upTo: this.heapStarts.length - 2, heapStarts: Uint32Array.from(this.heapStarts), optionStarts: Uint32Array.from(this.optionStarts), parts: Uint32Array.from(this.parts) };
  }
}
