/**
 * Sweep rows as JSON lines, CSV (RFC 4180) and a table, and back again.
 * JSON lines and CSV carry every column; they are what --out appends to and
 * what --from, --resume and --merge read.
 */
import Table from 'cli-table3';
import { InputError } from '../errors.js';
import { COLUMNS, COLUMN_NAMES, type RowKind, type SweepRow } from './row.js';

export type RowFormat = 'jsonl' | 'csv';
export type ViewFormat = RowFormat | 'table';

export function rowToJson(row: SweepRow): string {
  const ordered: Record<string, unknown> = {};
  for (const { name } of COLUMNS) ordered[name] = row[name];
  return JSON.stringify(ordered);
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

/** The columns a table shows (index and error only when they say something). */
export function renderTable(rows: readonly SweepRow[], colour: boolean): string {
  const showError = rows.some((r) => r.error !== null);
  const names = COLUMN_NAMES.filter((n) => n !== 'index' && (n !== 'error' || showError));
  const table = new Table({
    head: names,
    style: colour ? { head: ['cyan'], border: ['grey'] } : { head: [], border: [] },
    // No rule between rows: one line per rule.
    chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
    colAligns: names.map((n) => (COLUMNS.find((c) => c.name === n)!.type === 'number' ? 'right' : 'left')),
  });
  for (const row of rows) table.push(names.map((n) => (row[n as keyof SweepRow] === null ? '' : String(row[n as keyof SweepRow]))));
  return table.toString() + '\n' + `${rows.length} rule${rows.length === 1 ? '' : 's'}\n`;
}

/** Split one CSV line (no line breaks inside fields: sweeps never write them). */
export function splitCsvLine(line: string): string[] | null {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q < 0) return null;
        value += line.slice(i, q);
        if (line[q + 1] === '"') {
          value += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      fields.push(value);
      if (i === line.length) return fields;
      if (line[i] !== ',') return null;
      i++;
    } else {
      const comma = line.indexOf(',', i);
      if (comma < 0) {
        fields.push(line.slice(i));
        return fields;
      }
      fields.push(line.slice(i, comma));
      i = comma + 1;
    }
  }
}

const KINDS: readonly RowKind[] = ['periodic', 'arithmetic-periodic', 'none', 'error'];

/** Check and complete a row read from a file; null when it is not a row. */
function toRow(record: Record<string, unknown>): SweepRow | null {
  const index = record.index;
  const rule = record.rule;
  const kind = record.kind;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) return null;
  if (typeof rule !== 'string' || rule === '') return null;
  if (typeof kind !== 'string' || !KINDS.includes(kind as RowKind)) return null;
  const row: Record<string, unknown> = {};
  for (const { name, type } of COLUMNS) {
    const v = record[name] ?? null;
    if (v !== null && typeof v !== (type === 'text' ? 'string' : type)) return null;
    row[name] = v;
  }
  row.proven = row.proven ?? false;
  return row as unknown as SweepRow;
}

function csvRecord(fields: readonly string[], header: readonly string[]): Record<string, unknown> | null {
  if (fields.length !== header.length) return null;
  const record: Record<string, unknown> = {};
  for (let i = 0; i < header.length; i++) {
    const column = COLUMNS.find((c) => c.name === header[i]);
    if (!column) continue;
    const text = fields[i]!;
    if (text === '') {
      record[column.name] = null;
      continue;
    }
    if (column.type === 'number') {
      const n = Number(text);
      if (!Number.isFinite(n)) return null;
      record[column.name] = n;
    } else if (column.type === 'boolean') {
      if (text !== 'true' && text !== 'false') return null;
      record[column.name] = text === 'true';
    } else record[column.name] = text;
  }
  return record;
}

export interface ParsedRows {
  readonly format: RowFormat | null;
  readonly rows: SweepRow[];
  /** Characters up to the end of the last complete line (what a repair keeps). */
  readonly completeLength: number;
  /** The text ended in a line with no line break: a write cut short (kill -9). */
  readonly truncated: boolean;
}

/**
 * Parse a results file's text. The format is told by its first line (a JSON
 * object, or the CSV header). A last line without its line break is a write
 * that was cut short: it is reported, not parsed. Any other bad line is an
 * error naming source:line.
 */
export function parseRows(text: string, source: string): ParsedRows {
  const lastBreak = text.lastIndexOf('\n');
  const completeLength = lastBreak + 1;
  const truncated = completeLength < text.length;
  const lines = text.slice(0, completeLength).split('\n');
  lines.pop(); // after the final '\n'
  let format: RowFormat | null = null;
  let header: string[] | null = null;
  const rows: SweepRow[] = [];
  const firstText = text.replace(/^\uFEFF/, '').trimStart();
  if (firstText.startsWith('{')) format = 'jsonl';
  else if (firstText.startsWith('index,') || firstText.startsWith('"index"') || (truncated && lines.length === 0 && CSV_HEADER.startsWith(firstText))) format = 'csv';
  else if (firstText !== '') throw new InputError(`${source}:1: not a sweep results file (expected JSON lines or CSV with the header ${CSV_HEADER})`);
  lines.forEach((raw, i) => {
    const line = raw.replace(/\r$/, '').replace(/^\uFEFF/, '');
    const where = `${source}:${i + 1}`;
    if (line.trim() === '') return;
    let record: Record<string, unknown> | null = null;
    if (format === 'jsonl') {
      try {
        const parsed: unknown = JSON.parse(line);
        record = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
      } catch {
        record = null;
      }
    } else if (header === null) {
      header = splitCsvLine(line);
      if (!header || !header.includes('index') || !header.includes('rule') || !header.includes('kind')) {
        throw new InputError(`${where}: not a sweep results header (expected ${CSV_HEADER})`);
      }
      return;
    } else {
      const fields = splitCsvLine(line);
      record = fields && csvRecord(fields, header);
    }
    const row = record && toRow(record);
    if (!row) throw new InputError(`${where}: not a sweep results row`);
    rows.push(row);
  });
  return { format, rows, completeLength, truncated };
}

/** A file format from --format or the file name (.csv is CSV, anything else JSON lines). */
export function formatForFile(path: string, format: ViewFormat | undefined, flag: string): RowFormat {
  if (format === 'table') throw new InputError(`${flag} ${path}: a results file is jsonl or csv, not a table (use --format jsonl or csv, or leave --format out)`);
  return format ?? (/\.csv$/i.test(path) ? 'csv' : 'jsonl');
}
