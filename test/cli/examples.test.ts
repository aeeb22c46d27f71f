import { readFileSync, readdirSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { referenceValues } from '../oracles/reference.js';
import { parseCode } from '../../src/core/rules/code.js';
import { RULE_KEYS } from '../../src/core/rule-words.js';
import { ORACLE_PATH } from '../helpers/oracles.js';
import { ROOT, runCli, type CliRun } from '../helpers/cli.js';

/**
 * Every file in examples/ runs through the built CLI (a new example is picked
 * up automatically); the ones whose results are published or known in closed
 * form are checked against them, and every YAML/JSON example is checked
 * against schema/rule.schema.json.
 */
const here = dirname(fileURLToPath(import.meta.url));
const EXAMPLES = join(ROOT, 'examples');
const oraclePath = ORACLE_PATH;

interface Oracles {
  sequences: { anumber: string; offset: number; terms: number[] }[];
  arithmeticPeriodic: { rule: string; preperiod: number; period: number; saltus: number; values_0_29?: number[] }[];
}
const oracles = JSON.parse(readFileSync(oraclePath, 'utf8')) as Oracles;
function terms(anumber: string): { offset: number; terms: number[] } {
  const entry = oracles.sequences.find((s) => s.anumber === anumber);
  if (!entry) throw new Error(`${anumber} missing from ${oraclePath}`);
  return entry;
}

interface Report {
  rule: string;
  name: string | null;
  description: string | null;
  max: number;
  computed: number;
  pattern: {
    kind: string;
    preperiod: number | null;
    period: number | null;
    saltus: number | null;
    proven: boolean;
    method: string | null;
    valuesNeeded: number | null;
  };
  pPositions: { kind: string };
  values: number[];
}

/** Run the built binary; one still running after 25 s is killed. */
const run = (args: readonly string[]): Promise<CliRun> => runCli(args, { timeoutMs: 25_000 });

const files = readdirSync(EXAMPLES)
  .filter((f) => !f.startsWith('.') && ['.yaml', '.yml', '.json', '.mjs', '.js'].includes(extname(f).toLowerCase()))
  .sort();
const isRuleFile = (f: string) => ['.yaml', '.yml', '.json'].includes(extname(f).toLowerCase());
const readRuleFile = (f: string): Record<string, unknown> => {
  const text = readFileSync(join(EXAMPLES, f), 'utf8');
  return (extname(f) === '.json' ? JSON.parse(text) : parseYaml(text)) as Record<string, unknown>;
};

const reports = new Map<string, Report>();
const runs = new Map<string, CliRun>();
beforeAll(async () => {
  const results = await Promise.all(files.map((f) => run(['--rule', join('examples', f), '--format', 'json'])));
  files.forEach((f, i) => {
    const r = results[i]!;
    runs.set(f, r);
    if (r.code === 0) reports.set(f, JSON.parse(r.stdout) as Report);
  });
}, 60_000);

function report(file: string): Report {
  const r = runs.get(file);
  expect(r, `${file} was run`).toBeDefined();
  expect(r!.timedOut, `${file} timed out`).toBe(false);
  expect(r!.code, `${file}: exit code (stderr: ${r!.stderr})`).toBe(0);
  return reports.get(file)!;
}

const repeat = (cycle: number[], count: number) => Array.from({ length: count }, (_, n) => cycle[n % cycle.length]!);

/** Checks for the examples whose results are known. */
const known: Record<string, (r: Report) => void> = {
  'subtraction-1-3-4.yaml': (r) => {
    expect(r.rule).toBe('subtraction {1,3,4}');
    expect(r.pattern).toMatchObject({ kind: 'periodic', preperiod: 0, period: 7, saltus: 0, proven: true, method: 'window-repetition' });
    expect(r.values).toEqual(repeat([0, 1, 0, 1, 2, 3, 2], r.max + 1));
  },
  'all-but-2-3-7.yaml': (r) => {
    expect(r.rule).toBe('all-but {2,3,7}');
    expect(r.pattern).toMatchObject({ kind: 'arithmetic-periodic', preperiod: 0, period: 4, saltus: 2, proven: true });
    const oracle = oracles.arithmeticPeriodic.find((e) => e.rule === 'all-but 2,3,7')!;
    expect(r.values.slice(0, 30)).toEqual(oracle.values_0_29);
    r.values.forEach((v, n) => expect(v, `G(${n})`).toBe(2 * Math.floor(n / 4) + [0, 1, 0, 1][n % 4]!));
  },
  'kayles.json': (r) => {
    expect(r.rule).toBe('octal 0.77');
    expect(r.pattern).toMatchObject({ kind: 'periodic', preperiod: 71, period: 12, saltus: 0, proven: true, method: 'guy-smith', valuesNeeded: 2 * 71 + 2 * 12 + 2 });
    const a = terms('A002186');
    expect(r.values.slice(a.offset, a.offset + a.terms.length)).toEqual(a.terms.slice(0, r.values.length - a.offset));
  },
  'dawsons-kayles.yaml': (r) => {
    expect(r.rule).toBe('octal 0.07');
    expect(r.pattern).toMatchObject({ kind: 'periodic', preperiod: 53, period: 34, saltus: 0, proven: true, method: 'guy-smith' });
    const a = terms('A002187'); // G_0.07(n) = A002187(n-1)
    expect(r.values[0]).toBe(0);
    for (let i = 0; i < a.terms.length && a.offset + i + 1 < r.values.length; i++) expect(r.values[a.offset + i + 1], `G(${a.offset + i + 1})`).toBe(a.terms[i]);
  },
  'hexadecimal-0.3F.yaml': (r) => {
    expect(r.rule).toBe('hexadecimal 0.3F');
    expect(r.pattern).toMatchObject({ kind: 'arithmetic-periodic', preperiod: 0, period: 6, saltus: 3, proven: false, method: null });
    const oracle = oracles.arithmeticPeriodic.find((e) => e.rule === 'code 0.3F')!;
    expect(r.values.slice(0, 30)).toEqual(oracle.values_0_29);
  },
  'grundy.mjs': (r) => {
    expect(r.rule).toMatch(/^custom .*grundy\.mjs$/);
    expect(r.name).toBe('grundy (module)');
    expect(r.max).toBe(300); // the module's own max
    const a = terms('A002188');
    expect(r.values.slice(a.offset, a.offset + a.terms.length)).toEqual(a.terms);
    expect(r.values).toEqual(referenceValues({ kind: 'take-and-break', code: parseCode('4!.0') }, 301));
    expect(r.pattern.proven).toBe(false);
  },
  'grundy-module.yaml': (r) => {
    expect(r.rule).toBe(`custom ${join('examples', 'grundy.mjs')}`); // as given, relative to the working directory
    expect(r.name).toBe('grundy-as-code'); // the rule file's name wins over the module's
    expect(r.max).toBe(120);
    const a = terms('A002188');
    expect(r.values.slice(a.offset, a.offset + a.terms.length)).toEqual(a.terms);
    // Past the published terms: the same as the built-in code for Grundy's game.
    expect(r.values).toEqual(referenceValues({ kind: 'take-and-break', code: parseCode('4!.0') }, 121));
    expect(r.pattern.proven).toBe(false);
  },
  'lasker.mjs': (r) => {
    // G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3; G(0) = 0.
    expect(r.max).toBe(64);
    expect(r.values).toHaveLength(65);
    expect(r.values[0]).toBe(0);
    for (let n = 1; n <= 64; n++) expect(r.values[n], `G(${n})`).toBe(n % 4 === 3 ? n + 1 : n % 4 === 0 ? n - 1 : n);
    expect(r.pattern).toMatchObject({ kind: 'arithmetic-periodic', preperiod: 1, period: 4, saltus: 4, proven: false });
  },
  'take-a-square.yaml': (r) => {
    expect(r.rule).toBe('subtraction {squares}');
    const a = terms('A014586');
    expect(r.values.slice(a.offset, a.offset + a.terms.length)).toEqual(a.terms);
    expect(r.pattern.kind).toBe('none');
  },
  'officers.yaml': (r) => {
    expect(r.rule).toBe('octal 0.6');
    expect(r.pattern.kind).toBe('none');
    expect(r.pPositions.kind).toBe('list');
    expect(r.max).toBe(2000);
  },
  'bash-3.json': (r) => {
    expect(r.rule).toBe('subtraction {1,2,3}');
    expect(r.max).toBe(1024);
    expect(r.pattern).toMatchObject({ kind: 'periodic', preperiod: 0, period: 4, proven: true });
    r.values.forEach((v, n) => expect(v, `G(${n})`).toBe(n % 4));
  },
};

describe('the examples directory', () => {
  it('holds at least 8 examples of every kind', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
    expect(files.some((f) => f.endsWith('.mjs')), 'a .mjs module').toBe(true);
    const ruleFiles = files.filter(isRuleFile).map(readRuleFile);
    expect(ruleFiles.some((d) => typeof d.code === 'string' && /[89a-f]/i.test(d.code)), 'a hexadecimal code').toBe(true);
    expect(ruleFiles.some((d) => 'all-but' in d), 'an all-but set').toBe(true);
    expect(ruleFiles.some((d) => d.sequence === 'squares' || d.preset === 'take-a-square'), 'take-a-square').toBe(true);
    expect(ruleFiles.some((d) => 'module' in d), 'a rule file pointing at a module').toBe(true);
  });

  it('every example with a known result is still there', () => {
    for (const f of Object.keys(known)) expect(files, f).toContain(f);
  });
});

