/**
 * `sg-explore duel --solution CMD [game flags] [--input ...] [--answer ...]`:
 * run a contestant's program on random positions of a heap game, in a
 * judge's layout, and compare each of its answers with the exact one (the
 * loop contest programmers write by hand to test a solution against a
 * brute force). It stops at the first difference and shows the input, the
 * answer expected and the answer received (exit 1); when every case agrees,
 * one summary line (exit 0). Wiring, and the runs of the solution; the
 * answers are those of `--answer` (src/cli/contest.ts).
 */
import { positionTables } from '../core/positions/position-tables.js';
import { spawn } from 'node:child_process';
import { excerpt, InputError, quote } from '../core/errors.js';
import { formatCount, parseCount, parseSmallCount } from '../core/numbers.js';
import { mulberry32 } from '../core/random.js';
import { kindOf, type GameSpec } from '../core/kinds/registry.js';
import { single } from './common.js';
import { caseAnswer, type JudgeCase } from './contest.js';
import { judgeFormOf } from '../core/contest/form.js';
import { judgeLayout, type JudgeLayout } from '../core/contest/layout.js';
import type { JudgeForm } from '../core/kinds/kind.js';
import { ruleWord } from '../core/rule-words.js';
import { columnsOf, type CliIo } from './io.js';
import { noteForStop, onInterrupt } from './interrupt.js';
import { EXPLORE_OPTIONS, parseCommandLine, RULE_FLAGS, type ExploreCommand } from './options.js';
import type { OptionSpec } from './quick-parse.js';
import { evaluatePosition } from './run.js';
import { wrapText } from '../report/wrap.js';
import { signalGroup } from '../host/process-group.js';

/** Cases in one run of --input cases, until or eof: 1 to this many unless --per-run says (and positions of a case with a rule of its own). */
const CASES_PER_RUN = 5;

/** duel's own options (the game's, --input, --answer, --words and --misere are sg-explore's). */
export const DUEL_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  solution: { type: 'string', describe: "the program to test, run once a case: a command split at spaces (\"python3 sol.py\"); or give it after -- (each word as it is)", group: 'Duel:' },
  cases: { type: 'string', describe: 'runs of the solution, each on a new random input (default 100)', group: 'Duel:' },
  seed: { type: 'string', describe: 'the random inputs from this seed, to run the same cases again (default: a new seed, printed)', group: 'Duel:' },
  'per-run': { type: 'string', describe: `with --input cases, until or eof: each run's input holds 1 to this many cases (default ${CASES_PER_RUN}), or A..B of them (50..50: exactly 50; an interpreter's start, paid once a run, then counts for little)`, group: 'Duel:' },
  heaps: { type: 'string', describe: 'each position has 1 to this many components (heaps, pairs; default 5), or A..B of them (3..3: exactly 3)', group: 'Duel:' },
  smallest: { type: 'string', describe: 'each heap (each pile of a pair) has at least this many tokens (default 0)', group: 'Duel:' },
  largest: { type: 'string', describe: 'each heap (each pile of a pair) has at most this many tokens (default 20; up to 10^18)', group: 'Duel:' },
  'time-limit': { type: 'string', describe: 'seconds a run may take before it is stopped and reported (default 5: generous, for an interpreter starting on a busy machine)', group: 'Duel:' },
};

/** The flags of sg-explore that duel passes on (the game, the layout, the answer). */
const GAME_FLAGS = [...RULE_FLAGS, ...Object.keys(EXPLORE_OPTIONS).filter((flag) => EXPLORE_OPTIONS[flag]!.duel)];
/** The game's flags duel's help lists (`duel: 'listed'`): the layout and the answer (the table's Contest: group) first, in the table's order. */
const LISTED_FLAGS = Object.keys(EXPLORE_OPTIONS)
  .filter((flag) => EXPLORE_OPTIONS[flag]!.duel === 'listed')
  .sort((a, b) => Number(EXPLORE_OPTIONS[a]!.group !== 'Contest:') - Number(EXPLORE_OPTIONS[b]!.group !== 'Contest:'));
/** A listed flag's words where duel says them otherwise than sg-explore's help (it writes the input and compares the answer). */
const DUEL_WORDS: Readonly<Record<string, (describe: string) => string>> = {
  input: (describe) => `${describe.replace(/^with --position -: /, '')}; with cases, until or eof, each run holds 1 to ${CASES_PER_RUN} of them (--per-run)`,
  answer: (describe) => `${describe.replace(/^print only/, 'compare only')} (default winner)`,
};

