import type { Argv } from 'yargs';
import { quickParse, type OptionSpec } from './quick-parse.js';
import { STDIN_ARGUMENT, asWritten, notAChoice, parseArgs, single } from './common.js';
import { PROGRESS_OPTION, THREADS_OPTION, parseThreads } from './shared-options.js';
import { columnsOf, type CliIo } from './io.js';
import { packageVersion } from '../host/package-root.js';
import { InputError, quote, saying } from '../core/errors.js';
import { parseCount, parseSmallCount } from '../core/numbers.js';
import { RULE_WORDS, ruleFileWords, ruleWord } from '../core/rule-words.js';
import { parseRowRange } from '../core/rows.js';
import type { GameSpec } from '../core/kinds/registry.js';
import type { AnalyseRequest } from '../core/kinds/kind.js';

import { FORMAT_NAMES } from '../report/formats.js';
import { EMIT_LANGUAGES, parseEmitLanguage, type EmitLanguage } from '../core/emit/model.js';
import { importPackage } from '../host/package-import.js';
import { judgeLayout, LAYOUT_NAMES, NAMED_LAYOUTS, type JudgeLayout, type LayoutName } from '../core/contest/layout.js';
import { ANSWER_MODES, answerSpec, MOVE_FIELDS, WORD_COUNTS, type AnswerMode, type AnswerSpec } from '../core/contest/answer.js';
import { subcommandHelp } from './commands.js';
import { pictureFile } from '../pictures/picture-file.js';
import { optionEntries, refuseClashes, type Clash, type FieldsOf, type Need, type OptionEntry } from './option-table.js';

export type Format = string;

/** `--input`: how standard input lays out positions (src/core/contest/layout.ts). */
export type InputLayout = LayoutName;
export type { AnswerMode } from '../core/contest/answer.js';

/** What the command line asked for, fully parsed and checked. */
export interface ExploreCommand {
  readonly command: 'explore';
  /** Exactly one way of naming the game; the rule file is loaded later (it is I/O). */
  readonly game: { readonly spec: GameSpec } | { readonly file: string };
  readonly max?: bigint;
  readonly limit?: number;
  /** Keep only a front and a tail of this many values (take-and-break codes of two heaps at most). */
  readonly window?: number;
  readonly at?: readonly bigint[];
  readonly format?: Format;
  readonly out?: string;
  /** Milliseconds a custom rule's options(n) may run. */
  readonly timeoutMs: number;
  /** Run a rule module without its sandbox's limits. */
  readonly trustModule: boolean;
  /** Show progress on stderr (default: when stderr is a terminal). */
  readonly progress?: boolean;
  /** Save the values here now and then, and when interrupted. */
  readonly checkpoint?: string;
  readonly checkpointEverySeconds: number;
  /** Start from the checkpoint file instead of from scratch. */
  readonly resume: boolean;
  /** Overwrite an existing checkpoint file when not resuming. */
  readonly force: boolean;
  /** Worker threads for kernels that can use them. */
  readonly threads?: number;
  /** Draw the table into this file (.svg or .png), and how. */
  readonly plot?: string;
  readonly logX: boolean;
  /** Rows A..B of a two-pile game (columns 0..max). */
  readonly rows?: { readonly first: number; readonly last: number };
  /** A position: its components as written (heap sizes, x:y pairs, JSON states), or ['-'] for stdin. */
  readonly position?: readonly string[];
  /** Misère play: the last player to move loses. */
  readonly misere: boolean;
  /** Misère theory: Conway's genus of each heap, or the misère quotient (implies misère play). */
  readonly misereTheory?: 'genus' | 'quotient';
  /** Let a law that is only observed (not proven) answer beyond the computed table. */
  readonly useObserved: boolean;
  /** A conjecture to check against the table (`--check 'g == n % 4'`), as written. */
  readonly check?: string;
  /** How standard input lays out its positions (`--input`): every number a heap (default), a count then heaps, or cases. */
  readonly input?: InputLayout;
  /** Answer as a judge expects (`--answer`): a winner line per position, or the first winning move and the heaps after it. */
  readonly answer?: AnswerMode;
  /** `--words`: the winner's two words (first player wins, second wins), or the move answer's word for a lost position. */
  readonly words?: readonly string[];
  /** The whole layout of standard input (--input and the flags that shape it), with --position -. */
  readonly layout?: JudgeLayout;
  /** The whole answer (--answer and the flags that shape it: words, prefix, move layout). */
  readonly answerSpec?: AnswerSpec;
  /** --emit LANG: write the pattern (or the theorem) as code, with the command line it came from (for its header). */
  readonly emit?: { readonly language: EmitLanguage; readonly commandLine: string; readonly program: boolean };
  /** `sg-explore play`: who moves first, a seed for a random start, the computer's strength (1..10). */
  readonly play?: { readonly first: 'human' | 'computer'; readonly seed?: number; readonly level: number };
}

