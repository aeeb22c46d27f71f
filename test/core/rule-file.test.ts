import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRuleText } from '../../src/core/rule-file.js';
import { loadRuleFile } from '../../src/host/rule-file.js';
import { InputError } from '../../src/core/errors.js';

/** The InputError message parseRuleText throws for `text` (fails the test if it does not throw one). */
function errorFor(text: string, source = 'game.yaml'): string {
  try {
    parseRuleText(text, source);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error(`no error for ${JSON.stringify(text)}`);
}

describe('valid rule files', () => {
  it('YAML with every key', () => {
    const game = parseRuleText('name: take-2-3-7\ndescription: from CGSuite\nmax: 1e3\nmoves: [7, 2, 3, 2]\n', 'game.yaml');
    expect(game).toEqual({
      rule: { kind: 'subtraction', moves: [2, 3, 7] }, // sorted, repeats dropped
      name: 'take-2-3-7',
      description: 'from CGSuite',
      defaultMax: 1000n,
    });
  });

  it('YAML block lists and all-but', () => {
    expect(parseRuleText('all-but:\n  - 7\n  - 2\n  - 3\n', 'g.yml').rule).toEqual({ kind: 'all-but', excluded: [2, 3, 7] });
  });

  it('an empty all-but list is Nim', () => {
    expect(parseRuleText('all-but: []\n', 'g.yaml').rule).toEqual({ kind: 'all-but', excluded: [] });
  });

  it('a preset, with its name and description, which the file may override', () => {
    const bash = parseRuleText('preset: bash:3\n', 'g.yaml');
    expect(bash.rule).toEqual({ kind: 'take-up-to', most: 3n });
    expect(bash.name).toBe('bash:3');
    expect(parseRuleText('preset: nim\nname: my nim\n', 'g.yaml')).toMatchObject({ rule: { kind: 'all-but', excluded: [] }, name: 'my nim' });
  });

  it('JSON, with max written as text', () => {
    const game = parseRuleText('{\n  "name": "x",\n  "moves": [1, 3, 4],\n  "max": "2^10"\n}\n', 'game.json');
    expect(game).toEqual({ rule: { kind: 'subtraction', moves: [1, 3, 4] }, name: 'x', description: undefined, defaultMax: 1024n });
  });

  it('max as a plain number and as 1_000_000', () => {
    expect(parseRuleText('moves: [1]\nmax: 250\n', 'g.yaml').defaultMax).toBe(250n);
    expect(parseRuleText('moves: [1]\nmax: "1_000_000"\n', 'g.yaml').defaultMax).toBe(1_000_000n);
  });

  it('no max leaves defaultMax unset', () => {
    expect(parseRuleText('moves: [1, 2]\n', 'g.yaml').defaultMax).toBeUndefined();
  });
});

describe('errors name file:line:col', () => {
  it('a zero element on line 3 of a block list', () => {
    expect(errorFor('name: t\nmoves:\n  - 0\n  - 2\n')).toBe('game.yaml:3:5: moves: expected a positive whole number, got 0');
  });

  it('a negative element on line 3 of a flow list points at the element', () => {
    expect(errorFor('name: t\ndescription: x\nmoves: [1, -2]\n')).toBe('game.yaml:3:12: moves: expected a positive whole number, got -2');
  });

  it('a fractional element', () => {
    expect(errorFor('moves: [1, 2.5]\n')).toMatch(/^game\.yaml:1:12: moves: .*2\.5/);
  });

  it('a quoted number is text, not a number', () => {
    expect(errorFor('moves: [1, "2"]\n')).toMatch(/^game\.yaml:1:12: moves: .*"2"/);
  });

  it('a nested list', () => {
    expect(errorFor('moves: [[1]]\n')).toMatch(/^game\.yaml:1:9: moves: .*list/);
  });

  it('a bad element in JSON, on line 3', () => {
    expect(errorFor('{\n  "name": "x",\n  "moves": [1, 0]\n}\n', 'g.json')).toMatch(/^g\.json:3:16: moves: /);
  });

  it('a bad max in JSON, on line 3', () => {
    expect(errorFor('{\n  "moves": [1, 2],\n  "max": "abc"\n}\n', 'g.json')).toMatch(/^g\.json:3:10: max: 'abc' is not/);
  });

  it('a negative max', () => {
    expect(errorFor('moves: [1]\nmax: -5\n')).toMatch(/^game\.yaml:2:6: max: '-5'/);
  });

  it('an unknown key, with the keys that are known', () => {
    const message = errorFor('moves: [1]\ncolour: red\n');
    expect(message).toMatch(/^game\.yaml:2:1: unknown key 'colour'/);
    expect(message).toContain('moves');
    expect(message).toContain('all-but');
  });

  it('two rule keys', () => {
    expect(errorFor('moves: [1]\nall-but: [2]\n')).toMatch(/^game\.yaml:2:1: .*'moves'.*'all-but'/);
    // Points at one of the two keys (lines 1 and 3), never at the blank line between.
    expect(errorFor('preset: nim\n\nmoves: [1]\n')).toMatch(/^game\.yaml:[13]:1: .*'moves'.*'preset'/);
  });

  it('no rule key', () => {
    expect(errorFor('name: x\n')).toMatch(/^game\.yaml:1:1: no rule/);
  });

  it('moves that are not a list', () => {
    expect(errorFor('moves: 3\n')).toMatch(/^game\.yaml:1:8: moves: expected a list/);
    expect(errorFor('name: n\nmoves: {a: 1}\n')).toMatch(/^game\.yaml:2:8: moves: expected a list/);
  });

  it('an empty move list', () => {
    expect(errorFor('moves: []\n')).toMatch(/^game\.yaml:1:8: moves: .*empty/);
  });

  it('an unknown preset', () => {
    expect(errorFor('preset: nope\n')).toMatch(/^game\.yaml:1:9: preset: unknown preset 'nope'/);
  });

  it('YAML syntax errors, on the right line', () => {
    expect(errorFor('moves: [1, 2\nname: x\n')).toMatch(/^game\.yaml:2:\d+: /);
    expect(errorFor('name: a\nmoves: [1]\nmoves: [2]\n')).toMatch(/^game\.yaml:3:\d+: .*unique/);
  });

  it('a document that is not a mapping', () => {
    expect(errorFor('42\n')).toMatch(/^game\.yaml:1:1: expected a mapping/);
    expect(errorFor('')).toMatch(/^game\.yaml:1:1: expected a mapping/);
    expect(errorFor('- 1\n- 2\n')).toMatch(/^game\.yaml:1:1: expected a mapping/);
  });

  it('every message is one line', () => {
    for (const text of ['moves: [1, 2\nname: x\n', 'moves: [1]\n  bad: indent\n', 'moves: [0]\n']) expect(errorFor(text)).not.toContain('\n');
  });
});

describe('loadRuleFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sg-rule-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads YAML and JSON files by extension', async () => {
    writeFileSync(join(dir, 'a.yaml'), 'moves: [2, 3, 7]\n');
    writeFileSync(join(dir, 'b.json'), '{"all-but": [2, 3, 7], "max": 99}');
    writeFileSync(join(dir, 'c.YML'), 'preset: bash:4\n');
    expect((await loadRuleFile(join(dir, 'a.yaml'))).rule).toEqual({ kind: 'subtraction', moves: [2, 3, 7] });
    expect(await loadRuleFile(join(dir, 'b.json'))).toMatchObject({ rule: { kind: 'all-but', excluded: [2, 3, 7] }, defaultMax: 99n });
    expect((await loadRuleFile(join(dir, 'c.YML'))).rule).toEqual({ kind: 'take-up-to', most: 4n });
  });

  it('names the file path in messages', async () => {
    const path = join(dir, 'bad.yaml');
    writeFileSync(path, 'name: x\nmax: 10\nmoves: [1, 0]\n');
    await expect(loadRuleFile(path)).rejects.toThrow(`${path}:3:12: moves:`);
  });

  it('refuses a missing file and an unknown extension with InputError', async () => {
    await expect(loadRuleFile(join(dir, 'missing.yaml'))).rejects.toBeInstanceOf(InputError);
    await expect(loadRuleFile(join(dir, 'missing.yaml'))).rejects.toThrow(/no such file/);
    writeFileSync(join(dir, 'rule.txt'), 'moves: [1]\n');
    await expect(loadRuleFile(join(dir, 'rule.txt'))).rejects.toThrow(/unknown file type '\.txt'/);
  });
});
