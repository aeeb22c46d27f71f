import { describe, expect, it } from 'vitest';
import { WordsError, commandLineOf, hashOf, isModulePath, pairsOfCommandLine, pairsOfHash } from '../../src/web/explore/words.js';
import { positionOf, requestOf } from '../../src/web/engine/explore-request.js';
import { InputError } from '../../src/core/errors.js';
import { SWITCH_FLAGS, VIEW_FLAGS } from '../../src/web/engine/view-flags.js';
import { EXPLORE_OPTIONS } from '../../src/cli/options.js';

/*
 * The explore view's words: a command line, the URL's hash and the engine's
 * [flag, value] pairs map onto each other, and the pairs become the
 * library's request along the CLI's path (no browser needed).
 */
describe("the explore view's words", () => {
  it('reads a command line as the shell splits it, a value running to the next flag', () => {
    expect(pairsOfCommandLine('--moves 1,2,3 --max 1e6')).toEqual([['moves', '1,2,3'], ['max', '1e6']]);
    expect(pairsOfCommandLine('sg-explore --code=0.77')).toEqual([['code', '0.77']]);
    expect(pairsOfCommandLine('npx sg-explore --preset wythoff --max 40')).toEqual([['preset', 'wythoff'], ['max', '40']]);
    expect(pairsOfCommandLine('--vectors (1,0) (0,1) (1,1)x2')).toEqual([['vectors', '(1,0) (0,1) (1,1)x2']]);
    expect(pairsOfCommandLine(`--vectors "(1,0) (0,1)" --rows '0..3'`)).toEqual([['vectors', '(1,0) (0,1)'], ['rows', '0..3']]);
    expect(pairsOfCommandLine('   ')).toEqual([]);
  });

  it('says what it cannot read, as a message key and its holes', () => {
    const error = (text: string) => {
      try {
        pairsOfCommandLine(text);
      } catch (e) {
        return e instanceof WordsError ? [e.key, e.params] : e;
      }
      return null;
    };
    expect(error('moves 1,2')).toEqual(['explore.words.unexpected', { word: 'moves' }]);
    expect(error('--moves')).toEqual(['explore.words.needsValue', { flag: '--moves' }]);
    // --misere is a switch, as on the command line: no value, and not "needs a value".
    expect(pairsOfCommandLine('--code 0.77 --misere')).toEqual([['code', '0.77'], ['misere', 'true']]);
    expect(pairsOfCommandLine('--misere --code 0.77')).toEqual([['misere', 'true'], ['code', '0.77']]);
    expect(error('--moves "1,2')).toEqual(['explore.words.unclosedQuote', { quote: '"' }]);
  });

  it('writes the hash a link carries, and reads it back', () => {
    const pairs = [['moves', '1,2,3'], ['max', '1e6']] as const;
    expect(hashOf(pairs)).toBe('moves=1,2,3&max=1e6');
    expect(hashOf([['code', '4!.0']])).toBe('code=4!.0');
    expect(hashOf([['vectors', '(1,0) (0,1)']])).toBe('vectors=(1,0)%20(0,1)');
    const rule = 'moves: [1, 2]\nmax: 10 # a & b = c';
    expect(pairsOfHash(new URLSearchParams(hashOf([['rule', rule], ['file', 'my rule.yaml']])))).toEqual([['rule', rule], ['file', 'my rule.yaml']]);
    expect(pairsOfHash(new URLSearchParams('play&code=0.77'))).toEqual([['code', '0.77']]);
  });

  it('writes the command line of pairs, a rule file apart and a rule module kept', () => {
    expect(commandLineOf([['vectors', '(1,0) (0,1)'], ['max', '40']])).toBe('--vectors "(1,0) (0,1)" --max 40');
    expect(commandLineOf([['rule', 'moves: [1]'], ['file', 'a.yaml'], ['max', '5']])).toBe('--max 5');
    expect(commandLineOf([['rule', 'examples/grundy.mjs']])).toBe('--rule examples/grundy.mjs');
    expect(isModulePath('a/b.mjs')).toBe(true);
    expect(isModulePath('module: a.mjs\nmax: 3')).toBe(false);
  });

  it('become the request the CLI would make, refused in the CLI words', () => {
    expect(requestOf([['moves', '1,2,3'], ['max', '1e6']])).toEqual({ game: { rule: { kind: 'subtraction', moves: [1, 2, 3] } }, max: 1_000_000n });
    expect(requestOf([['preset', 'wythoff'], ['rows', '0..3'], ['max', '9']]).rows).toEqual({ first: 0, last: 3 });
    expect(requestOf([['rule', 'moves: [2, 5]\nmax: 30'], ['file', 'two-five.yaml']]).game).toMatchObject({ rule: { kind: 'subtraction', moves: [2, 5] }, defaultMax: 30n });
    expect(requestOf([['rule', 'examples/grundy.mjs']]).game.rule).toEqual({ kind: 'custom', module: 'examples/grundy.mjs', shown: 'examples/grundy.mjs' });
    const refusal = (pairs: [string, string][]) => {
      try {
        requestOf(pairs);
      } catch (e) {
        return e instanceof InputError ? e.message : e;
      }
      return null;
    };
    expect(refusal([['max', '5']])).toMatch(/^no rule given: use --moves, /);
    expect(refusal([['moves', '1'], ['code', '0.7']])).toBe('give one rule, not --moves and --code');
    expect(refusal([['moves', '1'], ['moves', '2']])).toBe('--moves is given twice');
    expect(refusal([['moves', '1'], ['colour', 'red']])).toMatch(/^unknown option --colour \(the rule: --moves/);
    expect(refusal([['rule', 'moves: [x]'], ['file', 'bad.yaml']])).toMatch(/^bad\.yaml:1:9: /);
    expect(refusal([['moves', '1,2'], ['max', 'lots']])).toMatch(/^--max: /);
    // Misère play, as the CLI's --misere (a switch: 'false' is normal play).
    expect(requestOf([['code', '0.77'], ['misere', 'true']]).misere).toBe(true);
    expect(requestOf([['code', '0.77'], ['misere', 'false']])).not.toHaveProperty('misere');
    // A position is the view's: the table's request leaves it out, and positionOf reads its components as written.
    expect(refusal([['moves', '1,2,3'], ['position', '3 6 9']])).toBe(null);
    expect(requestOf([['moves', '1,2,3'], ['position', '3 6 9']])).not.toHaveProperty('position');
  });

  it("reads --position's components as written, separated by white space; none when it is blank or absent", () => {
    expect(positionOf([['code', '0.77'], ['position', ' 3  5\t7 ']])).toEqual(['3', '5', '7']);
    expect(positionOf([['preset', 'wythoff'], ['position', '3:5 4:7']])).toEqual(['3:5', '4:7']);
    expect(positionOf([['code', '0.77'], ['position', '  ']])).toBe(null);
    expect(positionOf([['code', '0.77']])).toBe(null);
  });

  it("the view's flags are the CLI's, and its switches exactly the CLI's boolean flags among them (view-flags.ts)", () => {
    for (const flag of Object.keys(VIEW_FLAGS).filter((f) => f !== 'file')) expect(EXPLORE_OPTIONS[flag], flag).toBeDefined();
    expect([...SWITCH_FLAGS]).toEqual(Object.keys(VIEW_FLAGS).filter((f) => EXPLORE_OPTIONS[f]?.type === 'boolean'));
    expect(SWITCH_FLAGS.length).toBeGreaterThan(0);
    for (const flag of SWITCH_FLAGS) {
      expect(pairsOfCommandLine(`--moves 1 --${flag}`)).toEqual([['moves', '1'], [flag, 'true']]);
      expect(commandLineOf([['moves', '1'], [flag, 'true']])).toBe(`--moves 1 --${flag}`);
    }
    expect(() => requestOf([['moves', '1'], ['trust-module', 'true']])).toThrow(InputError);
  });
});
