import type { Rule } from '../rules/model.js';
import { isOctal, maxHeapsLeft } from '../rules/code.js';
import type { ValueStore } from '../kernels/store.js';
import { SubtractionKernel } from '../kinds/subtraction/subtraction-kernel.js';
import { AllButKernel } from '../kinds/subtraction/all-but-kernel.js';
import { TakeBreakKernel } from '../kinds/take-and-break/take-break-kernel.js';
import { SparseSpaceKernel } from '../kinds/take-and-break/sparse-space.js';
import { ParallelSparseKernel } from '../../host/parallel-sparse.js';
import { wasmAvailable } from '../kinds/take-and-break/wasm-sparse.js';
import { SequenceSubtractionKernel } from '../kinds/subtraction/sequence-kernel.js';
import type { Cycle, Proof } from '../laws/pattern.js';
import { WindowRepetition } from '../laws/window-repetition.js';
import { proveByRelativeState } from '../laws/relative-state.js';
import { GuySmithSearch } from '../laws/guy-smith.js';
import { observeCycle } from '../laws/observed.js';

export type ProvenCycle = Cycle & { proof: Proof };

export interface KernelStats {
  readonly kernel: string;
  /** Where its inner loop ran: 'webassembly', 'typescript' or 'worker pool'. */
  readonly runsOn?: string;
  /** Heaps with a rare value (rare/common kernel), and the mask that defines rare. */
  readonly rareHeaps?: number;
  readonly mask?: number;
}

/**
 * What the explorer needs to know about one kind of rule: how to compute
 * values fast, the largest value to expect, and which theorem (if any) can
 * turn the computed values into a proof.
 */
export interface Solver {
  /** The largest value the rule can produce, when it is known in advance. */
  readonly largestExpected?: number;
  /** Compute G(from..to-1) into the store; G(0..from-1) are final. Sets store.count = to. */
  fill(store: ValueStore, from: number, to: number): void;
  /** The same on a worker pool (then the store must be shared); `close` ends the pool. */
  fillAsync?(store: ValueStore, from: number, to: number): Promise<void>;
  close?(): Promise<void>;
  /** What the kernel learnt on the way, for reports (the rare/common split). */
  kernelStats?(store: ValueStore): KernelStats;
  /** A proven cycle from the first `count` values, or null (no theorem, or not proven yet). */
  prove(g: ValueStore['values'], count: number): ProvenCycle | null;
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

const noProof = () => null;

/** The solver for a rule; `threads` > 1 puts kernels that can split their work on a pool. */
export function solverFor(rule: Rule, threads = 1): Solver {
  switch (rule.kind) {
    case 'subtraction': {
      const k = rule.moves[rule.moves.length - 1]!;
      const windows = new WindowRepetition(k);
      const kernel = new SubtractionKernel(rule.moves);
      return {
        largestExpected: rule.moves.length,
        allowSaltus: false,
        noTheorem: null,
        defaultLimit: 2 ** 26,
        costly: false,
        fill(store, from, to) {
          kernel.fill(store.reserve(to), from, to);
          store.count = to;
        },
        prove: (g, count) => windows.prove(g, count),
      };
    }
    case 'all-but': {
      const kernel = new AllButKernel(rule.excluded);
      return {
        allowSaltus: true,
        noTheorem: null,
        defaultLimit: 2 ** 24,
        costly: false,
        fill: (store, from, to) => kernel.fill(store, from, to),
        prove(g, count) {
          const candidate = observeCycle(g, count, { allowSaltus: true });
          return candidate && proveByRelativeState(g, count, rule.excluded, candidate);
        },
      };
    }
    case 'sequence-subtraction': {
      const kernel = new SequenceSubtractionKernel(rule.sequence);
      return {
        allowSaltus: true,
        noTheorem: 'an infinite subtraction set has no finite window that determines the values',
        defaultLimit: 2 ** 14,
        costly: true,
        fill: (store, from, to) => kernel.fill(store, from, to),
        prove: noProof,
      };
    }
    case 'take-and-break': {
      const k = rule.code.digits.length - 1;
      const octal = isOctal(rule.code) && !rule.code.unequal.some(Boolean);
      const heaps = maxHeapsLeft(rule.code);
      // Two-heap codes get the rare/common kernel (exact whatever the mask; fast when values are sparse).
      const kernel = heaps <= 2 ? new SparseSpaceKernel(rule.code) : new TakeBreakKernel(rule.code);
      // One WebAssembly thread beats the TypeScript kernel on two (Officers: 6 against 14 us a heap),
      // so the pool runs the rare/common kernel only where WebAssembly is not to be had.
      const pooled = heaps <= 2 && threads > 1 && !wasmAvailable() ? new ParallelSparseKernel(rule.code, threads) : null;
      let due: number | null = null;
      const guySmith = new GuySmithSearch(k);
      return {
        ...(pooled && { fillAsync: (store, from, to) => pooled.fill(store, from, to), close: () => pooled.close() }),
        kernelStats(store) {
          // Values loaded from a checkpoint count as if computed here (a resumed run reports what a fresh one does).
          if (pooled) pooled.catchUp(store.values, store.count);
          else if (kernel instanceof SparseSpaceKernel) kernel.catchUp(store.values, store.count);
          const split = (pooled ?? kernel) instanceof TakeBreakKernel ? null : (pooled ?? (kernel as SparseSpaceKernel)).rare;
          if (!split) return { kernel: 'direct' };
          return { kernel: 'rare-common', runsOn: pooled ? 'worker pool' : wasmAvailable() ? 'webassembly' : 'typescript', rareHeaps: split.count, mask: split.mask };
        },
        allowSaltus: !isOctal(rule.code),
        noTheorem: octal
          ? null
          : heaps === 3
            ? 'splits into three heaps are outside the Guy-Smith theorem'
            : 'the unequal-split condition (!) is outside the Guy-Smith theorem',
        defaultLimit: heaps === 3 ? 2 ** 11 : 2 ** 20,
        costly: true,
        fill: (store, from, to) => kernel.fill(store, from, to),
        prove: octal
          ? (g, count) => {
              const attempt = guySmith.attempt(g, count);
              due = attempt.due;
              return attempt.proven;
            }
          : noProof,
        proofDue: () => due,
      };
    }
    case 'custom':
      throw new Error('custom rules are computed in a worker (see custom/run-module.ts)');
  }
}
