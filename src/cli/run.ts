import { exploreAsync, exploreValues, type Exploration } from '../explore.js';
import { freemem } from 'node:os';
import { formatCount, parseCount } from '../numbers.js';
import { ruleText, type GameSpec } from '../rules/model.js';
import { runRuleModule } from '../custom/run-module.js';
import { progressReporter } from './progress.js';
import { Interrupted, SIGNAL_EXIT_CODES, interruptible } from './interrupt.js';
import { checkCheckpointWritable, loadCheckpoint, saveCheckpoint } from '../checkpoint.js';
import { InputError } from '../errors.js';
import { defaultThreads } from '../engine/threads.js';
import { listPresets } from '../rules/presets.js';
import { writeCsv } from '../report/csv.js';
import { writeJson, toJson } from '../report/json.js';
import { fileSink, stdoutSink, type Sink } from '../report/sink.js';
import { colourWanted } from './common.js';
import type { Command, ExploreCommand, Format } from './options.js';

/** Without --format, an --out file's extension picks it (values.csv, report.json). */
function formatOfFile(out: string | undefined): Format | undefined {
  const extension = out?.toLowerCase().match(/\.(csv|json)$/)?.[1];
  return extension as Format | undefined;
}

async function openSink(out: string | undefined): Promise<Sink> {
  return out === undefined ? stdoutSink() : fileSink(out);
}

/** Carry out a parsed command; all output goes through one sink. */
export async function runCommand(command: Command): Promise<void> {
  if (command.command === 'list-presets') return listPresetsTo(stdoutSink(), command.format ?? 'table');
  return exploreTo(command);
}

async function exploreTo(command: ExploreCommand): Promise<void> {
  // Loaded on demand: the YAML parser and the table library cost start-up time when unused.
  const game = 'spec' in command.game ? command.game.spec : await (await import('../rules/file.js')).loadRuleFile(command.game.file);
  const at = command.at;
  const largestAt = at?.reduce((a, b) => (b > a ? b : a), 0n);
  // With --at, only the asked-for heaps matter: compute (or prove) up to the largest.
  const max = at ? largestAt : command.max;
  if (game.rule.kind === 'custom' && command.checkpoint) throw new InputError('--checkpoint works for built-in rules; a rule module is recomputed from scratch');
  // Open the output first: an --out that cannot be written is refused before any work.
  const sink = await openSink(command.out);
  try {
    const progress = progressReporter(command.progress ?? Boolean(process.stderr.isTTY));
    let exploration: Exploration;
    try {
      exploration =
        game.rule.kind === 'custom' ? await exploreModule(game, game.rule.module, max, command) : await exploreLongRun(game, max, command, progress.update);
    } finally {
      progress.done();
    }
    const format: Format = command.format ?? formatOfFile(command.out) ?? 'table';
    if (format === 'csv') await writeCsv(exploration, sink, at);
    else if (format === 'json') await writeJson(exploration, sink, at);
    else await (await import('../report/table.js')).writeTable(exploration, sink, { colour: colourWanted(sink), width: Math.min(process.stdout.columns ?? 100, 160) }, at);
    await sink.close();
  } catch (error) {
    sink.abort();
    throw error;
  }
}

/** A built-in rule, with checkpoints and a clean stop on SIGINT/SIGTERM. */
async function exploreLongRun(game: GameSpec, max: bigint | undefined, command: ExploreCommand, onProgress: (n: number, of: number) => void): Promise<Exploration> {
  const rule = ruleText(game.rule);
  const file = command.checkpoint;
  const resume = command.resume && file ? loadCheckpoint(file, rule) : undefined;
  if (file) checkCheckpointWritable(file);
  let saved = resume?.length ?? 0;
  const onCheckpoint = file
    ? (values: Exploration['values']) => {
        saveCheckpoint(file, rule, values);
        saved = values.length;
      }
    : undefined;
  return interruptible(async (signal) => {
    try {
      return await exploreAsync(
        { game, max, limit: command.limit, resume, threads: command.threads ?? defaultThreads() },
        { onProgress, signal, onCheckpoint, checkpointEveryMs: command.checkpointEverySeconds * 1000 },
      );
    } catch (error) {
      // A checkpoint that could not be saved is reported as such, signal or not.
      if (!signal.aborted || error instanceof InputError) throw error;
      const name = signal.reason as keyof typeof SIGNAL_EXIT_CODES;
      const where = file ? `; ${formatCount(saved)} values saved to ${file} (continue with --resume --checkpoint ${file})` : ' (use --checkpoint FILE to keep the work)';
      throw new Interrupted(`stopped by ${name}${where}`, SIGNAL_EXIT_CODES[name] ?? 1);
    }
  });
}

/** Custom rules run in a worker with a watchdog; no theorem applies, so the values are all there is. */
async function exploreModule(game: GameSpec, module: string, max: bigint | undefined, command: ExploreCommand): Promise<Exploration> {
  const wanted = max ?? game.defaultMax;
  const capacity = Math.floor((freemem() * 0.8) / 4);
  const run = await runRuleModule(module, {
    count: wanted === undefined ? undefined : Number(wanted > BigInt(capacity) ? BigInt(capacity) + 1n : wanted + 1n),
    defaultCount: command.limit ?? CUSTOM_DEFAULT_COUNT,
    capacity,
    timeoutMs: command.timeoutMs,
  });
  const described: GameSpec = { ...game, name: game.name ?? run.name, description: game.description ?? run.description };
  const reported = wanted ?? (run.max === undefined ? undefined : parseCount(run.max, "the module's max"));
  return exploreValues(described, run.values, reported, 'a rule given as code has no theorem to prove its pattern');
}

/** Values computed for a custom rule when neither --max, the rule file nor the module says. */
const CUSTOM_DEFAULT_COUNT = 2048;

async function listPresetsTo(sink: Sink, format: Format): Promise<void> {
  const presets = listPresets();
  if (format === 'json') return sink.write(toJson(presets) + '\n');
  if (format === 'csv') return sink.write('preset,description\r\n' + presets.map((p) => `${p.usage},"${p.description.replace(/"/g, '""')}"\r\n`).join(''));
  const width = Math.max(...presets.map((p) => p.usage.length));
  return sink.write(presets.map((p) => `${p.usage.padEnd(width)}  ${p.description}`).join('\n') + '\n');
}
