/**
 * Reading results files of any size in bounded memory (--from, --merge; the
 * resume check in results-file.ts uses the same pieces).
 *
 * A first pass reads each file line by line: it checks every line (a bad
 * one is an error naming file:line before anything is written), checks each
 * row against the family its record names, and notes the stretches of the
 * file whose rows are in family order. A sweep writes its rows in family
 * order, so a file is one such stretch, or a few (a resume that retried
 * error rows appends their new rows after the old ones). The second pass
 * merges the stretches of every file as sorted runs: one row per rule, in
 * family order, holding one line per stretch in memory.
 */
import type { FileHandle } from 'node:fs/promises';
import { InputError, mention, quote, says, type Wording, type Words } from '../core/errors.js';
import { formatCount } from '../core/numbers.js';
import { describeFsError } from '../host/files/fs-errors.js';
import { fsPromises } from '../host/builtins.js';
import { notRegular } from '../host/files/input-file.js';
import { constants } from 'node:fs';
import { FamilyCursor, describeFamily, familyFromDescription, inShard, positionInShard, type Family, type Shard } from './family.js';
import { RowParser, rowLine, type RowFormat, type SweepRecord } from './format.js';
import { IndexSet } from './index-set.js';
import { LineReader, LineTooLong, type Line } from './line-reader.js';
import { naturalCompare } from './query.js';
import { STATISTICS_COLUMNS, type SweepRow } from './row.js';
import { heapPush, heapSiftDown, heapTake } from './binary-heap.js';

/** Open a results file for reading; a file that cannot be read is bad input naming the flag. */
export async function openResults(path: string, flag: Wording): Promise<FileHandle> {
  let handle: FileHandle | null = null;
  try {
    // Without blocking: a FIFO is refused at once, not waited on (it could not be read twice, as a scan and a view do).
    handle = await fsPromises().open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const why = notRegular(await handle.stat());
    if (why) throw new Error(why);
    return handle;
  } catch (error) {
    await handle?.close();
    throw new InputError(says`${flag} ${path}: cannot read the file (${describeFsError(error)})`, { code: 'bad-file', value: path });
  }
}

/**
 * Every row of a stretch of a file, in file order, each checked by the
 * parser; `visit` is called with the row and its line. Resolves with the
 * bytes after the last complete line (a line cut short; 0 when none).
 */
export async function forEachRow(reader: LineReader, parser: RowParser, path: string, visit: (row: SweepRow, line: Line) => void): Promise<{ trailing: string }> {
  try {
    for (;;) {
      const line = reader.take();
      if (line === undefined) {
        await reader.fill();
        continue;
      }
      if (line === null) break;
      const row = parser.line(line.text, line.number);
      if (row) visit(row, line);
    }
  } catch (error) {
    if (error instanceof LineTooLong) throw new InputError(`${path}:${error.lineNumber}: not a sweep results file (a line longer than any row)`);
    throw error;
  }
  return { trailing: reader.trailingText() };
}

/**
 * Why a results file cannot be resumed or merged: without its first line
 * (what a sweep writes to standard output) nothing says which family,
 * limit and shard its rows were computed under.
 */
export const NO_RECORD = 'has no header line saying which sweep it holds (a sweep writes none to standard output)';

/**
 * Checks rows against the sweep a results file records: a row's index must
 * be one of the family's (and of the shard's), holding the rule the row
 * names, and with an explicit limit no row may have computed more values
 * (a row of a sweep with a higher limit, added to the file).
 */
export class RowChecker {
  private readonly cursor: FamilyCursor;

  constructor(
    readonly family: Family,
    readonly shard: Shard | null,
    /** The sweep's --limit; null for the limits by rule kind. */
    readonly limit: number | null = null,
  ) {
    this.cursor = new FamilyCursor(family);
  }

  /** The rule at the row's index (canonical text), or null when the family or shard has no such index. */
  expected(index: number): string | null {
    return inShard(index, this.shard) ? this.cursor.textAt(index) : null;
  }

  /** Why the row cannot be one of this sweep's, by its values (null: it may be); `expected()` checks its rule. */
  beyondLimit(flag: Wording, path: string, line: number, row: SweepRow): Words | null {
    if (this.limit === null || row.computed === null || row.computed <= this.limit) return null;
    return says`${flag} ${path}:${line}: the row of ${quote(row.rule)} computed ${row.computed} values, more than the sweep's ${mention('limit')} ${this.limit}; rows of another sweep were added to the file`;
  }
}