export interface ListPresetsCommand {
  readonly command: 'list-presets';
  readonly format?: Format;
}

export type Command = ExploreCommand | ListPresetsCommand;

/** The words that are flags (from the one rule-word table), then --rule FILE. */
const WORD_FLAGS = RULE_WORDS.filter((w) => w.flag);
export const RULE_FLAGS: readonly string[] = [...WORD_FLAGS.map((w) => w.word), 'rule'];
/** The rule flags in a sentence: "--moves, --all-but, ... or --rule". */
const RULE_FLAGS_IN_WORDS = `${RULE_FLAGS.slice(0, -1).map((f) => `--${f}`).join(', ')} or --${RULE_FLAGS[RULE_FLAGS.length - 1]}`;
export const DEFAULT_TIMEOUT_MS = 10_000;
/** The flags that name a file: the rule words that take one, --rule, and the files written. */
const FILE_FLAGS: readonly string[] = [...WORD_FLAGS.filter((w) => w.fileValue.form === 'file').map((w) => w.word), 'rule', 'out', 'plot', 'checkpoint'];


/**
 * Facts of the command line that are not flags, which the table's clashes and needs name: `play` (the command is
 * `sg-explore play`), `stdin` (--position -), `stdin-cases` (--position - read as several cases: --input cases,
 * until or eof) and `case-rule` (a rule's word given as -: each case gives its rule).
 */
export type ExploreFact = 'play' | 'stdin' | 'stdin-cases' | 'case-rule';
/** The layouts of standard input that hold several positions (each answered a line or so). */
const SEVERAL_CASES = LAYOUT_NAMES.filter((name) => NAMED_LAYOUTS[name].cases !== 'one');
/** The flags that shape the answer, as the clashes of --answer name them. */
const ASKS_FOR: Readonly<Record<string, string>> = { plot: 'a picture', misere: 'misère outcomes' };
/** --genus and --quotient make a table of heaps: what does not apply to one. */
const THEORY_CONFLICTS = {
  with: ['play', 'position', 'at', 'rows', 'checkpoint', 'plot', 'limit'],
  message: ({ flag, other }) => (other === 'play' ? `--${flag} makes a table; sg-explore play plays the game` : `--${flag} makes a table of heaps 0..max; --${other} does not apply to it (give one or the other)`),
} as const satisfies Clash<string, ExploreFact>;
/** A flag that shapes the answer needs --answer. */
const SHAPES_ANSWER: Need<'answer', ExploreFact> = { any: ['answer'], message: ({ flag }) => `--${flag} shapes the answer: give --answer too` };
/** A flag of `sg-explore play` only. */
const PLAY_ONLY: Need<never, ExploreFact> = { any: ['play'], message: ({ flag }) => `--${flag} is for sg-explore play` };
/** A flag play refuses (it talks on the terminal), said in play's language. */
const onTerminal = (flags: string): Clash<never, ExploreFact> => ({ with: ['play'], message: () => saying('play.error.terminal', { flags }) });
/** A flag of --checkpoint's. */
const checkpointNeed = (message: string): Need<'checkpoint', ExploreFact> => ({ any: ['checkpoint'], message: () => message });

/**
 * The options of `sg-explore` (and `play`) other than the rule's words: each with its help, the field of
 * ExploreCommand it sets, what it needs and the flags it cannot go with (checked by refuseClashes, in this order).
 */
