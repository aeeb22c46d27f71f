/**
 * Misère play in the explore view's worker operations, run here in Node: the
 * form offers what each kind's `misere` offers (a table, positions), and a
 * two-pile game and a heap with memory answer misère positions beside their
 * normal-play table, as `sg-explore --position ... --misere` does; each
 * outcome and winning move is checked against a search of the game's rules.
 */
import { describe, expect, it } from 'vitest';
import { exploreOps } from '../../src/web/engine/explore-ops.js';
import { formOps } from '../../src/web/engine/form-ops.js';
import type { FormChoices, GridView, MemoryView, Pairs, PositionView } from '../../src/web/engine/explore-protocol.js';
import { InputError, wordsText } from '../../src/core/errors.js';
import { flagOf } from '../../src/core/flags.js';
import { fibonacciNimOptions, misereOutcome, wythoffOptions } from '../oracles/misere.js';
import { wythoffValues } from '../oracles/wythoff.js';

const op = <T>(name: string, args: unknown) => exploreOps[name]!(args, { progress: () => {} }) as Promise<T>;
const explore = <T>(pairs: Pairs) => op<T>('explore', { pairs, origin: null });
const position = (pairs: Pairs) => op<PositionView>('position', { pairs, origin: null, lang: 'en' });
type Pair = readonly [number, number];
const pairOf = (text: string): Pair => text.replace(/[()]/g, '').split(/[:,]/).map(Number) as unknown as Pair;
const key = ([x, y]: Pair) => `${x}:${y}`;

describe('misère play in the explore operations', () => {
  it('the form offers misère tables and positions, or positions only, or none, as each kind says', async () => {
    const choices = (await formOps.form!({}, { progress: () => {} })) as FormChoices;
    const preset = (value: string) => choices.presets.find((p) => p.value === value)!.allows.misere;
    expect(preset('kayles')).toEqual({ tables: true, positions: true });
    expect(preset('divisor')).toEqual({ tables: true, positions: true });
    expect(preset('wythoff')).toEqual({ tables: false, positions: true });
    expect(preset('fibonacci-nim')).toEqual({ tables: false, positions: true });
    const word = (w: string) => choices.words.find((x) => x.word === w)!.allows!.misere;
    expect(word('vectors')).toEqual({ tables: false, positions: true });
    expect(word('moves')).toEqual({ tables: true, positions: true });
    expect(word('graph')).toBeNull();
  });

  it("Wythoff: a misère position of two pairs beside the normal-play table, every winning move found by a search of the rules", async () => {
    const pairs: Pairs = [['preset', 'wythoff'], ['max', '8'], ['misere', 'true'], ['position', '3:5 2:2']];
    const table = await explore<GridView>(pairs);
    expect(table.shape).toBe('grid');
    expect(table.normalPlayTable).toBe(true);
    // The table is normal play's: Wythoff's values.
    const g = wythoffValues(9);
    expect(Array.from(table.values)).toEqual(g.flatMap((row) => row));
    const answer = await position(pairs);
    const start = answer.position.map(pairOf);
    expect(start).toEqual([[3, 5], [2, 2]]);
    const memo = new Map();
    expect(answer.outcome).toBe(misereOutcome(wythoffOptions, key, start, memo));
    expect(answer.nimSum).toBeNull();
    expect(answer.paragraphs.join(' ')).toContain('misère play');
    // Every move to a misère P-position, and nothing else, in the core's order (component, then what is left).
    const winning = start.flatMap((state, i) => wythoffOptions(state).filter((to) => misereOutcome(wythoffOptions, key, start.map((s, j) => (j === i ? to : s)), memo) === 'P').map((to) => `${i + 1} ${key(to)}`));
    expect(winning.length).toBeGreaterThan(0);
    expect(answer.moves.map((m) => `${m.component} ${m.to.map((t) => key(pairOf(t))).join(' ')}`).sort()).toEqual(winning.sort());
    expect(answer.moveCount).toBe(String(winning.length));
  });

  it('Wythoff: every pair of the square 0..5 alone, in misère play, has the outcome a search finds', async () => {
    for (let x = 0; x <= 5; x++) {
      for (let y = x; y <= 5; y++) {
        const answer = await position([['preset', 'wythoff'], ['misere', 'true'], ['position', `${x}:${y}`]]);
        expect(answer.outcome, `${x}:${y}`).toBe(misereOutcome(wythoffOptions, key, [[x, y]]));
      }
    }
  });

  it('Fibonacci Nim: a misère start heap and a sum of two, beside the normal-play table of start positions', async () => {
    const table = await explore<MemoryView>([['preset', 'fibonacci-nim'], ['max', '30'], ['misere', 'true'], ['position', '10']]);
    expect(table.shape).toBe('memory');
    expect(table.normalPlayTable).toBe(true);
    const memo = new Map();
    for (const heaps of [['10'], ['10', '4'], ['8'], ['13', '5']]) {
      const answer = await position([['preset', 'fibonacci-nim'], ['misere', 'true'], ['position', heaps.join(' ')]]);
      // A start heap n is the state (n, n − 1): any first take but the whole heap.
      const start = heaps.map((n) => [Number(n), Number(n) - 1] as const);
      expect(answer.position.map(pairOf)).toEqual(start);
      expect(answer.outcome, heaps.join(' ')).toBe(misereOutcome(fibonacciNimOptions, key, start, memo));
      const winning = start.flatMap((state, i) => fibonacciNimOptions(state).filter((to) => misereOutcome(fibonacciNimOptions, key, start.map((s, j) => (j === i ? to : s)), memo) === 'P').map((to) => `${i + 1} ${key(to)}`));
      expect(answer.moves.map((m) => `${m.component} ${m.to.map((t) => key(pairOf(t))).join(' ')}`).sort(), heaps.join(' ')).toEqual(winning.sort());
    }
  });

  it('refuses a misère table of two piles in the CLI\'s words, and keeps a one-heap misère table a misère table', async () => {
    // The page words the refusal with its flags (error-text.ts), as the CLI does.
    const refusal = await explore([['preset', 'wythoff'], ['misere', 'true']]).then(() => null, (error: InputError) => error);
    expect(refusal).toBeInstanceOf(InputError);
    expect(refusal!.code).toBe('not-applicable');
    expect(wordsText(refusal!.words, flagOf)).toBe('--misere tables are for one-heap games; for other games evaluate positions with --position ... --misere');
    const heap = await explore<{ shape: string; normalPlayTable?: boolean }>([['moves', '1,2,3'], ['max', '20'], ['misere', 'true'], ['position', '5']]);
    expect(heap.shape).toBe('misere');
    expect(heap.normalPlayTable).toBeUndefined();
  });
});
