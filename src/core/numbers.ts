import { groupDigits } from './digits.js';
import { InputError, isMention, quote, says, saying, type InputCode, type InputField, type Wording } from './errors.js';

/**
 * The largest size any count may have: 10^MAX_SIZE_EXPONENT. Written out
 * (4,097 digits), as a power (10^4096, 2^13606) or in e-notation (1e4096), the
 * same bound holds, and a longer value is refused before any arithmetic on it.
 */
export const MAX_SIZE_EXPONENT = 4096;
/** 10^MAX_SIZE_EXPONENT, computed once. */
export const MAX_SIZE = 10n ** BigInt(MAX_SIZE_EXPONENT);
/** What a negative size is told, wherever it is caught. */
export const NEGATIVE = saying('error.size.negative');

/** Longer than any size text parseCount takes (4,097 digits, with underscores between them). */
export const LONGEST_SIZE_TEXT = 2 * (MAX_SIZE_EXPONENT + 1);

/**
 * Refuse a size text longer than LONGEST_SIZE_TEXT, of which only `head` was
 * kept (a token streamed from input): the words parseCount would have used.
 */
export function refuseLongSize(head: string, length: number, what: Wording): never {
  const large = /^[\d_]+$/.test(head);
  const why = large ? saying('error.size.tooLarge', { exponent: MAX_SIZE_EXPONENT }) : saying('error.size.notSize');
  throw new InputError(says`${what}: ${quote(head, length)} ${why}`, { code: large ? 'out-of-range' : 'bad-value', field: fieldOf(what), value: head });
}

/** The field a message's subject starts with, if it is one. */
function fieldOf(what: Wording): InputField | undefined {
  const first = typeof what === 'string' ? undefined : Array.isArray(what) ? what[0] : what;
  return isMention(first) ? first.field : undefined;
}

/**
 * Parse a non-negative integer written the ways people write sizes:
 * 1000000, 1_000_000, 1e6, 2.5e3, 2^20, 10^18. The result is exact (bigint),
 * so 10^18 or 2^64 lose nothing; `what` names the value in error messages.
 */
export function parseCount(text: string, what: Wording): bigint {
  const raw = String(text).trim();
  const bad = (why: Wording, code: InputCode = 'bad-value'): never => {
    throw new InputError(says`${what}: ${quote(text)} ${why}`, { code, field: fieldOf(what), value: text });
  };
  const tooLarge = (): never => bad(saying('error.size.tooLarge', { exponent: MAX_SIZE_EXPONENT }), 'out-of-range');
  if (raw === '') bad(saying('error.size.empty'));
  const compact = raw.replace(/_/g, '');
  if (/_/.test(raw) && !/^\d+(_\d+)*$/.test(raw)) bad(saying('error.size.underscores'));

  const power = /^(\d+)\s*(?:\^|\*\*)\s*(\d+)$/.exec(compact);
  if (power) {
    const base = BigInt(power[1]!.length > MAX_SIZE_EXPONENT + 1 ? tooLarge() : power[1]!);
    const exponent = power[2]!.length > 12 ? tooLarge() : Number(power[2]!);
    // A bound on the digits first, so that 99^99999999 is refused without computing it.
    if (base > 1n && exponent * Math.log10(Number(base)) > MAX_SIZE_EXPONENT + 1) tooLarge();
    const value = base ** BigInt(exponent);
    return value > MAX_SIZE ? tooLarge() : value;
  }
  const decimal = /^(\d+)(?:\.(\d*))?(?:[eE]\+?(\d+))?$/.exec(compact);
  if (!decimal) {
    if (/^-\s*[\d.]/.test(compact)) bad(NEGATIVE, 'out-of-range');
    if (/^[+-]?(nan|inf(inity)?)$/i.test(compact)) bad(saying('error.size.notFinite'));
    if (/^\d+(\.\d*)?[eE]-\d+$/.test(compact)) bad(saying('error.size.negativeExponent'));
    bad(saying('error.size.notWholeTry'));
  }
  const [, wholeDigits, fraction = '', exp = '0'] = decimal!;
  const whole = wholeDigits!.replace(/^0+(?=\d)/, '');
  const exponent = exp.length > 12 ? tooLarge() : Number(exp);
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > exponent) bad(saying('error.size.notWhole'));
  // The digits it would have, checked before any BigInt is made of them.
  if (whole !== '0' && whole.length + exponent > MAX_SIZE_EXPONENT + 1) tooLarge();
  if (whole === '0' && significant !== '' && significant.replace(/^0+/, '').length + exponent - significant.length > MAX_SIZE_EXPONENT + 1) tooLarge();
  const value = BigInt(whole + significant) * 10n ** BigInt(exponent - significant.length);
  return value > MAX_SIZE ? tooLarge() : value;
}

/** Like parseCount, but the result must be a safe JS integer in [min, max]. */
export function parseSmallCount(text: string, what: Wording, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const value = parseCount(text, what);
  const details = { code: 'out-of-range', field: fieldOf(what), value: text } as const;
  if (value < BigInt(min)) throw new InputError(says`${what}: ${quote(text)} ${saying('error.size.atLeast', { min })}`, details);
  if (value > BigInt(max)) throw new InputError(says`${what}: ${quote(text)} ${saying('error.size.atMost', { max })}`, details);
  return Number(value);
}

/** A compact human form of a count: 1000000 -> "1,000,000". */
export function formatCount(n: number | bigint): string {
  return groupDigits(n);
}

/** A count with its noun, singular for exactly one: "1 value", "1,024 values", "1 P-position". */
export function countOf(n: number | bigint, noun: string, plural = `${noun}s`): string {
  return `${formatCount(n)} ${BigInt(n) === 1n ? noun : plural}`;
}

/** A count as people read it: 1,000,000 up to 10^15, then 1e400 (or 1.2e20) rather than 400 digits. */
export function shortCount(n: bigint): string {
  const digits = n.toString();
  if (digits.length <= 16) return formatCount(n);
  const mantissa = digits.slice(1, 3).replace(/0+$/, '');
  return `${digits[0]}${mantissa ? '.' + mantissa : ''}e${digits.length - 1}`;
}