const OWN_OPTIONS = optionEntries<ExploreCommand, ExploreFact>()({
  rule: { type: 'string', describe: ruleFileWords(), group: 'Rule:', field: 'game' },
  max: { type: 'string', describe: 'report heaps 0..max (1e6, 1_000_000 and 2^20 all work)', group: 'Range:', field: 'max' },
  limit: { type: 'string', describe: 'compute at most this many values looking for a proof', group: 'Range:', field: 'limit', playHelp: 6, duel: true },
  window: {
    type: 'string', describe: 'keep only the first N values and the last N or so (two-heap take-and-break codes): memory that does not grow with --max; refuses where a value it needs lies between them', group: 'Long runs:', field: 'window',
    conflicts: [{ with: ['position', 'at', 'misere', 'genus', 'quotient', 'check', 'emit', 'plot', 'rows'], message: ({ other }) => `--window keeps part of a table's values; --${other} needs them all (give one or the other)` }],
  },
  rows: { type: 'string', describe: 'two-pile games: only rows A..B (e.g. 0..15), each to --max', group: 'Range:', field: 'rows' },
  at: {
    type: 'string', array: true, describe: 'print G(n) for these heap sizes only (exact, up to 10^18 and beyond)', group: 'Range:', field: 'at',
    conflicts: [{ with: ['max'], message: () => 'give --max (a range of heaps) or --at (single heaps), not both' }],
  },
  timeout: { type: 'string', describe: `milliseconds a custom rule's options(n) may take (default ${DEFAULT_TIMEOUT_MS})`, group: 'Range:', field: 'timeoutMs', duel: true },
  'trust-module': { type: 'boolean', describe: "run a rule module without its sandbox's limits (reading outside its folder, writing files, starting processes)", group: 'Rule:', field: 'trustModule', duel: true },
  position: {
    type: 'string', array: true, describe: "a position to evaluate: heap sizes (3 6 9), pairs (3:5), JSON states; '-' reads heaps from stdin", group: 'Positions:', field: 'position', playHelp: 1,
    conflicts: [{ with: ['max', 'at', 'rows', 'checkpoint'], message: ({ other }) => `--position evaluates one position; --${other} asks for a table (give one or the other)` }],
  },
  misere: {
    type: 'boolean', describe: 'misère play: the player who makes the last move loses', group: 'Positions:', field: 'misere', playHelp: 5, duel: 'listed',
    conflicts: [{ with: ['checkpoint'], message: () => '--misere tables take --max N (heaps 0..N)' }],
  },
  genus: { type: 'boolean', describe: "misère: Conway's genus of every heap 0..max, and whether it is tame, restive or wild", group: 'Positions:', field: 'misereTheory', conflicts: [{ with: ['quotient'], message: () => 'give --genus or --quotient, not both' }, THEORY_CONFLICTS] },
  quotient: { type: 'boolean', describe: 'misère: the misère quotient (Plambeck–Siegel) of heaps 0..max, or (no --max) until it stops changing', group: 'Positions:', field: 'misereTheory', conflicts: [THEORY_CONFLICTS] },
  'use-observed': { type: 'boolean', describe: 'let a law only observed (not proven) answer beyond the computed table; the answer says so', group: 'Positions:', field: 'useObserved', duel: true },
  input: {
    type: 'string', choices: LAYOUT_NAMES, describe: "with --position -: how standard input lays out positions: heaps (every number a heap; default), counted (a count, then that many heaps), cases (T, then T cases of a count and heaps), until (cases up to a sentinel line, --sentinel), eof (cases to the end of the input)", group: 'Contest:', field: 'input', duel: 'listed',
    needs: [
      { any: ['stdin', 'program'], message: ({ value }) => `--input ${value('input')} says how standard input is laid out: use it with --position -` },
      // Several positions have no one report: they are answered, a line (or two) each.
      { when: [{ flag: 'input', is: SEVERAL_CASES }], any: ['answer', 'program'], message: ({ value }) => `--input ${value('input')} reads several positions: answer them with --answer (${ANSWER_MODES.join(', ')})` },
    ],
    refusedIn: onTerminal('--input'),
  },
  sentinel: { type: 'string', describe: "with --input until: the line that ends the cases (default 0; such as '0 0 0')", group: 'Contest:', field: 'layout', duel: 'listed', needs: [{ any: ['input'], message: () => '--sentinel shapes the layout of standard input: give --input too' }] },
  components: { type: 'string', describe: 'with --input cases, until or eof: each position has exactly this many components (heaps, pairs, ...) and no count before them', group: 'Contest:', field: 'layout', duel: 'listed', needs: [{ any: ['input'], message: () => '--components shapes the layout of standard input: give --input too' }] },
  answer: {
    type: 'string', choices: ANSWER_MODES, describe: "print only what a judge expects: winner (a line per position: Yes if the first player wins, else No), move (the first winning move as 'TAKE HEAP', then the heaps after it; or lose), count (the number of winning moves), moves (every winning move, a line each; or lose)", group: 'Contest:', field: 'answer', duel: 'listed',
    needs: [{ any: ['position', 'program'], message: ({ value }) => `--answer ${value('answer')} answers positions: give --position (heaps, or - to read them from standard input)` }],
    conflicts: [{ with: ['format', 'plot'], message: ({ value, other }) => `--answer ${value('answer')} prints the judge's lines; --${other} does not apply (give one or the other)` }],
    refusedIn: onTerminal('--answer'),
  },
  words: { type: 'string', describe: "with --answer: the phrases to print, separated by commas (--words-separator): winner W1,W2 (first player wins, second wins; default Yes,No); move W (no winning move; default lose); moves [W1,]W2 (a line before the moves of a won position; lost)", group: 'Contest:', field: 'words', duel: 'listed', needs: [{ any: ['answer'], message: () => '--words gives the words of --answer winner or --answer move: give --answer too' }] },
  'words-separator': { type: 'string', describe: 'what separates the phrases of --words (default a comma), so that a phrase may hold commas', group: 'Contest:', field: 'answerSpec', duel: 'listed', needs: [SHAPES_ANSWER, { any: ['words'], message: () => '--words-separator separates the phrases of --words: give --words too' }] },
  prefix: { type: 'string', describe: "with --answer: written before each case's answer, {k} the case's number (such as 'Case #{k}: ')", group: 'Contest:', field: 'answerSpec', duel: 'listed', needs: [SHAPES_ANSWER] },
  between: {
    type: 'string', describe: "with a rule in each case (--moves -): written between the answers of one case's positions (default a line break; '' joins them)", group: 'Contest:', field: 'answerSpec', duel: 'listed',
    needs: [SHAPES_ANSWER, { any: ['case-rule'], message: () => "--between joins the answers of a case's positions, which only a case with a rule of its own has (a rule's word given as -, such as --moves -)" }],
  },
  'move-format': {
    type: 'string', describe: "with --answer move or moves: how a move is written, from {take} {heap} {from} {to} {after} and \\n (default '{take} {heap}\\n{after}'; moves: '{from} {to}')", group: 'Contest:', field: 'answerSpec', duel: 'listed',
    needs: [SHAPES_ANSWER, { any: [{ flag: 'answer', is: ['move', 'moves'] }], message: ({ value }) => `--move-format writes the moves of --answer move or moves, not of --answer ${value('answer')}` }],
  },
  first: { type: 'string', describe: 'sg-explore play: who moves first, human (default) or computer', group: 'Play:', field: 'play', playHelp: 3, needs: [PLAY_ONLY] },
  seed: { type: 'string', describe: 'sg-explore play: a random start position from this seed (without --position)', group: 'Play:', field: 'play', playHelp: 2, needs: [PLAY_ONLY] },
  level: { type: 'string', describe: 'sg-explore play: the computer plays its best move 1 to 10 times in 10 (default 10: perfect)', group: 'Play:', field: 'play', playHelp: 4, needs: [PLAY_ONLY] },
  format: { type: 'string', choices: FORMAT_NAMES, describe: 'output format (default: table, or from the --out file name)', group: 'Output:', field: 'format', refusedIn: onTerminal('--out, --format') },
  out: { type: 'string', describe: "write to this file (atomically replaced when complete) instead of standard output ('-': standard output)", group: 'Output:', field: 'out', refusedIn: onTerminal('--out, --format') },
  plot: {
    type: 'string', describe: 'also draw the table: FILE.svg or FILE.png (G(n) with the pattern marked; a heat map for two piles)', group: 'Output:', field: 'plot',
    conflicts: [{ with: ['position', 'misere'], message: () => '--plot draws tables; a position or a misère table has no picture' }],
  },
  check: {
    type: 'string', describe: "check a conjecture against the table, e.g. 'g == n % 4', 'p == is_fib(n)' or 'p == ((x & y) == 0)' (bit operators ^ & | ~ << >>, lowbit, ctz, popcount); exit 1 with the first counterexample when it fails", group: 'Conjectures:', field: 'check',
    conflicts: [
      { with: ['play'], message: () => '--check is for tables, not for sg-explore play' },
      { with: ['position', 'at', 'misere', 'plot'], message: ({ other }) => `--check checks a conjecture against a table; --${other} asks for ${ASKS_FOR[other] ?? 'single values'} (give one or the other)` },
    ],
  },
  'log-x': { type: 'boolean', describe: 'with --plot: a logarithmic heap axis', group: 'Output:', field: 'logX' },
  emit: {
    type: 'string', describe: `write the proven pattern (or theorem) as a function to paste into a program: ${EMIT_LANGUAGES.join(', ')} (js)`, group: 'Output:', field: 'emit',
    conflicts: [
      { with: ['play'], message: () => '--emit writes code; sg-explore play plays the game (give one or the other)' },
      { with: ['position', 'at', 'rows', 'plot', 'format', 'checkpoint'], message: ({ other }) => `--emit writes the pattern of the game as code; --${other} does not apply to it (give one or the other)` },
    ],
    // A whole program answers misère positions where a rule does (Nim's: Bouton's misère rule); the functions alone are normal play's.
    needs: [{ when: ['misere'], any: ['program'], message: () => '--emit writes the pattern of the game as code; --misere does not apply to it (give one or the other; --emit LANG --program writes a whole misère program for Nim, by Bouton\'s misère rule)' }],
  },
  program: { type: 'boolean', describe: 'with --emit: a whole program that reads standard input as --input lays it out and prints --answer (with --words, --prefix, --move-format), as sg-explore does', group: 'Contest:', field: 'emit', needs: [{ any: ['emit'], message: () => '--program writes a whole program with --emit LANG: give --emit too' }] },
  progress: { ...(PROGRESS_OPTION as OptionSpec), group: 'Output:', field: 'progress' },
  checkpoint: { type: 'string', describe: 'save progress to this file now and then and on Ctrl-C/SIGTERM/SIGHUP', group: 'Long runs:', field: 'checkpoint' },
  'checkpoint-every': { type: 'string', describe: 'seconds between checkpoints (default 30)', group: 'Long runs:', field: 'checkpointEverySeconds', needs: [checkpointNeed('--checkpoint-every needs --checkpoint FILE')] },
  threads: { ...(THREADS_OPTION as OptionSpec), group: 'Long runs:', field: 'threads' },
  resume: { type: 'boolean', describe: 'continue from the --checkpoint file', group: 'Long runs:', field: 'resume', needs: [checkpointNeed('--resume needs --checkpoint FILE (the file to continue from)')] },
  force: {
    type: 'boolean', describe: 'overwrite an existing --checkpoint file (without --resume)', group: 'Long runs:', field: 'force',
    needs: [checkpointNeed('--force applies to --checkpoint FILE (to overwrite it)')],
    conflicts: [{ with: ['resume'], message: () => '--force and --resume contradict each other: --resume continues the checkpoint, --force starts it afresh' }],
  },
});
/** A flag of the table other than the rule's words. */
export type ExploreFlag = keyof typeof OWN_OPTIONS;

