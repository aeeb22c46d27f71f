/**
 * Sweep rows as JSON lines, CSV (RFC 4180) and a table, and back again.
 * JSON lines and CSV carry every column; they are what --out appends to and
 * what --from, --resume and --merge read.
 */
import Table from 'cli-table3';
import { InputError, mention, says, type Wording } from '../core/errors.js';
import { COLUMNS, COLUMN_NAMES, STATISTICS_COLUMNS, type RowKind, type SweepRow } from './row.js';
import { CSV_HEADER, ROW_FORMATS, type RowFormat } from './row-lines.js';

export type { RowFormat };
/**
 * A sweep's formats are its own list, not the report formats' registry (src/report/formats.ts): a sweep
 * row is not a result but a record, written by workers as finished lines, appended to a results file
 * and read back by --from, --resume and --merge, so a file format must be one these rows parse from
 * (jsonl, csv); a view adds only the gathered table.
 */
export type ViewFormat = RowFormat | 'table';
/** A view's formats, the default first. */
export const VIEW_FORMATS: readonly ViewFormat[] = ['table', ...ROW_FORMATS];

export { CSV_HEADER };
export { rowLine, rowToCsv, rowToJson } from './row-lines.js';

/** Short headings, so that a table fits a terminal. */
const HEADINGS: Partial<Record<keyof SweepRow, string>> = { preperiod: 'pre', period: 'per', saltus: 's', maxValue: 'max', largestAt: 'max at', rareMask: 'mask', rareHeaps: 'rare', lastRareHeap: 'last rare' };
/** Columns given up, in this order, when the table would not fit (after those that hold one value in every row). */
const DROPPED_FIRST: readonly (keyof SweepRow)[] = ['lastRareHeap', 'rareHeaps', 'rareMask', 'largestAt', 'method', 'computed', 'saltus', 'maxValue', 'proven'];
const MIN_RULE_WIDTH = 12;
/** The kind, shortened when even that helps the rule fit. */
const SHORT_KINDS: Partial<Record<string, string>> = { 'arithmetic-periodic': 'arith-periodic' };

/**
 * The rows as a table that fits `width` columns. The rule is what tells rows
 * apart, so it is the last thing cut: first the columns that hold one value
 * in every row go (the footer gives that value), then the least telling
 * ones, then the kind is shortened; only then is the rule cut with an
 * ellipsis. Every line fits the width (CSV and JSON lines carry every column).
 */
export function renderTable(rows: readonly SweepRow[], colour: boolean, width = 80): string {
  const showError = rows.some((r) => r.error !== null);
  // The statistics columns only where some row has them (rows with no period proven), as the error column.
  const hidden = new Set<string>(['index', ...(showError ? [] : ['error']), ...STATISTICS_COLUMNS.filter((n) => rows.every((r) => r[n] === null))]);
  let names = COLUMN_NAMES.filter((n) => !hidden.has(n)) as (keyof SweepRow)[];
  let shortKinds = false;
  const text = (row: SweepRow, n: keyof SweepRow) => {
    const value = row[n] === null ? '' : String(row[n]);
    return n === 'kind' && shortKinds ? SHORT_KINDS[value] ?? value : value;
  };
  // Folded, not spread: a table of half a million rows would overflow the stack as arguments.
  const natural = (n: keyof SweepRow) => rows.reduce((widest, r) => Math.max(widest, text(r, n).length), (HEADINGS[n] ?? n).length);
  // Every column costs its width, two spaces of padding and a border.
  const fixed = (list: readonly (keyof SweepRow)[]) => list.filter((n) => n !== 'rule' && n !== 'error').reduce((sum, n) => sum + natural(n) + 3, 1);
  const room = (list: readonly (keyof SweepRow)[]) => width - fixed(list) - 3 - (list.includes('error') ? 3 + 12 : 0);
  const ruleFits = () => room(names) >= natural('rule');
  const same = (n: keyof SweepRow) => rows.length > 1 && n !== 'rule' && rows.every((r) => text(r, n) === text(rows[0]!, n));
  // The least telling first, among the constant columns too.
  const constant = [...DROPPED_FIRST, ...names.filter((n) => !DROPPED_FIRST.includes(n))].filter((n) => names.includes(n) && same(n));
  const constants: (keyof SweepRow)[] = [];
  for (const drop of [...constant, ...DROPPED_FIRST.filter((n) => !constant.includes(n))]) {
    if (ruleFits()) break;
    if (constant.includes(drop)) constants.push(drop);
    names = names.filter((n) => n !== drop);
  }
  if (!ruleFits()) shortKinds = true;
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
  const left = COLUMN_NAMES.filter((n) => !hidden.has(n) && !names.includes(n as keyof SweepRow) && !constants.includes(n as keyof SweepRow));
  const notes = [`${rows.length} rule${rows.length === 1 ? '' : 's'}`];
  if (constants.length) notes.push(`in every row ${constants.map((n) => `${n}=${rows[0]![n] === null ? 'null' : String(rows[0]![n])}`).join(', ')}`);
  if (left.length) notes.push(`not shown for the width: ${left.join(', ')}`);
  if (constants.length || left.length) notes.push('--format csv has every column');
  return table.toString() + '\n' + wrap(notes.join('; '), width) + '\n';
}

