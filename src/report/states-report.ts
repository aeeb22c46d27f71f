import { formatCount } from '../core/numbers.js';
/** Reports of a state module's table: each state (as JSON) with its value and outcome. */
import type { StatesTable } from '../core/kinds/module/state-result.js';
import { countOf } from '../core/numbers.js';
import { ruleTitle } from '../core/rules/spec.js';
import { canonicalJson } from '../core/positions/json-state.js';
import { csvLine } from '../core/csv-field.js';
import { outcome } from './outcome.js';
import type { Sink } from '../core/sink.js';
import { wrapText } from './wrap.js';
import { fieldValues } from '../core/kinds/module/state-fields.js';
import { cellLawText } from './cell-law-text.js';

const ROWS_SHOWN = 200;

/** What a table of states says above its rows: the rule, and how many states and P-positions. */
export function statesHeading(x: StatesTable): [rule: string, counts: string] {
  return [`Rule: ${ruleTitle(x.rule)}`, `${countOf(x.rows.length, 'state')}; P-positions: ${formatCount(x.rows.filter((r) => r.grundy === 0).length)}`];
}

/** The rows a table of states shows, and a note when some are left out. */
export function statesShown(x: StatesTable): { rows: StatesTable['rows']; note: string | null } {
  return { rows: x.rows.slice(0, ROWS_SHOWN), note: x.rows.length > ROWS_SHOWN ? `… ${formatCount(x.rows.length - ROWS_SHOWN)} more (--format csv lists them all)` : null };
}

/** Rows of a grid of states shown (as a two-pile table's). */
const GRID_ROWS_SHOWN = 24;

/** A grid of states cut to fit: the corner label, the column labels, each row's label and cells, and what was cut. */
export interface StatesGrid {
  readonly corner: string;
  readonly columns: readonly string[];
  readonly rows: readonly { readonly label: string; readonly cells: readonly string[] }[];
  /** The legend, and what the cut left out (with --format csv for every state). */
  readonly note: string;
  /** The terminal's widths: the row labels', and each cell's (both over every state, not only those shown). */
  readonly widths: { readonly label: number; readonly cell: number };
}

/**
 * States that are pairs of whole numbers (a, b), as a grid: rows a, columns
 * b, each cell the value ('*' a P-position, '.' no such state in the table),
 * as many columns as fit `width` characters (every format that draws it cuts it the same way).
 */
export function statesGrid(x: StatesTable, grid: readonly [string, string], width: number, cutBy: string): StatesGrid {
  const cells = new Map<string, number>();
  let [rowLow, rowHigh, colLow, colHigh] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const r of x.rows) {
    const [a, b] = fieldValues(r.state, grid) as [number, number];
    cells.set(`${a},${b}`, r.grundy);
    [rowLow, rowHigh, colLow, colHigh] = [Math.min(rowLow, a), Math.max(rowHigh, a), Math.min(colLow, b), Math.max(colHigh, b)];
  }
  const corner = `${grid[0]}\\${grid[1]}`;
  const label = Math.max(corner.length, String(rowLow).length, String(rowHigh).length);
  const cell = Math.max(...x.rows.map((r) => String(r.grundy).length), String(colLow).length, String(colHigh).length) + 1;
  const columns = Math.max(1, Math.min(colHigh - colLow + 1, Math.floor((width - label - 1) / (cell + 1))));
  const rowCount = Math.min(rowHigh - rowLow + 1, GRID_ROWS_SHOWN);
  const rows = Array.from({ length: rowCount }, (_, i) => ({
    label: String(rowLow + i),
    cells: Array.from({ length: columns }, (_, j) => {
      const g = cells.get(`${rowLow + i},${colLow + j}`);
      return g === undefined ? '.' : g === 0 ? '*' : String(g);
    }),
  }));
  const cut: string[] = [];
  if (columns < colHigh - colLow + 1) cut.push(`${grid[1]} = ${colLow}..${colLow + columns - 1} of ${colLow}..${colHigh} (${cutBy})`);
  if (rowCount < rowHigh - rowLow + 1) cut.push(`${grid[0]} = ${rowLow}..${rowLow + rowCount - 1} of ${rowLow}..${rowHigh}`);
  const note = `* marks a P-position (G = 0), . a pair that is no state of the table.${cut.length ? ` Shown: ${cut.join(', ')}; --format csv lists every state.` : ''}`;
  return { corner, columns: Array.from({ length: columns }, (_, j) => String(colLow + j)), rows, note, widths: { label, cell } };
}

/** The grid of states as terminal text, its columns padded to one width. */
export function statesGridText(x: StatesTable, grid: readonly [string, string], width: number): string[] {
  const shown = statesGrid(x, grid, width, "cut to the terminal's width");
  const { label, cell } = shown.widths;
  const out = [`${shown.corner.padStart(label)} ${shown.columns.map((c) => c.padStart(cell)).join(' ')}`];
  for (const r of shown.rows) out.push(`${r.label.padStart(label)} ${r.cells.map((c) => c.padStart(cell)).join(' ')}`);
  out.push(wrapText(shown.note, width));
  return out;
}

export async function writeStatesTable(x: StatesTable, sink: Sink, width: number): Promise<void> {
  const [rule, counts] = statesHeading(x);
  const lines = [wrapText(rule, width), counts, ''];
  if (x.grid) {
    if (x.cellLaw) lines.splice(2, 0, wrapText(`P-law: ${cellLawText(x.cellLaw, 'states tabulated')}`, width));
    await sink.write([...lines, ...statesGridText(x, x.grid, width)].join('\n') + '\n');
    return;
  }
  const { rows: shown, note } = statesShown(x);
  const valueWidth = Math.max(1, ...shown.map((r) => String(r.grundy).length));
  for (const r of shown) lines.push(wrapText(`${String(r.grundy).padStart(valueWidth)} ${r.grundy === 0 ? 'P' : 'N'}  ${canonicalJson(r.state)}`, width));
  if (note) lines.push(note);
  await sink.write(lines.join('\n') + '\n');
}

export async function writeStatesCsv(x: StatesTable, sink: Sink): Promise<void> {
  let text = csvLine(['state', 'grundy', 'outcome']);
  for (const r of x.rows) text += csvLine([canonicalJson(r.state), r.grundy, outcome(r.grundy)]);
  await sink.write(text);
}

export async function writeStatesJson(x: StatesTable, sink: Sink): Promise<void> {
  const cellLaw = x.cellLaw && { condition: x.cellLaw.condition, check: x.cellLaw.check, cells: x.cellLaw.cells, proven: false };
  await sink.write(JSON.stringify({ rule: x.rule, shape: 'states', cellLaw, states: x.rows.map((r) => ({ state: r.state, grundy: r.grundy, outcome: r.grundy === 0 ? 'P' : 'N' })) }, null, 2) + '\n');
}
