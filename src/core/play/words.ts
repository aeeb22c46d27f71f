/**
 * A game in words from the message catalogue: components, moves, outcomes,
 * grounds, and the hint that explains the nim-sum (each component's SG
 * value, their xor, in binary where that helps, why the position is won or
 * lost, and which moves win). The terminal and the page both speak through it.
 */
import { say, type MessageKey, type Translate } from '../i18n/index.js';
import type { Ground } from '../laws/ground.js';
import type { Playable } from '../positions/playable.js';
import type { Move, PositionReport } from '../positions/position.js';

const NOUNS: Readonly<Record<string, MessageKey>> = {
  heap: 'play.component.heap',
  pair: 'play.component.pair',
  token: 'play.component.token',
};

/** "heap 3", "第 3 堆": a component by its game's noun. */
export function componentWords<S>(t: Translate, game: Pick<Playable<S>, 'noun'>, i: number | string): string {
  return t(NOUNS[game.noun] ?? 'play.component.component', { i });
}

/** Items joined as the language joins a list. */
export function listWords(t: Translate, items: readonly string[]): string {
  return items.join(t('play.separator'));
}

/** The ways of writing a move, in the order help lists them. */
export const MOVE_FORMS = ['take', 'split', 'state', 'token', 'asHint'] as const;
export type MoveForm = (typeof MOVE_FORMS)[number];

/** The ways of writing a move that `game` takes: takes (and splits) for heaps, a new state for pairs, a vertex for tokens. */
export function moveForms<S>(game: Pick<Playable<S>, 'heaps' | 'splits' | 'noun'>): MoveForm[] {
  if (game.heaps) return game.splits ? ['take', 'split', 'asHint'] : ['take'];
  return [game.noun === 'token' ? 'token' : 'state'];
}

/** Help on moves and commands: the ways of writing a move in `forms` (every one when not given). */
export function helpText(t: Translate, forms: readonly MoveForm[] = MOVE_FORMS): string {
  return [t('play.help.heading'), ...forms.map((form) => t(`play.help.${form}`)), t('play.help.commands')].join('\n');
}

/** What wording a game needs of it: its noun, whether it is heaps (or Nim), how a state is written. */
export type Wordable<S> = Pick<Playable<S>, 'noun' | 'heaps' | 'nim' | 'show'>;

/** A position as the terminal writes it: its states, separated by spaces. */
export function positionWords<S>(t: Translate, game: Wordable<S>, position: readonly S[]): string {
  return position.length ? position.map((s) => game.show(s)).join(' ') : t('play.nothingLeft');
}

/** A move as people write it, and as the terminal reads it back: `take 2 from heap 1`, `heap 1: 10 -> 1 + 7`. */
export function moveWords<S>(t: Translate, game: Wordable<S>, move: Move<S>): string {
  const component = componentWords(t, game, move.component);
  if (move.take !== null && game.heaps && move.to.length <= 1) return t('play.move.take', { take: move.take, component });
  const to = move.to.length ? move.to.map((s) => game.show(s)).join(' + ') : t('play.nothing');
  return t('play.move.change', { component, from: game.show(move.from), to });
}

/** A position's outcome in words: who wins (under misère play where asked), or a draw. */
export function outcomeText(t: Translate, outcome: 'N' | 'P' | 'D', misere: boolean): string {
  const words = t(`play.outcome.${outcome}`);
  return misere ? t('play.outcome.misere', { outcome: words }) : words;
}

export function groundText(t: Translate, ground: Ground): string {
  switch (ground.kind) {
    case 'table':
      return t('play.ground.table', { over: say(ground.over, t) });
    case 'period':
      return t('play.ground.period', { proof: say(ground.proof, t) });
    case 'theorem':
      return t('play.ground.theorem', { theorem: say(ground.theorem, t) });
    case 'law':
      return t('play.ground.law', { upTo: ground.observedUpTo, law: say(ground.law, t) });
    case 'search':
      return t('play.ground.search', { what: say(ground.what, t) });
    case 'quotient':
      return t('play.ground.quotient', { bound: ground.bound, order: ground.order });
  }
}

/** Components whose values are written in binary as well, at most (a longer sum reads better as numbers). */
const BINARY_TERMS = 6;

/** The sum in binary, each term as wide as the widest: `011 xor 101 xor 111 = 001`; null where it would not help. */
export function binarySum(t: Translate, values: readonly bigint[], sum: bigint): string | null {
  if (values.length < 2 || values.length > BINARY_TERMS) return null;
  const width = Math.max(...[...values, sum].map((v) => v.toString(2).length));
  if (width > 16) return null;
  const bits = (v: bigint) => v.toString(2).padStart(width, '0');
  return t('play.hint.binary', { terms: values.map(bits).join(t('play.hint.xor')), sum: bits(sum) });
}

