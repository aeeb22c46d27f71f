/**
 * Misère theory against an exhaustive search that shares no code with it:
 * misère values and outcomes of sums of heaps found here from the options
 * of test/oracles/reference.ts, by plain memoised recursion over multisets.
 * - genus: every heap's g^{g0 g1 ...} against the misère values of the heap
 *   plus k copies of *2, searched; and Plambeck's published table of 0.312;
 * - quotients: the outcome of random sums through the quotient against the
 *   search; the order against a direct count of indistinguishable classes;
 *   even order; 0.75's quotient as Plambeck and Siegel present it;
 * - positions through the theories, and the CLI's words.
 */
import { describe, expect, it } from 'vitest';
import { referenceOptions } from '../oracles/reference.js';
import { parseCode } from '../../src/core/rules/code.js';
import { kindOf, type Rule } from '../../src/core/kinds/registry.js';
import { movesOf, subtraction } from '../helpers/rules.js';
import { runGenerator } from '../../src/core/driver.js';
import { genusTableSteps, genusText, isTameGenus } from '../../src/core/misere/genus.js';
import { emptyQuotient, extendQuotient, quotientSteps } from '../../src/core/misere/quotient.js';
import { sumTruth } from '../../src/core/misere/sum-truth.js';
import { presentation, wordText } from '../../src/core/misere/presentation.js';
import { heapPosition } from '../../src/core/positions/heap-position.js';
import { exploreTable } from '../../src/core/heap/explore.js';
import { int, mulberry32 } from '../helpers/random.js';
import { expectBadInput, runCli } from '../helpers/cli.js';
import { groundWords } from '../../src/core/laws/ground.js';
import { longTest } from '../helpers/long.js';

const code = (text: string): Rule => ({ kind: 'take-and-break', code: parseCode(text) }) as Rule;

