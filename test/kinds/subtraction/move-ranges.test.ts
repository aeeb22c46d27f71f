import { describe, expect, it } from 'vitest';
import { parseMoveList, MAX_MOVES } from '../../../src/core/rules/sets.js';
import { expectBadInput, runCli } from '../../helpers/cli.js';

/** G(n) of a subtraction game by its definition: the mex of the values a move leaves. */
function subtractionValues(moves: readonly number[], max: number): number[] {
  const g: number[] = [];
  for (let n = 0; n <= max; n++) {
    const seen = new Set(moves.filter((m) => m <= n).map((m) => g[n - m]!));
    let mex = 0;
    while (seen.has(mex)) mex++;
    g.push(mex);
  }
  return g;
}

describe('ranges in a move list (a..b)', () => {
  it('spell out every move from a to b, beside single moves, in braces or not', () => {
    expect(parseMoveList('3..7', '--moves', false)).toEqual([3, 4, 5, 6, 7]);
    expect(parseMoveList('1, 4..6 ,10', '--moves', false)).toEqual([1, 4, 5, 6, 10]);
    expect(parseMoveList('{2..4 3..5}', '--moves', false)).toEqual([2, 3, 4, 5]);
    expect(parseMoveList('5..5', '--moves', false)).toEqual([5]);
  });

  it('refuse a backward range, a range past the largest move, and one with more moves than a set holds (before spelling it out)', () => {
    expect(() => parseMoveList('7..3', '--moves', false)).toThrow(/'7\.\.3' ends before it starts/);
    expect(() => parseMoveList('1..3000000000', '--moves', false)).toThrow(/larger than the supported/);
    expect(() => parseMoveList(`1..${2 ** 31 - 1}`, '--moves', false)).toThrow(new RegExp(`${2 ** 31 - 1} moves; a set holds at most ${MAX_MOVES}`));
    expect(() => parseMoveList('0..3', '--moves', false)).toThrow(/not a positive number/);
  });

  it('--moves 3..7 is the game --moves 3,4,5,6,7, with the values of the definition', async () => {
    const ranged = await runCli(['--moves', '3..7', '--max', '60', '--format', 'json']);
    const listed = await runCli(['--moves', '3,4,5,6,7', '--max', '60', '--format', 'json']);
    expect(ranged.code, ranged.stderr).toBe(0);
    expect(ranged.stdout).toBe(listed.stdout);
    expect(JSON.parse(ranged.stdout).values).toEqual(subtractionValues([3, 4, 5, 6, 7], 60));
    expectBadInput(await runCli(['--moves', '9..2']), 'a backward range', { pattern: /--moves: '9\.\.2' ends before it starts/ });
  });
});
