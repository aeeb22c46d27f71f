/**
 * The `sweep --frequencies FILE` file: its first line the sweep's record (as
 * the results file's, see format.ts), then one line per rule with no period
 * proven (frequency-line.ts), in rule order once the sweep ends.
 *
 * While the sweep runs, lines are appended as batches come back, each with a
 * write of its own before its rule's row can reach --out (rows are handed on
 * in order, later): so whatever stops the run, every row in the results file
 * has its line here. --resume keeps the lines of the rows it keeps, after
 * checking that the file is the same sweep's (record) and that each line is
 * its row's (rule, heaps); a line whose row is not kept is dropped (its rule
 * is computed again), and a kept row with no line is named in `missing`, for
 * the caller to compute again. The end rewrites the file whole, sorted: the
 * same bytes as a run never stopped.
 */
import { closeSync, openSync, readFileSync, renameSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { InputError, mention, says } from '../core/errors.js';
import { writeOutputFile } from '../host/files/output-file.js';
import { describeFsError } from '../host/files/fs-errors.js';
import { OutputError } from '../host/sink.js';
import { parseRecord, recordLine, type SweepRecord } from './format.js';
import { recordsDiffer } from './results-file.js';

/** A row of the results file that --resume keeps and that needs a line: no period proven. */
export interface KeptRow {
  readonly index: number;
  readonly rule: string;
  readonly computed: number;
}

export interface FrequenciesFile {
  readonly path: string;
  /** Kept rows (with --resume) that have no line in the file: their rules must be computed again for it. */
  readonly missing: readonly KeptRow[];
  /** Take lines as a batch brings them (any order); written at once where the file streams. */
  add(lines: string): void;
  /** Write the file whole, in rule order. */
  finish(): Promise<void>;
  /** Let go of the file without finishing it: what was appended stays, for --resume. */
  close(): void;
}

const flag = mention('frequencies');

function refuse(path: string, reason: ReturnType<typeof says> | string): InputError {
  return InputError.about('mismatch', 'frequencies', path, path, reason);
}

/** Whether the path can be appended to and read back (absent, or a regular file); a FIFO or a device is written once, at the end. */
function streams(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return true;
  }
}

interface Line {
  readonly index: number;
  readonly text: string;
}

function parseLine(text: string, where: string): Line & { rule: unknown; heaps: unknown } {
  let parsed: { index?: unknown; rule?: unknown; heaps?: unknown } | null;
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    parsed = null;
  }
  if (!parsed || typeof parsed !== 'object' || !Number.isSafeInteger(parsed.index)) throw new InputError(`${where}: not a frequency line (a JSON object with index, rule, heaps and frequencies)`);
  return { index: parsed.index as number, text, rule: parsed.rule, heaps: parsed.heaps };
}

/**
 * The lines of the file to resume that belong to kept rows, checked against
 * them; the file's record must be this run's. A last line without its line
 * break (a kill mid-write) is left out: its row cannot be in the results file.
 */
function keptLines(path: string, record: SweepRecord, kept: ReadonlyMap<number, KeptRow>): Map<number, Line> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw InputError.about('bad-file', 'frequencies', path, path, `cannot read the file to resume it (${describeFsError(error)})`);
  }
  const lines = text.split('\n');
  lines.pop(); // '' after the last line break, or a half-written line
  if (lines.length === 0) return new Map();
  const first = lines[0]!;
  if (!first.startsWith('{"sweep"')) {
    throw refuse(path, says`its first line is not a sweep's record (an earlier version wrote it, or another program), so its lines cannot be shown to be this sweep's; give ${flag} a new file (the rows kept are computed again for their lines)`);
  }
  const theirs = parseRecord(first, `${path}, line 1`);
  const differs = recordsDiffer(theirs, record);
  if (differs) throw refuse(path, says`it holds the frequencies of a sweep of ${differs} (this run's); resume with the same file it was written with`);
  if (theirs.rules !== record.rules || theirs.size !== record.size) throw refuse(path, `it holds the frequencies of a sweep of another version of ${record.family.replace(/^the rules in /, '')} (their rule lists' digests differ)`);
  const found = new Map<number, Line>();
  lines.slice(1).forEach((text, i) => {
    if (text === '') return;
    const line = parseLine(text, `${flag.field} ${path}, line ${i + 2}`);
    const row = kept.get(line.index);
    if (!row) return; // its row did not reach the results file: the rule is computed again
    if (line.rule !== row.rule || line.heaps !== row.computed - 1) {
      throw refuse(path, `line ${i + 2} is ${String(line.rule)} (rule #${line.index}) over heaps 1..${String(line.heaps)}, where the results file's row is ${row.rule} with ${row.computed} values computed; resume with the frequencies file written with the results file`);
    }
    const before = found.get(line.index);
    if (before && before.text !== text) throw refuse(path, `it holds two different lines for ${row.rule} (rule #${row.index})`);
    found.set(line.index, line);
  });
  return found;
}

/** Write `text` as the file, replacing it in one step (a kill leaves the old file or the new one, never half of one). */
function replaceWhole(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.part`;
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } catch (error) {
    throw InputError.about('bad-file', 'frequencies', path, path, `cannot write there (${describeFsError(error)})`);
  }
}

/**
 * Open the frequencies file: a new one, or with `kept` (--resume: the rows
 * the results file keeps that need a line) the one written with that
 * results file, its kept lines checked and kept.
 */
export function openFrequenciesFile(path: string, record: SweepRecord, kept: ReadonlyMap<number, KeptRow> | null): FrequenciesFile {
  const appending = streams(path);
  if (kept && !appending) throw InputError.about('bad-file', 'frequencies', path, path, 'not a regular file, so what an earlier run wrote there cannot be read back to resume it');
  const lines = kept ? keptLines(path, record, kept) : new Map<number, Line>();
  const missing = kept ? [...kept.values()].filter((row) => !lines.has(row.index)).sort((a, b) => a.index - b.index) : [];
  const header = recordLine(record, 'jsonl');
  /** The record and every line, by rule: what the file holds once complete (and, on a resume, before new lines). */
  const wholeText = () => header + [...lines.values()].sort((a, b) => a.index - b.index).map((line) => line.text + '\n').join('');
  let fd: number | null = null;
  if (appending) {
    replaceWhole(path, wholeText());
    try {
      fd = openSync(path, 'a');
    } catch (error) {
      throw InputError.about('bad-file', 'frequencies', path, path, `cannot write there (${describeFsError(error)})`);
    }
  }
  const append = (text: string) => {
    if (fd === null) return;
    const bytes = Buffer.from(text, 'utf8');
    try {
      for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset, bytes.length - offset);
    } catch (error) {
      throw new OutputError(says`${flag} ${path}: cannot append (${describeFsError(error)}); the lines already written are kept (continue with ${mention('resume')})`);
    }
  };
  const close = () => {
    if (fd !== null) closeSync(fd);
    fd = null;
  };
  return {
    path,
    missing,
    add(text) {
      for (const line of text.split('\n')) {
        if (line === '') continue;
        const { index } = parseLine(line, 'a frequency line');
        lines.set(index, { index, text: line });
      }
      append(text);
    },
    async finish() {
      close();
      if (appending) return replaceWhole(path, wholeText());
      await writeOutputFile(path, wholeText(), flag);
    },
    close,
  };
}
