/**
 * The play area's operations in the worker. The game (its tables, the
 * session model of src/core/play) lives here, so no evaluation ever runs on
 * the page; the page gets snapshots: plain data, with every word already in
 * its language. Games are kept by id; a page whose worker was replaced opens
 * its game again with the moves played so far (`replay`).
 */
import type { Op } from './protocol.js';
import { translator, type Lang, type Translate } from '../../core/i18n/index.js';
import { ruleWord } from '../../core/rule-words.js';
import { InputError, says, saying } from '../../core/errors.js';
import { startPlay } from '../../core/play/start.js';
import { PlaySession, moveKey } from '../../core/play/session.js';
import { componentWords, hintMoves, hintParagraphs, moveWords } from '../../core/play/words.js';
import { parseMove } from '../../core/play/parse-move.js';
import type { Move } from '../../core/positions/position.js';
import type { GameSpec } from '../../core/kinds/registry.js';
import type { PlayOpen, PlaySnapshot, ComponentView, OptionView, HintView, PlayProgress } from '../play/protocol.js';

/** Options listed for one component at most; beyond, the page asks for a move by number. */
const OPTIONS_LISTED = 2000;
/** Winning moves a hint lists, at most. */
const HINT_MOVES = 12;

interface Open {
  readonly session: PlaySession<unknown>;
  readonly t: Translate;
  readonly random: boolean;
  /** Where an evaluation (a hint, the computer's move) reports its progress: the operation running now. */
  progress: ((progress: PlayProgress) => void) | null;
}

const games = new Map<number, Open>();
let nextId = 1;

function gameOf(word: string, text: string): GameSpec {
  const rule = ruleWord(word);
  if (!rule) throw new InputError(`no rule word ${word}`);
  return rule.parse(text, word) as GameSpec;
}

function optionView(open: Open, move: Move<unknown>): OptionView {
  const { game } = open.session;
  const to = move.to[0] as unknown;
  return {
    key: moveKey(game, move),
    take: move.take,
    to: move.to.map((s) => game.show(s)),
    words: moveWords(open.t, game, move),
    ...(Array.isArray(to) && move.to.length === 1 ? { pair: [Number(to[0]), Number(to[1])] as const } : {}),
  };
}

function snapshot(id: number): PlaySnapshot {
  const open = games.get(id)!;
  const { session, t } = open;
  const { game } = session;
  // One more than the page lists, so that a component with more shows its count only.
  const legal = session.legalMoves(OPTIONS_LISTED + 1);
  const shape = game.heaps ? 'heaps' : game.noun === 'pair' ? 'pairs' : game.noun === 'heap' ? 'memory' : 'tokens';
  const components: ComponentView[] = session.position.map((state, i) => {
    const mine = legal.filter((m) => m.component === i + 1);
    const s = state as unknown;
    return {
      index: i + 1,
      name: componentWords(t, game, i + 1),
      text: game.show(state),
      ...(typeof s === 'bigint' ? { heap: s } : {}),
      ...(Array.isArray(s) ? { pair: [Number(s[0]), Number(s[1])] as const } : {}),
      options: mine.length <= OPTIONS_LISTED ? mine.map((m) => optionView(open, m)) : null,
      optionCount: game.optionCount(state),
    };
  });
  return {
    id,
    shape,
    random: open.random,
    misere: session.options.misere,
    components,
    humanToMove: session.humanToMove,
    result: session.result(),
    canUndo: session.canUndo,
    played: session.moves.map((m) => moveKey(game, m)),
  };
}

function sessionOf(id: number): Open {
  const open = games.get(id);
  // The page opens its game again with its moves (this worker is a fresh one).
  if (!open) throw new InputError('play: no such game');
  return open;
}

/** Run an evaluation with its progress sent to the page. */
async function reporting<T>(open: Open, progress: (progress: PlayProgress) => void, run: () => Promise<T>): Promise<T> {
  open.progress = progress;
  try {
    return await run();
  } finally {
    open.progress = null;
  }
}

export const playOps: Record<string, Op> = {
  'play.open': async (args: PlayOpen) => {
    const { playable, start, random, next } = await startPlay({ game: gameOf(args.game.word, args.game.text), position: args.position, seed: args.seed });
    // Long evaluations (a misère quotient of many heaps) say how far they are, for the page to show.
    const onProgress = (done: number, ceiling: number, unit: string) => open.progress?.({ done, ceiling, unit });
    const evaluate = (position: readonly unknown[]) => playable.evaluate(position, args.misere, { onProgress });
    const session = new PlaySession<unknown>(playable, start, { misere: args.misere, humanFirst: args.first === 'human', level: args.level, random: next, evaluate });
    const t = translator(args.lang as Lang);
    const open: Open = { session, t, random, progress: null };
    for (const key of args.replay ?? []) {
      const move = session.find(key);
      if (!move) break;
      // The computer's random choices below level 10 are drawn again, so the seed's sequence stays in step (up to an undo, which draws nothing back).
      if (!session.humanToMove) await session.computerMove();
      session.play(move);
    }
    // A game is played at a time on a page: forget the others.
    games.clear();
    const id = nextId++;
    games.set(id, open);
    return snapshot(id);
  },
  'play.move': async ({ id, key }: { id: number; key: string }) => {
    const { session } = sessionOf(id);
    if (!session.humanToMove || session.result()) throw new InputError(says`${saying('error.page.notYourTurn')}`);
    const move = session.find(key);
    if (!move) throw new InputError(says`${saying('error.page.illegalMove', { move: key })}`);
    session.play(move);
    return snapshot(id);
  },
  /** A move typed for one component (too many moves to draw): a number takes that many, anything else is what it becomes. */
  'play.typed': async ({ id, component, text }: { id: number; component: number; text: string }) => {
    const { session, t } = sessionOf(id);
    if (!session.humanToMove || session.result()) throw new InputError(says`${saying('error.page.notYourTurn')}`);
    const written = text.trim();
    const input = session.game.heaps && /^\d+$/.test(written) ? `${component} ${written}` : `${component} -> ${written}`;
    const move = parseMove(t, session.game, session.position, input);
    if (typeof move === 'string') return { snapshot: snapshot(id), refused: move };
    session.play(move);
    return { snapshot: snapshot(id), refused: null, words: moveWords(t, session.game, move) };
  },
  'play.computer': async ({ id }: { id: number }, { progress }) => {
    const open = sessionOf(id);
    const { session } = open;
    if (session.humanToMove || session.result()) return { snapshot: snapshot(id), move: null };
    const move = await reporting(open, progress, () => session.computerMove());
    session.play(move);
    return { snapshot: snapshot(id), move: moveWords(open.t, session.game, move) };
  },
  'play.undo': async ({ id }: { id: number }) => {
    sessionOf(id).session.undo();
    return snapshot(id);
  },
  'play.hint': async ({ id }: { id: number }, { progress }): Promise<HintView> => {
    const open = sessionOf(id);
    const { session, t } = open;
    const report = await reporting(open, progress, () => session.hint());
    const listed = hintMoves(t, session.game, report, HINT_MOVES);
    return {
      outcome: report.outcome,
      paragraphs: hintParagraphs(t, session.game, report),
      heading: listed?.heading ?? null,
      moves: report.winningMoves.slice(0, HINT_MOVES).map((m, i) => ({ key: moveKey(session.game, m), words: listed!.moves[i]! })),
      winning: report.winningMoves.map((m) => moveKey(session.game, m)),
      more: listed?.more ?? null,
    };
  },
};
