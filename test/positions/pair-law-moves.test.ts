/**
 * Winning moves by a two-pile law observed over a table (--use-observed,
 * issue 45.3): inside the table they are the brute force's moves to a
 * value 0; far past it, every move lands on a cell the law calls P, and the
 * count is the one a walk along every line by the law's predicate gives (on
 * a smaller analogue), or Wythoff's theorem's where the law is Wythoff's.
 */
import { describe, expect, it } from 'vitest';
import { analyseSync } from '../../src/core/analyse.js';
import { parseVectors, type MoveVector } from '../../src/core/kinds/two-pile/rule.js';
import { cellLawTest, pairLawTest } from '../../src/core/positions/pair-law-position.js';
import { cellLawMoves, pairLawMoves } from '../../src/core/positions/pair-law-moves.js';
import { wythoffWinningMoves } from '../../src/core/theorems/wythoff.js';
import type { GridExploration } from '../../src/core/kinds/two-pile/grid.js';
import type { BigPair } from '../../src/core/positions/pair-theorem.js';
import { runMain } from '../helpers/in-process.js';
import { longTest } from '../helpers/long.js';

const key = ([x, y]: BigPair) => `${x}:${y}`;
const sorted = (cells: readonly BigPair[]) => cells.map(key).sort();

/** The law observed over 0..255 and its test (its diagonal past the table by the cycle seen on it). */
function lawOf(text: string) {
  const vectors = parseVectors(text, 'test');
  const grid = analyseSync({ game: { rule: { kind: 'vectors', vectors } }, max: 255n }) as GridExploration;
  const test = pairLawTest(grid.law!)!;
  expect(test).not.toBeNull();
  return { vectors, grid, law: grid.law!, test };
}

/** Every cell on every line, walked, that the law calls P (the reference the line search must agree with). */
function walkedTargets(test: (s: BigPair) => boolean | null, [x, y]: BigPair, vectors: readonly MoveVector[]): BigPair[] {
  const out = new Map<string, BigPair>();
  for (const { dx, dy, cap } of vectors) {
    for (let m = 1n; (cap === null || m <= BigInt(cap)) && x - m * BigInt(dx) >= 0n && y - m * BigInt(dy) >= 0n; m++) {
      const cell: BigPair = [x - m * BigInt(dx), y - m * BigInt(dy)];
      if (test(cell)) out.set(key(cell), cell);
    }
  }
  return [...out.values()];
}

function targetsOf(found: ReturnType<typeof pairLawMoves>): readonly BigPair[] {
  if ('refused' in found) throw new Error(found.refused);
  return found.targets;
}

const GAMES = ['(1,0) (0,1) (1,1)x2', '(1,0) (0,1) (1,1) (2,2)', '(1,0) (0,1) (1,1)x1', '(2,0) (0,2)'];

