/**
 * explainValue: a heap's options, their values and the mex, from the kind's
 * own options, checked against games worked out here by brute force (Kayles
 * and the subtraction set {1, 3, 4}) and against the computed table.
 */
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyseAsync, analyseSync, explainValue, InputError, ruleWord, type Exploration } from '../../src/index.js';
import { tableUpTo } from '../../src/core/heap/option-table.js';
import { scratchDirectories } from '../helpers/scratch.js';

const scratch = scratchDirectories('explain-value');

const mex = (values: Iterable<number>) => {
  const set = new Set(values);
  let m = 0;
  while (set.has(m)) m++;
  return m;
};

/** Kayles by hand: a move knocks down one pin or two adjacent ones, leaving rows a and b. */
function kayles(max: number): { values: number[]; options: (n: number) => number[][] } {
  const options = (n: number) => {
    const found: number[][] = [];
    for (const take of [1, 2]) for (let a = 0; a <= n - take; a++) found.push([a, n - take - a]);
    return found;
  };
  const values: number[] = [];
  for (let n = 0; n <= max; n++) values.push(mex(options(n).map(([a, b]) => values[a]! ^ values[b]!)));
  return { values, options };
}

/** The subtraction game {1, 3, 4} by hand. */
function subtraction(max: number): number[] {
  const values: number[] = [];
  for (let n = 0; n <= max; n++) values.push(mex([1, 3, 4].filter((s) => s <= n).map((s) => values[n - s]!)));
  return values;
}

/** An option's heaps as a key: the non-empty heaps in increasing order. */
const key = (heaps: readonly number[]) => heaps.filter((m) => m > 0).sort((a, b) => a - b).join('+');

describe('explainValue', () => {
  it('gives every Kayles heap its options, their values and the mex, as by hand', () => {
    const game = ruleWord('code')!.parse('0.77', 'code');
    const { values, options } = kayles(80);
    for (let n = 0; n <= 80; n++) {
      const why = explainValue(game.rule, n, values);
      expect(why.value, `G(${n})`).toBe(values[n]);
      const byHand = new Map(options(n).map((o) => [key(o), values[o[0]!]! ^ values[o[1]!]!]));
      expect(new Map(why.options.map((o) => [key(o.heaps), o.value])), `options of ${n}`).toEqual(byHand);
      expect(why.reached).toEqual([...new Set(byHand.values())].sort((a, b) => a - b));
    }
    // G(4) = 1: its options 3, 1+2, 2, 1+1 have values 3, 0, 2, 0 (the classic worked example).
    expect(explainValue(game.rule, 4, values)).toMatchObject({ value: 1, reached: [0, 2, 3] });
  });

  it('agrees with a subtraction set by hand and with the computed table', () => {
    const game = ruleWord('moves')!.parse('1,3,4', 'moves');
    const values = subtraction(200);
    const x = analyseSync({ game, max: 200 }) as Exploration;
    for (let n = 0; n <= 200; n++) {
      const why = explainValue(game.rule, n, (m) => x.valueOf(m));
      expect(why.value).toBe(values[n]);
      expect(why.value).toBe(x.valueOf(n));
      expect(why.options.map((o) => o.heaps)).toEqual([1, 3, 4].filter((s) => s <= n).map((s) => (n - s > 0 ? [n - s] : [])));
    }
  });

  it("explains a rule module's heaps from the options its table recorded (the page's why G(n)), as Kayles by hand; a heap past them, or a table without them, is refused saying so", async () => {
    const dir = scratch.fresh('module');
    // Kayles as a module: knock down one pin or two adjacent ones, leaving rows a and n - take - a (either may be empty).
    writeFileSync(join(dir, 'kayles.mjs'), 'export function options(n) {\n  const o = [];\n  for (const t of [1, 2]) for (let a = 0; a <= n - t; a++) o.push([a, n - t - a]);\n  return o;\n}\n');
    const game = { rule: { kind: 'custom' as const, module: join(dir, 'kayles.mjs') } };
    const x = (await analyseAsync({ game, max: 40n, module: { recordOptions: true } })) as Exploration;
    const { values, options } = kayles(40);
    for (let n = 0; n <= 40; n++) {
      const why = explainValue(game.rule, n, (m) => x.valueOf(m), Infinity, x);
      expect(why.value, `G(${n})`).toBe(values[n]);
      expect(new Map(why.options.map((o) => [key(o.heaps), o.value])), `options of ${n}`).toEqual(new Map(options(n).map((o) => [key(o), values[o[0]!]! ^ values[o[1]!]!])));
    }
    const cut = { ...x, optionTable: tableUpTo(x.optionTable!, 10) };
    expect(() => explainValue(game.rule, 20, (m) => x.valueOf(m), Infinity, cut)).toThrow(/the options of heap 20 are not recorded: .*kayles\.mjs's options live in its own code, and the table recorded them for heaps 0 to 10 only/);
    const { optionTable: _none, ...bare } = x;
    expect(() => explainValue(game.rule, 20, (m) => x.valueOf(m), Infinity, bare as Exploration)).toThrow(/not a heap game whose options are known here/);
  });

  it('lists at most `limit` options but counts them all', () => {
    const game = ruleWord('code')!.parse('0.77', 'code');
    const why = explainValue(game.rule, 30, kayles(30).values, 5);
    expect(why.options).toHaveLength(5);
    expect(why.count).toBe(explainValue(game.rule, 30, kayles(30).values).options.length);
    expect(why.count).toBeGreaterThan(5);
  });

  it('refuses a heap whose smaller heaps have no values given, and a game that is not a heap game', () => {
    const game = ruleWord('moves')!.parse('1,2', 'moves');
    expect(() => explainValue(game.rule, 10, [0, 1, 2])).toThrow(InputError);
    expect(() => explainValue(game.rule, 10, [0, 1, 2])).toThrow(/heap 10 needs the values of heaps below it, and only 3 are given/);
    expect(() => explainValue(game.rule, -1, [0])).toThrow(/-1 is not a heap size/);
    const wythoff = ruleWord('preset')!.parse('wythoff', 'preset');
    expect(() => explainValue(wythoff.rule, 3, [0, 1, 2, 3])).toThrow(/not a heap game whose options are known here/);
  });
});
