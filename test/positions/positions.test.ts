import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { expectBadInput } from '../helpers/cli.js';
import { explore } from '../../src/core/analyse.js';
import { heapPosition } from '../../src/core/positions/heap-position.js';
import { misereNimOutcome } from '../../src/core/positions/misere.js';
import { misereTable } from '../../src/core/positions/misere-table.js';
import { referenceOptions, referenceValues } from '../oracles/reference.js';
import { parseCode } from '../../src/core/rules/code.js';
import type { Rule } from '../../src/core/kinds/registry.js';
import { int, mulberry32 } from '../helpers/random.js';
import { movesOf } from '../helpers/rules.js';

const json = async (args: string[], stdin?: string) => {
  const run = await runMain([...args, '--format', 'json'], { stdin });
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
};

/** Luogu P1247's answer by its own rule: the first heap (in order) with h xor s < h, and the amount taken; or "lose". */
function p1247(heaps: number[]): string {
  const s = heaps.reduce((a, b) => a ^ b, 0);
  if (s === 0) return 'lose';
  const i = heaps.findIndex((h) => (h ^ s) < h);
  const after = heaps.slice();
  after[i] = heaps[i]! ^ s;
  return `${heaps[i]! - after[i]!} ${i + 1}\n${after.join(' ')}`;
}

describe('published answers', () => {
  it('P1247: 3 6 9 → take 4 from heap 3 leaving 3 6 5; 15 22 19 10 → lose', async () => {
    const win = await runMain(['--preset', 'nim', '--position', '3', '6', '9']);
    expect(win.stdout).toContain('take 4 from heap 3 → 3 6 5');
    const first = (await json(['--preset', 'nim', '--position', '3 6 9'])).winningMoves[0];
    expect(first).toEqual({ component: 3, from: 9, to: [5], take: 4 });
    const lose = await json(['--preset', 'nim', '--position', '15', '22', '19', '10']);
    expect(lose.outcome).toBe('P');
    expect(lose.winningMoves).toEqual([]);
  });

  it('P1247 on 300 random positions: the first winning move is its answer', async () => {
    const random = mulberry32(1247);
    for (let t = 0; t < 300; t++) {
      const heaps = Array.from({ length: int(random, 1, 8) }, () => int(random, 0, 60));
      const x = explore({ game: { rule: { kind: 'all-but', excluded: [] } }, max: 60n });
      const report = heapPosition(x, movesOf({ kind: 'all-but', excluded: [] }), heaps.map(BigInt), false);
      const expected = p1247(heaps);
      if (expected === 'lose') expect(report.outcome).toBe('P');
      else {
        const m = report.winningMoves[0]!;
        const after = heaps.slice();
        after[m.component - 1] = Number(m.to[0] ?? 0n);
        expect(`${m.take} ${m.component}\n${after.join(' ')}`).toBe(expected);
      }
    }
  });

  it('P2197: 1 1 → No (second player wins); 1 0 → Yes', async () => {
    expect((await json(['--preset', 'nim', '--position', '-'], '1 1\n')).outcome).toBe('P');
    expect((await json(['--preset', 'nim', '--position', '-'], '1 0')).outcome).toBe('N');
  });

  it('heaps 5 and 7 under take 1, 2 or 3: nim-sum 2', async () => {
    const report = await json(['--moves', '1,2,3', '--position', '5', '7']);
    expect(report.nimSum).toBe(2);
    expect(report.components).toEqual([{ state: 5, grundy: 1, ground: 'table' }, { state: 7, grundy: 3, ground: 'table' }]);
    expect(report.grounds).toEqual({ table: { kind: 'table', over: 'heaps 0..63' } });
    expect(report.winningMoves).toEqual([
      { component: 1, from: 5, to: [3], take: 2 },
      { component: 2, from: 7, to: [5], take: 2 },
    ]);
  });

  it("Wythoff positions: (⌊kφ⌋, ⌊kφ²⌋) is P, moving one pile off it is N", async () => {
    for (const [a, b] of [[1, 2], [3, 5], [4, 7], [6, 10], [8, 13], [9, 15], [11, 18]]) {
      expect((await json(['--preset', 'wythoff', '--position', `${a}:${b}`])).outcome, `${a}:${b}`).toBe('P');
      expect((await json(['--preset', 'wythoff', '--position', `${a}:${b + 1}`])).outcome).toBe('N');
    }
  });

  it('heaps far beyond the computed values take theirs from a proven period', async () => {
    const report = await json(['--moves', '1,3,4', '--position', '10^18', '5']);
    const cycle = [0, 1, 0, 1, 2, 3, 2];
    expect(report.components[0].grundy).toBe(cycle[Number(10n ** 18n % 7n)]);
  });

  it('a heap no proof covers is one line, exit 2, naming the heap', async () => {
    expectBadInput(await runMain(['--moves', '1,1000000', '--limit', '1000', '--position', '1e15']), 'unproven heap', { pattern: /--position: heap 1,000,000,000,000,000: no period was proven within the first 1,000 values/ });
  });
});

