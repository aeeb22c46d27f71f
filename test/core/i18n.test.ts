import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, mention, wordsText } from '../../src/core/errors.js';
import { flagOf } from '../../src/core/flags.js';
import { parseCount, parseSmallCount } from '../../src/core/numbers.js';
import { parseMoveList } from '../../src/core/rules/sets.js';
import { parseRuleText } from '../../src/core/rule-file.js';
import { parseGraphText } from '../../src/core/kinds/graph/parse.js';
import { CATALOGUES, LANGS, holesOf, isMessageKey, pickLang, say, sayAgain, translator, type MessageKey } from '../../src/core/i18n/index.js';
import { KINDS, ruleText } from '../../src/core/kinds/registry.js';
import { heapGrounds } from '../../src/core/heap/heap-ground.js';
import { groundWords } from '../../src/core/laws/ground.js';
import { groundText } from '../../src/core/play/words.js';
import { ruleInWords, ruleTitle } from '../../src/core/rules/spec.js';
import { bachetTheorem } from '../../src/core/kinds/bash/index.js';
import { pairLawText } from '../../src/core/laws/pair-law.js';
import { lawText } from '../../src/core/kinds/capped-heap/law-text.js';
import type { GridExploration } from '../../src/core/kinds/two-pile/grid.js';
import type { CappedHeapExploration } from '../../src/core/kinds/capped-heap/explore-capped.js';
import { analyseSync, explore } from '../../src/core/analyse.js';
import { ruleWord } from '../../src/core/rule-words.js';
import { parseVectors } from '../../src/core/kinds/two-pile/rule.js';
import { parsePair } from '../../src/core/positions/pair-position.js';
import { checkMisereSize } from '../../src/core/positions/misere.js';
import { startPlay } from '../../src/core/play/start.js';
import { parseRowRange } from '../../src/core/rows.js';
import type { Exploration } from '../../src/core/heap/explore.js';
import type { GameSpec, Rule } from '../../src/core/kinds/registry.js';
import { parseCode } from '../../src/core/rules/code.js';
import { listPresets, presetGame } from '../../src/core/presets.js';

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

describe("a proof's sentence in the page's language", () => {
  // A proof of each method: a finite subtraction set, an all-but set (with a saltus), an octal game.
  const proofs: [string, Rule][] = [
    ['window-repetition', { kind: 'subtraction', moves: [2, 5, 7] }],
    ['relative-state-repetition', { kind: 'all-but', excluded: [2, 3, 7] }],
    ['guy-smith', { kind: 'take-and-break', code: parseCode('0.77') } as Rule],
  ];
  for (const [method, rule] of proofs) {
    it(`${method}: the catalogue names exactly the numbers the core's proof gives, and each is in the core's sentence`, () => {
      const x = analyseSync({ game: { rule }, max: 400n }) as Exploration;
      expect(x.pattern.kind).not.toBe('none');
      const proof = x.pattern.kind === 'none' ? null : x.pattern.proof;
      expect(proof?.method).toBe(method);
      const facts = proof!.facts!;
      for (const lang of LANGS) expect(holesOf(CATALOGUES[lang][`explore.ground.${method}` as MessageKey]).sort()).toEqual(Object.keys(facts).sort());
      const numbers = new Set(proof!.reason.match(/\d+/g));
      for (const [name, value] of Object.entries(facts)) expect(numbers.has(String(value)), `${name} = ${value} in "${proof!.reason}"`).toBe(true);
    });
  }
});

describe("Nim's proof (nothing excluded, e = 0)", () => {
  it('says "all the values before it", in the core\'s English and in the catalogue\'s two languages', () => {
    const x = analyseSync({ game: { rule: { kind: 'all-but', excluded: [] } }, max: 50n }) as Exploration;
    const proof = x.pattern.kind === 'none' ? null : x.pattern.proof;
    expect(proof?.method).toBe('relative-state-repetition');
    expect(proof!.facts!.e).toBe(0);
    expect(proof!.reason).toBe('G(n) is the mex of all the values before it; that state, relative to its mex, is the same at n = 0 and n = 1 up to a shift of 1, so G(n+1) = G(n) + 1 for all n >= 0');
    expect(translator('en')('explore.ground.relative-state-repetition.all', proof!.facts)).toBe(proof!.reason);
    expect(translator('zh')('explore.ground.relative-state-repetition.all', proof!.facts)).toBe('G(n) 是它前面所有值的 mex；这一状态（相对于它的 mex）在 n = 0 与 n = 1 处相同，只差平移 1，所以对所有 n >= 0 有 G(n+1) = G(n) + 1');
  });
});

