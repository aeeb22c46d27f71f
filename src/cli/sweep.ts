/**
 * `sg-explore sweep ...`: wiring only. Parse, read what must be read, run
 * the sweep (src/sweep/), and send rows to stdout or the --out log.
 */
import { formatCount, countOf } from '../core/numbers.js';
import { streamSink, type Sink } from '../host/sink.js';
import { openOutputFile, writeOutputFile } from '../host/files/output-file.js';
import { refuseSharedFiles } from './file-roles.js';
import type { CliIo } from './io.js';
import { colourWanted } from './common.js';
import { checkedFamilySize, describeFamily, positionInShard, shardSize, type Family } from '../sweep/family.js';
import { CSV_HEADER, formatForFile, recordLine, renderTable, rowLine, type RowFormat, type SweepRecord, type ViewFormat } from '../sweep/format.js';
import { parseSort, rowComparator, whereFilter } from '../sweep/query.js';
import { openResultsLog, recordsDiffer, type ResultsLog } from '../sweep/results-file.js';
import { NO_RECORD, mergedRows, scanResults, type Disagreement, type FileScan } from '../sweep/results-read.js';
import { excerpt, InputError, printableMessage, quote, says } from '../core/errors.js';
import { columnsOf } from './io.js';
import { readRuleList, ruleListDigest } from '../sweep/rule-list.js';
import { openFrequenciesFile, type FrequenciesFile, type KeptRow } from '../sweep/frequencies-file.js';
import { IndexSet } from '../sweep/index-set.js';
import { describeSweepDefaults, SWEEP_MAX_RARE_HEAPS } from '../sweep/run-rule.js';
import { rareWorkOf } from '../core/heap/explore.js';
import type { SweepRow } from '../sweep/row.js';
import { sweepFamily, type RowOutput } from '../sweep/sweep.js';
import { WorkerStartError } from '../sweep/pool.js';
import { progressBar } from './sweep-progress.js';
import { parseShard, parseSweepLine, type SweepRunCommand, type SweepViewCommand } from './sweep-options.js';
import { noteForStop } from './interrupt.js';
import { progressMode } from './progress.js';
import { isPngFile } from '../pictures/picture-file.js';

const EXIT_OK = 0;
const EXIT_FAILURE = 1;


/** Run `sg-explore sweep` with the arguments after 'sweep'; returns the exit code. Bad input throws InputError. */
export async function sweepMain(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = await parseSweepLine(args, io);
  if (parsed.output !== undefined) {
    io.stdout.write(parsed.output.endsWith('\n') ? parsed.output : parsed.output + '\n');
    return EXIT_OK;
  }
  const command = parsed.command!;
  refuseSharedFiles([
    ...(command.mode === 'view' ? command.files.map((path) => ({ flag: command.flag, path, reads: true, writes: false })) : []),
    ...(command.mode === 'sweep' && 'rulesFile' in command.source ? [{ flag: '--rules', path: command.source.rulesFile, reads: true, writes: false }] : []),
    ...(command.out === undefined ? [] : [{ flag: '--out', path: command.out, reads: command.mode === 'sweep', writes: true }]),
    ...(command.plot === undefined ? [] : [{ flag: '--plot', path: command.plot, reads: false, writes: true }]),
  ]);
  if (command.mode === 'view') return view(command, io);
  try {
    return await sweep(command, io);
  } catch (error) {
    if (error instanceof WorkerStartError) {
      io.stderr.write(`sg-explore: ${printableMessage(error)}\n`);
      return EXIT_FAILURE;
    }
    throw error;
  }
}

/** The --where filter, or null when there is none (every row is kept). */
function wanted(conditions: readonly string[]): ((row: SweepRow) => boolean) | null {
  return conditions.length ? whereFilter(conditions) : null;
}

/** Rows to a sink in a format: streamed (csv, jsonl) or gathered (table, or when sorting). */
class RowWriter {
  private readonly gathered: SweepRow[] = [];
  private started = false;

  constructor(
    private readonly sink: Sink,
    private readonly format: ViewFormat,
    /** Which rows to keep (--where); null keeps every row. */
    private readonly keep: ((row: SweepRow) => boolean) | null,
    private readonly order: ((a: SweepRow, b: SweepRow) => number) | null,
    private readonly beforeWrite: () => void = () => {},
    private readonly env: NodeJS.ProcessEnv = process.env,
    private readonly width = 80,
    /** Keep streamed rows too (for --plot). */
    private readonly remember = false,
  ) {}