/** Output of one run kept, at most (a solution that prints without end is stopped). */
const OUTPUT_LIMIT = 16 << 20;
/** Lines of the solution's stderr shown when it fails. */
const STDERR_LINES = 10;
/** Lines of the solution's output shown when it fails, and characters of each (16 MB on a terminal helps no one). */
const RECEIVED_LINES = 40;
const LINE_CHARS = 200;
/** How long a case waits, once the solution has exited and its group is killed, for its output pipes to close (a process that left the group may hold them). */
const PIPES_GRACE_MS = 1000;

export interface DuelCommand {
  readonly explore: ExploreCommand;
  readonly solution: readonly string[];
  readonly cases: number;
  readonly seed: number;
  readonly seedGiven: boolean;
  /** Components of a position: least and most. */
  readonly heaps: readonly [number, number];
  /** Cases in one run's input (a layout of several cases): least and most. */
  readonly perRun: readonly [number, number];
  readonly smallest: bigint;
  readonly largest: bigint;
  readonly timeLimitMs: number;
}

export function duelHelp(width: number): string {
  const flags = [...Object.keys(DUEL_OPTIONS), ...GAME_FLAGS];
  const name = Math.max(...flags.map((f) => f.length)) + 4;
  const line = (flag: string, words: string) => wrapText(words, width - name - 2, name + 2).replace(/^ */, `  --${flag}`.padEnd(name + 2));
  return [
    'sg-explore duel --solution CMD RULE [--input heaps|counted|cases|until|eof] [--answer winner|move|count|moves]',
    '                [--cases N] [--seed S] [--heaps K|A..B] [--smallest M] [--largest M] [--time-limit SECONDS]',
    'sg-explore duel RULE [options] -- PROGRAM [ARG...]',
    '',
    wrapText(
      `Test a contest solution: run it on random positions (heaps, or pairs of piles of a two-pile game), laid out on its standard input as --input says, and compare what it prints with the exact answer (--answer). It stops at the first difference and shows the input, the expected and the received answer (exit 1); when every case agrees it prints one line (exit 0). Lines are compared as judges compare them: spaces at their ends and blank lines at the end do not count. RULE is one of ${RULE_FLAGS.slice(0, -1).map((f) => `--${f}`).join(', ')} or --rule; a rule's word given as - (--moves -) draws a rule for each case (1 to ${RULE_MOVES} moves of 1 to ${RULE_LARGEST_MOVE} tokens), in S-Nim's layout.`,
      width,
    ),
    '',
    'Options:',
    ...Object.entries(DUEL_OPTIONS).map(([flag, spec]) => line(flag, spec.describe)),
    ...LISTED_FLAGS.map((flag) => line(flag, (DUEL_WORDS[flag] ?? String)(EXPLORE_OPTIONS[flag]!.describe))),
    '',
    'Examples:',
    '  sg-explore duel --solution ./a.out --preset nim --input counted --answer move --largest 1e9',
    "  sg-explore duel --preset kayles --input cases --answer winner --cases 500 -- python3 kayles.py",
  ].join('\n');
}

