import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseSync } from '../../src/core/analyse.js';
import type { GridExploration } from '../../src/core/kinds/two-pile/grid.js';
import type { MoveVector } from '../../src/core/kinds/two-pile/rule.js';
import { recogniseCellLaw, type CellLaw } from '../../src/core/laws/cell-law.js';
import { parseExpression } from '../../src/core/conjecture/expression.js';
import { evaluateExpression } from '../../src/core/conjecture/evaluate.js';
import { int, mulberry32 } from '../helpers/random.js';
import { runCli } from '../helpers/cli.js';
import { scratchDirectories } from '../helpers/scratch.js';
import { bruteForceP } from '../oracles/two-pile.js';

/**
 * Laws of parity and binary digits (src/core/laws/cell-law.ts): every law
 * offered is checked here again, on every cell, against P-positions computed
 * by a brute force of the game's rules written in this file, through
 * --check's own evaluator reading the law's text; and the laws contest
 * problems turn on are found where they are the truth.
 */
const scratch = scratchDirectories('cell-laws');

/** Whether the law's --check text holds at every cell of the brute force (its names x and y). */
function holdsEverywhere(law: CellLaw, p: readonly (readonly boolean[])[], names: readonly [string, string] = ['x', 'y'], from = 0): boolean {
  const expression = parseExpression(law.check, { [names[0]]: 'number', [names[1]]: 'number', p: 'bool' });
  for (let a = from; a < p.length; a++) {
    for (let b = from; b < p[a]!.length; b++) {
      if (evaluateExpression(expression, { [names[0]]: BigInt(a), [names[1]]: BigInt(b), p: p[a]![b]! }) !== true) return false;
    }
  }
  return true;
}

function grid(vectors: MoveVector[], max: number): GridExploration {
  return analyseSync({ game: { rule: { kind: 'vectors', vectors } }, max: BigInt(max) }) as GridExploration;
}

const v = (dx: number, dy: number, cap: number | null = null): MoveVector => ({ dx, dy, cap });

describe('two-pile games: the law that is the truth', () => {
  it.each([
    ['(1,0)x1 (0,1)x1 (1,1)x1: P exactly when x and y are both even', [v(1, 0, 1), v(0, 1, 1), v(1, 1, 1)], 'x % 2 == 0 and y % 2 == 0'],
    ['(1,0) (0,1), two-pile Nim: P exactly when x == y', [v(1, 0), v(0, 1)], 'x == y'],
    ['(1,0)x1 (0,1)x1: P exactly when x + y is even', [v(1, 0, 1), v(0, 1, 1)], '(x + y) % 2 == 0'],
    ['(1,0)x2 (0,1)x2 (1,1)x2: x + y a multiple of 3', [v(1, 0, 2), v(0, 1, 2), v(1, 1, 2)], '(x + y) % 3 == 0'],
  ])('%s', (_, vectors, condition) => {
    const max = 40;
    const x = grid(vectors as MoveVector[], max);
    expect(x.cellLaw?.condition).toBe(condition);
    expect(x.law).toBeNull(); // a law of every cell leaves no pair law to seek
    expect(x.cellLaw?.cells).toBe((max + 1) ** 2);
    expect(holdsEverywhere(x.cellLaw!, bruteForceP(vectors as MoveVector[], max))).toBe(true);
  });

  it('Wythoff has no such law, and none is made up', () => {
    expect(grid([v(1, 0), v(0, 1), v(1, 1)], 40).cellLaw).toBeNull();
  });

  it('on 40 random capped vector games, every law offered holds on every cell of the brute force', () => {
    const random = mulberry32(455);
    let offered = 0;
    for (let trial = 0; trial < 40; trial++) {
      const vectors = [v(1, 0, int(random, 1, 3)), v(0, 1, int(random, 1, 3))];
      if (random() < 0.7) vectors.push(v(int(random, 1, 2), int(random, 1, 2), int(random, 1, 3)));
      const max = 16;
      const law = grid(vectors, max).cellLaw;
      if (!law) continue;
      offered++;
      expect(holdsEverywhere(law, bruteForceP(vectors, max)), law.check).toBe(true);
    }
    expect(offered).toBeGreaterThan(3);
  });
});

