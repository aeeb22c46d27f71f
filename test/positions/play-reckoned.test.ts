/**
 * `play` on heaps a proven period covers, for take-and-break games too
 * (issue 45.3): a heap's options are reckoned (counted, picked by place,
 * checked) rather than listed. Against the reference oracle's options at
 * small heaps; at 10^12..10^18 against closed forms of the counts and the
 * values read from the period of a brute-force table computed here; and a
 * few moves of a game on a Kayles heap of 10^15, in process and through the
 * command line.
 */
import { describe, expect, it } from 'vitest';
import { kindOf, type Rule } from '../../src/core/kinds/registry.js';
import { parseCode } from '../../src/core/rules/code.js';
import { startPlay } from '../../src/core/play/start.js';
import { PlaySession } from '../../src/core/play/session.js';
import { parseMove } from '../../src/core/play/parse-move.js';
import { translator } from '../../src/core/i18n/index.js';
import type { HeapMoves } from '../../src/core/heap/heap-kind.js';
import { referenceOptions, referenceValues } from '../oracles/reference.js';
import { runMain } from '../helpers/in-process.js';
import { expectBadInput } from '../helpers/cli.js';
import { int, mulberry32 } from '../helpers/random.js';

const code = (text: string): Rule => ({ kind: 'take-and-break', code: parseCode(text) });
const movesOf = (rule: Rule): HeapMoves => kindOf(rule).heap!.moves(rule);
const sorted = (parts: readonly number[]) => [...parts].filter((p) => p > 0).sort((a, b) => a - b);
const keyOf = (parts: readonly (number | bigint)[]) => sorted(parts.map(Number)).join('+');

describe('options reckoned at small heaps, against the reference', () => {
  const rules: [string, Rule, (n: number) => number[][]][] = [
    ...['0.77', '0.07', '0.71', '4.07', '0.137', '4!.0', '0.4!7', '0.16', '0.8', '0.F', '4.B4', '8.0'].map((c): [string, Rule, (n: number) => number[][]] => [c, code(c), (n) => referenceOptions(code(c), n)]),
    ['subtraction {1,3,4}', { kind: 'subtraction', moves: [1, 3, 4] }, (n) => referenceOptions({ kind: 'subtraction', moves: [1, 3, 4] }, n)],
    ['all-but {2,5}', { kind: 'all-but', excluded: [2, 5] }, (n) => referenceOptions({ kind: 'all-but', excluded: [2, 5] }, n)],
    ['nim', { kind: 'all-but', excluded: [] }, (n) => referenceOptions({ kind: 'all-but', excluded: [] }, n)],
    ['take up to 3', { kind: 'take-up-to', most: 3n } as Rule, (n) => Array.from({ length: Math.min(n, 3) }, (_, i) => [n - i - 1])],
  ];
  for (const [name, rule, reference] of rules) {
    it(`${name}: the count, every option in the rule's own order, is-an-option and splits-taking, for heaps 0..40`, () => {
      const moves = movesOf(rule);
      const reckoned = moves.reckoned!;
      expect(reckoned).toBeDefined();
      for (let n = 0; n <= 40; n++) {
        const N = BigInt(n);
        const truth = reference(n);
        expect(reckoned.count(N), `${name} heap ${n}`).toBe(BigInt(truth.length));
        // The same options as the reference, in the order the rule lists them (play's random moves depend on it).
        const at = Array.from({ length: truth.length }, (_, i) => reckoned.at(N, BigInt(i)).map(Number));
        expect(at.map(keyOf), `${name} heap ${n}`).toEqual(moves.options(n).map(keyOf));
        expect(new Set(at.map(keyOf)), `${name} heap ${n}`).toEqual(new Set(truth.map(keyOf)));
        // Every way of leaving at most three heaps of fewer tokens: an option exactly when the reference lists it.
        const options = new Set(truth.map(keyOf));
        for (let left = 0; left <= n; left++) {
          const threes: number[][] = [];
          for (let a = 1; 3 * a <= left; a++) for (let b = a; 2 * b <= left - a; b++) threes.push([a, b, left - a - b]);
          const candidates = [[left], ...Array.from({ length: left >> 1 }, (_, a) => [a + 1, left - a - 1]), ...threes];
          for (const parts of candidates) expect(reckoned.isOption(N, sorted(parts).map(BigInt)), `${name} heap ${n} -> ${parts}`).toBe(options.has(keyOf(parts)));
          const take = n - left;
          expect(reckoned.splitsTaking(N, BigInt(take)), `${name} heap ${n} take ${take}`).toBe(truth.some((o) => sorted(o).length > 1 && n - o.reduce((a, b) => a + b, 0) === take));
        }
      }
    });
  }

  it('repeating codes and named sequences are not reckoned (play still lists them, up to 10^6)', () => {
    expect(movesOf(code('4.[3]')).reckoned).toBeUndefined();
    expect(movesOf({ kind: 'sequence-subtraction', sequence: 'squares' } as Rule).reckoned).toBeUndefined();
  });
});

