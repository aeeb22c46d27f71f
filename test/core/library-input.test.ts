import { describe, expect, it } from 'vitest';
import { analyseSync, InputError, type GameSpec } from '../../src/index.js';
import { explore, exploreAsync, solve, type HeapRequest as ExploreRequest } from '../../src/core/analyse.js';
import { refusal as refusedWith } from '../helpers/refusal.js';

/** The InputError a call throws (or its rejection), one line of a sensible length. */
async function refusal(call: () => unknown): Promise<InputError> {
  const error = await refusedWith(call);
  expect(error.message).not.toContain('\n');
  expect(error.message.length).toBeLessThan(200);
  return error;
}

const subtraction = (moves: unknown): GameSpec => ({ rule: { kind: 'subtraction', moves } as never });

describe('explore() checks its input as the CLI does', () => {
  it.each([
    [[0], /game\.rule\.moves\[0\]: expected a whole number from 1 to 2147483647, got 0$/],
    [[1.5], /moves\[0\]: .* got 1\.5$/],
    [[2, -3], /moves\[1\]: .* got -3$/],
    [[NaN], /moves\[0\]: .* got NaN$/],
    [['1'], /moves\[0\]: .* got "1"$/],
    [[2 ** 40], /moves\[0\]: .* got 1099511627776$/],
    [[], /game\.rule\.moves: expected at least one move, got an array of 0$/],
    ['1,2,3', /game\.rule\.moves: expected an array of token counts, got "1,2,3"$/],
    [null, /got null$/],
    [Array.from({ length: 70_000 }, (_, i) => i + 1), /expected at most 65536 moves, got an array of 70000$/],
  ])('moves %j are refused with a typed error naming the field', async (moves, words) => {
    for (const call of [() => explore({ game: subtraction(moves), max: 10n }), () => solve({ game: subtraction(moves) }), () => exploreAsync({ game: subtraction(moves) })]) {
      expect((await refusal(call)).message).toMatch(words);
    }
  });

  it('a well-formed set in any order is the set: G(0) = 0 and the same values as sorted', () => {
    const shuffled = explore({ game: subtraction([3, 1, 2, 1]), max: 30n });
    const sorted = explore({ game: subtraction([1, 2, 3]), max: 30n });
    expect(shuffled.rule).toBe('subtraction {1,2,3}');
    expect(shuffled.valueAt(0n)).toBe(0n);
    expect(Array.from({ length: 31 }, (_, n) => shuffled.valueAt(BigInt(n)))).toEqual(Array.from({ length: 31 }, (_, n) => sorted.valueAt(BigInt(n))));
    expect(sorted.valueAt(7n)).toBe(3n);
  });

  it('other rules and the request itself are checked too', async () => {
    const cases: [() => unknown, RegExp][] = [
      [() => explore({ game: { rule: { kind: 'all-but', excluded: [0] } } }), /game\.rule\.excluded\[0\]/],
      [() => explore({ game: { rule: { kind: 'sequence-subtraction', sequence: 'cubes' } } as never }), /game\.rule\.sequence: expected squares, /],
      [() => explore({ game: { rule: { kind: 'take-and-break', code: { digits: [0, 7, 7], unequal: [false] } } } }), /code\.unequal: expected an array of 3 booleans/],
      [() => explore({ game: { rule: { kind: 'take-and-break', code: { digits: [0, 16], unequal: [false, false] } } } }), /code\.digits\[1\]: expected a whole number from 0 to 15, got 16/],
      [() => explore({ game: { rule: { kind: 'take-and-break', code: { digits: [1, 7], unequal: [false, false] } } } }), /digits\[0\]: the digit before the point may only split/],
      [() => explore({ game: { rule: { kind: 'kayles' } } as never }), /game\.rule\.kind: expected one of subtraction, .* got "kayles"/],
      [() => explore({ game: 'kayles' } as never), /^game: expected a game \{ rule \}, got "kayles"/],
      [() => explore(undefined as never), /expected a request/],
      [() => explore({ game: subtraction([1, 2]), max: -1n }), /^max: expected a whole number \(bigint\) from 0 to 10\^4096, got -1n/],
      [() => explore({ game: subtraction([1, 2]), max: NaN } as never), /^max: .* got NaN/],
      [() => explore({ game: subtraction([1, 2]), max: 10n ** 5000n }), /^max: .* got a 5001-digit bigint/],
      [() => explore({ game: subtraction([1, 2]), limit: 0 }), /^limit: expected a whole number from 1/],
      [() => explore({ game: subtraction([1, 2]), memoryBudget: -5 }), /^memoryBudget: expected a positive number of bytes/],
      [() => analyseSync({ game: { rule: { kind: 'vectors', vectors: [{ dx: 0, dy: 0, cap: null }] } }, max: 10n }), /vectors\[0\]: the vector \(0,0\) moves nothing/],
      [() => analyseSync({ game: { rule: { kind: 'vectors', vectors: [] } }, max: 10n }), /game\.rule\.vectors: expected a non-empty array/],
      [() => analyseSync({ game: { rule: { kind: 'vectors', vectors: [{ dx: 1, dy: 0, cap: null }] } }, max: -1 } as never), /^max: expected a whole number/],
      [() => analyseSync({ game: { rule: { kind: 'capped-heap', next: { kind: 'times', factor: 0 } } }, max: 10n }), /game\.rule\.next\.factor: expected a whole number from 1/],
    ];
    for (const [call, words] of cases) expect((await refusal(call)).message).toMatch(words);
  });

  it('a number max is taken as the bigint it means; trailing zero digits of a code change nothing', () => {
    expect(explore({ game: subtraction([1, 2]), max: 12 } as unknown as ExploreRequest).max).toBe(12n);
    const padded = explore({ game: { rule: { kind: 'take-and-break', code: { digits: [0, 7, 7, 0, 0], unequal: [false, false, false, false, false] } } }, max: 40n });
    expect(padded.rule).toBe('octal 0.77');
    expect(padded.pattern).toEqual(explore({ game: { rule: { kind: 'take-and-break', code: { digits: [0, 7, 7], unequal: [false, false, false] } } }, max: 40n }).pattern);
  });
});
