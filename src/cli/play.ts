/**
 * `sg-explore play RULE [--position ... | --seed N] [--first human|computer] [--misere] [--level 1..10]`:
 * wiring only; the game itself is src/play/session.ts.
 */
import { InputError } from '../core/errors.js';
import { checkGame, kindOf, type GameSpec } from '../core/kinds/registry.js';
import { MOVE_HELP, playSession } from './play-session.js';
import { mulberry32 } from '../core/random.js';
import { EXPLORE_OPTIONS, parseCommandLine, RULE_FLAGS, STDIN_ARGUMENT } from './options.js';
import { columnsOf, type CliIo } from './io.js';
import { wrapText } from '../report/wrap.js';
import { progressMode, progressReporter } from './progress.js';

/** The flags play takes, in the order its help lists them (their words come from the main option table). */
const PLAY_FLAGS = [...RULE_FLAGS, 'position', 'seed', 'first', 'level', 'misere', 'limit'];

/** `sg-explore play --help`: what play takes, and how moves are written. */
export function playHelp(width: number): string {
  const name = Math.max(...PLAY_FLAGS.map((f) => f.length)) + 4;
  const flags = PLAY_FLAGS.map((flag) => {
    const words = flag === 'position' ? "the start: heap sizes (3 6 9), pairs (3:5), heaps with memory (10:9), or tokens on a graph's vertices (a b)" : EXPLORE_OPTIONS[flag]!.describe.replace(/^sg-explore play: /, '');
    return wrapText(words, width - name - 2, name + 2).replace(/^ */, `  --${flag}`.padEnd(name + 2));
  });
  return [
    'sg-explore play RULE [--position P... | --seed N] [--first human|computer]',
    '                     [--level 1..10] [--misere]',
    '',
    wrapText(`Play a game against the computer, one move a line (on a terminal, or through a pipe). RULE is one of ${RULE_FLAGS.slice(0, -1).map((f) => `--${f}`).join(', ')} or --rule, as for sg-explore itself.`, width),
    '',
    'Options:',
    ...flags,
    '',
    MOVE_HELP,
    '',
    'Examples:',
    '  sg-explore play --preset nim --position 3 5 7',
    '  sg-explore play --preset kayles --seed 7 --first computer',
    '  sg-explore play --preset wythoff --position 3:5 --level 5',
  ].join('\n');
}

export async function playMain(args: readonly string[], io: CliIo): Promise<number> {
  if (args.some((a) => a === '--help' || a === '-h')) {
    io.stdout.write(playHelp(columnsOf(io.stdout)) + '\n');
    return 0;
  }
  const parsed = await parseCommandLine(args, io, true);
  if (parsed.output !== undefined) {
    io.stdout.write(parsed.output.endsWith('\n') ? parsed.output : parsed.output + '\n');
    return 0;
  }
  const command = parsed.command!;
  if (command.command !== 'explore') throw new InputError('play: name a game to play (--moves, --preset, ...)');
  if (command.out || command.format) throw new InputError('play talks on the terminal: --out and --format do not apply');
  if (command.answer || command.input) throw new InputError(`play talks on the terminal: --${command.answer ? 'answer' : 'input'} does not apply (it is for --position)`);
  const game: GameSpec = 'spec' in command.game ? command.game.spec : await (await import('../host/rule-file.js')).loadRuleFile(command.game.file);
  const play = command.play!;
  const seed = play.seed ?? Math.floor(Math.random() * 2 ** 31);
  const random = mulberry32(seed);
  const texts = command.position?.filter((t) => t !== STDIN_ARGUMENT);
  if (command.position && texts!.length !== command.position.length) throw new InputError('play reads moves from standard input: give the position on the command line');
  // Evaluations (a hint, the computer's move) show progress when they take long; the line is cleared before the answer.
  const evaluation = () => {
    const progress = progressReporter(progressMode(command.progress, io.stderr), io.stderr);
    return { options: { onProgress: (done: number, ceiling: number, unit: string) => progress.update(done, ceiling, unit) }, done: () => progress.done() };
  };
  const options = { misere: command.misere, humanFirst: play.first === 'human', level: play.level, random, evaluation };
  const kind = kindOf(game.rule);
  if (!kind.play) throw new InputError(`play: ${kind.text(game.rule)} cannot be played yet`);
  const { playable, start, random: drawn } = await kind.play({ game: checkGame(game), position: texts, limit: command.limit }, random);
  if (drawn) io.stdout.write(`A random start (--seed ${seed}).\n`);
  return playSession(playable, [...start], options, io);
}
