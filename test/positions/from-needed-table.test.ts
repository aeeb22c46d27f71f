/**
 * Positions answered from the table they need (issue 45.1): heaps that all
 * lie in G(0..largest) are answered from that table, with no proof search
 * past it (the ground says "proof not sought"), and the positions of one run
 * (--input cases, a library caller's batch) share one table per rule. Checked
 * against a brute force computed here, and by the work done: the values
 * computed and the tables made, never by a time.
 */
import { describe, expect, it } from 'vitest';
import { analyseSync } from '../../src/core/analyse.js';
import { ruleWord } from '../../src/index.js';
import { positionTables } from '../../src/core/positions/position-tables.js';
import type { PositionReport } from '../../src/core/positions/position.js';
import { mulberry32, int, randomSet } from '../helpers/random.js';
import { mex, referenceValues } from '../oracles/reference.js';
import { runMain } from '../helpers/in-process.js';
import { scratchDirectories } from '../helpers/scratch.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The winning moves of a sum of heaps, by the definition: [heap index from 1, amount taken], in the canonical order. */
function winningMoves(g: readonly number[], moves: readonly number[], heaps: readonly number[]): [number, number][] {
  const x = heaps.reduce((a, n) => a ^ g[n]!, 0);
  if (x === 0) return [];
  return heaps.flatMap((n, i) => moves.filter((s) => s <= n && g[n - s] === (g[n]! ^ x)).map((s): [number, number] => [i + 1, s]));
}

// A 58-move set whose largest move is 9825, as the issue's (seeded, so a failure names it).
const random = mulberry32(45);
const MOVES = [...randomSet(random, 57, 9824), 9825];
const G = referenceValues({ kind: 'subtraction', moves: MOVES }, 10_001);
const game = { rule: { kind: 'subtraction' as const, moves: MOVES } };

describe('a position inside the table it needs', () => {
  it('is answered from G(0..largest): no value past its largest heap, the proof not sought', () => {
    const heaps = Array.from({ length: 100 }, () => int(random, 0, 10_000));
    const largest = Math.max(...heaps);
    const tables = positionTables(0n);
    const report = analyseSync({ game, position: heaps.map(String), tables }) as PositionReport<bigint>;
    const [table] = [...tables.kept.values()];
    expect(table!.computed).toBe(largest + 1);
    expect(table!.proofNotSought).toBe(true);
    expect(report.components.map((c) => Number(c.grundy))).toEqual(heaps.map((n) => G[n]));
    expect(report.components[0]!.ground).toEqual({ kind: 'table', over: { key: 'ground.heapsNoProof', params: { last: BigInt(largest) } } });
    expect(report.winningMoves.map((m) => [m.component, Number(m.take)])).toEqual(winningMoves(G, MOVES, heaps));
  });

  it('still seeks the proof a heap beyond any table needs (take 1, 2 or 3 at 10^18)', () => {
    const report = analyseSync({ game: { rule: { kind: 'subtraction', moves: [1, 2, 3] } }, position: ['1000000000000000000', '5'] }) as PositionReport<bigint>;
    expect(report.components.map((c) => c.grundy)).toEqual([0n, 1n]);
    expect(report.components[0]!.ground.kind).toBe('period');
  });

  it('a thousand positions of one rule share one table, computed once as far as the largest heap of them all', () => {
    const cases = Array.from({ length: 1000 }, () => Array.from({ length: int(random, 1, 8) }, () => int(random, 0, 10_000)));
    const largest = Math.max(...cases.flat());
    const tables = positionTables(BigInt(largest));
    for (const heaps of cases) {
      const report = analyseSync({ game, position: heaps.map(String), tables }) as PositionReport<bigint>;
      const x = heaps.reduce((a, n) => a ^ G[n]!, 0);
      expect(report.outcome, heaps.join(' ')).toBe(x === 0 ? 'P' : 'N');
    }
    expect(tables.computed).toBe(1);
    expect([...tables.kept.values()][0]!.computed).toBe(largest + 1);
  });

  it('positions answered by an observed law (--use-observed) share one table too, however far their heaps lie (HDU 5795: take any number or split into three, heaps to 10^9)', () => {
    const split3 = ruleWord('code')!.parse('8.[3]', 'code');
    // The law observed (G(8k+7) = 8k+8, G(8k+8) = 8k+7, else n), checked by the definition up to 60 here.
    const law = (n: number) => (n === 0 ? 0 : n % 8 === 0 ? n - 1 : n % 8 === 7 ? n + 1 : n);
    const g: number[] = [];
    for (let n = 0; n <= 60; n++) {
      const reached = Array.from({ length: n }, (_, t) => g[t]!);
      for (let a = 1; 3 * a <= n; a++) for (let b = a; a + 2 * b <= n; b++) reached.push(g[a]! ^ g[b]! ^ g[n - a - b]!);
      g.push(mex(reached));
      expect(g[n], `G(${n})`).toBe(law(n));
    }
    const tables = positionTables(10n ** 9n);
    for (let i = 0; i < 50; i++) {
      const heaps = Array.from({ length: int(random, 1, 5) }, () => int(random, 1, 1e9));
      const report = analyseSync({ game: split3, position: heaps.map(String), useObserved: true, outcomeOnly: true, tables }) as PositionReport<bigint>;
      expect(report.components.map((c) => Number(c.grundy))).toEqual(heaps.map(law));
      // Only the outcome was asked for (--answer winner): no winning move is sought, and the report says so.
      expect(report.winningMoves).toEqual([]);
      if (report.outcome === 'N') expect(report.movesNotListed).toBe('not sought: only the outcome was asked for');
    }
    expect(tables.computed).toBe(1);
  });

  it('a table that does not reach a later position is computed again, as far as it needs', () => {
    const tables = positionTables(0n);
    analyseSync({ game, position: ['10'], tables });
    analyseSync({ game, position: ['7'], tables });
    expect(tables.computed).toBe(1);
    const report = analyseSync({ game, position: ['500'], tables }) as PositionReport<bigint>;
    expect(tables.computed).toBe(2);
    expect(report.components[0]!.grundy).toBe(BigInt(G[500]!));
  });
});

