/** What the web page is sent of a two-pile table (GameKind.pageViews): its values, cut to a square where too many, its rows' patterns and its P-positions' laws. */
import { pageBase, type PageBudget, type PageView } from '../kind.js';
import type { GridExploration } from './grid.js';
import type { PairLaw } from '../../laws/pair-law.js';
import type { CellLaw } from '../../laws/cell-law.js';
import { quadraticValue } from '../../laws/beatty.js';

/** P-positions sent (a table of 10^8 cells has about 10^4 of them in Wythoff's game); the count says how many in all. */
const P_POSITIONS_SENT = 10_000;

/** A two-pile table: rows firstRow..lastRow, columns 0..max; `values` row-major, maybe cut to `shownColumns` × `shownRows`. */
export interface GridPageView extends PageView {
  readonly shape: 'grid';
  readonly firstRow: number;
  readonly lastRow: number;
  readonly max: number;
  readonly maxValue: number;
  readonly shownRows: number;
  readonly shownColumns: number;
  readonly values: Uint32Array;
  readonly rowPatterns: readonly { readonly row: number; readonly preperiod: number | null; readonly period: number | null; readonly saltus: number | null }[];
  readonly pPositions: readonly (readonly [number, number])[];
  readonly pCount: number;
  /** The P-positions' law (`a_k = ⌊kφ⌋, b_k = a_k + k`), observed only: the page words it (pairLawText). */
  readonly law: PairLaw | null;
  /** A law of parity or binary digits of every cell (`x % 2 == 0 and y % 2 == 0`), observed only. */
  readonly cellLaw: CellLaw | null;
  /** A Beatty law's line through its pairs (a_k, b_k): column = slope × row + intercept (and its mirror image). */
  readonly line: { readonly slope: number; readonly intercept: number } | null;
}

/** The page's view of a two-pile table, its values cut to its top-left square past `budget.cells` (the downloads hold all of it). */
export function gridPageView(x: GridExploration, budget: PageBudget): GridPageView {
  const rows = x.lastRow - x.firstRow + 1;
  const columns = x.max + 1;
  const side = rows * columns <= budget.cells ? null : Math.floor(Math.sqrt(budget.cells));
  const shownRows = side === null ? rows : Math.min(rows, side);
  const shownColumns = side === null ? columns : Math.min(columns, side);
  const values = new Uint32Array(shownRows * shownColumns);
  for (let r = 0; r < shownRows; r++) for (let c = 0; c < shownColumns; c++) values[r * shownColumns + c] = x.value(x.firstRow + r, c);
  return {
    shape: 'grid',
    ...pageBase(x),
    firstRow: x.firstRow,
    lastRow: x.lastRow,
    max: x.max,
    maxValue: x.maxValue,
    shownRows,
    shownColumns,
    values,
    rowPatterns: x.rowPatterns.map(({ row, cycle }) => ({ row, preperiod: cycle?.preperiod ?? null, period: cycle?.period ?? null, saltus: cycle?.saltus ?? null })),
    pPositions: x.pPositions.slice(0, P_POSITIONS_SENT),
    pCount: x.pPositions.length,
    law: x.law,
    cellLaw: x.cellLaw,
    line: drawnLine(x),
  };
}

/** The line its Beatty law's pairs (⌊kα + β⌋, ⌊kα' + β'⌋) lie along: slope α'/α through (β, β') (and its mirror image); none without such a law. */
export function beattyLine(x: GridExploration): { readonly slope: number; readonly intercept: number } | null {
  const a = x.law?.a;
  const b = x.law?.b;
  if (!a || !b) return null;
  const slope = quadraticValue(b.alpha) / quadraticValue(a.alpha);
  return { slope, intercept: quadraticValue(b.beta) - slope * quadraticValue(a.beta) };
}

/** The Beatty line as the page draws it: none where it cannot (an SVG coordinate that is not a number is an error in the console). */
function drawnLine(x: GridExploration): GridPageView['line'] {
  const line = beattyLine(x);
  return line && Number.isFinite(line.slope) && line.slope > 0 && Number.isFinite(line.intercept) ? line : null;
}

/** Rows of a two-pile table's CSV download: one a cell. */
export function gridRows(x: GridExploration): bigint {
  return BigInt((x.lastRow - x.firstRow + 1) * (x.max + 1));
}
