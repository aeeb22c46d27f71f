import type { Solver } from '../../heap/solver.js';
import { noProof } from '../../heap/solver.js';
import { isOctal, isRepeating, maxHeapsLeft } from '../../rules/code.js';
import { GuySmithSearch, guySmithValuesNeeded } from '../../laws/guy-smith.js';
import { TakeBreakKernel } from './take-break-kernel.js';
import { RepeatingCodeKernel } from './repeating-kernel.js';
import { SparseSpaceKernel } from './sparse-space.js';
import { ComputedAhead, worthPredicting } from './speculation.js';
import { wasmAvailable } from './wasm-sparse.js';
import { blockMarker, pooledSparseKernel } from './platform.js';
import type { TakeBreakRule } from './rule.js';
import { twoHeapMoves } from './rare-common.js';
import { english } from '../../i18n/index.js';

/**
 * Blocks shared out need this many threads: this one and a worker. On this
 * project's 2-core machine, where two copies of a one-thread run side by side
 * each run 1.1-1.5x slower than alone, one worker gave Grundy's game and
 * Officers to 2^21 about 1.2x (4.3-5.1 s against 5.5-5.8 s, and 5.2-6.0 s
 * against 6.1-7.2 s) at about three times the memory.
 */
const MIN_THREADS_FOR_BLOCKS = 2;

/** The domain space's t: the first split take (they all share its parity). */
const splitTakeOf = (rule: TakeBreakRule): number => twoHeapMoves(rule.code).splitTakes[0]!;

/**
 * Two-heap codes get the rare/common kernel (exact whatever the mask; fast
 * when values are sparse), others the direct one; codes without unequal splits prove their
 * period by the Guy-Smith theorem (its argument reaches codes that split in three).
 */