describe('--input cases', () => {
  it('answers every case as the brute force does (winner and move)', async () => {
    const cases = Array.from({ length: 40 }, () => Array.from({ length: int(random, 1, 6) }, () => int(random, 0, 10_000)));
    const input = `${cases.length}\n${cases.map((h) => `${h.length}\n${h.join(' ')}`).join('\n')}\n`;
    const winner = await runMain(['--moves', MOVES.join(','), '--position', '-', '--input', 'cases', '--answer', 'winner'], { stdin: input });
    expect(winner.stderr).toBe('');
    expect(winner.stdout).toBe(cases.map((h) => (h.reduce((a, n) => a ^ G[n]!, 0) ? 'Yes\n' : 'No\n')).join(''));
    const move = await runMain(['--moves', MOVES.join(','), '--position', '-', '--input', 'cases', '--answer', 'move'], { stdin: input });
    const expected = cases.map((h) => {
      const first = winningMoves(G, MOVES, h)[0];
      if (!first) return 'lose\n';
      const [heap, take] = first;
      return `${take} ${heap}\n${h.map((n, i) => (i + 1 === heap ? n - take : n)).join(' ')}\n`;
    });
    expect(move.stdout).toBe(expected.join(''));
  });
});

/** Lasker's Nim (take any number, or split a heap in two), by the definition. */
function laskerValues(max: number): number[] {
  const g: number[] = [];
  for (let n = 0; n <= max; n++) {
    const options = [...g.slice(0, n), ...Array.from({ length: n >> 1 }, (_, i) => g[i + 1]! ^ g[n - i - 1]!)];
    g.push(mex(options));
  }
  return g;
}

describe('--input cases with a rule module', () => {
  const dirs = scratchDirectories('positions-once');
  it("asks the module about each heap once for all the cases (its sandbox runs once), and answers as the brute force", async () => {
    const dir = dirs.fresh('lasker');
    // Each call is told on stderr: how often the module was asked about a heap is the work done.
    writeFileSync(
      join(dir, 'lasker.mjs'),
      'export function* options(n) {\n  console.error(`asked ${n}`);\n  for (let t = 1; t <= n; t++) yield [n - t];\n  for (let a = 1; 2 * a <= n; a++) yield [a, n - a];\n}\n',
    );
    const cases = Array.from({ length: 30 }, () => Array.from({ length: int(random, 1, 5) }, () => int(random, 0, 60)));
    const largest = Math.max(...cases.flat());
    const g = laskerValues(largest);
    const input = `${cases.length}\n${cases.map((h) => `${h.length}\n${h.join(' ')}`).join('\n')}\n`;
    const run = await runMain(['--rule', join(dir, 'lasker.mjs'), '--position', '-', '--input', 'cases', '--answer', 'winner'], { stdin: input });
    expect(run.stdout).toBe(cases.map((h) => (h.reduce((a, n) => a ^ g[n]!, 0) ? 'Yes\n' : 'No\n')).join(''));
    const asked = run.stderr.split('\n').filter((line) => line.startsWith('asked '));
    expect(asked).toEqual(Array.from({ length: largest + 1 }, (_, n) => `asked ${n}`));
  });
});
