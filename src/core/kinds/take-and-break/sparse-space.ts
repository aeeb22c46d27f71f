import type { TakeBreakCode } from '../../rules/code.js';
import { WorkerStartError } from '../../errors.js';
import { RareCommonSplit, domainParity, lastSplit, replaySplit, scanSplits, twoHeapMoves, type RareSummary, type SparseSpace, type TwoHeapMoves } from './rare-common.js';
import type { ValueArray, ValueStore } from '../../kernels/store.js';
import { BLOCK_BOUND, MAX_BLOCK, WasmSparse, type MarksPart, type PartialsRequest } from './wasm-sparse.js';
import type { SharedKernel } from './wasm-lanes.js';
import type { BlockMarker, BlockMarks, BlockSplit, MarksInFlight } from './platform.js';

/** When fillAsync shares blocks of heaps out to worker threads, and how many heaps a block holds. */
export interface BlockSizes {
  /** Below this many values a block has too few pairs below it to be worth the threads. */
  readonly from: number;
  /**
   * Fewer rare heaps than this make a heap cost a microsecond or less, about
   * what handing it to a thread and back costs: 0.16 and 0.56 (about 50) run
   * on one thread, Officers and Grundy's game (over 1,000) on all.
   */
  readonly minRare: number;
  /**
   * Heaps a block, or so many for each thread (this one and the workers), up
   * to `most` (and MAX_BLOCK): this thread's share of the work (the pairs
   * reaching past the marks' base, a block below) grows with the block, and
   * the hand-over to the workers (a round trip each) shrinks against each
   * one's share.
   */
  readonly heaps: number | { readonly perThread: number; readonly most: number };
}

/**
 * The default block sizes (exported for the bench, which times blocks of the size more threads would take). At most
 * 512 heaps: finishing a heap (this thread's part, which more threads cannot share) cost 0.39-0.51, 0.56-0.57, 1.29
 * and 1.42 us in blocks of 512, 1,024, 2,048 and 4,096 heaps of Grundy's game to 2^22, and 0.41-0.50, 0.82-0.87,
 * 1.58 and 2.29 us for Officers to 2^21, against 2.2 and 2.8 us a heap on one thread; the workers' part grows as
 * blocks shrink (2.06-2.10 us a heap at 512 against 1.82-1.84 at 1,024 for Grundy's game) but 15 workers share it.
 */
export const BLOCKS: BlockSizes = { from: 1 << 14, minRare: 256, heaps: { perThread: 256, most: 1 << 9 } };

