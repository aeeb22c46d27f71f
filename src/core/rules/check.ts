/**
 * The pieces of checking what a library caller gives as data: the same
 * bounds the CLI's parsers apply, one InputError that names the field and
 * the value, before any generated code or kernel sees it. Each kind checks
 * its own rules with them (GameKind.check); src/core/analyse.ts checks the
 * rest of a request.
 */
import { InputError, type InputField } from '../errors.js';
import { MAX_SIZE, MAX_SIZE_EXPONENT } from '../numbers.js';
import { MAX_MOVE, MAX_MOVES } from './sets.js';

/** What a value is, in a message: short, whatever it is (a huge array is not printed). */
function described(value: unknown): string {
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value === null) return 'null';
  if (typeof value === 'string') return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value);
  if (typeof value === 'bigint') return value.toString().length > 40 ? `a ${value.toString().length}-digit bigint` : `${value}n`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'function') return 'a function';
  return String(value);
}

/** The request's field a path names: `game` of `game.rule.moves[0]`. */
export function fieldAt(where: string): InputField {
  return /^[A-Za-z]+/.exec(where)![0] as InputField;
}

export function fail(where: string, expected: string, value: unknown): never {
  const field = fieldAt(where);
  throw new InputError(`${where}: expected ${expected}, got ${described(value)}`, { code: field === 'game' ? 'bad-rule' : 'bad-value', field, value });
}

export function wholeNumber(value: unknown, where: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) fail(where, `a whole number from ${min} to ${max}`, value);
  return value;
}

/** A list of token counts (moves, or the moves left out); sorted and without repeats on the way out. */
export function moveSet(value: unknown, rule: string, field: string, allowEmpty: boolean): readonly number[] {
  const where = `${rule}.${field}`; // cheap enough: a flat concatenation, flattened only for a message
  if (!Array.isArray(value)) fail(where, 'an array of token counts', value);
  if (!allowEmpty && value.length === 0) fail(where, 'at least one move', value);
  if (value.length > MAX_MOVES) fail(where, `at most ${MAX_MOVES} moves`, value);
  let ordered = true;
  for (let i = 0; i < value.length; i++) {
    const v = value[i];
    // Checked inline, the message made only on a failure: sweeps check thousands of sets a second.
    if (!(typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_MOVE)) wholeNumber(v, `${where}[${i}]`, 1, MAX_MOVE);
    if (i > 0 && v <= value[i - 1]) ordered = false;
  }
  return ordered ? value : [...new Set(value as number[])].sort((a, b) => a - b);
}

/** A heap size given to the library: a bigint (or a safe whole number) from 0 to 10^MAX_SIZE_EXPONENT. */
export function checkSize(value: unknown, where: string): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value !== 'bigint' || value < 0n || value > MAX_SIZE) fail(where, `a whole number (bigint) from 0 to 10^${MAX_SIZE_EXPONENT}`, value);
  return value;
}

/** A whole-number option of a request (a count, a budget): undefined stays undefined. */
export function checkWhole(value: unknown, where: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  return value === undefined ? undefined : wholeNumber(value, where, min, max);
}