/** Why a row does not belong to its family (`expected`: the family's rule at the row's index, or null for none). */
export function rowMismatch(flag: Wording, path: string, line: number, row: SweepRow, expected: string | null, checker: RowChecker): Words {
  const family = `${describeFamily(checker.family)}${checker.shard ? ` (shard ${checker.shard.index}/${checker.shard.count})` : ''}`;
  const but = expected === null ? `${family} has no rule #${row.index}` : `rule #${row.index} of ${family} is ${quote(expected)}`;
  return says`${flag} ${path}:${line}: the row of ${quote(row.rule)} has index ${row.index}, but ${but}; the file was changed after the sweep wrote it`;
}

/** A stretch of a file whose rows are in family order: a sorted run for the merge. */
interface Run {
  readonly start: number;
  readonly end: number;
  readonly firstLine: number;
}

/** What the first pass found in one file. */
export interface FileScan {
  readonly path: string;
  readonly record: SweepRecord | null;
  readonly format: RowFormat | null;
  /** The file ended in a line cut short (left out). */
  readonly truncated: boolean;
  /** How many of the shard's rules have a row (for --merge's completeness check). */
  readonly rulesPresent: number;
  readonly runs: readonly Run[];
  /** The file's format (and CSV header), for reading its runs. */
  readonly parser: RowParser;
}

/** More sorted stretches than this in all files is no sweep's output: refused, not read with a line buffer each. */
export const MAX_RUNS = 4096;

/** Family order: by index, then rule (rows of different families may share an index). */
function before(a: { index: number; rule: string }, b: { index: number; rule: string }): number {
  return a.index - b.index || (a.rule === b.rule ? 0 : naturalCompare(a.rule, b.rule));
}

/** The first pass over one file (see the module comment). */
export async function scanResults(path: string, flag: Wording): Promise<FileScan> {
  const handle = await openResults(path, flag);
  try {
    const parser = new RowParser(path);
    const reader = new LineReader(handle);
    const runs: Run[] = [];
    let runStart: Line | null = null;
    let previous: SweepRow | null = null;
    let lastEnd = 0;
    let checker: RowChecker | null | undefined;
    let shard: Shard | null = null;
    const present = new IndexSet();
    const { trailing } = await forEachRow(reader, parser, path, (row, line) => {
      if (checker === undefined) {
        // The record is the first line: every row is checked against the family it names.
        shard = parser.record?.shard ? parseShardText(parser.record.shard) : null;
        const family = parser.record && familyFromDescription(parser.record.family);
        checker = family ? new RowChecker(family, shard, parser.record?.limit ?? null) : null;
      }
      if (checker) {
        const expected = checker.expected(row.index);
        if (expected !== row.rule) throw new InputError(rowMismatch(flag, path, line.number, row, expected, checker), { code: 'mismatch', value: path });
        const beyond = checker.beyondLimit(flag, path, line.number, row);
        if (beyond) throw new InputError(beyond, { code: 'mismatch', value: path });
      }
      const position = positionInShard(row.index, shard);
      if (Number.isInteger(position)) present.add(position);
      if (!runStart || (previous && before(row, previous) < 0)) {
        if (runStart) runs.push({ start: runStart.start, end: line.start, firstLine: runStart.number });
        runStart = line;
      }
      previous = row;
      lastEnd = line.end;
    });
    if (runStart) runs.push({ start: (runStart as Line).start, end: lastEnd, firstLine: (runStart as Line).number });
    if (trailing) parser.checkTrailing(trailing, reader.lineNumber);
    return { path, record: parser.record, format: parser.format, truncated: trailing !== '', rulesPresent: present.size, runs, parser };
  } finally {
    await handle.close();
  }
}

/** "i/n" as written in a record. */
function parseShardText(text: string): Shard | null {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  return m ? { index: Number(m[1]), count: Number(m[2]) } : null;
}

/** Two rows of one rule from different files (or runs) that differ in a result. */
export interface Disagreement {
  readonly rule: string;
  readonly index: number;
  readonly first: string;
  readonly second: string;
  /** The first column in which they differ, with both values. */
  readonly column: string;
}

export interface MergeOptions {
  /** Rows of one index with different rules are an error (--merge: shards of one sweep), or both kept (--from). */
  readonly oneRulePerIndex: boolean;
  /** Called when two rows of one rule disagree; the first file's row is kept when it returns. */
  onDisagreement(d: Disagreement): void;
}

interface Cursor {
  row: SweepRow;
  readonly order: number;
  readonly path: string;
  readonly reader: LineReader;
  readonly parser: RowParser;
}

/**
 * The second pass: the rows of every file, one per rule, in family order. Of
 * several rows for a rule a result beats an error row (a resume retried it);
 * of several error rows the last written is kept.
 */