/** Text in lines of at most `width` columns, broken at spaces (a word longer than a line stands alone). */
export function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
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
  /**
   * A --rules list's digest (ruleListDigest): the family's words name only
   * the file, and a list edited between two runs is another sweep.
   */
  readonly rules?: string;
  /** Without --limit: the per-rule defaults the rows were computed under (describeSweepDefaults). */
  readonly defaults?: string;
  /** --rare-heaps, when given (absent: the default, SWEEP_MAX_RARE_HEAPS). */
  readonly rareHeaps?: number;
  /** --rare-work, when given (absent: RARE_WORK_PER_HEAP times the rare heaps allowed); older files never have it. */
  readonly rareWork?: number;
}

export function recordLine(record: SweepRecord, format: RowFormat): string {
  const json = JSON.stringify({ sweep: record });
  return format === 'jsonl' ? json + '\n' : `# ${json}\r\n`;
}

export function parseRecord(line: string, where: string): SweepRecord {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line.replace(/^#\s*/, ''));
  } catch {
    throw new InputError(`${where}: not a sweep record line`);
  }
  const r = (parsed as { sweep?: Partial<SweepRecord> } | null)?.sweep;
  if (!r || r.format !== 'sg-explore-sweep' || typeof r.family !== 'string' || typeof r.size !== 'number') throw new InputError(`${where}: not a sweep record line`);
  const record: SweepRecord = { format: 'sg-explore-sweep', version: 2, family: r.family, size: r.size, shard: r.shard ?? null, limit: r.limit ?? null };
  return { ...record, ...(typeof r.rules === 'string' ? { rules: r.rules } : {}), ...(typeof r.defaults === 'string' ? { defaults: r.defaults } : {}), ...(typeof r.rareHeaps === 'number' ? { rareHeaps: r.rareHeaps } : {}), ...(typeof r.rareWork === 'number' ? { rareWork: r.rareWork } : {}) };
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
 * Reads a results file line by line (see LineReader for files of any size).
 * The format is told by the first line that is not blank (a JSON object, the
 * sweep record, or the CSV header). Any bad line is an error naming
 * source:line. A last line without its line break is a write that was cut
 * short: the caller leaves it out, after checkTrailing().
 */
export class RowParser {
  format: RowFormat | null = null;
  record: SweepRecord | null = null;
  private header: string[] | null = null;

  constructor(private readonly source: string) {}

  /** A CSV file's header, once read (null for JSON lines, or before it). */
  get csvHeader(): readonly string[] | null {
    return this.header;
  }

  /** A parser for a later stretch of the same file: its format and CSV header already known. */
  continuation(): RowParser {
    const next = new RowParser(this.source);
    next.format = this.format;
    next.record = this.record;
    next.header = this.header;
    return next;
  }

  /** The row a complete line holds (without its line break), or null for the record, the CSV header or a blank line. */
  line(raw: string, number: number): SweepRow | null {
    let line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (number === 1) line = line.replace(/^\uFEFF/, '');
    // A row starts with '{' or a digit; only other lines need a closer look (a blank one is skipped).
    const first = line.charCodeAt(0);
    if (first !== 123 && !(first >= 48 && first <= 57) && line.trim() === '') return null;
    const where = () => `${this.source}:${number}`;
    if (this.format === null) this.format = formatOf(line, where(), false);
    if (number === 1 && (line.startsWith('#') || line.startsWith('{"sweep"'))) {
      this.record = parseRecord(line, where());
      return null;
    }
    let record: Record<string, unknown> | null = null;
    if (this.format === 'jsonl') {
      const row = canonicalRow(line);
      if (row) return row;
      try {
        const parsed: unknown = JSON.parse(line);
        record = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
      } catch {
        record = null;
      }
    } else if (this.header === null) {
      this.header = splitCsvLine(line);
      if (!this.header || !this.header.includes('index') || !this.header.includes('rule') || !this.header.includes('kind')) {
        throw new InputError(`${where()}: not a sweep results header (expected ${CSV_HEADER})`);
      }
      return null;
    } else {
      const fields = splitCsvLine(line);
      record = fields && csvRecord(fields, this.header);
    }
    const row = record && toRow(record);
    if (!row) throw new InputError(`${where()}: not a sweep results row`);
    return row;
  }

  /** A file that is nothing but a line cut short must still look like the start of a results file. */
  checkTrailing(text: string, number: number): void {
    const start = text.replace(/^\uFEFF/, '').trimStart();
    if (this.format === null && start !== '') this.format = formatOf(start, `${this.source}:${number}`, true);
  }
}

function formatOf(line: string, where: string, cutShort: boolean): RowFormat {
  const text = line.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('{')) return 'jsonl';
  if (text.startsWith('# {"sweep"') || text.startsWith('index,') || text.startsWith('"index"') || (cutShort && CSV_HEADER.startsWith(text))) return 'csv';
  throw new InputError(`${where}: not a sweep results file (expected JSON lines or CSV with the header ${CSV_HEADER})`);
}