  /** The rows kept (filtered), for a picture of them. */
  get kept(): readonly SweepRow[] {
    return this.gathered.length ? this.gathered : this.streamed;
  }
  private readonly streamed: SweepRow[] = [];
  /** Lines not yet written: rows go out in chunks (a write each is a turn of the event loop each). */
  private pending: (string | Uint8Array)[] = [];
  private pendingLength = 0;
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;

  /** Hand the pending lines to the sink, after whatever it is still writing. */
  private flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const parts = this.pending;
    this.pending = [];
    this.pendingLength = 0;
    if (parts.length) {
      // Rows from a results file are many short strings: joined, they make one buffer, not one each.
      const data = parts.length === 1 ? parts[0]! : parts.every((p) => typeof p === 'string') ? parts.join('') : Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
      this.writing = this.writing.then(() => this.sink.write(data));
    }
    return this.writing;
  }

  /** The file format in which this writer takes finished lines (every row kept and streamed, none remembered), or null when it needs rows. */
  get linesFormat(): RowFormat | null {
    return this.keep === null && this.streaming && !this.remember ? (this.format as RowFormat) : null;
  }

  private get streaming(): boolean {
    return this.format !== 'table' && this.order === null;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    if (this.format === 'csv') await this.sink.write(CSV_HEADER + '\r\n');
  }

  /** Take a row; a promise only when the caller must wait (the header or a full chunk is being written). */
  add(row: SweepRow): void | Promise<void> {
    if (this.keep && !this.keep(row)) return;
    if (!this.streaming) {
      this.gathered.push(row);
      return;
    }
    if (this.remember) this.streamed.push(row);
    return this.addLines(rowLine(row, this.format as 'csv' | 'jsonl'));
  }

  /** Take finished lines in this writer's format (streaming, with nothing to filter). */
  addLines(lines: string | Uint8Array): void | Promise<void> {
    if (!this.started) return this.start().then(() => this.addLines(lines));
    this.beforeWrite();
    this.pending.push(lines);
    this.pendingLength += lines.length;
    // Rows stream as they come, a chunk at a time: when enough are waiting, or a moment after the first.
    if (this.pendingLength >= 1 << 16) return this.flush();
    this.timer ??= setTimeout(() => void this.flush().catch(() => {}), 100);
  }

  async end(): Promise<void> {
    await this.start();
    if (this.streaming) return this.flush();
    const rows = this.order ? this.gathered.sort(this.order) : this.gathered;
    if (this.format === 'table') return this.sink.write(renderTable(rows, colourWanted(this.sink, this.env), this.width));
    const chunk = 4096;
    for (let i = 0; i < rows.length; i += chunk) {
      await this.sink.write(rows.slice(i, i + chunk).map((r) => rowLine(r, this.format as 'csv' | 'jsonl')).join(''));
    }
  }
}

/**
 * --merge: the files must be shards of one sweep (one family, one limit, one
 * list), and all of them, each complete; what is missing is named, and the
 * merge refused unless --partial. A file without its record (a sweep's stdout)
 * shows none of this, and is refused. Returns the merged file's record (shard null).
 */
function checkMerge(files: readonly FileScan[], partial: boolean): SweepRecord {
  const records = files.map((f) => f.record);
  const unrecorded = files.find((f) => f.record === null);
  if (unrecorded) {
    throw new InputError(`--merge: ${unrecorded.path} ${NO_RECORD}, so it cannot be shown to be a shard of one sweep (the same family, --limit and --shard split); view it with --from, or sweep to files with --out`, { code: 'mismatch', field: 'merge', value: unrecorded.path });
  }
  const first = records[0]!;
  for (const [i, r] of records.entries()) {
    const differs = recordsDiffer({ ...r!, shard: null }, { ...first, shard: null });
    if (differs) throw new InputError(says`--merge: ${files[i]!.path} is a sweep of ${differs} (${files[0]!.path}'s); merge shards of one sweep`, { code: 'mismatch', field: 'merge', value: files[i]!.path });
    if (r!.rules !== first.rules) throw new InputError(`--merge: ${files[i]!.path} and ${files[0]!.path} are sweeps of different versions of ${first.family.replace(/^the rules in /, '')} (their rule lists' digests differ)`);
  }
  const whole: SweepRecord = { ...first, shard: null };
  const shards = records.map((r) => (r!.shard === null ? null : parseShard(r!.shard)));
  if (shards.some((s) => s === null)) return whole; // a whole sweep among them covers everything
  const count = shards[0]!.count;
  if (shards.some((s) => s!.count !== count)) throw new InputError('--merge: the files are shards of different splits (i/n with different n)');
  const problems: string[] = [];
  const present = new Map<number, number>();
  files.forEach((f, i) => present.set(shards[i]!.index, Math.max(present.get(shards[i]!.index) ?? 0, f.rulesPresent)));
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !present.has(i));
  if (missing.length) problems.push(`missing shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')}`);
  for (const [index, rows] of [...present].sort((a, b) => a[0] - b[0])) {
    const expected = shardSize(first.size, { index, count });
    if (rows < expected) problems.push(`shard ${index}/${count} has ${formatCount(rows)} of its ${formatCount(expected)} rules`);
  }
  if (problems.length && !partial) throw new InputError(`--merge: ${problems.join('; ')} (add --partial to merge what is there)`);
  return whole;
}