describe("presets' descriptions in the page's language", () => {
  it('every preset says what it is as a catalogue message: in English the report\'s description, in Chinese its own', () => {
    const zh = translator('zh');
    for (const { usage } of listPresets()) {
      const name = usage.split(/[:[]/)[0]!;
      for (const given of name === 'bash' ? ['bash:5', 'bash:1'] : name === 'fibonacci-nim' ? ['fibonacci-nim', 'fibonacci-nim:3', 'fibonacci-nim:1'] : [name]) {
        const game = presetGame(given);
        expect(game.about, given).toBeDefined();
        expect(say(game.about!), given).toBe(game.description);
        expect(say(game.about!, zh), given).toMatch(/[\u4e00-\u9fff]/);
      }
    }
    expect(presetGame('bash:5').description).toBe('Bash (Bachet) game: remove 1 to 5 tokens (G(n) = n mod 6)');
    expect(say(presetGame('bash:5').about!, zh)).toBe('巴什博弈（Bachet）：每次取 1 到 5 个石子（SG(n) = n mod 6）');
    expect(presetGame('fibonacci-nim:1').description).toBe('Fibonacci Nim: the first move takes 1 to n-1, each later move at most as many as the last');
    expect(say(presetGame('fibonacci-nim:3').about!, zh)).toBe('斐波那契博弈：第一步取 1 到 n-1 个，之后每步至多取上一步的 3 倍');
  });

  it('a rule file\'s own description replaces its preset\'s, message and all', () => {
    expect(parseRuleText('preset: kayles\n', 'r.yaml').about).toEqual({ key: 'preset.kayles' });
    const own = parseRuleText('preset: kayles\ndescription: my pins\n', 'r.yaml');
    expect(own.description).toBe('my pins');
    expect(own.about).toBeUndefined();
  });
});

describe('what the core writes, in the page\'s language', () => {
  const zh = translator('zh');
  // A rule of every kind (its examples, from the registry), and every class of code (octal, hexadecimal, take-and-break).
  const rules: Rule[] = [
    ...KINDS.flatMap((kind) => kind.examples.map((example) => example.request.game.rule)),
    { kind: 'take-and-break', code: parseCode('0.3F') },
  ] as Rule[];

  it('every canonical text starts with a kind word the catalogue has, in English the word itself', () => {
    const words = new Set<string>();
    for (const rule of rules) {
      const text = ruleText(rule);
      const word = text.split(' ')[0]!;
      words.add(word);
      expect(isMessageKey(`rule.kind.${word}`), text).toBe(true);
      expect(ruleInWords(text), `${text}: in English the canonical text`).toBe(text);
      expect(ruleInWords(text, zh)).not.toBe(text);
      expect(ruleInWords(text, zh).endsWith(text.slice(word.length)), 'the notation stays').toBe(true);
    }
    const kindKeys = Object.keys(CATALOGUES.en).filter((key) => key.startsWith('rule.kind.'));
    for (const word of words) expect(kindKeys).toContain(`rule.kind.${word}`);
    for (const key of kindKeys) expect(CATALOGUES.en[key as MessageKey]).toBe(key.slice('rule.kind.'.length));
  });

  it('titles a rule with its name, or the well-known game it is', () => {
    expect(ruleTitle('octal 0.77', 'kayles')).toBe('octal 0.77 (kayles)');
    expect(ruleTitle('octal 0.77', 'kayles', zh)).toBe('八进制游戏 0.77 (kayles)');
    expect(ruleTitle('all-but {}')).toBe('Nim: take any number (all-but {})');
    expect(ruleTitle('all-but {}', 'nim', zh)).toBe('Nim：取任意个 (除外减法游戏 {})');
    expect(ruleTitle('vectors (1,0) (0,1) (1,1)', 'wythoff', zh)).toBe('向量游戏 (1,0) (0,1) (1,1) (wythoff)');
  });

  it("says why no theorem applies in the page's language: each solver's reason is a catalogue message", () => {
    const reasons = [
      { kind: 'sequence-subtraction', sequence: 'squares' },
      { kind: 'take-and-break', code: parseCode('4.[3]') },
      { kind: 'take-and-break', code: parseCode('4!.0') },
    ].map((rule) => (analyseSync({ game: { rule: rule as Rule }, max: 60n }) as Exploration).noTheorem);
    expect(new Set(reasons).size).toBe(3);
    for (const reason of reasons) {
      expect(reason).not.toBeNull();
      const said = sayAgain(reason!, 'rule.noTheorem.', zh);
      expect(said, reason!).not.toBe(reason);
      expect(said).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(sayAgain('not a message', 'rule.noTheorem.', zh)).toBe('not a message');
  });
});

describe('theorems the core cites, as messages', () => {
  it('say in English what the reports always said, and in Chinese with the same numbers', () => {
    const zh = translator('zh');
    const bachet = bachetTheorem(5n);
    expect(say(bachet)).toBe('Bachet (1612): taking 1 to 5 tokens, G(n) = n mod 6');
    expect(say(bachet, zh)).toBe('Bachet（1612）：每次取 1 到 5 个时，SG(n) = n mod 6');
    for (const key of Object.keys(CATALOGUES.en).filter((k) => k.startsWith('theorem.')) as MessageKey[]) {
      expect(CATALOGUES.zh[key], key).toMatch(/[\u4e00-\u9fff]/);
      expect(CATALOGUES.en[key], key).toMatch(/\(\d{4}\)|1976|proved in sg-explore/); // every statement cites its year
    }
  });
});

describe("the P-positions' laws, in the page's language", () => {
  const zh = translator('zh');
  const grid = (vectors: [number, number, number | null][], max: number) =>
    analyseSync({ game: { rule: { kind: 'vectors', vectors: vectors.map(([dx, dy, cap]) => ({ dx, dy, cap })) } as Rule }, max: BigInt(max) }) as GridExploration;

  it('a two-pile law: in English the report\'s text, in Chinese the same formulas', () => {
    const games = [
      grid([[1, 0, null], [0, 1, null], [1, 1, null]], 60), // Wythoff: Beatty, mirrored
      grid([[1, 0, null], [0, 1, null], [1, 1, 2]], 60),
      grid([[1, 0, null], [0, 1, 2], [1, 1, null]], 40), // not symmetric
      grid([[1, 0, 2], [0, 1, 2], [1, 1, null]], 60),
      grid([[1, 0, null], [0, 1, null], [1, 1, 3]], 80),
    ];
    let laws = 0;
    for (const x of games) {
      if (!x.law) continue;
      laws++;
      expect(pairLawText(x.law)).toBe(x.law.text);
      const chinese = pairLawText(x.law, zh)!;
      expect(chinese).toMatch(/^满足 a_k < b_k 的必败态/);
      for (const formula of x.law.text.match(/⌊[^⌋]*⌋|a\(k\) = [^,;]*?(?= for)/g) ?? []) expect(chinese).toContain(formula);
    }
    expect(laws).toBe(5);
    expect(pairLawText(games[2]!.law!, zh)).toContain('（必败态不对称）');
    expect(pairLawText(games[0]!.law!, zh)).toBe(
      '满足 a_k < b_k 的必败态 (a_k, b_k)：a_k = ⌊kφ⌋, b_k = a_k + k = ⌊kφ²⌋；以及它们的对称位置 (b_k, a_k)；对角线上：(0, 0)（φ = (1+√5)/2；k = 1..23；在 x, y <= 60 范围内观察到）',
    );
  });

  it('a heap with memory: Fibonacci Nim\'s recurrence, and no law among too few P-positions', () => {
    const x = analyseSync({ game: presetGame('fibonacci-nim'), max: 1000n }) as CappedHeapExploration;
    expect(lawText(x)).toMatch(/^P-positions a\(1\), a\(2\), … satisfy a\(k\) = a\(k−1\) \+ a\(k−2\) for k ≥ \d+/);
    expect(lawText(x, zh)).toMatch(/^必败态 a\(1\), a\(2\), … 满足 a\(k\) = a\(k−1\) \+ a\(k−2\)（k ≥ \d+）.*斐波那契数.*（在 1,000 以内观察到；未证明）$/);
    const few = analyseSync({ game: presetGame('fibonacci-nim'), max: 50n }) as CappedHeapExploration;
    expect(lawText(few)).toBe('no linear recurrence or Beatty law in the 9 P-positions up to 50');
    expect(lawText(few, zh)).toBe('在 50 以内的 9 个必败态中没有找到线性递推或 Beatty 规律');
  });
});

describe('the common input errors, in the reader\'s language', () => {
  const zh = translator('zh');
  const refused = (run: () => unknown): InputError => {
    try {
      run();
    } catch (error) {
      if (error instanceof InputError) return error;
      throw error;
    }
    throw new Error('not refused');
  };
  const kayles = presetGame('kayles');
  const wythoff = presetGame('wythoff');
  const octal = (code: string): GameSpec => ({ rule: { kind: 'take-and-break', code: parseCode(code) } });
  const squares: GameSpec = { rule: { kind: 'sequence-subtraction', sequence: 'squares' } };
  const subtraction: GameSpec = { rule: { kind: 'subtraction', moves: [2, 5, 7] } };
  // Each a mistake a student makes on the first day; the CLI's English is the catalogue's (and, where given, what the Chinese must hold).
  const mistakes: [string, () => unknown, string, string[]?][] = [
    ['a size', () => parseCount('abc', mention('max')), "max: 'abc' is not a whole number (try 1000000, 1_000_000, 1e6 or 2^20)"],
    ['a negative size', () => parseCount('-3', mention('max')), "max: '-3' is negative: sizes, heaps and piles are whole numbers, 0 or more"],
    ['a size out of range', () => parseSmallCount('0', mention('threads'), 1, 64), "threads: '0' must be at least 1"],
    ['a move set', () => parseMoveList('1,,2', '--moves', false), "--moves: '1,,2' has an empty entry"],
    ['a move of 0', () => parseMoveList('0,1', '--moves', false), '--moves: 0 is not a positive number of tokens'],
    ['a code', () => parseCode('0.9x'), "code '0.9x': 'x' at character 4: expected a digit 0-9 or A-F"],
    ['a code without its point', () => parseCode('77'), "code '77': '7' at character 2: expected '.' after the first digit (codes look like 0.77 or 4.07)"],
    ['a preset', () => presetGame('kayle'), "preset: unknown preset 'kayle' (known: "],
    ['a rule file\'s key', () => parseRuleText('bogus: 1\n', 'rule.yaml'), "rule.yaml:1:1: unknown key 'bogus' (expected one of: "],
    ['an edge list', () => parseGraphText('a b\n\na b c\n'), "line 3: 'a b c' is neither 'u v' nor 'u: v w …'"],
    ['a rule file\'s YAML (a key twice)', () => parseRuleText('moves: [1]\nmoves: [2]\n', 'rule.yaml'), 'rule.yaml:2:1: Map keys must be unique'],
    ['a rule file\'s YAML (a bracket left open)', () => parseRuleText('moves: [1, 2\n', 'rule.yaml'), 'rule.yaml:'],
    ['an empty edge list', () => parseGraphText('# nothing\n'), 'the graph has no vertices (the text is empty or only comments)'],
    ['a rule file\'s move', () => parseRuleText('moves: [1, -2]\n', 'rule.yaml'), 'rule.yaml:1:12: moves: expected a positive whole number, got -2'],
    ['a rule file\'s preset', () => parseRuleText('preset: kayle\n', 'rule.yaml'), "rule.yaml:1:9: preset: unknown preset 'kayle'"],
    // The refusals of a request the page or play may make: the fields in a message's holes are named as flags.
    ['a misère theory', () => analyseSync({ game: kayles, misereTheory: 'bogus' as 'genus' }), "misereTheory: expected 'genus' or 'quotient', got bogus"],
    ['a misère theory of two piles', () => analyseSync({ game: wythoff, misereTheory: 'genus' }), 'genus applies to heap rules (subtraction sets, all-but sets, codes)'],
    ['a misère theory at a heap', () => analyseSync({ game: kayles, misereTheory: 'genus', at: [3n] }), 'genus makes a table of heaps 0..max; a position or at asks for single answers (give one or the other)', ['--at']],
    ['a misère theory too far', () => analyseSync({ game: kayles, misereTheory: 'genus', max: 10n ** 9n }), 'genus max 1,000,000,000: at most 2,999,999 heaps'],
    ['explore() of two piles', () => explore({ game: wythoff }), 'vectors (1,0) (0,1) (1,1) is not a heap game computed here: explore() and solve() compute one-heap rules (see analyse)'],
    ['no memory', () => analyseSync({ game: kayles, memoryBudget: 1 }), 'not enough free memory for even one value'],
    ['no memory and no theorem', () => analyseSync({ game: squares, max: 10n ** 6n, memoryBudget: 1000 }), 'max 1000000: 1,000,001 values do not fit in memory (room for about 250), and no theorem lets this rule stop early (an infinite subtraction set has no finite window that determines the values)', ['无限的减法集']],
    ['no memory and no period', () => analyseSync({ game: octal('0.156'), max: 10n ** 6n, limit: 50, memoryBudget: 1000 }), 'max 1000000: no period was proven within the first 50 values (raise limit), and 1,000,001 values do not fit in memory (room for about 250)', ['--limit']],
    ['no observed period', () => analyseSync({ game: octal('0.156'), at: [10n ** 12n], useObserved: true, limit: 20 }), 'useObserved: no period was observed over the first 20 values, so no law answers a heap of 1000000000000'],
    ['rows of one heap', () => analyseSync({ game: kayles, rows: { first: 0, last: 3 } }), 'rows applies to two-pile games (vectors, preset wythoff)', ['--vectors', '--preset wythoff']],
    ['a misère table of two piles', () => analyseSync({ game: wythoff, misere: true }), 'misere tables are for one-heap games; for other games evaluate positions with position ... misere', ['--position ... --misere']],
    ['at of two piles', () => analyseSync({ game: wythoff, at: [3n] }), 'at applies to one-heap games; for two-pile games give max N (the table up to N)', ['两堆游戏', '--max N']],
    ['a table of two piles too far', () => analyseSync({ game: wythoff, max: 2n ** 32n }), 'max 4294967296: at most 2,147,483,647 for two-pile games'],
    ['a table of heaps with memory too far', () => analyseSync({ game: presetGame('fibonacci-nim'), max: 2n ** 32n }), 'max 4294967296: at most 2,147,483,647 for heaps with memory', ['有记忆的堆']],
    ['a range of rows', () => parseRowRange('0..x..1', '--rows'), "--rows: '0..x..1' is not a range of rows such as 0..15"],
    ['rows backwards', () => parseRowRange('9..3', '--rows'), "--rows: the range '9..3' is backwards"],
    ['rows beyond the table', () => analyseSync({ game: wythoff, rows: { first: 0, last: 100 } }), 'rows A..B needs max N: the length of the rows'],
    ['a table of two piles beyond memory', () => analyseSync({ game: wythoff, max: 10n ** 9n }), 'max 1000000000: a table of 1,000,000,002,000,000,000 cells needs about ', ['--rows A..B']],
    ['rows beyond memory', () => analyseSync({ game: wythoff, max: 10n ** 8n, rows: { first: 0, last: 10 ** 8 } }), 'rows 0..100000000 max 100000000: rows 0..100000000 (every row before the last is computed too) of 100,000,001 columns need about '],
    ['a position of two piles too large', () => analyseSync({ game: wythoff, position: ['20000:20000', '1:1'] }), 'position: a table up to 20000:20000 has 400,040,001 cells, more than the 100,000,000 a position may need'],
    ['a position of a heap with memory too large', () => analyseSync({ game: presetGame('fibonacci-nim'), position: ['100000', '3'] }), 'position: heaps up to 100000 need 5,000,150,001 states, more than 100,000,000'],
    ['a vector', () => parseVectors('(1,0,2,3)', '--vectors'), "--vectors: '1,0,2,3' is not a vector dx,dy (with an optional cap: dx,dy,cap)"],
    ['a vector of 0', () => parseVectors('(0,0)', '--vectors'), '--vectors: the vector (0,0) moves nothing'],
    ['no vectors', () => parseVectors('( )', '--vectors'), "--vectors: no vectors (Wythoff's game is (1,0) (0,1) (1,1))"],
    ['a vector\'s component', () => parseVectors('(1,x)', '--vectors'), "--vectors: vector component: 'x' is not a whole number", ['向量分量']],
    ['a vector\'s cap', () => parseVectors('(1,1)x0', '--vectors'), "--vectors: cap: '0' must be at least 1", ['上限']],
    ['a sequence', () => ruleWord('sequence')!.parse('cubez', '--sequence'), "--sequence: unknown sequence 'cubez' (expected one of: squares, fibonacci, "],
    ['no code', () => ruleWord('code')!.parse(' ', '--code'), '--code: expected a code such as 0.77'],
    ['a preset\'s parameter', () => presetGame('kayles:3'), "preset kayles takes no parameter (got 'kayles:3')"],
    ['bash without m', () => presetGame('bash'), "preset bash needs a maximum take, as in 'bash:3'"],
    ['bash:0', () => presetGame('bash:0'), "preset bash:<m>: m must be from 1 to 10^18 (got '0')"],
    ['a pair', () => parsePair('3-5', mention('position')), "position: '3-5' is not a pair such as 3:5"],
    ['a pair or a heap', () => parsePair('3 5', mention('position'), (n) => [n, n]), "position: '3 5' is not a pair such as 3:5 or a single heap"],
    ['a pair too large', () => parsePair('1e20:1', mention('position')), "position: '1e20:1': 100000000000000000000 is larger than 9,007,199,254,740,991, the most a pair may hold"],
    ['a misère search too large', () => analyseSync({ game: octal('0.156'), misere: true, position: ['200', '200', '200'] }), 'misere: this position may reach up to about 1.0e41 positions, more than the 2,000,000 an exhaustive search may visit (misère sums have no shortcut for this rule); use smaller heaps, or normal play', ['这个局面', '至多约 1.0e41']],
    ['a misère search of a split heap', () => analyseSync({ game: octal('0.156'), misere: true, position: ['1000000000000'] }), 'misere: a heap of 1000000000000 may reach more than 10^300 positions', ['超过 10^300']],
    ['a misère search of many options', () => checkMisereSize(1_000_000, 1000, { key: 'error.misere.thisPosition' }), 'misere: this position may reach up to 1,000,000 positions of up to 1,000 options each: 1,000,000,000 options, more than the 200,000,000 an exhaustive search may look through (misère sums'],
    ['a misère table too far', () => analyseSync({ game: subtraction, misere: true, max: 10n ** 9n }), 'misere max 1000000000: at most 50,000,000 heaps'],
    ['a misère table of a splitting rule', () => analyseSync({ game: octal('4.07'), misere: true, max: 300n }), 'misere: a heap of 300 (a rule that splits heaps is searched position by position) may reach up to about 1.3e17 positions'],
  ];
  it.each(mistakes)('%s: English as the CLI prints it, Chinese with the same values', (_, run, english, chineseHas = []) => {
    const error = refused(run);
    expect(error.message.startsWith(english), error.message).toBe(true);
    const chinese = wordsText(error.words, flagOf, zh);
    expect(chinese).toMatch(/[\u4e00-\u9fff]/);
    for (const quoted of error.message.match(/'[^']*'/g) ?? []) expect(chinese).toContain(quoted);
    for (const part of chineseHas) expect(chinese).toContain(part);
  });

  it('play refuses a start heap too large in the reader\'s language', async () => {
    // A code that splits a heap in three with no proven period (0.8 is arithmetic-periodic): past 10^6 play has nothing to value it by.
    const error = await startPlay({ game: { rule: { kind: 'take-and-break', code: parseCode('0.8') } }, position: ['2000000'], seed: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toBe('position: heap 2,000,000: past 1,000,000, play values a heap only through a proven period, and none was proven within the first 2,048 values (raise limit)');
    expect(wordsText((error as InputError).words, flagOf, zh)).toBe('--position: 堆 2,000,000：超过 1,000,000 时，对弈只能靠已证明的周期求值，而在前 2,048 个值中没有证明出周期（请增大 --limit）');
  });

  it('every error message of the catalogue is said somewhere in the source', () => {
    // The catalogue itself names every key: it is not where a message is said.
    const source = readdirSync('src', { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.startsWith(join('core', 'i18n')))
      .map((f) => readFileSync(join('src', f), 'utf8'))
      .join('\n');
    // The YAML parser's kinds of mistake are keys made from its error codes (rule-file.ts).
    const fromData = 'error.yaml.';
    expect(source.includes(`\`${fromData}\${`)).toBe(true);
    for (const key of Object.keys(CATALOGUES.en).filter((k) => k.startsWith('error.') && !k.startsWith(fromData))) expect(source.includes(`'${key}'`), key).toBe(true);
  });
});

describe('what an answer rests on, in the reader\'s language', () => {
  it('a computed table and a proven period: the reports\' English, and Chinese with the same numbers', () => {
    const x = analyseSync({ game: presetGame('kayles'), max: 100n }) as Exploration;
    const grounds = heapGrounds(x);
    const en = translator('en');
    const zh = translator('zh');
    expect(groundWords(grounds(50n))).toBe(`computed (table of heaps 0..${x.computed - 1})`);
    expect(groundText(zh, grounds(50n))).toBe(`计算所得（石子数 0..${x.computed - 1} 的表）`);
    expect(groundWords(grounds(10n ** 6n))).toBe('proven period (guy-smith: period 12 from n = 71)');
    expect(groundText(en, grounds(10n ** 6n))).toBe('proven period (guy-smith: period 12 from n = 71)');
    expect(groundText(zh, grounds(10n ** 6n))).toBe('已证明的周期（guy-smith：从 n = 71 起以 12 为周期）');
  });
});
