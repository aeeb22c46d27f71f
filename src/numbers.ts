import { InputError } from './errors.js';

/**
 * Parse a non-negative integer written the ways people write sizes:
 * 1000000, 1_000_000, 1e6, 2.5e3, 2^20, 10^18. The result is exact (bigint),
 * so 10^18 or 2^64 lose nothing; `what` names the value in error messages.
 */
export function parseCount(text: string, what: string): bigint {
  const raw = String(text).trim();
  const bad = (why: string): never => {
    throw new InputError(`${what}: '${text}' is not ${why}`);
  };
  if (raw === '') bad('a number');
  const compact = raw.replace(/_/g, '');
  if (/_/.test(raw) && !/^\d+(_\d+)*$/.test(raw)) bad('a number (underscores go between digits)');

  const power = /^(\d+)\s*(?:\^|\*\*)\s*(\d+)$/.exec(compact);
  if (power) {
    const exponent = BigInt(power[2]!);
    if (exponent > 4096n) bad('a size that fits in memory or time');
    return BigInt(power[1]!) ** exponent;
  }
  const decimal = /^(\d+)(?:\.(\d*))?(?:[eE]\+?(\d+))?$/.exec(compact);
  if (!decimal) {
    if (/^-/.test(compact)) bad('non-negative');
    if (/^[+-]?(nan|inf(inity)?)$/i.test(compact)) bad('a finite number');
    bad('a whole number (try 1000000, 1_000_000, 1e6 or 2^20)');
  }
  const [, whole, fraction = '', exp = '0'] = decimal!;
  const exponent = Number(exp);
  if (exponent > 4096) bad('a size that fits in memory or time');
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > exponent) bad('a whole number');
  return BigInt(whole! + significant) * 10n ** BigInt(exponent - significant.length);
}

/** Like parseCount, but the result must be a safe JS integer in [min, max]. */
export function parseSmallCount(text: string, what: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const value = parseCount(text, what);
  if (value < BigInt(min)) throw new InputError(`${what}: '${text}' must be at least ${min}`);
  if (value > BigInt(max)) throw new InputError(`${what}: '${text}' must be at most ${max}`);
  return Number(value);
}

/** A compact human form of a count: 1000000 -> "1,000,000". */
export function formatCount(n: number | bigint): string {
  return BigInt(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A count with its noun, singular for exactly one: "1 value", "1,024 values", "1 P-position". */
export function countOf(n: number | bigint, noun: string, plural = `${noun}s`): string {
  return `${formatCount(n)} ${BigInt(n) === 1n ? noun : plural}`;
}
