import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { parseRuleText } from '../../src/core/rule-file.js';
import { loadRuleFile } from '../../src/host/rule-file.js';
import { ruleText } from '../../src/core/kinds/registry.js';

/**
 * Rule files with the keys that came with take-and-break games: code,
 * sequence and module. (The original keys are covered in rule-file.test.ts.)
 */

/** The InputError a rule text raises (fails the test if it parses). */
function errorOf(text: string, source = 'game.yaml'): string {
  try {
    parseRuleText(text, source);
  } catch (error) {
    expect(error, text).toBeInstanceOf(InputError);
    const message = (error as Error).message;
    expect(message, 'one line').not.toMatch(/\n/);
    return message;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be rejected`);
}

const scratch = mkdtempSync(join(tmpdir(), 'sg-rule-codes-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('code:', () => {
  it('a bad digit gives file:line:col of the value and the character position in the code', () => {
    expect(errorOf('code: "0.7G"\n')).toMatch(/^game\.yaml:1:7: .*'G' at character 4/);
    expect(errorOf('name: x\n# a comment\ncode:   "0.7G"\n')).toMatch(/^game\.yaml:3:9: .*at character 4/);
    expect(errorOf('{\n  "name": "x",\n  "code": "0.77.1"\n}\n', 'game.json')).toMatch(/^game\.json:3:11: .*at character 5/);
    expect(errorOf("code: '0.3!'\n")).toMatch(/^game\.yaml:1:7: .*'!' at character 4/);
    expect(errorOf('code: "3.7"\n')).toMatch(/^game\.yaml:1:7: .*at character 1/);
  });

  it('a YAML number works and is read as written (0.77, not 0.77 rounded; 0.70 is 0.7)', () => {
    const g = parseRuleText('code: 0.77\n', 'game.yaml');
    expect(ruleText(g.rule)).toBe('octal 0.77');
    expect(g.rule).toEqual(parseRuleText('code: "0.77"\n', 'game.yaml').rule);
    expect(ruleText(parseRuleText('code: 0.137\n', 'g.yaml').rule)).toBe('octal 0.137');
    expect(ruleText(parseRuleText('code: .07\n', 'g.yaml').rule)).toBe('octal 0.07');
    expect(ruleText(parseRuleText('code: 0.70\n', 'g.yaml').rule)).toBe('octal 0.7');
    // Sixteen 7s would not survive a trip through a double.
    expect(ruleText(parseRuleText('code: 0.7777777777777777\n', 'g.yaml').rule)).toBe('octal 0.7777777777777777');
  });

  it('hexadecimal and ! codes, quoted or not', () => {
    expect(ruleText(parseRuleText('code: 0.3F\n', 'g.yaml').rule)).toBe('hexadecimal 0.3F');
    expect(ruleText(parseRuleText('code: "0.3f"\n', 'g.yaml').rule)).toBe('hexadecimal 0.3F');
    expect(ruleText(parseRuleText('code: 4!.0\n', 'g.yaml').rule)).toBe('take-and-break 4!.0');
  });

  it('a code that is not text or a number is refused with its position', () => {
    expect(errorOf('code: [0, 7, 7]\n')).toMatch(/^game\.yaml:1:7: code/);
    expect(errorOf('code: true\n')).toMatch(/^game\.yaml:1:7: code/);
    expect(errorOf('code: ""\n')).toMatch(/^game\.yaml:1:7: code/);
  });
});

describe('sequence:', () => {
  it('known sequences load', () => {
    expect(parseRuleText('sequence: squares\n', 'g.yaml').rule).toEqual({ kind: 'sequence-subtraction', sequence: 'squares' });
    expect(ruleText(parseRuleText('sequence: fibonacci\n', 'g.yaml').rule)).toBe('subtraction {fibonacci}');
  });

  it('an unknown sequence names itself, the known ones, and where', () => {
    const message = errorOf('name: x\nsequence: cubes\n');
    expect(message).toMatch(/^game\.yaml:2:11: /);
    expect(message).toContain("'cubes'");
    expect(message).toContain('squares');
    expect(errorOf('sequence: 3\n')).toMatch(/^game\.yaml:1:11: sequence/);
  });
});

describe('module:', () => {
  it('a module with the wrong extension is refused where it is written', () => {
    const message = errorOf('name: x\nmodule: x.txt\n');
    expect(message).toMatch(/^game\.yaml:2:9: /);
    expect(message).toContain('x.txt');
    expect(message).toMatch(/\.mjs/);
    expect(errorOf('module: rule\n')).toMatch(/^game\.yaml:1:9: /);
  });

  it('is resolved against the rule file’s directory, not the working directory', async () => {
    const dir = join(scratch, 'nested', 'rules');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'game.yaml'), 'module: impl/x.mjs\n');
    // A module that is not there is reported when the file is loaded, naming the resolved path.
    await expect(loadRuleFile(join(dir, 'game.yaml'))).rejects.toThrow(`module ${join(dir, 'impl', 'x.mjs')}: cannot read the file (no such file or directory)`);
    mkdirSync(join(dir, 'impl'), { recursive: true });
    writeFileSync(join(dir, 'impl', 'x.mjs'), 'export const options = (n) => (n ? [[n - 1]] : []);\n');
    const g = await loadRuleFile(join(dir, 'game.yaml'));
    expect(g.rule).toEqual({ kind: 'custom', module: join(dir, 'impl', 'x.mjs'), shown: join(dir, 'impl', 'x.mjs') });
    expect(ruleText(g.rule)).toBe(`custom ${join(dir, 'impl', 'x.mjs')}`);
  });
});

describe('exactly one rule key', () => {
  it('code and moves together are refused, naming both', () => {
    for (const text of ['code: "0.77"\nmoves: [1, 2]\n', 'moves: [1, 2]\ncode: "0.77"\n', '{"code": "0.77", "moves": [1]}']) {
      const message = errorOf(text);
      expect(message).toMatch(/^game\.yaml:\d+:\d+: /);
      expect(message).toContain("'code'");
      expect(message).toContain("'moves'");
    }
  });

  it('any two of the new keys are refused too', () => {
    for (const text of ['code: "0.77"\nsequence: squares\n', 'sequence: squares\nmodule: x.mjs\n', 'preset: kayles\ncode: "0.77"\n']) {
      expect(errorOf(text)).toMatch(/give one rule key/);
    }
  });

  it('rule files with the new keys keep name, description and max', () => {
    const g = parseRuleText('name: k\ndescription: Kayles\nmax: 2^10\ncode: "0.77"\n', 'g.yaml');
    expect(g).toMatchObject({ name: 'k', description: 'Kayles', defaultMax: 1024n });
  });
});
