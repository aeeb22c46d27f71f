import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { vectorTableBytes, VectorKernel, vectorValues } from '../../../src/core/kinds/two-pile/vector-kernel.js';
import { cappedValues, startCap } from '../../../src/core/kinds/capped-heap/capped-kernel.js';
import { presetGame } from '../../../src/core/presets.js';
import type { CappedHeapRule, GameSpec, MoveVector, VectorRule } from '../../../src/core/kinds/registry.js';
import { mulberry32, int } from '../../helpers/random.js';
import { runMain } from '../../helpers/in-process.js';
import { expectBadInput } from '../../helpers/cli.js';
import { exploreCappedHeap, exploreCappedHeapAsync, exploreGrid, exploreGridAsync } from '../../helpers/tables.js';
import { say, translator } from '../../../src/core/i18n/index.js';



const published = JSON.parse(readFileSync(new URL('../../fixtures/two-pile.json', import.meta.url), 'utf8')) as {
  A317205: { terms: number[] };
  A307298: { vectors: [number, number][]; terms: number[] };
};
const WYTHOFF: MoveVector[] = [
  { dx: 1, dy: 0, cap: null },
  { dx: 0, dy: 1, cap: null },
  { dx: 1, dy: 1, cap: null },
];

/** G by the definition: every option of every cell, mex of a Set (row-major, rows × columns). */
function naiveGrid(vectors: readonly MoveVector[], rows: number, columns: number): number[] {
  const g: number[] = [];
  for (let x = 0; x < rows; x++) {
    for (let y = 0; y < columns; y++) {
      const seen = new Set<number>();
      for (const v of vectors) for (let m = 1; (v.cap === null || m <= v.cap) && x - m * v.dx >= 0 && y - m * v.dy >= 0; m++) seen.add(g[(x - m * v.dx) * columns + y - m * v.dy]!);
      let mex = 0;
      while (seen.has(mex)) mex++;
      g.push(mex);
    }
  }
  return g;
}

function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) / 2n;
  while (y < x) [x, y] = [y, (y + n / y) / 2n];
  return x;
}
/** ⌊kφ⌋ = ⌊(k + √(5k²))/2⌋ and ⌊kφ²⌋ = ⌊kφ⌋ + k, in integers only. */
const floorKPhi = (k: number) => Number((BigInt(k) + isqrt(5n * BigInt(k) * BigInt(k))) / 2n);

describe('the two-pile kernel equals the definition', () => {
  it("Wythoff's game, 80 x 80, and long rows 0..5 to 400", () => {
    expect([...vectorValues(WYTHOFF, 79, 79).values]).toEqual(naiveGrid(WYTHOFF, 80, 80));
    expect([...vectorValues(WYTHOFF, 5, 399).values]).toEqual(naiveGrid(WYTHOFF, 6, 400));
  });

  it('200 random vector sets, with and without caps on the multiple (seed 8080)', () => {
    const random = mulberry32(8080);
    for (let t = 0; t < 200; t++) {
      const vectors: MoveVector[] = Array.from({ length: int(random, 1, 4) }, () => {
        let dx = int(random, 0, 3);
        const dy = int(random, 0, 3);
        if (dx === 0 && dy === 0) dx = 1;
        return { dx, dy, cap: random() < 0.5 ? null : int(random, 1, 5) };
      });
      const rows = int(random, 1, 70);
      const columns = int(random, 1, 120);
      expect([...vectorValues(vectors, rows - 1, columns - 1).values], JSON.stringify({ vectors, rows, columns })).toEqual(naiveGrid(vectors, rows, columns));
    }
  });

  it('the first 12 rows of the Wythoff table are OEIS A317205', () => {
    const table = vectorValues(WYTHOFF, 11, 11);
    const triangle: number[] = [];
    for (let n = 1; n <= 12; n++) for (let m = 1; m <= n; m++) triangle.push(table.values[(n - 1) * 12 + m - 1]!);
    expect(triangle).toEqual(published.A317205.terms);
  });

  it('NimHof with rules [1,0], [1,1], [2,3], [1,2], [0,1] is OEIS A307298 (by antidiagonals)', () => {
    const vectors = published.A307298.vectors.map(([dx, dy]) => ({ dx, dy, cap: null }));
    const table = vectorValues(vectors, 12, 12);
    const at = (x: number, y: number) => table.values[x * 13 + y]!;
    const terms = published.A307298.terms;
    let i = 0;
    // The published terms end part of the way into antidiagonal 12: compare the full ones.
    for (let d = 0; i + d + 1 <= terms.length; d++) {
      const diagonal = terms.slice(i, i + d + 1);
      const along = Array.from({ length: d + 1 }, (_, x) => at(x, d - x));
      expect([along, [...along].reverse()], `antidiagonal ${d}`).toContainEqual(diagonal);
      i += d + 1;
    }
    expect(i).toBe(78); // antidiagonals 0..11
  });
});