describe('winning moves by an observed two-pile law', () => {
  it.each(GAMES)('%s: inside the table, the moves (searched along each line, and walked) are the table\'s moves to a value 0', (text) => {
    const { vectors, grid, law, test } = lawOf(text);
    for (let x = 0; x <= 60; x++) {
      for (let y = 0; y <= 60; y++) {
        if (grid.value(x, y) === 0) continue;
        const brute: BigPair[] = [];
        for (const { dx, dy, cap } of vectors) {
          for (let m = 1; (cap === null || m <= cap) && x - m * dx >= 0 && y - m * dy >= 0; m++) if (grid.value(x - m * dx, y - m * dy) === 0) brute.push([BigInt(x - m * dx), BigInt(y - m * dy)]);
        }
        const state: BigPair = [BigInt(x), BigInt(y)];
        const want = [...new Set(sorted(brute))].sort();
        expect(sorted(targetsOf(pairLawMoves(law, test, state, vectors, 0))), `${x}:${y}`).toEqual(want);
        expect(sorted(targetsOf(pairLawMoves(law, test, state, vectors))), `${x}:${y}`).toEqual(want);
      }
    }
  });

  // (2,2) past the table (34 s on a loaded machine) runs in [long]; the line search past the table is checked on the other three.
  const pastTheTable = (text: string) => {
    const { vectors, law, test } = lawOf(text);
    let seed = 12345;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let i = 0; i < 40; i++) {
      const x = BigInt(300 + next(3700));
      const y = i % 2 ? x + BigInt(next(9)) - 4n : BigInt(300 + next(3700));
      const state: BigPair = [x, y < 0n ? 0n : y];
      expect(sorted(targetsOf(pairLawMoves(law, test, state, vectors, 0))), key(state)).toEqual(sorted(walkedTargets(test, state, vectors)));
    }
  };
  it.each(GAMES.filter((g) => !g.includes('(2,2)')))('%s: past the table (x, y up to 4,000), the line search finds what a walk by the law finds', pastTheTable);
  longTest.each(GAMES.filter((g) => g.includes('(2,2)')))('%s: past the table (x, y up to 4,000), the line search finds what a walk by the law finds [long]', pastTheTable);

  it("Wythoff's law, observed, gives Wythoff's theorem's winning moves at 10^18 (and (2,2) adds none: it runs along (1,1))", () => {
    for (const text of ['(1,0) (0,1) (1,1)', '(1,0) (0,1) (1,1) (2,2)']) {
      const { vectors, law, test } = lawOf(text);
      for (const state of [[10n ** 18n, 10n ** 18n + 7n], [746918125269591817n, 123456789012345678n], [5n, 10n ** 18n], [10n ** 18n + 3n, 10n ** 18n + 3n]] as BigPair[]) {
        expect(sorted(targetsOf(pairLawMoves(law, test, state, vectors))), key(state)).toEqual(sorted(wythoffWinningMoves(state[0], state[1])));
      }
    }
  });

  it('a diagonal listed with no cycle seen says nothing of (t, t) past the table: a move that reaches one is refused, naming it', () => {
    const { vectors, law } = lawOf('(1,0) (0,1) (1,1) (2,2)');
    // The cycle taken away: the list alone, as for a diagonal whose P-positions repeat in no pattern over the table.
    const listOnly = { ...law, diagonal: { kind: 'list' as const, list: law.diagonal.kind === 'list' ? law.diagonal.list : [] } };
    const found = pairLawMoves(listOnly, pairLawTest(listOnly)!, [10n ** 18n, 10n ** 18n + 7n], vectors);
    expect(found).toEqual({ refused: 'the law lists the P-positions on the diagonal only up to 255, and the move (0,1) reaches 1000000000000000000:1000000000000000000' });
  });

  it('(2,0) (0,2) at 10^18: the moves are the closed form\'s, G(x, y) = ⌊x/2⌋ xor ⌊y/2⌋ (each pile loses an even amount)', () => {
    const { vectors, law, test } = lawOf('(2,0) (0,2)');
    for (const state of [[10n ** 18n + 1n, 10n ** 18n - 10n], [10n ** 18n, 10n ** 18n + 1000001n], [3n, 10n ** 18n], [10n ** 18n + 7n, 10n ** 18n + 6n]] as BigPair[]) {
      const [hx, hy] = [state[0] / 2n, state[1] / 2n];
      const want: BigPair[] = hx > hy ? [[state[0] - 2n * (hx - hy), state[1]]] : hy > hx ? [[state[0], state[1] - 2n * (hy - hx)]] : [];
      expect(sorted(targetsOf(pairLawMoves(law, test, state, vectors))), key(state)).toEqual(sorted(want));
    }
  });

  it('(1,0) (0,1) (1,1)x2 at 10^18: every move lands on a cell the law calls P, and the count is the walked count of the same state moved down by (3t, 3t)', () => {
    // The law (3k − 2, 3k − 1), its mirror images and (3j, 3j) is unchanged by a shift of (3, 3) away from the corner.
    const { vectors, law, test } = lawOf('(1,0) (0,1) (1,1)x2');
    const shift = 10n ** 18n - (10n ** 18n % 3n);
    for (let dx = 0n; dx < 6n; dx++) {
      for (let dy = 0n; dy < 6n; dy++) {
        const state: BigPair = [10n ** 18n + dx, 10n ** 18n + dy];
        const targets = targetsOf(pairLawMoves(law, test, state, vectors));
        for (const t of targets) expect(test(t), key(t)).toBe(true);
        const small: BigPair = [state[0] - shift + 300n, state[1] - shift + 300n];
        expect(targets.length, key(state)).toBe(walkedTargets(test, small, vectors).length);
        expect(sorted(targets.map(([u, v]): BigPair => [u - shift + 300n, v - shift + 300n]))).toEqual(sorted(walkedTargets(test, small, vectors)));
      }
    }
  });

  it('the CLI lists the moves and their count at 10^18, marked observed, and --answer count and moves give the same', async () => {
    const args = ['--vectors', '(1,0) (0,1) (1,1)x2', '--use-observed', '--position', '746918125269591817:746918125269591825'];
    const stdout = (await runMain([...args, '--format', 'json'])).stdout;
    const report = JSON.parse(stdout);
    expect(report.outcome).toBe('N');
    expect(report.grounds.law).toMatchObject({ kind: 'law', proven: false });
    // 746918125269591818 = b_k = 3k − 1 with a_k = 746918125269591817: the one P-cell the moves reach (JSON numbers this large are read back inexactly).
    expect(stdout).toContain('"to":[[746918125269591817,746918125269591818]],"take":7}');
    expect(report.winningMoves).toHaveLength(1);
    expect(report.winningMoveCount).toBe(1);
    expect(report.movesNotListed).toBeNull();
    expect((await runMain([...args, '--answer', 'count'])).stdout.trim()).toBe('1');
    expect((await runMain([...args, '--answer', 'moves'])).stdout.trim()).toBe('746918125269591817 746918125269591825 746918125269591817 746918125269591818');
  });
});

