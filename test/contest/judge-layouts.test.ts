import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { expectBadInput } from '../helpers/cli.js';
import { int, mulberry32, randomSet } from '../helpers/random.js';
import { scratchDirectories } from '../helpers/scratch.js';
import { checkedCases, judgeLayout } from '../../src/core/contest/layout.js';
import { textTokens } from '../../src/core/contest/tokens.js';

/**
 * Judges' layouts (--input until/eof, --components, a rule in each case) and
 * answers (count, moves, phrases, a Case #k prefix), for every kind of
 * position: random inputs answered against brute forces written here (a
 * memoised mex, the winning moves of Nim found by trying every take,
 * Wythoff's P-positions by exhaustive search, a game of a module's states
 * searched from its rules, a graph's outcomes by retrograde search).
 */
const dirs = scratchDirectories('judge-layouts');

async function answer(args: string[], stdin: string): Promise<string> {
  const run = await runMain(args, { stdin });
  expect(run.stderr, args.join(' ')).toBe('');
  expect(run.code).toBe(0);
  return run.stdout;
}

/** G(0..max) of a subtraction game, by the mex rule. */
function subtractionValues(moves: readonly number[], max: number): number[] {
  const g: number[] = [];
  for (let n = 0; n <= max; n++) {
    const seen = new Set(moves.filter((m) => m <= n).map((m) => g[n - m]!));
    let v = 0;
    while (seen.has(v)) v++;
    g.push(v);
  }
  return g;
}

/** Nim's winning moves, by trying every take from every heap: [heap index from 1, heap before, heap after]. */
function nimWinningMoves(heaps: readonly number[]): [number, number, number][] {
  const moves: [number, number, number][] = [];
  heaps.forEach((h, i) => {
    for (let left = 0; left < h; left++) {
      const after = heaps.map((x, k) => (k === i ? left : x));
      if (after.reduce((a, b) => a ^ b, 0) === 0) moves.push([i + 1, h, left]);
    }
  });
  return moves;
}

describe('the layout reader (src/core/contest/layout.ts)', () => {
  const cases = (text: string, layout: ReturnType<typeof judgeLayout>, width = 1) => [...checkedCases(textTokens(text, false), layout, width)];

  it('reads each layout into the same positions', () => {
    const positions = (text: string, layout: ReturnType<typeof judgeLayout>, width = 1) => {
      const tokens = textTokens(text, false);
      return cases(text, layout, width).map((c) => c.positions.map((p) => tokens.all.slice(p.from, p.from + p.components * width).join(' ')));
    };
    expect(positions('3 1 2 3', judgeLayout('counted'))).toEqual([['1 2 3']]);
    expect(positions('1 2 3', judgeLayout('heaps'))).toEqual([['1 2 3']]);
    expect(positions('2 2 1 1 1 5', judgeLayout('cases'))).toEqual([['1 1'], ['5']]);
    expect(positions('2 1 1\n1 5\n0\n', judgeLayout('until'))).toEqual([['1 1'], ['5']]);
    expect(positions('1 1 1\n0 2 5\n0 0 0\n', judgeLayout('until', { sentinel: ['0', '0', '0'], components: 3 }))).toEqual([['1 1 1'], ['0 2 5']]);
    expect(positions('2 1\n8 4\n', judgeLayout('eof', { components: 1 }), 2)).toEqual([['2 1'], ['8 4']]);
    // S-Nim: a rule (k s1..sk), m positions, each a count and heaps; a 0 where a rule would begin ends the input.
    const snim = cases('2 2 5 2 1 5 2 3 4 1 1 1 1 9 0', judgeLayout('until', { rule: 'moves' }));
    expect(snim.map((c) => [c.rule, c.positions.length])).toEqual([[{ from: 1, count: 2 }, 2], [{ from: 10, count: 1 }, 1]]);
  });

  it('refuses a count that disagrees with what follows, saying which', () => {
    expect(() => cases('2 1 1\n1 5\n', judgeLayout('until'))).toThrow(/input until: standard input ends after 2 cases without the sentinel "0"/);
    expect(() => cases('2 1 1\n0\n7\n', judgeLayout('until'))).toThrow(/1 more token follows the sentinel "0"/);
    expect(() => cases('2 1 1\n3 5\n', judgeLayout('eof'))).toThrow(/input eof: case 2 says 3 heaps, but only 1 number follows/);
    expect(() => cases('1 1\n', judgeLayout('eof', { components: 3 }))).toThrow(/case 1 needs 3 tokens, but only 2 tokens follow/);
    expect(() => cases('2 2 5 3 1 5', judgeLayout('until', { rule: 'moves' }))).toThrow(/case 1, position 2 of 3 has no count/);
    expect(() => judgeLayout('cases', { sentinel: ['0'] })).toThrow(/a sentinel ends the cases of input until only/);
    expect(() => judgeLayout('heaps', { components: 2 })).toThrow(/needs a layout of cases/);
  });
});

