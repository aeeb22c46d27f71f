import { SCAN_STRIDE, classTableOf, evenTable, lastSplit, oddTable, scanWindow, type TwoHeapMoves } from './rare-common.js';
import { valueView, type ValueArray } from '../../kernels/store.js';

/**
 * The rare/common method split for a block of heaps [B, B + b): the pairs
 * whose parts both lie below B use only final values, so worker threads mark
 * them for every heap of the block at once (computePartials); the main thread
 * then finishes each heap in order with the pairs that reach into the block
 * (finishHeap). The answer is the same as sparseValue's for any split.
 *
 * Marks are bitsets of `words` 32-bit words per heap, in a SharedArrayBuffer.
 */
export interface PartialTask {
  readonly values: SharedArrayBuffer;
  readonly bytesPerValue: number;
  /** Ascending rare positions; the first `rareCount` are all below blockStart. */
  readonly positions: SharedArrayBuffer;
  readonly rareCount: number;
  /** words * blockLength Int32 marks, and one Int32 per heap: evens below it are all marked (or `bound`: every pair was). */
  readonly marks: SharedArrayBuffer;
  readonly covered: SharedArrayBuffer;
  readonly words: number;
  readonly mask: number;
  /** The split takes' parity when the split is in the domain space (see SparseSpace), else null. */
  readonly domainParity: number | null;
  readonly bound: number;
  readonly moves: TwoHeapMoves;
  readonly blockStart: number;
  readonly from: number;
  readonly to: number;
}

/**
 * Workers cover the even values below the first missing odd one. Covering up
 * to the second costs them more than the main thread's occasional rescan
 * (when its own pairs fill that odd gap) saves: measured on Officers.
 */
const GAPS_COVERED = 1;

const has = (bits: Int32Array, at: number, v: number) => (bits[at + (v >> 5)]! >>> (v & 31)) & 1;
const set = (bits: Int32Array, at: number, v: number) => {
  bits[at + (v >> 5)]! |= 1 << (v & 31);
};

/** First index j with positions[j] >= value, among the first `count`. */
function firstAtLeast(positions: Int32Array, count: number, value: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (positions[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Worker side: marks from pairs wholly below the block, for heaps [from, to). */
export function computePartials(task: PartialTask): void {
  const g = valueView(task.values, task.bytesPerValue);
  const positions = new Int32Array(task.positions);
  const marks = new Int32Array(task.marks);
  const covered = new Int32Array(task.covered);
  const evenClass = evenTable(task.mask, task.bound);
  const oddClass = oddTable(evenClass);
  const { words, bound, moves, blockStart: B, domainParity } = task;
  for (let n = task.from; n < task.to; n++) {
    // The class common pairs xor to (as RareCommonSplit.rareValues).
    const isRare = classTableOf(n, domainParity, evenClass, oddClass);
    const at = (n - B) * words;
    marks.fill(0, at, at + words);
    for (let i = 0; i < moves.splitTakes.length; i++) {
      const rest = n - moves.splitTakes[i]!;
      const unequal = moves.splitUnequal[i]!;
      // Rare r with partner rest - r < B, i.e. r > rest - B.
      for (let j = firstAtLeast(positions, task.rareCount, Math.max(1, rest - B + 1)); j < task.rareCount; j++) {
        const r = positions[j]!;
        if (r >= rest) break;
        if (unequal && 2 * r === rest) continue;
        set(marks, at, g[r]! ^ g[rest - r]!);
      }
    }
    // Cover the even values below the first missing odd one (the likely mex).
    let target = 0;
    for (let gaps = 0; target < bound; target++) if (!isRare[target] && !has(marks, at, target) && ++gaps === GAPS_COVERED) break;
    let missing = 0;
    for (let v = 0; v < target; v++) if (isRare[v] && !has(marks, at, v)) missing++;
    for (let i = 0; i < moves.splitTakes.length && missing > 0; i++) {
      const rest = n - moves.splitTakes[i]!;
      const last = lastSplit(rest, moves.splitUnequal[i]!);
      const first = Math.max(1, rest - B + 1);
      const window = scanWindow(first, last);
      for (let k = 0; k <= last - first; k++) {
        const a = k < window ? first + ((k * SCAN_STRIDE) & (window - 1)) : first + k;
        const x = g[a]! ^ g[rest - a]!;
        if (!has(marks, at, x)) {
          set(marks, at, x);
          if (x < target && isRare[x] && --missing === 0) break;
        }
      }
    }
    // Still missing after the whole scan: every pair below the block is marked.
    covered[n - B] = missing > 0 ? bound : target;
  }
}

/**
 * Main-thread side: G(n) for n in the block, given the partial marks, with
 * G(B..n-1) final. `rareCount` rare positions lie below B; those from there
 * to `split.count` were found in this block.
 */
export function finishHeap(
  g: ValueArray,
  n: number,
  B: number,
  moves: TwoHeapMoves,
  isRare: Uint8Array,
  positions: Int32Array,
  rareBelowBlock: number,
  rareTotal: number,
  marks: Int32Array,
  words: number,
  covered: number,
  bits: Int32Array,
): number {
  const bound = isRare.length;
  bits.set(marks.subarray((n - B) * words, (n - B + 1) * words));
  for (const take of moves.wholeTakes) if (take === n) set(bits, 0, 0);
  for (const take of moves.singleTakes) if (n - take > 0) set(bits, 0, g[n - take]!);
  for (let i = 0; i < moves.splitTakes.length; i++) {
    const rest = n - moves.splitTakes[i]!;
    const unequal = moves.splitUnequal[i]!;
    // Old rare r whose partner is in the block (r <= rest - B), then rare heaps of this block.
    for (let j = 0; j < rareBelowBlock; j++) {
      const r = positions[j]!;
      if (r > rest - B || r >= rest) break;
      if (!(unequal && 2 * r === rest)) set(bits, 0, g[r]! ^ g[rest - r]!);
    }
    for (let j = rareBelowBlock; j < rareTotal; j++) {
      const r = positions[j]!;
      if (r >= rest) break;
      if (!(unequal && 2 * r === rest)) set(bits, 0, g[r]! ^ g[rest - r]!);
    }
  }
  let oddMex = 0; // 0 is rare in the range, but in the domain it is common at heaps of one parity
  while (oddMex < bound && (isRare[oddMex] || has(bits, 0, oddMex))) oddMex++;
  let missing = 0;
  for (let v = 0; v < oddMex; v++) if (isRare[v] && !has(bits, 0, v)) missing++;
  // Pairs reaching into the block first; the old pairs again only if the workers did not cover that far.
  for (let pass = 0; pass < 2 && missing > 0; pass++) {
    if (pass === 1 && covered >= oddMex) break;
    for (let i = 0; i < moves.splitTakes.length && missing > 0; i++) {
      const rest = n - moves.splitTakes[i]!;
      const last = lastSplit(rest, moves.splitUnequal[i]!);
      const first = pass === 0 ? 1 : Math.max(1, rest - B + 1);
      const end = pass === 0 ? Math.min(last, rest - B) : last;
      const window = scanWindow(first, end);
      for (let k = 0; k <= end - first; k++) {
        const a = k < window ? first + ((k * SCAN_STRIDE) & (window - 1)) : first + k;
        const x = g[a]! ^ g[rest - a]!;
        if (!has(bits, 0, x)) {
          set(bits, 0, x);
          if (x < oddMex && --missing === 0) break;
        }
      }
    }
  }
  if (missing === 0) return oddMex;
  let v = 0;
  while (!isRare[v] || has(bits, 0, v)) v++;
  return v;
}
