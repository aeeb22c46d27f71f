/**
 * What every rule has in common, below the kinds of game: the name of its
 * kind (the registry finds the kind by it), and the words a person gave it.
 * Each kind defines its own rule type (src/core/kinds/<kind>/rule.ts); the
 * registry gathers them into one union, GameRule.
 */
import { english, isMessageKey, type Message, type MessageKey, type Translate } from '../i18n/index.js';

export interface RuleBase {
  readonly kind: string;
}

/** A rule with the words a person gave it. */
export interface GameSpecOf<R extends RuleBase = RuleBase> {
  readonly rule: R;
  /** A short name (preset name, or the rule file's name). */
  readonly name?: string;
  readonly description?: string;
  /** The description as a catalogue message (a preset's), for a front end to say in its reader's language; absent when the words are a person's own. */
  readonly about?: Message;
  /** The --max to use when none is given (from a rule file). */
  readonly defaultMax?: bigint;
}

/** Games whose canonical text hides a well-known name: `all-but {}` (nothing excluded) is Nim. */
const KNOWN_GAMES: Readonly<Record<string, { readonly name: string; readonly words: MessageKey }>> = {
  'all-but {}': { name: 'nim', words: 'rule.known.nim' },
};

/** The well-known name of a rule's canonical text ("nim" for `all-but {}`), if it has one. */
export function knownGameName(text: string): string | null {
  return KNOWN_GAMES[text]?.name ?? null;
}

/**
 * A rule as reports show it: the canonical text (which parses back as input)
 * with the name a person gave it, or the well-known name it stands for:
 * "octal 0.77 (kayles)", "Nim: take any number (all-but {})". In another
 * language (`t`) the kind word and the known name are translated
 * ("八进制游戏 0.77 (kayles)"); the notation stays as written.
 */
export function ruleTitle(text: string, name?: string | null, t: Translate = english): string {
  const shown = ruleInWords(text, t);
  const known = KNOWN_GAMES[text];
  if (known && (!name || name === known.name)) return `${t(known.words)} (${shown})`;
  return name && name !== text ? `${shown} (${name})` : shown;
}

/** A canonical text with its kind word (the first) in `t`'s language. */
export function ruleInWords(text: string, t: Translate = english): string {
  const word = text.split(' ', 1)[0]!;
  const key = `rule.kind.${word}`;
  return isMessageKey(key) ? t(key) + text.slice(word.length) : text;
}

/** A set as the canonical texts write it: {1,2,3}. */
export function setText(values: readonly number[]): string {
  return `{${values.join(',')}}`;
}
