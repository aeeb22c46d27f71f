/**
 * Heaps past 2^53 on the page, exact through the engine's operations (run
 * here in Node): a Kayles heap of 10^18 + 7 in play (its size, its count of
 * moves, the hint's winning moves), as a position in the explore view (its
 * value, its winning moves and their count) and asked for with --at (its
 * value, and the CSV the CLI writes), each checked against
 * Kayles' values by the definition and its period of 12 from n = 71, which
 * the test itself checks over the Guy–Smith bound.
 */
import { describe, expect, it } from 'vitest';
import { exploreOps } from '../../src/web/engine/explore-ops.js';
import { playOps } from '../../src/web/engine/play-ops.js';
import type { HintView, PlaySnapshot } from '../../src/web/play/protocol.js';
import type { HeapView, PositionView } from '../../src/web/engine/explore-protocol.js';
import { presetGame } from '../../src/index.js';
import { referenceOptions, referenceValues } from '../oracles/reference.js';
import { runCli } from '../helpers/cli.js';
import type { Rule } from '../../src/core/kinds/registry.js';

const context = { progress: () => {} };
const N = 10n ** 18n + 7n;
const KAYLES = presetGame('kayles').rule as Rule;
const PREPERIOD = 71;
const PERIOD = 12;
const g = referenceValues(KAYLES, 200);

/** G(n) of Kayles at any size: by the definition below 200, by the period past it. */
const G = (n: bigint): number => (n < 200n ? g[Number(n)]! : g[PREPERIOD + Number((n - BigInt(PREPERIOD)) % BigInt(PERIOD))]!);

/** Kayles from a heap of n: knock down 1 or 2 pins, leaving rows a and n − k − a (unordered, either may be 0). */
const moveCount = (n: bigint): bigint => (n >= 1n ? (n - 1n) / 2n + 1n : 0n) + (n >= 2n ? (n - 2n) / 2n + 1n : 0n);

/** The winning moves from a single heap of n: splits {a, b} (a ≤ b) of n − k with G(a) = G(b), counted by residue past the preperiod. */
function winningCount(n: bigint): bigint {
  let count = 0n;
  for (const k of [1n, 2n]) {
    const rest = n - k;
    const most = rest / 2n;
    for (let a = 0n; a < BigInt(PREPERIOD); a++) if (G(a) === G(rest - a)) count++;
    for (let r = 0; r < PERIOD; r++) {
      const a = BigInt(PREPERIOD + r);
      if (G(a) !== G(rest - a)) continue;
      // Values a ≡ a (mod 12) from a to most: b = rest − a moves with it, so G(b) stays the same.
      if (a <= most) count += (most - a) / BigInt(PERIOD) + 1n;
    }
  }
  return count;
}

describe('heaps past 2^53 on the page', () => {
  it("the oracle holds: Kayles' period 12 from 71 over the Guy–Smith bound, and the count of moves by the definition", () => {
    for (let n = PREPERIOD; n < 2 * PREPERIOD + PERIOD + 2; n++) expect(g[n + PERIOD], `G(${n + PERIOD})`).toBe(g[n]);
    for (let n = 0; n < 60; n++) expect(moveCount(BigInt(n))).toBe(BigInt(referenceOptions(KAYLES, n).length));
    // The count of winning moves, by the residues, against a plain count where the heap is small enough to list.
    for (const n of [150n, 161n, 199n]) {
      const plain = referenceOptions(KAYLES, Number(n)).filter((parts) => parts.reduce((x, h) => x ^ G(BigInt(h)), 0) === 0).length;
      expect(winningCount(n), String(n)).toBe(BigInt(plain));
    }
  });

  it('play: a Kayles heap of 10^18 + 7 keeps its size and its count of moves exactly, and each hinted move wins', async () => {
    const start = (await playOps['play.open']!({ lang: 'en', seed: 1, misere: false, first: 'human', level: 10, game: { word: 'preset', text: 'kayles' }, position: [String(N)] }, context)) as PlaySnapshot;
    const heap = start.components[0]!;
    expect(heap.heap).toBe(N);
    expect(heap.text).toBe('1000000000000000007');
    expect(heap.optionCount).toBe(moveCount(N));
    expect(heap.options).toBeNull();
    const hint = (await playOps['play.hint']!({ id: start.id }, context)) as HintView;
    expect(hint.outcome).toBe(G(N) === 0 ? 'P' : 'N');
    expect(hint.winning.length).toBeGreaterThan(0);
    for (const key of hint.winning) {
      const parts = key.replace(/^1\//, '').split('+').map(BigInt);
      const left = parts.reduce((a, b) => a + b, 0n);
      expect([N - 1n, N - 2n], key).toContain(left);
      expect(parts.reduce((x, h) => x ^ G(h), 0), key).toBe(0);
    }
  });

  it('explore: the position 10^18 + 7 has its value, winning moves and their count exactly', async () => {
    const answer = (await exploreOps.position!({ pairs: [['preset', 'kayles'], ['position', String(N)]], origin: null, lang: 'en' }, context)) as PositionView;
    expect(answer.position).toEqual(['1000000000000000007']);
    expect(answer.values).toEqual([String(G(N))]);
    expect(answer.moveCount).toBe(String(winningCount(N)));
    for (const move of answer.moves) {
      const parts = move.to.map(BigInt);
      expect([N - 1n, N - 2n]).toContain(parts.reduce((a, b) => a + b, 0n));
      expect(parts.reduce((x, h) => x ^ G(h), 0), move.words).toBe(0);
      expect(move.take).toBe(String(N - parts.reduce((a, b) => a + b, 0n)));
    }
  });

  it('explore --at: heaps 10^18 + 7 and 5 get their exact values, and the CSV is the CLI\'s, byte for byte', async () => {
    const pairs = [['preset', 'kayles'], ['at', `${N},5`]] as const;
    const view = (await exploreOps.explore!({ pairs, origin: null, lang: 'en' }, context)) as HeapView;
    expect(view.at!.map((a) => [a.n, a.value, a.outcome])).toEqual([
      [String(N), String(G(N)), G(N) === 0 ? 'P' : 'N'],
      ['5', String(G(5n)), G(5n) === 0 ? 'P' : 'N'],
    ]);
    expect(view.at![0]!.ground).toMatch(/^proven period/);
    const csv = await ((await exploreOps.download!({ format: 'csv' }, context)) as Blob).text();
    const cli = await runCli(['--preset', 'kayles', '--at', `${N},5`, '--format', 'csv']);
    expect(cli.code).toBe(0);
    expect(csv).toBe(cli.stdout);
  });
});
