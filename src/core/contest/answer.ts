/**
 * The answers judges expect, as data and as text: who wins (`winner`), the
 * first winning move (`move`), how many winning moves there are (`count`),
 * or every winning move (`moves`), in the words and the move layout the
 * problem states, a case's answers after a prefix such as `Case #k: `. The
 * CLI writes them from its position reports; `--emit --program` writes
 * programs that print the same bytes.
 */
import { InputError, mention, says, saying } from '../errors.js';
import type { ShapedResult } from '../kinds/kind.js';
import type { PositionReport } from '../positions/position.js';
import type { JudgeMove, JudgeReport } from './judge-report.js';

export const ANSWER_MODES = ['winner', 'move', 'count', 'moves'] as const;
export type AnswerMode = (typeof ANSWER_MODES)[number];

/** The words of each answer when none are given. */
export const DEFAULT_WORDS: Readonly<Record<AnswerMode, readonly string[]>> = { winner: ['Yes', 'No'], move: ['lose'], count: [], moves: ['lose'] };
/** How many phrases each answer takes, least and most: winner (first player wins, second wins); move (a lost position); moves (a line before the moves of a won position, and a lost position's; or only the latter). */
export const WORD_COUNTS: Readonly<Record<AnswerMode, readonly [number, number]>> = { winner: [2, 2], move: [1, 1], count: [0, 0], moves: [1, 2] };

/** The places a move's layout may name. */
export const MOVE_FIELDS = ['take', 'heap', 'from', 'to', 'after'] as const;
export type MoveField = (typeof MOVE_FIELDS)[number];
/** A move's layout when none is given: the amount taken and the heap (from 1), then the position after it; `moves` a line `from to` each. */
export const DEFAULT_MOVE_FORMAT: Readonly<Record<'move' | 'moves', string>> = { move: '{take} {heap}\n{after}', moves: '{from} {to}' };

export interface AnswerSpec {
  readonly mode: AnswerMode;
  readonly words: readonly string[];
  /** Before each case's answers, its number written for `{k}` ('' for none). */
  readonly prefix: string;
  /** Between the answers of one case's positions (a case with a rule of its own has several). */
  readonly between: string;
  /** A move (`move`, `moves`): text and fields. */
  readonly moveFormat: string;
}

/** An answer spec with the defaults filled in. */
export function answerSpec(mode: AnswerMode, given: Partial<Omit<AnswerSpec, 'mode'>> = {}): AnswerSpec {
  return {
    mode,
    words: given.words ?? DEFAULT_WORDS[mode],
    prefix: given.prefix ?? '',
    between: given.between ?? '\n',
    moveFormat: given.moveFormat ?? (mode === 'moves' ? DEFAULT_MOVE_FORMAT.moves : DEFAULT_MOVE_FORMAT.move),
  };
}

/** A case's prefix, its `{k}` the case's number. */
export function prefixOf(spec: AnswerSpec, caseNumber: number): string {
  return spec.prefix.replaceAll('{k}', String(caseNumber));
}

/** The components of a position as a judge writes them, read a block at a time (a position may have millions). */
export interface WrittenComponents {
  readonly count: number;
  read(from: number, length: number): readonly string[];
}

/** A position report (shape `position`) as an answer needs it, each state written by `written`. */
export function reportOfPosition(report: PositionReport<unknown>, written: (shown: string) => string): JudgeReport {
  const write = (s: unknown) => written(report.show(s));
  return {
    outcome: report.outcome,
    moves: report.winningMoves.map((m) => ({ component: m.component, take: m.take, from: write(m.from), to: m.to.map(write) })),
    moveCount: report.winningMoveCount ?? BigInt(report.winningMoves.length),
    movesNotListed: report.movesNotListed,
    ...(report.unlistedComponent !== undefined && { unlistedComponent: report.unlistedComponent }),
  };
}

/** Whether a result is a position report of the common shape. */
export function isPositionReport(result: ShapedResult): result is PositionReport<unknown> {
  return result.shape === 'position';
}

const BLOCK = 8192;

/** The fields a message about the move's layout names, written as the layout writes them. */
const FIELD_WORDS = { take: '{take}', from: '{from}', to: '{to}' };