/**
 * The fields of ExploreCommand no flag of the table sets, and why: a field added to the command does not
 * compile until a flag's entry names it or it is given here (the compiler demands one or the other).
 */
export const COMMAND_NOT_A_FLAG: { readonly [K in Exclude<keyof ExploreCommand, FieldsOf<typeof OWN_OPTIONS>>]-?: string } = {
  command: 'which command the line is: a table or positions (explore), or --preset list (list-presets)',
};

/** A rule's word given as - (--moves -) takes its rule from each case of standard input: only there. */
const caseRuleNeed = (word: string): Need<string, ExploreFact> => ({
  when: [{ flag: word, is: ['-'] }],
  any: ['program', 'stdin-cases'],
  message: ({ flag }) => `--${flag} -: the rule comes from each case of standard input: give --position - and --input cases, until or eof`,
});

/** The options of `sg-explore` (and `play`), the rule's words first. Numbers are taken as strings: yargs would turn 2^20 into NaN without a word. */
export const EXPLORE_OPTIONS: Readonly<Record<string, OptionEntry<string, ExploreFact, keyof ExploreCommand>>> = {
  // The rule's words, as the kinds describe them (src/core/rule-words.ts).
  ...Object.fromEntries(
    WORD_FLAGS.map((w) => [w.word, { type: 'string', describe: w.describe, group: 'Rule:', field: 'game', ...(w.fileValue.form === 'numbers' && { needs: [caseRuleNeed(w.word)] }) } satisfies OptionEntry<string, ExploreFact, 'game'>]),
  ),
  ...OWN_OPTIONS,
};

