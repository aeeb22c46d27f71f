import { describe, expect, it } from 'vitest';
import { parseCount, parseSmallCount, formatCount } from '../../src/core/numbers.js';
import { InputError } from '../../src/core/errors.js';

describe('parseCount', () => {
  it.each([
    ['1e6', 1_000_000n],
    ['1E6', 1_000_000n],
    ['1_000_000', 1_000_000n],
    ['2^20', 1_048_576n],
    ['2**20', 1_048_576n],
    ['1000000', 1_000_000n],
    ['2.5e3', 2_500n],
    ['0', 0n],
    ['1e0', 1n],
    [' 42 ', 42n],
  ])('reads %j as %s', (text, expected) => {
    expect(parseCount(text, '--max')).toBe(expected);
  });

  it('is exact far beyond 2^53', () => {
    expect(parseCount('10^18', '--max')).toBe(1_000_000_000_000_000_000n);
    expect(parseCount('1e18', '--max')).toBe(10n ** 18n);
    expect(parseCount('2^64', '--max')).toBe(18_446_744_073_709_551_616n);
    expect(parseCount('9007199254740993', '--max')).toBe(9_007_199_254_740_993n); // 2^53 + 1: not a double
    expect(parseCount('1.234567890123456789e18', '--at')).toBe(1_234_567_890_123_456_789n);
  });

  it.each(['-1', '1.5', 'abc', 'NaN', '', '1__0', '_1', '1_', '1e-3', '1.5e0', 'Infinity', '0x10', '1,000'])(
    'rejects %j with an InputError that names the text',
    (text) => {
      let thrown: unknown;
      try {
        parseCount(text, '--max');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(InputError);
      const message = (thrown as Error).message;
      expect(message).toContain(`'${text}'`);
      expect(message.startsWith('--max:')).toBe(true);
      expect(message).not.toContain('\n');
    },
  );

  it('names the flag it was given in messages', () => {
    expect(() => parseCount('x', '--limit')).toThrow(/^--limit: 'x'/);
  });
});

describe('parseSmallCount', () => {
  it('returns a plain number inside the bounds', () => {
    expect(parseSmallCount('2^10', '--limit', 1)).toBe(1024);
    expect(parseSmallCount('1', '--limit', 1)).toBe(1);
  });
  it('refuses values outside the bounds with an InputError', () => {
    expect(() => parseSmallCount('0', '--limit', 1)).toThrow(InputError);
    expect(() => parseSmallCount('0', '--limit', 1)).toThrow("--limit: '0' must be at least 1");
    expect(() => parseSmallCount('2^60', '--limit', 1)).toThrow(/must be at most 9007199254740991/);
  });
});

describe('formatCount', () => {
  it('groups digits by thousands, exactly', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(1_048_576)).toBe('1,048,576');
    expect(formatCount(10n ** 18n)).toBe('1,000,000,000,000,000,000');
  });
});
