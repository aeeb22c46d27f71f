/**
 * A one-heap table answered by a theorem instead of a computation: the
 * values come from a closed form at any size (Nim's G(n) = n, Bachet's
 * n mod (m+1)), so a position or `--at` of heaps up to 10^18 needs no table.
 * The few values shown (0..max, at most SHOWN of them) come from the same
 * formula; the pattern is the theorem's, proven, with the citation as reason
 * (a periodic one as a cycle, any other as the theorem itself).
 */
import type { GameSpecOf } from '../rules/spec.js';
import type { Exploration } from './explore.js';
import type { ClosedForm } from './closed-form.js';
import { say } from '../i18n/index.js';

/** Values written into the table of a theorem's exploration (the rest are answered by the formula). */
const SHOWN = 4096;

export function theoremExploration(game: GameSpecOf, rule: string, form: ClosedForm, max: bigint): Exploration {
  const count = Number(max < BigInt(SHOWN) ? max + 1n : BigInt(SHOWN));
  const values = new Uint32Array(count).map((_, n) => Number(form.value(BigInt(n))));
  const pattern = form.cycle
    ? { kind: form.cycle.saltus === 0 ? ('periodic' as const) : ('arithmetic-periodic' as const), ...form.cycle, proof: { method: 'theorem' as const, reason: say(form.theorem), valuesNeeded: 0 }, observedOver: count }
    : { kind: 'theorem' as const, theorem: form.theorem, observedOver: count };
  return {
    shape: 'heap',
    game,
    rule,
    max,
    computed: count,
    pattern,
    noTheorem: null,
    kernel: null,
    statistics: null,
    excludedPeriods: null,
    proofMilliseconds: 0,
    maxValue: form.largest(max),
    pPositions: form.pPositions(max),
    valueAt: (n) => form.value(n),
    valueOf: (n) => Number(form.value(BigInt(n))),
    values,
    theorem: form.theorem,
  };
}