/** A request field no flag sets, and why (the compiler asks for one or the other for every field). */
export interface NotAFlag {
  readonly notAFlag: string;
}
/** The flags of the option table that set a request field (the CLI's request is made from them in run.ts requestOf). */
export interface FlagsOf {
  readonly flags: readonly ExploreFlag[];
}
/**
 * Each field of the library's request (AnalyseRequest), with the flags that set it or an explicit "not a flag":
 * a field added to the request does not compile here until it is given one or the other.
 */
export const REQUEST_FLAGS: { readonly [K in keyof AnalyseRequest]-?: K extends 'game' ? { readonly flags: readonly string[] } : FlagsOf | NotAFlag } = {
  game: { flags: RULE_FLAGS },
  max: { flags: ['max'] },
  at: { flags: ['at'] },
  limit: { flags: ['limit'] },
  window: { flags: ['window'] },
  windowFile: { flags: ['checkpoint'] },
  rows: { flags: ['rows'] },
  position: { flags: ['position'] },
  tables: { notAFlag: 'shared by the positions of one run: --input cases makes them' },
  misere: { flags: ['misere', 'genus', 'quotient'] },
  misereTheory: { flags: ['genus', 'quotient'] },
  useObserved: { flags: ['use-observed'] },
  outcomeOnly: { flags: ['answer'] },
  resume: { notAFlag: "the checkpoint's values: --resume reads them from the --checkpoint file" },
  threads: { flags: ['threads'] },
  memoryBudget: { notAFlag: "the host's budget (a library caller's choice)" },
  module: { flags: ['timeout', 'trust-module', 'checkpoint', 'program', 'answer'] },
};

