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
import type { GroupedExplanationView, HeapView, PositionView } from '../../src/web/engine/explore-protocol.js';
import { groupedWhy } from '../../src/web/explore/why.js';
import { translator } from '../../src/core/i18n/index.js';
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

/** The options of a single heap of n worth v: splits {a, b} (a ≤ b) of n − k with G(a) xor G(b) = v, counted by residue past the preperiod. */
function countWithValue(n: bigint, v: number): bigint {
  let count = 0n;
  for (const k of [1n, 2n]) {
    const rest = n - k;
    const most = rest / 2n;
    for (let a = 0n; a < BigInt(PREPERIOD); a++) if ((G(a) ^ G(rest - a)) === v) count++;
    for (let r = 0; r < PERIOD; r++) {
      const a = BigInt(PREPERIOD + r);
      if ((G(a) ^ G(rest - a)) !== v) continue;
      // Values a ≡ a (mod 12) from a to most: b = rest − a moves with it, so G(b) stays the same.
      if (a <= most) count += (most - a) / BigInt(PERIOD) + 1n;
    }
  }
  return count;
}

/** The winning moves from a single heap of n: its options worth 0. */
const winningCount = (n: bigint): bigint => countWithValue(n, 0);

describe('heaps past 2^53 on the page', () => {
  it("the oracle holds: Kayles' period 12 from 71 over the Guy–Smith bound, and the count of moves by the definition", () => {
    for (let n = PREPERIOD; n < 2 * PREPERIOD + PERIOD + 2; n++) expect(g[n + PERIOD], `G(${n + PERIOD})`).toBe(g[n]);
    for (let n = 0; n < 60; n++) expect(moveCount(BigInt(n))).toBe(BigInt(referenceOptions(KAYLES, n).length));
    // The count of winning moves, by the residues, against a plain count where the heap is small enough to list.
    for (const n of [150n, 161n, 199n]) {
      for (let v = 0; v < 16; v++) {
        const plain = referenceOptions(KAYLES, Number(n)).filter((parts) => parts.reduce((x, h) => x ^ G(BigInt(h)), 0) === v).length;
        expect(countWithValue(n, v), `${n}, value ${v}`).toBe(BigInt(plain));
      }
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

  it('why G(10^18 + 7) = 7: its options grouped by value, each value with the count of options that reach it and one of them, and the mex marked (issue 43.4)', async () => {
    await exploreOps.explore!({ pairs: [['preset', 'kayles'], ['at', String(N)]], origin: null, lang: 'en' }, context);
    const why = (await exploreOps.explain!({ n: String(N) }, context)) as GroupedExplanationView;
    expect(why).toMatchObject({ grouped: true, n: String(N), value: G(N), every: true });
    expect(why.ground).toMatch(/^proven period \(guy-smith: period 12 from n = 71\)$/);
    // Every value a split can have (xors of two values, each at most Kayles' largest, 8), counted by residue here.
    const want = Array.from({ length: 16 }, (_, v) => [v, countWithValue(N, v)] as const).filter(([, c]) => c > 0n);
    expect(why.groups.map((g) => [g.value, BigInt(g.count)])).toEqual(want);
    expect(BigInt(why.count)).toBe(moveCount(N));
    let mex = 0;
    while (why.reached.includes(mex)) mex++;
    expect(mex).toBe(G(N));
    for (const g of why.groups) {
      const parts = g.witness.map(BigInt);
      expect([N - 1n, N - 2n]).toContain(parts.reduce((a, b) => a + b, 0n));
      expect(g.witnessValues).toEqual(parts.map(G));
      expect(parts.reduce((x, h) => x ^ G(h), 0)).toBe(g.value);
    }
    const shown = groupedWhy(why, translator('en'), 'en');
    expect(shown.sentence).toBe(`G(${N}) = ${G(N)} because its options have values ${why.reached.join(', ')}: ${G(N)} is the least value not among them (the mex).`);
    const first = why.groups[0]!;
    expect(shown.rows[0]).toEqual({ option: `${first.witness.join(' + ')} (one of ${BigInt(first.count).toLocaleString('en-US')} options of this value)`, value: `G(${first.witness[0]}) ⊕ G(${first.witness[1]}) = 0`, p: true });
    expect(shown.note).toContain(`A heap of ${N} has ${moveCount(N).toLocaleString('en-US')} options, too many to list`);
  });

  it('why past the table under a theorem (the divisor game) looks for the values 0..G(n) only, saying so; a game whose values grow (all-but) is refused, saying why', async () => {
    const n = 3n * 2n ** 60n;
    await exploreOps.explore!({ pairs: [['preset', 'divisor'], ['at', String(n)]], origin: null, lang: 'en' }, context);
    const why = (await exploreOps.explain!({ n: String(n) }, context)) as GroupedExplanationView;
    // G(n) is the exponent of 2 in n: 60, and the options reach every value below it.
    expect(why).toMatchObject({ grouped: true, value: 60, every: false });
    expect(why.reached).toEqual(Array.from({ length: 60 }, (_, v) => v));
    expect(groupedWhy(why, translator('en'), 'en').note).toMatch(/^Its options are counted by value for the values 0 to 60 only/);
    await exploreOps.explore!({ pairs: [['all-but', '2,3,7'], ['at', '1000000000000000000']], origin: null, lang: 'en' }, context);
    await expect(exploreOps.explain!({ n: '1000000000000000000' }, context)).rejects.toThrow('heap 1000000000000000000 (G = 500000000000000000): its options reach more values than the 1,024 grouped one by one');
  });
});