describe.each(files)('examples/%s', (file) => {
  it('runs: exit 0, nothing on stderr, one JSON report with max+1 values', () => {
    const r = report(file);
    expect(runs.get(file)!.stderr).toBe('');
    expect(typeof r.rule).toBe('string');
    // A module with states of its own evaluates its start: a position, not a table of heaps.
    const position = r as unknown as { components?: { grundy: number }[]; outcome?: string };
    if (position.components) {
      expect(position.components.length).toBeGreaterThan(0);
      expect(['N', 'P']).toContain(position.outcome);
      expect(position.outcome === 'P').toBe(position.components.reduce((x, c) => x ^ c.grundy, 0) === 0);
      return;
    }
    expect(r.values).toHaveLength(r.max + 1);
    expect(r.values.every((v) => Number.isInteger(v) && v >= 0)).toBe(true);
    if (r.pattern.proven) expect(r.pattern.method).not.toBeNull();
    if (!isRuleFile(file)) return;
    const doc = readRuleFile(file);
    if (typeof doc.name === 'string') expect(r.name).toBe(doc.name);
    if (typeof doc.description === 'string') expect(r.description).toBe(doc.description);
  });

  if (known[file]) {
    it('gives the known result', () => known[file]!(report(file)));
  }

  if (isRuleFile(file)) {
    it('matches schema/rule.schema.json, with exactly one rule key', () => {
      const doc = readRuleFile(file);
      expect(validate(schema, doc), `${file} against the schema`).toEqual([]);
      const properties = Object.keys(schema.properties as object);
      for (const key of Object.keys(doc)) expect(properties, `${file}: key ${key}`).toContain(key);
      expect(RULE_KEYS.filter((k) => k in doc), `${file}: rule keys`).toHaveLength(1);
    });
  }
});

