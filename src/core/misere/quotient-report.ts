/**
 * A quotient as a result: what a report shows of it (order, presentation,
 * P-portion, pretending function, multiplication table), and whether it was
 * seen to stop changing. Asked without a bound, the quotient grows until it
 * has not changed for as many heaps again as it took to reach its last
 * change (and at least STABLE_AT_LEAST heaps), within QUOTIENT_DEFAULT_LIMIT.
 */
import type { HeapMoves } from '../heap/heap-kind.js';
import { extendQuotient, emptyQuotient, type Quotient } from './quotient.js';
import { presentation, wordText, type Presentation } from './presentation.js';

export interface QuotientReport {
  readonly shape: 'quotient';
  readonly rule: string;
  readonly quotient: Quotient;
  readonly presentation: Presentation;
  /** Each element's normal form as text (a, ab^2, 1). */
  readonly words: readonly string[];
  /** The heap from which the quotient no longer changed, up to the bound (0: it never changed). */
  readonly unchangedFrom: number;
  /** Asked without a bound: the quotient was followed until it stopped changing (seen, not proven, beyond the bound). */
  readonly untilStable: boolean;
}

export const QUOTIENT_DEFAULT_LIMIT = 100;
const STABLE_AT_LEAST = 20;

export function quotientReport(rule: string, q: Quotient, untilStable: boolean): QuotientReport {
  const p = presentation(q.monoid, q.images);
  const letters = p.generators.map((g) => g.letter);
  return { shape: 'quotient', rule, quotient: q, presentation: p, words: p.normalForms.map((w) => wordText(w, letters)), unchangedFrom: q.expansions.at(-1) ?? 0, untilStable };
}

/** The quotient of heaps 0..bound, or (no bound) until it stops changing (a generator for the driver). */
export function* quotientReportSteps(moves: HeapMoves, bound: number | undefined): Generator<void, QuotientReport, void> {
  let q = emptyQuotient();
  const goal = () => bound ?? Math.min(QUOTIENT_DEFAULT_LIMIT, Math.max(STABLE_AT_LEAST, 2 * (q.expansions.at(-1) ?? 0) + 2));
  while (q.bound < goal()) q = yield* extendQuotient(moves, q);
  return quotientReport(moves.text, q, bound === undefined);
}
