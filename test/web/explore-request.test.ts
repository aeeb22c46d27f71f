/**
 * The page's words become the library's request with no kind named: a word
 * whose value names a file (fromContents) takes the file's contents from the
 * rule-file box, and a --rule path that a word takes by itself (fileWordFor)
 * goes to that word, as on the command line.
 */
import { describe, expect, it } from 'vitest';
import { requestOf } from '../../src/web/engine/explore-request.js';
import { FILE_WORDS, RULE_WORDS } from '../../src/core/rule-words.js';
import { english } from '../../src/core/i18n/index.js';

describe("the page's request from its words", () => {
  const contentWords = RULE_WORDS.filter((w) => w.flag && w.fromContents);

  it('a word that names a file takes its contents from the rule-file box, as its own words parse them', () => {
    expect(contentWords.length).toBeGreaterThan(0);
    for (const word of contentWords) {
      const request = requestOf([[`--${word.word}`, 'mine.txt'], ['rule', 'a b\nb c\n']]);
      expect(request.game).toEqual(word.fromContents!.parse('a b\nb c\n', 'mine.txt'));
    }
  });

  it('without the contents it is refused in one line naming the word and saying what is missing', () => {
    for (const word of contentWords) {
      expect(() => requestOf([[`--${word.word}`, 'mine.txt']])).toThrow(`--${word.word} mine.txt: ${english(word.fromContents!.missing)}`);
    }
  });

  it('--rule with the path of a file a word takes by itself goes to that word', () => {
    for (const word of FILE_WORDS) {
      const path = `dir/rule${word.fileValue.extensions[0]!.toUpperCase()}`;
      expect(requestOf([['rule', path]]).game).toEqual(word.parse(path, '--rule', path));
    }
  });
});
