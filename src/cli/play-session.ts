/**
 * `sg-explore play`: a game against the perfect computer, in plain words,
 * on a terminal or through a pipe. The human types moves
 * (`take 4 from heap 3`, `3 4`, a split `3 -> 1 4`, a state `2 -> 1:2`)
 * or commands (hint, undo, help, quit). The computer plays a winning move
 * whenever there is one; when there is none it takes the least it can, to
 * keep the game long; --level below 10 makes it play a random move now and
 * then, so that people can learn.
 */
import { groundWords } from '../core/laws/ground.js';
import { createInterface } from 'node:readline';
import type { CliIo } from './io.js';
import type { Playable } from '../core/positions/playable.js';
import type { Move } from '../core/positions/position.js';
import { outcomeWords } from '../report/position-report.js';
import { quote } from '../core/errors.js';
import { columnsOf } from './io.js';
import { wrapText } from '../report/wrap.js';
import type { DriveOptions } from '../core/driver.js';

export interface PlayOptions {
  readonly misere: boolean;
  readonly humanFirst: boolean;
  /** 1..10: the chance in ten that the computer plays its best move. */
  readonly level: number;
  readonly random: () => number;
  /** For each evaluation (a hint, the computer's move): how it reports progress, and what to do when it ends (clear the line). */
  readonly evaluation?: () => { readonly options: DriveOptions; done(): void };
}

/** The position evaluated by the driver: between its steps, progress is shown and a signal is served. */
async function evaluate<S>(game: Playable<S>, position: readonly S[], options: PlayOptions) {
  const run = options.evaluation?.();
  try {
    return await game.evaluate(position, options.misere, run?.options);
  } finally {
    run?.done();
  }
}

type Turn<S> = { readonly position: S[]; readonly humanToMove: boolean };

/** The moves and commands of a game, as `help` in the game and `play --help` show them (at most 80 columns). */
export const MOVE_HELP = [
  'Moves (heaps, pairs and other components are numbered from 1, left to right):',
  '  take 4 from heap 3  (or: 3 4)  take 4 tokens from heap 3',
  '  3 -> 1 4                       heap 3 becomes heaps 1 and 4 (a split)',
  '  1 -> 2:3                       pair 1 (or a heap with memory) becomes 2:3',
  '  1 -> b                         token 1 on a graph moves to vertex b',
  '  heap 3: 7 -> 1 + 4             as hint writes a move: the same as 3 -> 1 4',
  'Commands: hint (the nim-sum and the winning moves, explained), undo, help, quit',
].join('\n');

/** Winning moves a hint lists, at most (one a line). */
const HINT_MOVES = 8;

export async function playSession<S>(game: Playable<S>, start: S[], options: PlayOptions, io: CliIo): Promise<number> {
  const out = (text: string) => io.stdout.write(text + '\n');
  const history: Turn<S>[] = [];
  let turn: Turn<S> = { position: start, humanToMove: options.humanFirst };
  const show = (p: readonly S[]) => (p.length ? p.map(game.show).join(' ') : '(nothing left)');
  const movesOf = (p: readonly S[]): Move<S>[] =>
    p.flatMap((from, i) => game.options(from).map((to) => ({ component: i + 1, from, to, take: game.take(from, to) })));
  // A heap emptied stays as 0 (heaps keep their numbers); a split takes the heap's place.
  const apply = (p: readonly S[], m: Move<S>): S[] => [...p.slice(0, m.component - 1), ...(m.to.length === 0 && game.heaps ? [game.parse('0')] : m.to), ...p.slice(m.component)];
  const describe = (m: Move<S>) => (m.take !== null && game.heaps && m.to.length <= 1 ? `take ${m.take} from ${game.noun} ${m.component}` : `${game.noun} ${m.component}: ${game.show(m.from)} -> ${m.to.length ? m.to.map(game.show).join(' + ') : 'nothing'}`);

  out(`Playing ${options.misere ? 'misère ' : ''}(${options.misere ? 'the last player to move loses' : 'the last player to move wins'}). Type help for the moves.`);
  const lines = createInterface({ input: io.stdin, terminal: false });
  const iterator = lines[Symbol.asyncIterator]();
  const ask = async (): Promise<string | null> => {
    io.stdout.write('your move> ');
    const next = await iterator.next();
    if (next.done) return null;
    if (!io.stdout.isTTY) io.stdout.write(next.value + '\n'); // echo piped input, so a transcript reads like a session
    return next.value.trim();
  };
  try {
    for (;;) {
      const legal = movesOf(turn.position);
      out(`\nPosition: ${show(turn.position)}`);
      if (legal.length === 0) {
        // The player to move cannot move: in normal play they lose, in misère they win.
        const humanWins = turn.humanToMove === options.misere;
        out(humanWins ? 'You win!' : 'The computer wins.');
        return 0;
      }
      if (!turn.humanToMove) {
        const move = await computerMove(game, turn.position, legal, options);
        out(`The computer plays: ${describe(move)}`);
        history.push(turn);
        turn = { position: apply(turn.position, move), humanToMove: true };
        continue;
      }
      const input = await ask();
      if (input === null || input === 'quit' || input === 'q') {
        out('Game left unfinished.');
        return 0;
      }
      if (input === '') continue;
      if (input === 'help' || input === '?') {
        out(MOVE_HELP);
        continue;
      }
      if (input === 'hint') {
        out(await hint(game, turn.position, options, describe, columnsOf(io.stdout)));
        continue;
      }
      if (input === 'undo') {
        // Back to the human's previous turn (their move and the computer's reply).
        let back: Turn<S> | undefined;
        while ((back = history.pop()) && !back.humanToMove);
        if (!back) out('Nothing to undo.');
        else turn = back;
        continue;
      }
      const parsed = parseMove(game, turn.position, legal, input);
      if (typeof parsed === 'string') {
        out(`Not a move: ${parsed} (type help)`);
        continue;
      }
      history.push(turn);
      turn = { position: apply(turn.position, parsed), humanToMove: false };
    }
  } finally {
    lines.close();
  }
}