describe('options reckoned at 10^12 and 10^18, against closed forms', () => {
  for (const n of [10n ** 12n, 10n ** 18n, 10n ** 18n + 1n]) {
    it(`Kayles (0.77), Dawson's Kayles (0.07), 0.71 and Grundy's game (4!.0) at ${n}`, () => {
      const kayles = movesOf(code('0.77')).reckoned!;
      // Take 1 or 2: the heap left, and each split a + (rest - a) with a <= rest / 2.
      expect(kayles.count(n)).toBe(1n + (n - 1n) / 2n + 1n + (n - 2n) / 2n);
      expect(kayles.at(n, 0n)).toEqual([n - 1n]);
      expect(kayles.at(n, 1n)).toEqual([1n, n - 2n]);
      expect(kayles.at(n, (n - 1n) / 2n)).toEqual([(n - 1n) / 2n, n - 1n - (n - 1n) / 2n]);
      expect(kayles.at(n, (n - 1n) / 2n + 1n)).toEqual([n - 2n]);
      expect(kayles.at(n, kayles.count(n) - 1n)).toEqual([(n - 2n) / 2n, n - 2n - (n - 2n) / 2n]);
      expect(kayles.isOption(n, [12345n, n - 12347n])).toBe(true);
      expect(kayles.isOption(n, [12345n, n - 12348n])).toBe(false);
      expect(kayles.isOption(n, [n - 3n])).toBe(false);
      expect(kayles.isOption(n, [1n, 1n, n - 4n])).toBe(false);
      const dawson = movesOf(code('0.07')).reckoned!;
      expect(dawson.count(n)).toBe(1n + (n - 2n) / 2n);
      expect(dawson.isOption(n, [n - 1n])).toBe(false);
      expect(dawson.isOption(n, [n - 2n])).toBe(true);
      expect(dawson.splitsTaking(n, 2n) && !dawson.splitsTaking(n, 1n)).toBe(true);
      // 0.71: take 1 and leave one heap or two; take 2 only when that empties the heap.
      expect(movesOf(code('0.71')).reckoned!.count(n)).toBe(1n + (n - 1n) / 2n);
      // Grundy's game: split into two unequal heaps.
      const grundy = movesOf(code('4!.0')).reckoned!;
      expect(grundy.count(n)).toBe((n - 1n) / 2n);
      expect(grundy.isOption(n, [n / 2n, n - n / 2n])).toBe(n % 2n === 1n);
    });
  }
});

// Kayles' values by the definition, and the period they fall into (Guy and Smith, 1956: 12 from heap 71 on).
const KAYLES = referenceValues(code('0.77'), 1200);
const FROM = 71;
const kaylesValue = (n: bigint) => (n < BigInt(FROM) ? KAYLES[Number(n)]! : KAYLES[FROM + Number((n - BigInt(FROM)) % 12n)]!);

