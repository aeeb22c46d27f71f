import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { parseExpression, type Variables } from '../../src/core/conjecture/expression.js';
import { evaluateExpression, type Bindings } from '../../src/core/conjecture/evaluate.js';
import { int, mulberry32 } from '../helpers/random.js';

/**
 * The bit operators of --check (^ & | ~ << >>, lowbit, ctz, popcount)
 * against bits computed here digit by digit (two's complement through
 * ~x = -x - 1 for negative numbers), at any size; their precedence against
 * C's (and Python's) where the two agree, and the refusal where they do not.
 */
const V: Variables = { a: 'number', b: 'number', g: 'number', p: 'bool' };

/** The value of a number-valued expression at a, b. */
function value(text: string, a: bigint, b = 0n): bigint {
  const expression = parseExpression(`(${text}) == (${text})`, V);
  if (expression.root.kind !== 'compare') throw new Error('not a comparison');
  return evaluateExpression({ ...expression, root: expression.root.operands[0]! }, { a, b, g: 0n, p: true } as Bindings) as bigint;
}

/** The bits of x ≥ 0, lowest first, by halving. */
function bits(x: bigint): number[] {
  const out: number[] = [];
  for (; x > 0n; x /= 2n) out.push(Number(x % 2n));
  return out;
}
function fromBits(b: readonly number[]): bigint {
  return b.reduceRight((acc, bit) => acc * 2n + BigInt(bit), 0n);
}
/** A bitwise operation on whole numbers of any sign: on x ≥ 0 digit by digit; a negative x is ~(-x - 1), its bits flipped forever. */
function reference(op: (x: number, y: number) => number, x: bigint, y: bigint): bigint {
  const nx = x < 0n;
  const ny = y < 0n;
  const bx = bits(nx ? -x - 1n : x);
  const by = bits(ny ? -y - 1n : y);
  const length = Math.max(bx.length, by.length) + 1;
  const digit = (b: number[], negative: boolean, i: number) => ((b[i] ?? 0) ^ (negative ? 1 : 0));
  const out = Array.from({ length }, (_, i) => op(digit(bx, nx, i), digit(by, ny, i)));
  // Past every digit, both numbers' bits are their sign bits, so the result's are op(sign, sign).
  const negative = op(nx ? 1 : 0, ny ? 1 : 0) === 1;
  return negative ? -fromBits(out.map((d) => d ^ 1)) - 1n : fromBits(out);
}

describe('bit operators, exact on whole numbers of any size and sign', () => {
  const random = mulberry32(4504);
  const samples: bigint[] = [0n, 1n, -1n, 2n ** 64n, 2n ** 64n - 1n, -(2n ** 70n), 10n ** 30n + 12345n];
  for (let i = 0; i < 40; i++) samples.push(BigInt(int(random, -5000, 5000)));

  it('& | ^ against the digits computed one by one', () => {
    for (const x of samples) {
      for (const y of samples.slice(0, 20)) {
        expect(value('a & b', x, y), `${x} & ${y}`).toBe(reference((s, t) => s & t, x, y));
        expect(value('a | b', x, y), `${x} | ${y}`).toBe(reference((s, t) => s | t, x, y));
        expect(value('a ^ b', x, y), `${x} ^ ${y}`).toBe(reference((s, t) => s ^ t, x, y));
      }
    }
  });

  it('~x = -x - 1, shifts as multiplying by 2^k and flooring a division by 2^k', () => {
    for (const x of samples) {
      expect(value('~a', x)).toBe(-x - 1n);
      for (const k of [0n, 1n, 5n, 64n, 100n]) {
        expect(value('a << b', x, k)).toBe(x * 2n ** k);
        const q = x / 2n ** k;
        expect(value('a >> b', x, k)).toBe(q * 2n ** k > x ? q - 1n : q);
      }
    }
  });

  it('lowbit, ctz and popcount against the bits', () => {
    for (const x of samples.filter((s) => s > 0n)) {
      const b = bits(x);
      const zeros = b.indexOf(1);
      expect(value('ctz(a)', x)).toBe(BigInt(zeros));
      expect(value('lowbit(a)', x)).toBe(2n ** BigInt(zeros));
      expect(value('lowbit(-a)', x)).toBe(2n ** BigInt(zeros));
      expect(value('popcount(a)', x)).toBe(BigInt(b.filter((d) => d === 1).length));
    }
    expect(value('lowbit(a)', 0n)).toBe(0n);
  });
});

