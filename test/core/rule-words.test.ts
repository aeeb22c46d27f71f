import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULE_KEYS, RULE_WORDS, ruleWord } from '../../src/core/rule-words.js';
import { ruleFileSchema } from '../../src/core/rule-schema.js';
import { KINDS, ruleText } from '../../src/core/kinds/registry.js';
import { parseRuleText } from '../../src/core/rule-file.js';
import { EXPLORE_OPTIONS, RULE_FLAGS } from '../../src/cli/options.js';
import { parseRuleLine } from '../../src/sweep/rule-list.js';
import { runMain } from '../helpers/in-process.js';

const ROOT = join(import.meta.dirname, '../..');

describe('one rule-word table serves flags, rule files, sweep lists, the schema and --help', () => {
  it('the published schema is the one the table makes, byte for byte', () => {
    expect(readFileSync(join(ROOT, 'schema/rule.schema.json'), 'utf8')).toBe(JSON.stringify(ruleFileSchema(), null, 2) + '\n');
  });

  it('every kind brings its words, and every word is a rule-file key, listed once', () => {
    for (const kind of KINDS) for (const word of kind.words) expect(RULE_WORDS).toContain(word);
    expect(new Set(RULE_KEYS).size).toBe(RULE_KEYS.length);
    expect(RULE_KEYS).toEqual(['moves', 'all-but', 'code', 'sequence', 'divisors', 'vectors', 'preset', 'module', 'graph']);
  });

  it('the flags are the words that are flags, with their own words in --help and the usage line', async () => {
    expect(RULE_FLAGS).toEqual([...RULE_WORDS.filter((w) => w.flag).map((w) => w.word), 'rule']);
    for (const word of RULE_WORDS.filter((w) => w.flag)) expect(EXPLORE_OPTIONS[word.word]!.describe).toBe(word.describe);
    const help = await runMain(['--help']);
    for (const word of RULE_WORDS.filter((w) => w.flag)) expect(help.stdout).toContain(`--${word.word} ${word.argument}`);
    const none = await runMain(['--max', '5']);
    expect(none.stderr).toContain('no rule given: use --moves, --all-but, --code, --vectors, --preset, --graph or --rule');
  });

  it('a word reads the same rule as a flag, a rule-file key and a sweep-list line', () => {
    const cases: [string, string, string][] = [
      ['moves', '1,2,3', '[1, 2, 3]'],
      ['all-but', '2,3,7', '[2, 3, 7]'],
      ['code', '0.77', '"0.77"'],
      ['sequence', 'squares', 'squares'],
      ['preset', 'kayles', 'kayles'],
    ];
    for (const [word, text, yaml] of cases) {
      const fromFlag = ruleText(ruleWord(word)!.parse(text, `--${word}`).rule as never);
      expect(ruleText(parseRuleText(`${word}: ${yaml}`, 'r.yaml').rule), word).toBe(fromFlag);
      expect(ruleText(parseRuleLine(`${word} ${text}`, 'list:1')), word).toBe(fromFlag);
    }
    // Vectors are a flag and a rule-file key, but no sweep's rule.
    expect(ruleText(parseRuleText('vectors: [[1, 0], [0, 1], [1, 1]]', 'w.yaml').rule)).toBe('vectors (1,0) (0,1) (1,1)');
    expect(() => parseRuleLine('vectors (1,0) (0,1)', 'list:2')).toThrow(/is not a heap game; sweeps explore heap rules/);
    // A module is named by a file, never by a sweep-list line.
    expect(() => parseRuleLine('module x.mjs', 'list:3')).toThrow(/unknown rule word 'module'/);
  });
});