// ---------------------------------------------------------------------------
// A small validator for the JSON Schema features rule.schema.json uses.

type Schema = Record<string, unknown>;
const schema = JSON.parse(readFileSync(join(ROOT, 'schema/rule.schema.json'), 'utf8')) as Schema;

function typeOk(type: string, value: unknown): boolean {
  switch (type) {
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    default:
      throw new Error(`validator: unsupported type ${type}`);
  }
}

const SUPPORTED = new Set(['$schema', '$id', 'title', 'description', 'type', 'properties', 'additionalProperties', 'required', 'oneOf', 'pattern', 'enum', 'minItems', 'items', 'minimum']);

/** Errors (empty when valid). Throws on a keyword it does not know, so it never passes by ignoring one. */
function validate(s: Schema, value: unknown, path = '$'): string[] {
  for (const key of Object.keys(s)) if (!SUPPORTED.has(key)) throw new Error(`validator: unsupported keyword ${key} at ${path}`);
  const errors: string[] = [];
  if (typeof s.type === 'string' && !typeOk(s.type, value)) return [`${path}: expected ${s.type}`];
  if (Array.isArray(s.enum) && !s.enum.includes(value)) errors.push(`${path}: not one of ${JSON.stringify(s.enum)}`);
  if (typeof s.pattern === 'string' && typeof value === 'string' && !new RegExp(s.pattern, 'u').test(value)) errors.push(`${path}: does not match ${s.pattern}`);
  if (typeof s.minimum === 'number' && typeof value === 'number' && value < s.minimum) errors.push(`${path}: below ${s.minimum}`);
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems) errors.push(`${path}: fewer than ${s.minItems} items`);
    if (s.items) value.forEach((item, i) => errors.push(...validate(s.items as Schema, item, `${path}[${i}]`)));
  }
  if (typeOk('object', value)) {
    const object = value as Record<string, unknown>;
    const properties = (s.properties ?? {}) as Record<string, Schema>;
    for (const [key, v] of Object.entries(object)) {
      if (properties[key]) errors.push(...validate(properties[key]!, v, `${path}.${key}`));
      else if (s.additionalProperties === false) errors.push(`${path}: unexpected key ${key}`);
    }
    if (Array.isArray(s.required)) for (const key of s.required as string[]) if (!(key in object)) errors.push(`${path}: missing ${key}`);
  }
  if (Array.isArray(s.oneOf)) {
    const matching = (s.oneOf as Schema[]).filter((sub) => validate(sub, value, path).length === 0).length;
    if (matching !== 1) errors.push(`${path}: matches ${matching} of oneOf, not exactly 1`);
  }
  return errors;
}

