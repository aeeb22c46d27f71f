import { describe, expect, it } from 'vitest';
import { explore } from '../../../src/core/analyse.js';
import { codeText, digitAt, parseCode, type TakeBreakCode } from '../../../src/core/rules/code.js';
import { takeBreakOptions } from '../../../src/core/kinds/take-and-break/options.js';
import { twoHeapMoves } from '../../../src/core/kinds/take-and-break/rare-common.js';
import { takeAndBreakKind } from '../../../src/core/kinds/take-and-break/index.js';
import { InputError } from '../../../src/core/errors.js';
import { RepeatingCodeKernel } from '../../../src/core/kinds/take-and-break/repeating-kernel.js';
import { TakeBreakKernel } from '../../../src/core/kinds/take-and-break/take-break-kernel.js';
import { ValueStore } from '../../../src/core/kernels/store.js';
import { int, mulberry32 } from '../../helpers/random.js';
import { runCli } from '../../helpers/cli.js';
import { scratchDirectories } from '../../helpers/scratch.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const scratch = scratchDirectories('repeating-codes');

/**
 * Codes whose last digits repeat (CGSuite's 4.[3]): Lasker's Nim against its
 * closed form and its rule module, "take or split into three" and random
 * repeating codes against a brute force written here from the rules in words,
 * and no proof ever claimed (the Guy-Smith theorem needs a finite code).
 */

const game = (code: string) => ({ rule: { kind: 'take-and-break' as const, code: parseCode(code) } });

function valuesOf(code: string, max: number): number[] {
  const x = explore({ game: game(code), max });
  return Array.from({ length: max + 1 }, (_, n) => x.valueOf(n));
}

const mex = (seen: Set<number>): number => {
  let m = 0;
  while (seen.has(m)) m++;
  return m;
};

/**
 * The brute force: G(n) as the mex over every move, listed from the code's
 * meaning (take `take` tokens, where digit d_take allows leaving nothing (1),
 * one heap (2), two heaps (4, unequal with '!') or three heaps (8)), with the
 * digit of each take read by position: `prefix` then `cycle` forever.
 */
function bruteForce(prefix: readonly number[], cycle: readonly number[], unequal: (take: number) => boolean, max: number): number[] {
  const digit = (take: number) => (take < prefix.length ? prefix[take]! : cycle[(take - prefix.length) % cycle.length]!);
  const g: number[] = [];
  for (let n = 0; n <= max; n++) {
    const seen = new Set<number>();
    for (let take = 0; take <= n; take++) {
      const d = digit(take);
      const rest = n - take;
      if (d & 1 && rest === 0) seen.add(0);
      if (d & 2 && rest > 0 && take > 0) seen.add(g[rest]!);
      if (d & 4) for (let a = 1; a < rest; a++) if (!(unequal(take) && 2 * a === rest)) seen.add(g[a]! ^ g[rest - a]!);
      if (d & 8) for (let a = 1; a < rest; a++) for (let b = 1; a + b < rest; b++) seen.add(g[a]! ^ g[b]! ^ g[rest - a - b]!);
    }
    g.push(mex(seen));
  }
  return g;
}

describe("Lasker's Nim as one code, 4.[3]", () => {
  it('has the closed form G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3', () => {
    const g = valuesOf('4.[3]', 400);
    const formula = (n: number) => (n === 0 ? 0 : n % 4 === 3 ? n + 1 : n % 4 === 0 ? n - 1 : n);
    expect(g).toEqual(g.map((_, n) => formula(n)));
  });

  it('gives the values of examples/lasker.mjs, and says the pattern is observed, never proven', async () => {
    const [code, module] = await Promise.all([
      runCli(['--code', '4.[3]', '--max', '64', '--format', 'json']),
      runCli(['--rule', 'examples/lasker.mjs', '--max', '64', '--format', 'csv']),
    ]);
    expect(code.code).toBe(0);
    expect(module.code).toBe(0);
    const fromModule = module.stdout.trim().split('\n').slice(1).map((line) => Number(line.split(',')[1]));
    const json = JSON.parse(code.stdout) as { rule: string; pattern: { kind: string; period: number; saltus: number; proven: boolean; noTheorem: string }; kernel: { kernel: string } };
    expect(json.rule).toBe('octal 4.[3]');
    expect(json.kernel.kernel).toBe('repeating');
    expect(json.pattern).toMatchObject({ kind: 'arithmetic-periodic', period: 4, saltus: 4, proven: false });
    expect(json.pattern.noTheorem).toMatch(/Guy-Smith theorem needs a finite code/);
    expect(valuesOf('4.[3]', 64)).toEqual(fromModule);
  });
});

