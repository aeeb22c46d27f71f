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
import { entryLines, wrapText, type Entry } from './wrap.js';
import { cellLawText } from './cell-law-text.js';

const GRID_ROWS_SHOWN = 24;
const PAIRS_SHOWN = 12;

function cycleWords(cycle: GridExploration['rowPatterns'][number]['cycle']): string {
  if (!cycle) return 'no pattern seen';
  return `n0 ${cycle.preperiod}, p ${cycle.period}, s ${cycle.saltus}`;
}

/** What the table of a two-pile game says above its rows' patterns. */
export function gridEntries(x: GridExploration): Entry[] {
  const pairs = x.pPositions.filter(([a, b]) => a <= b);
  const shownPairs = pairs.slice(0, PAIRS_SHOWN).map(([a, b]) => `(${a},${b})`).join(' ');
  return [
    ['Rule', ruleTitle(x.rule, x.game.name)],
    ...(x.game.description ? [['About', x.game.description] as const] : []),
    ['Table', `G(x, y) for x = ${x.firstRow}..${x.lastRow}, y = 0..${formatCount(x.max)} (${countOf((x.lastRow - x.firstRow + 1) * (x.max + 1), 'cell')})`],
    ['Largest value', formatCount(x.maxValue)],
    ['P-positions', `${shownPairs}${pairs.length > PAIRS_SHOWN ? ` … (${formatCount(pairs.length)} with x <= y)` : ''}`],
    ...(x.cellLaw ? [['P-law', cellLawText(x.cellLaw, gridRegion(x))] as const] : []),
    ...(x.law ? [['Law', x.law.text] as const] : []),
    ['Rows', 'each row G(x, n) for n >= n0 is G(x, n - p) + s: observed over the row, not proven'],
  ];
}

/** The cells a two-pile table covers, in words. */
function gridRegion(x: GridExploration): string {
  return `cells with ${x.firstRow === 0 && x.lastRow === x.max ? `x, y <= ${formatCount(x.max)}` : `${x.firstRow} <= x <= ${x.lastRow}, y <= ${formatCount(x.max)}`}`;
}

/** Each shown row's pattern (x, then its words), and a note when some rows are left out. */
export function rowPatternsShown(x: GridExploration): { rows: [string, string][]; note: string | null } {
  return {
    rows: x.rowPatterns.slice(0, GRID_ROWS_SHOWN).map((r) => [String(r.row), cycleWords(r.cycle)]),
    note: x.rowPatterns.length > GRID_ROWS_SHOWN ? `… ${formatCount(x.rowPatterns.length - GRID_ROWS_SHOWN)} more rows (--format csv or json has them all)` : null,
  };
}

export function gridTableText(x: GridExploration, width: number): string {
  const lines = entryLines(gridEntries(x), width);
  lines.push('');
  lines.push('   x  pattern of the row (n0 = first n of the pattern, p = period, s = saltus)');
  const patterns = rowPatternsShown(x);
  for (const [row, words] of patterns.rows) lines.push(`${row.padStart(4)}  ${words}`);
  if (patterns.note) lines.push(`  ${patterns.note}`);
  lines.push('');
  lines.push(gridText(x, width));
  return lines.join('\n') + '\n';
}

/**
 * The cells shown, rows x (the row's x, then its cells; '*' for a P-position) and as many columns y as
 * `columns` allows, and the note under them (what '*' means, and what was cut).
 */
export function gridCellsShown(x: GridExploration, columns: number): { rows: string[][]; note: string } {
  const shown = Math.min(x.lastRow - x.firstRow + 1, GRID_ROWS_SHOWN);
  const rows: string[][] = [];
  for (let i = 0; i < shown; i++) {
    const row = x.firstRow + i;
    rows.push([String(row), ...Array.from({ length: columns }, (_, y) => (x.value(row, y) === 0 ? '*' : String(x.value(row, y))))]);
  }
  const cut: string[] = [];
  if (columns < x.max + 1) cut.push(`columns 0..${columns - 1} of 0..${formatCount(x.max)} (cut to the terminal's width)`);
  if (shown < x.lastRow - x.firstRow + 1) cut.push(`rows ${x.firstRow}..${x.firstRow + shown - 1} of ${x.firstRow}..${x.lastRow}`);
  return { rows, note: `* marks a P-position (G = 0).${cut.length ? ` Shown: ${cut.join(', ')}; --format csv lists every cell.` : ''}` };
}

/** Characters a cell and a row's label take in the grid. */
function gridWidths(x: GridExploration): { cell: number; label: number } {
  return { cell: Math.max(String(x.maxValue).length, String(x.max).length > 3 ? 3 : String(x.max).length) + 2, label: Math.max(3, String(x.lastRow).length) + 1 };
}

/** How many columns y of cells fit `width` (the widest cell, the row's label, a space each). */
export function gridColumnsFitting(x: GridExploration, width: number): number {
  const { cell, label } = gridWidths(x);
  return Math.max(1, Math.min(x.max + 1, Math.floor((width - label - 1) / cell)));
}

/** The values, rows x and columns y, as many columns as fit the width; P-positions marked with '*'. */
function gridText(x: GridExploration, width: number): string {
  const { cell, label } = gridWidths(x);
  const columns = gridColumnsFitting(x, width);
  const { rows, note } = gridCellsShown(x, columns);
  const out: string[] = [];
  out.push(`${'x\\y'.padStart(label)} ${Array.from({ length: columns }, (_, y) => String(y).padStart(cell - 1)).join(' ')}`);
  for (const [row, ...values] of rows) out.push(`${row!.padStart(label)} ${values.map((v) => v.padStart(cell - 1)).join(' ')}`);
  out.push(wrapText(note, width));
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
    cellLaw: x.cellLaw && { condition: x.cellLaw.condition, check: x.cellLaw.check, cells: x.cellLaw.cells, proven: false },
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