/** The hint as paragraphs: what the position is worth and why, in words; then the winning moves (listed by hintMoves). */
export function hintParagraphs<S>(t: Translate, game: Wordable<S>, report: PositionReport<S>): string[] {
  const paragraphs: string[] = [];
  const outcome = outcomeText(t, report.outcome, report.misere);
  if (report.nimSum !== null) {
    const values = report.components.map((c) => c.grundy ?? 0n);
    const items = report.components.map((c) => t('play.hint.value', { state: game.show(c.state), value: c.grundy ?? '?' }));
    paragraphs.push(t('play.hint.values', { values: listWords(t, items), sum: report.nimSum }));
    paragraphs.push(t(report.nimSum === 0n ? 'play.hint.zero' : 'play.hint.nonzero', { outcome, sum: report.nimSum }));
    const binary = report.componentCount === undefined ? binarySum(t, values, report.nimSum) : null;
    if (binary) paragraphs.push(binary);
    // Which components can make the nim-sum 0, and the value each must take.
    const movers = [...new Map(report.winningMoves.map((m) => [m.component, m])).values()];
    if (report.nimSum !== 0n && movers.length) {
      const targets = movers.map((m) => {
        const from = report.components[m.component - 1]?.grundy;
        return from === undefined || from === null ? componentWords(t, game, m.component) : t('play.hint.target', { component: componentWords(t, game, m.component), from, to: from ^ report.nimSum! });
      });
      paragraphs.push(t('play.hint.targets', { targets: listWords(t, targets) }));
    }
    // Values the table does not hold say what they rest on (a proven period).
    const beyond = report.components.filter((c) => c.ground.kind === 'period');
    if (beyond.length) paragraphs.push(t('play.hint.beyond', { states: listWords(t, beyond.map((c) => game.show(c.state))), ground: groundText(t, beyond[0]!.ground) }));
  } else if (report.misere) {
    // A misère position is evaluated as a whole, so one ground speaks for all of it; Nim's is Bouton's rule, explained.
    if (game.nim) paragraphs.push(t('play.hint.misereNim', { outcome }));
    else if (report.components[0]) paragraphs.push(t('play.hint.misere', { ground: groundText(t, report.components[0].ground), outcome }));
  } else if (report.components[0]?.ground.kind === 'theorem') {
    // A theorem that gives P-positions, not values (Wythoff's): the outcome on its word.
    paragraphs.push(t('play.hint.theorem', { ground: groundText(t, report.components[0].ground), outcome }));
  } else paragraphs.push(t('play.hint.loopy', { outcome }));
  if (!report.winningMoves.length) paragraphs.push(t('play.hint.noWin'));
  if (report.movesNotListed) paragraphs.push(t('play.hint.notListed', { why: report.movesNotListed }));
  return paragraphs;
}

/** The heading over the winning moves, the moves (at most `most`), and how many more there are. */
export function hintMoves<S>(t: Translate, game: Wordable<S>, report: PositionReport<S>, most: number): { heading: string; moves: string[]; more: string | null } | null {
  if (!report.winningMoves.length) return null;
  const heading = t(report.outcome === 'D' ? 'play.hint.drawMoves' : report.winningMoves.length === 1 ? 'play.hint.oneMove' : 'play.hint.moves');
  const moves = report.winningMoves.slice(0, most).map((m) => moveWords(t, game, m));
  // Exact: a huge heap's splits into three number past 2^53.
  const more = (report.winningMoveCount ?? BigInt(report.winningMoves.length)) - BigInt(moves.length);
  return { heading, moves, more: more > 0n ? t('play.hint.more', { count: more }) : null };
}

/** The core's units of work (SteppedWork.unit) that play's evaluations report, in the catalogue. */
const UNIT_KEYS: Readonly<Record<string, MessageKey>> = {
  values: 'play.progress.unit.values',
  heaps: 'play.progress.unit.heaps',
  steps: 'play.progress.unit.steps',
  cells: 'play.progress.unit.cells',
  states: 'play.progress.unit.states',
  'positions searched': 'play.progress.unit.searched',
};

/** A unit of work in `t`'s words (the terminal's progress line, the page's); any other stays as the core wrote it. */
export function unitWord(t: Translate, unit: string): string {
  const key = UNIT_KEYS[unit];
  return key ? t(key) : unit;
}
