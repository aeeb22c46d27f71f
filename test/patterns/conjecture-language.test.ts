import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../src/core/errors.js';
import * as exact from '../../src/core/conjecture/exact.js';
import { onlyThroughModulus, parseExpression, type Variables } from '../../src/core/conjecture/expression.js';
import { evaluateExpression, isFibonacci, valueText, type Bindings, type Value } from '../../src/core/conjecture/evaluate.js';

/**
 * The language of --check: precedence and types as written in
 * src/core/conjecture/expression.ts, exact numbers of Q(√5) (phi) checked
 * against integer square roots where doubles are wrong, and the column
 * every mistake names.
 */
const HEAP: Variables = { n: 'number', g: 'number', p: 'bool' };

function value(text: string, env: Bindings = { n: 7n, g: 3n, p: false }): Value {
  // A number is compared with itself so that the expression is a truth value; its value is read from the left side.
  const expression = parseExpression(`${text} == ${text}`, HEAP);
  if (expression.root.kind !== 'compare') throw new Error('not a comparison');
  return evaluateExpression({ ...expression, root: expression.root.operands[0]! }, env);
}

const truth = (text: string, env: Bindings = { n: 7n, g: 3n, p: false }): Value => evaluateExpression(parseExpression(text, HEAP), env);

function refusal(text: string, variables: Variables = HEAP): string {
  try {
    parseExpression(text, variables);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).field).toBe('check');
    expect((error as Error).message).not.toContain('\n');
    return (error as Error).message;
  }
  throw new Error(`${text}: not refused`);
}

describe('precedence and meaning', () => {
  it.each([
    ['1 + 2 * 3', 7n],
    ['(1 + 2) * 3', 9n],
    ['-2 ** 2', -4n], // ** binds tighter than the minus on its left
    ['2 ** 3 ** 2', 512n], // right to left
    ['2 ** -1 * 4', 2n],
    ['7 // 2', 3n],
    ['-7 // 2', -4n], // floor, not truncation
    ['-7 % 3', 2n], // Python's: the sign of the divisor
    ['7 % -3', -2n],
    ['-7 % -3', -1n],
    ['10 - 3 - 2', 5n], // left to right
    ['100 // 10 // 5', 2n],
    ['n * g - 1', 20n],
    ['1_000 + 1', 1001n],
    ['floor(7 / 2)', 3n],
    ['ceil(7 / 2)', 4n],
    ['floor(-7 / 2)', -4n],
    ['sqrt(99)', 9n],
    ['sqrt(100)', 10n],
    ['abs(3 - n)', 4n],
    ['min(n, g, 5)', 3n],
    ['max(n, g, 5)', 7n],
    ['fib(0) + fib(1) * 10 + fib(10) * 100', 5510n],
  ])('%s = %s', (text, expected) => {
    expect(value(text)).toBe(expected);
  });

  it.each([
    ['not 1 == 2', true],
    ['true or false and false', true], // and before or
    ['not true or true', true], // not before or
    ['1 < 2 < 3', true],
    ['1 < 3 < 2', false], // a chain is each link
    ['1 < 3 > 2', true],
    ['p == (n % 7 == 0)', true], // at n = 7 with p true (the env below)
    ['p == false', true],
    ['(n % 7 == 0) == true', true],
    ['g != n', true],
    ['is_fib(8) and not is_fib(4)', true],
  ])('%s is %s', (text, expected) => {
    const env = text.startsWith('p == (n') ? { n: 7n, g: 0n, p: true } : undefined;
    expect(truth(text, env)).toBe(expected);
  });

  it('a fraction stays exact: 1/3 + 1/6 == 1/2, and 3 * (1/3) is whole', () => {
    expect(truth('1/3 + 1/6 == 1/2')).toBe(true);
    expect(value('3 * (1/3)')).toBe(1n);
    expect(valueText(value('7/2'))).toBe('7/2');
  });

  it('is_fib and fib agree with the sequence itself, up to F(300)', () => {
    const fibs = [0n, 1n];
    while (fibs.length <= 300) fibs.push(fibs[fibs.length - 1]! + fibs[fibs.length - 2]!);
    const set = new Set(fibs);
    for (let n = 0n; n <= 2000n; n++) expect(isFibonacci(n), String(n)).toBe(set.has(n));
    for (const f of fibs.slice(200)) {
      expect(isFibonacci(f)).toBe(true);
      expect(isFibonacci(f + 1n)).toBe(false);
    }
    expect(value('fib(300)')).toBe(fibs[300]);
    expect(isFibonacci(-1n)).toBe(false);
  });
});

