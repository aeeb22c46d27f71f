/**
 * `play` on heaps a proven period covers (issue 45.3): a finite subtraction
 * set's heaps have few options, so play lists them at any size (in exact
 * integers) and takes their values from the period, as --position does.
 * The computer's replies are checked against values computed here by the
 * definition (and their period, checked here too).
 */
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { expectBadInput } from '../helpers/cli.js';
import { int, mulberry32 } from '../helpers/random.js';
import { referenceValues } from '../oracles/reference.js';
import { parseCode } from '../../src/core/rules/code.js';

const MOVES = [1, 3, 4];

describe('play on heaps past 10^6', () => {
  const g = referenceValues({ kind: 'subtraction', moves: MOVES }, 2001);
  // The values repeat with period 7 from 0 on (every heap up to 2000 here; the program proves it for all).
  it('the brute force repeats with period 7', () => {
    for (let n = 7; n <= 2000; n++) expect(g[n]).toBe(g[n - 7]);
  });
  const G = (n: bigint) => g[Number(n % 7n)]!;

  it('--moves 1,3,4 from 10^18 and 7: every reply of the computer leaves a nim-sum of 0 (random human moves)', async () => {
    const random = mulberry32(4513);
    let checked = 0;
    for (let t = 0; t < 5; t++) {
      const lines = Array.from({ length: 6 }, () => `${int(random, 1, 2)} ${MOVES[int(random, 0, 2)]}`);
      const run = await runMain(['play', '--moves', MOVES.join(','), '--position', '1000000000000000000', '7', '--seed', String(t)], { stdin: [...lines, 'quit'].join('\n') + '\n' });
      expect(run.code, run.stderr).toBe(0);
      const replies = [...run.stdout.matchAll(/Position: (\d+) (\d+)\nThe computer plays: [^\n]*\n\nPosition: (\d+) (\d+)/g)];
      for (const m of replies) {
        const [a, b, c, d] = m.slice(1, 5).map(BigInt) as [bigint, bigint, bigint, bigint];
        expect(a + b - c - d > 0n, m[0]).toBe(true);
        // A reply from an N-position leaves a P-position.
        if ((G(a) ^ G(b)) !== 0) expect(G(c) ^ G(d), m[0]).toBe(0);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('--code 0.A7 (splits into three) from 10^12 and 5: every reply of the computer leaves a nim-sum of 0', async () => {
    // 0.A7 takes 1 leaving one heap or three, or 2 leaving 0, 1 or 2 heaps; its values repeat with period 4 from 1.
    const code = parseCode('0.A7');
    const values = referenceValues({ kind: 'take-and-break', code }, 401);
    for (let n = 5; n <= 400; n++) expect(values[n], `heap ${n}`).toBe(values[n - 4]);
    const G = (n: bigint) => (n < 5n ? values[Number(n)]! : values[1 + Number((n - 1n) % 4n)]!);
    const nimSum = (heaps: bigint[]) => heaps.reduce((v, n) => v ^ G(n), 0);
    let checked = 0;
    for (let seed = 0; seed < 3; seed++) {
      const run = await runMain(['play', '--code', '0.A7', '--position', '1000000000000', '5', '--level', '10', '--seed', String(seed)], { stdin: '1 1\n1 1\n2 2\n1 1\nquit\n' });
      expect(run.code, run.stderr).toBe(0);
      for (const m of run.stdout.matchAll(/Position: ([\d ]+)\nThe computer plays: [^\n]*\n\nPosition: ([\d ]+)/g)) {
        const [before, after] = [m[1]!, m[2]!].map((p) => p.trim().split(' ').map(BigInt)) as [bigint[], bigint[]];
        expect(after.reduce((a, b) => a + b, 0n) < before.reduce((a, b) => a + b, 0n), m[0]).toBe(true);
        if (nimSum(before) !== 0) expect(nimSum(after), m[0]).toBe(0);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('a code that splits into three with no proven period is refused past the table, saying so in one line', async () => {
    expectBadInput(await runMain(['play', '--code', '0.8', '--position', '1000000000000']), '0.8 at 10^12', {
      pattern: /^sg-explore: --position: heap 1,000,000,000,000: past 1,000,000, play values a heap only through a proven period, and none was proven within the first 2,048 values \(raise --limit\)\n$/,
    });
  });

  it('a named sequence past 10^6 is refused, naming why no period can value the heap', async () => {
    expectBadInput(await runMain(['play', '--preset', 'take-a-fibonacci', '--position', '10000000']), 'Fibonacci at 10^7', {
      pattern: /^sg-explore: --position: heap 10,000,000: past 1,000,000, play values a heap only through a proven period or a theorem, and this rule has none \(an infinite subtraction set has no finite window that determines the values\)\n$/,
    });
  });
});