/** The arguments after `duel`, parsed: duel's own flags here, the game's by sg-explore's own parser. */
export async function parseDuelLine(args: readonly string[], io: CliIo): Promise<DuelCommand> {
  const dashes = args.indexOf('--');
  const own: Record<string, string[]> = {};
  const rest: string[] = [];
  const mine = dashes < 0 ? args : args.slice(0, dashes);
  for (let i = 0; i < mine.length; i++) {
    const arg = mine[i]!;
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    if (match && Object.hasOwn(DUEL_OPTIONS, match[1]!)) {
      const value = match[2] ?? mine[++i];
      if (value === undefined) throw new InputError(`--${match[1]} needs a value`);
      (own[match[1]!] ??= []).push(value);
      continue;
    }
    rest.push(arg);
  }
  const foreign = rest.find((a) => /^--?[a-z]/i.test(a) && !GAME_FLAGS.includes(a.replace(/^--?(no-)?/, '').split('=')[0]!));
  if (foreign) {
    const flag = foreign.split('=')[0]!;
    throw new InputError(`duel does not take ${flag}${EXPLORE_OPTIONS[flag.replace(/^--?/, '')] ? '' : ' (see sg-explore duel --help)'}${flag === '--position' ? ': it draws random positions itself' : ''}`);
  }
  const solutionText = single(own.solution, 'solution');
  let solution: string[];
  if (dashes >= 0) {
    if (solutionText !== undefined) throw new InputError('give the solution once: --solution CMD, or the program and its arguments after --');
    solution = args.slice(dashes + 1);
    if (solution.length === 0) throw new InputError('--: name the solution program after it');
  } else {
    if (solutionText === undefined) throw new InputError('duel needs the program to test: --solution ./a.out (or the program after --)');
    solution = solutionText.split(/\s+/).filter((w) => w !== '');
    if (solution.length === 0) throw new InputError('--solution: name the program to run');
  }
  const gameArgs = [...rest, '--position', '-'];
  if (!rest.some((a) => /^--answer(=|$)/.test(a))) gameArgs.push('--answer', 'winner');
  const parsed = await parseCommandLine(gameArgs, io);
  const explore = parsed.command;
  if (!explore || explore.command !== 'explore') throw new InputError('duel: name a game (--moves, --preset, --code, ... see sg-explore duel --help)');
  const seedText = single(own.seed, 'seed');
  const largestText = single(own.largest, 'largest');
  const limitText = single(own['time-limit'], 'time-limit');
  const casesText = single(own.cases, 'cases');
  const heapsText = single(own.heaps, 'heaps');
  const perRunText = single(own['per-run'], 'per-run');
  let timeLimitMs = 5000;
  if (limitText !== undefined) {
    const seconds = Number(limitText.trim());
    if (!(seconds > 0 && seconds <= 3600) || limitText.trim() === '') throw new InputError(`--time-limit: ${quote(limitText)} is not a number of seconds from above 0 to 3600`);
    timeLimitMs = Math.ceil(seconds * 1000);
  }
  const largest = largestText === undefined ? 20n : parseCount(largestText, '--largest');
  if (largest > 10n ** 18n) throw new InputError(`--largest: ${quote(largestText!)} is more than 10^18`);
  const smallestText = single(own.smallest, 'smallest');
  const smallest = smallestText === undefined ? 0n : parseCount(smallestText, '--smallest');
  if (smallest > largest) throw new InputError(`--smallest ${smallestText} is more than --largest ${largest}: no heap can be drawn`);
  return {
    explore,
    solution,
    cases: casesText === undefined ? 100 : parseSmallCount(casesText, '--cases', 1, 10_000_000),
    seed: seedText === undefined ? Math.floor(Math.random() * 2 ** 31) : parseSmallCount(seedText, '--seed', 0, 2 ** 31 - 1),
    seedGiven: seedText !== undefined,
    heaps: parseHeapCounts(heapsText),
    perRun: parseRange(perRunText, '--per-run', [1, CASES_PER_RUN], 1),
    smallest,
    largest,
    timeLimitMs,
  };
}

/** --heaps: K (1 to K components) or A..B (A to B; 3..3 exactly 3). */
function parseHeapCounts(text: string | undefined): readonly [number, number] {
  return parseRange(text, '--heaps', [1, 5], 0);
}

/** K (1 to K) or A..B (A to B, A at least `lowest`), each at most 100,000; `fallback` when not given. */
function parseRange(text: string | undefined, flag: string, fallback: readonly [number, number], lowest: number): readonly [number, number] {
  if (text === undefined) return fallback;
  const range = /^\s*([^.]+)\.\.([^.]+)\s*$/.exec(text);
  if (!range) return [1, parseSmallCount(text, flag, 1, 100_000)];
  const least = parseSmallCount(range[1]!, flag, lowest, 100_000);
  const most = parseSmallCount(range[2]!, flag, Math.max(1, least), 100_000);
  return [least, most];
}

/** Sets in a case with a rule of its own: 1 to this many moves, each 1 to RULE_LARGEST_MOVE tokens. */
const RULE_MOVES = 4;
const RULE_LARGEST_MOVE = 10;

/** A random whole number from least to most. */
const between = (random: () => number, least: number, most: number) => least + Math.floor(random() * (most - least + 1));

/**
 * One run's input in `layout`, as lines, and its cases (the rule of each,
 * the positions as tokens): cases of random positions, each component drawn
 * by the game's judge's form; a case that would begin with the sentinel's
 * tokens is drawn again.
 */
