/**
 * Observed laws of P-positions as --emit writes them (a Beatty law, or a
 * recurrence's terms listed up to 2^63 - 1): the pieces the kinds whose
 * tables have such laws (GameKind.emitModels: two piles, a heap with memory) build their models from.
 */
import { InputError, mention, says } from '../errors.js';
import { LARGEST_SIGNED } from './limits.js';
import type { EmitHeader, EmitModel, EmitOptions, SequenceLaw } from './models.js';
import type { BeattyLaw, Quadratic } from '../laws/beatty.js';
import type { Recurrence } from '../laws/sequence-law.js';

/** The most P-positions of an observed recurrence an emitted membership list holds (a growing one has few below 2^63). */
export const MOST_LISTED_TERMS = 10_000;

/** How a kind writes the law of a table of its own shape as --emit's model (the header given, with the grounds to say). */
export type ShapeEmitModel = (result: { readonly shape: string }, header: (grounds: string[]) => EmitHeader, options: EmitOptions) => EmitModel;

/** The terms of a recurrence up to 2^63 - 1 (from its start values), when they grow fast enough to be listed; null otherwise. */
function recurrenceTerms(r: Recurrence, known: readonly bigint[]): bigint[] | null {
  if (r.counterexample !== null) return null;
  if (r.coefficients.some(([, d]) => d !== 1n)) return null;
  const order = r.coefficients.length;
  const terms = known.slice(0, Math.max(r.from, order));
  if (terms.length < order) return null;
  while (terms[terms.length - 1]! <= LARGEST_SIGNED) {
    if (terms.length > MOST_LISTED_TERMS) return null;
    let next = 0n;
    r.coefficients.forEach(([c], i) => (next += c * terms[terms.length - 1 - i]!));
    if (next <= terms[terms.length - 1]!) return null; // not increasing: no membership list
    terms.push(next);
  }
  terms.pop();
  return terms;
}

export function needObserved(what: string): InputError {
  return new InputError(says`${mention('emit')}: ${what} is only observed, not proven; ${mention('useObserved')} writes it all the same, marked NOT proven`, { code: 'not-applicable', field: 'emit' });
}

const positive = (x: Quadratic) => x.p + x.q * Math.sqrt(x.d) > 0;
/** Above 1 (so the terms strictly increase, and a term has one index): checked exactly for a quadratic, (p - r)² against q²d. */
function aboveOne(x: Quadratic): boolean {
  const s = x.p - x.r;
  if (x.q === 0) return s > 0;
  const square = BigInt(x.q) * BigInt(x.q) * BigInt(x.d);
  const s2 = BigInt(s) * BigInt(s);
  return x.q > 0 ? s >= 0 || square > s2 : s > 0 && s2 > square;
}

/** A side's law as the code needs it, with whether its terms strictly increase (then an index is found from a term). */
export function sequenceLaw(beatty: BeattyLaw | null, recurrence: Recurrence | null, terms: readonly bigint[]): { law: SequenceLaw; increasing: boolean; text: string } | null {
  if (beatty && beatty.counterexample === null && positive(beatty.alpha)) return { law: { kind: 'beatty', alpha: beatty.alpha, beta: beatty.beta }, increasing: aboveOne(beatty.alpha), text: beatty.text };
  if (recurrence) {
    const listed = recurrenceTerms(recurrence, terms);
    if (listed) return { law: { kind: 'terms', terms: listed }, increasing: true, text: recurrence.text };
  }
  return null;
}
