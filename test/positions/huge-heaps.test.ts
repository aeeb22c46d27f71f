/**
 * Winning moves on heaps past 2^53 through a proven period (issue 45.3): a
 * take-and-break heap's splits counted by residue. The huge-heap search is
 * checked against the options of the heap enumerated by the definition at
 * sizes where that is possible (the search itself does not care how large
 * the heap is, past twice the preperiod), and the CLI lists the moves of
 * every heap a table or a period covers.
 */
import { describe, expect, it } from 'vitest';
import { analyseSync } from '../../src/core/analyse.js';
import type { Exploration } from '../../src/core/heap/explore.js';
import { parseCode } from '../../src/core/rules/code.js';
import { hugeTakeBreakWithValue } from '../../src/core/kinds/take-and-break/winning-options.js';
import type { PositionReport } from '../../src/core/positions/position.js';
import { runMain } from '../helpers/in-process.js';

/** The options of heap n under an octal code, by the definition: each a list of the heaps left, in the canonical order. */
function octalOptions(digits: readonly number[], n: number): number[][] {
  const options: number[][] = [];
  for (let take = 0; take < digits.length && take <= n; take++) {
    const d = digits[take]!;
    const rest = n - take;
    const mine: number[][] = [];
    // Taking nothing is a move only where it splits the heap.
    if (d & 1 && rest === 0 && take > 0) mine.push([]);
    if (d & 2 && rest > 0 && take > 0) mine.push([rest]);
    if (d & 4) for (let a = 1; 2 * a <= rest; a++) mine.push([a, rest - a]);
    mine.sort((p, q) => (p[0] ?? -1) - (q[0] ?? -1));
    options.push(...mine.map((parts) => [take, ...parts]));
  }
  return options;
}

/** G(0..max) by the definition. */
function octalValues(digits: readonly number[], max: number): number[] {
  const g: number[] = [];
  for (let n = 0; n <= max; n++) {
    const seen = new Set(octalOptions(digits, n).map(([, ...parts]) => parts.reduce((x, m) => x ^ g[m]!, 0)));
    let v = 0;
    while (seen.has(v)) v++;
    g.push(v);
  }
  return g;
}

describe('winning options of a heap through the proven period', () => {
  for (const [name, code, digits] of [
    ['Kayles', '0.77', [0, 7, 7]],
    ["Dawson's Kayles", '0.07', [0, 0, 7]],
    ["Dawson's chess", '0.137', [0, 1, 3, 7]],
    ['0.71', '0.71', [0, 7, 1]],
    ['4.07 (a heap may be split without taking)', '4.07', [4, 0, 7]],
  ] as const) {
    it(`${name} (${code}): every option with each value, counted and listed as the definition gives them`, () => {
      const x = analyseSync({ game: { rule: { kind: 'take-and-break', code: parseCode(code) } }, max: 700n }) as Exploration;
      expect(x.pattern.kind === 'periodic' && x.pattern.proof !== null).toBe(true);
      const g = octalValues(digits, 700);
      const preperiod = x.pattern.kind === 'periodic' ? x.pattern.preperiod : 0;
      for (const n of [2 * preperiod + 5, 2 * preperiod + 40, 600, 611]) {
        const all = octalOptions(digits, n);
        for (let target = 0; target <= 9; target++) {
          const expected = all.filter(([, ...parts]) => parts.reduce((v, m) => v ^ g[m]!, 0) === target);
          const found = hugeTakeBreakWithValue(parseCode(code), x, BigInt(n), BigInt(target), 10_000, 1e8);
          if ('notListed' in found) throw new Error(found.notListed);
          expect(found.count, `${code} heap ${n} value ${target}`).toBe(BigInt(expected.length));
          expect(found.options.map((o) => [Number(o.take), ...o.to.map(Number)])).toEqual(expected);
        }
      }
    });
  }

  it('a heap of 10^18 next to a small one: the moves of both heaps, with their count', () => {
    const report = analyseSync({ game: { rule: { kind: 'take-and-break', code: parseCode('0.77') } }, position: ['1000000000000000000', '7'] }) as PositionReport<bigint>;
    expect(report.movesNotListed).toBeNull();
    const components = new Set(report.winningMoves.map((m) => m.component));
    expect([...components]).toEqual([1, 2]);
    expect(report.winningMoveCount ?? BigInt(report.winningMoves.length)).toBe(BigInt(report.winningMoves.length));
    // Every move listed leaves a position of nim-sum 0 (the values through the period: G(n) = G(n mod 12 + 72) past 71).
    const x = analyseSync({ game: { rule: { kind: 'take-and-break', code: parseCode('0.77') } }, max: 200n }) as Exploration;
    for (const move of report.winningMoves) {
      const other = move.component === 1 ? 7n : 10n ** 18n;
      expect(move.to.reduce((v, m) => v ^ x.valueAt(m), x.valueAt(other)), JSON.stringify(move, (_, v) => (typeof v === 'bigint' ? String(v) : v))).toBe(0n);
    }
  });

  it('the heaps in either order give the same moves, and --answer move the first of them', async () => {
    const one = analyseSync({ game: { rule: { kind: 'take-and-break', code: parseCode('0.77') } }, position: ['1000000000000000000', '7'] }) as PositionReport<bigint>;
    const two = analyseSync({ game: { rule: { kind: 'take-and-break', code: parseCode('0.77') } }, position: ['7', '1000000000000000000'] }) as PositionReport<bigint>;
    expect(two.winningMoves.length).toBe(one.winningMoves.length);
    const run = await runMain(['--preset', 'kayles', '--position', '1000000000000000000', '7', '--answer', 'move']);
    const first = one.winningMoves[0]!;
    expect(run.stdout).toBe(`${first.take} 1\n${first.to.join(' ')} 7\n`);
  });

  it("the moves a heap cannot give are named, heap by heap (a rule module's live in its sandbox)", async () => {
    const run = await runMain(['--rule', 'examples/lasker.mjs', '--position', '2147483647', '5', '--use-observed', '--format', 'json']);
    const report = JSON.parse(run.stdout) as { movesNotListed: string; winningMoves: unknown[] };
    expect(report.winningMoves).toEqual([]);
    expect(report.movesNotListed).toMatch(/^heap 1 \(2147483647\): .*; heap 2 \(5\): .*; the winning moves of those heaps are neither listed nor counted/);
  });
});
