/**
 * Sweep rows as JSON lines, CSV (RFC 4180) and a table, and back again.
 * JSON lines and CSV carry every column; they are what --out appends to and
 * what --from, --resume and --merge read.
 */
import Table from 'cli-table3';
import { InputError } from '../errors.js';
import { COLUMNS, COLUMN_NAMES, type RowKind, type SweepRow } from './row.js';
import { CSV_HEADER, type RowFormat } from './row-lines.js';

export type { RowFormat };
export type ViewFormat = RowFormat | 'table';

export { CSV_HEADER };
export { rowLine, rowToCsv, rowToJson } from './row-lines.js';

/** Short headings, so that a table fits a terminal. */
const HEADINGS: Partial<Record<keyof SweepRow, string>> = { preperiod: 'pre', period: 'per', saltus: 's', maxValue: 'max' };
/** Columns given up, in this order, when the table would not fit. */
const DROPPED_FIRST: readonly (keyof SweepRow)[] = ['method', 'computed', 'saltus', 'maxValue', 'proven'];
const MIN_RULE_WIDTH = 12;

/**
 * The rows as a table that fits `width` columns: short headings, the rule
 * column cut with an ellipsis, and the least telling columns left out when
 * even that does not fit (CSV and JSON lines carry every column).
 */
export function renderTable(rows: readonly SweepRow[], colour: boolean, width = 80): string {
  const showError = rows.some((r) => r.error !== null);
  let names = COLUMN_NAMES.filter((n) => n !== 'index' && (n !== 'error' || showError)) as (keyof SweepRow)[];
  const text = (row: SweepRow, n: keyof SweepRow) => (row[n] === null ? '' : String(row[n]));
  const natural = (n: keyof SweepRow) => Math.max((HEADINGS[n] ?? n).length, ...rows.map((r) => text(r, n).length));
  // Every column costs its width, two spaces of padding and a border.
  const fixed = (list: readonly (keyof SweepRow)[]) => list.filter((n) => n !== 'rule' && n !== 'error').reduce((sum, n) => sum + natural(n) + 3, 1);
  const room = (list: readonly (keyof SweepRow)[]) => width - fixed(list) - 3 - (list.includes('error') ? 3 + 12 : 0);
  for (const drop of DROPPED_FIRST) {
    if (room(names) >= MIN_RULE_WIDTH) break;
    names = names.filter((n) => n !== drop);
  }
  const ruleWidth = Math.max(MIN_RULE_WIDTH, Math.min(natural('rule'), room(names)));
  const widths = names.map((n) => (n === 'rule' ? ruleWidth : n === 'error' ? 12 : natural(n)) + 2);
  const table = new Table({
    head: names.map((n) => HEADINGS[n] ?? n),
    colWidths: widths,
    style: colour ? { head: ['cyan'], border: ['grey'] } : { head: [], border: [] },
    // No rule between rows: one line per rule.
    chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
    colAligns: names.map((n) => (COLUMNS.find((c) => c.name === n)!.type === 'number' ? 'right' : 'left')),
  });
  for (const row of rows) table.push(names.map((n) => text(row, n)));
  const left = COLUMN_NAMES.filter((n) => n !== 'index' && !names.includes(n as keyof SweepRow) && (n !== 'error' || showError));
  const note = left.length ? ` (not shown for the width: ${left.join(', ')}; --format csv has every column)` : '';
  return table.toString() + '\n' + `${rows.length} rule${rows.length === 1 ? '' : 's'}${note}\n`;
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

/**
 * What a results file (--out) is a sweep of, on its first line: the family,
 * its size, the shard and the per-rule limit. The rows' numbers depend on
 * all of these, so --resume and --merge refuse files that differ in them.
 * JSON lines: an object {"sweep": {...}}; CSV: a comment line "# {...}".
 */
export interface SweepRecord {
  readonly format: 'sg-explore-sweep';
  readonly version: 2;
  /** The family in words (describeFamily). */
  readonly family: string;
  /** How many rules the whole family holds. */
  readonly size: number;
  /** "i/n", or null for the whole family. */
  readonly shard: string | null;
  /** --limit, or null for the default limits by rule kind. */
  readonly limit: number | null;
}

export function recordLine(record: SweepRecord, format: RowFormat): string {
  const json = JSON.stringify({ sweep: record });
  return format === 'jsonl' ? json + '\n' : `# ${json}\r\n`;
}

function parseRecord(line: string, where: string): SweepRecord {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line.replace(/^#\s*/, ''));
  } catch {
    throw new InputError(`${where}: not a sweep record line`);
  }
  const r = (parsed as { sweep?: Partial<SweepRecord> } | null)?.sweep;
  if (!r || r.format !== 'sg-explore-sweep' || typeof r.family !== 'string' || typeof r.size !== 'number') throw new InputError(`${where}: not a sweep record line`);
  return { format: 'sg-explore-sweep', version: 2, family: r.family, size: r.size, shard: r.shard ?? null, limit: r.limit ?? null };
}

export interface ParsedRows {
  /** What the file is a sweep of (files written before the record existed have none). */
  readonly record: SweepRecord | null;
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
  let sweepRecord: SweepRecord | null = null;
  if (firstText.startsWith('{')) format = 'jsonl';
  else if (firstText.startsWith('# {"sweep"')) format = 'csv';
  else if (firstText.startsWith('index,') || firstText.startsWith('"index"') || (truncated && lines.length === 0 && CSV_HEADER.startsWith(firstText))) format = 'csv';
  else if (firstText !== '') throw new InputError(`${source}:1: not a sweep results file (expected JSON lines or CSV with the header ${CSV_HEADER})`);
  lines.forEach((raw, i) => {
    const line = raw.replace(/\r$/, '').replace(/^\uFEFF/, '');
    const where = `${source}:${i + 1}`;
    if (line.trim() === '') return;
    if (i === 0 && (line.startsWith('#') || line.startsWith('{"sweep"'))) {
      sweepRecord = parseRecord(line, where);
      return;
    }
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
  return { record: sweepRecord, format, rows, completeLength, truncated };
}

/** A file format from --format or the file name (.csv is CSV, anything else JSON lines). */
export function formatForFile(path: string, format: ViewFormat | undefined, flag: string): RowFormat {
  if (format === 'table') throw new InputError(`${flag} ${path}: a results file is jsonl or csv, not a table (use --format jsonl or csv, or leave --format out)`);
  return format ?? (/\.csv$/i.test(path) ? 'csv' : 'jsonl');
}