/** Whether a flag was given (a boolean flag given as --no-X was not). */
function given(argv: Record<string, unknown>, flag: string): boolean {
  return argv[flag] !== undefined && argv[flag] !== false;
}

/** A flag's value as written, for the table's facts and messages (repeats are refused where the value is read). */
function valueOf(argv: Record<string, unknown>, flag: string): string | undefined {
  const value = argv[flag];
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.map(asWritten).join(' ') : asWritten(value).trim();
}

/** The one check of the table's needs and clashes, with the facts of this command line. */
function refuseExploreClashes(argv: Record<string, unknown>, facts: { readonly [fact in ExploreFact]: boolean }): void {
  refuseClashes(EXPLORE_OPTIONS, { has: (name) => (Object.hasOwn(facts, name) ? facts[name as ExploreFact] : given(argv, name)), value: (flag) => valueOf(argv, flag) });
}

/** The option table, for yargs (help, version and every complaint come from it). */
function optionTable(argv: Argv, io?: CliIo) {
  let table = argv
    .scriptName('sg-explore')
    .usage(`$0 (${[...WORD_FLAGS.map((w) => `--${w.word} ${w.argument}`), '--rule FILE'].join(' | ')}) [options]\n\nCompute Sprague-Grundy values of a game and find (and prove) their eventual pattern.\n${subcommandHelp()}`);
  // Only the help's part of each entry: the table's needs and clashes are refuseClashes', not yargs'.
  for (const [name, { type, array, describe, group, choices }] of Object.entries(EXPLORE_OPTIONS)) table = table.option(name, { type, array, describe, group, choices: choices ? [...choices] : undefined });
  return table
    .example('$0 --moves 1,2,3 --max 1e6', 'values, proven period and P-positions of take 1, 2 or 3')
    .example('$0 --all-but 2,3,7 --format json', 'an all-but game as JSON')
    .example('$0 --preset kayles', 'Kayles, computed until Guy-Smith proves its period')
    .example('$0 --moves 2,5,7 --at 10^18', 'one exact value, far out')
    .example('$0 --preset nim --position 3 6 9', 'who wins, and every winning move')
    .example("$0 --moves 1,2,3 --check 'g == n % 4'", 'check a conjecture: exit 0 when it holds (here for every n), 1 with the first counterexample')
    .strict()
    .help()
    .version(packageVersion())
    .wrap(io ? columnsOf(io.stdout) : 80);
}

export interface ParseOutcome {
  readonly command?: Command;
  /** Text yargs printed itself (help, version): the caller prints it and exits 0. */
  readonly output?: string;
}

/** Names of standard output: written to as '-' is (it may be a socket, which has no name to open again). */
const STANDARD_OUTPUT_NAMES = ['/dev/stdout', '/dev/fd/1', '/proc/self/fd/1'];

/** --out FILE; '-' (or /dev/stdout) is standard output, as in other Unix tools (and as --out left out). */
function outFile(text: string | undefined): string | undefined {
  return text === '-' || (text !== undefined && STANDARD_OUTPUT_NAMES.includes(text)) ? undefined : text;
}


/** --rows A..B (also A-B, or one row A); the web app reads it the same way. */
function parseRows(text: string | undefined): { first: number; last: number } | undefined {
  return text === undefined ? undefined : parseRowRange(text, '--rows');
}

export { STDIN_ARGUMENT };

/** The play flags, checked; undefined unless playing (the table refuses them otherwise). */
function parsePlay(argv: Record<string, unknown>, playing: boolean): ExploreCommand['play'] {
  if (!playing) return undefined;
  const first = single(argv.first, 'first')?.trim().toLowerCase() ?? 'human';
  if (first !== 'human' && first !== 'computer') throw new InputError(notAChoice('first', first, ['human', 'computer']));
  const seedText = single(argv.seed, 'seed');
  const levelText = single(argv.level, 'level');
  return {
    first,
    seed: seedText === undefined ? undefined : parseSmallCount(seedText, '--seed', 0, 2 ** 31 - 1),
    level: levelText === undefined ? 10 : parseSmallCount(levelText, '--level', 1, 10),
  };
}

/** A template's `\n` as a line break (a shell passes it as two characters). */
const lineBreaks = (text: string) => text.replace(/\\n/g, '\n');

