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

  it('a rule whose options are not reckoned at any size (splits into three heaps) is still refused past 10^6, in one line', async () => {
    expectBadInput(await runMain(['play', '--code', '0.8', '--position', '1000000000000']), '0.8 at 10^12', { pattern: /^sg-explore: play: heaps up to 1,000,000 \(got 1000000000000\)\n$/ });
  });
});
