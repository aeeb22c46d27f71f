/**
 * Every output format over every shape of result: each format in the
 * registry (src/report/formats.ts) either writes a result of a shape (output
 * that is non-empty and, where it can be checked, well formed) or refuses it
 * with a bad-input error that names the format and the shape. The results
 * come from the library (analyse), run on every preset and every file in
 * examples/ with every kind of request (a table, a position, a misère table,
 * the misère theories, a conjecture check); every shape the registry knows
 * must be among them, so a new shape without an example fails here.
 */
import { readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseAsync, type Request } from '../../src/core/analyse.js';
import { InputError } from '../../src/core/errors.js';
import { KINDS, type GameSpec } from '../../src/core/kinds/registry.js';
import type { ShapedResult } from '../../src/core/kinds/kind.js';
import { listPresets, presetGame } from '../../src/core/presets.js';
import { RULE_WORDS } from '../../src/core/rule-words.js';
import { checkConjecture } from '../../src/core/conjecture/check.js';
import { canonicalJson } from '../../src/core/kinds/module/state-search.js';
import { loadRuleFile } from '../../src/host/rule-file.js';
import { FORMATS, FORMAT_NAMES, SHAPES, formatsFor, writeResult, type Result } from '../../src/report/formats.js';
import { presetList } from '../../src/report/presets-report.js';
import type { Sink } from '../../src/core/sink.js';
import { ROOT } from '../helpers/cli.js';
import { expectMarkdownTables } from '../helpers/markdown.js';

const EXAMPLES = join(ROOT, 'examples');

/** A sink that keeps the text. */
function textSink(): Sink & { text(): string } {
  const parts: string[] = [];
  const decoder = new TextDecoder();
  return {
    write: async (chunk) => void parts.push(typeof chunk === 'string' ? chunk : decoder.decode(chunk)),
    close: async () => {},
    abort: () => {},
    isTerminal: false,
    text: () => parts.join(''),
  };
}

/** Every game: each preset (a parameter given its example value) and each file in examples/. */
async function games(): Promise<{ name: string; game: GameSpec }[]> {
  const presets = listPresets().map(({ usage }) => usage.replace(/:<[^>]*>/, ':3').replace(/\[[^\]]*\]/, ''));
  const found = presets.map((name) => ({ name: `--preset ${name}`, game: presetGame(name) }));
  for (const file of readdirSync(EXAMPLES).sort()) {
    const path = join(EXAMPLES, file);
    if (['.yaml', '.yml', '.json', '.mjs', '.js'].includes(extname(file).toLowerCase())) found.push({ name: file, game: await loadRuleFile(path) });
    // Any other file is what a word that takes a file reads (an edge list: --graph).
    else for (const word of RULE_WORDS.filter((w) => w.fileValue.form === 'file' && !w.fileValue.extensions)) found.push({ name: `--${word.word} ${file}`, game: word.parse(path, 'test', path) as GameSpec });
  }
  return found;
}

/** The result of a request, or null where the game refuses it (bad input: a position it has no such state for, a misère theory of a graph). */
async function attempt(request: Request): Promise<ShapedResult | null> {
  try {
    return await analyseAsync({ threads: 1, ...request });
  } catch (error) {
    if (error instanceof InputError) return null;
    throw error;
  }
}

/** Positions to try on a game: states from its table where it lists them, else small heaps (or piles). */
function positionsOf(table: ShapedResult): string[][] {
  const t = table as { rows?: readonly { state: unknown }[]; values?: { graph?: { names: readonly string[] } } };
  if (t.rows) return [t.rows.slice(0, 2).map((r) => canonicalJson(r.state))];
  if (t.values?.graph) return [t.values.graph.names.slice(0, 2)];
  return [['3', '4'], ['3,5']];
}

/** Every shape, with the first result of it and the game and request that made it. */
const examples = new Map<string, { what: string; result: ShapedResult }>();

function keep(what: string, result: ShapedResult | null): void {
  if (result && !examples.has(result.shape)) examples.set(result.shape, { what, result });
}