/** Whether two of the files may hold rows of one rule (the same shard twice, a whole sweep beside shards, files without a record). */
function mayOverlap(files: readonly FileScan[]): boolean {
  const shards = files.map((f) => (f.record ? f.record.shard ?? 'whole' : null));
  return shards.includes(null) || (files.length > 1 && shards.includes('whole')) || new Set(shards).size < shards.length;
}

function disagreementText(d: Disagreement): string {
  return `${quote(d.rule)} (rule #${d.index}): ${excerpt(d.column, 160)}`;
}

async function view(command: SweepViewCommand, io: CliIo): Promise<number> {
  // First pass: every file checked line by line, in bounded memory, before anything is written.
  const scans: FileScan[] = [];
  for (const path of command.files) scans.push(await scanResults(path, command.flag));
  for (const scan of scans) if (scan.truncated) io.stderr.write(`sg-explore: note: ${scan.path} ends in a half-written line (an interrupted sweep); it was left out\n`);
  const merging = command.flag === '--merge';
  const record = merging ? checkMerge(scans, command.partial) : null;
  let disagreements = 0;
  let firstDisagreement: Disagreement | null = null;
  const rows = () =>
    mergedRows(scans, {
      oneRulePerIndex: merging,
      onDisagreement(d) {
        if (merging) throw new InputError(`--merge: ${d.first} and ${d.second} disagree on ${disagreementText(d)}; merge shards of one sweep, or view them with --from`);
        disagreements++;
        firstDisagreement ??= d;
      },
    });
  // A merge to stdout cannot be taken back: when two files may hold one rule, they are compared before a row is written.
  if (merging && command.out === undefined && mayOverlap(scans)) for await (const _ of rows());
  const keys = parseSort(command.sort);
  const order = keys.length ? rowComparator(keys) : null;
  const format: ViewFormat = command.out === undefined ? command.format ?? 'table' : formatForFile(command.out, command.format, '--out');
  const sink = command.out === undefined ? streamSink(io.stdout) : await openOutputFile(command.out);
  try {
    // A merged results file records what it is a sweep of, like the shards did.
    if (record && command.out !== undefined && format !== 'table') await sink.write(recordLine(record, format));
    const writer = new RowWriter(sink, format, wanted(command.where), order, undefined, io.env, columnsOf(io.stdout), command.plot !== undefined);
    for await (const row of rows()) {
      const waiting = writer.add(row);
      if (waiting) await waiting;
    }
    await writer.end();
    await writeSweepPlot(command.plot, writer.kept, describeFiles(command.files));
    await sink.close();
  } catch (error) {
    sink.abort();
    throw error;
  }
  const d = firstDisagreement as Disagreement | null;
  if (d) io.stderr.write(`sg-explore: note: ${d.first} and ${d.second} disagree on ${countOf(disagreements, 'rule')} (the first, ${disagreementText(d)}); the first file's rows are shown\n`);
  return EXIT_OK;
}

function describeFiles(files: readonly string[]): string {
  return files.length === 1 ? files[0]! : `${files[0]} and ${files.length - 1} more`;
}

/** --plot FILE: the sweep map (preperiod against period, by kind), written atomically. */
async function writeSweepPlot(path: string | undefined, rows: readonly SweepRow[], title: string): Promise<void> {
  if (path === undefined) return;
  const { renderSweepMap } = await import('../pictures/sweep-map.js');
  const svg = renderSweepMap({ title: `sweep: ${title}`, points: rows });
  const data = isPngFile(path) ? await (await import('../pictures/png.js')).svgToPng(svg) : svg;
  await writeOutputFile(path, data, '--plot');
}

