import { describe, expect, it } from 'vitest';
import { presetGame } from '../../src/core/presets.js';
import { parseRuleText } from '../../src/core/rule-file.js';
import { startPlay } from '../../src/core/play/start.js';
import { PlaySession, applyMove, moveKey } from '../../src/core/play/session.js';
import { hintParagraphs, moveWords } from '../../src/core/play/words.js';
import { translator } from '../../src/core/i18n/index.js';
import type { Playable } from '../../src/core/positions/playable.js';
import type { GameSpec } from '../../src/core/kinds/registry.js';
import * as library from '../../src/index.js';

/** The outcome by brute force over every line of play: true when the player to move wins. */
function bruteWins<S>(game: Playable<S>, misere: boolean): (position: readonly S[]) => boolean {
  const memo = new Map<string, boolean>();
  const wins = (position: readonly S[]): boolean => {
    const key = position.map((s) => game.key(s)).sort().join(' ');
    const known = memo.get(key);
    if (known !== undefined) return known;
    const session = new PlaySession(game, position, { misere, humanFirst: true, level: 10, random: () => 0 });
    const moves = session.legalMoves();
    // No move: normal play, the player to move loses; misère, they win.
    const result = moves.length === 0 ? misere : moves.some((m) => !wins(applyMove(game, position, m)));
    memo.set(key, result);
    return result;
  };
  return wins;
}

/** Every list of `count` states drawn from `states`, in non-decreasing order of index. */
function* multisets<T>(states: readonly T[], count: number, from = 0): Generator<T[]> {
  if (count === 0) return yield [];
  for (let i = from; i < states.length; i++) for (const rest of multisets(states, count - 1, i)) yield [states[i]!, ...rest];
}

const ready = (game: GameSpec, position: string[]) => startPlay({ game, position, seed: 1 });

/** Games to check, each with the states its small positions are made of. */
const GAMES: { name: string; game: GameSpec; widest: string[]; states: string[]; heaps: number }[] = [
  { name: 'Nim', game: presetGame('nim'), widest: ['7'], states: ['0', '1', '2', '3', '4', '5', '6', '7'], heaps: 3 },
  { name: 'subtraction 1,2,3', game: parseRuleText('moves: [1, 2, 3]', 'test.yaml'), widest: ['9'], states: ['1', '2', '3', '5', '6', '8', '9'], heaps: 2 },
  { name: 'Kayles', game: presetGame('kayles'), widest: ['8'], states: ['1', '2', '3', '4', '5', '7', '8'], heaps: 2 },
  { name: "Wythoff's game", game: presetGame('wythoff'), widest: ['6:6'], states: ['0:1', '1:2', '2:2', '3:5', '4:2', '5:6', '6:3'], heaps: 2 },
  { name: 'Fibonacci Nim', game: presetGame('fibonacci-nim'), widest: ['13'], states: ['(5,4)', '(8,7)', '(7,2)', '(13,12)', '(6,1)'], heaps: 1 },
];