describe("Wythoff's game through exploreGrid", () => {
  const wythoff = presetGame('wythoff') as GameSpec & { rule: VectorRule };
  const x = exploreGrid({ game: wythoff, max: 1000 });

  it("P-positions are (⌊kφ⌋, ⌊kφ²⌋) and mirrors, exactly (OEIS A000201, A001950)", () => {
    const expected = new Set<string>(['0,0']);
    for (let k = 1; floorKPhi(k) + k <= 1000; k++) {
      const a = floorKPhi(k);
      const b = a + k;
      expected.add(`${a},${b}`);
      expected.add(`${b},${a}`);
    }
    expect(new Set(x.pPositions.map(([a, b]) => `${a},${b}`))).toEqual(expected);
  });

  it('recognises the law: a_k = ⌊kφ⌋, b_k = a_k + k = ⌊kφ²⌋', () => {
    expect(x.law).not.toBeNull();
    expect(x.law!.difference).toBe(1);
    expect(x.law!.a).toMatchObject({ alpha: { p: 1, q: 1, d: 5, r: 2 }, beta: { p: 0, q: 0 }, counterexample: null });
    expect(x.law!.b).toMatchObject({ alpha: { p: 3, q: 1, d: 5, r: 2 }, beta: { p: 0, q: 0 }, counterexample: null });
    expect(x.law!.text).toContain('a_k = ⌊kφ⌋');
  });

  it("each row's (n0, p, s) equals a brute-force search of the row", () => {
    const rows = exploreGrid({ game: wythoff, max: 3000, rows: { first: 0, last: 7 } });
    for (const { row, cycle } of rows.rowPatterns) {
      const g = Array.from({ length: 3001 }, (_, n) => rows.value(row, n));
      // The smallest p (then n0) with g[n + p] = g[n] + s from n0 to the end, the tail at least n0 + 2p and 3p long.
      let found: { preperiod: number; period: number; saltus: number } | null = null;
      for (let p = 1; 3 * p <= g.length && !found; p++) {
        const s = g[g.length - 1]! - g[g.length - 1 - p]!;
        if (s < 0) continue;
        let n0 = g.length - 1 - p;
        while (n0 >= 0 && g[n0 + p]! - g[n0]! === s) n0--;
        n0++;
        const tail = g.length - n0;
        if (tail >= n0 + 2 * p && tail >= 3 * p) found = { preperiod: n0, period: p, saltus: s };
      }
      expect(cycle, `row ${row}`).toEqual(found);
    }
    // Row 0 is Nim (G = n), row 1 has period 3 and saltus 3 (Winning Ways).
    expect(rows.rowPatterns[0]!.cycle).toEqual({ preperiod: 0, period: 1, saltus: 1 });
    expect(rows.rowPatterns[1]!.cycle).toEqual({ preperiod: 0, period: 3, saltus: 3 });
  });
});

