/**
 * The one rule parser: every way of naming a rule in words — a CLI flag
 * (`--moves 1,2,3`), a line of a sweep's rules file (`moves 1,2,3`), a rule
 * file's key (`moves: [1, 2, 3]`, handed over as the same text) — goes
 * through this table: the kinds' words (src/core/kinds/registry.ts), and
 * presets, which name a game of any kind. The canonical texts the outputs
 * write (`subtraction {1,2,3}`, `octal 0.77`) are words too, so a results
 * file's rule column can be fed back in. The schema of rule files and
 * --help are made from the same table.
 */
import { InputError, afterFieldWords, says, saying } from './errors.js';
import { KIND_WORDS } from './kinds/registry.js';
import type { RuleWord } from './kinds/kind.js';
import { helpPresets, presetGame, presetPattern } from './presets.js';

// Its help and schema are made when read (--help, the schema, play's flags), not at every start: they
// build every kind's presets and say each one (about 1 ms).
let describe: string | undefined;
let schema: RuleWord['schema'] | undefined;

const PRESET_WORD: RuleWord = {
  word: 'preset',
  argument: 'NAME',
  example: 'kayles',
  order: 60,
  aliases: [],
  get describe() {
    return (describe ??= `a named game: ${helpPresets().join(', ')}, ... ('list' shows them all)`);
  },
  flag: true,
  sweepable: true,
  fileValue: { form: 'text' },
  get schema() {
    return (schema ??= { description: 'A named game (sg-explore --preset list).', type: 'string', pattern: presetPattern() });
  },
  parse(text, where) {
    if (text.trim() === '') throw new InputError(says`${where}: ${saying('error.preset.empty')}`, { code: 'bad-rule', value: text });
    try {
      return presetGame(text);
    } catch (error) {
      throw where === '--preset' ? error : new InputError(says`${where}: ${afterFieldWords(error)}`, { code: error instanceof InputError ? error.code : undefined, value: text });
    }
  },
};

/** Every word, in the order --help, rule files and the schema list them: the kinds' words and preset. */
export const RULE_WORDS: readonly RuleWord[] = [...KIND_WORDS, PRESET_WORD].sort((a, b) => a.order - b.order || a.word.localeCompare(b.word));

/** The word (or alias) for a rule; undefined when there is none. */
export function ruleWord(word: string): RuleWord | undefined {
  const lower = word.toLowerCase();
  return RULE_WORDS.find((w) => w.word === lower || w.aliases.includes(lower));
}

/** The keys of a rule file that name a rule. */
export const RULE_KEYS: readonly string[] = RULE_WORDS.map((w) => w.word);

/** The words that take a file by itself (a module: `--rule my-rule.mjs`), told apart by its extension from a rule file. */
export const FILE_WORDS = RULE_WORDS.filter((w): w is FileWord => w.fileValue.form === 'file' && w.fileValue.extensions !== undefined);
export type FileWord = RuleWord & { readonly fileValue: { readonly form: 'file'; readonly extensions: readonly string[] } };

/** The word that takes this file by itself (by its extension, any case), if any. */
export function fileWordFor(path: string): FileWord | undefined {
  const lower = path.toLowerCase();
  return FILE_WORDS.find((w) => w.fileValue.extensions.some((e) => lower.endsWith(e)));
}

/** The extensions of a rule file (YAML or JSON). Here, not in rule-file.ts: --rule's help needs them, and that module loads the YAML parser. */
export const RULE_FILE_EXTENSIONS: readonly string[] = ['.json', '.yaml', '.yml'];

/** What `--rule` takes, in words: "a rule file (.json, .yaml, .yml) or a JS module exporting options(n) (.mjs, .js)". */
export function ruleFileWords(): string {
  return [`a rule file (${RULE_FILE_EXTENSIONS.join(', ')})`, ...FILE_WORDS.map((w) => w.describe)].join(' or ');
}
