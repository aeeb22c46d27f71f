import { formatCount } from '../numbers.js';
import type { Summary } from './summary.js';

/** The pattern in one line: kind, preperiod, period, saltus, last exceptional value. */
export function cycleText(s: Summary): string {
  const p = s.pattern;
  if (p.kind === 'none') return `no period found up to n = ${formatCount(p.observedOver - 1)}`;
  const saltus = p.kind === 'arithmetic-periodic' ? `, saltus ${p.saltus}` : '';
  const last = p.lastExceptional === null ? 'no exceptional values' : `last exceptional value at n = ${p.lastExceptional}`;
  return `${p.kind}: preperiod ${p.preperiod}, period ${p.period}${saltus} (${last})`;
}
