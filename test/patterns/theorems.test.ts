/**
 * The theorems that answer positions of any size, each checked against a
 * brute force on small cases and against exact arithmetic far out:
 * Wythoff (1907), Whinihan (1963) and Schwenk (1970) for heaps with memory,
 * the integer square root they rest on.
 */
import { describe, expect, it } from 'vitest';
import { integerSqrt } from '../../src/core/theorems/integer-root.js';
import { isWythoffP, wythoffA, wythoffIndex, wythoffPair, wythoffWinningMoves } from '../../src/core/theorems/wythoff.js';
import { cappedNimWinningTakes, isCappedNimP, losingHeaps } from '../../src/core/theorems/capped-nim.js';
import { mulberry32 } from '../helpers/random.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.js';

const FIXTURES = join(ROOT, 'test/fixtures');

/** Wythoff's P-positions by brute force: a position is P when no move reaches a P-position. */
function wythoffTable(size: number): boolean[][] {
  const p = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  for (let x = 0; x < size; x++) {
    for (let y = 0; y < size; y++) {
      let toP = false;
      for (let m = 1; m <= x && !toP; m++) toP = p[x - m]![y]!;
      for (let m = 1; m <= y && !toP; m++) toP = p[x]![y - m]!;
      for (let m = 1; m <= Math.min(x, y) && !toP; m++) toP = p[x - m]![y - m]!;
      p[x]![y] = !toP;
    }
  }
  return p;
}

/** floor(k·phi) = a exactly when a < k·phi < a + 1, i.e. (2a - k)² < 5k² < (2a + 2 - k)²: a check that uses no square root. */
function isFloorOfKPhi(k: bigint, a: bigint): boolean {
  const below = 2n * a - k;
  const above = 2n * a + 2n - k;
  return (below < 0n || below * below < 5n * k * k) && 5n * k * k < above * above;
}

const fibonacci = (count: number): bigint[] => {
  const f = [1n, 2n];
  while (f.length < count) f.push(f[f.length - 1]! + f[f.length - 2]!);
  return f;
};

describe('integer square root', () => {
  it('is the largest r with r² <= n, on small numbers and around squares up to 10^40', () => {
    for (let n = 0n; n < 2000n; n++) {
      const r = integerSqrt(n);
      expect(r * r <= n && (r + 1n) * (r + 1n) > n, String(n)).toBe(true);
    }
    const random = mulberry32(5);
    for (let t = 0; t < 500; t++) {
      const r = BigInt(Math.floor(random() * 2 ** 30)) * 10n ** 10n + BigInt(Math.floor(random() * 1e9));
      for (const d of [-1n, 0n, 1n]) {
        const n = r * r + d;
        expect(integerSqrt(n), `${n}`).toBe(d < 0n ? r - 1n : r);
      }
    }
  });
});

describe("Wythoff's game (Wythoff, 1907)", () => {
  it('P-positions and every winning move equal a brute force on every position up to 80:80', () => {
    const size = 80;
    const p = wythoffTable(size);
    for (let x = 0; x < size; x++) {
      for (let y = 0; y < size; y++) {
        expect(isWythoffP(BigInt(x), BigInt(y)), `${x}:${y}`).toBe(p[x]![y]);
        const expected: string[] = [];
        if (!p[x]![y]) {
          for (let m = 1; m <= x; m++) if (p[x - m]![y]) expected.push(`${x - m}:${y}`);
          for (let m = 1; m <= y; m++) if (p[x]![y - m]) expected.push(`${x}:${y - m}`);
          for (let m = 1; m <= Math.min(x, y); m++) if (p[x - m]![y - m]) expected.push(`${x - m}:${y - m}`);
        }
        expect(wythoffWinningMoves(BigInt(x), BigInt(y)).map(([a, b]) => `${a}:${b}`).sort(), `${x}:${y}`).toEqual(expected.sort());
      }
    }
  });

  it('is exact where the floating-point formula fails: k = F_40 = 102334155 gives (165580140, 267914295), and every Fibonacci k to 10^18', () => {
    expect(wythoffPair(165580141n)).toEqual([267914296n, 433494437n]);
    expect(wythoffPair(102334155n)).toEqual([165580140n, 267914295n]);
    // The blogs' double formula is one too high at F_40 (the test can tell the two apart).
    expect(BigInt(Math.floor(102334155 * ((1 + Math.sqrt(5)) / 2)))).toBe(165580141n);
    let floatFailures = 0;
    for (const f of fibonacci(90)) {
      for (const k of [f - 1n, f, f + 1n].filter((k) => k > 0n)) {
        const a = wythoffA(k);
        expect(isFloorOfKPhi(k, a), `k = ${k}`).toBe(true);
        expect(wythoffIndex(a), `a_${k}`).toEqual({ side: 'a', k });
        if (k > 0n) expect(wythoffIndex(a + k), `b_${k}`).toEqual({ side: 'b', k });
        if (k <= 10n ** 9n && BigInt(Math.floor(Number(k) * ((1 + Math.sqrt(5)) / 2))) !== a) floatFailures++;
      }
    }
    expect(floatFailures).toBeGreaterThan(0);
  });

  it('every k up to 10^9 where the floating-point formula is wrong (95 of them, the fixture) gets the exact pair', () => {
    const { k: failures } = JSON.parse(readFileSync(join(FIXTURES, 'wythoff-float-failures.json'), 'utf8')) as { k: number[] };
    expect(failures.length).toBe(95);
    expect(failures.filter((k) => k <= 8e8).length).toBe(60);
    expect(failures[0]).toBe(102334155);
    for (const k of failures) {
      const a = wythoffA(BigInt(k));
      expect(isFloorOfKPhi(BigInt(k), a), `k = ${k}`).toBe(true);
      expect(BigInt(Math.floor(k * ((1 + Math.sqrt(5)) / 2))), `k = ${k}: the float is one too high`).toBe(a + 1n);
      expect(isWythoffP(a, a + BigInt(k)), `k = ${k}`).toBe(true);
    }
  });

  it('answers piles of 10^18 with integer arithmetic: the pair of k = 10^18, and the moves from 10^18:10^18', () => {
    const k = 10n ** 18n;
    const [a, b] = wythoffPair(k);
    expect(isFloorOfKPhi(k, a)).toBe(true);
    expect(b - a).toBe(k);
    expect(isWythoffP(a, b) && isWythoffP(b, a)).toBe(true);
    expect(isWythoffP(a, b + 1n)).toBe(false);
    const moves = wythoffWinningMoves(k, k);
    // From the equal piles: to (0, 0) by both, and to a pile's partner by one.
    expect(moves.map(([x, y]) => isWythoffP(x, y))).toEqual(moves.map(() => true));
    expect(moves).toContainEqual([0n, 0n]);
    const { side, k: j } = wythoffIndex(k);
    const partner = side === 'a' ? k + j : k - j;
    expect(moves).toContainEqual([k, partner]);
    expect(isFloorOfKPhi(j, side === 'a' ? k : partner)).toBe(true);
    // And far beyond 64 bits, where the arithmetic allows: k = 10^100.
    const huge = 10n ** 100n;
    expect(isFloorOfKPhi(huge, wythoffA(huge))).toBe(true);
    for (const [x, y] of wythoffWinningMoves(huge, huge + 1n)) expect(isWythoffP(x, y)).toBe(true);
  });
});

