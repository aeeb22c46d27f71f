/** The play view's worker operations, run here in Node: snapshots, moves, the computer, hints, undo, a typed move, and a game replayed into a fresh worker. */
import { describe, expect, it } from 'vitest';
import { playOps } from '../../src/web/engine/play-ops.js';
import type { HintView, PlayOpen, PlaySnapshot } from '../../src/web/play/protocol.js';

const op = <T>(name: string, args: unknown) => playOps[name]!(args, { progress: () => {} }) as Promise<T>;
const open = (args: Partial<PlayOpen> & Pick<PlayOpen, 'game'>) => op<PlaySnapshot>('play.open', { lang: 'en', seed: 1, misere: false, first: 'human', level: 10, ...args });
const heaps = (s: PlaySnapshot) => s.components.map((c) => c.text).join(' ');

describe('play operations in the engine worker', () => {
  it('open, move, the computer, hint and undo, as snapshots with words in the language asked for', async () => {
    const start = await open({ game: { word: 'preset', text: 'nim' }, position: ['3', '5', '7'] });
    expect(start.shape).toBe('heaps');
    expect(heaps(start)).toBe('3 5 7');
    expect(start.components[2]!.options!.map((o) => o.take)).toEqual([1n, 2n, 3n, 4n, 5n, 6n, 7n]);
    expect(start.components[0]!.options![0]!.words).toBe('take 1 from heap 1');
    const hint = await op<HintView>('play.hint', { id: start.id });
    expect(hint.outcome).toBe('N');
    expect(hint.winning.sort()).toEqual(['1/2', '2/4', '3/6']);
    expect(hint.paragraphs.join(' ')).toContain('their nim-sum (xor) is 1');
    const moved = await op<PlaySnapshot>('play.move', { id: start.id, key: '1/2' });
    expect(heaps(moved)).toBe('2 5 7');
    expect(moved.humanToMove).toBe(false);
    const answered = await op<{ snapshot: PlaySnapshot; move: string }>('play.computer', { id: start.id });
    expect(answered.move).toMatch(/^take \d+ from heap \d$/);
    expect(answered.snapshot.humanToMove).toBe(true);
    expect(answered.snapshot.played).toHaveLength(2);
    const back = await op<PlaySnapshot>('play.undo', { id: start.id });
    expect(heaps(back)).toBe('3 5 7');
    expect(back.canUndo).toBe(false);
    await expect(op('play.move', { id: start.id, key: '1/9' })).rejects.toThrow(/not a legal move/);
  });

  it('a game replayed into a fresh worker is where it was, the computer\'s random choices in step', async () => {
    const game = { game: { word: 'preset', text: 'kayles' }, position: ['9', '6'], level: 4, seed: 11 } as const;
    const first = await open(game);
    let snap = first;
    for (let i = 0; i < 3 && !snap.result; i++) {
      snap = await op<PlaySnapshot>('play.move', { id: first.id, key: snap.components.find((c) => c.options!.length)!.options![0]!.key });
      if (snap.result) break;
      snap = (await op<{ snapshot: PlaySnapshot }>('play.computer', { id: first.id })).snapshot;
    }
    const again = await open({ ...game, replay: snap.played });
    expect(heaps(again)).toBe(heaps(snap));
    expect(again.played).toEqual(snap.played);
    // The old id is gone with the old game: the page opens again on this answer.
    await expect(op('play.hint', { id: first.id })).rejects.toThrow(/no such game/);
  });

  it('a start that is not a position of the game is refused in one line', async () => {
    await expect(open({ game: { word: 'preset', text: 'nim' }, position: ['3', 'x'] })).rejects.toThrow(/'x'/);
    await expect(open({ game: { word: 'preset', text: 'wythoff' }, position: ['4'] })).rejects.toThrow(/not a pair such as 3:5/);
    await expect(open({ game: { word: 'preset', text: 'no-such-game' } })).rejects.toThrow(/no-such-game/);
  });

  it('Wythoff is a board of pairs, Fibonacci Nim a heap with its cap, a graph a list of moves', async () => {
    const wythoff = await open({ game: { word: 'preset', text: 'wythoff' }, position: ['4:7'], first: 'computer' });
    expect(wythoff.shape).toBe('pairs');
    expect(wythoff.components[0]!.pair).toEqual([4, 7]);
    expect(wythoff.components[0]!.options!.map((o) => o.pair).slice(0, 3)).toContainEqual([3, 7]);
    const fib = await open({ game: { word: 'preset', text: 'fibonacci-nim' }, position: ['20'] });
    expect(fib.shape).toBe('memory');
    expect(fib.components[0]!.pair).toEqual([20, 19]);
    expect(fib.components[0]!.options!.length).toBe(19);
  });

  it('a heap with too many moves to draw takes a typed move; a refused one says why, in Chinese too', async () => {
    const big = await open({ lang: 'zh', game: { word: 'preset', text: 'nim' }, position: ['5000', '3'] });
    expect(big.components[0]!.options).toBeNull();
    expect(big.components[0]!.optionCount).toBe(5000n);
    const refused = await op<{ snapshot: PlaySnapshot; refused: string }>('play.typed', { id: big.id, component: 1, text: '6000' });
    expect(refused.refused).toBe('按这个规则，不能从第 1 堆（5000）取走 6000 个');
    const taken = await op<{ snapshot: PlaySnapshot; refused: null; words: string }>('play.typed', { id: big.id, component: 1, text: '4997' });
    expect(taken.refused).toBeNull();
    expect(taken.words).toBe('从第 1 堆取走 4997 个');
    expect(heaps(taken.snapshot)).toBe('3 3');
    // The computer, perfect, now faces a P-position and takes as little as it can.
    const answer = await op<{ snapshot: PlaySnapshot; move: string }>('play.computer', { id: big.id });
    expect(answer.move).toBe('从第 2 堆取走 1 个');
  });
});