describe('Fibonacci Nim and other heaps with memory', () => {
  /** G(n, c) by a memoised search of the definition. */
  function naiveCapped(rule: CappedHeapRule, n: number, c: number, memo = new Map<string, number>()): number {
    const key = `${n},${c}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const seen = new Set<number>();
    for (let t = 1; t <= Math.min(c, n); t++) {
      const next = rule.next.kind === 'times' ? rule.next.factor * t : t + rule.next.add;
      seen.add(naiveCapped(rule, n - t, Math.min(n - t, next), memo));
    }
    let mex = 0;
    while (seen.has(mex)) mex++;
    memo.set(key, mex);
    return mex;
  }

  it('every state (n, c), n <= 60, equals a memoised search, for k = 1, 2, 3 and the one-more rule', () => {
    const rules: CappedHeapRule[] = [1, 2, 3].map((factor) => ({ kind: 'capped-heap', next: { kind: 'times', factor } }));
    rules.push({ kind: 'capped-heap', next: { kind: 'plus', add: 1 } });
    for (const rule of rules) {
      const table = cappedValues(rule, 60);
      const memo = new Map<string, number>();
      for (let n = 0; n <= 60; n++) for (let c = 0; c <= n; c++) expect(table.value(n, c), `${JSON.stringify(rule.next)} (${n},${c})`).toBe(naiveCapped(rule, n, c, memo));
    }
  });

  it('the first player loses exactly at 0 and the Fibonacci numbers, up to 5000', () => {
    const x = exploreCappedHeap(presetGame('fibonacci-nim') as GameSpec & { rule: CappedHeapRule }, 5000);
    const fibonacci: number[] = [0];
    for (let a = 1, b = 2; a <= 5000; [a, b] = [b, a + b]) fibonacci.push(a);
    expect(x.pPositions).toEqual(fibonacci);
    // 0, 1, 2, 3, 5, ...: the law gives a(4) = 3 = 2 + 1 and every term after it, not a(3) = 2.
    expect(x.law?.text).toBe('a(k) = a(k−1) + a(k−2) for k ≥ 4');
    expect(x.law?.from).toBe(3);
    expect(x.law?.name && say(x.law.name)).toBe('the Fibonacci numbers from a(2) = 1 on');
    expect(x.law?.name && say(x.law.name, translator('zh'))).toBe('从 a(2) = 1 起的斐波那契数');
    expect(x.law?.counterexample).toBeNull();
  });

  it('the one-more rule: (4,2) and (100,100) are won by the first player, (5,2) and (100,19) lost', () => {
    const table = cappedValues({ kind: 'capped-heap', next: { kind: 'plus', add: 1 } }, 100);
    expect([table.value(4, 2), table.value(5, 2), table.value(100, 100), table.value(100, 19)].map((v) => v !== 0)).toEqual([true, false, true, false]);
    expect(startCap(100)).toBe(99);
  });
});

describe('the CLI', () => {
  it('--preset wythoff --max 40: a table within 80 columns with the law', async () => {
    const run = await runMain(['--preset', 'wythoff', '--max', '40']);
    expect(run.code, run.stderr).toBe(0);
    for (const line of run.stdout.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(80);
    expect(run.stdout).toContain('⌊kφ⌋');
    expect(run.stdout.replace(/\s+/g, ' ')).toContain("cut to the terminal's width");
  });

  it('CSV has x,y,grundy,outcome; JSON has values as rows', async () => {
    const csv = await runMain(['--vectors', '(1,0) (0,1) (1,1)', '--max', '3', '--format', 'csv']);
    const lines = csv.stdout.split('\r\n');
    expect(lines[0]).toBe('x,y,grundy,outcome');
    expect(lines.slice(1, 6)).toEqual(['0,0,0,P', '0,1,1,N', '0,2,2,N', '0,3,3,N', '1,0,1,N']);
    expect(lines).toHaveLength(16 + 2);
    const json = JSON.parse((await runMain(['--preset', 'wythoff', '--max', '4', '--format', 'json'])).stdout);
    expect(json.values).toEqual([[0, 1, 2, 3, 4], [1, 2, 0, 4, 5], [2, 0, 1, 5, 3], [3, 4, 5, 6, 2], [4, 5, 3, 2, 7]]);
  });

  it('--rows 0..15 --max 1e5 computes long rows', async () => {
    const run = await runMain(['--preset', 'wythoff', '--rows', '0..15', '--max', '1e5', '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json.values).toHaveLength(16);
    expect(json.values[0][100000]).toBe(100000);
    expect(json.rowPatterns[1]).toEqual({ row: 1, preperiod: 0, period: 3, saltus: 3, proven: false });
  });

  it('a rule file with vectors and caps, and --preset fibonacci-nim', async () => {
    const fib = await runMain(['--preset', 'fibonacci-nim', '--max', '100', '--format', 'csv']);
    expect(fib.stdout.split('\r\n').filter((l) => l.endsWith(',P')).map((l) => Number(l.split(',')[0]))).toEqual([0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89]);
  });
});

describe('the memory guard of two-pile tables tells the truth', () => {
  const shapes: [string, MoveVector[], number, number][] = [
    ['Wythoff 600 x 600', WYTHOFF, 600, 600],
    ['Wythoff rows 0..15 to 1.3e5', WYTHOFF, 16, 130_001],
    ['Wythoff row 0 to 1e6', WYTHOFF, 1, 1_000_001],
    ['Wythoff 200,000 rows of 4 (400,000 short lines)', WYTHOFF, 200_000, 4],
    ['capped and uneven vectors', [{ dx: 1, dy: 0, cap: 3 }, { dx: 2, dy: 1, cap: null }, { dx: 0, dy: 1, cap: null }], 300, 500],
  ];

  it.each(shapes)('%s: the estimate is what the kernel allocates, and no other memory grows with the table', (_, vectors, rows, columns) => {
    const estimate = vectorTableBytes(vectors, rows, columns);
    const before = process.memoryUsage();
    const kernel = new VectorKernel(vectors, rows - 1, columns - 1);
    const allocated = process.memoryUsage().arrayBuffers - before.arrayBuffers;
    expect(kernel.bytes()).toBe(estimate);
    // The typed arrays are all of it: measured as the process sees them (other buffers may come and go: 1 MB of slack).
    expect(Math.abs(allocated - estimate)).toBeLessThan(2 ** 20 + estimate * 0.01);
    kernel.fillRows(rows);
    // Filling adds no per-line structure on the JS heap (24 million short lines as arrays once took 9 GB).
    expect(process.memoryUsage().heapUsed - before.heapUsed).toBeLessThan(16 * 2 ** 20);
    expect(kernel.bytes()).toBe(estimate);
  });

  it('rows 0..15 to 1.3e5 need tens of MB, not 12 GB; row 0 to 1e6 is computed, not refused', async () => {
    expect(vectorTableBytes(WYTHOFF, 16, 130_001)).toBeLessThan(20 * 2 ** 20);
    const run = await runMain(['--preset', 'wythoff', '--rows', '0..0', '--max', '1e6', '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json.values[0][1_000_000]).toBe(1_000_000);
  });

  it('a refusal gives the estimate and does not suggest a flag already given', async () => {
    const withRows = expectBadInput(await runMain(['--preset', 'wythoff', '--rows', '0..15', '--max', '2147483647']), 'rows too long', { pattern: /rows 0\.\.15 .* need about [\d,]+ MiB, more than the [\d,]+ MiB of free memory; lower --max or the last row/ });
    expect(withRows).not.toContain('use --rows');
    expectBadInput(await runMain(['--preset', 'wythoff', '--max', '2147483647']), 'square too large', { pattern: /a table of [\d,]+ cells needs about [\d,]+ MiB, .*; use --rows A\.\.B/ });
  });
});