/** Parse a whole results file's text (small files; LineReader reads large ones). */
export function parseRows(text: string, source: string): ParsedRows {
  const lastBreak = text.lastIndexOf('\n');
  const completeLength = lastBreak + 1;
  const truncated = completeLength < text.length;
  const lines = text.slice(0, completeLength).split('\n');
  lines.pop(); // after the final '\n'
  const parser = new RowParser(source);
  const rows: SweepRow[] = [];
  lines.forEach((line, i) => {
    const row = parser.line(line, i + 1);
    if (row) rows.push(row);
  });
  if (truncated) parser.checkTrailing(text.slice(completeLength), lines.length + 1);
  return { record: parser.record, format: parser.format, rows, completeLength, truncated };
}

/**
 * A row in exactly the layout rowToJson writes (every row a sweep appends),
 * read by one regular expression: about three times as fast as JSON.parse
 * and the checks after it, which is most of the time of reading a large
 * file. Any other line (other spacing or key order, escapes in a text, a
 * number written otherwise) is left to JSON.parse: null here.
 */
const TEXT = '[^"\\\\\\u0000-\\u001f]';
const COUNT = '(?:0|[1-9]\\d{0,14})';
const CANONICAL_ROW = new RegExp(
  `^\\{"index":(${COUNT}),"rule":"(${TEXT}+)","kind":"(periodic|arithmetic-periodic|none|error)","preperiod":(null|${COUNT}),"period":(null|${COUNT}),` +
    `"saltus":(null|-?${COUNT}),"proven":(true|false),"method":(null|"${TEXT}*"),"maxValue":(null|-?${COUNT}),"computed":(null|${COUNT}),` +
    `"largestAt":(null|${COUNT}),"rareMask":(null|${COUNT}),"rareHeaps":(null|${COUNT}),"lastRareHeap":(null|${COUNT}),"error":(null|"${TEXT}*")\\}$`,
);

function canonicalRow(line: string): SweepRow | null {
  const m = CANONICAL_ROW.exec(line);
  if (!m) return null;
  const count = (text: string) => (text === 'null' ? null : Number(text));
  const words = (text: string) => (text === 'null' ? null : text.slice(1, -1));
  return {
    index: Number(m[1]),
    rule: m[2]!,
    kind: m[3] as RowKind,
    preperiod: count(m[4]!),
    period: count(m[5]!),
    saltus: count(m[6]!),
    proven: m[7] === 'true',
    method: words(m[8]!),
    maxValue: count(m[9]!),
    computed: count(m[10]!),
    largestAt: count(m[11]!),
    rareMask: count(m[12]!),
    rareHeaps: count(m[13]!),
    lastRareHeap: count(m[14]!),
    error: words(m[15]!),
  };
}

/** A file format from --format or the file name (.csv is CSV, anything else JSON lines). */
export function formatForFile(path: string, format: ViewFormat | undefined, flag: Wording): RowFormat {
  if (format === 'table') throw new InputError(says`${flag} ${path}: a results file is jsonl or csv, not a table (use ${mention('format')} jsonl or csv, or leave ${mention('format')} out)`, { code: 'not-applicable', value: format });
  return format ?? (/\.csv$/i.test(path) ? 'csv' : 'jsonl');
}