describe('layouts and answers of the CLI, against brute forces', () => {
  it('S-Nim (a rule in each case, sentinel 0): the judge\'s sample, and random sets against the mex rule', async () => {
    const sample = '2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n5 1 2 3 4 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n0\n';
    const args = ['--moves', '-', '--position', '-', '--input', 'until', '--answer', 'winner', '--words', 'W,L', '--between', ''];
    expect(await answer(args, sample)).toBe('LWW\nWWL\n');
    const random = mulberry32(45);
    let input = '';
    let expected = '';
    for (let c = 0; c < 40; c++) {
      const moves = randomSet(random, int(random, 1, 4), 12);
      const g = subtractionValues(moves, 60);
      input += `${moves.length} ${moves.join(' ')}\n`;
      const m = int(random, 1, 5);
      input += `${m}\n`;
      for (let p = 0; p < m; p++) {
        const heaps = Array.from({ length: int(random, 1, 4) }, () => int(random, 0, 60));
        input += `${heaps.length} ${heaps.join(' ')}\n`;
        expected += heaps.reduce((x, h) => x ^ g[h]!, 0) ? 'W' : 'L';
      }
      expected += '\n';
    }
    expect(await answer(args, input + '0\n')).toBe(expected);
  });

  it('count and moves (sentinel 0, a count and heaps): the winning moves of Nim, found by trying every take', async () => {
    const random = mulberry32(7);
    let input = '';
    let count = '';
    let moves = '';
    for (let c = 0; c < 200; c++) {
      const heaps = Array.from({ length: int(random, 1, 5) }, () => int(random, 1, 40));
      input += `${heaps.length}\n${heaps.join(' ')}\n`;
      const winning = nimWinningMoves(heaps);
      count += `${winning.length}\n`;
      moves += winning.length ? `Yes\n${winning.map(([, from, to]) => `${from} ${to}`).join('\n')}\n` : 'No\n';
    }
    input += '0\n';
    expect(await answer(['--preset', 'nim', '--position', '-', '--input', 'until', '--answer', 'count'], input)).toBe(count);
    expect(await answer(['--preset', 'nim', '--position', '-', '--input', 'until', '--answer', 'moves', '--words', 'Yes,No'], input)).toBe(moves);
  });

  it('pairs to the end of the input (Wythoff), phrases, a Case #k prefix', async () => {
    const max = 40;
    const lost: boolean[][] = [];
    for (let x = 0; x <= max; x++) {
      lost.push([]);
      for (let y = 0; y <= max; y++) {
        let any = false;
        for (let k = 1; k <= Math.max(x, y) && !any; k++) any = (k <= x && lost[x - k]![y]!) || (k <= y && lost[x]![y - k]!) || (k <= x && k <= y && lost[x - k]![y - k]!);
        lost[x]!.push(!any);
      }
    }
    const random = mulberry32(3);
    const pairs = Array.from({ length: 300 }, () => [int(random, 0, max), int(random, 0, max)] as const);
    const out = await answer(
      ['--preset', 'wythoff', '--position', '-', '--input', 'eof', '--components', '1', '--answer', 'winner', '--words', 'Georgia will win|Bob, sadly, will win', '--words-separator', '|', '--prefix', 'Case #{k}: '],
      pairs.map(([x, y]) => `${x} ${y}\n`).join(''),
    );
    expect(out).toBe(pairs.map(([x, y], i) => `Case #${i + 1}: ${lost[x]![y] ? 'Bob, sadly, will win' : 'Georgia will win'}\n`).join(''));
  });

  it("a module's states as JSON, however they are spaced (examples/one-more.mjs, searched here from its rules)", async () => {
    const memo = new Map<string, boolean>();
    const wins = (heap: number, cap: number): boolean => {
      const key = `${heap},${cap}`;
      if (!memo.has(key)) {
        let any = false;
        for (let take = 1; take <= Math.min(cap, heap) && !any; take++) any = !wins(heap - take, take + 1);
        memo.set(key, any);
      }
      return memo.get(key)!;
    };
    const random = mulberry32(11);
    const states = Array.from({ length: 8 }, () => ({ heap: int(random, 0, 25), cap: int(random, 1, 25) }));
    const input = `${states.length}\n${states.map((s, i) => (i % 2 ? `1 {"heap": ${s.heap},\n "cap": ${s.cap}}` : `1 {"cap":${s.cap},"heap":${s.heap}}`)).join('\n')}\n`;
    const out = await answer(['--rule', 'examples/one-more.mjs', '--position', '-', '--input', 'cases', '--answer', 'winner', '--words', 'First,Second'], input);
    expect(out).toBe(states.map((s) => (wins(s.heap, s.cap) ? 'First\n' : 'Second\n')).join(''));
  });

  it("tokens on a graph's vertices, by name: who wins, and every winning move", async () => {
    const dir = dirs.fresh('graph');
    // A path of 8 vertices v0 -> v1 -> ... -> v7 plus shortcuts: an acyclic graph whose outcomes a retrograde search gives.
    const edges: [number, number][] = [];
    for (let v = 0; v < 7; v++) edges.push([v, v + 1]);
    edges.push([0, 3], [1, 5], [2, 7], [4, 7]);
    const file = join(dir, 'g.txt');
    writeFileSync(file, edges.map(([a, b]) => `v${a} v${b}`).join('\n') + '\n');
    const g: number[] = [];
    for (let v = 7; v >= 0; v--) {
      const seen = new Set(edges.filter(([a]) => a === v).map(([, b]) => g[b]!));
      let x = 0;
      while (seen.has(x)) x++;
      g[v] = x;
    }
    const random = mulberry32(5);
    const positions = Array.from({ length: 50 }, () => Array.from({ length: int(random, 1, 3) }, () => int(random, 0, 7)));
    const input = `${positions.length}\n${positions.map((p) => `${p.length} ${p.map((v) => `v${v}`).join(' ')}`).join('\n')}\n`;
    const winner = await answer(['--graph', file, '--position', '-', '--input', 'cases', '--answer', 'winner'], input);
    expect(winner).toBe(positions.map((p) => (p.reduce((s, v) => s ^ g[v]!, 0) ? 'Yes\n' : 'No\n')).join(''));
    const count = await answer(['--graph', file, '--position', '-', '--input', 'cases', '--answer', 'count'], input);
    const moves = positions.map((p) => {
      const s = p.reduce((x, v) => x ^ g[v]!, 0);
      return s === 0 ? 0 : p.reduce((n, v) => n + edges.filter(([a, b]) => a === v && (g[b]! ^ g[v]! ^ s) === 0).length, 0);
    });
    expect(count).toBe(moves.map((n) => `${n}\n`).join(''));
  });

  it('without --input, states on standard input are written as --position writes them (3:5), with --input as a judge does (3 5)', async () => {
    expect(await answer(['--preset', 'wythoff', '--position', '-', '--answer', 'winner'], '3:5 1:2\n')).toBe('No\n');
    expect(await answer(['--preset', 'wythoff', '--position', '-', '--answer', 'move'], '3:6\n')).toBe('1 1\n3 5\n');
    expect(await answer(['--preset', 'wythoff', '--position', '-', '--input', 'heaps', '--answer', 'move'], '3 6\n')).toBe('1 1\n3 5\n');
  });

  it('refuses, in one line each: a phrase too many, a field a move does not have, a flag without what it shapes', async () => {
    const nim = ['--preset', 'nim', '--position', '3', '--answer'];
    expectBadInput(await runMain([...nim, 'winner', '--words', 'Georgia will win, Bob, sadly, will win']), 'three phrases', { pattern: /takes two phrases separated by ','.*4 are given \(a phrase with a comma in it: choose another separator with --words-separator\)/ });
    expectBadInput(await runMain([...nim, 'winner', '--words', 'Yes,']), 'an empty phrase', { pattern: /phrase 2 is empty/ });
    expectBadInput(await runMain([...nim, 'count', '--words', 'a']), 'count has no words', { pattern: /--answer count prints a number, with no words/ });
    expectBadInput(await runMain([...nim, 'move', '--move-format', '{heap} {left}']), 'unknown field', { pattern: /\{left\} is not a field of a move/ });
    expectBadInput(await runMain(['--preset', 'nim', '--position', '-', '--sentinel', '0', '--answer', 'winner']), 'sentinel alone', { pattern: /--sentinel shapes the layout of standard input: give --input too/ });
    expectBadInput(await runMain(['--moves', '-', '--position', '3', '--answer', 'winner']), 'a rule from no case', { pattern: /--moves -: the rule comes from each case of standard input/ });
    expectBadInput(await runMain(['--moves', '-', '--position', '-', '--input', 'until', '--answer', 'winner'], { stdin: '2 0 5 1 1 3 0' }), "a case's bad rule", { pattern: /--moves \(case 1\)/ });
  });
});