describe('heaps with memory: Whinihan (1963) for k = 2, Schwenk (1970) for every k', () => {
  /** (n, cap) → whether the player to move loses, by brute force over every state up to `size`. */
  function cappedTable(k: number, size: number): boolean[][] {
    const lost = Array.from({ length: size + 1 }, () => new Array<boolean>(size + 1).fill(true));
    for (let n = 1; n <= size; n++) {
      for (let c = 0; c <= size; c++) {
        let win = false;
        for (let t = 1; t <= Math.min(n, c) && !win; t++) win = lost[n - t]![Math.min(n - t, k * t)]!;
        lost[n]![c] = !win;
      }
    }
    return lost;
  }

  it('the losing start heaps are the Fibonacci numbers for k = 2, the powers of 2 for k = 1', () => {
    expect(losingHeaps(2n, 100n).slice(0, 10)).toEqual([1n, 2n, 3n, 5n, 8n, 13n, 21n, 34n, 55n, 89n]);
    expect(losingHeaps(1n, 100n).slice(0, 7)).toEqual([1n, 2n, 4n, 8n, 16n, 32n, 64n]);
  });

  it('outcomes and every winning take equal a brute force for k = 1..6, every heap up to 120 and every cap', () => {
    const size = 120;
    for (let k = 1; k <= 6; k++) {
      const lost = cappedTable(k, size);
      for (let n = 0; n <= size; n++) {
        for (let c = 0; c <= n; c++) {
          expect(isCappedNimP(k, BigInt(n), BigInt(c)), `k = ${k}, (${n}, ${c})`).toBe(lost[n]![c]);
          const takes: bigint[] = [];
          for (let t = 1; t <= Math.min(n, c); t++) if (lost[n - t]![Math.min(n - t, k * t)]) takes.push(BigInt(t));
          expect(cappedNimWinningTakes(k, BigInt(n), BigInt(c)), `k = ${k}, (${n}, ${c})`).toEqual(takes);
        }
      }
    }
  });

  it('a heap of 25 (k = 2) wins by taking 1 or 4, smallest first; Fibonacci heaps up to 10^18 lose', () => {
    expect(cappedNimWinningTakes(2, 25n, 24n)).toEqual([1n, 4n]);
    for (const f of fibonacci(86)) {
      expect(isCappedNimP(2, f, f - 1n), String(f)).toBe(true);
      if (f > 3n) expect(isCappedNimP(2, f + 1n, f), String(f + 1n)).toBe(false);
    }
    // 512559680 is where the blogs' 32-bit program overflows; it is no Fibonacci number, so the first player wins.
    expect(isCappedNimP(2, 512559680n, 512559679n)).toBe(false);
    // Far out: the smallest Zeckendorf part of 10^18 is the winning take, and what it leaves is lost for the opponent.
    const n = 10n ** 18n;
    const [first] = cappedNimWinningTakes(2, n, n - 1n);
    expect(first).toBeDefined();
    expect(isCappedNimP(2, n - first!, 2n * first!)).toBe(true);
    // 10^100: every winning take leaves a state lost for the opponent, and the last Fibonacci number below it is lost.
    const huge = 10n ** 100n;
    for (const t of cappedNimWinningTakes(3, huge, huge - 1n)) expect(isCappedNimP(3, huge - t, 3n * t)).toBe(true);
    const fib = fibonacci(480).filter((f) => f < huge).pop()!;
    expect(isCappedNimP(2, fib, fib - 1n)).toBe(true);
  });
});