describe('play on a Kayles heap of 10^15', () => {
  it('the brute force repeats with period 12 from heap 71 (the period read here)', () => {
    for (let n = FROM + 12; n < KAYLES.length; n++) expect(KAYLES[n], `heap ${n}`).toBe(KAYLES[n - 12]);
    expect(KAYLES[FROM - 1]).not.toBe(KAYLES[FROM + 11]);
  });

  it('in process: random human moves typed as takes and splits are accepted, and each reply of the computer leaves a P-position', async () => {
    const t = translator('en');
    const random = mulberry32(4531);
    const { playable, start, next } = await startPlay({ game: { rule: code('0.77') }, position: ['1000000000000000'], seed: 1 });
    const session = new PlaySession<bigint>(playable, start as bigint[], { misere: false, humanFirst: true, level: 10, random: next });
    const nimSum = (p: readonly bigint[]) => p.reduce((x, n) => x ^ kaylesValue(n), 0);
    for (let turn = 0; turn < 6 && !session.result(); turn++) {
      // The human: split the largest heap somewhere, or take 1 or 2 from it, typed as a person would.
      const position = session.position;
      const i = position.indexOf(position.reduce((a, b) => (a > b ? a : b)));
      const heap = position[i]!;
      const take = BigInt(int(random, 1, 2));
      const a = BigInt(int(random, 1, 1_000_000));
      const typed = turn % 2 ? `${i + 1} ${take}` : `${i + 1} -> ${heap - take - a} ${a}`;
      const move = parseMove(t, playable, position, typed);
      if (typeof move === 'string') throw new Error(`${typed}: ${move}`);
      expect(move.take, typed).toBe(take);
      session.play(move);
      expect(session.position.reduce((s, n) => s + n, 0n)).toBe(position.reduce((s, n) => s + n, 0n) - take);
      const before = session.position;
      const reply = await session.computerMove();
      session.play(reply);
      if (nimSum(before) !== 0) expect(nimSum(session.position), `after ${before.join(' ')}`).toBe(0);
    }
    // Moves the rule does not allow are refused, named: taking 3, a split that loses a token too many, a wrong sum.
    const heap = session.position.indexOf(session.position.reduce((a, b) => (a > b ? a : b))) + 1;
    const n = session.position[heap - 1]!;
    expect(parseMove(t, playable, session.position, `${heap} 3`)).toBe(`you cannot take 3 from heap ${heap} (${n}) under this rule`);
    expect(parseMove(t, playable, session.position, `${heap} -> 5 ${n - 8n}`)).toBe(`${n} cannot become 5 + ${n - 8n} in one move`);
    expect(session.moveCount()).toBe(session.position.reduce((s, h) => s + (h >= 1n ? 1n + (h - 1n) / 2n : 0n) + (h >= 2n ? 1n + (h - 2n) / 2n : 0n), 0n));
  });

  it('at level 1 the computer plays random moves on the huge heap, each a legal Kayles move', async () => {
    const { playable, start, next } = await startPlay({ game: { rule: code('0.77') }, position: ['1000000000000000', '7'], seed: 3 });
    const session = new PlaySession<bigint>(playable, start as bigint[], { misere: false, humanFirst: false, level: 1, random: next });
    for (let turn = 0; turn < 8; turn++) {
      const move = await session.computerMove();
      const left = move.to.filter((h) => h > 0n);
      expect(move.take === 1n || move.take === 2n, String(move.take)).toBe(true);
      expect(left.reduce((s, h) => s + h, 0n)).toBe(move.from - move.take!);
      expect(left.length).toBeLessThanOrEqual(2);
      session.play(move);
    }
  });

  it('through the command line: the hint counts the winning moves, a bad move is refused, the reply leaves a P-position', async () => {
    const stdin = ['hint', '1 -> 3 4', 'take 3 from heap 1', '1 2', 'quit'].join('\n') + '\n';
    const run = await runMain(['play', '--preset', 'kayles', '--position', '1000000000000000', '--first', 'human'], { stdin });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Not a move: 1000000000000000 cannot become 3 + 4 in one move (type help)');
    expect(run.stdout).toContain('Not a move: you cannot take 3 from heap 1 (1000000000000000) under this rule (type help)');
    expect(run.stdout).toMatch(/Winning moves:\n(  heap 1: 1000000000000000 -> \d+ \+ \d+\n){8}  … and [\d,]+ more/);
    expect(run.stdout.replace(/\n/g, ' ')).toContain('Past the table: 1000000000000000, valued by proven period (guy-smith: period 12 from n = 71).');
    const reply = /Position: 999999999999998\nThe computer plays: [^\n]*\n\nPosition: ([\d ]+)\n/.exec(run.stdout);
    expect(reply, run.stdout).not.toBeNull();
    const after = reply![1]!.split(' ').map(BigInt);
    expect(after.reduce((s, n) => s + n, 0n)).toBeLessThan(999999999999998n);
    expect(after.reduce((x, n) => x ^ kaylesValue(n), 0)).toBe(0);
  });

  it('misère play on the huge heap, which no misère theory covers here, is refused before the game starts, in one line', async () => {
    expectBadInput(await runMain(['play', '--preset', 'kayles', '--position', '1000000000000000', '--misere'], { stdin: 'hint\n' }), 'misère Kayles 10^15', {
      pattern: /^sg-explore: --misere: a heap of 1000000000000000 may reach more than 10\^300 positions[^\n]*\n$/,
    });
  });

  it('a huge heap of a code with no proven period (0.6) is refused naming the heap of --position, in one line', async () => {
    expectBadInput(await runMain(['play', '--code', '0.6', '--position', '1000000000000', '--limit', '1000']), '0.6 at 10^12', {
      pattern: /^sg-explore: --position: heap 1,000,000,000,000: past 1,000,000, play values a heap only through a proven period, and none was proven within the first 1,000 values \(raise --limit\)\n$/,
    });
  });
});
