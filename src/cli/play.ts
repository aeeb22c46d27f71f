/**
 * `sg-explore play RULE [--position ... | --seed N] [--first human|computer] [--misere] [--level 1..10]`:
 * wiring only; the game itself is src/play/session.ts.
 */
import { InputError } from '../core/errors.js';
import { explore } from '../core/heap/explore.js';
import { isHeapRule, type GameSpec } from '../core/rules/model.js';
import { parseCount } from '../core/numbers.js';
import { boardPlayable, heapPlayable, isBoardRule, type Playable } from '../play/playable.js';
import { MOVE_HELP, playSession } from '../play/session.js';
import { mulberry32 } from '../play/random.js';
import { EXPLORE_OPTIONS, parseCommandLine, STDIN_ARGUMENT } from './options.js';
import { columnsOf, type CliIo } from './io.js';
import { wrapText } from '../report/wrap.js';
import { progressMode, progressReporter } from './progress.js';
import type { Pair } from '../core/kinds/game.js';

/** Heaps a played game may start with (its values are computed up to the largest). */
const PLAY_HEAP_LIMIT = 1_000_000;

/** The flags play takes, in the order its help lists them (their words come from the main option table). */
const PLAY_FLAGS = ['moves', 'all-but', 'code', 'vectors', 'preset', 'rule', 'position', 'seed', 'first', 'level', 'misere', 'limit'] as const;

/** `sg-explore play --help`: what play takes, and how moves are written. */
export function playHelp(width: number): string {
  const name = Math.max(...PLAY_FLAGS.map((f) => f.length)) + 4;
  const flags = PLAY_FLAGS.map((flag) => {
    const words = flag === 'position' ? 'the start: heap sizes (3 6 9), pairs (3:5), or heaps with memory (10:9)' : EXPLORE_OPTIONS[flag]!.describe.replace(/^sg-explore play: /, '');
    return wrapText(words, width - name - 2, name + 2).replace(/^ */, `  --${flag}`.padEnd(name + 2));
  });
  return [
    'sg-explore play RULE [--position P... | --seed N] [--first human|computer]',
    '                     [--level 1..10] [--misere]',
    '',
    wrapText('Play a game against the computer, one move a line (on a terminal, or through a pipe). RULE is one of --moves, --all-but, --code, --vectors, --preset or --rule, as for sg-explore itself.', width),
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
  const game: GameSpec = 'spec' in command.game ? command.game.spec : await (await import('../core/rules/file.js')).loadRuleFile(command.game.file);
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
  if (isBoardRule(game.rule)) {
    const playable = boardPlayable(game.rule);
    const start: Pair[] = texts ? texts.map((t) => playable.parse(t)) : randomBoard(game.rule.kind, random);
    if (!texts) io.stdout.write(`A random start (--seed ${seed}).\n`);
    return playSession(playable, start, options, io);
  }
  if (!isHeapRule(game.rule) || game.rule.kind === 'custom') throw new InputError('play: rule modules cannot be played yet');
  const start = texts ? texts.map((t) => parseCount(t, '--position')) : Array.from({ length: 3 }, () => BigInt(1 + Math.floor(random() * 15)));
  if (!texts) io.stdout.write(`A random start (--seed ${seed}).\n`);
  const largest = start.reduce((a, b) => (b > a ? b : a), 0n);
  if (largest > BigInt(PLAY_HEAP_LIMIT)) throw new InputError(`play: heaps up to ${PLAY_HEAP_LIMIT.toLocaleString('en-US')} (got ${largest})`);
  const exploration = explore({ game, max: largest, limit: command.limit });
  const playable: Playable<bigint> = heapPlayable(game.rule, exploration);
  return playSession(playable, start, options, io);
}

function randomBoard(kind: 'vectors' | 'capped-heap', random: () => number): Pair[] {
  const r = (n: number) => Math.floor(random() * n);
  if (kind === 'vectors') return [[3 + r(12), 3 + r(12)]];
  const n = 8 + r(30);
  return [[n, n - 1]];
}