/** --words: the phrases, split at the separator, each trimmed; as many as the answer takes. */
function parseWords(text: string, separator: string, answer: AnswerMode): string[] {
  const [least, most] = WORD_COUNTS[answer];
  if (most === 0) throw new InputError(`--words: --answer ${answer} prints a number, with no words`);
  if (separator === '') throw new InputError('--words-separator is empty: give the text that separates the phrases of --words (such as , or |)');
  const words = text.split(separator).map((w) => w.trim());
  const sep = quote(separator);
  const wanted =
    answer === 'winner'
      ? `two phrases separated by ${sep}, the first for a win of the first player, the second for a win of the second (such as Yes,No)`
      : answer === 'move'
        ? `one phrase, printed when no move wins (such as lose)`
        : `one phrase, printed when no move wins, or two separated by ${sep}: a line before the moves of a won position, then that phrase (such as Yes,No)`;
  if (words.length < least || words.length > most) throw new InputError(`--words ${quote(text)}: --answer ${answer} takes ${wanted}; ${words.length === 1 ? `there is no ${sep} in it` : `${words.length} are given`}${separator === ',' && words.length > most ? ' (a phrase with a comma in it: choose another separator with --words-separator)' : ''}`);
  const empty = words.findIndex((w) => w === '');
  if (empty >= 0) throw new InputError(`--words ${quote(text)}: phrase ${empty + 1} is empty (--answer ${answer} takes ${wanted})`);
  if (words.some((w) => /[\n\r]/.test(w))) throw new InputError(`--words ${quote(text)}: a phrase is one line (no line breaks in it)`);
  return words;
}

/** --move-format: the text of a move, whose fields are among MOVE_FIELDS. */
function parseMoveFormat(text: string): string {
  const unknown = [...text.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!).find((f) => !(MOVE_FIELDS as readonly string[]).includes(f));
  if (unknown !== undefined) throw new InputError(`--move-format ${quote(text)}: {${unknown}} is not a field of a move (${MOVE_FIELDS.map((f) => `{${f}}`).join(' ')})`);
  return lineBreaks(text);
}

/**
 * --input, --answer and the flags that shape them (their needs and clashes are the option table's):
 * the layout of standard input (with a rule in each case when a rule's word was given as -, `caseRule`) and the answer.
 */
export function parseContest(argv: Record<string, unknown>, caseRule?: string): Pick<ExploreCommand, 'input' | 'answer' | 'words' | 'layout' | 'answerSpec'> {
  const input = single(argv.input, 'input') as InputLayout | undefined;
  const answer = single(argv.answer, 'answer') as AnswerMode | undefined;
  const text = (flag: string) => single(argv[flag], flag);
  const moveFormat = text('move-format');
  const sentinelText = text('sentinel');
  const componentsText = text('components');
  const layout =
    input === undefined
      ? undefined
      : judgeLayout(input, {
          sentinel: sentinelText === undefined ? undefined : sentinelText.trim().split(/\s+/).filter((t) => t !== ''),
          components: componentsText === undefined ? undefined : parseSmallCount(componentsText, '--components', 1, 1_000_000),
          rule: caseRule,
        });
  const wordsText = text('words');
  const words = wordsText === undefined ? undefined : parseWords(wordsText, text('words-separator') ?? ',', answer!);
  const prefix = text('prefix');
  const between = text('between');
  const spec = answer === undefined ? undefined : answerSpec(answer, { words, prefix: prefix === undefined ? undefined : lineBreaks(prefix), between: between === undefined ? undefined : lineBreaks(between), moveFormat: moveFormat === undefined ? undefined : parseMoveFormat(moveFormat) });
  return { input, answer, words, layout, answerSpec: spec };
}

