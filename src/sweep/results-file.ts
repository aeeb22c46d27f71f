/**
 * The --out results log. Rows are appended as complete lines, a batch's
 * lines with a single write to a file opened for appending, as soon as the
 * batch is done, so a sweep that is interrupted (Ctrl-C, a batch system's
 * time limit, kill -9) loses at most the rules that were being computed.
 * --resume reads the log, cuts off a last line that a kill left
 * half-written, and skips every rule already there.
 */
import { closeSync, fsyncSync, openSync, readFileSync, statSync, truncateSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { InputError } from '../errors.js';
import { CSV_HEADER, formatForFile, parseRows, recordLine, rowLine, type ParsedRows, type RowFormat, type SweepRecord, type ViewFormat } from './format.js';
import { OutputError } from '../report/sink.js';
import { describeFsError } from '../files/fs-errors.js';
import { acquireLock, type Lock } from '../files/lock.js';
import type { SweepRow } from './row.js';

export interface ResultsLog {
  readonly path: string;
  readonly format: RowFormat;
  /** Rule texts already in the file (with --resume). */
  readonly done: ReadonlySet<string>;
  /** Rows already in the file. */
  readonly kept: number;
  /** A half-written last line was cut off. */
  readonly repaired: boolean;
  append(row: SweepRow): void;
  /** Append finished lines in the log's format (UTF-8). */
  appendLines(lines: Uint8Array): void;
  close(): void;
}

const errorCode = describeFsError;

/** Why two records are not one sweep (null: they are). */
export function recordsDiffer(a: SweepRecord, b: SweepRecord): string | null {
  if (a.family !== b.family) return `${a.family}, not ${b.family}`;
  if (a.limit !== b.limit) return `--limit ${a.limit ?? 'by rule kind'}, not ${b.limit ?? 'by rule kind'}`;
  if (a.shard !== b.shard) return `${a.shard ? `shard ${a.shard}` : 'the whole family'}, not ${b.shard ? `shard ${b.shard}` : 'the whole family'}`;
  return null;
}

function readExisting(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new InputError(`--out ${path}: cannot read the file to resume it (${errorCode(error)})`);
  }
}

export function openResultsLog(path: string, options: { format?: ViewFormat; resume: boolean; record: SweepRecord }): ResultsLog {
  let format = formatForFile(path, options.format, '--out');
  // One sweep at a time appends to a file: a second is told who holds it.
  const lock: Lock = acquireLock(path, '--out');
  try {
    return openLocked(path, format, options, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

function openLocked(path: string, initialFormat: RowFormat, options: { format?: ViewFormat; resume: boolean; record: SweepRecord }, lock: Lock): ResultsLog {
  let format = initialFormat;
  let existing: ParsedRows | null = null;
  let existingText = '';
  if (!options.resume) {
    let size = 0;
    try {
      size = statSync(path).size;
    } catch {
      /* a new file */
    }
    if (size > 0) throw new InputError(`--out ${path}: the file exists; add --resume to continue that sweep, or remove the file`);
  } else {
    const text = readExisting(path);
    if (text !== null) {
      existingText = text;
      existing = parseRows(text, path);
      const differs = existing.record && recordsDiffer(existing.record, options.record);
      if (differs) throw new InputError(`--out ${path}: it holds a sweep of ${differs} (this run's); resume with the same family, --limit and --shard, or write to another file`);
      if (existing.format && existing.format !== format) {
        if (options.format) throw new InputError(`--out ${path}: the file holds ${existing.format} rows, not ${format}`);
        format = existing.format;
      }
    }
  }

  let repaired = false;
  let fd: number;
  try {
    if (existing?.truncated) {
      truncateSync(path, Buffer.byteLength(existingText.slice(0, existing.completeLength), 'utf8'));
      repaired = true;
    }
    fd = openSync(path, 'a');
  } catch (error) {
    throw new InputError(`--out ${path}: cannot write there (${errorCode(error)})`);
  }
  const write = (text: string | Uint8Array) => {
    const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    let offset = 0;
    try {
      while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
    } catch (error) {
      // A full disk: the rows already in the file stay, and --resume continues from them.
      throw new OutputError(`--out ${path}: cannot append (${describeFsError(error)}); the rows already written are kept (continue with --resume)`);
    }
  };
  if (statSync(path).size === 0) {
    write(recordLine(options.record, format));
    if (format === 'csv') write(CSV_HEADER + '\r\n');
  }

  const rows = existing?.rows ?? [];
  let open = true;
  return {
    path,
    format,
    done: new Set(rows.map((r) => r.rule)),
    kept: rows.length,
    repaired,
    append: (row) => write(rowLine(row, format)),
    appendLines: (lines) => write(lines),
    close() {
      if (!open) return;
      open = false;
      try {
        fsyncSync(fd);
      } catch {
        /* not every file system syncs */
      }
      closeSync(fd);
      lock.release();
    },
  };
}

export interface ReadResults {
  readonly rows: SweepRow[];
  /** Each file's record and rows, in the order given (for --merge's checks). */
  readonly files: readonly { readonly path: string; readonly record: SweepRecord | null; readonly rows: readonly SweepRow[] }[];
  /** Files whose last line was cut short (and left out). */
  readonly truncated: string[];
}

/** Read results files (--from, --merge), in the order given. */
export async function readResultsFiles(paths: readonly string[], flag: string): Promise<ReadResults> {
  const rows: SweepRow[] = [];
  const truncated: string[] = [];
  const files: { path: string; record: SweepRecord | null; rows: SweepRow[] }[] = [];
  for (const path of paths) {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      throw new InputError(`${flag} ${path}: cannot read the file (${errorCode(error)})`);
    }
    const parsed = parseRows(text, path);
    if (parsed.truncated) truncated.push(path);
    rows.push(...parsed.rows);
    files.push({ path, record: parsed.record, rows: parsed.rows });
  }
  return { rows, truncated, files };
}

/** One row per rule (the first seen wins), in family order unless `order` says otherwise. */
export function mergeRows(rows: readonly SweepRow[], order: (a: SweepRow, b: SweepRow) => number): SweepRow[] {
  const seen = new Map<string, SweepRow>();
  for (const row of rows) if (!seen.has(row.rule)) seen.set(row.rule, row);
  return [...seen.values()].sort(order);
}
