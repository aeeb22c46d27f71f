import type { Rule } from './rules/model.js';
import { ValueStore } from './engine/store.js';
import { fillSubtraction } from './engine/subtraction.js';
import { AllButKernel } from './engine/allbut.js';
import type { Cycle, Proof } from './period/pattern.js';
import { proveByWindowRepetition } from './period/window-repetition.js';
import { proveByRelativeState } from './period/relative-state.js';
import { observeCycle } from './period/observed.js';

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
  /** A proven cycle from the first `count` values, or null if they do not prove one yet. */
  prove(g: ValueStore['values'], count: number): (Cycle & { proof: Proof }) | null;
  /** Whether eventual patterns may have a saltus. */
  readonly allowSaltus: boolean;
}

export function solverFor(rule: Rule): Solver {
  switch (rule.kind) {
    case 'subtraction': {
      const k = rule.moves[rule.moves.length - 1]!;
      return {
        largestExpected: rule.moves.length,
        allowSaltus: false,
        fill(store, from, to) {
          fillSubtraction(store.reserve(to), rule.moves, from, to);
          store.count = to;
        },
        prove: (g, count) => proveByWindowRepetition(g, count, k),
      };
    }
    case 'all-but': {
      const kernel = new AllButKernel(rule.excluded);
      return {
        allowSaltus: true,
        fill: (store, from, to) => kernel.fill(store, from, to),
        prove(g, count) {
          const candidate = observeCycle(g, count, { allowSaltus: true });
          return candidate && proveByRelativeState(g, count, rule.excluded, candidate);
        },
      };
    }
  }
}
