import { describe, expect, it } from 'vitest';
import { CATALOGUES, LANGS, holesOf, pickLang, translator, type MessageKey } from '../src/core/i18n/index.js';

describe('the message catalogues', () => {
  const keys = (lang: keyof typeof CATALOGUES) => Object.keys(CATALOGUES[lang]).sort();

  it('have the same keys in every language, none empty', () => {
    for (const lang of LANGS) {
      expect(keys(lang)).toEqual(keys('en'));
      for (const key of keys(lang)) expect(CATALOGUES[lang][key as MessageKey].trim(), `${lang} ${key}`).not.toBe('');
    }
  });

  it('name the same holes in every language', () => {
    for (const key of keys('en') as MessageKey[]) {
      for (const lang of LANGS) expect(holesOf(CATALOGUES[lang][key]).sort(), `${lang} ${key}`).toEqual(holesOf(CATALOGUES.en[key]).sort());
    }
  });

  it('fill holes, and leave a hole with no value visible', () => {
    const t = translator('en') as (key: string, params?: Record<string, string | number | bigint>) => string;
    expect(holesOf('take {n} from heap {heap}, {n}')).toEqual(['n', 'heap']);
    expect(t('app.title')).toBe('sg-explore');
    expect(t('app.title', { unused: 1 })).toBe('sg-explore');
  });

  it('pick the language asked for, else the first preference known, else English', () => {
    expect(pickLang('zh')).toBe('zh');
    expect(pickLang('ZH-cn')).toBe('zh');
    expect(pickLang('fr', ['de-DE', 'zh-TW', 'en'])).toBe('zh');
    expect(pickLang(undefined, ['zh_CN.UTF-8'])).toBe('zh');
    expect(pickLang(null, ['en-GB', 'zh'])).toBe('en');
    expect(pickLang('', ['C', 'POSIX'])).toBe('en');
    expect(pickLang('xx')).toBe('en');
  });
});
