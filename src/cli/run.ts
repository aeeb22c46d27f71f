import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { formatCount, shortCount } from '../core/numbers.js';
import { kindOf, ruleText, type AnalysisResult, type GameSpec } from '../core/kinds/registry.js';
import { prepare, type Request } from '../core/analyse.js';
import type { Prepared } from '../core/kinds/kind.js';
import { positionHeaps } from '../core/kinds/shared/heap-game.js';
import { largestOf, type HeapList } from '../core/positions/heap-list.js';
import type { PositionReport } from '../core/positions/position.js';
import { positionTables, type PositionTables } from '../core/positions/position-tables.js';
import { drive, type DriveOptions } from '../core/driver.js';
import type { ValueArray } from '../core/kernels/store.js';
import { progressMode, progressReporter } from './progress.js';
import { Interrupted, SIGNAL_EXIT_CODES, interruptible, noteForStop, type StopSignal } from './interrupt.js';
import { checkCheckpointTarget, loadCheckpoint, saveCheckpoint } from '../host/checkpoint.js';
import { InputError } from '../core/errors.js';
import { utf8Text } from '../core/utf8.js';
import { askedAs } from './error-words.js';
import { defaultThreads } from '../host/threads.js';
import { valuesOmitted } from '../report/json.js';
import { OutputError, streamSink, type Sink } from '../host/sink.js';
import { checkApplies, formatForPath, formatNamed, writeResult, type Progressive, type ReportFormat, type Result } from '../report/formats.js';
import { openOutputFile, resolveOutputTarget } from '../host/files/output-file.js';
import { colourWanted } from './common.js';
import { columnsOf, type CliIo } from './io.js';
import { ChunkedText } from '../report/chunked.js';
import { STDIN_ARGUMENT, type Command, type ExploreCommand } from './options.js';
import { refuseSharedFiles, type FileRole } from './file-roles.js';
import type { JudgeLayout } from '../core/contest/layout.js';

/** A CSV (one row a heap) longer than this could never be written: about 20 TB. */
export const MAX_CSV_ROWS = 10n ** 12n;
/** Bytes of a CSV row, at most, for a heap below 10^12 and a value below 10^6 (for the disk-space check). */
const CSV_BYTES_PER_ROW = 24;

/** The exit code of a --check whose conjecture fails (as diff and cmp: 0 same, 1 different, 2 trouble). */
export const EXIT_COUNTEREXAMPLE = 1;

/** Carry out a parsed command; all output goes through one sink. Returns an exit code other than 0 where the work says so (a --check that fails). */
export async function runCommand(command: Command, io: CliIo): Promise<number | void> {
  if (command.command === 'list-presets') {
    const { presetList } = await import('../report/presets-report.js');
    return writeResult(formatNamed(command.format ?? 'table'), presetList(), streamSink(io.stdout), { colour: false, width: columnsOf(io.stdout) });
  }
  return exploreTo(command, io);
}

function chooseFormat(command: ExploreCommand): ReportFormat {
  return formatNamed(command.format ?? formatForPath(command.out)?.name ?? 'table');
}

/** Refuse, before any work, a listing that could never finish or never fit where it goes. */
function checkListingSize(format: ReportFormat, max: bigint | undefined, command: ExploreCommand): void {
  if (!format.perHeapRows || max === undefined || command.at) return;
  const rows = max + 1n;
  if (rows > MAX_CSV_ROWS) {
    throw new InputError(
      `--max ${shortCount(max)}: a ${format.name} listing of ${shortCount(rows)} rows could never be written (the most is ${formatCount(MAX_CSV_ROWS)}); ` +
        `for single values far out use --at N (for example --at ${shortCount(max)})`,
    );
  }
  if (command.out === undefined) return;
  const target = resolveOutputTarget(command.out);
  if (target.kind !== 'replace') return;
  let free: bigint;
  try {
    const fs = statfsSync(dirname(target.path), { bigint: true });
    free = fs.bavail * fs.bsize;
  } catch {
    return; // no figure to check against
  }
  const needed = rows * BigInt(CSV_BYTES_PER_ROW);
  if (needed > free) {
    throw new InputError(
      `--out ${command.out}: ${formatCount(rows)} rows need up to ${formatBytes(needed)}, but only ${formatBytes(free)} are free there; ` +
        `lower --max, or use --at N for single values`,
    );
  }
}