describe('precedence: C and Python agree on | below ^ below & below shifts below + -', () => {
  it.each([
    ['1 | 2 ^ 3 & 6', 1n | (2n ^ (3n & 6n))],
    ['1 << 2 + 1', 1n << 3n],
    ['32 >> 1 + 1', 8n],
    ['1 + 2 << 3', 24n],
    ['6 & 3 << 1', 6n & 6n],
    ['5 ^ 1 | 8', (5n ^ 1n) | 8n],
    ['~0 & 7', 7n],
    ['-~5', 6n],
    ['~-5', 4n],
    ['2 ** 3 & 12', 8n],
    ['7 & 3 * 2', 7n & 6n],
  ])('%s', (text, expected) => {
    expect(value(text, 0n)).toBe(expected);
  });

  it('a comparison of a bitwise operator written without parentheses is refused, asking for them; with them it holds', () => {
    const refused = (text: string) => {
      try {
        parseExpression(text, V);
      } catch (error) {
        expect(error).toBeInstanceOf(InputError);
        return (error as Error).message;
      }
      throw new Error(`${text} was accepted`);
    };
    expect(refused('a & b == 0')).toMatch(/column 1: write \(a & b\) == … with parentheses/);
    expect(refused('0 == a | b')).toMatch(/column 6: write \(a \| b\) == … with parentheses/);
    expect(refused('a & 1')).toMatch(/is a number/);
    expect(refused('p & p')).toMatch(/'&' needs a number/);
    expect(refused('a || b')).toMatch(/'\|\|' is no operator here: write and, or, not/);
    expect(refused('!p')).toMatch(/'!' is no operator here: write not/);
    const truth = (text: string, a: bigint, b: bigint) => evaluateExpression(parseExpression(text, V), { a, b, g: 0n, p: true });
    expect(truth('(a & b) == 0', 5n, 2n)).toBe(true);
    expect(truth('(a & b) == 0', 5n, 4n)).toBe(false);
    expect(truth('a << 1 == 10', 5n, 0n)).toBe(true); // shifts bind tighter than comparisons in both languages
    expect(truth('+(a ^ b) == 7', 5n, 2n)).toBe(true);
  });

  it('refuses at the position a negative shift count, ctz(0), popcount of a negative number, a shift past a million bits', () => {
    const at = (text: string, a: bigint) => () => evaluateExpression(parseExpression(text, V), { a, b: 0n, g: 0n, p: true });
    expect(at('1 << a == 0', -1n)).toThrow(/shift by a negative count/);
    expect(at('ctz(a) == 0', 0n)).toThrow(/ctz\(0\)/);
    expect(at('popcount(a) == 0', -3n)).toThrow(/negative number/);
    expect(at('1 << a == 0', 2_000_000n)).toThrow(/more than 1,000,000 bits/);
    expect(at('(a >> 5000000) == 0', 7n)()).toBe(true);
  });
});

describe('n & (2^k - 1) is read as n % 2^k by the "every n" claim', () => {
  it('finds the modulus of a low-bits mask on either side, and nothing else', async () => {
    const { onlyThroughModulus } = await import('../../src/core/conjecture/expression.js');
    const H: Variables = { n: 'number', g: 'number', p: 'bool' };
    const moduli = (text: string) => onlyThroughModulus(parseExpression(text, H).root, 'n');
    expect(moduli('g == (n & 3)')).toEqual([4n]);
    expect(moduli('g == (7 & n)')).toEqual([8n]);
    expect(moduli('g == (n & 2)')).toBeNull(); // only a mask 2^k - 1 is read as a modulus
    expect(moduli('g == (n & 0)')).toBeNull();
    expect(moduli('g == ~n % 4')).toBeNull(); // ~n reads n itself
    // The mask agrees with % on every whole number, negative ones too.
    for (let x = -40n; x <= 40n; x++) expect(value('a & 7', x)).toBe(((x % 8n) + 8n) % 8n);
  });
});
