/**
 * A sweep row as one line of JSON or CSV. Apart from format.ts (tables,
 * reading files back) so that sweep workers, which write the lines, load
 * nothing else.
 */
import { COLUMNS, COLUMN_NAMES, type SweepRow } from './row.js';

export type RowFormat = 'jsonl' | 'csv';

/** A JSON value of a row's field: numbers, booleans and null as they are, text quoted. */
const jsonValue = (value: string | number | boolean | null): string => (typeof value === 'string' ? JSON.stringify(value) : String(value));

/** One row as a JSON object, keys in column order (written by hand: a sweep writes millions of them). */
export function rowToJson(row: SweepRow): string {
  return (
    `{"index":${row.index},"rule":${JSON.stringify(row.rule)},"kind":${jsonValue(row.kind)},"preperiod":${jsonValue(row.preperiod)},` +
    `"period":${jsonValue(row.period)},"saltus":${jsonValue(row.saltus)},"proven":${row.proven},"method":${jsonValue(row.method)},` +
    `"maxValue":${jsonValue(row.maxValue)},"computed":${jsonValue(row.computed)},"error":${jsonValue(row.error)}}`
  );
}

function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_HEADER = COLUMN_NAMES.join(',');

export function rowToCsv(row: SweepRow): string {
  return COLUMNS.map(({ name }) => csvField(row[name])).join(',');
}

/** One complete line (with its line ending) in a file format. */
export function rowLine(row: SweepRow, format: RowFormat): string {
  return format === 'jsonl' ? rowToJson(row) + '\n' : rowToCsv(row) + '\r\n';
}

