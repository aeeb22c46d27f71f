import { describe, expect, it } from 'vitest';
import { analyseSync } from '../../../src/core/analyse.js';
import { presetGame } from '../../../src/core/presets.js';
import { divisorKind } from '../../../src/core/kinds/divisor/index.js';
import { divisorMovesWithValue, divisorValue } from '../../../src/core/kinds/divisor/theorem.js';
import { divisors } from '../../../src/core/kinds/divisor/factor.js';
import type { Exploration } from '../../../src/core/heap/explore.js';
import type { PositionReport } from '../../../src/core/positions/position.js';
import { runMain } from '../../helpers/in-process.js';

const RULE = { kind: 'proper-divisor' } as const;
const moves = divisorKind.heap!.moves(RULE);

/** G(0..count-1) by brute force from the options alone: the mex of each heap's options. */
function bruteForce(count: number): number[] {
  const g: number[] = [];
  for (let n = 0; n < count; n++) {
    const seen = new Set(moves.options(n).map(([m]) => g[m!]!));
    let mex = 0;
    while (seen.has(mex)) mex++;
    g.push(mex);
  }
  return g;
}

describe('the divisor game: take a proper divisor of the heap', () => {
  const table = bruteForce(3000);

  it('heaps 0 and 1 have no move; every other move leaves a heap of at least 1', () => {
    expect(moves.options(0)).toEqual([]);
    expect(moves.options(1)).toEqual([]);
    expect(moves.options(12)).toEqual([[11], [10], [9], [8], [6]]);
  });

  it('the theorem G(n) = exponent of 2 in n (G(0) = 0) agrees with the brute-force table for n < 3000', () => {
    expect(table.map((_, n) => Number(divisorValue(BigInt(n))))).toEqual(table);
  });

  it('the options with a value are exactly those the table has, in the order of the amount taken', () => {
    for (let n = 0; n < 400; n++) {
      for (let t = 0; t <= 10; t++) {
        const expected = moves.options(n).filter(([m]) => table[m!] === t).map(([m]) => BigInt(n - m!)).sort((a, b) => (a < b ? -1 : 1));
        const got = divisorMovesWithValue(BigInt(n), BigInt(t), 1000, 1e6);
        expect('options' in got ? got.options.map((o) => o.take) : got, `n = ${n}, t = ${t}`).toEqual(expected);
      }
    }
  });

  it('divisors of large numbers (Pollard rho) are those of trial division, and of a product of two primes near 10^9', () => {
    for (const n of [1n, 2n, 97n, 360n, 5n ** 18n, 999_999_999_999_999_989n, 1_000_000_007n * 998_244_353n, 2n ** 40n * 3n ** 5n]) {
      const got = divisors(n, 1e6)!;
      for (const d of got) expect(n % d).toBe(0n);
      expect(got[0]).toBe(1n);
      expect(got[got.length - 1]).toBe(n);
      expect(new Set(got).size).toBe(got.length);
      if (n < 1_000_000n) expect(got.length).toBe(Array.from({ length: Number(n) }, (_, i) => i + 1).filter((d) => n % BigInt(d) === 0n).length);
    }
    expect(divisors(1_000_000_007n * 998_244_353n, 1e6)).toEqual([1n, 998_244_353n, 1_000_000_007n, 1_000_000_007n * 998_244_353n]);
  });

  it('its preset says what the game is, as the other presets do; the proof note stays the table\'s ground', async () => {
    expect(presetGame('divisor').description).toBe('Divisor game: take a proper divisor of the heap (G(n) = the exponent of 2 in n)');
    const list = await runMain(['--preset', 'list']);
    expect(list.stdout).toMatch(/^divisor +Divisor game: take a proper divisor of the heap/m);
    expect(list.stdout).not.toContain('induction');
  });

  it('its table is the theorem, not a period: proven, with no "no period seen"', async () => {
    const x = analyseSync({ game: presetGame('divisor'), max: 64n }) as Exploration;
    expect(x.pattern.kind).toBe('theorem');
    expect(Array.from(x.values)).toEqual(table.slice(0, 65));
    const run = await runMain(['--preset', 'divisor', '--max', '64']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.replace(/[│\s]+/g, ' ')).toMatch(/Pattern no period needed: proven by induction on n \(proved in sg-explore/);
    expect(run.stdout).not.toMatch(/no period (seen|found)|raise --limit/);
    const json = JSON.parse((await runMain(['--preset', 'divisor', '--max', '64', '--format', 'json'])).stdout);
    expect(json.pattern).toMatchObject({ kind: 'theorem', proven: true, method: 'theorem' });
  });

  it('a position at 10^18: its values from the theorem, every winning move listed', () => {
    const report = analyseSync({ game: presetGame('divisor'), position: ['1000000000000000000', '12'] }) as PositionReport<bigint>;
    expect(report.components.map((c) => c.grundy)).toEqual([18n, 2n]);
    expect(report.outcome).toBe('N');
    // 18 xor 2 = 16: heap 1 goes to value 2, by taking 4·5^j (the 19 divisors 5^j of its odd part).
    expect(report.winningMoves.map((m) => m.take)).toEqual(Array.from({ length: 19 }, (_, j) => 4n * 5n ** BigInt(j)));
    for (const m of report.winningMoves) expect(divisorValue(m.to[0] as bigint)).toBe(2n);
  });

  it('--at 1e18, --check, --emit and play ask the kind', async () => {
    const at = await runMain(['--preset', 'divisor', '--at', '1e18', '--format', 'json']);
    expect(at.code, at.stderr).toBe(0);
    expect(JSON.parse(at.stdout).at[0]).toEqual({ n: 1e18, value: 18, outcome: 'N', ground: 'theorem' });
    const check = await runMain(['--preset', 'divisor', '--max', '5000', '--check', 'n == 0 or (n % 2**g == 0 and (n // 2**g) % 2 == 1)']);
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toMatch(/holds for every n/);
    const emit = await runMain(['--preset', 'divisor', '--emit', 'java']);
    expect(emit.code, emit.stderr).toBe(0);
    expect(emit.stdout).toMatch(/^\/\/ proven: induction on n \(proved in sg-explore/m);
    expect(emit.stdout).toMatch(/Long\.numberOfTrailingZeros/);
  });

  it('play: from 12 and 7 (values 2 and 0) the hints take 1 or 3 from 12 (to 11 or 9, value 0); from 12 and 20 (2 xor 2 = 0) the computer wins against any human', async () => {
    const hint = await runMain(['play', '--preset', 'divisor', '--position', '12', '7'], { stdin: 'hint\nquit\n' });
    expect(hint.stdout).toMatch(/Winning moves:\n  take 1 from heap 1\n  take 3 from heap 1\n/);
    const moves = Array.from({ length: 200 }, (_, i) => `${1 + (i % 2)} ${1 + (i % 3)}`);
    const run = await runMain(['play', '--preset', 'divisor', '--position', '12', '20', '--first', 'human'], { stdin: moves.join('\n') + '\n' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('The computer wins.');
  });

  it('its options reckoned at any size are those listed, in the same order, for every heap below 500', () => {
    const reckoned = moves.reckoned!;
    for (let n = 0; n < 500; n++) {
      const listed = moves.options(n).map(([m]) => BigInt(m!));
      const count = reckoned.count(BigInt(n));
      expect(Array.from({ length: Number(count) }, (_, i) => reckoned.at(BigInt(n), BigInt(i))[0]), `heap ${n}`).toEqual(listed);
      for (let m = 1; m < n; m++) expect(reckoned.isOption(BigInt(n), [BigInt(m)])).toBe(listed.includes(BigInt(m)));
      expect(reckoned.isOption(BigInt(n), [])).toBe(false);
    }
  });

  it('play on heaps near 10^12 and 10^18: each computer move takes a proper divisor and leaves a nim-sum of 0, a non-divisor is refused', async () => {
    const v2 = (n: bigint) => (n === 0n ? 0n : divisorValue(n));
    for (const start of [['1000000000000', '999999999999'], ['1e18', String(3n << 40n)], ['999999999999999999', '999999999999999998']]) {
      // The human takes 1 (a proper divisor of every heap of 2 or more) from the first heap, and tries 2.
      const run = await runMain(['play', '--preset', 'divisor', '--position', ...start, '--first', 'computer'], { stdin: '1 1\n1 1\ntake 2 from heap 1\n1 1\nquit\n' });
      expect(run.code, run.stderr).toBe(0);
      const turns = [...run.stdout.matchAll(/Position: ([\d ]+)\nThe computer plays: take (\d+) from heap (\d)\n\nPosition: ([\d ]+)\n/g)];
      expect(turns.length).toBeGreaterThanOrEqual(3);
      for (const [, before, take, heap, after] of turns) {
        const from = before!.split(' ').map(BigInt)[Number(heap) - 1]!;
        const d = BigInt(take!);
        expect(from % d === 0n && d < from, `${d} from ${from}`).toBe(true);
        expect(after!.split(' ').map(BigInt).reduce((x, n) => x ^ v2(n), 0n), after).toBe(0n);
      }
    }
    // 999,999,999,999 = 3·7·11·13·37·101·9901: 5 does not divide it, 7 does.
    const typed = await runMain(['play', '--preset', 'divisor', '--position', '999999999999', '--first', 'human'], { stdin: 'take 5 from heap 1\ntake 7 from heap 1\nquit\n' });
    expect(typed.stdout).toContain('Not a move: you cannot take 5 from heap 1 (999999999999) under this rule');
    expect(typed.stdout).toContain('Position: 999999999992\n');
  });

  it('play refuses a heap past what it can factor, naming the limit', async () => {
    const run = await runMain(['play', '--preset', 'divisor', '--position', '1e25'], { stdin: 'quit\n' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('play: heaps up to 3,317,044,064,679,887,385,961,980 (got 10000000000000000000000000)');
  });
});
