/** A two-pile table's pictures (GameKind.pictures): a heat map of G(x, y) with its P-positions and Beatty lines, and its page's words. */
import type { PageData, PictureData } from '../picture-data.js';
import { ruleTitle } from '../../rules/spec.js';
import { countOf } from '../../numbers.js';
import type { GridExploration } from './grid.js';
import { beattyLine } from './page-view.js';

/** Values the page lists: row firstRow's, up to this many. */
const PAGE_VALUES = 10_000;

const signed = (c: number) => (Math.abs(c) < 1e-9 ? '' : ` ${c < 0 ? '−' : '+'} ${Math.abs(c).toFixed(3)}`);

/** The heat map: a column a pile y, a row a pile x from firstRow; the P-positions and the law's line and its mirror image over it. */
export function gridPicture(x: GridExploration): PictureData {
  const line = beattyLine(x);
  return {
    plot: 'heatmap',
    title: ruleTitle(x.rule, x.game.name),
    size: { width: x.max + 1, height: x.lastRow - x.firstRow + 1 },
    value: (col, row) => x.value(x.firstRow + row, col),
    pPositions: x.pPositions.map(([a, b]) => [b, a - x.firstRow] as const),
    lines: line
      ? [
          { slope: line.slope, intercept: line.intercept, label: `y = ${line.slope.toFixed(3)}x${signed(line.intercept)}` },
          { slope: 1 / line.slope, intercept: -line.intercept / line.slope, label: `y = x/${line.slope.toFixed(3)}${signed(-line.intercept / line.slope)}` },
        ]
      : undefined,
  };
}

/** The page's words: the table's range, its rows' patterns (observed), its P-positions' law, and row firstRow's values. */
export function gridPage(x: GridExploration): PageData {
  const flat: number[] = [];
  for (let y = 0; y <= x.max && flat.length < PAGE_VALUES; y++) flat.push(x.value(x.firstRow, y));
  return {
    title: ruleTitle(x.rule, x.game.name),
    summary: [
      ['Rule', ruleTitle(x.rule, x.game.name)],
      ['Table', `G(x, y) for x = ${x.firstRow}..${x.lastRow}, y = 0..${x.max}`],
      ['Largest value', String(x.maxValue)],
    ],
    pattern: x.rowPatterns.map((r) => `row ${r.row}: ${r.cycle ? `n0 ${r.cycle.preperiod}, p ${r.cycle.period}, s ${r.cycle.saltus} (observed)` : 'no pattern seen'}`).join('\n'),
    pPositions: `${x.law?.text ?? 'no law recognised'}; ${countOf(x.pPositions.length, 'P-position')} in the table`,
    values: flat,
    count: flat.length,
  };
}
