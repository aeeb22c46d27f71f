/**
 * The --out results log. Rows are appended as complete lines, a batch's
 * lines with a single write to a file opened for appending, as soon as the
 * batch is done, so a sweep that is interrupted (Ctrl-C, a batch system's
 * time limit, kill -9) loses at most the rules that were being computed.
 * --resume reads the log line by line, cuts off a last line that a kill
 * left half-written, skips every rule with a result there, and computes the
 * rules whose rows are errors again (a memory limit, a crashed worker: what
 * failed once may not fail again); their new rows are appended, and readers
 * take a result over an error row.
 */
import { closeSync, fsyncSync, openSync, statSync, truncateSync, writeSync } from 'node:fs';
import { InputError, mention, says, type Words } from '../core/errors.js';
import { CSV_HEADER, RowParser, formatForFile, recordLine, rowLine, type RowFormat, type SweepRecord, type ViewFormat } from './format.js';
import { OutputError } from '../host/sink.js';
import { describeFsError } from '../host/files/fs-errors.js';
import { acquireLock, type Lock } from '../host/files/lock.js';
import { notRegular } from '../host/files/input-file.js';
import { COLUMN_NAMES, type SweepRow } from './row.js';
import { positionInShard, type Family, type Shard } from './family.js';
import { IndexSet } from './index-set.js';
import { LineReader } from './line-reader.js';
import { NO_RECORD, RowChecker, forEachRow, openResults, rowMismatch } from './results-read.js';
import { listChangedAfter, listRowChanged } from './rule-list.js';

export interface ResultsLog {
  readonly path: string;
  readonly format: RowFormat;
  /** The rules with a result in the file already (with --resume): their positions in the shard. */
  readonly done: IndexSet;
  /** Rules whose only rows in the file are errors: they are computed again, and their new rows appended. */
  readonly retried: number;
  /** A half-written last line was cut off. */
  readonly repaired: boolean;
  append(row: SweepRow): void;
  /** Append finished lines in the log's format (UTF-8). */
  appendLines(lines: Uint8Array): void;
  close(): void;
}

const errorCode = describeFsError;

/** Why two records are not one sweep (null: they are). Two lists are told apart by their digests (see the resume check), not their file names. */
export function recordsDiffer(a: SweepRecord, b: SweepRecord): Words | string | null {
  if (a.family !== b.family && !(a.rules && b.rules)) return `${a.family}, not ${b.family}`;
  if (a.limit !== b.limit) return says`${mention('limit')} ${a.limit ?? 'by rule kind'}, not ${b.limit ?? 'by rule kind'}`;
  if (a.rareHeaps !== b.rareHeaps) return says`${mention('maxRareHeaps')} ${a.rareHeaps ?? 'by default'}, not ${b.rareHeaps ?? 'by default'}`;
  if (a.rareWork !== b.rareWork) return says`${mention('maxRareWork')} ${a.rareWork ?? 'by default'}, not ${b.rareWork ?? 'by default'}`;
  if (a.defaults && b.defaults && a.defaults !== b.defaults) return `the default limits ${a.defaults}, not ${b.defaults} (another version of sg-explore)`;
  if (a.shard !== b.shard) return `${a.shard ? `shard ${a.shard}` : 'the whole family'}, not ${b.shard ? `shard ${b.shard}` : 'the whole family'}`;
  return null;
}

export interface LogOptions {
  readonly format?: ViewFormat;
  readonly resume: boolean;
  readonly record: SweepRecord;
  /** What the file's rows are checked against on --resume (this run's family and shard). */
  readonly family?: Family;
  readonly shard?: Shard | null;
  /** With --resume: each row the file holds, as it is read (a rule may have an error row and, later, its result). */
  onRow?(row: SweepRow): void;
}

function notRegularOrAbsent(path: string): string | null {
  try {
    return notRegular(statSync(path));
  } catch {
    return null; // absent (made by the append), or unreadable (said by the append)
  }
}

