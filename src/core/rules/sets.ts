import { InputError, quote, says, saying, type Wording } from '../errors.js';
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
export function normaliseMoveSet(values: readonly number[], what: Wording, allowEmpty: boolean): number[] {
  for (const v of values) {
    if (!Number.isInteger(v)) throw new InputError(says`${what}: ${saying('error.moves.notWhole', { value: v })}`, { code: 'bad-rule' });
    if (v < 1) throw new InputError(says`${what}: ${saying('error.moves.notPositive', { value: v })}`, { code: 'bad-rule' });
    if (v > MAX_MOVE) throw new InputError(says`${what}: ${saying('error.moves.tooLarge', { value: v, most: MAX_MOVE })}`, { code: 'bad-rule' });
  }
  if (!allowEmpty && values.length === 0) throw new InputError(says`${what}: ${saying('error.moves.empty')}`, { code: 'bad-rule' });
  if (values.length > MAX_MOVES) throw new InputError(says`${what}: ${saying('error.moves.tooMany', { count: values.length, most: MAX_MOVES })}`, { code: 'bad-rule' });
  return [...new Set(values)].sort((a, b) => a - b);
}

/** Parse "1,2,3" or "3..7,10" (spaces and braces allowed) into move sizes; `what` names the flag. */
export function parseMoveList(text: string, what: Wording, allowEmpty: boolean): number[] {
  const inner = String(text).trim().replace(/^\{(.*)\}$/, '$1').trim();
  if (inner === '') return normaliseMoveSet([], what, allowEmpty);
  const parts = inner.split(/\s*,\s*|\s+/);
  if (parts.length > MAX_MOVES) throw new InputError(says`${what}: ${saying('error.moves.tooMany', { count: parts.length, most: MAX_MOVES })}`, { code: 'bad-rule' });
  const values: number[] = [];
  for (const part of parts) {
    if (part === '') throw new InputError(says`${what}: ${saying('error.moves.emptyEntry', { text: quote(text) })}`, { code: 'bad-rule' });
    // A range a..b stands for every move from a to b; counted before it is spelled out, so 1..2^31 costs nothing.
    const range = /^(.+?)\.\.(.+)$/.exec(part);
    if (!range) {
      values.push(moveSize(part, what));
      continue;
    }
    const [from, to] = [moveSize(range[1]!, what), moveSize(range[2]!, what)];
    if (to < from) throw new InputError(says`${what}: ${saying('error.moves.backwardRange', { range: quote(part) })}`, { code: 'bad-rule' });
    if (values.length + (to - from + 1) > MAX_MOVES) throw new InputError(says`${what}: ${saying('error.moves.tooMany', { count: values.length + (to - from + 1), most: MAX_MOVES })}`, { code: 'bad-rule' });
    for (let move = from; move <= to; move++) values.push(move);
  }
  return normaliseMoveSet(values, what, allowEmpty);
}

/** One move size as written (a whole number of tokens, 1 to MAX_MOVE). */
function moveSize(part: string, what: Wording): number {
  if (/^-/.test(part)) throw new InputError(says`${what}: ${saying('error.moves.notPositive', { value: quote(part) })}`, { code: 'bad-rule' });
  const value = parseCount(part, what);
  if (value > BigInt(MAX_MOVE)) throw new InputError(says`${what}: ${saying('error.moves.tooLarge', { value: quote(part), most: MAX_MOVE })}`, { code: 'bad-rule' });
  return Number(value);
}
