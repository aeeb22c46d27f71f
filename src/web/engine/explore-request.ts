/**
 * The explore view's words (`--moves 1,2,3 --max 1e6`, or the hash
 * `#moves=1,2,3&max=1e6`, both as [flag, value] pairs) turned into the
 * library's request along the CLI's own path: the one rule-word table
 * (core/rule-words.ts) parses each rule flag, the rule-file parser reads a
 * pasted or dropped rule file, and numbers go through parseCount as --max
 * does. Every refusal is the core's one-line InputError, naming the flag.
 */
import { InputError, says, saying } from '../../core/errors.js';
import type { Request } from '../../core/analyse.js';
import type { GameSpec } from '../../core/kinds/registry.js';
import { parseCount, parseSmallCount } from '../../core/numbers.js';
import { parseRuleText } from '../../core/rule-file.js';
import { RULE_WORDS, fileWordFor, ruleWord } from '../../core/rule-words.js';
import { parseRowRange } from '../../core/rows.js';
import { RANGE_FLAGS, VIEW_FLAGS } from './view-flags.js';

const POSITION_FLAG: keyof typeof VIEW_FLAGS = 'position';
/** `--misere`, a switch (its value 'true'): misère play, as the CLI's (a table of single heaps, or the position's). */
const MISERE_FLAG: keyof typeof VIEW_FLAGS = 'misere';

/** `--position 3 5 7`'s components as written (the kind reads them, as the CLI's do); null when none is asked. */
export function positionOf(pairs: readonly (readonly [string, string])[]): string[] | null {
  const value = pairs.find(([flag]) => flag.replace(/^--/, '').toLowerCase() === POSITION_FLAG)?.[1];
  const texts = value?.split(/\s+/).filter((word) => word !== '') ?? [];
  return texts.length ? texts : null;
}

/** A request from the view's [flag, value] pairs. */
export function requestOf(pairs: readonly (readonly [string, string])[]): Request {
  const seen = new Map<string, string>();
  for (const [flag, value] of pairs) {
    const name = flag.replace(/^--/, '').toLowerCase();
    if (seen.has(name)) throw new InputError(says`--${name} ${saying('error.option.twice')}`);
    seen.set(name, value);
  }
  const ruleFlags = RULE_WORDS.filter((w) => w.flag && seen.has(w.word)).map((w) => w.word);
  const ruleFlagNames = RULE_WORDS.filter((w) => w.flag).map((w) => `--${w.word}`);
  // A page reads no files: a word that names one (`--graph NAME`) takes the file's contents from the rule-file box (they come as `rule`).
  const fileWord = RULE_WORDS.find((w) => w.flag && w.fromContents && seen.has(w.word));
  const contents = fileWord ? seen.get('rule') : undefined;
  if (fileWord && contents === undefined) throw new InputError(says`--${fileWord.word} ${seen.get(fileWord.word)!}: ${saying(fileWord.fromContents!.missing)}`, { code: 'not-applicable' });
  if (seen.has('rule') && contents === undefined) ruleFlags.push('rule');
  for (const name of seen.keys()) {
    const known = ruleWord(name)?.flag || Object.hasOwn(VIEW_FLAGS, name);
    if (!known) throw new InputError(says`${saying('error.option.unknown', { name, rules: [...ruleFlagNames, '--rule'].join(', '), range: RANGE_FLAGS.map((f) => `--${f}`).join(', ') })}`);
  }
  if (ruleFlags.length === 0) throw new InputError(says`${saying('error.option.noRule', { rules: ruleFlagNames.join(', ') })}`);
  if (ruleFlags.length > 1) throw new InputError(says`${saying('error.option.twoRules', { rules: ruleFlags.map((f) => `--${f}`).join(' and ') })}`);
  const flag = ruleFlags[0]!;
  const text = seen.get(flag)!;
  // A rule file's text is named as the user named the file (its messages say file:line:column).
  const game: GameSpec =
    flag === 'rule'
      ? ruleOf(text, seen.get('file') || 'rule.yaml')
      : fileWord && contents !== undefined
        ? (fileWord.fromContents!.parse(contents, text) as GameSpec)
        : (ruleWord(flag)!.parse(text, `--${flag}`) as GameSpec);
  const max = seen.get('max');
  const limit = seen.get('limit');
  const rows = seen.get('rows');
  const at = seen.get('at');
  return {
    game,
    ...(max !== undefined && { max: parseCount(max, '--max') }),
    ...(limit !== undefined && { limit: parseSmallCount(limit, '--limit', 1) }),
    ...(rows !== undefined && { rows: parseRowRange(rows, '--rows') }),
    // `--at 5,10^18` as the CLI reads it (commas; spaces too, in a field).
    ...(at !== undefined && { at: at.split(/[\s,]+/).filter((t) => t !== '').map((t) => parseCount(t, '--at')) }),
    ...(seen.has(MISERE_FLAG) && seen.get(MISERE_FLAG) !== 'false' && { misere: true }),
  };
}

/** --rule's value: the path of a file a word takes by itself (`--rule my-rule.mjs`, as on the command line), else a rule file's text. */
function ruleOf(text: string, file: string): GameSpec {
  const path = text.trim();
  const word = path.includes('\n') ? undefined : fileWordFor(path);
  if (word) return word.parse(path, '--rule', path) as GameSpec;
  return parseRuleText(text, file);
}
