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
import { referenceOptions, referenceValues } from '../oracles/reference.js';

/** The options of heap n, by the definition, as [take, ...heaps left] in the canonical order (by take, then what is left). */
function octalOptions(code: string, n: number): number[][] {
  const rule = { kind: 'take-and-break' as const, code: parseCode(code) };
  const left = (parts: readonly number[]) => parts.reduce((a, b) => a + b, 0);
  return referenceOptions(rule, n)
    .map((parts) => [n - left(parts), ...[...parts].sort((a, b) => a - b)])
    .sort((p, q) => p[0]! - q[0]! || (p[1] ?? -1) - (q[1] ?? -1) || p.length - q.length);
}

describe('winning options of a heap through the proven period', () => {
  for (const [name, code] of [
    ['Kayles', '0.77'],
    ["Dawson's Kayles", '0.07'],
    ["Dawson's chess", '0.137'],
    ['0.71', '0.71'],
    ['4.07 (a heap may be split without taking)', '4.07'],
  ] as const) {
    it(`${name} (${code}): every option with each value, counted and listed as the definition gives them`, () => {
      const x = analyseSync({ game: { rule: { kind: 'take-and-break', code: parseCode(code) } }, max: 700n }) as Exploration;
      expect(x.pattern.kind === 'periodic' && x.pattern.proof !== null).toBe(true);
      const g = referenceValues({ kind: 'take-and-break', code: parseCode(code) }, 701);
      const preperiod = x.pattern.kind === 'periodic' ? x.pattern.preperiod : 0;
      for (const n of [2 * preperiod + 5, 2 * preperiod + 40, 600, 611]) {
        const all = octalOptions(code, n);
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

  /** Lexicographic, heap by heap, then the shorter first: the order of what a move leaves. */
  const lexical = (p: readonly number[], q: readonly number[]) => {
    for (let i = 0; i < Math.min(p.length, q.length); i++) if (p[i] !== q[i]) return p[i]! - q[i]!;
    return p.length - q.length;
  };
  for (const code of ['0.A7', '0.F1', '0.B3', '0.A', '4.8']) {
    it(`hexadecimal ${code}: splits into three counted by residues, as the definition gives them`, () => {
      const x = analyseSync({ game: { rule: { kind: 'take-and-break', code: parseCode(code) } }, max: 320n }) as Exploration;
      if (!(x.pattern.kind === 'periodic' && x.pattern.proof)) throw new Error(`${code}: no proven period`);
      const { preperiod, period } = x.pattern;
      const g = referenceValues({ kind: 'take-and-break', code: parseCode(code) }, 321);
      const k = parseCode(code).digits.length;
      for (const n of [3 * (preperiod + period) + k, 3 * (preperiod + period) + k + 11, 200, 301]) {
        const all = octalOptions(code, n).sort((p, q) => lexical(p, q));
        for (let target = 0; target <= 7; target++) {
          const expected = all.filter(([, ...parts]) => parts.reduce((v, m) => v ^ g[m]!, 0) === target);
          const found = hugeTakeBreakWithValue(parseCode(code), x, BigInt(n), BigInt(target), 40, 1e8);
          if ('notListed' in found) throw new Error(found.notListed);
          expect(found.count, `${code} heap ${n} value ${target}`).toBe(BigInt(expected.length));
          expect(found.options.map((o) => [Number(o.take), ...o.to.map(Number)]), `${code} heap ${n} value ${target}`).toEqual(expected.slice(0, 40));
        }
      }
    });
  }

  it('a hexadecimal heap of 10^12: its splits into three with a value number past 2^53, counted exactly', () => {
    // 0.F takes 1 and leaves 0 to 3 heaps; G(n) = n mod 2 (period 2, proven). Values 0 and 1: nim-sum 1.
    const report = analyseSync({ game: { rule: { kind: 'take-and-break', code: parseCode('0.F') } }, position: ['1000000000000', '7'] }) as PositionReport<bigint>;
    expect(report.components.map((c) => c.grundy)).toEqual([0n, 1n]);
    // Heap 1 must reach value 1 from an odd rest: the heap itself, every split in two (one part odd) and every split in
    // three (one or three parts odd): 1 + rest/2 + round(rest^2 / 12).
    const rest = 10n ** 12n - 1n;
    const heap1 = 1n + rest / 2n + (rest * rest + 6n) / 12n;
    // Heap 2 (7) must reach 0 from 6: the heap 6, its three splits in two (parts of one parity) and its three in three.
    const heap2 = 1n + 3n + 3n;
    expect(report.winningMoveCount).toBe(heap1 + heap2);
    expect(report.movesNotListed).toBeNull();
  });

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

  it('a heap with more winning moves than a list holds lists its first 10,000 on its own: the other heaps\' moves are listed too, in either order (0.A7)', async () => {
    const rule = { kind: 'take-and-break' as const, code: parseCode('0.A7') };
    const g = referenceValues(rule, 64);
    const big = 10n ** 12n;
    for (const heaps of [[big, 2n, 6n], [6n, big, 2n]]) {
      const report = analyseSync({ game: { rule }, position: heaps.map(String) }) as PositionReport<bigint>;
      const bigAt = heaps.indexOf(big) + 1;
      const sixAt = heaps.indexOf(6n) + 1;
      const nimSum = report.components.reduce((v, c) => v ^ c.grundy!, 0n);
      // Heap 6's winning moves by the definition: its options whose value is G(6) xor the nim-sum.
      const want = referenceOptions(rule, 6).filter((parts) => BigInt(parts.reduce((v, m) => v ^ g[m]!, 0)) === (BigInt(g[6]!) ^ nimSum));
      expect(want.length).toBeGreaterThan(0);
      expect(report.winningMoves.filter((m) => m.component === sixAt)).toHaveLength(want.length);
      expect(report.winningMoves.filter((m) => m.component === bigAt)).toHaveLength(10_000);
      expect(report.cutHeaps).toEqual([{ component: bigAt, count: report.winningMoveCount! - BigInt(want.length), listed: 10_000 }]);
      // Every move listed leaves a nim-sum of 0 (values through the period 4 from 1: G(n) = G((n - 1) mod 4 + 1)).
      const value = (n: bigint) => BigInt(g[n === 0n ? 0 : Number((n - 1n) % 4n) + 1]!);
      for (const move of report.winningMoves) expect(move.to.reduce((v, m) => v ^ value(m), nimSum ^ value(move.from))).toBe(0n);
    }
    const table = (await runMain(['--code', '0.A7', '--position', '1000000000000', '2', '6'])).stdout;
    expect(table).toMatch(/^ {2}take 1 from heap 3, leaving 1 \+ 1 \+ 3 → 1000000000000 2 1 1 3$/m);
    expect(table).toMatch(/^Note +heap 1 has 20,833,333,333,666,666,666,667 winning moves: the$/m);
  });

  it('one heap with more winning moves than a list holds, alone: its first 10,000, as always (no heaps listed apart)', () => {
    const report = analyseSync({ game: { rule: { kind: 'take-and-break', code: parseCode('0.A7') } }, position: ['1000000000000'] }) as PositionReport<bigint>;
    expect(report.winningMoveCount).toBeGreaterThan(10_000n);
    expect(report.winningMoves).toHaveLength(10_000);
    expect(report.cutHeaps).toBeUndefined();
  });

  it("the moves a heap cannot give are named, heap by heap (a rule module's are recorded by its sandbox for the heaps of its table only)", async () => {
    const run = await runMain(['--rule', 'examples/lasker.mjs', '--position', '2147483647', '5', '--use-observed', '--format', 'json']);
    const report = JSON.parse(run.stdout) as { movesNotListed: string; winningMoves: unknown[]; components: { grundy: number; ground: string }[]; grounds: Record<string, unknown> };
    // Lasker's Nim: G(4k+3) = 4k+4 (its closed form); the value past the module's 65 comes from the law, observed, not proven.
    expect(report.components).toMatchObject([{ grundy: 2147483648, ground: 'law' }, { grundy: 5, ground: 'table' }]);
    expect(report.grounds.law).toMatchObject({ kind: 'law', observedUpTo: 64, proven: false });
    expect(report.winningMoves).toEqual([]);
    // Heap 2's options are recorded (none reaches 2147483648); heap 1's lie past the table.
    expect(report.movesNotListed).toMatch(/^heap 1 \(2147483647\): the options of a rule module are recorded for heaps up to 64 only .*; the winning moves of that heap are neither listed nor counted/);
  });
});