/** P-positions of a vector game up to n, by brute force (a cell is P when no move reaches a P-cell): P[x][y]. */
function brutePositions(vectors: readonly MoveVector[], n: number): boolean[][] {
  const p: boolean[][] = [];
  for (let x = 0; x <= n; x++) {
    p.push([]);
    for (let y = 0; y <= n; y++) {
      let reachesP = false;
      for (const { dx, dy, cap } of vectors) {
        for (let m = 1; !reachesP && (cap === null || m <= cap) && x - m * dx >= 0 && y - m * dy >= 0; m++) reachesP = p[x - m * dx]![y - m * dy]!;
      }
      p[x]!.push(!reachesP);
    }
  }
  return p;
}

describe("a diagonal's P-positions that repeat: the cycle seen over the table answers (t, t) past it (issue 45.3)", () => {
  const N = 340;

  it.each(['(1,0) (0,1) (2,2)x1', '(1,0) (0,1) (1,1) (2,2)'])(`%s: the law observed to 255 says every cell near the diagonal up to ${N} as the brute force does, and the moves from the cells past 255 are the brute force's`, (text) => {
    const { vectors, law, test } = lawOf(text);
    const p = brutePositions(vectors, N);
    for (let x = 0; x <= N; x++) for (let y = Math.max(0, x - 12); y <= Math.min(N, x + 12); y++) expect(test([BigInt(x), BigInt(y)]), `${x}:${y}`).toBe(p[x]![y]);
    for (let x = 256; x <= N; x += 2) {
      for (let y = Math.max(0, x - 9); y <= Math.min(N, x + 9); y++) {
        if (p[x]![y]) continue;
        const brute: BigPair[] = [];
        for (const { dx, dy, cap } of vectors) {
          for (let m = 1; (cap === null || m <= cap) && x - m * dx >= 0 && y - m * dy >= 0; m++) if (p[x - m * dx]![y - m * dy]) brute.push([BigInt(x - m * dx), BigInt(y - m * dy)]);
        }
        expect(sorted(targetsOf(pairLawMoves(law, test, [BigInt(x), BigInt(y)], vectors, 0))), `${x}:${y}`).toEqual([...new Set(sorted(brute))].sort());
      }
    }
  });

  it('(1,0) (0,1) (2,2)x1: the diagonal is x ≡ 0, 1 (mod 4), said so in the law, and a move to (t, t) at 10^18 is answered', async () => {
    const { law } = lawOf('(1,0) (0,1) (2,2)x1');
    expect(law.diagonal).toMatchObject({ kind: 'list', cycle: { from: 0, period: 4, residues: [0, 1] } });
    expect(law.text).toContain('on the diagonal (x, x) for x ≡ 0, 1 (mod 4) (');
    const args = ['--vectors', '(1,0) (0,1) (2,2)x1', '--use-observed', '--format', 'json', '--position'];
    const toDiagonal = await runMain([...args, '1000000000000000000:1000000000000000007']);
    expect(toDiagonal.stdout).toContain('"to":[[1000000000000000000,1000000000000000000]],"take":7}');
    // (t, t) with t ≡ 2 (mod 4): the one move (2,2) reaches t − 2 ≡ 0, P; t ≡ 1 is P itself.
    const alongDiagonal = await runMain([...args, '1000000000000000002:1000000000000000002']);
    expect(alongDiagonal.stdout).toContain('"to":[[1000000000000000000,1000000000000000000]],"take":4}');
    expect(JSON.parse((await runMain([...args, '1000000000000000001:1000000000000000001'])).stdout).outcome).toBe('P');
  });

  it("Wythoff's game with (2,2): only (0, 0) on the diagonal, and none past it (the list ends, seen over two thirds of the table), so the moves at 10^18 are Wythoff's theorem's", () => {
    const { vectors, law, test } = lawOf('(1,0) (0,1) (1,1) (2,2)');
    expect(law.diagonal).toMatchObject({ kind: 'list', list: [0], cycle: { from: 1, period: 1, residues: [] } });
    for (const state of [[10n ** 18n, 10n ** 18n + 7n], [10n ** 18n + 3n, 10n ** 18n + 3n]] as BigPair[]) {
      expect(sorted(targetsOf(pairLawMoves(law, test, state, vectors))), key(state)).toEqual(sorted(wythoffWinningMoves(state[0], state[1])));
    }
  });
});

