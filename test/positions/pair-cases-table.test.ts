/**
 * The positions of pair games (two piles, a heap with memory) of one run share
 * one table (issue 45, follow-up): `--input cases` computes it once, as far
 * as the corner of every case's pairs, where that is not much more than a
 * case's own, and every case is answered from it. The answers are checked
 * against a brute force computed here, and the sharing by the tables made.
 */
import { describe, expect, it } from 'vitest';
import { analyseSync } from '../../src/core/analyse.js';
import { parseVectors } from '../../src/browser.js';
import { positionTables } from '../../src/core/positions/position-tables.js';
import type { PositionReport } from '../../src/core/positions/position.js';
import { mulberry32, int } from '../helpers/random.js';
import { mex } from '../oracles/reference.js';
import { runMain } from '../helpers/in-process.js';

type Vector = readonly [dx: number, dy: number, cap: number | null];

/** G(x, y) for x, y <= max, by the definition: a move subtracts m·(dx, dy), m from 1 to the cap. */
function pairValues(vectors: readonly Vector[], max: number): number[][] {
  const g: number[][] = [];
  for (let x = 0; x <= max; x++) {
    g.push([]);
    for (let y = 0; y <= max; y++) {
      const reached: number[] = [];
      for (const [dx, dy, cap] of vectors) for (let m = 1; (cap === null || m <= cap) && x - m * dx >= 0 && y - m * dy >= 0; m++) reached.push(g[x - m * dx]![y - m * dy]!);
      g[x]!.push(mex(reached));
    }
  }
  return g;
}

const RULES: readonly { text: string; vectors: readonly Vector[] }[] = [
  { text: '(1,0)x1 (0,1)x1 (1,1)x1', vectors: [[1, 0, 1], [0, 1, 1], [1, 1, 1]] }, // HDU 2147, kiki's game
  { text: '(1,0) (0,1) (1,1)x2', vectors: [[1, 0, null], [0, 1, null], [1, 1, 2]] },
  { text: '(2,0) (0,2) (1,1)', vectors: [[2, 0, null], [0, 2, null], [1, 1, null]] },
];

async function answer(args: string[], stdin: string): Promise<string> {
  const run = await runMain(args, { stdin });
  expect(run.stderr, args.join(' ')).toBe('');
  expect(run.code).toBe(0);
  return run.stdout;
}

describe('pairs of every case share one table', () => {
  for (const { text, vectors } of RULES) {
    it(`${text}: 80 cases of one to three pairs up to 60, outcomes and moves against the brute force, with one table`, () => {
      const random = mulberry32(2147);
      const g = pairValues(vectors, 60);
      const cases = Array.from({ length: 80 }, () => Array.from({ length: int(random, 1, 3) }, () => [int(random, 0, 60), int(random, 0, 60)] as const));
      const corner = [Math.max(...cases.flat().map(([x]) => x)), Math.max(...cases.flat().map(([, y]) => y))] as const;
      const tables = positionTables(0n, [BigInt(corner[0]), BigInt(corner[1])]);
      const game = { rule: { kind: 'vectors' as const, vectors: parseVectors(text, 'vectors') } };
      for (const pairs of cases) {
        const report = analyseSync({ game, position: pairs.map(([x, y]) => `${x}:${y}`), tables }) as PositionReport<readonly [number, number]>;
        const sum = pairs.reduce((s, [x, y]) => s ^ g[x]![y]!, 0);
        expect(report.outcome, pairs.join(' ')).toBe(sum === 0 ? 'P' : 'N');
        expect(report.components.map((c) => Number(c.grundy))).toEqual(pairs.map(([x, y]) => g[x]![y]));
        const moves = pairs.flatMap(([x, y], i) => vectors.flatMap(([dx, dy, cap]) => {
          const to: string[] = [];
          for (let m = 1; (cap === null || m <= cap) && x - m * dx >= 0 && y - m * dy >= 0; m++) if ((g[x - m * dx]![y - m * dy]! ^ g[x]![y]! ^ sum) === 0) to.push(`${i + 1} ${x - m * dx}:${y - m * dy}`);
          return to;
        }));
        expect(report.winningMoves.map((m) => `${m.component} ${m.to[0]![0]}:${m.to[0]![1]}`).sort()).toEqual(moves.sort());
      }
      expect(tables.computed).toBe(1);
      expect([...tables.pairs.values()][0]!.corner).toEqual(corner);
    });
  }

  it('cases far apart (a long row and a long column) each get their own table, not one of their whole corner', () => {
    const tables = positionTables(0n, [5000n, 5000n]);
    const game = { rule: { kind: 'vectors' as const, vectors: parseVectors('(1,0)x1 (0,1)x1 (1,1)x1', 'vectors') } };
    // Kiki's game: (x, y) is P exactly when x and y are both even (checked by the brute force above on 0..60).
    for (const [x, y] of [[5000, 1], [1, 5000], [4999, 0]] as const) {
      const report = analyseSync({ game, position: [`${x}:${y}`], tables }) as PositionReport<unknown>;
      expect(report.outcome).toBe(x % 2 === 0 && y % 2 === 0 ? 'P' : 'N');
    }
    expect(tables.computed).toBe(0);
  });

  it("--input cases answers byte for byte as each case alone does (kiki's game, HDU 2147's layout of one pair a case)", async () => {
    const random = mulberry32(2148);
    const pairs = Array.from({ length: 40 }, () => [int(random, 1, 300), int(random, 1, 300)]);
    const args = ['--vectors', '(1,0)x1 (0,1)x1 (1,1)x1', '--position', '-', '--components', '1', '--answer', 'moves', '--words', 'Wonderful!,What a pity!'];
    const together = await answer([...args, '--input', 'cases'], `${pairs.length}\n${pairs.map((p) => p.join(' ')).join('\n')}\n`);
    let alone = '';
    for (const p of pairs) alone += await answer([...args, '--input', 'cases'], `1\n${p.join(' ')}\n`);
    expect(together).toBe(alone);
    expect(together.split('\n').filter((l) => /^W|^What/.test(l))).toEqual(pairs.map(([x, y]) => (x! % 2 === 0 && y! % 2 === 0 ? 'What a pity!' : 'Wonderful!')));
  });
});

