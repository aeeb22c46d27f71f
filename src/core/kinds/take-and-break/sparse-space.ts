import type { TakeBreakCode } from '../../rules/code.js';
import { RareCommonSplit, domainParity, lastSplit, replaySplit, scanSplits, twoHeapMoves, type SparseSpace, type TwoHeapMoves } from './rare-common.js';
import type { ValueArray, ValueStore } from '../../kernels/store.js';
import { WasmSparse } from './wasm-sparse.js';

/**
 * The rare/common ("sparse space") kernel for take-and-break codes whose
 * moves leave at most two heaps (Berlekamp, Winning Ways' "sparse space spells
 * speed"; Gangolli-Plambeck; Flammenkamp).
 *
 * Fix a mask and sort values by the parity of popcount(value & mask). In the
 * octal games people study, a good mask puts almost every G(n) in the odd
 * class ("common") and only a few heaps in the even class ("rare"). An odd
 * xor a ^ b needs exactly one even part, so:
 * - every odd option value comes from a pair with a rare part: pairing each
 *   of the few rare positions r with rest - r finds all of them, exhaustively;
 * - an even option value (common ^ common) is, when present, present many
 *   times over: one scan over the splits marks them and stops as soon as no
 *   even value below the smallest missing odd one is missing; it runs to the
 *   end only when an even value really is missing (then it is the mex).
 * So a heap costs about (rare positions) + (a short scan) instead of n / 2.
 * Where every split take has the same parity, the classes may instead follow
 * the heap's parity too (the domain sparse space, see SparseSpace in
 * rare-common.ts): games whose P-positions keep coming (.104, .204, .324)
 * have no sparse range but a sparse domain. The space and mask only change
 * the speed, never the answer: they are re-chosen at each doubling from the
 * value histograms.
 */
export class SparseSpaceKernel {
  private readonly split: RareCommonSplit;
  private readonly moves: TwoHeapMoves;
  private seen = new Int32Array(2).fill(-1);
  private recorded = 0; // G(0..recorded-1) are taken into the split
  private nextReview = 64;

  /** The WebAssembly loop, when it can be had (see wasm-sparse.ts); `useWasm` false is for tests. */
  private readonly wasm: WasmSparse | null;

  /** `space` fixes the sparse space (tests); by default each review chooses it. */
  constructor(code: TakeBreakCode, useWasm = true, space: SparseSpace | null = null) {
    this.moves = twoHeapMoves(code);
    this.split = new RareCommonSplit(false, domainParity(this.moves), space);
    this.wasm = useWasm ? WasmSparse.create(this.moves) : null;
  }

  /** How many heaps so far are rare (heap 0 excluded), under which mask and in which space. */
  get rare(): RareSummary {
    return { count: this.split.count, mask: this.split.mask, space: this.split.space };
  }

  /** The store's values into the WebAssembly module's memory (see WasmSparse.house), if it is used. */
  house(store: ValueStore): void {
    this.wasm?.house(store);
  }

  fill(store: ValueStore, from: number, to: number): void {
    // Homed first, the store grows in the module's memory rather than in a buffer of its own that is then copied there.
    this.house(store);
    store.reserve(to);
    this.catchUp(store.values, from);
    let n = from;
    while (n < to) {
      if (n >= this.nextReview) {
        this.split.review(store.values, n);
        this.nextReview = n * 2;
      }
      const end = Math.min(to, this.nextReview);
      // The module takes its values into the split itself.
      const stop = this.wasm?.fill(store, n, end, this.split) ?? null;
      if (stop === null) n = this.fillHere(store, n, end);
      else store.count = n = stop;
    }
    this.recorded = Math.max(this.recorded, to);
  }

  /** Take in values this kernel did not compute (loaded from a checkpoint): see replaySplit. */
  catchUp(g: ValueArray, count: number): void {
    if (this.recorded < count) this.nextReview = replaySplit(this.split, g, this.recorded, count, this.nextReview);
    this.recorded = Math.max(this.recorded, count);
  }

  /** The same in TypeScript, for [from, end). */
  private fillHere(store: ValueStore, from: number, end: number): number {
    let g = store.values;
    for (let n = from; n < end; n++) {
      if (this.seen.length < this.split.bound) this.seen = new Int32Array(this.split.bound).fill(-1);
      const value = sparseValue(g, n, this.moves, this.split, this.seen);
      if (value > store.largestStorable) g = store.widen(value);
      g[n] = value;
      store.count = n + 1;
      this.split.record(value, n);
    }
    return end;
  }
}

export interface RareSummary {
  readonly count: number;
  readonly mask: number;
  readonly space: SparseSpace;
}

/** G(n) by the rare/common method; `seen` is a stamp buffer (heap numbers, so Int32) of at least split.bound entries. */
export function sparseValue(g: ValueArray, n: number, moves: TwoHeapMoves, split: RareCommonSplit, seen: Int32Array): number {
  // "Rare" values here: the class that pairs of common heaps of n xor to (the even class, in the range space).
  const isRare = split.rareValues(n);
  const positions = split.positions;
  const rareCount = split.count;
  for (const take of moves.wholeTakes) if (take === n) seen[0] = n;
  for (const take of moves.singleTakes) if (n - take > 0) seen[g[n - take]!] = n;
  for (let i = 0; i < moves.splitTakes.length; i++) {
    const rest = n - moves.splitTakes[i]!;
    const unequal = moves.splitUnequal[i]!;
    for (let j = 0; j < rareCount; j++) {
      const r = positions[j]!;
      if (r >= rest) break; // positions are ascending
      if (unequal && 2 * r === rest) continue;
      seen[g[r]! ^ g[rest - r]!] = n;
    }
  }
  // Odd values are all marked by now: the smallest unmarked one bounds the mex.
  const bound = isRare.length;
  let oddMex = 0; // 0 is rare in the range, but in the domain it is common at heaps of one parity
  while (oddMex < bound && (isRare[oddMex] || seen[oddMex] === n)) oddMex++;
  // Even values below it need common ^ common witnesses.
  let missing = 0;
  for (let v = 0; v < oddMex; v++) if (isRare[v] && seen[v] !== n) missing++;
  let rest = 0;
  // x below oddMex and unmarked is a missing even value (odd ones below oddMex were all marked).
  const visit = (from: number, to: number): boolean => {
    for (let a = from; a <= to; a++) {
      const x = g[a]! ^ g[rest - a]!;
      if (x < oddMex && seen[x] !== n) {
        seen[x] = n;
        if (--missing === 0) return true;
      }
    }
    return false;
  };
  for (let i = 0; i < moves.splitTakes.length && missing > 0; i++) {
    rest = n - moves.splitTakes[i]!;
    scanSplits(lastSplit(rest, moves.splitUnequal[i]!), visit);
  }
  if (missing === 0) return oddMex;
  let v = 0;
  while (!isRare[v] || seen[v] === n) v++;
  return v;
}