describe('repeating codes against a brute force', () => {
  it('the repeating-code kernel agrees with the direct kernel reading every take (4.[3], 0.1[2C], 4!.2[6!], 8.[3])', () => {
    for (const text of ['4.[3]', '0.1[2C]', '4!.2[6!]', '8.[3]', '0.[7]']) {
      const code = parseCode(text);
      const [fast, direct] = [new RepeatingCodeKernel(code), new TakeBreakKernel(code)].map((kernel) => {
        const store = new ValueStore(80);
        kernel.fill(store, 0, 40);
        kernel.fill(store, 40, 80); // in two calls, as the driver makes them
        return Array.from(store.values.subarray(0, 80));
      });
      expect(fast, text).toEqual(direct);
    }
  });

  it('take any number or split into three nonempty heaps (8.[3]), and split into two or three (C.[3])', () => {
    const never = () => false;
    expect(valuesOf('8.[3]', 60)).toEqual(bruteForce([8], [3], never, 60));
    expect(valuesOf('C.[3]', 50)).toEqual(bruteForce([12], [3], never, 50));
  });

  it('agrees on 60 random repeating codes (octal and hexadecimal digits, blocks of 1 to 3, unequal splits)', () => {
    const random = mulberry32(45_5);
    for (let trial = 0; trial < 60; trial++) {
      const prefixLength = int(random, 0, 3);
      const prefix = [[0, 4, 8, 12][int(random, 0, 3)]!, ...Array.from({ length: prefixLength }, () => int(random, 0, 15))];
      const cycle = Array.from({ length: int(random, 1, 3) }, () => int(random, 0, 15));
      const bang = (d: number) => (d & 4 && random() < 0.3 ? '!' : '');
      const marks = [...prefix, ...cycle].map(bang);
      const hex = (d: number, i: number) => d.toString(16).toUpperCase() + marks[i];
      const text = `${hex(prefix[0]!, 0)}.${prefix.slice(1).map((d, i) => hex(d, i + 1)).join('')}[${cycle.map((d, i) => hex(d, prefix.length + i)).join('')}]`;
      const unequal = (take: number) => (take < prefix.length ? marks[take] : marks[prefix.length + ((take - prefix.length) % cycle.length)]) === '!';
      const max = [...prefix, ...cycle].some((d) => d & 8) ? 24 : 48;
      expect(valuesOf(text, max), text).toEqual(bruteForce(prefix, cycle, unequal, max));
    }
  });

  it('lists the options of a heap from the repeating digits (what positions and play use)', () => {
    const code = parseCode('4.[3]');
    const options = takeBreakOptions(code, 5).map((o) => o.join('+'));
    expect(options.sort()).toEqual(['', '1', '1+4', '2', '2+3', '3', '4'].sort());
  });
});

describe('the notation', () => {
  it('writes each code one way: the shortest block, begun as early as it can be; a block of zeros ends the code', () => {
    const canonical = (text: string) => codeText(parseCode(text));
    expect(canonical('4.[3]')).toBe('4.[3]');
    expect(canonical('0.3[33]')).toBe('0.[3]');
    expect(canonical('0.1[31]')).toBe('0.[13]');
    expect(canonical('0.7[77]')).toBe('0.[7]');
    expect(canonical('4.[0]')).toBe('4.0');
    expect(canonical('0.37[00]')).toBe('0.37');
    expect(canonical('4!.2[6!]')).toBe('4!.2[6!]');
    expect(canonical('0.[3]')).toBe('0.[3]');
  });

  it('reads digit d_take by position, repeating the block', () => {
    const code = parseCode('0.12[34]');
    expect(Array.from({ length: 8 }, (_, j) => digitAt(code, j))).toEqual([0, 1, 2, 3, 4, 3, 4, 3]);
  });

  it('refuses a bracket out of place, naming it', () => {
    const refusal = (text: string) => {
      try {
        parseCode(text);
      } catch (error) {
        expect(error).toBeInstanceOf(InputError);
        return (error as Error).message;
      }
      throw new Error(`${text} was accepted`);
    };
    expect(refusal('4.[3')).toMatch(/expected '\]'/);
    expect(refusal('4.[]')).toMatch(/repeats no digit/);
    expect(refusal('4.[3]3')).toMatch(/nothing may follow '\]'/);
    expect(refusal('4.[3][3]')).toMatch(/nothing may follow/);
    expect(refusal('4.3]')).toMatch(/no '\[' before it/);
    expect(refusal('[4].3')).toMatch(/expected a digit or '\.'/);
  });

  it('takes a rule given as data with `repeat`, and refuses one that would repeat d0', () => {
    const rule = takeAndBreakKind.check({ kind: 'take-and-break', code: { digits: [4, 3, 3], unequal: [false, false, false], repeat: 2 } as TakeBreakCode }, 'rule');
    expect(codeText(rule.code)).toBe('4.[3]');
    expect(() => takeAndBreakKind.check({ kind: 'take-and-break', code: { digits: [4, 3], unequal: [false, false], repeat: 2 } as TakeBreakCode }, 'rule')).toThrow(InputError);
  });
});

describe('machinery for finite codes only', () => {
  it('the rare/common kernel refuses a repeating code rather than list finitely many takes', () => {
    expect(() => twoHeapMoves(parseCode('4.[3]'))).toThrow(/finite codes only/);
  });

  it('a sweep computes a repeating code to a bounded limit (that of three-heap splits), never proven', async () => {
    const dir = scratch.fresh('sweep');
    writeFileSync(join(dir, 'rules.txt'), 'code 4.[3]\ncode 0.77\n');
    const run = await runCli(['sweep', '--rules', join(dir, 'rules.txt'), '--out', join(dir, 'out.csv')]);
    expect(run.code, run.stderr).toBe(0);
    const rows = readFileSync(join(dir, 'out.csv'), 'utf8').split('\n').filter((l) => /^\d/.test(l)).map((l) => l.split(','));
    expect(rows[0]!.slice(1, 10)).toEqual(['octal 4.[3]', 'arithmetic-periodic', '1', '4', '4', 'false', '', '2048', '2048']);
    expect(rows[1]!.slice(1, 8)).toEqual(['octal 0.77', 'periodic', '71', '12', '0', 'true', 'guy-smith']);
  });

  it('a position past the table is refused by its words, not answered from a period nobody proved', async () => {
    const run = await runCli(['--code', '4.[3]', '--position', '1000000000000']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/no theorem lets this rule stop early/);
  });
});