describe('the schema and the validator', () => {
  it('the validator rejects what the schema forbids (so passing means something)', () => {
    expect(validate(schema, { moves: [1, 2] })).toEqual([]);
    expect(validate(schema, { code: '0.77', max: '2^20', name: 'k' })).toEqual([]);
    expect(validate(schema, { moves: [1], code: '0.77' }).join()).toMatch(/oneOf/);
    expect(validate(schema, { name: 'x' }).join()).toMatch(/oneOf/);
    expect(validate(schema, { code: '0.7G' }).join()).toMatch(/pattern|match/);
    expect(validate(schema, { moves: [] }).join()).toMatch(/fewer/);
    expect(validate(schema, { moves: [0] }).join()).toMatch(/below/);
    expect(validate(schema, { sequence: 'cubes' }).join()).toMatch(/one of/);
    expect(validate(schema, { module: 'x.txt' }).join()).toMatch(/match/);
    expect(validate(schema, { moves: [1], colour: 'red' }).join()).toMatch(/unexpected key colour/);
    expect(validate(schema, { moves: [1], max: -1 }).join()).toMatch(/oneOf/);
    expect(validate(schema, { moves: [1], max: 'lots' }).join()).toMatch(/oneOf/);
  });

  it('names every rule key the program accepts, and only those are in its oneOf', () => {
    const properties = Object.keys(schema.properties as object);
    for (const key of RULE_KEYS) expect(properties).toContain(key);
    const required = (schema.oneOf as { required: string[] }[]).map((o) => o.required[0]).sort();
    expect(required).toEqual([...RULE_KEYS].sort());
  });

  it('the preset pattern accepts every preset name the program lists', async () => {
    const { listPresets } = await import('../../src/core/presets.js');
    const pattern = new RegExp((schema.properties as Record<string, Schema>).preset!.pattern as string);
    for (const { usage } of listPresets()) {
      // bash:<m> stands for bash:4; an optional parameter fibonacci-nim[:k] for both forms.
      const forms = usage.includes('[') ? [usage.replace(/\[.*\]/, ''), usage.replace(/\[:(\w+)\]/, ':3')] : [usage.replace('<m>', '4')];
      for (const form of forms) expect(form, usage).toMatch(pattern);
    }
  });

  it('the code pattern agrees with parseCode on valid codes', async () => {
    const pattern = new RegExp((schema.properties as Record<string, Schema>).code!.pattern as string);
    for (const code of ['0.77', '.07', '4.07', '0.137', '0.3F', '0.3f', '4!.0', '0.770', 'C.0']) {
      expect(() => parseCode(code)).not.toThrow();
      expect(code, code).toMatch(pattern);
    }
  });
});
