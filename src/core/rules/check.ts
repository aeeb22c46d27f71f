/**
 * A game given to the library as data (`explore({ game: { rule } })`), checked
 * as the CLI checks what it parses: the same bounds, one InputError that names
 * the field and the value, before any generated code or kernel sees it. A
 * well-formed rule comes back as it is (no copy: sweeps check thousands a
 * second); a move set out of order comes back sorted and without repeats.
 */
import { InputError } from '../errors.js';
import { MAX_SIZE, MAX_SIZE_EXPONENT } from '../numbers.js';
import { SPLIT_TWO } from './code.js';
import { isMoveSequence } from './sequences.js';
import { MAX_MOVE, MAX_MOVES } from './sets.js';
import { MAX_VECTOR } from './words.js';
import type { CappedHeapRule, GameRule, GameSpec, MoveVector, VectorRule } from './model.js';

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

function fail(where: string, expected: string, value: unknown): never {
  throw new InputError(`${where}: expected ${expected}, got ${described(value)}`);
}

function wholeNumber(value: unknown, where: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) fail(where, `a whole number from ${min} to ${max}`, value);
  return value;
}

/** A list of token counts (moves, or the moves left out); sorted and without repeats on the way out. */
function moveSet(value: unknown, rule: string, field: string, allowEmpty: boolean): readonly number[] {
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

function vectors(value: unknown, where: string): readonly MoveVector[] {
  if (!Array.isArray(value) || value.length === 0) fail(where, 'a non-empty array of vectors { dx, dy, cap }', value);
  value.forEach((v: unknown, i) => {
    const at = `${where}[${i}]`;
    if (typeof v !== 'object' || v === null) fail(at, 'a vector { dx, dy, cap }', v);
    const { dx, dy, cap } = v as Record<string, unknown>;
    wholeNumber(dx, `${at}.dx`, 0, MAX_VECTOR);
    wholeNumber(dy, `${at}.dy`, 0, MAX_VECTOR);
    if (dx === 0 && dy === 0) throw new InputError(`${at}: the vector (0,0) moves nothing`);
    if (cap !== null) wholeNumber(cap, `${at}.cap`, 1, MAX_VECTOR);
  });
  return value;
}

/** The rule, checked; `where` names it in messages ("game.rule"). */
export function checkRule(rule: unknown, where = 'game.rule'): GameRule {
  if (typeof rule !== 'object' || rule === null) fail(where, 'a rule object such as { kind: "subtraction", moves: [1, 2, 3] }', rule);
  const r = rule as Record<string, unknown> & GameRule;
  switch (r.kind) {
    case 'subtraction': {
      const moves = moveSet(r.moves, where, 'moves', false);
      return moves === r.moves ? r : { kind: 'subtraction', moves };
    }
    case 'all-but': {
      const excluded = moveSet(r.excluded, where, 'excluded', true);
      return excluded === r.excluded ? r : { kind: 'all-but', excluded };
    }
    case 'sequence-subtraction':
      if (typeof r.sequence !== 'string' || !isMoveSequence(r.sequence)) fail(`${where}.sequence`, 'squares, fibonacci, factorials, powers-of-two, primes or triangular', r.sequence);
      return r;
    case 'take-and-break': {
      const code = r.code as unknown as Record<string, unknown> | null;
      if (typeof code !== 'object' || code === null) fail(`${where}.code`, 'a code { digits, unequal } (see parseCode)', code);
      const { digits, unequal } = code;
      if (!Array.isArray(digits) || digits.length === 0 || digits.length > 4096) fail(`${where}.code.digits`, 'an array of 1 to 4096 digits', digits);
      if (!Array.isArray(unequal) || unequal.length !== digits.length) fail(`${where}.code.unequal`, `an array of ${digits.length} booleans, one a digit`, unequal);
      digits.forEach((d, j) => wholeNumber(d, `${where}.code.digits[${j}]`, 0, 15));
      unequal.forEach((u, j) => {
        if (typeof u !== 'boolean') fail(`${where}.code.unequal[${j}]`, 'true or false', u);
        if (u && !(digits[j] & SPLIT_TWO)) throw new InputError(`${where}.code.unequal[${j}]: unequal heaps only make sense for a digit that splits in two (4-7, C-F), not ${digits[j]}`);
      });
      if (digits[0] & 3) throw new InputError(`${where}.code.digits[0]: the digit before the point may only split (4, 8 or 12), not ${digits[0]}: removing nothing must break the heap`);
      // Trailing zeros say nothing (parseCode drops them): the kernels take the last digit as the largest move.
      let k = digits.length - 1;
      while (k > 0 && digits[k] === 0) k--;
      return k === digits.length - 1 ? r : { kind: 'take-and-break', code: { digits: digits.slice(0, k + 1), unequal: unequal.slice(0, k + 1) } };
    }
    case 'custom':
      if (typeof r.module !== 'string' || r.module === '') fail(`${where}.module`, 'the path of a JS module', r.module);
      return r;
    case 'vectors':
      vectors(r.vectors, `${where}.vectors`);
      return r;
    case 'capped-heap': {
      const next = r.next as unknown as Record<string, unknown> | null;
      if (typeof next !== 'object' || next === null) fail(`${where}.next`, '{ kind: "times", factor } or { kind: "plus", add }', next);
      if (next.kind === 'times') wholeNumber(next.factor, `${where}.next.factor`, 1, 1 << 20);
      else if (next.kind === 'plus') wholeNumber(next.add, `${where}.next.add`, 0, 1 << 20);
      else fail(`${where}.next.kind`, '"times" or "plus"', next.kind);
      return r;
    }
    default:
      return fail(`${where}.kind`, 'one of subtraction, all-but, sequence-subtraction, take-and-break, custom, vectors, capped-heap', (rule as { kind?: unknown }).kind);
  }
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

/** The game of a request, checked (the same object when nothing needed changing). */
export function checkGame(game: unknown, where = 'game'): GameSpec {
  if (typeof game !== 'object' || game === null) fail(where, 'a game { rule }', game);
  const g = game as GameSpec;
  const rule = checkRule(g.rule, where === 'game' ? 'game.rule' : `${where}.rule`);
  const defaultMax = g.defaultMax === undefined ? undefined : checkSize(g.defaultMax, `${where}.defaultMax`);
  return rule === g.rule && defaultMax === g.defaultMax ? g : { ...g, rule, defaultMax };
}

/** Coordinates of a two-pile table or a heap with memory are array indices. */
const BOARD_MAX = 2 ** 31 - 1;

/** A game of the kind a board explorer takes (exploreGrid: vectors; exploreMemoryGame: capped-heap), and its --max. */
export function checkBoard<K extends 'vectors' | 'capped-heap'>(game: unknown, max: unknown, kind: K, rows?: unknown): GameSpec & { readonly rule: K extends 'vectors' ? VectorRule : CappedHeapRule } {
  const checked = checkGame(game);
  if (checked.rule.kind !== kind) fail('game.rule.kind', `"${kind}" here`, checked.rule.kind);
  wholeNumber(max, 'max', 0, BOARD_MAX);
  if (rows !== undefined) {
    if (typeof rows !== 'object' || rows === null) fail('rows', 'rows { first, last }', rows);
    const { first, last } = rows as Record<string, unknown>;
    wholeNumber(first, 'rows.first', 0, BOARD_MAX);
    wholeNumber(last, 'rows.last', first as number, BOARD_MAX);
  }
  return checked as GameSpec & { readonly rule: K extends 'vectors' ? VectorRule : CappedHeapRule };
}
