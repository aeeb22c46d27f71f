/**
 * A sweep row as one line of JSON or CSV. Apart from format.ts (tables,
 * reading files back) so that sweep workers, which write the lines, load
 * nothing else.
 */
import { csvField } from '../core/csv-field.js';
import { COLUMNS, COLUMN_NAMES, type SweepRow } from './row.js';

/** The formats a results file is written in (and read back from). */
export const ROW_FORMATS = ['csv', 'jsonl'] as const;
export type RowFormat = (typeof ROW_FORMATS)[number];

/**
 * One row as a JSON object, keys in column order (written by hand: a sweep writes millions of them).
 * Numbers (whole and finite), booleans and null read the same in a template as in JSON; text goes
 * through JSON.stringify, which writes null as null.
 */
export function rowToJson(row: SweepRow): string {
  return (
    `{"index":${row.index},"rule":${JSON.stringify(row.rule)},"kind":${JSON.stringify(row.kind)},"preperiod":${row.preperiod},` +
    `"period":${row.period},"saltus":${row.saltus},"proven":${row.proven},"method":${JSON.stringify(row.method)},` +
    `"maxValue":${row.maxValue},"computed":${row.computed},"largestAt":${row.largestAt},"rareMask":${row.rareMask},"rareHeaps":${row.rareHeaps},` +
    `"lastRareHeap":${row.lastRareHeap},"error":${JSON.stringify(row.error)}}`
  );
}

export const CSV_HEADER = COLUMN_NAMES.join(',');

export function rowToCsv(row: SweepRow): string {
  return COLUMNS.map(({ name }) => csvField(row[name])).join(',');
}

/** One complete line (with its line ending) in a file format. */
export function rowLine(row: SweepRow, format: RowFormat): string {
  return format === 'jsonl' ? rowToJson(row) + '\n' : rowToCsv(row) + '\r\n';
}