/** What a sweep is a sweep of: the first line of its results and frequencies files. */
function sweepRecord(command: SweepRunCommand, family: Family, size: number): SweepRecord {
  return {
    format: 'sg-explore-sweep',
    version: 2,
    family: describeFamily(family),
    size,
    shard: command.shard ? `${command.shard.index}/${command.shard.count}` : null,
    limit: command.limit ?? null,
    ...(command.rareHeaps === undefined ? {} : { rareHeaps: command.rareHeaps }),
    // A --rare-work equal to the default is the default's sweep (the same rows): it resumes a file that names none.
    ...(command.rareWork === undefined || command.rareWork === rareWorkOf(command.rareHeaps ?? SWEEP_MAX_RARE_HEAPS) ? {} : { rareWork: command.rareWork }),
    // A list is known by its rules, not its file's name: an edited list is another sweep.
    ...(family.kind === 'list' ? { rules: ruleListDigest(family.rules) } : {}),
    ...(command.limit === undefined ? { defaults: describeSweepDefaults() } : {}),
  };
}

/** Families larger than this are refused without --yes: at hundreds of rules a second, days of work. */
export const LARGE_FAMILY = 10_000_000;

async function sweep(command: SweepRunCommand, io: CliIo): Promise<number> {
  const family: Family =
    'family' in command.source ? command.source.family : { kind: 'list', ...(await readRuleList(command.source.rulesFile)), source: command.source.rulesFile };
  const size = checkedFamilySize(family); // an empty or oversized family is bad input before any file is touched
  const work = shardSize(size, command.shard);
  if (work > LARGE_FAMILY && !command.yes) {
    throw new InputError(
      `the sweep holds ${formatCount(work)} rules (${describeFamily(family)}${command.shard ? `, shard ${command.shard.index}/${command.shard.count}` : ''}): too many to finish in one run; ` +
        `split it with --shard i/n over several machines, sweep a smaller family, or add --yes to start anyway`,
    );
  }
  // The shard --shard auto read from the environment, said before any work (a batch job's log shows which it was).
  if (command.shardSource) io.stderr.write(`sg-explore: note: ${command.shardSource}\n`);
  const record = sweepRecord(command, family, size);
  // With --resume and --frequencies, the rows kept that need a frequency line (no period proven).
  const keptRows = command.resume && command.frequencies !== undefined ? new Map<number, KeptRow>() : null;
  const keep = (row: SweepRow) => {
    if (row.kind !== 'error' && !row.proven) keptRows!.set(row.index, { index: row.index, rule: row.rule, computed: row.computed ?? 0 });
  };
  const log: ResultsLog | null =
    command.out === undefined ? null : await openResultsLog(command.out, { format: command.format, resume: command.resume, record, family, shard: command.shard ?? null, ...(keptRows ? { onRow: keep } : {}) });
  // Opened before any work (a file that cannot be written is refused at once), appended to as lines come, sorted at the end.
  const frequencyFile = command.frequencies === undefined ? null : openFrequenciesFile(command.frequencies, record, log ? keptRows : null);
  // Rows reach the log as they come: a signal that ends the sweep says where they are and how to go on.
  if (log) noteForStop(() => `; the rows so far are in ${log.path}${frequencyFile ? ` and their frequency lines in ${frequencyFile.path}` : ''} (the same command with --resume goes on from there)`);
  const progress = progressMode(command.progress, io.stderr);
  const bar = progressBar(progress, io.stderr);
  const kept: SweepRow[] = [];
  const stdout = streamSink(io.stdout);
  const keys = parseSort(command.sort);
  const writer = log ? null : new RowWriter(stdout, command.format ?? 'table', wanted(command.where), keys.length ? rowComparator(keys) : null, () => {
    if (io.stdout.isTTY) bar.clear(); // the bar and the rows share a terminal
  }, io.env, columnsOf(io.stdout), false);
  let total = 0;
  // Rows that go straight to a file format come from the workers as finished lines: nothing to parse here.
  const linesFormat = command.plot ? null : log ? log.format : writer!.linesFormat;
  const output: RowOutput = linesFormat
    ? { as: linesFormat, onLines: (text) => (log ? log.appendLines(text) : writer!.addLines(text)) }
    : {
        as: 'rows',
        onRow(row) {
          if (command.plot) kept.push(row);
          if (log) log.append(row);
          else return writer!.add(row);
        },
      };
  try {
    if (log?.repaired) io.stderr.write(`sg-explore: note: ${log.path} ended in a half-written line (an interrupted sweep); it was cut off and that rule will be computed again\n`);
    if (log?.retried) {
      io.stderr.write(
        `sg-explore: note: ${countOf(log.retried, 'rule')} in ${log.path} failed before (rows with kind=error); ${log.retried === 1 ? 'it is' : 'they are'} computed again, the new rows appended (--from and --merge take a result over an error row)\n`,
      );
    }
    const outcome = await sweepFamily({
      family,
      shard: command.shard,
      limit: command.limit,
      ...(command.rareHeaps === undefined ? {} : { maxRareHeaps: command.rareHeaps }),
      ...(command.rareWork === undefined ? {} : { maxRareWork: command.rareWork }),
      threads: command.threads,
      done: log?.done,
      onStart(count) {
        total = count;
        bar.update(0, count);
      },
      onProgress: (done, count, secondsLeft) => bar.update(done, count, secondsLeft),
      output,
      ...(frequencyFile ? { onFrequencies: (lines: string) => frequencyFile.add(lines) } : {}),
    });
    if (frequencyFile) {
      await recomputeMissingLines(command, family, frequencyFile, io);
      await frequencyFile.finish();
    }
    bar.finish(
      progress === 'terminal'
        ? `${countOf(outcome.rows, 'rule')} computed${log && log.done.size ? `, ${formatCount(log.done.size)} already in ${log.path}` : ''}: ${describeFamily(family)}${command.shard ? ` (shard ${command.shard.index}/${command.shard.count})` : ''}`
        : undefined,
    );
    await writer?.end();
    await writeSweepPlot(command.plot, kept, describeFamily(family));
    if (outcome.failed > 0) {
      const first = outcome.firstFailure;
      io.stderr.write(
        `sg-explore: ${formatCount(outcome.failed)} of ${countOf(total, 'rule')} failed (rows with kind=error)${first ? `; the first, ${first.rule}: ${first.error}` : ''}\n`,
      );
      return EXIT_FAILURE;
    }
    return EXIT_OK;
  } finally {
    bar.finish(); // cleared, and its timer stopped, however the sweep ended
    log?.close();
    frequencyFile?.close(); // unfinished, it keeps what was appended, for --resume
  }
}

