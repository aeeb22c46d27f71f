import { countOf, formatCount } from '../core/numbers.js';
import type { Summary } from './summary.js';

/** The pattern in one line: kind, preperiod, period, saltus, last exceptional value. */
export function cycleText(s: Summary): string {
  const p = s.pattern;
  // Only as far as the search went: a rule with a proven period (Kayles) may show none in a short table (--at 5).
  // A theorem answers every heap without a period: no period is looked for, so none is missing.
  if (p.kind === 'theorem') return `no period needed: proven by ${p.proof}`;
  if (p.kind === 'none') return `no period seen in the ${countOf(p.observedOver, 'value')} computed (n = 0..${formatCount(p.observedOver - 1)})${excludedText(s)}${p.noTheorem ? '' : '; raise --limit to search further'}`;
  const saltus = p.kind === 'arithmetic-periodic' ? `, saltus ${p.saltus}` : '';
  const last = p.lastExceptional === null ? 'no exceptional values' : `last exceptional value at n = ${p.lastExceptional}`;
  return `${p.kind}: preperiod ${p.preperiod}, period ${p.period}${saltus} (${last})`;
}

/** What values with no period in view exclude (see excludedPeriods), as a clause; empty when nothing is excluded. */
function excludedText(s: Summary): string {
  const x = s.excludedPeriods;
  return x ? `; any period p <= ${formatCount(x.upTo)} begins after n = ${formatCount(x.after)}` : '';
}

/** An ANSI colour for a part of a line (the table's), or none (pictures, pages). */
export type Paint = (code: number, text: string) => string;
const plain: Paint = (_code, text) => text;

/** Whether and how the pattern is known, in one line: the table's Status, and the pictures'. */
export function statusText(s: Summary, paint: Paint = plain): string {
  const p = s.pattern;
  const why = p.noTheorem ? `no proof possible: ${p.noTheorem}` : 'the theorem needs more values (raise --limit or --max)';
  if (p.kind === 'none') {
    return `${paint(33, 'no period found')} in the values computed; ${p.noTheorem ? why : 'none was proven'}`;
  }
  // A cited theorem needs no computed values; the other proofs rest on the first few.
  if (p.proven && p.method === 'theorem') return `${paint(32, 'proven (theorem)')}: ${p.proof}`;
  if (p.proven) return `${paint(32, `proven (${p.method})`)}: ${p.proof}; proof needs ${countOf(p.valuesNeeded ?? 0, 'value')}`;
  const over = `period ${p.period} from ${formatCount(p.preperiod ?? 0)} over the last ${countOf(p.observedOver - (p.preperiod ?? 0), 'value')} of the ${formatCount(p.observedOver)} computed`;
  const need = p.proofWouldNeed && `a proof (${p.proofWouldNeed.method}) needs the values up to n = ${formatCount(p.proofWouldNeed.valuesNeeded - 1)} (raise --limit or --max)`;
  return `${paint(33, 'observed, not proven')}: ${over}; ${need ?? why}`;
}