/** A move in `format`, in pieces (the position after it read a block at a time). */
function* moveText(move: JudgeMove, components: WrittenComponents, format: string): Generator<string, void, void> {
  for (const part of format.split(/(\{[a-z]+\})/)) {
    const field = /^\{([a-z]+)\}$/.exec(part)?.[1];
    if (field === undefined) {
      if (part) yield part;
    } else if (field === 'take') {
      if (move.take === null) throw new InputError(saying('error.contest.noTakeInstead', FIELD_WORDS), { field: 'answer', value: format });
      yield String(move.take);
    } else if (field === 'heap') yield String(move.component);
    else if (field === 'from') yield move.from;
    else if (field === 'to') yield move.to.length === 0 ? '0' : move.to.join(' ');
    else if (field === 'after') {
      for (let from = 0; from < components.count; from += BLOCK) {
        const block = components.read(from, BLOCK);
        for (let i = 0; i < block.length; i++) {
          const space = from + i > 0 ? ' ' : '';
          yield space + (from + i + 1 === move.component ? (move.to.length === 0 ? '0' : move.to.join(' ')) : block[i]);
        }
      }
    } else throw new InputError(saying('error.contest.unknownField', { field: `{${field}}`, fields: MOVE_FIELDS.map((f) => `{${f}}`).join(' ') }), { field: 'answer', value: format });
  }
}

/**
 * A position's answer, in pieces, without the line break at its end (the
 * caller joins a case's answers): `winner`, the first phrase when the player
 * to move wins, the second when the other does; `move`, the first winning
 * move in the move layout, or the phrase for a lost position; `count`, how
 * many winning moves there are (0 when lost); `moves`, each winning move on
 * a line of its own (after a first phrase, when two are given), or the
 * phrase for a lost position. A position without an answer (a draw, moves
 * that could not be listed) is refused before the first piece.
 */
export function* answerPieces(report: JudgeReport, components: WrittenComponents, spec: AnswerSpec): Generator<string, void, void> {
  const { mode, words } = spec;
  if (report.outcome === 'D') throw new InputError(says`${mention('answer')} ${mode}: ${saying(mode === 'winner' ? 'error.contest.drawWinner' : 'error.contest.drawMove')}`, { field: 'answer', value: mode });
  const won = report.outcome === 'N';
  if (mode === 'winner') return yield won ? words[0]! : words[1]!;
  if (mode !== 'count' && !won) return yield words[words.length - 1]!;
  // The first move listed is the first of all only when no component before it went unlisted.
  if (mode === 'move' && report.movesNotListed && report.moves.length > 0 && (report.unlistedComponent ?? Infinity) < report.moves[0]!.component) {
    throw new InputError(says`${mention('answer')} move: ${saying('error.contest.movesNotFound', { why: report.movesNotListed })}`, { field: 'answer', value: mode });
  }
  if (won && report.moves.length === 0) {
    if (report.movesNotListed) throw new InputError(says`${mention('answer')} ${mode}: ${saying('error.contest.movesNotFound', { why: report.movesNotListed })}`, { field: 'answer', value: mode });
    if (mode !== 'count') throw new InputError(says`${mention('answer')} ${mode}: ${saying('error.contest.winByNoMove')}`, { field: 'answer', value: mode });
  }
  if (mode === 'count') {
    if (won && report.movesNotListed) throw new InputError(says`${mention('answer')} count: ${saying('error.contest.movesNotCounted', { why: report.movesNotListed })}`, { field: 'answer', value: mode });
    return yield won ? String(report.moveCount) : '0';
  }
  if (spec.moveFormat.includes('{take}') && report.moves.some((m) => m.take === null)) throw new InputError(says`${mention('answer')} ${mode}: ${saying('error.contest.noTake', FIELD_WORDS)}`, { field: 'answer', value: spec.moveFormat });
  if (mode === 'move') return yield* moveText(report.moves[0]!, components, spec.moveFormat);
  if (BigInt(report.moves.length) < report.moveCount) throw new InputError(says`${mention('answer')} moves: ${saying('error.contest.movesUnlisted', { count: report.moveCount, listed: report.moves.length })}`, { field: 'answer', value: mode });
  if (words.length === 2) yield `${words[0]}\n`;
  for (let i = 0; i < report.moves.length; i++) {
    if (i > 0) yield '\n';
    yield* moveText(report.moves[i]!, components, spec.moveFormat);
  }
}