describe('winning moves by an observed law of each cell (parity, binary digits)', () => {
  const vectors = parseVectors('(1,0)x1 (0,1)x1 (1,1)x1', 'test');
  const grid = analyseSync({ game: { rule: { kind: 'vectors', vectors } }, max: 255n }) as GridExploration;
  const test = cellLawTest(grid.cellLaw!);

  it('(1,0)x1 (0,1)x1 (1,1)x1: the law is "x and y both even", and inside the table its moves are the table\'s moves to a value 0', () => {
    expect(grid.cellLaw!.condition).toBe('x % 2 == 0 and y % 2 == 0');
    for (let x = 0; x <= 60; x++) {
      for (let y = 0; y <= 60; y++) {
        if (grid.value(x, y) === 0) continue;
        const brute = vectors.filter(({ dx, dy }) => x >= dx && y >= dy && grid.value(x - dx, y - dy) === 0).map(({ dx, dy }): BigPair => [BigInt(x - dx), BigInt(y - dy)]);
        expect(sorted(targetsOf(cellLawMoves(test, [BigInt(x), BigInt(y)], vectors))), `${x}:${y}`).toEqual(sorted(brute));
      }
    }
  });

  it('at 10^18 every move lands on a cell the law calls P, as many as at the same residues near 300', () => {
    for (let dx = 0n; dx < 2n; dx++) {
      for (let dy = 0n; dy < 2n; dy++) {
        const state: BigPair = [10n ** 18n + 1n + dx, 10n ** 18n + dy];
        const targets = targetsOf(cellLawMoves(test, state, vectors));
        for (const t of targets) expect(test(t), key(t)).toBe(true);
        expect(targets.length).toBe(walkedTargets(test, [301n + dx, 300n + dy], vectors).length);
      }
    }
  });

  it('a move along a line of more cells than are looked through is refused with the reason (Nim, "x == y", at 10^12)', async () => {
    const run = await runMain(['--vectors', '(1,0) (0,1)', '--use-observed', '--position', '1000000000000:1000000000005', '--format', 'json']);
    const report = JSON.parse(run.stdout);
    expect(report.outcome).toBe('N');
    expect(report.winningMoves).toEqual([]);
    expect(report.movesNotListed).toBe('the law is a condition on each cell, and the move (1,0) reaches 1,000,000,000,000 cells, more than the 100,000 looked through');
  });

  it('the CLI answers "x and y both even" at 10^12 with its moves and count, marked observed', async () => {
    const args = ['--vectors', '(1,0)x1 (0,1)x1 (1,1)x1', '--use-observed', '--position', '1000000000001:1000000000001'];
    const report = JSON.parse((await runMain([...args, '--format', 'json'])).stdout);
    expect(report.grounds.law).toMatchObject({ kind: 'law', observedUpTo: 255, proven: false });
    expect(report.winningMoves.map((m: { to: number[][] }) => m.to[0])).toEqual([[1e12, 1e12]]);
    expect((await runMain([...args, '--answer', 'count'])).stdout.trim()).toBe('1');
  });
});
