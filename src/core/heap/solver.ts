/**
 * What the heap explorer needs of a one-heap rule: how to compute values
 * fast, the largest value to expect, and which theorem (if any) can turn
 * the computed values into a proof. Each kind builds its solvers
 * (src/core/kinds/<kind>/solver.ts).
 */
import type { ValueStore } from '../kernels/store.js';
import type { Cycle, Proof, ProofNeed } from '../laws/pattern.js';

export type ProvenCycle = Cycle & { proof: Proof };

export interface KernelStats {
  readonly kernel: string;
  /** Where its inner loop ran: 'webassembly', 'typescript' or 'worker pool'. */
  readonly runsOn?: string;
  /** Heaps with a rare value (rare/common kernel), and the mask that defines rare. */
  readonly rareHeaps?: number;
  readonly mask?: number;
  /**
   * Where the rare/common split lies: 'range' (rare when popcount(G(n) & mask)
   * is even) or 'domain' (rare when it has the parity of n - splitTake;
   * Flammenkamp's sparse positions). See SparseSpace.
   */
  readonly space?: 'range' | 'domain';
  readonly splitTake?: number;
}

export interface Solver {
  /** The largest value the rule can produce, when it is known in advance. */
  readonly largestExpected?: number;
  /** Move the store's values into the kernel's memory, where it computes them in place (the WebAssembly kernel), if it has one. */
  house?(store: ValueStore): void;
  /** Compute G(from..to-1) into the store; G(0..from-1) are final. Sets store.count = to. */
  fill(store: ValueStore, from: number, to: number): void;
  /** The same with worker threads; `close` ends them. */
  fillAsync?(store: ValueStore, from: number, to: number): Promise<void>;
  /** Whether the store's values must be in SharedArrayBuffers (the workers read them in place). */
  readonly sharesValues?: boolean;
  close?(): Promise<void>;
  /** What the kernel learnt on the way, for reports (the rare/common split). */
  kernelStats?(store: ValueStore): KernelStats;
  /** A proven cycle from the first `count` values, or null (no theorem, or not proven yet). */
  prove(g: ValueStore['values'], count: number): ProvenCycle | null;
  /** For a cycle only observed: the rule's theorem, and the values it would need to prove the cycle (none without a theorem). */
  proofNeed?(cycle: Cycle): ProofNeed | null;
  /** For a cycle only observed that the rule's theorem cannot prove however many values are computed: why (in English). */
  noTheoremFor?(cycle: Cycle): string | null;
  /** After a failed prove(): whether the first `count` values still allow a proof within the first `limit` (absent: assume so). */
  provableWithin?(g: ValueStore['values'], count: number, limit: number): boolean;
  /** After a failed prove(): the count at which the cycle seen so far would be proven, if it holds (a hint). */
  proofDue?(): number | null;
  /** Whether eventual patterns may have a saltus. */
  readonly allowSaltus: boolean;
  /** Why nothing can be proven for this rule (null when a theorem applies). */
  readonly noTheorem: string | null;
  /** How many values to compute, at most, when neither --max nor --limit says. */
  readonly defaultLimit: number;
  /** Whether a value costs more than a few operations (then a --max bounds the proof search too). */
  readonly costly: boolean;
}

/** For rules no theorem covers. */
export const noProof = (): null => null;
