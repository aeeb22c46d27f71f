import { explore } from '../explore.js';
import { loadRuleFile } from '../rules/file.js';
import { listPresets } from '../rules/presets.js';
import { writeCsv } from '../report/csv.js';
import { writeJson, toJson } from '../report/json.js';
import { writeTable } from '../report/table.js';
import { fileSink, stdoutSink, type Sink } from '../report/sink.js';
import type { Command, ExploreCommand, Format } from './options.js';

function colourWanted(sink: Sink): boolean {
  return sink.isTerminal && !('NO_COLOR' in process.env && process.env.NO_COLOR !== '') && process.env.TERM !== 'dumb';
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
  const game = 'spec' in command.game ? command.game.spec : await loadRuleFile(command.game.file);
  const at = command.at;
  const largestAt = at?.reduce((a, b) => (b > a ? b : a), 0n);
  // With --at, only the asked-for heaps matter: compute (or prove) up to the largest.
  const exploration = explore({ game, max: at ? largestAt : command.max, limit: command.limit });
  const sink = await openSink(command.out);
  try {
    const format: Format = command.format ?? 'table';
    if (format === 'csv') await writeCsv(exploration, sink, at);
    else if (format === 'json') await writeJson(exploration, sink, at);
    else await writeTable(exploration, sink, { colour: colourWanted(sink), width: Math.min(process.stdout.columns ?? 100, 160) }, at);
    await sink.close();
  } catch (error) {
    sink.abort();
    throw error;
  }
}

async function listPresetsTo(sink: Sink, format: Format): Promise<void> {
  const presets = listPresets();
  if (format === 'json') return sink.write(toJson(presets) + '\n');
  if (format === 'csv') return sink.write('preset,description\r\n' + presets.map((p) => `${p.usage},"${p.description.replace(/"/g, '""')}"\r\n`).join(''));
  const width = Math.max(...presets.map((p) => p.usage.length));
  return sink.write(presets.map((p) => `${p.usage.padEnd(width)}  ${p.description}`).join('\n') + '\n');
}