/**
 * Rows the results file kept with no line in the frequencies file (one
 * written without --frequencies, or by hand): their rules are computed again
 * for their lines, rows left out (they are in the file), and each row computed
 * again must be the one kept.
 */
async function recomputeMissingLines(command: SweepRunCommand, family: Family, file: FrequenciesFile, io: CliIo): Promise<void> {
  const { missing } = file;
  if (missing.length === 0) return;
  const shard = command.shard;
  const names = missing.slice(0, 3).map((row) => `${row.rule} (#${row.index})`).join(', ');
  io.stderr.write(`sg-explore: note: ${countOf(missing.length, 'rule')} in ${command.out} ${missing.length === 1 ? 'has' : 'have'} no line in ${file.path} (${names}${missing.length > 3 ? ', ...' : ''}); computed again for ${missing.length === 1 ? 'its line' : 'their lines'}\n`);
  const wanted = new Map(missing.map((row) => [row.index, row]));
  const others = new IndexSet();
  const positions = shardSize(checkedFamilySize(family), shard);
  const missingAt = new Set(missing.map((row) => positionInShard(row.index, shard ?? null)));
  for (let p = 0; p < positions; p++) if (!missingAt.has(p)) others.add(p);
  await sweepFamily({
    family,
    shard,
    limit: command.limit,
    ...(command.rareHeaps === undefined ? {} : { maxRareHeaps: command.rareHeaps }),
    ...(command.rareWork === undefined ? {} : { maxRareWork: command.rareWork }),
    threads: command.threads,
    done: others,
    output: {
      as: 'rows',
      onRow(row) {
        const before = wanted.get(row.index);
        if (before && row.computed !== before.computed) {
          throw new InputError(`--frequencies ${file.path}: ${row.rule} (rule #${row.index}) computed again gives ${row.computed ?? 'no'} values, where ${command.out} says ${before.computed}; the results file is not this version's sweep`);
        }
      },
    },
    onFrequencies: (lines) => file.add(lines),
  });
}

