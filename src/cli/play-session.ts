/**
 * `sg-explore play` on a terminal or through a pipe: the session model
 * (src/core/play/) spoken line by line in the catalogue's words (English or
 * Chinese). The human types moves (`take 4 from heap 3`, `3 4`, a split
 * `3 -> 1 4`, a state `2 -> 1:2`) or commands (hint, undo, help, quit).
 * On a terminal a line is read with editing and history (arrows, Up for the
 * last move); through a pipe the lines are read as they come and echoed.
 */
import { createInterface } from 'node:readline';
import type { CliIo } from './io.js';
import type { Playable } from '../core/positions/playable.js';
import { columnsOf } from './io.js';
import type { DriveOptions } from '../core/driver.js';
import type { Translate } from '../core/i18n/index.js';
import { translator } from '../core/i18n/index.js';
import { PlaySession } from '../core/play/session.js';
import { helpText, hintMoves, hintParagraphs, moveForms, moveWords, positionWords } from '../core/play/words.js';
import { Interrupted, SIGNAL_EXIT_CODES } from './interrupt.js';
import { commandOf, parseMove } from '../core/play/parse-move.js';
import { wrapWide } from './wrap-wide.js';

export interface PlayOptions {
  readonly misere: boolean;
  readonly humanFirst: boolean;
  /** 1..10: the chance in ten that the computer plays its best move. */
  readonly level: number;
  readonly random: () => number;
  /** The words to speak (English when not given). */
  readonly t?: Translate;
  /** For each evaluation (a hint, the computer's move): how it reports progress, and what to do when it ends (clear the line). */
  readonly evaluation?: () => { readonly options: DriveOptions; done(): void };
  /** The seed a random start was drawn from (none: the start was given). */
  readonly seed?: number;
}

/** Lines the human types; null at the end of input. */
interface LineReader {
  ask(prompt: string): Promise<string | null>;
  close(): void;
}

/** Lines through a pipe (or any stream that is no terminal), echoed, so that a transcript reads like a session. */
function pipedLines(io: CliIo): LineReader {
  const lines = createInterface({ input: io.stdin, terminal: false });
  const iterator = lines[Symbol.asyncIterator]();
  return {
    async ask(prompt) {
      io.stdout.write(prompt);
      const next = await iterator.next();
      if (next.done) return null;
      if (!io.stdout.isTTY) io.stdout.write(next.value + '\n');
      return next.value;
    },
    close: () => lines.close(),
  };
}

/** Most lines Up goes back through. */
const HISTORY_SIZE = 100;

/**
 * Lines from a terminal with readline's editing (arrows, Home/End, Ctrl-W)
 * and history (Up/Down). Each line has an interface of its own, so that
 * between lines (while the computer thinks or a hint is worked out) the
 * terminal is its own again and Ctrl-C stops the program as anywhere else.
 * Ctrl-C at the prompt stops the game too, its message on a fresh line.
 */
function terminalLines(io: CliIo): LineReader {
  const history: string[] = []; // newest first, as readline keeps it
  return {
    ask: (prompt) =>
      new Promise((resolve, reject) => {
        const rl = createInterface({ input: io.stdin, output: io.stdout as NodeJS.WritableStream, terminal: true, history: [...history], historySize: HISTORY_SIZE });
        let answered = false;
        rl.on('SIGINT', () => {
          answered = true;
          io.stdout.write('^C\n');
          rl.close();
          reject(new Interrupted('stopped by SIGINT', SIGNAL_EXIT_CODES.SIGINT));
        });
        // Ctrl-D on an empty line: the end of input, said on a line of its own.
        rl.on('close', () => {
          if (answered) return;
          io.stdout.write('\n');
          resolve(null);
        });
        rl.question(prompt, (line) => {
          answered = true;
          if (line.trim() !== '' && history[0] !== line) history.unshift(line);
          if (history.length > HISTORY_SIZE) history.pop();
          rl.close();
          resolve(line);
        });
      }),
    close() {},
  };
}

/** Winning moves a hint lists, at most (one a line). */
const HINT_MOVES = 8;

export async function playSession<S>(game: Playable<S>, start: S[], options: PlayOptions, io: CliIo): Promise<number> {
  const t = options.t ?? translator('en');
  const out = (text: string) => io.stdout.write(text + '\n');
  const session = new PlaySession(game, start, {
    misere: options.misere,
    humanFirst: options.humanFirst,
    level: options.level,
    random: options.random,
    // Evaluations show progress when they take long; the line is cleared before the answer.
    evaluate: async (position) => {
      const run = options.evaluation?.();
      try {
        return await game.evaluate(position, options.misere, run?.options);
      } finally {
        run?.done();
      }
    },
  });
  const width = columnsOf(io.stdout);

  // The start is evaluated before the game begins, so that a position play cannot evaluate (a misère sum of huge
  // heaps that no theory covers) is refused at once rather than at the first hint or move.
  const opening = await session.evaluate();
  if (options.seed !== undefined) {
    out(t('play.randomStart', { seed: options.seed }));
    // A random start may be lost for whoever moves first: say so, rather than let the first player find out.
    if (opening.outcome === 'P') out(t('play.startLost', { first: t(options.humanFirst ? 'play.first.human' : 'play.first.computer') }));
  }
  out(t(options.misere ? 'play.intro.misere' : 'play.intro.normal'));
  const lines = (io.stdin as { isTTY?: boolean }).isTTY && io.stdout.isTTY ? terminalLines(io) : pipedLines(io);
  const ask = async (): Promise<string | null> => (await lines.ask(t('play.prompt')))?.trim() ?? null;
  try {
    for (;;) {
      out('\n' + t('play.position', { position: positionWords(t, game, session.position) }));
      const result = session.result();
      if (result) {
        out(t(result.humanWins ? 'play.youWin' : 'play.computerWins'));
        return 0;
      }
      if (!session.humanToMove) {
        const move = await session.computerMove();
        out(t('play.computerPlays', { move: moveWords(t, game, move) }));
        session.play(move);
        continue;
      }
      const input = await ask();
      const command = input === null ? 'quit' : commandOf(input);
      if (command === 'quit') {
        out(t('play.unfinished'));
        return 0;
      }
      if (input === '') continue;
      if (command === 'help') out(helpText(t, moveForms(game)));
      else if (command === 'hint') {
        const report = await session.hint();
        const text = hintParagraphs(t, game, report).map((p) => wrapWide(p, width));
        const listed = hintMoves(t, game, report, HINT_MOVES);
        if (listed) text.push(listed.heading, ...listed.moves.map((m) => `  ${m}`), ...(listed.more ? [`  ${listed.more}`] : []));
        out(text.join('\n'));
      } else if (command === 'undo') {
        const [move, reply] = session.undoable().map((m) => moveWords(t, game, m));
        if (!session.undo()) out(t('play.nothingToUndo'));
        else out(reply === undefined ? t('play.undid', { move }) : t('play.undidBoth', { move, reply }));
      } else {
        const parsed = parseMove(t, game, session.position, input!);
        if (typeof parsed === 'string') out(t('play.notAMove', { reason: parsed }));
        else session.play(parsed);
      }
    }
  } finally {
    lines.close();
  }
}