describe('the search itself, on tables made from binary-digit laws', () => {
  const table = (truth: (a: number, b: number) => boolean, from: number, to: number) => {
    const side = to - from + 1;
    return {
      count: side * side,
      first: (i: number) => from + Math.floor(i / side),
      second: (i: number) => from + (i % side),
      isP: (i: number) => truth(from + Math.floor(i / side), from + (i % side)),
    };
  };
  const ctz = (t: number) => 31 - Math.clz32(t & -t);

  it.each([
    ['the lowest zero bit of (a - 1) | (b - 1) at an even place', (a: number, b: number) => ctz(((a - 1) | (b - 1)) + 1) % 2 === 0],
    ['(a & b) == 0', (a: number, b: number) => (a & b) === 0],
    ['the lowest set bits of a and b equal', (a: number, b: number) => ctz(a) === ctz(b)],
    ['an odd number of one bits in a ^ b', (a: number, b: number) => popcountOdd(a ^ b)],
  ])('%s: found, and its text agrees with the truth on every cell', (_, truth) => {
    const from = 1;
    const to = 48;
    const law = recogniseCellLaw(table(truth, from, to), ['a', 'b']);
    expect(law).not.toBeNull();
    const p = Array.from({ length: to + 1 }, (_, a) => Array.from({ length: to + 1 }, (_, b) => (a >= from && b >= from ? truth(a, b) : false)));
    expect(holdsEverywhere(law!, p, ['a', 'b'], from)).toBe(true);
  });

  it('a table with no law of the family gets none; nor does a table with no P-position', () => {
    const random = mulberry32(77);
    const bits = Array.from({ length: 41 * 41 }, () => random() < 0.3);
    expect(recogniseCellLaw({ count: bits.length, first: (i) => Math.floor(i / 41), second: (i) => i % 41, isP: (i) => bits[i]! }, ['x', 'y'])).toBeNull();
    expect(recogniseCellLaw(table(() => false, 0, 20), ['x', 'y'])).toBeNull();
  });
});

function popcountOdd(t: number): boolean {
  let c = 0;
  for (let v = t; v; v &= v - 1) c++;
  return c % 2 === 1;
}

describe("a module's states with two whole-number fields", () => {
  // Two piles a, b ≥ 1: keep one pile and split it into two nonempty piles (the other is thrown away).
  const module = `export function* options({ a, b }) {
  for (const pile of [a, b]) for (let c = 1; c < pile; c++) yield { a: c, b: pile - c };
}
export function* states(max) {
  for (let a = 1; a <= max; a++) for (let b = 1; b <= max; b++) yield { a, b };
}
`;
  /** The same game by brute force: P when no split of either pile reaches a P-position. */
  function splitP(max: number): boolean[][] {
    const p = Array.from({ length: max + 1 }, () => Array<boolean>(max + 1).fill(false));
    for (let s = 2; s <= 2 * max; s++) {
      for (let a = Math.max(1, s - max); a <= Math.min(max, s - 1); a++) {
        const b = s - a;
        let win = false;
        for (const pile of [a, b]) for (let c = 1; c < pile && !win; c++) win = p[c]![pile - c]!;
        p[a]![b] = !win;
      }
    }
    return p;
  }

  it('shows the table as a grid, offers the law, and --check reads the fields as variables', async () => {
    const dir = scratch.fresh('split');
    const file = join(dir, 'split.mjs');
    writeFileSync(file, module);
    const max = 16;
    const truth = splitP(max);
    const [table, json, holds, fails] = await Promise.all([
      runCli(['--rule', file, '--max', String(max)]),
      runCli(['--rule', file, '--max', String(max), '--format', 'json']),
      runCli(['--rule', file, '--max', String(max), '--check', 'p == ((a & b) % 2 == 1)']),
      runCli(['--rule', file, '--max', String(max), '--check', 'p == (a % 2 == 1)']),
    ]);
    expect(table.code).toBe(0);
    const lines = table.stdout.split('\n');
    const header = lines.findIndex((l) => /^\s*a\\b\s+1\s+2\s+3/.test(l));
    expect(header).toBeGreaterThan(0);
    // Each row of the grid: '*' exactly where the brute force has a P-position.
    for (let a = 1; a <= max; a++) {
      const cells = lines[header + a]!.trim().split(/\s+/);
      expect(Number(cells[0])).toBe(a);
      expect(cells.slice(1).map((c) => c === '*')).toEqual(truth[a]!.slice(1));
    }
    const law = (JSON.parse(json.stdout) as { cellLaw: CellLaw }).cellLaw;
    expect(law.condition).toBe('a % 2 == 1 and b % 2 == 1');
    expect(holdsEverywhere(law, truth, ['a', 'b'], 1)).toBe(true);
    expect(holds.code).toBe(0);
    expect(holds.stdout).toMatch(/holds for every state of the table \(256 states\)/);
    expect(fails.code).toBe(1);
    expect(fails.stdout).toMatch(/fails at a = 1, b = 2/);
  });
});
