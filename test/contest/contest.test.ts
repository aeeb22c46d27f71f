import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { BIN, cliEnv, expectBadInput } from '../helpers/cli.js';
import { withoutProgressLines } from '../helpers/progress-lines.js';
import { int, mulberry32 } from '../helpers/random.js';
import { readFileSync, writeFileSync, openSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { scratchDirectories } from '../helpers/scratch.js';
import { readWhole } from '../../src/cli/contest.js';

const dirs = scratchDirectories('contest');

/**
 * `--input counted|cases` and `--answer winner|move`: the judges' layouts and
 * answers (Luogu P2197 and P1247, whose samples are checked byte for byte),
 * and 1,000 random cases each against brute forces written here: a plain xor
 * and an exhaustive search of the moves for Nim, a memoised mex for a
 * subtraction game and for Kayles, an exhaustive misère search.
 */

async function answer(args: string[], stdin: string): Promise<string> {
  const run = await runMain(args, { stdin });
  expect(run.stderr, args.join(' ')).toBe('');
  expect(run.code).toBe(0);
  return run.stdout;
}

const P2197 = ['--preset', 'nim', '--position', '-', '--input', 'cases', '--answer', 'winner'];
const P1247 = ['--preset', 'nim', '--position', '-', '--input', 'counted', '--answer', 'move'];

describe("the judges' samples, byte for byte", () => {
  it('P2197: T cases of a count and heaps, Yes or No', async () => {
    expect(await answer(P2197, '2\n2\n1 1\n2\n1 0\n')).toBe('No\nYes\n');
  });

  it('P1247: a count, the heaps; the first winning move and the heaps after it, or lose', async () => {
    expect(await answer(P1247, '3\n3 6 9\n')).toBe('4 3\n3 6 5\n');
    expect(await answer(P1247, '4\n15 22 19 10\n')).toBe('lose\n');
  });

  it('the installed program, as docs/contest.md writes the two commands', () => {
    const run = (args: string[], input: string) => spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8', env: cliEnv() });
    const p2197 = run(P2197, '2\n2\n1 1\n2\n1 0\n');
    expect([p2197.status, p2197.stdout, withoutProgressLines(p2197.stderr)]).toEqual([0, 'No\nYes\n', '']);
    const p1247 = run(P1247, '3\n3 6 9\n');
    expect([p1247.status, p1247.stdout, withoutProgressLines(p1247.stderr)]).toEqual([0, '4 3\n3 6 5\n', '']);
  });

  it('--words changes the words; the same answers for heaps on the command line', async () => {
    expect(await answer([...P2197, '--words', 'First,Second'], '2\n2\n1 1\n2\n1 0\n')).toBe('Second\nFirst\n');
    expect(await answer([...P1247, '--words', 'LOSE'], '2\n5 5\n')).toBe('LOSE\n');
    expect(await answer(['--preset', 'nim', '--position', '3', '6', '9', '--answer', 'move'], '')).toBe('4 3\n3 6 5\n');
    expect(await answer(['--preset', 'nim', '--position', '3', '6', '9', '--answer', 'winner'], '')).toBe('Yes\n');
    // A two-pile game answers who wins (3:5 is a P-position of Wythoff's game).
    expect(await answer(['--preset', 'wythoff', '--position', '3:5', '--answer', 'winner'], '')).toBe('No\n');
    // Tokens on a graph: e x is a first-player win (examples/game.txt), x x a draw (no winner to print).
    expect(await answer(['--graph', 'examples/game.txt', '--position', 'e', 'x', '--answer', 'winner'], '')).toBe('Yes\n');
    expectBadInput(await runMain(['--graph', 'examples/game.txt', '--position', 'x', 'x', '--answer', 'winner']), 'a draw', { pattern: /neither player can force a win here \(a draw\)/ });
  });
});

/** Random positions: `cases` of 0..maxHeaps heaps of 0..largest each. */
function randomCases(seed: number, cases: number, maxHeaps: number, largest: number): number[][] {
  const random = mulberry32(seed);
  return Array.from({ length: cases }, () => Array.from({ length: int(random, 1, maxHeaps) }, () => int(random, 0, largest)));
}

const casesInput = (positions: number[][]) => `${positions.length}\n${positions.map((p) => `${p.length}\n${p.join(' ')}\n`).join('')}`;

/** The first winning move by brute force: heaps in order, takes in order, parts in order; the judge's two lines. */
function bruteMove(heaps: number[], options: (n: number) => number[][], wins: (position: number[]) => boolean): string | null {
  for (let i = 0; i < heaps.length; i++) {
    const moves = options(heaps[i]!).map((parts) => ({ take: heaps[i]! - parts.reduce((a, b) => a + b, 0), parts }));
    moves.sort((a, b) => a.take - b.take || compareLists(a.parts, b.parts));
    for (const { take, parts } of moves) {
      const after = [...heaps.slice(0, i), ...(parts.length ? parts : [0]), ...heaps.slice(i + 1)];
      if (!wins(after.filter((h) => h > 0))) return `${take} ${i + 1}\n${after.join(' ')}\n`;
    }
  }
  return null;
}

function compareLists(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

const nimOptions = (n: number) => Array.from({ length: n }, (_, m) => (m === 0 ? [] : [m]));

/** G(n) of a heap rule by memoised mex over its options (each a list of parts). */
function grundyOf(options: (n: number) => number[][]): (n: number) => number {
  const memo: number[] = [];
  const g = (n: number): number => {
    for (let m = memo.length; m <= n; m++) {
      const seen = new Set(options(m).map((parts) => parts.reduce((x, p) => x ^ memo[p]!, 0)));
      let v = 0;
      while (seen.has(v)) v++;
      memo.push(v);
    }
    return memo[n]!;
  };
  return g;
}

describe('1,000 random cases against brute forces', () => {
  it('Nim, --answer winner: a plain xor', async () => {
    const positions = randomCases(1, 1000, 8, 1000);
    const expected = positions.map((p) => (p.reduce((a, b) => a ^ b, 0) !== 0 ? 'Yes' : 'No')).join('\n') + '\n';
    expect(await answer(P2197, casesInput(positions))).toBe(expected);
  });

  it('Nim, --answer move: every take from every heap tried, the first that leaves a xor of 0', async () => {
    const positions = randomCases(2, 1000, 6, 60);
    const xorWins = (p: number[]) => p.reduce((a, b) => a ^ b, 0) !== 0;
    const expected = positions.map((p) => bruteMove(p, nimOptions, xorWins) ?? 'lose\n').join('');
    expect(await answer([...P1247.slice(0, 5), 'cases', '--answer', 'move'], casesInput(positions))).toBe(expected);
    // The same, one position at a time in P1247's layout, for a few of them.
    for (const p of positions.slice(0, 20)) expect(await answer(P1247, `${p.length}\n${p.join(' ')}\n`)).toBe(bruteMove(p, nimOptions, xorWins) ?? 'lose\n');
  });

  it("a subtraction game and Kayles, 300 cases each (a move may split a heap: its parts in its place)", async () => {
    const subtraction = (n: number) => [1, 2, 5].filter((s) => s <= n).map((s) => (n - s ? [n - s] : []));
    const kayles = (n: number) => {
      const out: number[][] = [];
      for (const take of [1, 2]) for (let a = 0; a <= (n - take) / 2; a++) if (n - take >= 0) out.push([a, n - take - a].filter((h) => h > 0));
      return out;
    };
    for (const [args, options] of [
      [['--moves', '1,2,5'], subtraction],
      [['--preset', 'kayles'], kayles],
    ] as const) {
      const g = grundyOf(options);
      const wins = (p: number[]) => p.reduce((x, h) => x ^ g(h), 0) !== 0;
      const positions = randomCases(3, 300, 5, 40);
      const winners = positions.map((p) => (wins(p) ? 'Yes' : 'No')).join('\n') + '\n';
      expect(await answer([...args, '--position', '-', '--input', 'cases', '--answer', 'winner'], casesInput(positions))).toBe(winners);
      const moves = positions.map((p) => bruteMove(p, options, wins) ?? 'lose\n').join('');
      expect(await answer([...args, '--position', '-', '--input', 'cases', '--answer', 'move'], casesInput(positions))).toBe(moves);
    }
  });

  it('misère Nim and misère Kayles: an exhaustive search of the position', async () => {
    const misereWins = (options: (n: number) => number[][]) => {
      const memo = new Map<string, boolean>();
      const wins = (p: number[]): boolean => {
        const key = [...p].sort((a, b) => a - b).join(',');
        if (p.length === 0) return true; // no move: the last mover (the other player) lost
        if (memo.has(key)) return memo.get(key)!;
        let result = false;
        for (let i = 0; i < p.length && !result; i++) for (const parts of options(p[i]!)) if (!wins([...p.slice(0, i), ...parts, ...p.slice(i + 1)].filter((h) => h > 0))) result = true;
        memo.set(key, result);
        return result;
      };
      return wins;
    };
    const kayles = (n: number) => {
      const out: number[][] = [];
      for (const take of [1, 2]) for (let a = 0; a <= (n - take) / 2; a++) if (n - take >= 0) out.push([a, n - take - a].filter((h) => h > 0));
      return out;
    };
    for (const [args, options, largest] of [
      [['--preset', 'nim'], nimOptions, 9],
      [['--preset', 'kayles'], kayles, 7],
    ] as const) {
      const wins = misereWins(options);
      const positions = randomCases(4, 300, 3, largest).filter((p) => p.some((h) => h > 0));
      const expected = positions.map((p) => bruteMove(p, options, wins) ?? 'lose\n').join('');
      expect(await answer([...args, '--misere', '--position', '-', '--input', 'cases', '--answer', 'move'], casesInput(positions))).toBe(expected);
    }
  });
});

describe('the fast path (Nim from standard input) gives the bytes of the general path', () => {
  it('on random inputs of every layout and answer', async () => {
    const random = mulberry32(5);
    for (let trial = 0; trial < 60; trial++) {
      const heaps = Array.from({ length: int(random, 1, 40) }, () => (trial % 3 === 0 ? int(random, 0, 2 ** 30) * 2 ** 20 + int(random, 0, 2 ** 20) : int(random, 0, 10 ** 9)));
      const layout = (['heaps', 'counted', 'cases'] as const)[trial % 3]!;
      const mode = trial % 2 ? 'move' : 'winner';
      // One more heap of 0: written 0 it is the fast path's, written 00 (not plain digits) the general path's; the answer is the same.
      const text = (zero: string) => {
        const all = [...heaps.map(String), zero];
        const sep = [' ', '\n', '  ', ' \t'][Math.floor(trial / 3) % 4]!;
        if (layout === 'heaps') return all.join(sep) + '\n';
        if (layout === 'counted') return `${all.length}\n${all.join(sep)}\n`;
        return `2\n${all.length}\n${all.join(sep)}\n1\n${heaps[0]}\n`;
      };
      const args = ['--preset', 'nim', '--position', '-', '--input', layout, '--answer', mode];
      expect(await answer(args, text('0')), `trial ${trial}`).toBe(await answer(args, text('00')));
    }
  });

  it('heaps of 10^15 and more, and counts that disagree, go to the general path', async () => {
    expect(await answer(P1247, '2\n1000000000000000 3\n')).toBe('999999999999997 1\n3 3\n');
    expect(await answer(P1247, '2\n1099511627776 1\n')).toBe('1099511627775 1\n1 1\n');
    expect(await answer(P1247, '2\n2^70 1\n')).toBe('1180591620717411303423 1\n1 1\n');
  });
});

describe('standard input and output', () => {
  it('a file on standard input (read at once) and a pipe give the same answer; --out writes it to a file', () => {
    const dir = dirs.fresh('files');
    const random = mulberry32(9);
    const heaps = Array.from({ length: 20_000 }, () => int(random, 0, 10 ** 9));
    const input = join(dir, 'p1247.txt');
    writeFileSync(input, `${heaps.length}\n${heaps.join(' ')}\n`);
    const s = heaps.reduce((a, b) => a ^ b, 0);
    const k = heaps.findIndex((h) => (h ^ s) < h);
    const expected = s === 0 ? 'lose\n' : `${heaps[k]! - (heaps[k]! ^ s)} ${k + 1}\n${heaps.map((h, i) => (i === k ? h ^ s : h)).join(' ')}\n`;
    const fd = openSync(input, 'r');
    try {
      const fromFile = spawnSync(process.execPath, [BIN, ...P1247], { stdio: [fd, 'pipe', 'pipe'], encoding: 'utf8', env: cliEnv() });
      expect([fromFile.status, withoutProgressLines(fromFile.stderr)]).toEqual([0, '']);
      expect(fromFile.stdout).toBe(expected);
    } finally {
      closeSync(fd);
    }
    const piped = spawnSync(process.execPath, [BIN, ...P1247, '--out', join(dir, 'answer.txt')], { input: readFileSync(input), encoding: 'utf8', env: cliEnv() });
    expect([piped.status, piped.stdout, withoutProgressLines(piped.stderr)]).toEqual([0, '', '']);
    expect(readFileSync(join(dir, 'answer.txt'), 'utf8')).toBe(expected);
    // A file the fast path leaves (a heap written 1e0) goes to the general path from the bytes already read.
    writeFileSync(input, '3\n1e0 2 4\n');
    const fd2 = openSync(input, 'r');
    try {
      const general = spawnSync(process.execPath, [BIN, ...P1247], { stdio: [fd2, 'pipe', 'pipe'], encoding: 'utf8', env: cliEnv() });
      expect([general.status, general.stdout, withoutProgressLines(general.stderr)]).toEqual([0, '1 3\n1 2 3\n', '']);
    } finally {
      closeSync(fd2);
    }
  });

  it('--input counted without --answer: the report of the one position, as if the heaps alone were given', async () => {
    const counted = await runMain(['--preset', 'kayles', '--position', '-', '--input', 'counted', '--format', 'json'], { stdin: '3\n5 7 9\n' });
    const plain = await runMain(['--preset', 'kayles', '--position', '-', '--format', 'json'], { stdin: '5 7 9\n' });
    expect(counted.code, counted.stderr).toBe(0);
    expect(counted.stdout).toBe(plain.stdout);
    expect(JSON.parse(counted.stdout).position).toEqual([5, 7, 9]);
  });

  it('input longer than the fast path reads whole is streamed on, nothing lost', async () => {
    const chunks = ['12 3', '4 56', ' 789', '0 1\n'];
    const short = await readWhole(Readable.from(chunks.map((c) => Buffer.from(c))), 1 << 20);
    expect([short.rest, Buffer.from(short.bytes).toString()]).toEqual([false, chunks.join('')]);
    const long = await readWhole(Readable.from(chunks.map((c) => Buffer.from(c))), 6);
    expect(long.rest).toBe(true);
    let again = '';
    for await (const chunk of long.again()) again += chunk.toString();
    expect(again).toBe(chunks.join(''));
  });
});

describe('refusals', () => {
  it('a count that disagrees with what follows, in one line that says so', async () => {
    expectBadInput(await runMain(P1247, { stdin: '4\n3 6 9\n' }), 'counted short', { pattern: /^sg-explore: --input counted: the count 4 says 4 heaps follow, but 3 numbers do\n$/ });
    expectBadInput(await runMain(P1247, { stdin: '2\n3 6 9\n' }), 'counted long', { pattern: /the count 2 says 2 heaps follow, but 3 numbers do/ });
    expectBadInput(await runMain(P1247, { stdin: '3\n' }), 'counted none', { pattern: /the count 3 says 3 heaps follow, but none does/ });
    expectBadInput(await runMain(P2197, { stdin: '2\n2\n1 1\n3\n1 0\n' }), 'cases short', { pattern: /--input cases: case 2 of 2 says 3 heaps, but only 2 numbers follow/ });
    expectBadInput(await runMain(P2197, { stdin: '3\n2\n1 1\n' }), 'cases missing', { pattern: /--input cases: the first number says 3 cases, but standard input ends after 1 case \(case 2 has no count\)/ });
    expectBadInput(await runMain(P2197, { stdin: '1\n2\n1 1\n2\n1 0\n' }), 'cases long', { pattern: /--input cases: the first number announces 1 case, but 3 more numbers follow the last of them/ });
  });

  it('flags that do not go together', async () => {
    expectBadInput(await runMain(['--preset', 'nim', '--position', '3', '--input', 'counted']), '--input without stdin', { pattern: /--input counted says how standard input is laid out: use it with --position -/ });
    expectBadInput(await runMain(['--preset', 'nim', '--max', '3', '--answer', 'move']), '--answer without a position', { pattern: /--answer move answers positions/ });
    expectBadInput(await runMain(['--preset', 'nim', '--position', '3', '--answer', 'move', '--format', 'json']), '--answer and --format', { pattern: /--format does not apply/ });
    expectBadInput(await runMain(['--preset', 'nim', '--position', '3', '--words', 'a,b']), '--words alone', { pattern: /give --answer too/ });
    expectBadInput(await runMain(['--preset', 'nim', '--position', '3', '--answer', 'winner', '--words', 'Yes']), 'one word for winner', { pattern: /--answer winner takes two phrases separated by ','/ });
    expectBadInput(await runMain(['--preset', 'nim', '--position', '3', '--answer', 'move', '--words', 'a,b']), 'two words for move', { pattern: /--answer move takes one phrase/ });
    expectBadInput(await runMain(['--preset', 'nim', '--position', '-', '--input', 'cases'], { stdin: '1\n1\n1\n' }), 'cases without --answer', { pattern: /--input cases reads several positions: answer them with --answer/ });
    expectBadInput(await runMain(['--graph', 'examples/game.txt', '--position', 'x', '--answer', 'move']), 'move of a graph', { pattern: /the move's layout names \{take\}, but this game's moves take no amount of tokens/ });
  });
});
