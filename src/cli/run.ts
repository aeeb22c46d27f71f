import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { exploreAsync, exploreValues, type Exploration } from '../core/heap/explore.js';
import { formatCount, parseCount } from '../core/numbers.js';
import { isHeapRule, ruleText, type CappedHeapRule, type GameSpec, type VectorRule } from '../core/rules/model.js';
import { drive, generatorWork, type DriveOptions } from '../core/driver.js';
import { freeMemoryBudget, type ValueArray } from '../core/kernels/store.js';
import { progressMode, progressReporter } from './progress.js';
import { Interrupted, SIGNAL_EXIT_CODES, interruptible, noteForStop, type StopSignal } from './interrupt.js';
import { checkCheckpointTarget, loadCheckpoint, saveCheckpoint } from '../host/checkpoint.js';
import { InputError } from '../core/errors.js';
import { defaultThreads } from '../host/threads.js';
import { listPresets } from '../core/rules/presets.js';
import { toJson, valuesOmitted } from '../report/json.js';
import { OutputError, streamSink, type Sink } from '../report/sink.js';
import { formatForPath, formatNamed, writeResult, type ReportFormat, type Result } from '../report/formats.js';
import { openOutputFile, resolveOutputTarget } from '../host/files/output-file.js';
import { colourWanted } from './common.js';
import { columnsOf, type CliIo } from './io.js';
import { wrapText } from '../report/wrap.js';
import { STDIN_ARGUMENT, type Command, type ExploreCommand } from './options.js';
import { importPackage } from '../host/package-import.js';

/** A CSV (one row a heap) longer than this could never be written: about 20 TB. */
export const MAX_CSV_ROWS = 10n ** 12n;
/** Bytes of a CSV row, at most, for a heap below 10^12 and a value below 10^6 (for the disk-space check). */
const CSV_BYTES_PER_ROW = 24;