async function drawInput(command: DuelCommand, layout: JudgeLayout, form: JudgeForm, game: GameSpec, random: () => number): Promise<{ input: string; cases: { rule: string[] | null; positions: string[][][] }[] }> {
  const caseCount = layout.cases === 'one' ? 1 : between(random, command.perRun[0], command.perRun[1]);
  const cases: { rule: string[] | null; positions: string[][][] }[] = [];
  const lines: string[] = [];
  if (layout.cases === 'counted') lines.push(String(caseCount));
  const position = async (): Promise<string[][]> => {
    const count = typeof layout.components === 'number' ? layout.components : between(random, command.heaps[0], command.heaps[1]);
    const components: string[][] = [];
    for (let i = 0; i < count; i++) components.push([...(await form.draw!(game.rule, random, command.smallest, command.largest))]);
    return components;
  };
  const positionLines = (components: string[][]) => {
    const line = components.map((c) => c.join(' ')).join(' ');
    return layout.components === 'counted' ? [String(components.length), line] : [line];
  };
  for (let c = 0; c < caseCount; c++) {
    for (;;) {
      const rule = layout.rule === null ? null : [...new Set(Array.from({ length: between(random, 1, RULE_MOVES) }, () => between(random, 1, RULE_LARGEST_MOVE)))].sort((a, b) => a - b).map(String);
      const positions: string[][][] = [];
      for (let p = 0, n = rule ? between(random, 1, CASES_PER_RUN) : 1; p < n; p++) positions.push(await position());
      const caseLines = [...(rule ? [`${rule.length} ${rule.join(' ')}`, String(positions.length)] : []), ...positions.flatMap(positionLines)];
      const tokens = caseLines.join(' ').split(' ').filter((t) => t !== '');
      if (layout.cases === 'sentinel' && layout.sentinel.every((t, i) => tokens[i] === t)) continue;
      cases.push({ rule, positions });
      lines.push(...caseLines);
      break;
    }
  }
  if (layout.cases === 'sentinel') lines.push(layout.sentinel.join(' '));
  return { input: lines.map((l) => `${l}\n`).join(''), cases };
}

/** Lines as judges compare them: no \r, no spaces at line ends, no blank lines at the end. */
function judged(text: string): string {
  return text.replace(/\r\n?/g, '\n').split('\n').map((l) => l.trimEnd()).join('\n').replace(/\n+$/, '');
}

interface RunResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly timedOut: boolean;
  readonly tooLong: boolean;
}

/**
 * One run of the solution on `input`; a program that cannot start is bad
 * input (one line). The solution runs in its own process group, killed
 * whole when the case ends (by its exit, the time limit or too much
 * output) and when duel ends or is stopped: nothing it started outlives
 * its case.
 */
