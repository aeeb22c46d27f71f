/**
 * The tokens of a judge's input, for the layout reader (layout.ts): heaps a
 * host already read as numbers (a list of millions, read a block at a time),
 * or text split at white space, where a component written as JSON (a
 * module's state, `{"heap": 3, "cap": 2}`) is one token however it is spaced.
 */
import { InputError, mention, says, saying } from '../errors.js';
import type { HeapList } from '../positions/heap-list.js';
import type { JudgeTokens } from './layout.js';

/** Heaps read a block at a time. */
const BLOCK = 8192;

/** A list of heaps as tokens (each a whole number). */
export function heapTokens(heaps: HeapList): JudgeTokens {
  let start = -BLOCK;
  let block: readonly bigint[] = [];
  const at = (i: number): bigint => {
    if (i < start || i >= start + block.length) {
      start = i;
      block = heaps.read(i, BLOCK);
    }
    return block[i - start]!;
  };
  return { count: heaps.count, number: at, text: (i) => String(at(i)) };
}

/** Whether a token is plain digits (a judge's number: no sign, no exponent). */
const DIGITS = /^\d+$/;

/**
 * The tokens of `text`, split at white space; with `json`, a token that
 * starts with `{`, `[` or `"` runs to the end of that JSON value (its
 * brackets balanced, strings skipped), spaces and line breaks inside it
 * included. An unbalanced value is refused, naming where it starts.
 */
export function textTokens(text: string, json: boolean): JudgeTokens & { readonly all: readonly string[] } {
  const all: string[] = [];
  const n = text.length;
  const space = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';
  let i = 0;
  while (i < n) {
    if (space(text[i]!)) {
      i++;
      continue;
    }
    const start = i;
    if (json && (text[i] === '{' || text[i] === '[' || text[i] === '"')) {
      let depth = 0;
      do {
        const c = text[i]!;
        if (c === '"') {
          for (i++; i < n && text[i] !== '"'; i++) if (text[i] === '\\') i++;
          if (i >= n) break;
        } else if (c === '{' || c === '[') depth++;
        else if (c === '}' || c === ']') depth--;
        i++;
      } while (i < n && depth > 0);
      if (depth !== 0 || (i >= n && text[i - 1] !== '"' && text[i - 1] !== '}' && text[i - 1] !== ']')) {
        throw new InputError(says`${mention('input')}: ${saying('error.contest.jsonOpen', { at: start + 1, start: JSON.stringify(text.slice(start, start + 30)) })}`, { field: 'input', value: text.slice(start, start + 30) });
      }
    } else while (i < n && !space(text[i]!)) i++;
    all.push(text.slice(start, i));
  }
  return {
    all,
    count: all.length,
    text: (k) => all[k]!,
    number: (k) => (DIGITS.test(all[k]!) ? BigInt(all[k]!) : null),
  };
}