describe('winning moves of random take-and-break positions equal the reference options', () => {
  it('80 random codes and positions (seed 77)', () => {
    const random = mulberry32(77);
    for (let t = 0; t < 80; t++) {
      const digits = Array.from({ length: int(random, 1, 3) }, () => int(random, 0, 7));
      digits[digits.length - 1] ||= 7;
      const rule: Rule = { kind: 'take-and-break', code: parseCode(`0.${digits.join('')}`) };
      const heaps = Array.from({ length: int(random, 1, 4) }, () => int(random, 0, 40));
      const g = referenceValues(rule, 41);
      const x = explore({ game: { rule }, max: 40n });
      const report = heapPosition(x, movesOf(rule), heaps.map(BigInt), false);
      const sum = heaps.reduce((a, h) => a ^ g[h]!, 0);
      const expected: string[] = [];
      if (sum !== 0) {
        heaps.forEach((h, i) => {
          for (const parts of referenceOptions(rule, h)) {
            if (parts.reduce((a, p) => a ^ g[p]!, 0) === (g[h]! ^ sum)) expected.push(`${i + 1}:${[...parts].sort((a, b) => a - b).join('+')}`);
          }
        });
      }
      const got = report.winningMoves.map((m) => `${m.component}:${m.to.join('+')}`);
      expect(got.sort(), `0.${digits.join('')} ${heaps}`).toEqual(expected.sort());
    }
  });
});

describe('misère play', () => {
  /** Misère outcome of Nim by brute force over positions. */
  function bruteMisereNim(heaps: number[], memo = new Map<string, boolean>()): boolean {
    const key = [...heaps].sort().join(',');
    if (memo.has(key)) return memo.get(key)!;
    let win = heaps.every((h) => h === 0); // no move: the player to move has not made the last move, so wins
    for (let i = 0; i < heaps.length && !win; i++) for (let m = 0; m < heaps[i]! && !win; m++) {
      const next = heaps.slice();
      next[i] = m;
      if (!bruteMisereNim(next, memo)) win = true;
    }
    memo.set(key, win);
    return win;
  }

  it("Nim follows Bouton's rule (against a brute force over all positions of 3 heaps up to 6)", () => {
    const memo = new Map<string, boolean>();
    for (let a = 0; a <= 6; a++) for (let b = 0; b <= 6; b++) for (let c = 0; c <= 6; c++) {
      expect(misereNimOutcome([a, b, c].map(BigInt)), `${a} ${b} ${c}`).toBe(bruteMisereNim([a, b, c], memo) ? 'N' : 'P');
    }
  });

  it('misère Nim positions and their winning moves through the CLI', async () => {
    const report = await json(['--preset', 'nim', '--position', '1', '1', '1', '--misere']);
    expect(report.outcome).toBe('P');
    const lone = await json(['--preset', 'nim', '--position', '5', '1', '1', '--misere']);
    expect(lone.outcome).toBe('N');
    expect(lone.winningMoves).toEqual([{ component: 1, from: 5, to: [1], take: 4 }]); // leave three 1s
  });

  it('misère Bash (take 1..m): P exactly at n ≡ 1 (mod m+1), proven by window repetition', () => {
    for (const m of [1, 2, 3, 5, 8]) {
      const table = misereTable(movesOf({ kind: 'subtraction', moves: Array.from({ length: m }, (_, i) => i + 1) }), 300);
      expect(table.cycle?.proof?.method).toBe('window-repetition');
      for (let n = 0; n <= 300; n++) expect(table.outcomes[n] === 0, `bash:${m} n=${n}`).toBe(n % (m + 1) === 1);
    }
  });

  it('Kayles (0.77): the one-heap misère P-positions up to 40 equal a brute force over multisets of heaps', () => {
    const rule: Rule = { kind: 'take-and-break', code: parseCode('0.77') };
    // Independent brute force: a position is a sorted multiset of heaps; P when every option is N; no option is N.
    const memo = new Map<string, boolean>();
    const win = (heaps: number[]): boolean => {
      const key = heaps.join(',');
      const known = memo.get(key);
      if (known !== undefined) return known;
      let result = true;
      let moved = false;
      outer: for (let i = 0; i < heaps.length; i++) {
        const h = heaps[i]!;
        for (let take = 1; take <= 2; take++) for (let left = 0; left + take <= h; left++) {
          const right = h - take - left;
          const next = [...heaps.slice(0, i), ...heaps.slice(i + 1), left, right].filter((x) => x > 0).sort((a, b) => a - b);
          moved = true;
          if (!win(next)) {
            result = true;
            break outer;
          }
          result = false;
        }
      }
      if (!moved) result = true;
      memo.set(key, result);
      return result;
    };
    const expected = Array.from({ length: 41 }, (_, n) => n).filter((n) => !win(n ? [n] : []));
    expect(expected.slice(0, 5)).toEqual([1, 4, 9, 12, 20]);
    const table = misereTable(movesOf(rule), 40);
    expect(Array.from(table.outcomes.keys()).filter((n) => table.outcomes[n] === 0)).toEqual(expected);
  });

  it('misère sums of other games are searched exhaustively; too large is one line', async () => {
    // Take 1, 2 or 3 from one of two heaps, misère: against a brute force of the sum.
    const memo = new Map<string, boolean>();
    const win = (a: number, b: number): boolean => {
      const key = `${Math.min(a, b)},${Math.max(a, b)}`;
      if (memo.has(key)) return memo.get(key)!;
      const moves: [number, number][] = [];
      for (const s of [1, 2, 3]) {
        if (s <= a) moves.push([a - s, b]);
        if (s <= b) moves.push([a, b - s]);
      }
      const result = moves.length === 0 || moves.some(([x, y]) => !win(x, y));
      memo.set(key, result);
      return result;
    };
    for (const [a, b] of [[5, 7], [1, 4], [2, 2], [6, 3], [9, 1], [0, 5]]) {
      const report = await json(['--moves', '1,2,3', '--position', String(a), String(b), '--misere']);
      expect(report.outcome, `${a} ${b}`).toBe(win(a, b) ? 'N' : 'P');
    }
    expectBadInput(await runMain(['--preset', 'kayles', '--position', '20000', '--misere']), 'huge misère', { pattern: /--misere: a heap of 20000 may reach more than 10\^300 positions/ });
  });
});
