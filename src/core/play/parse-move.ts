/**
 * A typed move, in English or Chinese whatever the language spoken:
 * `take 4 from heap 3`, `3 4`, `从第 3 堆取走 4 个`, a split `3 -> 1 4`, a
 * state `1 -> 2:3`, or a move as a hint writes it (`heap 3: 7 -> 1 + 4`,
 * `第 3 堆：7 -> 1 + 4`). A string is the reason, in the catalogue's words,
 * that the input is not a legal move.
 */
import type { Translate } from '../i18n/index.js';
import type { Playable } from '../positions/playable.js';
import type { Move } from '../positions/position.js';
import { componentWords } from './words.js';

/** Words that may name a component before or around its number, in either language. */
const NOUN = '(?:heap|pile|pair|token|component|第|堆|组|个分量|棋子|\\s)*';

/** The commands, by what people may type. */
const COMMANDS: Readonly<Record<string, 'hint' | 'undo' | 'help' | 'quit'>> = {
  hint: 'hint', 提示: 'hint',
  undo: 'undo', 悔棋: 'undo',
  help: 'help', '?': 'help', '？': 'help', 帮助: 'help',
  quit: 'quit', q: 'quit', 退出: 'quit',
};

export function commandOf(input: string): 'hint' | 'undo' | 'help' | 'quit' | undefined {
  return COMMANDS[input.trim().toLowerCase()];
}

const quoted = (text: string) => `'${text}'`;

export function parseMove<S>(t: Translate, game: Playable<S>, position: readonly S[], input: string): Move<S> | string {
  const text = input.trim().toLowerCase().replace(/\s+/g, ' ');
  const component = (word: string): number | string => {
    const i = Number(word);
    if (!Number.isInteger(i) || i < 1 || i > position.length) return t('play.bad.noComponent', { component: componentWords(t, game, word), count: position.length });
    return i;
  };
  let match: RegExpExecArray | null;
  let index: number | string;
  let take: bigint | null = null;
  let to: S[] | null = null;
  let from: string | undefined;
  if ((match = /^(?:take )?(\d+) from (?:heap |pile |pair )?(\d+)$/.exec(text))) {
    index = component(match[2]!);
    take = BigInt(match[1]!);
  } else if ((match = new RegExp(`^从?${NOUN}(\\d+)${NOUN}取走?\\s*(\\d+)\\s*个?$`).exec(text))) {
    index = component(match[1]!);
    take = BigInt(match[2]!);
  } else if ((match = /^(\d+) (\d+)$/.exec(text))) {
    index = component(match[1]!);
    take = BigInt(match[2]!);
  } else if ((match = new RegExp(`^${NOUN}(\\d+)${NOUN}(?:[:：]\\s*(\\S+))?\\s*->\\s*(.*)$`, 'i').exec(input.trim()))) {
    // `3 -> 1 4`, or as a hint writes it: `heap 3: 7 -> 1 + 4`.
    index = component(match[1]!);
    from = match[2];
    const target = match[3]!.trim();
    const words = target === '' || ['nothing', '空'].includes(target.toLowerCase()) ? [] : target.split(/\s+|\+/).filter(Boolean);
    const states: S[] = [];
    for (const word of words) {
      try {
        states.push(game.parse(word));
      } catch {
        return t('play.bad.state', { input: quoted(word) });
      }
    }
    to = states;
  } else return t('play.bad.unknown', { input: quoted(input.trim()) });
  if (typeof index === 'string') return index;
  const current = position[index - 1]!;
  if (from !== undefined) {
    let written: S;
    try {
      written = game.parse(from);
    } catch {
      return t('play.bad.state', { input: quoted(from) });
    }
    if (game.key(written) !== game.key(current)) return t('play.bad.wrongFrom', { component: componentWords(t, game, index), state: game.show(current), written: from });
  }
  // Checked against the rule, not looked up in a list of every option (a huge heap has too many to list).
  const legal = (states: readonly S[]): Move<S> | undefined => (game.isOption(current, states) ? { component: index, from: current, to: states, take: game.take(current, states) } : undefined);
  if (take !== null) {
    if (!game.heaps) return t('play.bad.giveState', { i: index });
    const heap = current as bigint;
    const found = take <= heap && take > 0n ? legal([game.parse(String(heap - take))]) : undefined;
    if (found) return found;
    if (take <= heap && game.splitsTaking?.(current, take)) return t('play.bad.splits', { take, i: index });
    return t('play.bad.cannotTake', { take, i: index, state: game.show(current) });
  }
  // Heaps as options list them: ascending, an emptied heap as 0 (it keeps its place).
  const heaps = (to as unknown as bigint[]).filter((n) => n > 0n).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const states = game.heaps ? ((heaps.length ? heaps : [0n]) as unknown as S[]) : to!;
  return legal(states) ?? t('play.bad.cannotBecome', { from: game.show(current), to: to!.length ? to!.map((s) => game.show(s)).join(' + ') : t('play.nothing') });
}
