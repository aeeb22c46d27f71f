/**
 * Every kind of the registry, walked without naming one: its own example
 * rules (GameKind.examples) through analyse, compared with the values they
 * are published with; for one-heap kinds, also with a brute force from the
 * kind's options (the mex of the xor of what each move leaves) computed here;
 * the result in every format that writes its shape, and refused by name in
 * every other; misère play as its `misere` offers it (a table, positions:
 * each outcome against a search of the game from the kind's own options),
 * refused where it is not offered; and its messages gathered into both catalogues.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseAsync } from '../../src/index.js';
import { KINDS } from '../../src/core/kinds/registry.js';
import type { GameKind, KindExample } from '../../src/core/kinds/kind.js';
import type { Playable } from '../../src/core/positions/playable.js';
import type { PositionReport } from '../../src/core/positions/position.js';
import type { MisereTable } from '../../src/core/positions/misere-table.js';
import { InputError } from '../../src/core/errors.js';
import type { Request } from '../../src/core/analyse.js';
import { CATALOGUES } from '../../src/core/i18n/index.js';
import { FORMATS, formatsFor, writeResult } from '../../src/report/formats.js';
import { checkConjecture, variablesOf } from '../../src/core/conjecture/check.js';
import { shapeWords } from '../../src/core/shape-words.js';
import { modelOf } from '../../src/core/emit/model.js';
import type { Sink } from '../../src/core/sink.js';

const KINDS_FOLDER = join(import.meta.dirname, '../../src/core/kinds');

async function written(format: (typeof FORMATS)[number], result: Parameters<typeof writeResult>[1]): Promise<string> {
  let text = '';
  const sink: Sink = { isTerminal: false, write: async (t) => void (text += typeof t === 'string' ? t : new TextDecoder().decode(t)), close: async () => undefined, abort: () => undefined };
  await writeResult(format, result, sink, { colour: false, width: 100 });
  return text;
}

/** A CSV column's cells (the examples' cells hold no comma or quote). */
function column(csv: string, name: string): string[] {
  const [head, ...rows] = csv.trimEnd().split('\r\n').map((line) => line.split(','));
  const at = head!.indexOf(name);
  expect(at, `a ${name} column in ${head!.join(',')}`).toBeGreaterThanOrEqual(0);
  return rows.map((row) => row[at]!);
}

/** G(0..max) by the definition, from the kind's options of each heap. */
function bruteForce(kind: GameKind, example: KindExample, max: number): number[] | null {
  const moves = kind.heap?.moves(example.request.game.rule);
  if (!moves || moves.optionsElsewhere) return null;
  const g: number[] = [];
  for (let n = 0; n <= max; n++) {
    const seen = new Set(moves.options(n).map((parts) => parts.reduce((x, part) => x ^ g[part]!, 0)));
    let mex = 0;
    while (seen.has(mex)) mex++;
    g.push(mex);
  }
  return g;
}

/**
 * A position's misère outcome by searching the game from the playable's options: with no move left the player to
 * move has won (the last mover loses); else it is N when some move leaves a P-position.
 */
function misereSearch<S>(game: Playable<S>, position: readonly S[], memo = new Map<string, 'P' | 'N'>()): 'P' | 'N' {
  const key = position.filter((s) => !game.empty(s)).map((s) => game.key(s)).sort().join(' ');
  const known = memo.get(key);
  if (known) return known;
  const moves = position.flatMap((state, i) => game.options(state).map((option) => [...position.slice(0, i), ...option, ...position.slice(i + 1)]));
  const outcome = moves.length === 0 || moves.some((next) => misereSearch(game, next, memo) === 'P') ? 'N' : 'P';
  memo.set(key, outcome);
  return outcome;
}

/** A small position of the kind's game: two components its judge draws (a pair, a start heap), or heaps 4 and 6. */
async function smallPosition(kind: GameKind, example: KindExample): Promise<string[] | null> {
  const draw = kind.judge?.draw;
  if (!draw) return kind.heap ? ['4', '6'] : null;
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  return [kind.judge!.positionText(await draw(example.request.game.rule, random, 1n, 6n)), kind.judge!.positionText(await draw(example.request.game.rule, random, 1n, 6n))];
}