function formatBytes(bytes: bigint): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let value = Number(bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) (value /= 1000), unit++;
  return `${value < 10 && unit > 0 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/**
 * How each field of the library's request is made from the command: a field the CLI does not set is null
 * (REQUEST_FLAGS in options.ts says why no flag sets it). The compiler asks for every field of the request.
 */
const REQUEST_FROM_COMMAND: { readonly [K in keyof Request]-?: ((game: GameSpec, command: ExploreCommand, io: CliIo) => Request[K]) | null } = {
  game: (game) => game,
  max: (_, command) => command.max,
  at: (_, command) => command.at,
  limit: (_, command) => command.limit,
  window: (_, command) => command.window,
  // A windowed run's values go beside its checkpoint, so that --resume finds them.
  windowFile: (_, command) => (command.checkpoint === undefined || command.window === undefined ? undefined : `${command.checkpoint}.values`),
  rows: (_, command) => command.rows,
  position: null, // added where read (with the heaps from standard input)
  tables: null, // added where positions share them (--input cases)
  misere: (_, command) => command.misere,
  misereTheory: (_, command) => command.misereTheory,
  useObserved: (_, command) => command.useObserved,
  // --answer winner prints who wins: a position's winning moves would be sought for nothing (a million heaps of 10^9 each).
  outcomeOnly: (_, command) => (command.answerSpec?.mode === 'winner' ? true : undefined),
  resume: null,
  threads: (_, command) => command.threads ?? defaultThreads(),
  memoryBudget: null,
  // A program that lists winning moves (--emit --program --answer move, count, moves) needs a module's options as data.
  module: (_, command, io) => ({ timeoutMs: command.timeoutMs, trusted: command.trustModule, log: io.stderr, checkpoint: command.checkpoint !== undefined, recordOptions: Boolean(command.emit?.program && command.answerSpec && command.answerSpec.mode !== 'winner') }),
};

/** The request a command makes of the library (the position and the stdin heaps are added where read); fields left undefined are left out. */
function requestOf(game: GameSpec, command: ExploreCommand, io: CliIo): Request {
  const request: Record<string, unknown> = {};
  for (const [field, from] of Object.entries(REQUEST_FROM_COMMAND)) {
    const value = from?.(game, command, io);
    if (value !== undefined) request[field] = value;
  }
  return request as unknown as Request;
}

async function exploreTo(command: ExploreCommand, io: CliIo): Promise<number | void> {
  // Loaded on demand: the YAML parser costs start-up time when unused.
  const game = 'spec' in command.game ? command.game.spec : await (await import('../host/rule-file.js')).loadRuleFile(command.game.file);
  refuseSharedFiles(fileRoles(command, game));
  if (command.emit) return emitTo(game, command, io);
  const format = chooseFormat(command);
  if (command.check !== undefined) return checkTo(game, command, format, io);
  if (command.position) return positionTo(game, command, format, io);
  const kind = kindOf(game.rule);
  const prepared = await prepare(requestOf(game, command, io));
  // With --at, only the asked-for heaps matter: the table goes up to the largest.
  const max = command.at ? largestOf(command.at) : command.max;
  if (kind.heap && !command.misere) checkListingSize(format, max ?? game.defaultMax, command);
  if (command.checkpoint && prepared.checkpointKey !== null) checkCheckpointTarget(command.checkpoint, { resume: command.resume, force: command.force });
  const asked = command.at && kind.heap?.solver ? () => `--at ${shortCount(max!)}` : undefined;
  // A format that streams is refused before any work for a result it cannot write; it streams only a table known to be
  // one of heaps (a rule module says its shape once loaded: its lines come at the end, or its refusal).
  const shape = command.misere ? 'misere' : (prepared.shape ?? kind.tableShape);
  if (format.progressive && shape !== undefined) checkApplies(format, shape);
  const progressive = format.progressive && shape === 'heap' ? await format.progressive(ruleText(game.rule)) : undefined;
  await withOutputs(command, format, io, (sink) => runPrepared(prepared, command, io, asked, progressive && (async (values) => streamOut(sink, progressive.onValues(values, values.length)))), progressive);
}

/** Every file the command names, in its role: the rule's (and one the rule file names), and the outputs. */
function fileRoles(command: ExploreCommand, game: GameSpec): FileRole[] {
  const ruleFile = 'file' in command.game ? command.game.file : undefined;
  const read = kindOf(game.rule).fileOf?.(game.rule);
  return [
    ...(ruleFile === undefined ? [] : [{ flag: '--rule', path: ruleFile, reads: true, writes: false }]),
    ...(read === undefined ? [] : [{ flag: ruleFile === undefined ? `--${read.word}` : `${read.word} (in ${ruleFile})`, path: read.shown, reads: true, writes: false }]),
    ...(command.out === undefined ? [] : [{ flag: '--out', path: command.out, reads: false, writes: true }]),
    ...(command.plot === undefined ? [] : [{ flag: '--plot', path: command.plot, reads: false, writes: true }]),
    ...(command.checkpoint === undefined ? [] : [{ flag: '--checkpoint', path: command.checkpoint, reads: true, writes: true }]),
  ];
}

/**
 * `--check EXPR`: the table computed as without it, then the conjecture
 * checked against it (core/conjecture); the report replaces the table's.
 * Exit 0 when it holds, EXIT_COUNTEREXAMPLE when it fails.
 */
async function checkTo(game: GameSpec, command: ExploreCommand, format: ReportFormat, io: CliIo): Promise<number> {
  checkApplies(format, 'check');
  const { checkConjecture, variablesOf } = await import('../core/conjecture/check.js');
  const { parseExpression } = await import('../core/conjecture/expression.js');
  const shape = kindOf(game.rule).tableShape;
  // A mistake in the expression is refused before any work, where the kind says what its table will be.
  const variables = shape === undefined ? null : variablesOf(shape);
  if (variables) parseExpression(command.check!, variables);
  const prepared = await prepare(requestOf(game, command, io));
  let holds = true;
  await withOutputs(command, format, io, async () => {
    const report = checkConjecture(await runPrepared(prepared, command, io), command.check!);
    holds = report.holds;
    return report;
  });
  return holds ? 0 : EXIT_COUNTEREXAMPLE;
}

/**
 * A prepared request, run by the driver: its first part with the command's
 * checkpoint (when it keeps one), its second part without.
 */
async function runPrepared(
  prepared: Prepared<AnalysisResult>,
  command: ExploreCommand,
  io: CliIo,
  asked?: () => string,
  onValues?: DriveOptions['onValues'],
): Promise<AnalysisResult> {
  const key = prepared.checkpointKey;
  const first = await asAsked(
    asked,
    driven(key ?? '', key === null ? withoutCheckpoint(command) : command, io, async (resume, options) => drive(await prepared.work(resume), { ...options, onValues }), prepared.checkCheckpoint),
  );
  if (!prepared.finish) return first as AnalysisResult;
  const finish = prepared.finish;
  return driven('', withoutCheckpoint(command), io, async (_, options) => drive(await finish(first), options));
}

/**
 * The library names the size it could not reach as its field max; a run that asked with --at (or a position's heap)
 * names that instead (the words are made only for such a refusal).
 */
async function asAsked<R>(label: (() => string) | undefined, work: Promise<R>): Promise<R> {
  try {
    return await work;
  } catch (error) {
    throw label === undefined ? error : askedAs(error, 'max', label());
  }
}

/**
 * Any computation, run by the driver with what a long run needs: progress
 * on stderr, checkpoints to --checkpoint (resumed with --resume, checked to
 * be for `key`), and a clean stop on SIGINT, SIGTERM and SIGHUP that says
 * what was saved.
 */
async function driven<R>(
  key: string,
  command: ExploreCommand,
  io: CliIo | null,
  run: (resume: ValueArray | undefined, options: DriveOptions) => Promise<R>,
  checkCheckpoint?: (file: string) => void,
): Promise<R> {
  const file = command.checkpoint;
  if (command.resume && file) checkCheckpoint?.(file);
  const resume = command.resume && file ? loadCheckpoint(file, key) : undefined;
  let saved = resume?.length ?? 0;
  let unit = 'values';
  const onCheckpoint = file
    ? (values: ValueArray, units: number) => {
        saveCheckpoint(file, key, values);
        saved = units;
      }
    : undefined;
  const progress = io ? progressReporter(progressMode(command.progress, io.stderr), io.stderr) : null;
  const kept = () => (file ? `; ${formatCount(saved)} ${unit} saved to ${file} (continue with --resume --checkpoint ${file})` : ' (use --checkpoint FILE to keep the work)');
  // A signal after the computation ends the program at once, while the report is written: it names the checkpoint, if any.
  noteForStop(() => (file ? kept() : ' while writing the report'));
  try {
    return await interruptible(async (signal) => {
      try {
        const onProgress = (done: number, ceiling: number, what: string) => {
          unit = what;
          progress?.update(done, ceiling, what);
        };
        const result = await run(resume, { onProgress, signal, onCheckpoint, checkpointEveryMs: command.checkpointEverySeconds * 1000 });
        // A signal that came as the last step finished still stops the run (before any output).
        signal.throwIfAborted();
        return result;
      } catch (error) {
        // A checkpoint that could not be saved is reported as such, signal or not.
        if (!signal.aborted || error instanceof InputError || error instanceof OutputError) throw error;
        const name = signal.reason as StopSignal;
        throw new Interrupted(`stopped by ${name}${kept()}`, SIGNAL_EXIT_CODES[name] ?? 1);
      }
    });
  } finally {
    progress?.done();
  }
}

/** Text a streaming format made during the run, written at once (nothing when it made none). */
async function streamOut(sink: Sink, text: string): Promise<void> {
  if (text !== '') await sink.write(text);
}

/**
 * Open --out and --plot first (one that cannot be written is refused before
 * any work), compute, write the report (and the picture), and close them;
 * on any failure both are abandoned, leaving no partial file.
 */
async function withOutputs(command: ExploreCommand, format: ReportFormat, io: CliIo, compute: (sink: Sink) => Promise<Result>, progressive?: Progressive): Promise<void> {
  const sink = command.out === undefined ? streamSink(io.stdout) : await openOutputFile(command.out);
  let plot: Sink | null = null;
  try {
    if (command.plot !== undefined) plot = await openOutputFile(command.plot, '--plot');
    const result = await compute(sink);
    // The picture is drawn first: a result that has none is refused before any report is written.
    const picture = plot ? await (await import('../pictures/of-result.js')).plotBytes(result as AnalysisResult, command.plot!, command.logX) : null;
    await writeResult(format, result, sink, { heaps: command.at, colour: colourWanted(sink, io.env), width: columnsOf(io.stdout), progressive });
    // The JSON says it too (valuesOmitted), but a script reading only `values` would see null without a word.
    const omitted = format.name === 'json' && result.shape === 'heap' && !command.at ? valuesOmitted(result) : null;
    if (omitted) io.stderr.write(`sg-explore: note: "values" is null in this JSON: ${omitted}\n`);
    if (plot) {
      await plot.write(picture!);
      await plot.close();
    }
    await sink.close();
  } catch (error) {
    sink.abort();
    plot?.abort();
    throw error;
  }
}

/**
 * `--emit LANG`: the game's theorem (Bash, Wythoff, Fibonacci Nim: nothing to
 * compute), or its computed pattern, as code; to stdout or --out (written
 * atomically). A pattern only observed is refused unless --use-observed.
 */
async function emitTo(game: GameSpec, command: ExploreCommand, io: CliIo): Promise<void> {
  const { modelOf, renderModel, renderProgram, theoremModel, checkMisereProgram } = await import('../core/emit/index.js');
  const { language, commandLine, program } = command.emit!;
  const options = { useObserved: command.useObserved, command: commandLine, tableUpTo: command.max };
  // A misère program (--misere --program) is refused before any work where no rule answers misère play (Nim's does: Bouton's), and its functions are normal play's.
  const misere = command.misere;
  if (misere) checkMisereProgram(kindOf(game.rule).heap?.moves(game.rule as never) ?? null, command.layout?.rule ? null : kindOf(game.rule).text(game.rule));
  if (misere) command = { ...command, misere: false };
  const sink = command.out === undefined ? streamSink(io.stdout) : await openOutputFile(command.out);
  try {
    // A rule in each case (--moves -): nothing to compute here; the program tabulates each case's rule.
    const caseRule = program && command.layout?.rule ? { kind: 'case-rule' as const, word: command.layout.rule } : null;
    const theorem = caseRule ? null : theoremModel(game, options);
    const result = caseRule || theorem ? null : ((await runPrepared(await prepare(requestOf(game, command, io)), command, io)) as AnalysisResult);
    const model = caseRule ?? theorem ?? modelOf(result!, options);
    let text = model.kind === 'case-rule' ? '' : renderModel(model, language);
    if (program) {
      const { judgeLayout } = await import('../core/contest/layout.js');
      const { answerSpec } = await import('../core/contest/answer.js');
      const heap = kindOf(game.rule).heap;
      const pairMoves = kindOf(game.rule).judge?.movesAsData?.(game.rule as never) ?? null;
      const moves = heap ? heap.moves(game.rule as never) : null;
      // Moves that are data only with the table (a rule module's options, recorded as its values were computed).
      const table = result?.shape === 'heap' ? result : undefined;
      const withTable = moves?.asData && table ? { ...moves, asData: (largest: bigint | null) => moves.asData!(largest, table) } : moves;
      text = renderProgram(model, withTable, command.layout ?? judgeLayout('heaps'), command.answerSpec ?? answerSpec('winner'), language, pairMoves, misere);
    }
    await sink.write(text);
    await sink.close();
  } catch (error) {
    sink.abort();
    throw error;
  }
}

/** Most bytes of states read from standard input (each needs the table up to it: a few are all that can be answered). */
const STATES_INPUT_LIMIT = 1 << 20;

/** The states of a position that is not heaps, from standard input (3:5, vertex names, separated by white space). */
async function readStates(stream: NodeJS.ReadableStream): Promise<string[]> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    bytes += buffer.length;
    if (bytes > STATES_INPUT_LIMIT) throw new InputError(`--position -: more than ${formatCount(STATES_INPUT_LIMIT)} bytes of states on standard input`);
    chunks.push(buffer);
  }
  const texts = utf8Text(Buffer.concat(chunks)).split(/\s+/).filter((t) => t !== '');
  if (texts.length === 0) throw new InputError('--position -: no states on standard input');
  return texts;
}

/** The heaps of `--position -`, streamed into a temporary file by the driver (progress, prompt stops). */
async function readStdinHeaps(command: ExploreCommand, io: CliIo, input: AsyncIterable<Buffer> = io.stdin as AsyncIterable<Buffer>): Promise<HeapList> {
  const { readHeapsWork } = await import('../host/heap-list.js');
  return driven('', withoutCheckpoint(command), io, (_, options) => drive(readHeapsWork(input, options.signal), options));
}

/**
 * One position of a game, evaluated as `--position` evaluates it (run by the
 * driver: progress, prompt stops); a heap past what can be answered is
 * named as the position's heap.
 */
export async function evaluatePosition(game: GameSpec, command: ExploreCommand, io: CliIo, position: readonly string[] | HeapList, tables?: PositionTables): Promise<PositionReport<unknown>> {
  const kind = kindOf(game.rule);
  const prepared = await prepare({ ...requestOf(game, command, io), position, ...(tables && { tables }) });
  const asked = kind.heap?.solver ? () => `--position: heap ${shortCount((Array.isArray(position) ? positionHeaps(position as readonly string[]) : (position as HeapList)).largest)}` : undefined;
  return (await runPrepared(prepared, command, io, asked)) as PositionReport<unknown>;
}

/**
 * `--position ...`: evaluate one position of any game, normal or misère
 * play. Every part runs by the driver (progress, prompt stops): reading
 * standard input (heaps streamed into a temporary file), the values, and
 * the search for winning moves. With --answer, the judge's lines instead of
 * a report (src/cli/contest.ts); with --input, standard input in a judge's layout.
 */
async function positionTo(game: GameSpec, command: ExploreCommand, format: ReportFormat, io: CliIo): Promise<void> {
  const texts = command.position!;
  const fromStdin = texts.length === 1 && texts[0] === STDIN_ARGUMENT;
  const kind = kindOf(game.rule);
  const layout = command.layout;
  if (command.answer) return answerTo(game, command, io);
  await withOutputs(command, format, io, async () => {
    let spool: HeapList | undefined;
    let position: readonly string[] | HeapList = texts;
    try {
      if (fromStdin) {
        if (layout) {
          // One position in a judge's layout (--input heaps or counted; cases need --answer).
          const [read] = await readJudgeCases(game, command, io, io.stdin as AsyncIterable<Buffer>, layout);
          spool = read.spool;
          position = [...[...read.cases][0]!.positions][0]!.position;
        } else if (kind.heap) {
          spool = await readStdinHeaps(command, io);
          position = spool;
        } else position = await readStates(io.stdin);
      }
      const report = await evaluatePosition(game, command, io, position);
      // A report of a long position reads the heaps again as it is written: its temporary file goes on the way out.
      if (spool && !(report as PositionReport<bigint>).allComponents) spool.close();
      return report;
    } catch (error) {
      spool?.close();
      throw error;
    }
  });
}

/** Standard input, at most this many bytes, is read whole for the fast path; a longer input is streamed as ever. */
const FAST_INPUT_BYTES = 256 << 20;
/** Standard input read as text (pairs, vertices, states), at most: a judge's largest test files are a few MB. */
const JUDGE_TEXT_LIMIT = 64 << 20;

/**
 * Standard input in the command's judge layout: its cases, read by the core
 * layout reader (src/core/contest/layout.ts) over the heaps the host spooled
 * (a number a component: streamed, millions of heaps) or over the text's
 * tokens (pairs, vertices, states as JSON), and the spool to close.
 */
async function readJudgeCases(game: GameSpec, command: ExploreCommand, io: CliIo, input: AsyncIterable<Buffer>, layout: JudgeLayout): Promise<[{ cases: Iterable<import('./contest.js').JudgeCase>; spool?: HeapList }]> {
  const contest = await import('./contest.js');
  const { judgeFormOf } = await import('../core/contest/form.js');
  const kind = kindOf(game.rule);
  const form = judgeFormOf(kind);
  if (!form) throw new InputError(`--input ${layout.name}: the positions of ${kind.text(game.rule)} have no judge's layout`);
  if (contest.readsHeaps(form, layout, kind.heap !== undefined)) {
    const spool = await readStdinHeaps(command, io, input);
    try {
      const { heapTokens } = await import('../core/contest/tokens.js');
      return [{ cases: contest.judgeCases(heapTokens(spool), spool, layout, form, game), spool }];
    } catch (error) {
      spool.close();
      throw error;
    }
  }
  const text = await readText(input, JUDGE_TEXT_LIMIT);
  return [{ cases: contest.judgeCases(contest.tokensOfText(text, form), null, layout, form, game) }];
}