/** Carry out a parsed command; all output goes through one sink. */
export async function runCommand(command: Command, io: CliIo): Promise<void> {
  if (command.command === 'list-presets') return listPresetsTo(streamSink(io.stdout), command.format ?? 'table', columnsOf(io.stdout));
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

/** A count as people read it: 1,000,000 up to 10^15, then 1e400 (or 1.2e20) rather than 400 digits. */
function shortCount(n: bigint): string {
  const digits = n.toString();
  if (digits.length <= 16) return formatCount(n);
  const mantissa = digits.slice(1, 3).replace(/0+$/, '');
  return `${digits[0]}${mantissa ? '.' + mantissa : ''}e${digits.length - 1}`;
}

function formatBytes(bytes: bigint): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let value = Number(bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) (value /= 1000), unit++;
  return `${value < 10 && unit > 0 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

async function exploreTo(command: ExploreCommand, io: CliIo): Promise<void> {
  // Loaded on demand: the YAML parser costs start-up time when unused.
  const game = 'spec' in command.game ? command.game.spec : await (await import('../core/rules/file.js')).loadRuleFile(command.game.file);
  const at = command.at;
  // With --at, only the asked-for heaps matter: compute (or prove) up to the largest.
  const max = at ? at.reduce((a, b) => (b > a ? b : a), 0n) : command.max;
  const format = chooseFormat(command);
  if ((command.position || command.misere) && command.plot) throw new InputError('--plot draws tables; a position or a misère table has no picture');
  if (command.position) return positionTo(game, command, format, io);
  if (command.misere) return misereTableTo(game, command, format, io);
  if (!isHeapRule(game.rule)) return exploreBoardTo(game, command, format, io);
  if (command.rows) throw new InputError('--rows applies to two-pile games (--vectors, --preset wythoff)');
  checkListingSize(format, max ?? game.defaultMax, command);
  if (command.checkpoint) checkCheckpointTarget(command.checkpoint, { resume: command.resume, force: command.force });
  const rule = game.rule;
  await withOutputs(command, format, io, () =>
    rule.kind === 'custom'
      ? exploreModule(game, rule.module, max, command, io)
      : asAsked(command.at ? `--at ${shortCount(max!)}` : undefined, exploreHeapRule(game, max, command, io)),
  );
}

/** The library names the size it could not reach as --max; a run that asked with --at (or a position's heap) names that instead. */
async function asAsked<R>(label: string | undefined, work: Promise<R>): Promise<R> {
  try {
    return await work;
  } catch (error) {
    if (label === undefined || !(error instanceof InputError) || !/^--max /.test(error.message)) throw error;
    throw new InputError(`${label}: ${error.message.replace(/^--max [^:]*: /, '')}`);
  }
}

/** A built-in heap rule, up to `max`, run by the driver (progress on `io`'s stderr when given). */
function exploreHeapRule(game: GameSpec, max: bigint | undefined, command: ExploreCommand, io: CliIo | null): Promise<Exploration> {
  return driven(ruleText(game.rule), command, io, (resume, options) =>
    exploreAsync({ game, max, limit: command.limit, resume, threads: command.threads ?? defaultThreads() }, options),
  );
}

/**
 * Any computation, run by the driver with what a long run needs: progress
 * on stderr, checkpoints to --checkpoint (resumed with --resume, checked to
 * be for `key`), and a clean stop on SIGINT, SIGTERM and SIGHUP that says
 * what was saved.
 */
async function driven<R>(key: string, command: ExploreCommand, io: CliIo | null, run: (resume: ValueArray | undefined, options: DriveOptions) => Promise<R>): Promise<R> {
  const file = command.checkpoint;
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

/**
 * Open --out and --plot first (one that cannot be written is refused before
 * any work), compute, write the report (and the picture), and close them;
 * on any failure both are abandoned, leaving no partial file.
 */
async function withOutputs(command: ExploreCommand, format: ReportFormat, io: CliIo, compute: () => Promise<Result>): Promise<void> {
  const sink = command.out === undefined ? streamSink(io.stdout) : await openOutputFile(command.out);
  let plot: Sink | null = null;
  try {
    if (command.plot !== undefined) plot = await openOutputFile(command.plot, '--plot');
    const result = await compute();
    // The picture is drawn first: a result that has none is refused before any report is written.
    const picture = plot ? await (await import('../report/pictures.js')).plotBytes(result, command.plot!, command.logX) : null;
    await writeResult(format, result, sink, { heaps: command.at, colour: colourWanted(sink, io.env), width: columnsOf(io.stdout) });
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

/** Most bytes of two-pile states read from standard input (each needs the table up to it: a few are all that can be answered). */
const PAIRS_INPUT_LIMIT = 1 << 20;

/** The states of a two-pile position from standard input (x:y separated by white space). */
async function readPairs(stream: NodeJS.ReadableStream): Promise<string[]> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    bytes += buffer.length;
    if (bytes > PAIRS_INPUT_LIMIT) throw new InputError(`--position -: more than ${formatCount(PAIRS_INPUT_LIMIT)} bytes of states on standard input`);
    chunks.push(buffer);
  }
  const texts = Buffer.concat(chunks).toString('utf8').split(/\s+/).filter((t) => t !== '');
  if (texts.length === 0) throw new InputError('--position -: no states on standard input');
  return texts;
}

/** Heap sizes, written as people write them (9, 1e9, 10^18); a plain run of digits takes the fast path. */
function parseHeaps(texts: readonly string[]): bigint[] {
  return texts.map((t) => (/^\d{1,15}$/.test(t) ? BigInt(t) : parseCount(t, '--position')));
}

/** A module's --position as heap sizes, or null when one of them is not a heap size (then they are JSON states). */
function moduleHeaps(texts: readonly string[]): bigint[] | null {
  try {
    return texts.every((t) => /^[\d_]/.test(t)) ? parseHeaps(texts) : null;
  } catch {
    return null;
  }
}

/**
 * `--position ...`: evaluate one position of any game, normal or misère
 * play. Every part runs by the driver (progress, prompt stops): reading
 * standard input (streamed into a temporary file), the values, and the
 * search for winning moves.
 */
async function positionTo(game: GameSpec, command: ExploreCommand, format: ReportFormat, io: CliIo): Promise<void> {
  const texts = command.position!;
  const fromStdin = texts.length === 1 && texts[0] === STDIN_ARGUMENT;
  // Positions keep no checkpoint of their own (the values of a heap rule may: see exploreHeapRule).
  const plain = withoutCheckpoint(command);
  await withOutputs(command, format, io, async () => {
    const { heapPositionWork } = await import('../core/positions/heap-position.js');
    const { heapArray, readHeapsWork } = await import('../host/heap-list.js');
    if (!isHeapRule(game.rule)) {
      const { boardPositionWork, parsePair } = await import('../core/positions/pair-position.js');
      const pairs = (fromStdin ? await readPairs(io.stdin) : texts).map((t) => parsePair(t, '--position'));
      return driven('', plain, io, (_, options) => drive(boardPositionWork(game.rule as VectorRule | CappedHeapRule, pairs, command.misere), options));
    }
    // A module's states are JSON; a heap module's positions are heap sizes.
    // Heap sizes are written as for any heap game (1e6, 2^20); anything else is a JSON state.
    const sizes = game.rule.kind === 'custom' && !fromStdin ? moduleHeaps(texts) : undefined;
    const moduleStates = sizes === null;
    const heaps = fromStdin
      ? await driven('', plain, io, (_, options) => drive(readHeapsWork(io.stdin as AsyncIterable<Buffer>, options.signal), options))
      : heapArray(sizes ?? (moduleStates ? [] : parseHeaps(texts)));
    try {
      let exploration: Exploration;
      if (game.rule.kind === 'custom') {
        const result = await exploreModule(game, game.rule.module, moduleStates ? undefined : heaps.largest, command, io, fromStdin ? undefined : texts);
        if (result.shape !== 'heap') return result;
        if (moduleStates) throw new InputError('--position: this module is a heap game (options(n)); give heap sizes');
        exploration = result;
      } else exploration = await asAsked(`--position: heap ${shortCount(heaps.largest)}`, exploreHeapRule(game, heaps.largest, command, io));
      const rule = game.rule;
      const report = await driven('', plain, io, (_, options) => drive(heapPositionWork(exploration, rule, heaps, command.misere), options));
      // A report of a long position reads the heaps again as it is written: its temporary file goes on the way out.
      if (!report.allComponents) heaps.close();
      return report;
    } catch (error) {
      heaps.close();
      throw error;
    }
  });
}

/** The command for work that keeps no checkpoint (a position, a misère table): run by the driver all the same. */
function withoutCheckpoint(command: ExploreCommand): ExploreCommand {
  return { ...command, checkpoint: undefined, resume: false };
}

/** `--misere` without a position: misère outcomes of single heaps 0..max. */
async function misereTableTo(game: GameSpec, command: ExploreCommand, format: ReportFormat, io: CliIo): Promise<void> {
  if (!isHeapRule(game.rule)) throw new InputError('--misere tables are for one-heap games; for other games evaluate positions with --position ... --misere');
  if (command.at || command.checkpoint) throw new InputError('--misere tables take --max N (heaps 0..N)');
  const max = Number(command.max ?? game.defaultMax ?? 100n);
  const rule = game.rule;
  const { misereTableSteps } = await import('../core/positions/misere-table.js');
  const size = { unit: 'heaps', ceiling: rule.kind === 'take-and-break' ? Infinity : max + 1 };
  await withOutputs(command, format, io, () => driven('', withoutCheckpoint(command), io, (_, options) => drive(generatorWork(misereTableSteps(rule, max), size), options)));
}

/** Heaps shown for a game that is not one heap when no --max is given. */
const BOARD_DEFAULT_MAX = { vectors: 31, 'capped-heap': 100 } as const;
/** Coordinates are array indices: keep them well inside memory's reach. */
const BOARD_MAX = 2 ** 31 - 1;

/** Two-pile games and heaps with memory: computed as a table, then written in the format asked. */
async function exploreBoardTo(game: GameSpec, command: ExploreCommand, format: ReportFormat, io: CliIo): Promise<void> {
  const rule = game.rule as VectorRule | CappedHeapRule;
  const what = rule.kind === 'vectors' ? 'two-pile games' : 'heaps with memory';
  if (command.at) throw new InputError(`--at applies to one-heap games; for ${what} give --max N (the table up to N)`);
  if (command.rows && rule.kind !== 'vectors') throw new InputError('--rows applies to two-pile games (--vectors, --preset wythoff)');
  const max = Number(command.max ?? game.defaultMax ?? BigInt(BOARD_DEFAULT_MAX[rule.kind]));
  if (!(max <= BOARD_MAX)) throw new InputError(`--max ${command.max}: at most ${formatCount(BOARD_MAX)} for ${what}`);
  if (command.rows && command.rows.last > max && command.max === undefined) throw new InputError('--rows A..B needs --max N: the length of the rows');
  if (command.checkpoint) checkCheckpointTarget(command.checkpoint, { resume: command.resume, force: command.force });
  await withOutputs(command, format, io, async () => {
    if (rule.kind === 'vectors') {
      const { exploreGridAsync, gridCheckpointKey } = await import('../core/kinds/two-pile/grid.js');
      return driven(gridCheckpointKey(rule, max), command, io, (resume, options) => exploreGridAsync({ game: { ...game, rule }, max, rows: command.rows, resume }, options));
    }
    const { exploreMemoryGameAsync, memoryCheckpointKey } = await import('../core/kinds/capped-heap/explore-capped.js');
    return driven(memoryCheckpointKey(rule), command, io, (resume, options) => exploreMemoryGameAsync({ ...game, rule }, max, options, resume));
  });
}

/** Custom rules run in a sandbox with a watchdog; no theorem applies, so the values are all there is. */
async function exploreModule(game: GameSpec, module: string, max: bigint | undefined, command: ExploreCommand, io: CliIo, positions?: readonly string[]): Promise<Exploration | Result> {
  const wanted = max ?? game.defaultMax;
  // The values are held twice (the sandbox computes them, sg-explore keeps them), in typed arrays of at most 2^30 values.
  const capacity = Math.min(Math.floor(freeMemoryBudget() / 8), MODULE_MOST_VALUES);
  // Loaded here, not at start-up: processes and hashing cost a short run of a built-in rule milliseconds.
  const { moduleCheckpointKey, checkModuleFiles, moduleDigests } = await import('../host/module/digest.js');
  const digests = moduleDigests(module);
  // A checkpoint is for this module and the files it imports as they are now: an edited one is refused by name.
  if (command.resume && command.checkpoint) checkModuleFiles(command.checkpoint, module, digests);
  const key = moduleCheckpointKey(ruleText(game.rule), digests);
  const { ruleModuleWork } = await import('../host/module/run-module.js');
  const largest = wanted !== undefined && wanted >= BigInt(capacity) ? shortCount(wanted) : null;
  const run = await driven(key, command, io, (resume, options) =>
    drive(
      ruleModuleWork(module, {
        count: wanted === undefined ? undefined : Number(wanted > BigInt(capacity) ? BigInt(capacity) + 1n : wanted + 1n),
        countReason: largest === null ? undefined : `${positions ? `--position: heap ${largest} needs` : `${command.max !== undefined ? '--max' : 'max'} ${largest} asks for`} the values of heaps 0 to ${largest}, which`,
        defaultCount: command.limit ?? CUSTOM_DEFAULT_COUNT,
        capacity,
        timeoutMs: command.timeoutMs,
        trusted: command.trustModule,
        log: io.stderr,
        positions,
        max: command.max === undefined ? undefined : Number(command.max),
        resume,
        checkpoint: command.checkpoint !== undefined,
      }),
      options,
    ),
  );
  if (run.states) {
    // A module with states of its own: a table of states(max), or a position.
    const { statesPosition, statesTable } = await import('../core/kinds/module/state-result.js');
    const rule = ruleText(game.rule);
    if (command.misere) throw new InputError('--misere with a module of its own states is not supported: normal play only');
    return run.states.tabulated ? statesTable(rule, run.states.answers) : statesPosition(rule, run.states.answers);
  }
  const described: GameSpec = { ...game, name: game.name ?? run.name, description: game.description ?? run.description };
  const reported = wanted ?? (run.max === undefined ? undefined : parseCount(run.max, "the module's max"));
  return exploreValues(described, run.values, reported, 'a rule given as code has no theorem to prove its pattern');
}

/** The most values a heap rule module computes: a typed array of 4-byte values stays under 4 GiB. */
const MODULE_MOST_VALUES = 2 ** 30 - 1;

/** Values computed for a custom rule when neither --max, the rule file nor the module says. */
const CUSTOM_DEFAULT_COUNT = 2048;

async function listPresetsTo(sink: Sink, format: string, width: number): Promise<void> {
  const presets = listPresets();
  if (format === 'json') return sink.write(toJson(presets) + '\n');
  if (format === 'csv') return sink.write('preset,description\r\n' + presets.map((p) => `${p.usage},"${p.description.replace(/"/g, '""')}"\r\n`).join(''));
  const name = Math.max(...presets.map((p) => p.usage.length));
  return sink.write(presets.map((p) => wrapText(p.description, width - name - 2, name + 2).replace(/^ */, p.usage.padEnd(name + 2))).join('\n') + '\n');
}