export async function* mergedRows(scans: readonly FileScan[], options: MergeOptions): AsyncGenerator<SweepRow> {
  const runCount = scans.reduce((sum, s) => sum + s.runs.length, 0);
  if (runCount > MAX_RUNS) {
    const worst = [...scans].sort((a, b) => b.runs.length - a.runs.length)[0]!;
    throw new InputError(`${worst.path}: its rows are out of family order in ${formatCount(worst.runs.length)} places (not as a sweep writes them); more than ${formatCount(MAX_RUNS)} in all are not merged`);
  }
  // Each run reads through a small buffer of its own: together about 16 MiB at most.
  const bufferSize = Math.max(1 << 12, Math.min(1 << 20, Math.floor((16 << 20) / Math.max(1, runCount))));
  const handles: FileHandle[] = [];
  try {
    const heap: Cursor[] = [];
    let order = 0;
    for (const scan of scans) {
      if (scan.runs.length === 0) continue;
      const handle = await fsPromises().open(scan.path, 'r');
      handles.push(handle);
      for (const run of scan.runs) {
        const parser = scan.parser.continuation();
        const cursor = { order: order++, path: scan.path, reader: new LineReader(handle, run.start, run.end, run.firstLine, bufferSize), parser, row: null as unknown as SweepRow };
        if (await advance(cursor)) heapPush(heap, cursor, less);
      }
    }
    while (heap.length) {
      const top = heap[0]!;
      const group: { row: SweepRow; path: string }[] = [];
      const key = top.row;
      // Every row of this index and rule, in file order (the heap breaks ties by run order).
      while (heap.length && before(heap[0]!.row, key) === 0) {
        const cursor = heap[0]!;
        group.push({ row: cursor.row, path: cursor.path });
        if (await advance(cursor)) heapSiftDown(heap, 0, less);
        else heapTake(heap, less);
      }
      if (options.oneRulePerIndex && heap.length && heap[0]!.row.index === key.index) {
        const other = heap[0]!;
        throw new InputError(says`${mention('merge')}: ${group[0]!.path} has ${quote(key.rule)} as rule #${key.index}, and ${other.path} ${quote(other.row.rule)}; they are not shards of one sweep`, { code: 'mismatch', value: other.path });
      }
      yield choose(group, options);
    }
  } finally {
    await Promise.all(handles.map((h) => h.close()));
  }
}

/** A row with no statistics columns (a proven row, or one from a file written before them). */
const lacksStatistics = (row: SweepRow): boolean => STATISTICS_COLUMNS.every((c) => row[c] === null);
const withoutStatistics = (row: SweepRow): SweepRow => ({ ...row, largestAt: null, rareMask: null, rareHeaps: null, lastRareHeap: null });

/**
 * Of one rule's rows: the first result (others must agree with it), else the
 * last error row. A row of an older file, without the statistics columns,
 * agrees with a newer one that has them when every other column does; the
 * newer row is kept.
 */
function choose(group: readonly { row: SweepRow; path: string }[], options: MergeOptions): SweepRow {
  if (group.length === 1) return group[0]!.row;
  const results = group.filter((g) => g.row.kind !== 'error');
  if (results.length === 0) return group[group.length - 1]!.row;
  const first = results[0]!;
  let kept = first.row;
  const text = rowLine(first.row, 'jsonl');
  for (const other of results.slice(1)) {
    if (rowLine(other.row, 'jsonl') === text) continue;
    if ((lacksStatistics(first.row) || lacksStatistics(other.row)) && rowLine(withoutStatistics(other.row), 'jsonl') === rowLine(withoutStatistics(first.row), 'jsonl')) {
      if (lacksStatistics(kept)) kept = other.row;
      continue;
    }
    const column = (Object.keys(first.row) as (keyof SweepRow)[]).find((k) => first.row[k] !== other.row[k])!;
    options.onDisagreement({
      rule: first.row.rule,
      index: first.row.index,
      first: first.path,
      second: other.path,
      column: `${column} ${String(first.row[column])} in ${first.path}, ${String(other.row[column])} in ${other.path}`,
    });
  }
  return kept;
}

async function advance(cursor: Cursor): Promise<boolean> {
  for (;;) {
    const line = cursor.reader.take();
    if (line === undefined) {
      await cursor.reader.fill();
      continue;
    }
    if (line === null) return false;
    const row = cursor.parser.line(line.text, line.number);
    if (row) {
      cursor.row = row;
      return true;
    }
  }
}

const less = (a: Cursor, b: Cursor) => (before(a.row, b.row) || a.order - b.order) < 0;
