import { InputError, quote, says, saying } from './errors.js';
import { parseSmallCount } from './numbers.js';

/** A range of two-pile rows as written after --rows: A..B (also A-B, or one row A); `where` names it in messages. */
export function parseRowRange(text: string, where: string): { first: number; last: number } {
  const match = /^\s*([^.\s-]+)\s*(?:(?:\.\.|-)\s*([^.\s-]+)\s*)?$/.exec(text);
  if (!match) throw new InputError(says`${where}: ${saying('error.rows.notRange', { text: quote(text) })}`);
  const first = parseSmallCount(match[1]!, where, 0, 2 ** 31 - 1);
  const last = match[2] === undefined ? first : parseSmallCount(match[2], where, 0, 2 ** 31 - 1);
  if (last < first) throw new InputError(says`${where}: ${saying('error.rows.backwards', { text: quote(text) })}`);
  return { first, last };
}
