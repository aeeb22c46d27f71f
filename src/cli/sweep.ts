/**
 * `sg-explore sweep ...`: wiring only. Parse, read what must be read, run
 * the sweep (src/sweep/), and send rows to stdout or the --out log.
 */
import { formatCount } from '../numbers.js';
import { streamSink, type Sink } from '../report/sink.js';
import { openOutputFile } from '../files/output-file.js';
import type { CliIo } from './io.js';
import { colourWanted } from './common.js';
import { checkedFamilySize, describeFamily, type Family } from '../sweep/family.js';
import { CSV_HEADER, formatForFile, renderTable, rowLine, type ViewFormat } from '../sweep/format.js';
import { familyOrder, parseSort, rowComparator, whereFilter } from '../sweep/query.js';
import { mergeRows, openResultsLog, readResultsFiles, type ResultsLog } from '../sweep/results-file.js';
import { readRuleList } from '../sweep/rule-list.js';
import type { SweepRow } from '../sweep/row.js';
import { sweepFamily } from '../sweep/sweep.js';
import { WorkerStartError } from '../sweep/pool.js';
import { progressBar } from '../sweep/progress-bar.js';
import { parseSweepLine, type SweepRunCommand, type SweepViewCommand } from './sweep-options.js';

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
  if (command.mode === 'view') return view(command, io);
  try {
    return await sweep(command, io);
  } catch (error) {
    if (error instanceof WorkerStartError) {
      io.stderr.write(`sg-explore: ${error.message}\n`);
      return EXIT_FAILURE;
    }
    throw error;
  }
}

/** Rows to a sink in a format: streamed (csv, jsonl) or gathered (table, or when sorting). */
class RowWriter {
  private readonly gathered: SweepRow[] = [];
  private started = false;

  constructor(
    private readonly sink: Sink,
    private readonly format: ViewFormat,
    private readonly keep: (row: SweepRow) => boolean,
    private readonly order: ((a: SweepRow, b: SweepRow) => number) | null,
    private readonly beforeWrite: () => void = () => {},
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  private get streaming(): boolean {
    return this.format !== 'table' && this.order === null;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    if (this.format === 'csv') await this.sink.write(CSV_HEADER + '\r\n');
  }

  async add(row: SweepRow): Promise<void> {
    if (!this.keep(row)) return;
    if (!this.streaming) {
      this.gathered.push(row);
      return;
    }
    await this.start();
    this.beforeWrite();
    await this.sink.write(rowLine(row, this.format as 'csv' | 'jsonl'));
  }

  async end(): Promise<void> {
    await this.start();
    if (this.streaming) return;
    const rows = this.order ? this.gathered.sort(this.order) : this.gathered;
    if (this.format === 'table') return this.sink.write(renderTable(rows, colourWanted(this.sink, this.env)));
    const chunk = 4096;
    for (let i = 0; i < rows.length; i += chunk) {
      await this.sink.write(rows.slice(i, i + chunk).map((r) => rowLine(r, this.format as 'csv' | 'jsonl')).join(''));
    }
  }
}

async function view(command: SweepViewCommand, io: CliIo): Promise<number> {
  const { rows, truncated } = await readResultsFiles(command.files, command.flag);
  for (const path of truncated) io.stderr.write(`sg-explore: note: ${path} ends in a half-written line (an interrupted sweep); it was left out\n`);
  const merged = mergeRows(rows, familyOrder);
  const keys = parseSort(command.sort);
  const order = keys.length ? rowComparator(keys) : null;
  const format: ViewFormat = command.out === undefined ? command.format ?? 'table' : formatForFile(command.out, command.format, '--out');
  const sink = command.out === undefined ? streamSink(io.stdout) : await openOutputFile(command.out);
  try {
    const writer = new RowWriter(sink, format, whereFilter(command.where), order, undefined, io.env);
    for (const row of merged) await writer.add(row);
    await writer.end();
    await sink.close();
  } catch (error) {
    sink.abort();
    throw error;
  }
  return EXIT_OK;
}

async function sweep(command: SweepRunCommand, io: CliIo): Promise<number> {
  const family: Family =
    'family' in command.source ? command.source.family : { kind: 'list', rules: await readRuleList(command.source.rulesFile), source: command.source.rulesFile };
  checkedFamilySize(family); // an empty or oversized family is bad input before any file is touched
  const log: ResultsLog | null = command.out === undefined ? null : openResultsLog(command.out, { format: command.format, resume: command.resume });
  const bar = progressBar(command.progress ?? Boolean(io.stderr.isTTY), io.stderr);
  const stdout = streamSink(io.stdout);
  const keys = parseSort(command.sort);
  const writer = log ? null : new RowWriter(stdout, command.format ?? 'table', whereFilter(command.where), keys.length ? rowComparator(keys) : null, () => {
    if (io.stdout.isTTY) bar.clear(); // the bar and the rows share a terminal
  }, io.env);
  let firstFailure: SweepRow | null = null;
  let total = 0;
  try {
    if (log?.repaired) io.stderr.write(`sg-explore: note: ${log.path} ended in a half-written line (an interrupted sweep); it was cut off and that rule will be computed again\n`);
    const outcome = await sweepFamily({
      family,
      shard: command.shard,
      limit: command.limit,
      threads: command.threads,
      skip: log?.done,
      onStart(count) {
        total = count;
        bar.update(0, count);
      },
      onProgress: (done, count) => bar.update(done, count),
      async onRow(row) {
        if (row.kind === 'error' && !firstFailure) firstFailure = row;
        if (log) log.append(row);
        else await writer!.add(row);
      },
    });
    bar.finish(
      command.progress ?? io.stderr.isTTY
        ? `${formatCount(outcome.rows)} rules computed${log && log.kept ? `, ${formatCount(log.kept)} already in ${log.path}` : ''}: ${describeFamily(family)}${command.shard ? ` (shard ${command.shard.index}/${command.shard.count})` : ''}`
        : undefined,
    );
    await writer?.end();
    if (outcome.failed > 0) {
      const first = firstFailure as SweepRow | null;
      io.stderr.write(
        `sg-explore: ${formatCount(outcome.failed)} of ${formatCount(total)} rules failed (rows with kind=error)${first ? `; the first, ${first.rule}: ${first.error}` : ''}\n`,
      );
      return EXIT_FAILURE;
    }
    return EXIT_OK;
  } finally {
    bar.clear();
    log?.close();
  }
}

