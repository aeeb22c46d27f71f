/**
 * `sg-explore play` on a terminal or through a pipe: the session model
 * (src/core/play/) spoken line by line in the catalogue's words (English or
 * Chinese). The human types moves (`take 4 from heap 3`, `3 4`, a split
 * `3 -> 1 4`, a state `2 -> 1:2`) or commands (hint, undo, help, quit).
 */
import { createInterface } from 'node:readline';
import type { CliIo } from './io.js';
import type { Playable } from '../core/positions/playable.js';
import { columnsOf } from './io.js';
import type { DriveOptions } from '../core/driver.js';
import type { Translate } from '../core/i18n/index.js';
import { translator } from '../core/i18n/index.js';
import { PlaySession } from '../core/play/session.js';
import { hintMoves, hintParagraphs, moveWords, positionWords } from '../core/play/words.js';
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

  out(t(options.misere ? 'play.intro.misere' : 'play.intro.normal'));
  const lines = createInterface({ input: io.stdin, terminal: false });
  const iterator = lines[Symbol.asyncIterator]();
  const ask = async (): Promise<string | null> => {
    io.stdout.write(t('play.prompt'));
    const next = await iterator.next();
    if (next.done) return null;
    if (!io.stdout.isTTY) io.stdout.write(next.value + '\n'); // echo piped input, so a transcript reads like a session
    return next.value.trim();
  };
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
      if (command === 'help') out(t('play.help'));
      else if (command === 'hint') {
        const report = await session.hint();
        const text = hintParagraphs(t, game, report).map((p) => wrapWide(p, width));
        const listed = hintMoves(t, game, report, HINT_MOVES);
        if (listed) text.push(listed.heading, ...listed.moves.map((m) => `  ${m}`), ...(listed.more ? [`  ${listed.more}`] : []));
        out(text.join('\n'));
      } else if (command === 'undo') {
        if (!session.undo()) out(t('play.nothingToUndo'));
      } else {
        const parsed = parseMove(t, game, session.position, session.legalMoves(), input!);
        if (typeof parsed === 'string') out(t('play.notAMove', { reason: parsed }));
        else session.play(parsed);
      }
    }
  } finally {
    lines.close();
  }
}