describe('phi, exactly', () => {
  const PHI_FLOAT = (1 + Math.sqrt(5)) / 2;
  /** floor(k·phi) = floor((k + √(5k²)) / 2) = (k + isqrt(5k²)) // 2, √(5k²) being irrational for k ≠ 0. */
  const floorKPhi = (k: bigint): bigint => exact.floorDiv(k + exact.isqrt(5n * k * k), 2n);

  it('phi² = phi + 1 and 1/phi = phi - 1', () => {
    expect(truth('phi * phi == phi + 1')).toBe(true);
    expect(truth('1 / phi == phi - 1')).toBe(true);
    expect(truth('phi ** 2 - phi == 1')).toBe(true);
    expect(truth('phi != 1')).toBe(true);
    expect(truth('φ * φ == φ + 1 and φ == phi')).toBe(true); // φ, as the reports print it
    expect(valueText(value('phi'))).toBe('phi');
    expect(valueText(value('2 * phi + 1/2'))).toBe('1/2 + 2*phi');
    expect(exact.decimalText(exact.PHI)).toBe('1.618033');
  });

  it('agrees with doubles far from a whole number, on small values', () => {
    for (let k = -300; k <= 300; k++) {
      for (const [text, float] of [
        [`floor(${k} * phi)`, Math.floor(k * PHI_FLOAT)],
        [`floor(${k} / phi)`, Math.floor(k / PHI_FLOAT)],
        [`floor(${k} * phi * phi)`, Math.floor(k * PHI_FLOAT * PHI_FLOAT)],
        [`ceil(${k} * phi)`, Math.ceil(k * PHI_FLOAT)],
        [`${k} * phi // 3`, Math.floor((k * PHI_FLOAT) / 3)],
      ] as const) {
        expect(value(text), text).toBe(BigInt(float));
      }
      const m = (k * PHI_FLOAT) % 5;
      expect(Number(exact.decimalText(value(`${k} * phi % 5`) as exact.Num)), `${k} * phi % 5`).toBeCloseTo(m < 0 ? m + 5 : m, 5);
    }
  });

  it('decides comparisons with phi on both sides of a whole number', () => {
    for (let y = 0n; y <= 50n; y++) {
      for (let x = 0n; x <= 50n; x++) {
        expect(truth('n * phi < g', { n: x, g: y, p: false }), `${x}*phi < ${y}`).toBe(x * 1618034n < y * 1000000n);
      }
    }
  });

  it('is exact where doubles are wrong: floor(k*phi) for k = 165580141 and far beyond', () => {
    expect(value('floor(165580141 * phi)')).toBe(floorKPhi(165580141n));
    expect(value('floor(165580141 * phi)')).toBe(267914296n); // k = F(41): F(41)·phi = F(42) + |ψ|^41, just above F(42)
    expect(value('floor(102334155 * phi)')).toBe(165580140n); // k = F(40): F(40)·phi = F(41) - ψ^40, just below F(41), where a double gives F(41)
    expect(Math.floor(102334155 * PHI_FLOAT)).toBe(165580141);
    // Where the double rounds up across a whole number: k·phi within 2^-20 of one, which doubles cannot tell apart.
    let wrong = 0;
    for (let i = 30; i <= 90; i++) {
      const k = (value(`fib(${i})`) as bigint);
      expect(value(`floor(${k} * phi)`), `k = F(${i})`).toBe(floorKPhi(k));
      if (BigInt(Math.floor(Number(k) * PHI_FLOAT)) !== floorKPhi(k)) wrong++;
    }
    expect(wrong).toBeGreaterThan(10); // doubles fail for many of them; the exact numbers for none
    const big = 10n ** 60n + 12345n;
    expect(value(`floor(${big} * phi)`)).toBe(floorKPhi(big));
    expect(truth(`${floorKPhi(big)} < ${big} * phi < ${floorKPhi(big) + 1n}`)).toBe(true);
  });

  it('Wythoff pairs come out of floor(k*phi), floor(k*phi*phi) for k up to 1000', () => {
    for (let k = 0n; k <= 1000n; k++) {
      const a = value('floor(n * phi)', { n: k, g: 0n, p: false }) as bigint;
      const b = value('floor(n * phi * phi)', { n: k, g: 0n, p: false }) as bigint;
      expect(b - a).toBe(k);
      expect(a).toBe(floorKPhi(k));
    }
  });

  it('floor and sign of (p + q√5)/d agree with exact squares on random elements', () => {
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) - 2 ** 30;
    for (let i = 0; i < 2000; i++) {
      const p = BigInt(next()) * 10n ** 20n + BigInt(next());
      const q = BigInt(next());
      const d = BigInt(Math.abs(next()) + 1);
      const x = exact.add(exact.Exact.of(p, 0n, d), exact.mul(exact.Exact.of(q, 0n, d), exact.sub(exact.mul(2n, exact.PHI), 1n)));
      const f = exact.floor(x);
      // f ≤ (p + q√5)/d < f + 1, i.e. f·d - p ≤ q√5 < (f + 1)·d - p: compared by squares with signs.
      const below = (t: bigint) => (t <= 0n ? q >= 0n || t * t >= 5n * q * q : q > 0n && t * t <= 5n * q * q); // t ≤ q√5
      expect(below(f * d - p)).toBe(true);
      expect(below((f + 1n) * d - p)).toBe(false);
    }
  });
});

