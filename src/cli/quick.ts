/**
 * Short answers without the full program: a position of a preset game that
 * its kind's theorem answers outright (Nim, Bash, Wythoff, Fibonacci Nim),
 * written exactly as the full program writes it. The installed program's
 * loader (scripts/sg-explore-loader.cjs) tries this small bundle first,
 * since start-up is nearly all of such a run (a contest programmer checks
 * 10^18 in a tenth of a second, as with a 30-line program); the full
 * program's option parser, every kind of game and every report stay unread.
 *
 * Only one plain form is taken: `--preset NAME --position A [B ...]` in any
 * order, with an optional `--format` of those a position is written in without
 * the rest of the program (POSITION_WRITERS in src/report/position-report.ts). Anything else, and any
 * error, answers false, and the full program runs: it alone says what is wrong.
 */
import { presetGame } from '../core/presets.js';
import { driveSync } from '../core/driver.js';
import { kindOf } from '../core/kinds/registry.js';
import { theoremComponents, type GameKind, type Prepared, type ShapedResult } from '../core/kinds/kind.js';
import type { PositionReport } from '../core/positions/position.js';
import { POSITION_WRITERS, type PositionFormat } from '../report/position-report.js';
import { columnsOf, type OutputStream } from './io.js';

interface QuickCommand {
  readonly preset: string;
  readonly position: readonly string[];
  readonly format: PositionFormat;
}

/** The one form taken, or null. */
function quickCommand(args: readonly string[]): QuickCommand | null {
  let preset: string | undefined;
  let format: QuickCommand['format'] = 'table';
  const position: string[] = [];
  let i = 0;
  const value = () => {
    const v = args[++i];
    return v === undefined || v.startsWith('-') ? null : v;
  };
  for (; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--preset' && preset === undefined) {
      const v = value();
      if (v === null) return null;
      preset = v;
    } else if (arg === '--format') {
      const v = value();
      if (v === null || !Object.hasOwn(POSITION_WRITERS, v)) return null;
      format = v as PositionFormat;
    } else if (arg === '--position' && position.length === 0) {
      while (args[i + 1] !== undefined && !args[i + 1]!.startsWith('-')) position.push(args[++i]!);
      if (position.length === 0) return null;
    } else return null;
  }
  return preset !== undefined && position.length > 0 ? { preset, position, format } : null;
}

/** The report as the full program writes it to `stdout`, or null when this is not a quick one. */
export async function quickReport(args: readonly string[], stdout: OutputStream): Promise<string | null> {
  const command = quickCommand(args);
  if (!command) return null;
  try {
    const game = presetGame(command.preset);
    const kind = kindOf(game.rule) as GameKind<never>;
    // Only a game its kind's theorem answers outright, with no more components than the theorem takes alone.
    const theorem = kind.theorem?.(game.rule as never);
    if (!theorem || command.position.length > theoremComponents(theorem)) return null;
    // The kind's two parts in turn, as analyse() runs them (without the host and formats analyse() brings in).
    const prepared = (await kind.prepare({ game: game as never, position: command.position })) as Prepared<ShapedResult>;
    let result: unknown = driveSync(await prepared.work(undefined));
    if (prepared.finish) result = driveSync(await prepared.finish(result as ShapedResult));
    const report = result as PositionReport<unknown>;
    if (report.shape !== 'position' || !report.components.every((c) => c.ground.kind === 'theorem')) return null;
    let text = '';
    const sink = { write: async (chunk: string) => void (text += chunk) };
    // The writers stream a long report piece by piece to a sink; here the sink is a string.
    await POSITION_WRITERS[command.format](report, sink as never, columnsOf(stdout));
    return text;
  } catch {
    return null;
  }
}

/** For the loader: answer and return true, or return false (the full program then runs). */
export async function quickAnswer(): Promise<boolean> {
  // No Node host is installed: a theorem needs no memory budget, worker pool or file (a path that did would fail here, and the full program would answer).
  const text = await quickReport(process.argv.slice(2), process.stdout);
  if (text === null) return false;
  process.stdout.on('error', () => {});
  process.stdout.write(text);
  return true;
}