export function takeBreakSolver(rule: TakeBreakRule, threads: number): Solver {
      if (isRepeating(rule.code)) return repeatingSolver(rule);
      const k = rule.code.digits.length - 1;
      // Guy-Smith's argument proves periods of codes leaving up to three heaps, but not of unequal splits (see guy-smith.ts).
      const provable = !rule.code.unequal.some(Boolean);
      const heaps = maxHeapsLeft(rule.code);
      // Two-heap codes get the rare/common kernel (exact whatever the mask; fast when values are sparse).
      const blocks = heaps <= 2 && threads >= MIN_THREADS_FOR_BLOCKS;
      // With blocks shared out, the kernel's WebAssembly memory is shared with the workers (a lane each), which read its values in place.
      const kernel = heaps <= 2 ? new SparseSpaceKernel(rule.code, true, null, undefined, blocks ? threads : 1) : new TakeBreakKernel(rule.code);
      // With WebAssembly, worker threads (and this one) mark blocks of heaps for this thread's kernel (BlockMarker); without it, the
      // TypeScript kernel runs on a pool of its own (one WebAssembly thread beats it on two).
      const wasm = wasmAvailable();
      const marker = blocks && wasm && kernel instanceof SparseSpaceKernel ? blockMarker(twoHeapMoves(rule.code), threads - 1, () => kernel.sharedKernel) : null;
      const pooled = heaps <= 2 && threads > 1 && !wasm ? pooledSparseKernel(rule.code, threads) : null;
      let due: number | null = null;
      // The proof search's one pass over every period runs in the WebAssembly module where the values live there.
      const guySmith = new GuySmithSearch(k, kernel instanceof SparseSpaceKernel ? (g, count, maxPeriod, out) => kernel.periodCandidates(g, count, maxPeriod, out) : undefined, Math.max(2, heaps));
      // Where a period has held so far, the workers compute heaps ahead from it (see speculation.ts); the values are the same.
      const ahead = marker && provable ? new ComputedAhead(kernel as SparseSpaceKernel, rule.code, threads - 1) : null;
      let held: { period: number; from: number } | null = null;
      return {
        ...(pooled && { fillAsync: (store, from, to) => pooled.fill(store, from, to), close: () => pooled.close(), sharesValues: true }),
        ...(marker && {
          fillAsync: async (store, from, to) => {
            let reached = from;
            if (ahead && held) {
              const round = await ahead.fill(store, from, to, held.period);
              // A prediction that failed was no period: none until the next attempt finds one.
              if (!round.held) held = null;
              reached = round.reached;
            }
            if (reached < to) await (kernel as SparseSpaceKernel).fillAsync(store, reached, to, marker);
          },
          close: async () => {
            await Promise.all([marker.close(), ahead?.close()]);
          },
        }),
        kernelStats(store) {
          // Values loaded from a checkpoint count as if computed here (a resumed run reports what a fresh one does).
          if (pooled) pooled.catchUp(store.values, store.count);
          else if (kernel instanceof SparseSpaceKernel) kernel.catchUp(store.values, store.count);
          const split = (pooled ?? kernel) instanceof TakeBreakKernel ? null : (pooled ?? (kernel as SparseSpaceKernel)).rare;
          if (!split) return { kernel: 'direct' };
          return {
            kernel: 'rare-common',
            runsOn: pooled ? 'worker pool' : !wasm ? 'typescript' : webassemblyRunsOn(marker !== null && (kernel as SparseSpaceKernel).blocksShared, ahead?.taken ?? false),
            rareHeaps: split.count,
            mask: split.mask,
            space: split.space,
            ...(split.space === 'domain' && { splitTake: splitTakeOf(rule) }),
          };
        },
        allowSaltus: !isOctal(rule.code),
        noTheorem: provable ? null : english('rule.noTheorem.unequalSplit'),
        defaultLimit: heaps === 3 ? 2 ** 11 : 2 ** 20,
        costly: true,
        house: (store) => (kernel instanceof SparseSpaceKernel ? kernel.house(store) : undefined),
        fill: (store, from, to) => kernel.fill(store, from, to),
        prove: provable
          ? (g, count) => {
              const attempt = guySmith.attempt(g, count);
              due = attempt.due;
              held = attempt.held && worthPredicting(attempt.held, count) ? attempt.held : null;
              return attempt.proven;
            }
          : noProof,
        // Guy-Smith proves a period with no saltus: more values never prove an arithmetic-periodic pattern, so none is promised.
        ...(provable && { proofNeed: (cycle) => (cycle.saltus === 0 ? { method: 'guy-smith', valuesNeeded: guySmithValuesNeeded(cycle, k, Math.max(2, heaps)) } : null) }),
        ...(provable && { noTheoremFor: (cycle) => (cycle.saltus === 0 ? null : english('rule.noTheorem.saltus')) }),
        ...(provable && { provableWithin: (g, count, limit) => guySmith.provableWithin(g, count, limit) }),
        proofDue: () => due,
      };
}

/**
 * A code whose last digits repeat (4.[3], Lasker's Nim) takes any number of
 * tokens: its own kernel (repeating-kernel.ts), on this thread (the rare/common
 * kernel and its workers list finitely many takes), and no proof: the Guy-Smith theorem's
 * bound grows with the largest take, which this code does not have. Its
 * patterns (Lasker's Nim is arithmetic-periodic) are reported as observed.
 */
function repeatingSolver(rule: TakeBreakRule): Solver {
  const kernel = new RepeatingCodeKernel(rule.code);
  const heaps = maxHeapsLeft(rule.code);
  return {
    kernelStats: () => ({ kernel: 'repeating' }),
    allowSaltus: true,
    noTheorem: english('rule.noTheorem.repeating'),
    // A value costs O(n + values) for two-heap splits (each rest's splits are listed once), O(n · values) for three.
    defaultLimit: heaps === 3 ? 2 ** 10 : 2 ** 14,
    costly: true,
    fill: (store, from, to) => kernel.fill(store, from, to),
    prove: noProof,
    proofDue: () => null,
  };
}

/** Where the WebAssembly kernel's work ran: this thread, and the ways worker threads took part. */
function webassemblyRunsOn(blocksShared: boolean, computedAhead: boolean): string {
  return ['webassembly', ...(blocksShared ? ['blocks shared with worker threads'] : []), ...(computedAhead ? ['heaps computed ahead on worker threads'] : [])].join(', ');
}
