import { describe, expect, it } from 'vitest';
import { explore } from '../../src/core/analyse.js';
import { htmlReportOf, sequencePlotOf, titleOf } from '../../src/pictures/from-summary.js';
import { renderHtmlReport } from '../../src/pictures/html.js';
import { renderSequencePlot } from '../../src/pictures/sequence-plot.js';
import { renderSweepMap } from '../../src/pictures/sweep-map.js';
import { summarise } from '../../src/report/summary.js';
import { presetGame } from '../../src/core/presets.js';
import type { SweepRow } from '../../src/sweep/row.js';
import { byId, num, parseSvg, xmlError } from '../helpers/svg.js';

describe('pictures from a real run', () => {
  const x = explore({ game: presetGame('kayles') });
  const s = summarise(x);

  it('plots Kayles with the preperiod and period the run proved (71, 12)', () => {
    const plot = sequencePlotOf(s, x.values, x.computed);
    expect(plot.cycle).toEqual({ preperiod: 71, period: 12, saltus: 0 });
    expect(plot.proven).toBe(true);
    expect(plot.title).toBe(titleOf(s));
    const root = parseSvg(renderSequencePlot(plot));
    expect([num(root, 'data-preperiod'), num(root, 'data-period')]).toEqual([71, 12]);
    expect(num(byId(root, 'first-period'), 'data-to')).toBe(83);
  });

  it('writes the page with the table\'s pattern and P-positions', () => {
    const svg = renderSequencePlot(sequencePlotOf(s, x.values, x.computed));
    const report = htmlReportOf(s, svg, x.values, x.computed);
    expect(report.pattern).toMatch(/^periodic: preperiod 71, period 12 \(last exceptional value at n = 70\)\nproven \(guy-smith\)/);
    expect(report.summary.map(([k]) => k)).toContain('Status');
    const page = renderHtmlReport(report);
    expect(page).toContain('preperiod 71, period 12');
    expect(xmlError(/<svg[\s\S]*<\/svg>/.exec(page)![0])).toBeNull();
  });

  it('takes sweep rows as they are', () => {
    const rows: SweepRow[] = [
      { index: 0, rule: '0.77', kind: 'periodic', preperiod: 71, period: 12, saltus: 0, proven: true, method: 'guy-smith', maxValue: 8, computed: 168, largestAt: null, rareMask: null, rareHeaps: null, lastRareHeap: null, error: null },
      { index: 1, rule: '0.x', kind: 'error', preperiod: null, period: null, saltus: null, proven: false, method: null, maxValue: null, computed: null, largestAt: null, rareMask: null, rareHeaps: null, lastRareHeap: null, error: 'bad' },
    ];
    const root = parseSvg(renderSweepMap({ title: 'rows', points: rows }));
    expect(num(root, 'data-rules')).toBe(2);
  });
});
