/**
 * Two-pile games computed as a table: G(x, y) for rows x in a range and
 * columns y = 0..max, each row's eventual pattern, and the P-positions with
 * the law they follow when one is recognised.
 */
import { InputError, mention, says, saying, type Wording } from '../../errors.js';
import { formatCount } from '../../numbers.js';
import type { GameSpecOf } from '../../rules/spec.js';
import { vectorRuleText, type VectorRule } from './rule.js';
import { observeCycle } from '../../laws/observed.js';
import type { Cycle } from '../../laws/pattern.js';
import { vectorTableBytes, VectorKernel, type VectorTable } from './vector-kernel.js';
import type { SteppedWork } from '../../driver.js';
import { freeMemoryBudget, type ValueArray } from '../../kernels/store.js';
import { recognisePairLaw, type PairLaw } from '../../laws/pair-law.js';
import { recogniseCellLaw, type CellLaw } from '../../laws/cell-law.js';

export interface GridRequest {
  readonly game: GameSpecOf<VectorRule>;
  /** Columns 0..max (and, without rows, rows 0..max too). */
  readonly max: number;
  /** Rows first..last (default 0..max). */
  readonly rows?: { readonly first: number; readonly last: number };
  /** Rows from a checkpoint (row-major, `max + 1` columns): computation continues after them. */
  readonly resume?: ValueArray;
}

/** A row's eventual pattern, G(a, n + p) = G(a, n) + s for n >= n0: observed over the row's values. */
export interface RowPattern {
  readonly row: number;
  readonly cycle: Cycle | null;
}

/** A two-pile game's table: rows of values, each row's period, and the P-positions with their law. */
export interface GridExploration {
  readonly shape: 'grid';
  readonly game: GameSpecOf;
  readonly rule: string;
  readonly firstRow: number;
  readonly lastRow: number;
  /** Columns 0..max. */
  readonly max: number;
  readonly table: VectorTable;
  readonly maxValue: number;
  value(x: number, y: number): number;
  readonly rowPatterns: readonly RowPattern[];
  /** P-positions (G = 0) in the region, in row order, x <= y when the game is symmetric... all of them. */
  readonly pPositions: readonly (readonly [number, number])[];
  /** The law of the P-positions with x < y, when one is recognised (observed over the region). */
  readonly law: PairLaw | null;
  /** A law of parity or binary digits that says of every cell of the region whether it is a P-position (observed there). */
  readonly cellLaw: CellLaw | null;
}

/** Most P-positions listed (a table of 10^8 cells has about 10^4 of them in Wythoff's game). */
export const P_POSITION_CAP = 100_000;

/** What a checkpoint of this table is for: the rule and the row length (rows are stored flat). */
export function gridCheckpointKey(rule: VectorRule, max: number): string {
  return `${vectorRuleText(rule)}, columns 0..${max}`;
}

const mebibytes = (bytes: number) => `${formatCount(Math.max(1, Math.round(bytes / 2 ** 20)))} MiB`;

/** Refuse, before any work, a table of rows 0..lastRow × columns 0..lastColumn that free memory cannot hold (`refusal` words it, given both sizes in MiB). */
export function checkTableMemory(vectors: VectorRule['vectors'], lastRow: number, lastColumn: number, refusal: (needed: string, free: string) => Wording): void {
  const bytes = vectorTableBytes(vectors, lastRow + 1, lastColumn + 1);
  const free = freeMemoryBudget();
  if (bytes > free) throw new InputError(refusal(mebibytes(bytes), mebibytes(free)), { code: 'out-of-memory' });
}

/** The table as steps of whole rows, for the driver. */
export function gridWork(request: GridRequest): SteppedWork<GridExploration> {
  const { game, max } = request;
  const lastRow = request.rows?.last ?? max;
  const cells = (lastRow + 1) * (max + 1);
  checkTableMemory(game.rule.vectors, lastRow, max, (needed, free) =>
    request.rows
      ? says`${mention('rows')} ${request.rows.first}..${lastRow} ${mention('max')} ${max}: ${saying('error.table.rowsMemory', { last: lastRow, columns: formatCount(max + 1), needed, free, max: mention('max') })}`
      : says`${mention('max')} ${max}: ${saying('error.table.cellsMemory', { cells: formatCount(cells), needed, free, rows: mention('rows') })}`,
  );
  const kernel = new VectorKernel(game.rule.vectors, lastRow, max);
  if (request.resume) kernel.restore(request.resume, Math.floor(request.resume.length / kernel.columns));
  return {
    ceiling: cells,
    unit: 'cells',
    done: () => kernel.rowsDone * kernel.columns,
    step(units) {
      kernel.fillRows(kernel.rowsDone + Math.max(1, Math.floor(units / kernel.columns)));
      return kernel.rowsDone < kernel.rows ? { finished: false } : { finished: true, result: analyseGrid(request, kernel.table()) };
    },
    snapshot: () => kernel.values.subarray(0, kernel.rowsDone * kernel.columns),
  };
}

function analyseGrid(request: GridRequest, table: VectorTable): GridExploration {
  const { game, max } = request;
  const firstRow = request.rows?.first ?? 0;
  const lastRow = request.rows?.last ?? max;
  const value = (x: number, y: number) => table.values[x * table.columns + y]!;
  const rowPatterns: RowPattern[] = [];
  for (let row = firstRow; row <= lastRow; row++) {
    const values = table.values.subarray(row * table.columns, (row + 1) * table.columns);
    rowPatterns.push({ row, cycle: observeCycle(values, values.length, { allowSaltus: true }) });
  }
  const pPositions: [number, number][] = [];
  for (let x = firstRow; x <= lastRow && pPositions.length < P_POSITION_CAP; x++) {
    for (let y = 0; y <= max && pPositions.length < P_POSITION_CAP; y++) if (value(x, y) === 0) pPositions.push([x, y]);
  }
  let maxValue = 0;
  for (let x = firstRow; x <= lastRow; x++) for (let y = 0; y <= max; y++) if (value(x, y) > maxValue) maxValue = value(x, y);
  const columns = max + 1;
  const cellLaw = recogniseCellLaw(
    { count: (lastRow - firstRow + 1) * columns, first: (i) => firstRow + Math.floor(i / columns), second: (i) => i % columns, isP: (i) => value(firstRow + Math.floor(i / columns), i % columns) === 0 },
    ['x', 'y'],
  );
  // The pairs' law is read off the full square (x, y <= max), where every pair below max is seen; a law of
  // every cell already says where each P-position is (and a recurrence of such pairs is slow to fit and fails).
  const law = firstRow === 0 && lastRow === max && !cellLaw ? recognisePairLaw(pPositions, max) : null;
  return { shape: 'grid', game, rule: vectorRuleText(game.rule), firstRow, lastRow, max, table, maxValue, value, rowPatterns, pPositions, law, cellLaw };
}
