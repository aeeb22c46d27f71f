import { describe, expect, it } from 'vitest';
import { formChoices } from '../../src/web/engine/form-ops.js';
import { hashOf } from '../../src/web/explore/words.js';
import { KINDS, kindOf, type GameSpec } from '../../src/core/kinds/registry.js';
import { ruleWord } from '../../src/core/rule-words.js';
import { CATALOGUES, LANGS, say, translator } from '../../src/core/i18n/index.js';

/*
 * The explore page's example links are every kind's showcase (no list in
 * src/web): each names a game of its own kind, by a word the page takes,
 * with its name in both languages.
 */
describe("the explore page's example links", () => {
  const { examples } = formChoices();

  it("are the kinds' showcases, in their order, each a game of the kind that shows it", () => {
    const shown = KINDS.flatMap((kind) => (kind.showcase ?? []).map((example) => ({ kind, example })));
    expect(examples).toHaveLength(shown.length);
    expect(new Set(shown.map(({ example }) => example.order)).size).toBe(shown.length);
    for (const { kind, example } of shown) {
      const word = ruleWord(example.word);
      expect(word?.flag, example.word).toBe(true);
      const spec = word!.parse(example.text, `--${example.word}`) as GameSpec;
      expect(kindOf(spec.rule), `${example.word} ${example.text}`).toBe(kind);
      for (const lang of LANGS) expect(CATALOGUES[lang][example.about], `${lang} ${example.about}`).toBeTruthy();
    }
  });

  it('link as the page linked them before they came from the kinds (the same hashes and names)', () => {
    expect(examples.map(({ pairs }) => hashOf(pairs))).toEqual([
      'moves=1,2,3&max=1000',
      'all-but=2,3,7',
      'code=0.77',
      'code=0.07',
      'code=4!.0&max=2000',
      'preset=take-a-square&max=2000',
      'preset=wythoff&max=60',
      'preset=fibonacci-nim&max=300',
    ]);
    expect(examples.map(({ about }) => say(about, translator('en')))).toEqual([
      'Take 1, 2 or 3 (subtraction set)',
      'Take anything but 2, 3 or 7 (all-but)',
      'Kayles (code 0.77)',
      "Dawson's Kayles (code 0.07)",
      "Grundy's game (4!.0)",
      'Take a square',
      "Wythoff's game (two piles)",
      'Fibonacci Nim (a heap with memory)',
    ]);
    expect(say(examples[6]!.about, translator('zh'))).toBe('威佐夫游戏（两堆）');
  });
});