/** A word as a POSIX shell reads it back (quoted only when it must be). */
function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./^-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export async function parseCommandLine(rawArgs: readonly string[], io?: CliIo, playing = false, quick = true): Promise<ParseOutcome> {
  const args = rawArgs.map((a) => (a === '-' ? STDIN_ARGUMENT : a));
  // The everyday command line is read without loading yargs (about half of a small run's time);
  // anything else (help, version, a mistake) goes through the full table for its words.
  // `--version` alone is answered here too: through yargs it took longer than a small run.
  if (quick && args.length === 1 && args[0] === '--version') return { output: packageVersion() };
  let argv = quick ? quickParse(args, EXPLORE_OPTIONS) : null;
  if (!argv) {
    const { default: yargs } = await importPackage<typeof import('yargs')>('yargs');
    const parsed = await parseArgs(optionTable(yargs([...args]), io), args, '', `rules are given with ${RULE_FLAGS_IN_WORDS}`);
    if (!parsed.argv) return { output: parsed.output };
    argv = parsed.argv;
  }

  const format = single(argv.format, 'format') as Format | undefined;
  const preset = single(argv.preset, 'preset');
  if (preset?.trim().toLowerCase() === 'list') return { command: { command: 'list-presets', format } };

  // An empty name (--out "" from an unset variable) would be found out only after the work.
  const unnamed = FILE_FLAGS.find((flag) => single(argv[flag], flag)?.trim() === '');
  if (unnamed !== undefined) throw new InputError(`--${unnamed}: needs a file name (it is empty)`);
  const given = RULE_FLAGS.filter((flag) => argv[flag] !== undefined);
  if (given.length === 0) throw new InputError(`no rule given: use ${RULE_FLAGS_IN_WORDS} (see --help)`);
  if (given.length > 1) throw new InputError(`give one rule, not ${given.map((f) => `--${f}`).join(' and ')}`);
  const flag = given[0]!;
  const text = single(argv[flag], flag)!;
  // A rule's word given as - (--moves -): each case of standard input gives its own rule (--input cases, until, eof);
  // the game here stands for the kind of those rules, made from the word's one-number rule.
  const caseRule = (text === STDIN_ARGUMENT || text.trim() === '-') && flag !== 'rule' && ruleWord(flag)!.fileValue.form === 'numbers' ? flag : undefined;
  const game = flag === 'rule' ? { file: text } : { spec: ruleWord(flag)!.parse(caseRule ? '1' : text, `--${flag}`) as GameSpec };

  const maxText = single(argv.max, 'max');
  const limitText = single(argv.limit, 'limit');
  const windowText = single(argv.window, 'window');
  const timeoutText = single(argv.timeout, 'timeout');
  const checkpoint = single(argv.checkpoint, 'checkpoint');
  const plotText = single(argv.plot, 'plot');
  const everyText = single(argv['checkpoint-every'], 'checkpoint-every');
  if (checkpoint === '-') throw new InputError('--checkpoint -: name a file (a checkpoint is read back, so it cannot go to standard output)');
  const atTexts = argv.at as string[] | undefined;
  if (atTexts && atTexts.length === 0) throw new InputError('--at needs at least one heap size');
  const positionTexts = argv.position as string[] | undefined;
  const position = positionTexts?.flatMap((t) => (String(t).trim().startsWith('{') || String(t).trim().startsWith('[') ? [String(t)] : String(t).trim().split(/\s+/))).filter((t) => t !== '');
  if (position !== undefined) {
    if (position.length > 1 && position.includes(STDIN_ARGUMENT)) throw new InputError("--position: '-' reads every heap from standard input, so it comes alone (give heaps either on the command line or on standard input)");
    if (position.length === 0) throw new InputError('--position needs at least one component (heap sizes such as 3 6 9, or - to read them from stdin)');
  }
  const stdin = position?.length === 1 && position[0] === STDIN_ARGUMENT;
  const input = single(argv.input, 'input') as InputLayout | undefined;
  refuseExploreClashes(argv, { play: playing, stdin, 'stdin-cases': stdin && input !== undefined && SEVERAL_CASES.includes(input), 'case-rule': caseRule !== undefined });
  const check = single(argv.check, 'check');
  if (check !== undefined && check.trim() === '') throw new InputError("--check needs a conjecture, such as 'g == n % 4'");
  const emitText = single(argv.emit, 'emit');
  const theory = argv.genus ? ('genus' as const) : argv.quotient ? ('quotient' as const) : undefined;
  const program = Boolean(argv.program);
  const emit = emitText === undefined ? undefined : { language: parseEmitLanguage(emitText), commandLine: ['sg-explore', ...rawArgs].map(shellWord).join(' '), program };
  return {
    command: {
      command: 'explore',
      ...(emit && { emit }),
      game,
      max: maxText === undefined ? undefined : parseCount(maxText, '--max'),
      limit: limitText === undefined ? undefined : parseSmallCount(limitText, '--limit', 1),
      window: windowText === undefined ? undefined : parseSmallCount(windowText, '--window', 1),
      at: atTexts?.flatMap((t) => asWritten(t).split(',')).map((t) => parseCount(t, '--at')),
      format,
      out: outFile(single(argv.out, 'out')),
      timeoutMs: timeoutText === undefined ? DEFAULT_TIMEOUT_MS : parseSmallCount(timeoutText, '--timeout', 1, 2 ** 31 - 1),
      trustModule: Boolean(argv['trust-module']),
      progress: argv.progress as boolean | undefined,
      checkpoint,
      checkpointEverySeconds: everyText === undefined ? 30 : parseSmallCount(everyText, '--checkpoint-every', 1, 86_400),
      resume: Boolean(argv.resume),
      force: Boolean(argv.force),
      threads: parseThreads(argv.threads),
      rows: parseRows(single(argv.rows, 'rows')),
      plot: plotText === undefined ? undefined : pictureFile(plotText),
      logX: Boolean(argv['log-x']),
      position,
      misere: Boolean(argv.misere) || theory !== undefined,
      ...(theory && { misereTheory: theory }),
      useObserved: Boolean(argv['use-observed']),
      ...parseContest(argv, caseRule),
      play: parsePlay(argv, playing),
      check,
      emit,
    },
  };
}