/** The hint, wrapped at spaces to `width` columns; each winning move on a line of its own, written as a move the game accepts. */
async function hint<S>(game: Playable<S>, position: readonly S[], options: PlayOptions, describe: (m: Move<S>) => string, width: number): Promise<string> {
  const report = await evaluate(game, position, options);
  const paragraphs: string[] = [];
  if (report.nimSum !== null) {
    paragraphs.push(`Values: ${report.components.map((c) => `${game.show(c.state)} is worth ${c.grundy}`).join(', ')}; their nim-sum (xor) is ${report.nimSum}.`);
    paragraphs.push(report.nimSum === 0n ? 'A nim-sum of 0 is lost for the player to move: every move makes it non-zero, and the other player can make it 0 again.' : 'A non-zero nim-sum wins: move so that it becomes 0.');
  } else paragraphs.push(report.misere ? `In misère play values do not add up. By ${report.components[0] ? groundWords(report.components[0].ground) : "the position"}: ${outcomeWords(report)}.` : `A token on a cycle has value ∞ (Smith's rules): ${outcomeWords(report)}.`);
  if (!report.winningMoves.length) paragraphs.push('There is no winning move here: make the game long and hope for a mistake.');
  const lines = paragraphs.map((p) => wrapText(p, width));
  if (report.winningMoves.length) {
    const more = Number(report.winningMoveCount ?? BigInt(report.winningMoves.length)) - HINT_MOVES;
    lines.push(report.outcome === 'D' ? 'Moves that keep the draw:' : report.winningMoves.length === 1 ? 'The winning move:' : 'Winning moves:');
    for (const move of report.winningMoves.slice(0, HINT_MOVES)) lines.push(`  ${describe(move)}`);
    if (more > 0) lines.push(`  … and ${more} more`);
  }
  return lines.join('\n');
}

async function computerMove<S>(game: Playable<S>, position: readonly S[], legal: readonly Move<S>[], options: PlayOptions): Promise<Move<S>> {
  if (options.level < 10 && options.random() * 10 >= options.level) return legal[Math.floor(options.random() * legal.length)]!;
  const report = await evaluate(game, position, options);
  if (report.winningMoves.length) return report.winningMoves[0]!;
  // Lost against best play: take the least, so the game lasts and a mistake has room to happen.
  return [...legal].sort((a, b) => (a.take !== null && b.take !== null ? (a.take < b.take ? -1 : a.take > b.take ? 1 : 0) : 0) || b.component - a.component)[0]!;
}

/** A move in words: `take T from heap I`, `I T`, `I -> STATES`. A string is the reason it is not a legal move. */
function parseMove<S>(game: Playable<S>, position: readonly S[], legal: readonly Move<S>[], input: string): Move<S> | string {
  const text = input.toLowerCase().replace(/\s+/g, ' ');
  const component = (word: string): number | string => {
    const i = Number(word);
    if (!Number.isInteger(i) || i < 1 || i > position.length) return `there is no ${game.noun} ${word} (they are numbered 1 to ${position.length})`;
    return i;
  };
  let match = /^(?:take )?(\d+) from (?:heap |pile |pair )?(\d+)$/.exec(text) ?? null;
  let index: number | string;
  let take: bigint | null = null;
  let to: S[] | null = null;
  let from: string | undefined;
  if (match) {
    index = component(match[2]!);
    take = BigInt(match[1]!);
  } else if ((match = /^(\d+) (\d+)$/.exec(text))) {
    index = component(match[1]!);
    take = BigInt(match[2]!);
  } else if ((match = new RegExp(`^(?:(?:heap|pile|pair|component|${game.noun})\\s+)?(\\d+)(?::\\s*(\\S+))?\\s*->\\s*(.*)$`, 'i').exec(input.trim()))) {
    // `3 -> 1 4`, or as a hint writes it: `heap 3: 7 -> 1 + 4`.
    index = component(match[1]!);
    from = match[2];
    const target = match[3]!.trim();
    try {
      to = target === '' || target.toLowerCase() === 'nothing' ? [] : target.split(/\s+|\+/).filter(Boolean).map((t) => game.parse(t));
    } catch (error) {
      return (error as Error).message;
    }
  } else return `${quote(input)} is not a move or a command`;
  if (typeof index === 'string') return index;
  const mine = legal.filter((m) => m.component === index);
  if (from !== undefined) {
    const current = position[index - 1]!;
    let written: S;
    try {
      written = game.parse(from);
    } catch (error) {
      return (error as Error).message;
    }
    if (game.key(written) !== game.key(current)) return `${game.noun} ${index} is ${game.show(current)}, not ${from}`;
  }
  if (take !== null) {
    if (!game.heaps) return `give the new state: ${index} -> STATE`;
    const found = mine.filter((m) => m.take === take && m.to.length <= 1);
    if (found.length === 1) return found[0]!;
    if (mine.some((m) => m.take === take)) return `taking ${take} there splits the heap: say how, as ${index} -> A B`;
    return `you cannot take ${take} from heap ${index} (${game.show(position[index - 1]!)}) under this rule`;
  }
  const keys = (states: readonly S[]) => states.map(game.key).filter((k) => !(game.heaps && k === '0')).sort().join(' ');
  const found = mine.find((m) => keys(m.to) === keys(to!));
  return found ?? `${game.show(position[index - 1]!)} cannot become ${to!.length ? to!.map(game.show).join(' + ') : 'nothing'} in one move`;
}