beforeAll(async () => {
  keep('--preset list', presetList());
  for (const { name, game } of await games()) {
    const table = (await attempt({ game, max: 24n })) ?? (await attempt({ game }));
    keep(name, table);
    if (!table) continue;
    for (const expression of ['g == 0', 'g(x, y) == 0']) {
      try {
        keep(`${name} --check`, checkConjecture(table, expression));
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
      }
    }
    for (const position of positionsOf(table)) keep(`${name} --position ${position.join(' ')}`, await attempt({ game, position }));
    keep(`${name} --misere`, await attempt({ game, max: 12n, misere: true }));
    // A table that keeps part of its values has a shape of its own (a kind that can keep one says so).
    if (KINDS.some((kind) => kind.windowedTables && kind.ruleKinds.includes(game.rule.kind))) keep(`${name} --window 64`, await attempt({ game, max: 400n, window: 64 }));
    for (const theory of ['genus', 'quotient'] as const) keep(`${name} --misere-${theory}`, await attempt({ game, max: 6n, misereTheory: theory }));
  }
}, 120_000);

/** RFC 4180 records (quoted fields may hold commas, quotes and line breaks). */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') fields.push(field), (field = '');
    else if (c === '\n') {
      fields.push(field.replace(/\r$/, ''));
      records.push(fields);
      (fields = []), (field = '');
    } else field += c;
  }
  expect(quoted, 'a quoted field left open').toBe(false);
  expect(field, 'the last record ends in a line break').toBe('');
  return records;
}

/** What each format's output must be, beyond non-empty text ending in a line break (a format not listed gets only that). */
const WELL_FORMED: Readonly<Record<string, (text: string) => void>> = {
  json: (text) => expect(() => JSON.parse(text)).not.toThrow(),
  csv: (text) => {
    // A comment line (# ...) may come first; then a header of names, and every record as wide as it.
    const records = csvRecords(text.replace(/^#.*\r?\n/, ''));
    const [header, ...rows] = records;
    // Names, none empty, none twice (a quotient's columns are its elements: 1, a, ab, ...); the first a word.
    expect(header![0]).toMatch(/^[A-Za-z]/);
    for (const name of header!) expect(name).not.toBe('');
    expect(new Set(header).size).toBe(header!.length);
    for (const row of rows) expect(row.length).toBe(header!.length);
  },
  markdown: (text) => expectMarkdownTables(text),
  html: (text) => {
    expect(text).toMatch(/^<!DOCTYPE html>/i);
    expect(text.trimEnd()).toMatch(/<\/html>$/);
  },
};

describe('the format registry', () => {
  it('has an example result of every shape it knows', () => {
    expect(SHAPES.filter((shape) => !examples.has(shape))).toEqual([]);
    // And the shapes met are all known (a shape no writer or word has would be refused by every format).
    expect([...examples.keys()].filter((shape) => !SHAPES.includes(shape))).toEqual([]);
  });

  it("names in the kinds' writers only formats it has", () => {
    for (const kind of KINDS) for (const [shape, writers] of Object.entries(kind.writers ?? {})) for (const format of Object.keys(writers)) expect(FORMAT_NAMES, `${kind.name}: ${shape}`).toContain(format);
  });

  it('writes every shape in at least one format, and each format has its own --out extensions', () => {
    for (const shape of SHAPES) expect(formatsFor(shape), shape).not.toEqual([]);
    const extensions = FORMATS.flatMap((f) => f.extensions);
    expect(new Set(extensions).size).toBe(extensions.length);
  });
});

describe.each(FORMATS.map((f) => [f.name, f] as const))('--format %s', (name, format) => {
  it.each(SHAPES)('over a result of shape %s: writes it well formed, or refuses naming the format and the shape', async (shape) => {
    const example = examples.get(shape);
    expect(example, `an example of ${shape}`).toBeDefined();
    const sink = textSink();
    const written = await writeResult(format, example!.result as Result, sink, { colour: false, width: 80 }).then(
      () => null,
      (error: unknown) => error,
    );
    if (written === null) {
      expect(formatsFor(shape), example!.what).toContain(name);
      const text = sink.text();
      expect(text.trim(), example!.what).not.toBe('');
      expect(text.endsWith('\n'), example!.what).toBe(true);
      WELL_FORMED[name]?.(text);
    } else {
      expect(written, example!.what).toBeInstanceOf(InputError);
      expect(written).toMatchObject({ code: 'not-applicable', field: 'format', value: name });
      const message = (written as Error).message;
      expect(message).toContain(`format ${name} `);
      expect(message).toContain(`shape ${shape}`);
      expect(formatsFor(shape)).not.toContain(name);
      expect(message).toContain(`formats for it: ${formatsFor(shape).join(', ')}`);
    }
  });
});
