/**
 * Reports of a two-pile table: a summary with each row's pattern and the
 * P-positions' law, the grid cut to the terminal's width, CSV of every cell
 * (x,y,grundy,outcome) and JSON with `values` as an array of rows.
 */
import type { GridExploration } from '../core/kinds/two-pile/grid.js';
import { recurrenceData } from '../core/laws/sequence-law.js';
import { countOf, formatCount } from '../core/numbers.js';
import { ruleTitle } from '../core/rules/spec.js';
import { csvLine } from '../core/csv-field.js';
import { outcome } from './outcome.js';
import type { Sink } from '../core/sink.js';
import { toJson } from './json.js';
import { labelled, wrapText } from './wrap.js';

const GRID_ROWS_SHOWN = 24;
const PAIRS_SHOWN = 12;

function cycleWords(cycle: GridExploration['rowPatterns'][number]['cycle']): string {
  if (!cycle) return 'no pattern seen';
  return `n0 ${cycle.preperiod}, p ${cycle.period}, s ${cycle.saltus}`;
}

export function gridTableText(x: GridExploration, width: number): string {
  const lines: string[] = [];
  const field = (label: string, text: string) => lines.push(labelled(label, text, width));
  field('Rule', ruleTitle(x.rule, x.game.name));
  if (x.game.description) field('About', x.game.description);
  field('Table', `G(x, y) for x = ${x.firstRow}..${x.lastRow}, y = 0..${formatCount(x.max)} (${countOf((x.lastRow - x.firstRow + 1) * (x.max + 1), 'cell')})`);
  field('Largest value', formatCount(x.maxValue));
  const pairs = x.pPositions.filter(([a, b]) => a <= b);
  const shownPairs = pairs.slice(0, PAIRS_SHOWN).map(([a, b]) => `(${a},${b})`).join(' ');
  field('P-positions', `${shownPairs}${pairs.length > PAIRS_SHOWN ? ` … (${formatCount(pairs.length)} with x <= y)` : ''}`);
  if (x.law) field('Law', x.law.text);
  field('Rows', 'each row G(x, n) for n >= n0 is G(x, n - p) + s: observed over the row, not proven');
  lines.push('');
  lines.push('   x  pattern of the row (n0 = first n of the pattern, p = period, s = saltus)');
  for (const r of x.rowPatterns.slice(0, GRID_ROWS_SHOWN)) lines.push(`${String(r.row).padStart(4)}  ${cycleWords(r.cycle)}`);
  if (x.rowPatterns.length > GRID_ROWS_SHOWN) lines.push(`  … ${formatCount(x.rowPatterns.length - GRID_ROWS_SHOWN)} more rows (--format csv or json has them all)`);
  lines.push('');
  lines.push(gridText(x, width));
  return lines.join('\n') + '\n';
}

/** The values, rows x and columns y, as many columns as fit the width; P-positions marked with '*'. */
function gridText(x: GridExploration, width: number): string {
  const cell = Math.max(String(x.maxValue).length, String(x.max).length > 3 ? 3 : String(x.max).length) + 2;
  const label = Math.max(3, String(x.lastRow).length) + 1;
  const columns = Math.max(1, Math.min(x.max + 1, Math.floor((width - label - 1) / cell)));
  const rows = Math.min(x.lastRow - x.firstRow + 1, GRID_ROWS_SHOWN);
  const out: string[] = [];
  out.push(`${'x\\y'.padStart(label)} ${Array.from({ length: columns }, (_, y) => String(y).padStart(cell - 1)).join(' ')}`);
  for (let i = 0; i < rows; i++) {
    const row = x.firstRow + i;
    const values = Array.from({ length: columns }, (_, y) => {
      const v = x.value(row, y);
      return (v === 0 ? '*' : String(v)).padStart(cell - 1);
    });
    out.push(`${String(row).padStart(label)} ${values.join(' ')}`);
  }
  const cut: string[] = [];
  if (columns < x.max + 1) cut.push(`columns 0..${columns - 1} of 0..${formatCount(x.max)} (cut to the terminal's width)`);
  if (rows < x.lastRow - x.firstRow + 1) cut.push(`rows ${x.firstRow}..${x.firstRow + rows - 1} of ${x.firstRow}..${x.lastRow}`);
  out.push(wrapText(`* marks a P-position (G = 0).${cut.length ? ` Shown: ${cut.join(', ')}; --format csv lists every cell.` : ''}`, width));
  return out.join('\n');
}

export async function writeGridTable(x: GridExploration, sink: Sink, width: number): Promise<void> {
  await sink.write(gridTableText(x, width));
}

export async function writeGridCsv(x: GridExploration, sink: Sink): Promise<void> {
  await sink.write(csvLine(['x', 'y', 'grundy', 'outcome']));
  for (let row = x.firstRow; row <= x.lastRow; row++) {
    let text = '';
    for (let y = 0; y <= x.max; y++) {
      const v = x.value(row, y);
      text += csvLine([row, y, v, outcome(v)]);
    }
    await sink.write(text);
  }
}

export function gridSummary(x: GridExploration) {
  return {
    rule: x.rule,
    name: x.game.name ?? null,
    description: x.game.description ?? null,
    shape: 'grid',
    rows: { first: x.firstRow, last: x.lastRow },
    max: x.max,
    maxValue: x.maxValue,
    rowPatterns: x.rowPatterns.map(({ row, cycle }) => ({ row, preperiod: cycle?.preperiod ?? null, period: cycle?.period ?? null, saltus: cycle?.saltus ?? null, proven: false })),
    pPositions: x.pPositions.map(([a, b]) => [a, b]),
    law: x.law && {
      text: x.law.text,
      difference: x.law.difference,
      a: x.law.a,
      b: x.law.b,
      aRecurrence: x.law.aRecurrence && recurrenceData(x.law.aRecurrence),
      bRecurrence: x.law.bRecurrence && recurrenceData(x.law.bRecurrence),
      mirrored: x.law.mirrored,
      diagonal: x.law.diagonal,
      pairs: x.law.pairs,
      proven: false,
    },
  };
}

export async function writeGridJson(x: GridExploration, sink: Sink): Promise<void> {
  const head = toJson(gridSummary(x));
  await sink.write(head.slice(0, head.lastIndexOf('}')).trimEnd() + ',\n  "values": [');
  for (let row = x.firstRow; row <= x.lastRow; row++) {
    const values = Array.from(x.table.values.subarray(row * x.table.columns, (row + 1) * x.table.columns));
    await sink.write(`${row > x.firstRow ? ',' : ''}\n    [${values.join(',')}]`);
  }
  await sink.write('\n  ]\n}\n');
}