/** Open the --out log: a new file, or with --resume one whose rows are checked against this run and kept. */
export async function openResultsLog(path: string, options: LogOptions): Promise<ResultsLog> {
  const format = formatForFile(path, options.format, mention('out'));
  // One sweep at a time appends to a file: a second is told who holds it.
  const lock: Lock = acquireLock(path, mention('out'));
  try {
    return await openLocked(path, format, options, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** What --resume found in the file. */
interface Existing {
  readonly format: RowFormat | null;
  readonly done: IndexSet;
  readonly retried: number;
  /** Bytes to keep (up to the end of the last complete line), whether anything followed that line, and the file's size. */
  readonly completeBytes: number;
  readonly truncated: boolean;
  readonly size: number;
}

/**
 * Read the file to resume, line by line (any size, in bounded memory): its
 * record must be this run's, and each row must hold the rule its index has
 * in this run's family. A --rules list edited since is refused naming the
 * first line that differs. Keeps only which rules have a result.
 */
async function scanForResume(path: string, options: LogOptions): Promise<Existing | null> {
  let size: number;
  try {
    size = statSync(path).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw InputError.about('bad-file', 'out', path, path, `cannot read the file to resume it (${errorCode(error)})`);
  }
  const handle = await openResults(path, mention('out'));
  try {
    const parser = new RowParser(path);
    const family = options.family;
    const shard = options.shard ?? null;
    const checker = family ? new RowChecker(family, shard, options.record.limit) : null;
    const done = new IndexSet();
    const failed = new IndexSet();
    let recordChecked = false;
    let lastIndex = -1;
    const checkRecord = () => {
      recordChecked = true;
      // Rows with nothing saying what they are a sweep of could be any limit's: appending to them would mix two sweeps.
      if (!parser.record && parser.format !== null) {
        throw InputError.about('mismatch', 'out', path, path, says`the file ${NO_RECORD}, so its rows cannot be shown to be this sweep's (the same family, ${mention('limit')} and ${mention('shard')}); sweep to a new file with ${mention('out')}`);
      }
      const differs = parser.record && recordsDiffer(parser.record, options.record);
      if (differs) throw InputError.about('mismatch', 'out', path, path, says`it holds a sweep of ${differs} (this run's); resume with the flags it was swept with (its first line records them), or write to another file`);
    };
    const { trailing } = await forEachRow(new LineReader(handle), parser, path, (row, line) => {
      if (!recordChecked) checkRecord();
      if (checker) {
        const expected = checker.expected(row.index);
        if (expected !== row.rule) {
          if (family!.kind === 'list') throw new InputError(listRowChanged(family!, row.index, row.rule, path), { code: 'mismatch', field: 'rules', value: path });
          throw new InputError(rowMismatch(mention('out'), path, line.number, row, expected, checker), { code: 'mismatch', value: path });
        }
        const beyond = checker.beyondLimit(mention('out'), path, line.number, row);
        if (beyond) throw new InputError(beyond, { code: 'mismatch', value: path });
      }
      lastIndex = Math.max(lastIndex, row.index);
      options.onRow?.(row);
      const position = positionInShard(row.index, shard);
      (row.kind === 'error' ? failed : done).add(position);
    });
    if (!recordChecked) checkRecord();
    if (trailing) parser.checkTrailing(trailing, 0);
    // A CSV header of an earlier version lacks columns this one writes: appended rows would not line up with it.
    const header = parser.csvHeader;
    const lacking = header ? COLUMN_NAMES.filter((c) => !header.includes(c)) : [];
    if (lacking.length) {
      throw InputError.about('mismatch', 'out', path, path, says`its CSV header has no ${lacking.join(', ')} (an earlier version of sg-explore wrote it), so rows appended now would not line up with it; rewrite it first (${mention('merge')} ${path} ${mention('out')} NEW.csv), then resume NEW.csv`);
    }
    // Every row agreed with the list, yet its digest differs: a line past the rules swept so far changed.
    const before = parser.record?.rules;
    if (family?.kind === 'list' && before && options.record.rules && before !== options.record.rules) throw new InputError(listChangedAfter(family, lastIndex, path), { code: 'mismatch', field: 'rules', value: path });
    let retried = 0;
    for (let p = failed.next(0, true); p !== Infinity; p = failed.next(p + 1, true)) if (!done.has(p)) retried++;
    // Without a record there are no rows either (refused above): blank lines, kept from nothing, so the record goes first.
    const completeBytes = parser.record ? size - Buffer.byteLength(trailing, 'utf8') : 0;
    return { format: parser.format, done, retried, completeBytes, truncated: trailing !== '', size };
  } finally {
    await handle.close();
  }
}

async function openLocked(path: string, initialFormat: RowFormat, options: LogOptions, lock: Lock): Promise<ResultsLog> {
  let format = initialFormat;
  let existing: Existing | null = null;
  // A FIFO or a device would hold the append's open (the process, signals too) or lose what resume reads back.
  const why = notRegularOrAbsent(path);
  if (why) throw InputError.about('bad-file', 'out', path, path, `${why}; a results file is appended to, resumed and merged`);
  if (!options.resume) {
    let size = 0;
    try {
      size = statSync(path).size;
    } catch {
      /* a new file */
    }
    if (size > 0) throw InputError.about('file-exists', 'out', path, path, says`the file exists; add ${mention('resume')} to continue that sweep, or remove the file`);
  } else {
    existing = await scanForResume(path, options);
    if (existing?.format && existing.format !== format) {
      if (options.format) throw InputError.about('mismatch', 'out', path, path, `the file holds ${existing.format} rows, not ${format}`);
      format = existing.format;
    }
  }

  let repaired = false;
  let fd: number;
  try {
    if (existing && existing.completeBytes < existing.size) {
      truncateSync(path, existing.completeBytes);
      repaired = existing.truncated;
    }
    fd = openSync(path, 'a');
  } catch (error) {
    throw InputError.about('bad-file', 'out', path, path, `cannot write there (${errorCode(error)})`);
  }
  const write = (text: string | Uint8Array) => {
    const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    let offset = 0;
    try {
      while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
    } catch (error) {
      // A full disk: the rows already in the file stay, and --resume continues from them.
      throw new OutputError(says`${mention('out')} ${path}: cannot append (${describeFsError(error)}); the rows already written are kept (continue with ${mention('resume')})`);
    }
  };
  if (statSync(path).size === 0) {
    write(recordLine(options.record, format));
    if (format === 'csv') write(CSV_HEADER + '\r\n');
  }

  let open = true;
  return {
    path,
    format,
    done: existing?.done ?? new IndexSet(),
    retried: existing?.retried ?? 0,
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