describe.each(KINDS.map((kind) => [kind.name, kind] as const))('the %s kind', (_, kind) => {
  it('has example rules, unless its rules are only files of the user\'s code', () => {
    const onlyFiles = kind.words.length > 0 && kind.words.every((w) => w.fileValue.form === 'file' && !w.fromContents);
    expect(kind.examples.length > 0 || onlyFiles).toBe(true);
  });

  it.each(kind.examples.map((example) => [example.source, example] as const))('%s', async (_source, example) => {
    const result = await analyseAsync(example.request as Request);
    const csv = await written(FORMATS.find((f) => f.name === 'csv')!, result);
    const cells = column(csv, example.column ?? 'grundy');
    expect(cells.join(' ')).toBe(example.cells);
    const brute = (example.column ?? 'grundy') === 'grundy' && result.shape === 'heap' ? bruteForce(kind, example, cells.length - 1) : null;
    if (brute) expect(brute.join(' '), 'the brute force from the kind\'s options').toBe(example.cells);
    // Every format writes the shape, or refuses it naming the format and the shape.
    const writers = formatsFor(result.shape);
    for (const format of FORMATS) {
      if (writers.includes(format.name)) expect((await written(format, result)).length, format.name).toBeGreaterThan(0);
      else await expect(written(format, result)).rejects.toThrow(new RegExp(`format ${format.name} does not apply to .*\\(shape ${result.shape}\\)`));
    }
  });

  it.skipIf(kind.examples.length === 0)('offers misère play as its `misere` says, with outcomes a search of its game finds, and refuses the rest', async () => {
    const example = kind.examples[0]!;
    const game = example.request.game;
    const refused = (error: unknown) => error instanceof InputError && error.code === 'not-applicable';
    const table = analyseAsync({ game, max: 12n, misere: true } as Request);
    if (kind.misere?.tables) {
      const outcomes = ((await table) as MisereTable).outcomes;
      const { playable } = await kind.play!({ game, position: ['1'] } as never, () => 0.5);
      const searched = Array.from({ length: 13 }, (_, n) => (misereSearch(playable, [BigInt(n)]) === 'P' ? 0 : 1));
      expect(Array.from(outcomes)).toEqual(searched);
    } else await expect(table.then(() => null, (error: unknown) => refused(error))).resolves.toBe(true);
    const position = await smallPosition(kind, example);
    if (!position) return;
    const answer = analyseAsync({ game, position, misere: true } as Request);
    if (kind.misere?.positions) {
      const report = (await answer) as PositionReport<unknown>;
      const { playable, start } = await kind.play!({ game, position } as never, () => 0.5);
      expect(report.outcome, position.join(' ')).toBe(misereSearch(playable, start));
    } else await expect(answer.then(() => null, (error: unknown) => refused(error))).resolves.toBe(true);
  });

  it.skipIf(kind.examples.length === 0)("checks a conjecture against its example's table (the core's for one heap, the kind's `conjectures` for its own), or refuses --check by name", async () => {
    const result = await analyseAsync(kind.examples[0]!.request as Request);
    const own = kind.conjectures?.[result.shape];
    if (result.shape !== 'heap' && !own) {
      expect(() => checkConjecture(result, 'p == (g == 0)')).toThrow(new RegExp(`check checks a conjecture against a table .*; this run makes ${shapeWords(result.shape)}`));
      return;
    }
    if (kind.tableShape !== undefined) expect(variablesOf(kind.tableShape), kind.tableShape).not.toBeNull();
    expect(checkConjecture(result, 'p == (g == 0)').holds).toBe(true);
    const fails = checkConjecture(result, 'g != g');
    expect(fails.holds).toBe(false);
    expect(fails.checked.positions).toBe(1);
  });

  it.skipIf(kind.examples.length === 0)("writes its example table's law or period with --emit (the core's for one heap, the kind's `emitModels` for its own), or refuses it in words", async () => {
    const result = await analyseAsync(kind.examples[0]!.request as Request);
    const own = kind.emitModels?.[result.shape];
    const emitted = (() => {
      try {
        return modelOf(result, { useObserved: true });
      } catch (error) {
        expect(error, String(error)).toBeInstanceOf(InputError);
        return null;
      }
    })();
    if (result.shape !== 'heap' && !own) expect(emitted).toBeNull();
    // A law of a kind's own table is a law model, not a heap's period (where no theorem of the kind answers first).
    if (own && emitted && !kind.theorem?.(kind.examples[0]!.request.game.rule)?.emit) expect(emitted.kind).not.toBe('heap-cycle');
  });

  it('its own messages, if any, are in both catalogues, word for word', async () => {
    const file = join(KINDS_FOLDER, kind.name, 'messages.ts');
    if (!existsSync(file)) return;
    const { messages } = (await import(file)) as { messages: { en: Record<string, string>; zh: Record<string, string> } };
    for (const lang of ['en', 'zh'] as const) for (const [key, text] of Object.entries(messages[lang])) expect((CATALOGUES[lang] as Record<string, string>)[key], key).toBe(text);
  });
});

describe('the registry', () => {
  it('has a kind for each kind folder, named as its folder', () => {
    const folders = readdirSync(KINDS_FOLDER, { withFileTypes: true }).filter((d) => d.isDirectory() && existsSync(join(KINDS_FOLDER, d.name, 'index.ts'))).map((d) => d.name);
    expect(folders.sort()).toEqual(KINDS.map((kind) => kind.name).sort());
  });
});
