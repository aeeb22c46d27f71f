/**
 * The ground of a one-heap value (see positions/ground.ts): a theorem's
 * formula, the computed table, a proven period beyond it, or, only when the
 * request allows it, a period observed over the table and not proven.
 */
import { InputError, mention, says, saying } from '../errors.js';
import { formatCount } from '../numbers.js';
import type { Ground } from '../laws/ground.js';
import { isCycle, type Cycle } from '../laws/pattern.js';
import { valueAt, valueFrom } from '../laws/cycle.js';
import type { Exploration } from './explore.js';
import type { Message } from '../i18n/index.js';

/** A cycle in words: "period 12 from n = 71" (its saltus too, when it has one). */
export function cycleMessage(c: Cycle): Message {
  return c.saltus ? { key: 'ground.cycleSaltus', params: { period: c.period, saltus: c.saltus, from: c.preperiod } } : { key: 'ground.cycle', params: { period: c.period, from: c.preperiod } };
}

/** What a heap's value rests on, in an exploration that answers it: one object per ground, shared by the heaps that have it. */
export function heapGrounds(x: Exploration): (n: bigint) => Ground {
  const p = x.pattern;
  if (x.theorem) {
    const theorem: Ground = { kind: 'theorem', theorem: x.theorem };
    return () => theorem;
  }
  const computed = BigInt(x.computed);
  const table: Ground = { kind: 'table', over: { key: x.proofNotSought ? 'ground.heapsNoProof' : 'ground.heaps', params: { last: computed - 1n } } };
  const beyond: Ground | null = !isCycle(p) ? null : p.proof ? { kind: 'period', proof: { key: 'ground.proven', params: { method: p.proof.method, cycle: cycleMessage(p) } } } : { kind: 'law', law: cycleMessage(p), observedUpTo: computed - 1n };
  return (n) => {
    if (n < computed) return table;
    if (!beyond) throw new RangeError(`G(${n}) was not computed and no pattern is known`);
    return beyond;
  };
}

/**
 * The exploration with its observed (unproven) period answering heaps
 * beyond the table, for --use-observed; refused when nothing was observed.
 * A proven or complete exploration is returned as it is.
 */
export function withObservedLaw(x: Exploration, largest: bigint): Exploration {
  const p = x.pattern;
  if (largest < BigInt(x.computed) || (isCycle(p) && p.proof)) return x;
  if (!isCycle(p)) {
    throw new InputError(says`${mention('useObserved')}: ${saying('error.observed.none', { count: formatCount(x.computed), heap: largest })}`, { code: 'too-large', value: largest });
  }
  return { ...x, valueAt: (n) => valueAt(x.values, x.computed, p, n), valueOf: (n) => (n < x.computed ? x.values[n]! : valueFrom(x.values, x.computed, p, n)) };
}
