/**
 * Two-pile positions past the table they would need (issue 45.3): a sum of
 * P-positions by Wythoff's theorem (each part's value is 0), a part the
 * theorem calls an N-position refused by name (its value is unknown), and
 * with --use-observed the law of the P-positions observed over a table,
 * marked observed, checked here against a brute force beyond that table.
 */
import { describe, expect, it } from 'vitest';
import { analyseSync } from '../../src/core/analyse.js';
import { parseVectors } from '../../src/core/kinds/two-pile/rule.js';
import { pairLawTest } from '../../src/core/positions/pair-law-position.js';
import type { GridExploration } from '../../src/core/kinds/two-pile/grid.js';
import type { PositionReport } from '../../src/core/positions/position.js';
import { runMain } from '../helpers/in-process.js';
import { expectBadInput } from '../helpers/cli.js';

const PHI = (1 + Math.sqrt(5)) / 2;

describe("a sum of Wythoff positions past the table", () => {
  it('two P-positions of Wythoff (F(40):F(41), and the 141,421,356th pair) make a P-position, each by the theorem', async () => {
    const run = await runMain(['--preset', 'wythoff', '--position', '165580140:267914295', '228826126:370248450', '--format', 'json']);
    const report = JSON.parse(run.stdout);
    expect(report.outcome).toBe('P');
    expect(report.nimSum).toBe(0);
    expect(report.components.map((c: { grundy: number; ground: string }) => [c.grundy, c.ground])).toEqual([[0, 'theorem'], [0, 'theorem']]);
    expect(report.grounds.theorem.theorem).toMatch(/^Wythoff \(1907\)/);
  });

  it('a part the theorem calls an N-position is refused by its place and state (its nim value is not known)', async () => {
    const run = await runMain(['--preset', 'wythoff', '--position', '165580140:267914295', '228826126:370248451']);
    expectBadInput(run, 'N part', { pattern: /^sg-explore: --position: a table up to 228826126:370248451 has [\d,]+ cells, more than the 100,000,000 a position may need; component 2 \(228826126:370248451\) is an N-position by the theorem, which gives the P-positions only/ });
  });

  it('small sums still come from the table (values, not only outcomes)', () => {
    const report = analyseSync({ game: { rule: { kind: 'vectors', vectors: parseVectors('(1,0) (0,1) (1,1)') } }, position: ['1:1', '2:2'] }) as PositionReport<unknown>;
    expect(report.components.map((c) => [c.grundy, c.ground.kind])).toEqual([[2n, 'table'], [1n, 'table']]);
  });
});

/** G(x, y) of a two-pile game of moves (dx, dy) x cap (cap null: any multiple), by the definition, for x, y <= max. */
function pairValues(vectors: readonly { dx: number; dy: number; cap: number | null }[], max: number): number[][] {
  const g: number[][] = [];
  // seen[v] === stamp: value v is an option's of the cell being computed.
  const seen = new Int32Array(4 * max + 8);
  let stamp = 0;
  for (let x = 0; x <= max; x++) {
    g.push([]);
    for (let y = 0; y <= max; y++) {
      stamp++;
      for (const { dx, dy, cap } of vectors) {
        for (let t = 1; (cap === null || t <= cap) && x - t * dx >= 0 && y - t * dy >= 0; t++) seen[g[x - t * dx]![y - t * dy]!] = stamp;
      }
      let v = 0;
      while (seen[v] === stamp) v++;
      g[x]!.push(v);
    }
  }
  return g;
}

describe('--use-observed: the law of the P-positions observed over a table', () => {
  it('(1,0) (0,1) (1,1)x2: the law read off 0..255 gives every outcome the brute force gives up to 320', () => {
    const vectors = parseVectors('(1,0) (0,1) (1,1)x2');
    const grid = analyseSync({ game: { rule: { kind: 'vectors', vectors } }, max: 255n }) as GridExploration;
    const test = pairLawTest(grid.law!)!;
    expect(test).not.toBeNull();
    const g = pairValues(vectors, 320);
    for (let x = 0; x <= 320; x++) for (let y = 0; y <= 320; y++) expect(test([BigInt(x), BigInt(y)]), `${x}:${y}`).toBe(g[x]![y] === 0);
  });

  it("Wythoff's own law, observed, agrees with ⌊kφ⌋, ⌊kφ²⌋ far past the table", () => {
    const grid = analyseSync({ game: { rule: { kind: 'vectors', vectors: parseVectors('(1,0) (0,1) (1,1)') } }, max: 255n }) as GridExploration;
    const test = pairLawTest(grid.law!)!;
    for (const k of [1000, 123456, 98765432]) {
      const [a, b] = [BigInt(Math.floor(k * PHI)), BigInt(Math.floor(k * PHI * PHI))];
      expect(test([a, b])).toBe(true);
      expect(test([b, a])).toBe(true);
      expect(test([a, b + 1n])).toBe(false);
    }
  });

  it('a position at 10^18 is answered, its ground the law observed (not proven); without --use-observed it is refused', async () => {
    const args = ['--vectors', '(1,0) (0,1) (1,1)x2', '--position', '746918125269591817:746918125269591818'];
    const report = JSON.parse((await runMain([...args, '--use-observed', '--format', 'json'])).stdout);
    // 746918125269591817 = 3k - 2 for k = 248972708423197273, and b_k = 3k - 1: a P-position by the law.
    expect(report.outcome).toBe('P');
    expect(report.components[0].ground).toBe('law');
    expect(report.grounds.law).toMatchObject({ kind: 'law', observedUpTo: 255, proven: false });
    const n = JSON.parse((await runMain(['--vectors', '(1,0) (0,1) (1,1)x2', '--position', '746918125269591817:746918125269591819', '--use-observed', '--format', 'json'])).stdout);
    expect(n.outcome).toBe('N');
    expect(n.components[0].grundy).toBeNull();
    expect(n.movesNotListed).toBeNull();
    expect(n.winningMoveCount).toBe(n.winningMoves.length);
    expectBadInput(await runMain(args), 'without --use-observed', { pattern: /larger than 9,007,199,254,740,991/ });
  });
});