/** Heaps a block holds under `sizes` on `threads` threads (this one and the workers). */
export function blockHeaps(sizes: BlockSizes, threads: number): number {
  const { heaps } = sizes;
  return typeof heaps === 'number' ? heaps : Math.min(MAX_BLOCK, heaps.most, heaps.perThread * threads);
}
/** Heaps computed on this thread between checks of whether blocks now pay. */
const SEQUENTIAL_CHUNK = 1 << 14;

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
  private split: RareCommonSplit;
  private readonly moves: TwoHeapMoves;
  private seen = new Int32Array(2).fill(-1);
  private recorded = 0; // G(0..recorded-1) are taken into the split
  private nextReview = 64;
  private sharedBlocks = 0;
  private readonly share = new OwnShare();
  private workersFailed = false;
  /**
   * This thread's share of the marks of the block it finishes next (see markOwnShare), what it asks the module for,
   * and the list of a block's parts: one of each for every block (a block's own objects, made per block, grew this
   * thread's young generation to its largest: 2 threads then held 15-40 MB more than one).
   */
  private readonly ownPart: { heaps: number; marks: Int32Array } = { heaps: 0, marks: new Int32Array(0) };
  private readonly ownRequest: { -readonly [K in keyof PartialsRequest]: PartialsRequest[K] } = { blockStart: 0, from: 0, to: 0, rare: new Int32Array(0), rareCount: 0, mask: 0, bound: 0, domain: -1, words: 0 };
  private readonly blockParts: MarksPart[] = [];

  /** The WebAssembly loop, when it can be had (see wasm-sparse.ts); `useWasm` false is for tests. */
  private wasm: WasmSparse | null;
  /** Instances the module's memory is to be shared by (see sharedKernel); 1 once it is, or once it could not be. */
  private lanesToShare: number;

  /**
   * `space` fixes the sparse space (tests); by default each review chooses it. `blocks` changes when fillAsync
   * shares blocks out and how large they are (tests make them small). `lanes` over 1: the module's memory is to be
   * shared with that many instances in all, this thread's and its workers' (see sharedKernel), where the host can;
   * until then, and else, the module has a memory of its own.
   */
  constructor(code: TakeBreakCode, useWasm = true, private readonly space: SparseSpace | null = null, private readonly blocks: BlockSizes = BLOCKS, lanes = 1) {
    this.moves = twoHeapMoves(code);
    this.split = new RareCommonSplit(false, domainParity(this.moves), space);
    this.wasm = useWasm ? WasmSparse.create(this.moves) : null;
    this.lanesToShare = lanes;
  }

  /**
   * The shared memory the workers of a BlockMarker read the values from; null where the module's memory is its own.
   * Made when first asked for, by the first block that pays or by a caller, with the values so far moved into it:
   * a run that ends before any block (Kayles to its proof) neither compiles the threads build nor sets up the lanes
   * (about 1 ms of a 50 ms run).
   */
  get sharedKernel(): SharedKernel | null {
    if (this.lanesToShare > 1 && this.wasm !== null) {
      const shared = WasmSparse.createShared(this.moves, this.lanesToShare);
      this.lanesToShare = 1;
      if (shared && this.wasm.moveResidentTo(shared)) this.wasm = shared;
    }
    return this.wasm?.shared ?? null;
  }

  /** Forget every value taken in, as a new kernel would (keeping the WebAssembly module): for values that turned out wrong. */
  restart(): void {
    this.split = new RareCommonSplit(false, domainParity(this.moves), this.space);
    this.recorded = 0;
    this.nextReview = 64;
  }

  /** The split and the WebAssembly module, for a run that goes on without the kernel keeping part of its values (see window.ts). */
  get parts(): { readonly split: RareCommonSplit; readonly wasm: WasmSparse | null; readonly moves: TwoHeapMoves } {
    return { split: this.split, wasm: this.wasm, moves: this.moves };
  }

  /** How many heaps so far are rare (heap 0 excluded), under which mask and in which space. */
  get rare(): RareSummary {
    return { count: this.split.count, mask: this.split.mask, space: this.split.space };
  }

  /** The store's values into the WebAssembly module's memory (see WasmSparse.house), if it is used. */
  house(store: ValueStore): void {
    this.wasm?.house(store);
  }

  /** The proof search's period candidates by the WebAssembly module, for values it holds; null otherwise (see WasmSparse.repeats). */
  periodCandidates(g: ValueArray, count: number, maxPeriod: number, out: Int32Array): number | null {
    return this.wasm?.repeats(g, count, maxPeriod, out) ?? null;
  }

  fill(store: ValueStore, from: number, to: number): void {
    this.start(store, from, to);
    for (let n = from; n < to; ) n = this.fillSequential(store, n, this.nextEnd(store, n, to));
    this.recorded = Math.max(this.recorded, to);
  }

  /**
   * The same, with blocks of heaps shared out to worker threads while they
   * pay (see BlockMarker and finishBlock): the WebAssembly loop, values of
   * two bytes below BLOCK_BOUND, and enough rare heaps to make a heap costly.
   * The values are fill's, whatever the threads.
   */
  async fillAsync(store: ValueStore, from: number, to: number, marker: BlockMarker): Promise<void> {
    this.start(store, from, to);
    // Blocks asked of the workers, in order: the first has this thread's share marked too. Each is marked below the
    // start of the block before it, so that the workers mark it while this thread finishes that block.
    let ahead: MarkedBlock[] = [];
    for (let n = from; n < to; ) {
      const end = this.nextEnd(store, n, to);
      if (!this.blocksPay(store, n)) {
        ahead = discardAll(ahead);
        n = this.fillSequential(store, n, Math.min(end, n + SEQUENTIAL_CHUNK));
        continue;
      }
      // The first block is marked below its own start. A review of the mask (at `end`) starts afresh. Each block is
      // marked below heap n (whose values are final).
      const heaps = blockHeaps(this.blocks, marker.threads + 1);
      if (ahead.length === 0) ahead.push(this.markOwnShare(store, this.markBlock(store, n, n, Math.min(end, n + heaps), marker)));
      const current = ahead.shift()!;
      if (ahead.length === 0 && current.end < end) ahead.push(this.markBlock(store, n, current.end, Math.min(end, current.end + heaps), marker));
      let parts: readonly MarksPart[];
      let theirs: BlockMarks | null;
      try {
        // This thread has nothing else to do, and marks the workers are about to give waited for here arrive sooner.
        current.inFlight?.waitHere(WAIT_HERE_MS);
        theirs = current.inFlight ? await current.inFlight.marks : null;
        parts = this.partsOf(current, theirs);
      } catch (error) {
        ahead = discardAll(ahead);
        // Workers that cannot start (an address-space limit, a missing build) leave the work to this thread, as with one.
        if (!(error instanceof WorkerStartError)) throw error;
        this.workersFailed = true;
        continue;
      }
      if (theirs) this.share.workersMarked(current.end - current.mid, theirs.busyMs);
      const started = performance.now();
      const stop = this.wasm!.finishBlock(store, current.base, current.start, current.end, this.split, current.rareBelow, parts, current.split.words);
      theirs?.release();
      if (stop === null) {
        n = this.fillSequential(store, n, Math.min(end, n + SEQUENTIAL_CHUNK));
      } else {
        this.sharedBlocks++;
        store.count = n = stop;
      }
      // Stopped early (a value outgrew the tables) or not finished here: the blocks asked for no longer fit.
      if (n !== current.end) ahead = discardAll(ahead);
      const last = ahead[ahead.length - 1];
      // The block after the next one, below the block just finished, asked for before this thread marks its share of
      // the next: the workers then have it waiting when they are done with the next (asked for later, they sat idle
      // for a fifth of a run of Grundy's game on 2 threads).
      if (last && last.end < end) ahead.push(this.markBlock(store, n, last.end, Math.min(end, last.end + heaps), marker));
      const marking = performance.now();
      if (ahead.length > 0) ahead[0] = this.markOwnShare(store, ahead[0]!);
      // What finishing a block costs this thread is all its work on it but its own marks: asking for blocks included.
      if (stop !== null) this.share.finished(current.end - current.start, marking - started);
    }
    discardAll(ahead);
    this.recorded = Math.max(this.recorded, to);
  }

  /** Whether any block has been shared out to worker threads. */
  get blocksShared(): boolean {
    return this.sharedBlocks > 0;
  }

  /**
   * What a heap of a shared block has cost lately (microseconds, running
   * means): finishing it here, marking it here, and marking it on the
   * workers (the busiest one's time over their share); and, a block rather
   * than a heap, asking the workers for its shares. For the bench's model of
   * more threads; null before any block.
   */
  get blockCosts(): BlockCosts | null {
    return this.sharedBlocks > 0 ? { blocks: this.sharedBlocks, ...this.share.micros() } : null;
  }

  private start(store: ValueStore, from: number, to: number): void {
    // Homed first, the store grows in the module's memory rather than in a buffer of its own that is then copied there.
    this.house(store);
    store.reserve(to);
    this.catchUp(store.values, from);
  }

  /** Where the stretch from n must end: at `to`, or at the next review of the mask (made here when due). */
  private nextEnd(store: ValueStore, n: number, to: number): number {
    if (n >= this.nextReview) {
      this.split.review(store.values, n);
      this.nextReview = n * 2;
    }
    return Math.min(to, this.nextReview);
  }

  /** Heaps from n towards end on this thread; returns where it stopped. */
  private fillSequential(store: ValueStore, n: number, end: number): number {
    // The module takes its values into the split itself.
    const stop = this.wasm?.fill(store, n, end, this.split) ?? null;
    if (stop === null) return this.fillHere(store, n, end);
    store.count = stop;
    return stop;
  }

  private blocksPay(store: ValueStore, n: number): boolean {
    const bound = this.split.bound;
    if (this.wasm === null || !this.wasm.houses(store) || this.workersFailed || n < this.blocks.from || this.split.count < this.blocks.minRare) return false;
    // The workers read the values where this thread keeps them, in the module's shared memory: no copy of their own.
    return store.bytesPerValue === 2 && bound > 128 && bound <= BLOCK_BOUND && this.sharedKernel !== null;
  }

  /**
   * Ask the workers for the marks of heaps [start, end) from the pairs below
   * `base` (G(0..base-1) are final), but for the first few heaps, which this
   * thread marks itself (markOwnShare) once it has finished the block before.
   */
  private markBlock(store: ValueStore, base: number, start: number, end: number, marker: BlockMarker): MarkedBlock {
    const { mask, bound } = this.split;
    // The list only grows at its end until the next review (and no block outlives a review), so its first rareBelow
    // stay what they are now, in this array or in a larger one that replaces it.
    const split: BlockSplit = { rare: this.split.positions, rareCount: this.split.count, mask, bound, domain: this.split.space === 'domain' ? this.split.parity! : -1, words: bound / 32 };
    const mid = start + Math.round((end - start) * this.share.fraction(marker.threads));
    const asked = performance.now();
    const inFlight = mid < end ? marker.mark(base, mid, end, split) : null;
    if (inFlight) this.share.handedOver(performance.now() - asked);
    return { base, start, mid, end, rareBelow: split.rareCount, split, marked: false, inFlight };
  }

  /**
   * This thread's share of a block's marks, [start, mid), in ownPart: one buffer serves every block, since
   * fillAsync finishes a block before it marks its share of the next.
   */
  private markOwnShare(store: ValueStore, block: MarkedBlock): MarkedBlock {
    const { base, start, mid, split } = block;
    const started = performance.now();
    if (mid > start) {
      const request = this.ownRequest;
      Object.assign(request, split);
      request.blockStart = base;
      request.from = start;
      request.to = mid;
      if (this.ownPart.marks.length === 0) this.ownPart.marks = new Int32Array(MAX_BLOCK * (BLOCK_BOUND / 32 + 1));
      this.wasm!.partials(store, request, this.ownPart.marks);
    }
    this.share.marked(mid - start, performance.now() - started);
    block.marked = true;
    return block;
  }

  /** A block's marks: this thread's part (marked), then the workers' (`theirs`), in one list kept for every block. */
  private partsOf(block: MarkedBlock, theirs: BlockMarks | null): readonly MarksPart[] {
    const parts = this.blockParts;
    let count = 0;
    if (block.mid > block.start) {
      if (!block.marked) throw new Error('a block finished before this thread marked its share');
      this.ownPart.heaps = block.mid - block.start;
      parts[count++] = this.ownPart;
    }
    if (theirs) for (let i = 0; i < theirs.parts.length; i++) parts[count++] = theirs.parts[i]!;
    // (Shortened only when shorter: a list emptied and filled again is made again.)
    if (parts.length !== count) parts.length = count;
    return parts;
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

/** See SparseSpaceKernel.blockCosts. */
export interface BlockCosts {
  readonly blocks: number;
  readonly finish: number;
  readonly mark: number;
  readonly workers: number;
  /** Microseconds this thread spends asking the workers for a block's shares, a block (part of `finish`). */
  readonly handOver: number;
}

/**
 * A block being marked: heaps [start, end), from the pairs below base, with
 * the first rareBelow rare heaps; this thread marks [start, mid) (`own`, in
 * partials' layout, once done), the workers the rest.
 */
interface MarkedBlock {
  readonly base: number;
  readonly start: number;
  readonly mid: number;
  readonly end: number;
  readonly rareBelow: number;
  readonly split: BlockSplit;
  /** Whether this thread has marked its share (into the kernel's ownPart). */
  marked: boolean;
  /** The workers' share on its way, if they have one. */
  readonly inFlight: MarksInFlight | null;
}

/**
 * How long this thread waits for a block's marks before it leaves them to the event loop: a block takes a few ms
 * (512 heaps of Grundy's game, 2.2 us a heap on one thread), and one that takes longer has lost its core.
 */
const WAIT_HERE_MS = 5;

/** Marks no longer wanted: their workers finish (their buffers are then released), and a failure there is no one's concern (none left, for the caller to keep). */
function discardAll(blocks: readonly MarkedBlock[]): MarkedBlock[] {
  for (const block of blocks) block.inFlight?.marks.then((marks) => marks.release(), () => {});
  return [];
}

/**
 * How much of each block this thread marks itself: as much as leaves it done
 * when the workers are, from what finishing and marking a heap have cost so
 * far (running means). With F to finish a heap and M to mark one here, and
 * the workers marking a heap every V between them (the busiest one's time
 * over their share), this thread's share f balances F + f M = (1 - f) V.
 */
class OwnShare {
  private finishMs = 0;
  private markMs = 0;
  private workersMs = 0;
  /** Asking the workers for their shares: the time and the number of blocks asked for, in all (a plain mean: only the bench reads it). */
  private handOverMs = 0;
  private handOvers = 0;

  finished(heaps: number, ms: number): void {
    this.finishMs = mean(this.finishMs, ms / heaps);
  }

  marked(heaps: number, ms: number): void {
    if (heaps > 0) this.markMs = mean(this.markMs, ms / heaps);
  }

  workersMarked(heaps: number, ms: number): void {
    this.workersMs = mean(this.workersMs, ms / heaps);
  }

  /** Asking the workers for their shares of a block took this thread `ms` (the tasks out; not the answers). */
  handedOver(ms: number): void {
    this.handOverMs += ms;
    this.handOvers++;
  }

  micros(): { finish: number; mark: number; workers: number; handOver: number } {
    return { finish: 1000 * this.finishMs, mark: 1000 * this.markMs, workers: 1000 * this.workersMs, handOver: this.handOvers > 0 ? (1000 * this.handOverMs) / this.handOvers : 0 };
  }

  fraction(workers: number): number {
    // Until all three are measured, an equal share.
    if (this.markMs === 0 || this.finishMs === 0 || this.workersMs === 0) return 1 / (workers + 1);
    return balancedShare(this.finishMs, this.markMs, this.workersMs);
  }
}

/**
 * The share f of a block this thread marks so that it is done when the workers are: F + f M = (1 - f) V, with F to
 * finish a heap and M to mark one here, V for the workers to mark one between them. Never all of it: the workers'
 * pace is measured on their share. (The bench's model of more threads uses it too.)
 */
export function balancedShare(finish: number, mark: number, workers: number): number {
  return Math.min(MOST_OWN_SHARE, Math.max(0, (workers - finish) / (mark + workers)));
}

const MOST_OWN_SHARE = 0.9;

/** A running mean that follows the last few dozen blocks. */
const mean = (was: number, now: number): number => (was === 0 ? now : 0.9 * was + 0.1 * now);

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