/** Standard input as text, at most `limit` bytes. */
async function readText(stream: AsyncIterable<Buffer | string>, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    bytes += buffer.length;
    if (bytes > limit) throw new InputError(`--position -: more than ${formatCount(limit)} bytes on standard input`);
    chunks.push(buffer);
  }
  return utf8Text(Buffer.concat(chunks));
}

/**
 * `--answer`: the judge's lines for each position (from the command line,
 * or standard input in its --input layout), written to standard output or
 * --out. Nim in normal play from standard input, in the plain layouts and
 * answers, takes the fast path (src/cli/contest.ts), which gives the same bytes.
 */
async function answerTo(game: GameSpec, command: ExploreCommand, io: CliIo): Promise<void> {
  const contest = await import('./contest.js');
  const { judgeFormOf } = await import('../core/contest/form.js');
  const { judgeLayout } = await import('../core/contest/layout.js');
  const kind = kindOf(game.rule);
  const spec = command.answerSpec!;
  const form = judgeFormOf(kind);
  if (!form) throw new InputError(`--answer ${spec.mode}: the positions of ${kind.text(game.rule)} have no judge's form`);
  const texts = command.position!;
  const fromStdin = texts.length === 1 && texts[0] === STDIN_ARGUMENT;
  const layout = command.layout ?? judgeLayout('heaps');
  const sink = command.out === undefined ? streamSink(io.stdout) : await openOutputFile(command.out);
  let spool: HeapList | undefined;
  try {
    let input: AsyncIterable<Buffer> = io.stdin as AsyncIterable<Buffer>;
    const fast = contest.fastPathAnswers(spec, layout);
    if (fromStdin && kind.heap && contest.fastPathApplies(kind.heap.moves(game.rule as never).nim, command.misere, fast)) {
      const file = io.stdinFile?.(FAST_INPUT_BYTES) ?? null;
      const read = file ? null : await contest.readWhole(io.stdin as AsyncIterable<Buffer | string>, FAST_INPUT_BYTES);
      const bytes = file ?? (read!.rest ? null : read!.bytes);
      const answer = bytes && contest.nimAnswers(bytes, layout.name as 'heaps' | 'counted' | 'cases', fast!, spec.words);
      if (answer) {
        for (const piece of answer) await sink.write(piece);
        return await sink.close();
      }
      input = file ? contest.oneChunk(file) : read!.again();
    }
    let cases: Iterable<import('./contest.js').JudgeCase>;
    if (fromStdin && (command.layout || kind.heap)) [{ cases, spool }] = await readJudgeCases(game, command, io, input, layout);
    else {
      // Components as --position writes them (3:5, on the command line or, without --input, on standard input);
      // heaps written as the judge writes them (1e9 as 1000000000).
      const states = fromStdin ? await readStates(io.stdin) : texts;
      const written = kind.heap ? positionHeaps(states).read(0, states.length).map(String) : states.map(form.written);
      cases = [{ number: 1, game, positions: [{ position: states, written: { count: written.length, read: (at, length) => written.slice(at, at + length) } }] }];
    }
    // Several cases share each rule's table, computed once as far as the largest heap (or the corner of the pairs) of them all.
    const largest = kind.heap && layout.cases !== 'one' ? contest.largestCaseHeap(cases) : null;
    const corner = !kind.heap && layout.cases !== 'one' ? contest.largestCaseCorner(cases) : null;
    const tables = largest !== null ? positionTables(largest) : corner !== null ? positionTables(0n, corner) : undefined;
    const text = new ChunkedText(sink);
    for (const judgeCase of cases) await contest.caseAnswer(judgeCase, form, spec, (caseGame, position) => evaluatePosition(caseGame, command, io, position, tables), (pieces) => text.add(pieces));
    await text.end();
    await sink.close();
  } catch (error) {
    sink.abort();
    throw error;
  } finally {
    spool?.close();
  }
}

/** The command for work that keeps no checkpoint (a position, a misère table): run by the driver all the same. */
function withoutCheckpoint(command: ExploreCommand): ExploreCommand {
  return { ...command, checkpoint: undefined, resume: false };
}