function runSolution(solution: readonly string[], input: string, timeLimitMs: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(solution[0]!, solution.slice(1), { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let bytes = 0;
    let timedOut = false;
    let tooLong = false;
    const stop = () => signalGroup(child.pid);
    const forget = onInterrupt(stop);
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, timeLimitMs);
    let grace: NodeJS.Timeout | undefined;
    child.once('exit', () => {
      stop();
      grace = setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
      }, PIPES_GRACE_MS);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      if (tooLong) return;
      bytes += chunk.length;
      if (bytes > OUTPUT_LIMIT) {
        tooLong = true;
        stop();
      } else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.reduce((a, b) => a + b.length, 0) < 1 << 16) err.push(chunk);
    });
    // A solution that does not read all of its input (or is gone) is judged by what it printed.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      clearTimeout(grace);
      forget();
      const why = error.code === 'ENOENT' ? 'no such program' : error.code === 'EACCES' ? 'permission denied (is it executable?)' : error.message;
      reject(new InputError(`--solution ${quote(solution.join(' '))}: cannot start it: ${why}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(grace);
      forget();
      resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), code, signal, timedOut, tooLong });
    });
  });
}

/** A block of text, each line indented, for the report of a difference. */
const block = (title: string, text: string) => `${title}\n${(text === '' ? '(nothing)' : text.replace(/\n$/, '')).split('\n').map((l) => `  ${l}`).join('\n')}\n`;

/**
 * What a solution printed, as shown: its first `most` lines, each cut to
 * LINE_CHARS, control characters escaped (its bytes must not drive the
 * terminal), and how many lines were left out.
 */
function shown(text: string, most: number): string {
  const lines: string[] = [];
  let at = 0;
  while (at < text.length && lines.length < most) {
    const end = text.indexOf('\n', at);
    lines.push(excerpt(text.slice(at, end < 0 ? text.length : end).replace(/\r$/, ''), LINE_CHARS));
    at = end < 0 ? text.length : end + 1;
  }
  let left = 0;
  for (let i = at; i < text.length; i = text.indexOf('\n', i) + 1 || text.length) left++;
  if (left > 0) lines.push(`… (${formatCount(left)} more line${left === 1 ? '' : 's'})`);
  return lines.join('\n');
}

export async function duelMain(args: readonly string[], io: CliIo): Promise<number> {
  const dashes = args.indexOf('--');
  const before = dashes < 0 ? args : args.slice(0, dashes);
  if (before.some((a) => a === '--help' || a === '-h')) {
    io.stdout.write(duelHelp(columnsOf(io.stdout)) + '\n');
    return 0;
  }
  const command = await parseDuelLine(args, io);
  const explore = command.explore;
  const game: GameSpec = 'spec' in explore.game ? explore.game.spec : await (await import('../host/rule-file.js')).loadRuleFile(explore.game.file);
  const kind = kindOf(game.rule);
  const form = judgeFormOf(kind);
  if (!form?.draw) throw new InputError(`duel draws positions of heaps and pairs of piles; it cannot draw those of ${kind.text(game.rule)}`);
  const layout = explore.layout ?? judgeLayout('heaps');
  if (layout.components === 'rest' && command.heaps[0] === 0) throw new InputError('--heaps 0..: with --input heaps a position has at least one heap');
  const spec = explore.answerSpec!;
  const mode = spec.mode;
  const random = mulberry32(command.seed);
  const quiet = { ...explore, progress: false };
  const seedWords = `--seed ${command.seed}`;
  // Every case's heaps are at most --largest: each rule's table is computed once for them all.
  const tables = positionTables(command.largest);
  for (let c = 1; c <= command.cases; c++) {
    const { input, cases } = await drawInput(command, layout, form, game, random);
    const pieces: string[] = [];
    for (const [i, drawn] of cases.entries()) {
      const caseGame = drawn.rule === null ? game : (ruleWord(layout.rule!)!.parse(drawn.rule.join(','), `--${layout.rule}`) as GameSpec);
      const judgeCase: JudgeCase = {
        number: i + 1,
        game: caseGame,
        positions: drawn.positions.map((components) => {
          const written = components.map((t) => t.join(' '));
          return { position: components.map((t) => form.positionText(t)), written: { count: written.length, read: (at, length) => written.slice(at, at + length) } };
        }),
      };
      await caseAnswer(judgeCase, form, spec, (g, position) => evaluatePosition(g, quiet, io, position, tables), async (more) => void pieces.push(...more));
    }
    const expected = pieces.join('');
    noteForStop(() => ` (${formatCount(c - 1)} of ${formatCount(command.cases)} cases agreed so far; ${seedWords} runs them again)`);
    const run = await runSolution(command.solution, input, command.timeLimitMs);
    const failure = run.timedOut
      ? `no answer within ${command.timeLimitMs / 1000} s (the solution was stopped)`
      : run.tooLong
        ? `the solution printed more than ${formatCount(OUTPUT_LIMIT)} bytes (it was stopped)`
        : run.signal
          ? `the solution was killed by ${run.signal}`
          : run.code !== 0
            ? `the solution exited with code ${run.code}`
            : judged(run.stdout) !== judged(expected)
              ? 'wrong answer'
              : null;
    if (failure === null) continue;
    const stderrLines = run.stderr.split('\n').filter((l) => l !== '');
    io.stdout.write(
      `case ${formatCount(c)} of ${formatCount(command.cases)} (${seedWords}): ${failure}\n` +
        block('input:', input) +
        block('expected:', expected) +
        block('received:', shown(run.stdout, RECEIVED_LINES)) +
        (stderrLines.length ? block('its stderr:', shown(stderrLines.join('\n'), STDERR_LINES)) : ''),
    );
    return 1;
  }
  const size = (n: bigint) => (n < 10n ** 15n ? formatCount(Number(n)) : String(n));
  const count = typeof layout.components === 'number' ? formatCount(layout.components) : command.heaps[0] === command.heaps[1] ? formatCount(command.heaps[0]) : `${formatCount(command.heaps[0])} to ${formatCount(command.heaps[1])}`;
  const one = count === '1';
  const sizes = `${count} ${form.width === 1 ? (one ? 'heap' : 'heaps') : one ? 'component' : 'components'} of ${size(command.smallest)} to ${size(command.largest)}`;
  const [fewest, most] = command.perRun;
  const perRun = fewest === most ? `${formatCount(most)} ${most === 1 ? 'case' : 'cases'} a run` : `${formatCount(fewest)} to ${formatCount(most)} cases a run`;
  io.stdout.write(`all ${formatCount(command.cases)} cases agree (${seedWords}; ${sizes}${layout.cases !== 'one' ? `, ${perRun}` : ''}; --input ${layout.name} --answer ${mode})\n`);
  return 0;
}
