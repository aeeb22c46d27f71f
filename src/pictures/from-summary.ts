/**
 * Adapters from the report's Summary (what every output format reports) to
 * the picture inputs, so the CLI's --plot and --format html say exactly what
 * the table says. The renderers themselves stay free of these types.
 */
import { formatCount, countOf } from '../core/numbers.js';
import { ruleTitle } from '../core/rules/spec.js';
import type { Summary } from '../report/summary.js';
import { cycleText, statusText } from '../report/cycle-text.js';
import { pPositionsText } from '../report/p-positions-text.js';
import type { HtmlReport, SequencePlot } from './types.js';

/** "octal 0.77 (kayles)" when the rule has a name, else the rule text (see ruleTitle). */
export function titleOf(s: Summary): string {
  return ruleTitle(s.rule, s.name);
}

/** The 1-D plot of a run: its values, its pattern and whether it was proven. */
export function sequencePlotOf(
  s: Summary,
  values: ArrayLike<number>,
  count: number,
  options: Pick<SequencePlot, 'logX' | 'rare' | 'width' | 'height'> = {},
): SequencePlot {
  const p = s.pattern;
  const cycle = p.kind === 'none' || p.preperiod === null || p.period === null ? null : { preperiod: p.preperiod, period: p.period, saltus: p.saltus ?? 0 };
  return { title: titleOf(s), values, count, cycle, proven: p.proven, ...options };
}

/** The HTML page of a run around an already-rendered picture. */
export function htmlReportOf(s: Summary, svg: string, values: ArrayLike<number>, count: number, csvHref?: string): HtmlReport {
  const observed = s.pattern.kind !== 'none' && !s.pattern.proven ? ' (if the observed pattern holds)' : '';
  const summary: [string, string][] = [
    ['Rule', titleOf(s)],
    ...(s.description ? [['Description', s.description] as [string, string]] : []),
    ['Heaps', `0 .. ${formatCount(s.max)}`],
    ['Computed', countOf(s.computed, 'value')],
    ['Largest value', formatCount(s.maxValue)],
    ['Pattern', cycleText(s)],
    ['Status', statusText(s)],
  ];
  return {
    title: titleOf(s),
    summary,
    svg,
    pattern: `${cycleText(s)}\n${statusText(s)}`,
    pPositions: pPositionsText(s.pPositions) + observed,
    values,
    count,
    ...(csvHref === undefined ? {} : { csvHref }),
  };
}
