/**
 * `sg-explore play RULE [--position ... | --seed N] [--first human|computer] [--misere] [--level 1..10]`:
 * wiring only; the game itself is src/core/play/session.ts, spoken by
 * ./play-session.ts in the language of --lang or the locale.
 */
import { InputError, quote } from '../core/errors.js';
import { playSession } from './play-session.js';
import { LANGS, pickLang, translator, type Lang, type MessageKey, type Translate } from '../core/i18n/index.js';
import { wrapWide } from './wrap-wide.js';
import { startPlay } from '../core/play/start.js';
import { helpText } from '../core/play/words.js';
import { EXPLORE_OPTIONS, parseCommandLine, RULE_FLAGS, STDIN_ARGUMENT } from './options.js';
import { columnsOf, type CliIo } from './io.js';
import { progressMode, progressReporter, progressWords } from './progress.js';
import { askedAs, inLanguage } from './error-words.js';
import { kindOf, type GameSpec } from '../core/kinds/registry.js';
import { positionHeaps } from '../core/kinds/shared/heap-game.js';
import { shortCount } from '../core/numbers.js';
import { notAChoice } from './common.js';
import { helpPresets } from '../core/presets.js';
import { FILE_WORDS, RULE_FILE_EXTENSIONS } from '../core/rule-words.js';

/**
 * The flags play's help lists, in its order: the rule flags (the core's rule words, then --rule), the option
 * table's flags with a place in play's help (`playHelp`), then --lang, play's own (read before the table: langOf).
 */
export const PLAY_FLAGS: readonly string[] = [
  ...RULE_FLAGS,
  ...Object.entries(EXPLORE_OPTIONS)
    .flatMap(([flag, entry]) => (entry.playHelp === undefined ? [] : [{ flag, place: entry.playHelp }]))
    .sort((a, b) => a.place - b.place)
    .map(({ flag }) => flag),
  'lang',
];
/** A flag's words in play's help (test/cli/play.test.ts checks every flag has them, and that a rule flag's English are the core's). */
export const flagKey = (flag: string) => `play.flag.${flag}` as MessageKey;

/** A flag's words in play's help, in the language of `t`, with the lists in them taken from their registries. */
export function playFlagWords(flag: string, t: Translate): string {
  const list = (items: readonly string[]) => items.join(t('play.listSeparator'));
  return t(flagKey(flag), { presets: list(helpPresets()), files: list(RULE_FILE_EXTENSIONS), modules: list(FILE_WORDS.flatMap((w) => w.fileValue.extensions)) });
}

/** `sg-explore play --help`: what play takes, and how moves are written, in the language asked for. */
export function playHelp(width: number, t: Translate = translator('en')): string {
  const name = Math.max(...PLAY_FLAGS.map((f) => f.length)) + 4;
  const flags = PLAY_FLAGS.map((flag) => {
    const wrapped = wrapWide(playFlagWords(flag, t), width - name - 2).split('\n');
    return wrapped.map((line, i) => (i === 0 ? `  --${flag}`.padEnd(name + 2) : ' '.repeat(name + 2)) + line).join('\n');
  });
  return [
    'sg-explore play RULE [--position P... | --seed N] [--first human|computer]',
    '                     [--level 1..10] [--misere] [--lang en|zh]',
    '',
    wrapWide(t('play.helpText.intro', { rules: `${RULE_FLAGS.slice(0, -1).map((f) => `--${f}`).join(', ')}, --rule` }), width),
    '',
    t('play.helpText.options'),
    ...flags,
    '',
    helpText(t),
    '',
    t('play.helpText.examples'),
    '  sg-explore play --preset nim --position 3 5 7',
    '  sg-explore play --preset kayles --seed 7 --first computer',
    '  sg-explore play --preset wythoff --position 3:5 --level 5',
    '  sg-explore play --preset nim --position 3 5 7 --lang zh',
  ].join('\n');
}

/**
 * `--lang en|zh` taken out of the arguments (it is play's alone), else the
 * locale: the first of LC_ALL, LC_MESSAGES and LANG that is set, as POSIX
 * orders them (zh_CN.UTF-8 speaks Chinese; C, POSIX and the rest English).
 */
export function langOf(args: readonly string[], env: NodeJS.ProcessEnv): { lang: Lang; rest: string[] } {
  const rest: string[] = [];
  let asked: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--lang') {
      asked = args[++i];
      if (asked === undefined) throw new InputError('--lang: name a language, en or zh');
    } else if (arg.startsWith('--lang=')) asked = arg.slice('--lang='.length);
    else rest.push(arg);
  }
  if (asked !== undefined) {
    const lang = LANGS.find((l) => l === asked!.trim().toLowerCase().split(/[-_]/)[0]);
    if (!lang) throw new InputError(notAChoice('lang', asked, LANGS));
    return { lang, rest };
  }
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '');
  return { lang: pickLang(null, locale ? [locale] : []), rest };
}

export async function playMain(args: readonly string[], io: CliIo): Promise<number> {
  const { lang, rest } = langOf(args, io.env);
  const t = translator(lang);
  try {
    return await playIn(rest, io, t);
  } catch (error) {
    // A mistake in the game or position, in play's language.
    throw inLanguage(error, t);
  }
}

async function playIn(rest: readonly string[], io: CliIo, t: Translate): Promise<number> {
  if (rest.some((a) => a === '--help' || a === '-h')) {
    io.stdout.write(playHelp(columnsOf(io.stdout), t) + '\n');
    return 0;
  }
  const parsed = await parseCommandLine(rest, io, true);
  if (parsed.output !== undefined) {
    io.stdout.write(parsed.output.endsWith('\n') ? parsed.output : parsed.output + '\n');
    return 0;
  }
  const command = parsed.command!;
  if (command.command !== 'explore') throw new InputError(t('play.error.noGame'));
  const game: GameSpec = 'spec' in command.game ? command.game.spec : await (await import('../host/rule-file.js')).loadRuleFile(command.game.file);
  const play = command.play!;
  const seed = play.seed ?? Math.floor(Math.random() * 2 ** 31);
  const texts = command.position?.filter((t) => t !== STDIN_ARGUMENT);
  if (command.position && texts!.length !== command.position.length) throw new InputError(t('play.error.stdin'));
  // Evaluations (a hint, the computer's move) show progress when they take long; the line is cleared before the answer.
  const evaluation = () => {
    const progress = progressReporter(progressMode(command.progress, io.stderr), io.stderr, { words: progressWords(t) });
    return { options: { onProgress: (done: number, ceiling: number, unit: string) => progress.update(done, ceiling, unit) }, done: () => progress.done() };
  };
  const { playable, start, random: drawn, next } = await startPlay({ game, position: texts, seed, limit: command.limit }).catch((error: unknown) => {
    // The library names the heap it could not value as its field max; play was asked it as a heap of --position.
    throw texts && error instanceof InputError && error.field === 'max' && kindOf(game.rule).heap ? askedAs(error, 'max', `--position: heap ${shortCount(positionHeaps(texts).largest)}`) : error;
  });
  return playSession(playable, [...start], { misere: command.misere, humanFirst: play.first === 'human', level: play.level, random: next, t, evaluation, seed: drawn ? seed : undefined }, io);
}
