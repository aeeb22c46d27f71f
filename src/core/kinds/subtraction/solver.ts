import type { Solver } from '../../heap/solver.js';
import { noProof } from '../../heap/solver.js';
import { WindowRepetition } from '../../laws/window-repetition.js';
import { proveByRelativeState } from '../../laws/relative-state.js';
import { observeCycle } from '../../laws/observed.js';
import { SubtractionKernel } from './subtraction-kernel.js';
import { AllButKernel } from './all-but-kernel.js';
import { SequenceSubtractionKernel } from './sequence-kernel.js';
import type { TakeAwayRule } from './rule.js';
import { english } from '../../i18n/index.js';

/**
 * A finite set: the window of its largest move repeating proves the period;
 * an all-but set: the relative-state theorem proves its arithmetic period;
 * a named infinite set has no theorem.
 */
export function takeAwaySolver(rule: TakeAwayRule): Solver {
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
        noTheorem: english('rule.noTheorem.infiniteSet'),
        defaultLimit: 2 ** 14,
        costly: true,
        fill: (store, from, to) => kernel.fill(store, from, to),
        prove: noProof,
      };
    }
  }
}