/** The independent search: misère values (mex, 1 with no move) of a multiset of heaps plus `twos` copies of *2 and `ones` of *1. */
function bruteForce(rule: Rule) {
  const options = new Map<number, number[][]>();
  const opts = (h: number) => {
    let o = options.get(h);
    if (!o) options.set(h, (o = referenceOptions(rule, h).map((parts) => parts.filter((p) => p > 0))));
    return o;
  };
  const memo = new Map<string, number>();
  const value = (heaps: readonly number[], twos = 0, ones = 0): number => {
    const sorted = [...heaps].filter((h) => opts(h).length > 0).sort((a, b) => a - b);
    const key = `${sorted.join(',')}|${twos}|${ones}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const seen = new Set<number>();
    for (let i = 0; i < sorted.length; i++) {
      for (const parts of opts(sorted[i]!)) seen.add(value([...sorted.slice(0, i), ...sorted.slice(i + 1), ...parts], twos, ones));
    }
    if (twos > 0) {
      seen.add(value(sorted, twos - 1, ones + 1));
      seen.add(value(sorted, twos - 1, ones));
    }
    if (ones > 0) seen.add(value(sorted, twos, ones - 1));
    let v = 0;
    if (seen.size === 0) v = 1; // no move: the player to move wins misère play
    else while (seen.has(v)) v++;
    memo.set(key, v);
    return v;
  };
  const normal = new Map<string, number>();
  const normalValue = (heaps: readonly number[]): number => {
    const key = [...heaps].sort((a, b) => a - b).join(',');
    const known = normal.get(key);
    if (known !== undefined) return known;
    const seen = new Set<number>();
    for (let i = 0; i < heaps.length; i++) for (const parts of opts(heaps[i]!)) seen.add(normalValue([...heaps.slice(0, i), ...heaps.slice(i + 1), ...parts]));
    let v = 0;
    while (seen.has(v)) v++;
    normal.set(key, v);
    return v;
  };
  return { value, isP: (heaps: readonly number[]) => value(heaps) === 0, normalValue };
}

/** Conway's abbreviation of a sequence that alternates by its end: up to the first two values of the alternation. */
function abbreviate(e: readonly number[]): number[] {
  let j = e.length - 3;
  while (j > 0 && e[j - 1] === e[j + 1]) j--;
  return e.slice(0, j + 2);
}

describe('genus against an exhaustive search', () => {
  const cases: [string, Rule, number][] = [
    ['Kayles 0.77', code('0.77'), 13],
    ["Dawson's Kayles 0.07", code('0.07'), 15],
    ["Dawson's chess 0.137", code('0.137'), 14],
    ['0.312', code('0.312'), 16],
    ['0.75', code('0.75'), 13],
    ['0.15', code('0.15'), 14],
    ['subtraction 1,2,3', subtraction([1, 2, 3]), 20],
    ['subtraction 2,5,6', subtraction([2, 5, 6]), 25],
  ];
  for (const [name, rule, max] of cases) {
    it(`${name}: heaps 0..${max}`, () => {
      const table = runGenerator(genusTableSteps(movesOf(rule), max));
      const search = bruteForce(rule);
      for (const row of table.rows) {
        const e = Array.from({ length: 9 }, (_, k) => search.value([row.n], k));
        expect(row.genus.value, `G(${row.n})`).toBe(search.normalValue([row.n]));
        expect(row.genus.exponents, `genus of heap ${row.n}`).toEqual(abbreviate(e));
      }
    });
  }

  it("0.312 as Plambeck published it (heaps 1-6: 1^{03131}, 2^{20}, 0^{02}, 2^{1420}, 0^{02}, 1^{13}, then 0^{02}, 1^{13} alternately)", () => {
    const table = runGenerator(genusTableSteps(movesOf(code('0.312')), 40));
    const texts = table.rows.map((r) => genusText(r.genus));
    // Plambeck writes heap 1's exponents out further (03131); abbreviated they are 031.
    expect(texts.slice(1, 7)).toEqual(['1^{031}', '2^{20}', '0^{02}', '2^{1420}', '0^{02}', '1^{13}']);
    for (let n = 7; n <= 40; n++) expect(texts[n]).toBe(n % 2 ? '0^{02}' : '1^{13}');
    expect(table.rows[4]!.tameness).toBe('restive');
    expect(table.rows[3]!.tameness).toBe('tame');
    expect(table.rows[5]!.tameness).toBe('wild');
  });

  it('nim heaps have the genera of nim heaps, all tame; two-digit exponents get separators (8^{8,10})', () => {
    const table = runGenerator(genusTableSteps(movesOf(code('0.3333333333333')), 12));
    expect(table.rows.map((r) => genusText(r.genus))).toEqual(['0^{120}', '1^{031}', '2^{20}', '3^{31}', '4^{46}', '5^{57}', '6^{64}', '7^{75}', '8^{8,10}', '9^{9,11}', '10^{10,8}', '11^{11,9}', '12^{12,14}']);
    expect(table.allTame).toBe(true);
  });

  it('a tame sum follows the tame rule: subtraction {1,2,3} (all tame) against the search on random sums', () => {
    const rule = subtraction([1, 2, 3]);
    expect(runGenerator(genusTableSteps(movesOf(rule), 30)).allTame).toBe(true);
    const search = bruteForce(rule);
    const random = mulberry32(77);
    const x = exploreTable({ game: { rule } as never, max: 30n }, kindOf(rule).heap!.solver!(rule, 1), 'subtraction {1,2,3}');
    for (let t = 0; t < 300; t++) {
      const heaps = Array.from({ length: int(random, 1, 4) }, () => int(random, 0, 30));
      if (heaps.reduce((a, b) => a + b, 0) > 40) continue;
      const report = heapPosition(x, movesOf(rule), heaps.map(BigInt), true);
      expect(groundWords(report.components[0]!.ground)).toMatch(/^theorem: tame genus \(Conway, On Numbers and Games ch. 12, 1976\): every heap 0\.\.\d+ is tame/);
      expect(report.outcome, heaps.join(' ')).toBe(search.isP(heaps) ? 'P' : 'N');
      for (const move of report.winningMoves.slice(0, 2)) {
        const after = heaps.flatMap((h, i) => (i === move.component - 1 ? move.to.map(Number) : [h]));
        expect(search.isP(after), `${heaps.join(' ')} -> ${after.join(' ')}`).toBe(true);
      }
    }
  });
});


/** The outcome of a sum through a quotient: the product of its heaps' classes, in the P-portion or not. */
function quotientOutcome(q: ReturnType<typeof quotientOf>, heaps: readonly number[]): 'N' | 'P' {
  const x = heaps.reduce((a, h) => q.monoid.times[a * q.monoid.size + q.images[h]!]!, 0);
  return q.inP[x] ? 'P' : 'N';
}

function quotientOf(rule: Rule, bound: number) {
  return runGenerator(quotientSteps(movesOf(rule), bound));
}

/** Every quaternary code (digits 0..3) with `digits` digits after the point, the last not 0: .d1 d2 ... */
function quaternaryCodes(digits: number): string[] {
  const out: string[] = [];
  const walk = (prefix: string) => {
    if (prefix.length === digits - 1) for (const last of '123') out.push(`.${prefix}${last}`);
    else for (const d of '0123') walk(prefix + d);
  };
  walk('');
  return out;
}

describe("genus tables against Plambeck's published surveys of quaternary games (first 50 heaps)", () => {
  const rows = (text: string) => runGenerator(genusTableSteps(movesOf(code(`0${text}`)), 50)).rows;
  // A misère nim-heap's genus: 0^{120}, 1^{031}, or n^{n, n xor 2} for n >= 2.
  const nimGenus = (r: { genus: { value: number; exponents: readonly number[] } }) => {
    const g = r.genus.value;
    const e = r.genus.exponents.join();
    return e === (g === 0 ? '1,2,0' : g === 1 ? '0,3,1' : `${g},${g ^ 2}`);
  };

  it('two digits: only .31 (Stalking) has a heap that is not a misère nim-heap (Winning Ways, as quoted by Plambeck)', () => {
    expect(quaternaryCodes(2).filter((c) => !rows(c).every(nimGenus))).toEqual(['.31']);
  });

  it('three digits: exactly the seven Woolly Mammoths .121 .123 .131 .201 .211 .312 .331 (Plambeck, quaternary games page)', () => {
    expect(quaternaryCodes(3).filter((c) => !rows(c).every(nimGenus))).toEqual(['.121', '.123', '.131', '.201', '.211', '.312', '.331']);
  });

  // Plambeck, "Four digit quaternaries" (notes of 21 May 2003): 23 codes with a non-tame single-heap genus among the
  // first 50. His list includes .1230 and .3120, which are the three-digit .123 and .312; the rest end in 1, 2 or 3.
  it('four digits: the 23 codes with a non-tame single-heap genus (Plambeck, 2003)', () => {
    const published = '.0122 .0123 .1023 .1032 .1033 .1230 .1231 .1232 .1233 .1321 .1323 .1331 .2012 .2112 .3101 .3102 .3103 .3112 .3120 .3122 .3123 .3131 .3312'.split(' ');
    const nonTame = (c: string) => rows(c).some((r) => !isTameGenus(r.genus));
    const found = [...quaternaryCodes(3).filter(nonTame).map((c) => `${c}0`), ...quaternaryCodes(4).filter(nonTame)].sort();
    expect(found).toEqual(published);
  }, 120_000);
});

describe('misère quotients against an exhaustive search', () => {
  const cases: [string, Rule, number][] = [
    ['Kayles 0.77', code('0.77'), 14],
    ["Dawson's Kayles 0.07", code('0.07'), 16],
    ["Dawson's chess 0.137", code('0.137'), 15],
    ['0.75', code('0.75'), 16],
    ['0.312', code('0.312'), 16],
    ['0.15', code('0.15'), 14],
    ['subtraction 1,2,3', subtraction([1, 2, 3]), 24],
    ['subtraction 2,5,6', subtraction([2, 5, 6]), 24],
  ];
  for (const [name, rule, bound] of cases) {
    it(`${name}: 600 random sums of heaps 0..${bound} agree; the order is even`, () => {
      const q = quotientOf(rule, bound);
      expect(q.monoid.size % 2, `order ${q.monoid.size}`).toBe(0);
      const search = bruteForce(rule);
      const random = mulberry32(bound * 131 + name.length);
      for (let t = 0; t < 600; t++) {
        const heaps = Array.from({ length: int(random, 1, 4) }, () => int(random, 0, bound));
        // The search is exhaustive: keep the sums small enough for it.
        if (heaps.reduce((a, b) => a + b, 0) > 26) continue;
        expect(quotientOutcome(q, heaps), `${name}: ${heaps.join(' ')}`).toBe(search.isP(heaps) ? 'P' : 'N');
      }
      // Every sum of up to three heaps up to 9.
      for (let a = 0; a <= 7; a++) for (let b = a; b <= 7; b++) for (let c = b; c <= 7; c++) expect(quotientOutcome(q, [a, b, c])).toBe(search.isP([a, b, c]) ? 'P' : 'N');
    });
  }

  longTest('the order equals a direct count of indistinguishable classes (small bounds) [long]', () => {
    for (const [rule, bound, most] of [[code('0.75'), 5, 2], [code('0.07'), 8, 1], [code('0.77'), 4, 2], [code('0.312'), 4, 2]] as const) {
      const search = bruteForce(rule);
      // Sums with at most `most` copies of each heap 1..bound; two are one class when every such sum added gives both one outcome.
      const sums: number[][] = [[]];
      for (let h = 1; h <= bound; h++) {
        const more: number[][] = [];
        for (const s of sums) for (let k = 1; k <= most; k++) more.push([...s, ...Array(k).fill(h)]);
        sums.push(...more);
      }
      const signatures = new Set(sums.map((x) => sums.map((z) => (search.isP([...x, ...z]) ? 1 : 0)).join('')));
      expect(quotientOf(rule, bound).monoid.size, `${rule.kind} to ${bound}`).toBe(signatures.size);
    }
  });

  it("0.75: Plambeck and Siegel's R8 (order 8: a^2 = 1, bc = ab, c^2 = b^2, b^3 = b; P-portion a, b^2), unchanged from heap 5 to 60", () => {
    const q = quotientOf(code('0.75'), 60);
    const p = presentation(q.monoid, q.images);
    const letters = p.generators.map((g) => g.letter);
    expect(q.monoid.size).toBe(8);
    expect(p.generators.map((g) => g.heap)).toEqual([1, 2, 5]);
    expect(p.relations.map((r) => `${wordText(r.left, letters)} = ${wordText(r.right, letters)}`).sort()).toEqual(['a^2 = 1', 'b^3 = b', 'bc = ab', 'c^2 = b^2'].sort());
    expect(p.normalForms.filter((_, x) => q.inP[x]).map((w) => wordText(w, letters)).sort()).toEqual(['a', 'b^2']);
    expect(q.expansions.at(-1)).toBe(5);
  });

  it('the search for true outcomes at heap n (sums without n read off Q_(n-1)) agrees with the independent search', () => {
    for (const [rule, n] of [[code('0.77'), 12], [code('0.07'), 14], [code('0.137'), 11], [code('0.15'), 12]] as const) {
      const truth = sumTruth(movesOf(rule), quotientOf(rule, n - 1), 1_000_000);
      const search = bruteForce(rule);
      const random = mulberry32(n * 977);
      for (let t = 0; t < 300; t++) {
        const heaps = [n, ...Array.from({ length: int(random, 0, 3) }, () => int(random, 0, n))];
        if (heaps.reduce((a, b) => a + b, 0) > 30) continue;
        expect(runGenerator(truth.isP(heaps)), `${n}: ${heaps.join(' ')}`).toBe(search.isP(heaps));
      }
      expect(truth.searched).toBeGreaterThan(0);
    }
  });

  longTest("Dawson's chess (0.137) heap n is Dawson's Kayles (0.07) heap n+1: their quotients grow alike, each checked [long]", () => {
    const orders = (rule: Rule, from: number, to: number) => {
      const moves = movesOf(rule);
      let q = emptyQuotient();
      const out: number[] = [];
      while (q.bound < to) {
        q = runGenerator(extendQuotient(moves, q));
        if (q.bound >= from) out.push(q.monoid.size);
      }
      return out;
    };
    expect(orders(code('0.137'), 1, 24)).toEqual(orders(code('0.07'), 2, 25));
  }, 120_000);

  it('a rule with no move up to the bound has the trivial quotient (order 1)', () => {
    expect(quotientOf(code('0.07'), 1).monoid.size).toBe(1);
  });

  // Siegel computed Q_30 of 0.07 with MisereSolver (`misere.jar 0.07 -maxheap 30`): order 360
  // (answer on Plambeck's blog miseregames, 28 August 2007).
  longTest("Dawson's Kayles: the orders of Q_n grow 1, 2, 6, 12, 24, 144 at heap 25, 176 at 27, and Q_30 has Siegel's order 360, each checked [long]", () => {
    const orders = [1, 2, 4, 10, 14, 24].map((n) => quotientOf(code('0.07'), n).monoid.size);
    expect(orders).toEqual([1, 2, 6, 12, 24, 24]);
    const moves = movesOf(code('0.07'));
    let q = emptyQuotient();
    const seen: [number, number][] = [];
    while (q.bound < 30) {
      q = runGenerator(extendQuotient(moves, q));
      if (q.expansions.at(-1) === q.bound) seen.push([q.bound, q.monoid.size]);
    }
    expect(seen).toEqual([[2, 2], [4, 6], [10, 12], [14, 24], [25, 144], [27, 176], [30, 360]]);
    // Sums with the heaps that made it grow, against the independent search.
    const search = bruteForce(code('0.07'));
    const random = mulberry32(360);
    for (let t = 0; t < 150; t++) {
      const heaps = [int(random, 25, 30), ...Array.from({ length: int(random, 0, 2) }, () => int(random, 0, 8))];
      expect(quotientOutcome(q, heaps), heaps.join(' ')).toBe(search.isP(heaps) ? 'P' : 'N');
    }
  }, 400_000);
});

describe('misère sums through the theories', () => {
  it('Kayles: sums answered through the quotient agree with the search, and a winning move goes to a P-position', () => {
    const rule = code('0.77');
    const moves = movesOf(rule);
    const x = exploreTable({ game: { rule } as never, max: 40n }, kindOf(rule).heap!.solver!(rule, 1), 'octal 0.77');
    const search = bruteForce(rule);
    const random = mulberry32(5);
    for (let t = 0; t < 200; t++) {
      const heaps = Array.from({ length: int(random, 1, 4) }, () => int(random, 0, 10));
      const report = heapPosition(x, moves, heaps.map(BigInt), true);
      // Kayles heaps 0..4 are tame (the tame rule answers); heap 5 is not (the quotient does).
      expect(report.components[0]!.ground.kind).toBe(Math.max(...heaps) >= 5 ? 'quotient' : 'theorem');
      expect(report.outcome).toBe(search.isP(heaps) ? 'P' : 'N');
      for (const move of report.winningMoves.slice(0, 2)) {
        const after = heaps.flatMap((h, i) => (i === move.component - 1 ? move.to.map(Number) : [h]));
        expect(search.isP(after), `${heaps.join(' ')} -> ${after.join(' ')}`).toBe(true);
      }
    }
  });

  it('100,000 heaps of Kayles: the quotient answers, and the winning move it gives leaves a P-position', () => {
    const rule = code('0.77');
    const moves = movesOf(rule);
    const x = exploreTable({ game: { rule } as never, max: 40n }, kindOf(rule).heap!.solver!(rule, 1), 'octal 0.77');
    const random = mulberry32(9);
    const heaps = Array.from({ length: 100_000 }, () => BigInt(int(random, 1, 40)));
    const report = heapPosition(x, moves, heaps, true);
    expect(report.components[0]!.ground).toMatchObject({ kind: 'quotient', bound: 40 });
    if (report.outcome === 'N') {
      const move = report.winningMoves[0]!;
      const after = [...heaps.slice(0, move.component - 1), ...move.to, ...heaps.slice(move.component)];
      expect(heapPosition(x, moves, after, true).outcome).toBe('P');
    }
  });
});

describe('the CLI', () => {
  it('--genus and --quotient: tables, CSV, JSON; one-line errors', async () => {
    const genus = JSON.parse((await runCli(['--code', '0.312', '--genus', '--max', '6', '--format', 'json'])).stdout);
    expect(genus.rows.map((r: { genus: string }) => r.genus)).toEqual(['0^{120}', '1^{031}', '2^{20}', '0^{02}', '2^{1420}', '0^{02}', '1^{13}']);
    expect(genus.alternationProven).toBe(true);
    const q = JSON.parse((await runCli(['--code', '0.75', '--misere', '--quotient', '--max', '20', '--format', 'json'])).stdout);
    expect(q.order).toBe(8);
    expect(q.table.length).toBe(8);
    expect(q.pPortion.sort()).toEqual(['a', 'b^2']);
    const csv = (await runCli(['--code', '0.75', '--quotient', '--format', 'csv'])).stdout.trim().split(/\r?\n/);
    expect(csv[0]).toBe('element,P,1,a,b,c,ab,ac,b^2,ab^2');
    expect(csv.length).toBe(9);
    const stable = JSON.parse((await runCli(['--code', '0.75', '--quotient', '--format', 'json'])).stdout);
    expect([stable.untilStable, stable.unchangedFrom, stable.bound]).toEqual([true, 5, 20]);
    expect((await runCli(['--code', '0.75', '--quotient'])).stdout.replace(/\s+/g, ' ')).toMatch(/last changed at heap 5, unchanged from there to heap 20 \(followed until it stopped changing: seen, not proven/);
    const kayles = (await runCli(['--preset', 'kayles', '--misere', '--position', '30', '30', '30', '30'])).stdout;
    expect(kayles).toMatch(/misère quotient Q_30/);
    for (const [args, pattern] of [
      [['--code', '0.75', '--genus', '--quotient'], /--genus or --quotient, not both/],
      [['--code', '0.75', '--quotient', '--position', '3', '4'], /--quotient makes a table of heaps 0..max; --position does not apply/],
      [['--preset', 'wythoff', '--genus'], /--genus applies to heap rules/],
      [['--code', '0.75', '--quotient', '--max', '1e9'], /--quotient --max 1,000,000,000: at most 10,000 heaps/],
    ] as const) {
      expectBadInput(await runCli(args), args.join(' '), { pattern });
    }
  });
});
