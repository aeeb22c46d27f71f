import { InputError, quote } from '../errors.js';
import { parseCount } from '../numbers.js';

/** The largest token count a move may name; keeps windows and masks sane. */
export const MAX_MOVE = 2 ** 31 - 1;
/**
 * The most moves a set may hold. Each value costs one read per move, so a
 * set this large already takes minutes per 10^7 values; past it, an all-but
 * set (or a rule module) says the same thing better.
 */
export const MAX_MOVES = 1 << 16;

/**
 * Check a list of move sizes and return it sorted and without repeats.
 * `what` names the source in messages ("--moves", "rules.yaml:3:8 moves").
 */
export function normaliseMoveSet(values: readonly number[], what: string, allowEmpty: boolean): number[] {
  for (const v of values) {
    if (!Number.isInteger(v)) throw new InputError(`${what}: ${v} is not a whole number of tokens`);
    if (v < 1) throw new InputError(`${what}: ${v} is not a positive number of tokens`);
    if (v > MAX_MOVE) throw new InputError(`${what}: ${v} is larger than the supported ${MAX_MOVE}`);
  }
  if (!allowEmpty && values.length === 0) throw new InputError(`${what}: the set of moves is empty`);
  if (values.length > MAX_MOVES) throw new InputError(`${what}: ${values.length} moves; a set holds at most ${MAX_MOVES}`);
  return [...new Set(values)].sort((a, b) => a - b);
}

/** Parse "1,2,3" (spaces and braces allowed) into move sizes; `what` names the flag. */
export function parseMoveList(text: string, what: string, allowEmpty: boolean): number[] {
  const inner = String(text).trim().replace(/^\{(.*)\}$/, '$1').trim();
  if (inner === '') return normaliseMoveSet([], what, allowEmpty);
  const parts = inner.split(/\s*,\s*|\s+/);
  if (parts.length > MAX_MOVES) throw new InputError(`${what}: ${parts.length} moves; a set holds at most ${MAX_MOVES}`);
  const values = parts.map((part) => {
    if (part === '') throw new InputError(`${what}: ${quote(text)} has an empty entry`);
    if (/^-/.test(part)) throw new InputError(`${what}: ${quote(part)} is not a positive number of tokens`);
    const value = parseCount(part, what);
    if (value > BigInt(MAX_MOVE)) throw new InputError(`${what}: ${quote(part)} is larger than the supported ${MAX_MOVE}`);
    return Number(value);
  });
  return normaliseMoveSet(values, what, allowEmpty);
}