describe('the play session model', () => {
  for (const { name, game, widest, states, heaps } of GAMES) {
    for (const misere of [false, true]) {
      if (misere && name === 'Fibonacci Nim') continue;
      it(`${name}${misere ? ' (misère)' : ''}: hints list exactly the winning moves brute force finds, and level 10 always moves to a P-position when there is one`, async () => {
        const { playable } = await ready(game, widest);
        const wins = bruteWins(playable, misere);
        let checked = 0;
        for (let count = 1; count <= heaps; count++) {
          for (const texts of multisets(states, count)) {
            const position = texts.map((s) => playable.parse(s));
            const session = new PlaySession(playable, position, { misere, humanFirst: false, level: 10, random: () => 0 });
            const legal = session.legalMoves();
            if (legal.length === 0) continue;
            const report = await session.hint();
            const brute = legal.filter((m) => !wins(applyMove(playable, position, m))).map((m) => moveKey(playable, m)).sort();
            expect(report.winningMoves.map((m) => moveKey(playable, m)).sort(), `${texts.join(' ')}`).toEqual([...new Set(brute)]);
            expect(report.outcome, texts.join(' ')).toBe(wins(position) ? 'N' : 'P');
            const move = await session.computerMove();
            expect(legal.some((m) => moveKey(playable, m) === moveKey(playable, move))).toBe(true);
            if (brute.length) expect(wins(applyMove(playable, position, move)), `${texts.join(' ')}: ${moveKey(playable, move)}`).toBe(false);
            checked++;
          }
        }
        expect(checked).toBeGreaterThan(4);
      });
    }
  }

  it('level 10 is perfect on large heaps too, through the proven period: take 1..3 on heaps near a million', async () => {
    const game = parseRuleText('moves: [1, 2, 3]', 'test.yaml');
    const { playable } = await ready(game, ['1000000']);
    const value = (n: bigint) => n % 4n;
    for (const start of [[999_999n, 1_000_000n], [777_777n, 123_457n, 999_998n], [1_000_000n, 5n, 3n]]) {
      const session = new PlaySession(playable, start, { misere: false, humanFirst: false, level: 10, random: () => 0 });
      const before = start.reduce((x, n) => x ^ value(n), 0n);
      expect(before).not.toBe(0n);
      const move = await session.computerMove();
      session.play(move);
      expect(session.position.reduce((x, n) => x ^ value(n as bigint), 0n), start.join(' ')).toBe(0n);
    }
  });

  it('the library exports the session, its start and its words', async () => {
    const { playable, start } = await library.startPlay({ game: library.presetGame('nim'), position: ['1', '2'], seed: 1 });
    const session = new library.PlaySession(playable, start, { misere: false, humanFirst: true, level: 10, random: () => 0 });
    const report = await session.hint();
    expect(report.winningMoves.map((m) => library.moveWords(library.translator('zh'), playable, m))).toEqual(['从第 2 堆取走 1 个']);
  });

  it('undo goes back to the human\'s previous turn, both moves at once, and not before the start', async () => {
    const { playable } = await ready(presetGame('nim'), ['3', '5', '7']);
    const session = new PlaySession(playable, [3n, 5n, 7n], { misere: false, humanFirst: true, level: 10, random: () => 0 });
    expect(session.canUndo).toBe(false);
    expect(session.undo()).toBe(false);
    session.play(session.find('1/2')!); // heap 1: 3 -> 2
    expect(session.humanToMove).toBe(false);
    session.play(await session.computerMove());
    expect(session.moves.length).toBe(2);
    const after = session.position.join(' ');
    session.play(session.legalMoves()[0]!);
    session.play(await session.computerMove());
    expect(session.undo()).toBe(true);
    expect(session.position.join(' ')).toBe(after);
    expect(session.humanToMove).toBe(true);
    expect(session.undo()).toBe(true);
    expect(session.position).toEqual([3n, 5n, 7n]);
    expect(session.moves.length).toBe(0);
    expect(session.undo()).toBe(false);
  });

  it('the computer moving first can be undone only back to the human\'s first turn', async () => {
    const { playable } = await ready(presetGame('nim'), ['1', '2']);
    const session = new PlaySession(playable, [1n, 2n], { misere: false, humanFirst: false, level: 10, random: () => 0 });
    session.play(await session.computerMove()); // 1 2 -> 1 1
    expect(session.position).toEqual([1n, 1n]);
    expect(session.canUndo).toBe(false);
    session.play(session.find('1/')!);
    session.play(await session.computerMove());
    expect(session.result()).toEqual({ humanWins: false });
    expect(session.undo()).toBe(true);
    expect(session.position).toEqual([1n, 1n]);
  });

  it('a seed gives the same start every time, and other seeds other starts', async () => {
    for (const game of [presetGame('nim'), presetGame('wythoff'), presetGame('fibonacci-nim'), presetGame('kayles')]) {
      const starts = async (seed: number) => (await startPlay({ game, seed })).start.map(String).join(' ');
      expect(await starts(7)).toBe(await starts(7));
      const seen = new Set<string>();
      for (let seed = 0; seed < 10; seed++) seen.add(await starts(seed));
      expect(seen.size).toBeGreaterThan(3);
      expect((await startPlay({ game, seed: 7 })).random).toBe(true);
    }
  });

  it('below level 10 the computer sometimes misses a win, at level 10 never; the same seed plays the same moves', async () => {
    const { playable } = await ready(presetGame('nim'), ['9', '10', '12']);
    const misses = async (level: number, seed: number) => {
      const { next } = await startPlay({ game: presetGame('nim'), position: ['9', '10', '12'], seed });
      const session = new PlaySession(playable, [9n, 10n, 12n], { misere: false, humanFirst: false, level, random: next });
      const out: string[] = [];
      for (let i = 0; i < 40; i++) out.push(moveKey(playable, await session.computerMove()));
      return out;
    };
    // 9 xor 10 xor 12 = 15; the first winning move makes heap 1 9 xor 15 = 6.
    expect(new Set(await misses(10, 1))).toEqual(new Set(['1/6']));
    const weak = await misses(2, 1);
    expect(weak.filter((k) => k !== '1/6').length).toBeGreaterThan(10);
    expect(await misses(2, 1)).toEqual(weak);
  });

  it('a misère Nim hint explains Bouton\'s rule, and names the winning move', async () => {
    const { playable } = await ready(presetGame('nim'), ['1', '1', '3']);
    const session = new PlaySession(playable, [1n, 1n, 3n], { misere: true, humanFirst: true, level: 10, random: () => 0 });
    const report = await session.hint();
    const text = hintParagraphs(translator('en'), playable, report).join(' ');
    expect(text).toContain("Misère Nim, by Bouton's rule: the player to move wins: an N-position (misère play: the last player to move loses).");
    expect(text).toContain('leave an odd number of heaps of 1');
    // 1 1 3: taking the whole of heap 3 leaves 1 1 (even); leaving 1 1 1 wins.
    expect(report.winningMoves.map((m) => moveWords(translator('en'), playable, m))).toEqual(['take 2 from heap 3']);
  });

  it('a hint in Chinese uses the contest terms, and moves read as the terminal reads them', async () => {
    const { playable } = await ready(presetGame('nim'), ['3', '5', '7']);
    const session = new PlaySession(playable, [3n, 5n, 7n], { misere: false, humanFirst: true, level: 10, random: () => 0 });
    const report = await session.hint();
    const zh = translator('zh');
    const text = hintParagraphs(zh, playable, report).join('\n');
    expect(text).toContain('异或和为 1');
    expect(text).toContain('先手必胜');
    expect(text).toContain('必胜态');
    expect(text).toContain('011 xor 101 xor 111 = 001');
    expect(text).toContain('可以这样走的分量：第 1 堆（SG 值 3 → 2），第 2 堆（SG 值 5 → 4），第 3 堆（SG 值 7 → 6）。');
    expect(hintParagraphs(translator('en'), playable, report)).toContain('Components that can do it: heap 1 (value 3 → 2), heap 2 (value 5 → 4), heap 3 (value 7 → 6).');
    expect(report.winningMoves.map((m) => moveWords(zh, playable, m))).toEqual(['从第 1 堆取走 1 个', '从第 2 堆取走 1 个', '从第 3 堆取走 1 个']);
    expect(report.winningMoves.map((m) => moveWords(translator('en'), playable, m))).toEqual(['take 1 from heap 1', 'take 1 from heap 2', 'take 1 from heap 3']);
  });
});