describe('mistakes name their column', () => {
  it.each([
    ['g == (n % 4', /^check: column 12: expected '\)' after 'n % 4', found the end of the expression$/],
    ['g == n % 4)', /column 11: '\)' with no '\(' before it/],
    ['g = n', /column 3: '=' alone is no operator: write == to compare/],
    ['x == 1', /column 1: unknown name 'x'; this game's table has the variables n, g and p/],
    ['n + p == 1', /column 5: '\+' needs a number, but 'p' is true or false/],
    ['p == n', /column 6: '==' compares like with like, but 'p' is true or false and 'n' is a number/],
    ['g and p', /column 1: 'and' needs true or false, but 'g' is a number/],
    ['n % 4', /column 1: a conjecture is true or false, but 'n % 4' is a number/],
    ['', /column 1: the expression is empty/],
    ['g == 1.5', /column 7: only whole numbers/],
    ['g == 2n', /column 7: a number runs into a name: '2n'/],
    ['g == sqrt(n, 2)', /column 6: sqrt takes 1 argument, not 2/],
    ['g == min(n)', /column 6: min takes two or more numbers, not 1/],
    ['g == floor', /column 11: floor is a function/],
    ['g == n(2)', /column 7: n is no function/],
    ['g == eval(n)', /column 6: unknown function 'eval'/],
    ['constructor == 1', /column 1: unknown name 'constructor'/],
    ['toString(n) == 1', /column 1: unknown function 'toString'/],
    ['__proto__ == 1', /column 1: unknown name '__proto__'/],
    ['g == n ^ 2', /column 8: '\^' is no operator here: write \*\* for a power/],
    ['p && p', /column 3: '&&' is no operator here: write and, or, not/],
    ['g == n %', /column 9: the expression ends too soon/],
    ['g == n $ 2', /column 8: unexpected character '\$'/],
    ['is_fib(p)', /column 8: is_fib needs a number, but 'p' is true or false/],
  ])('%s', (text, pattern) => {
    expect(refusal(text)).toMatch(pattern);
  });

  it('a two-pile table has x and y, not n', () => {
    expect(refusal('n == 1', { x: 'number', y: 'number', g: 'number', p: 'bool' })).toMatch(/unknown name 'n'; this game's table has the variables x, y, g and p/);
  });

  it('nesting too deep is refused, not a stack overflow', () => {
    expect(refusal(`${'('.repeat(500)}p${')'.repeat(500)}`)).toMatch(/nested more than 200 deep/);
    expect(refusal(`${'-'.repeat(500)}1 == 1`)).toMatch(/nested more than 200 deep/);
  });
});

describe('what the expression reads of n', () => {
  const moduli = (text: string) => onlyThroughModulus(parseExpression(text, HEAP).root, 'n');
  it.each([
    ['g == n % 4', [4n]],
    ['p == (n % 5 == 0 or n % 3 == 1)', [5n, 3n]],
    ['g <= 3 and p', []],
    ['g == n', null],
    ['g == (n + 1) % 4', null],
    ['g == n % (2 + 2)', null],
    ['g == n % -4', null],
    ['g == n % 4 + n', null],
    ['g == floor(n % 4 * phi)', [4n]],
  ])('%s: %s', (text, expected) => {
    expect(moduli(text)).toEqual(expected);
  });
});

describe('never eval', () => {
  it('the conjecture code has no eval, no Function constructor, no dynamic import', () => {
    const dir = join(__dirname, '../../src/core/conjecture');
    for (const file of readdirSync(dir)) {
      const text = readFileSync(join(dir, file), 'utf8');
      expect(text, file).not.toMatch(/\beval\s*\(|new Function|\bFunction\s*\(|import\s*\(/);
    }
  });
});
