import { InputError, mention, quote, says, saying, type Wording } from '../errors.js';

/**
 * A take-and-break code d0.d1d2...dk (CGSuite's notation). Digit dj says what
 * removing j tokens may leave, as a bitmask: 1 nothing (the heap was exactly
 * j), 2 one non-empty heap, 4 two, 8 three (hexadecimal digits). A '!' after a
 * digit asks for unequal heaps when it splits in two: Grundy's game is 4!.0.
 * Digits in brackets at the end repeat forever (CGSuite's periodic codes):
 * 4.[3] is Lasker's Nim (take any number, or split a heap in two), 0.[3] Nim.
 */
export interface TakeBreakCode {
  /**
   * digits[j] = dj; for a finite code trailing zeros are removed, so k =
   * digits.length - 1. For a repeating code the last `repeat` digits are the
   * ones that repeat (see digitAt).
   */
  readonly digits: readonly number[];
  /** unequal[j]: a two-heap split after removing j tokens must leave unequal heaps. */
  readonly unequal: readonly boolean[];
  /** How many of the last digits repeat forever (absent or 0: the code ends, every later digit is 0). */
  readonly repeat?: number;
}

export const SPLIT_TWO = 4;
export const SPLIT_THREE = 8;

const HEX = '0123456789ABCDEF';

/** Parse a code; errors point at the character that is wrong. */
export function parseCode(text: string, what: Wording = mention('code')): TakeBreakCode {
  const source = String(text).trim();
  const bad = (index: number, why: Wording): never => {
    const shown = index < source.length ? saying('error.code.at', { char: quote(source[index]), index: index + 1 }) : saying('error.code.end');
    throw new InputError(says`${what} ${quote(source)}: ${shown}: ${why}`, { code: 'bad-rule', value: text });
  };
  if (source === '') throw new InputError(says`${what}: ${saying('error.code.empty')}`, { code: 'bad-rule', value: text });
  const digits: number[] = [];
  const unequal: boolean[] = [];
  let i = 0;
  let sawPoint = false;
  const readDigit = (): void => {
    const value = HEX.indexOf(source[i]!.toUpperCase());
    if (value < 0) bad(i, saying(sawPoint ? 'error.code.digit' : 'error.code.digitOrPoint'));
    digits.push(value);
    unequal.push(false);
    i++;
    if (source[i] === '!') {
      if (!(value & SPLIT_TWO)) bad(i, saying('error.code.unequal'));
      unequal[unequal.length - 1] = true;
      i++;
    }
  };
  if (source[0] === '.') digits.push(0), unequal.push(false);
  else {
    readDigit();
    if (i < source.length && source[i] !== '.') bad(i, saying('error.code.pointAfterFirst'));
  }
  if (source[i] !== '.') bad(i, saying('error.code.point'));
  sawPoint = true;
  i++;
  let cycleStart = -1;
  while (i < source.length) {
    if (source[i] === '[') {
      if (cycleStart >= 0) bad(i, saying('error.code.bracketTwice'));
      cycleStart = digits.length;
      i++;
      continue;
    }
    if (source[i] === ']') {
      if (cycleStart < 0) bad(i, saying('error.code.bracketUnopened'));
      if (cycleStart === digits.length) bad(i, saying('error.code.bracketEmpty'));
      if (i !== source.length - 1) bad(i + 1, saying('error.code.bracketLast'));
      i++;
      break;
    }
    readDigit();
  }
  if (cycleStart >= 0 && source[source.length - 1] !== ']') bad(source.length, saying('error.code.bracketClose'));
  if (digits[0]! & 3) bad(0, saying('error.code.firstDigit'));
  return normalCode(digits, unequal, cycleStart < 0 ? 0 : digits.length - cycleStart);
}

/**
 * The one way to write a code: a finite code without trailing zeros; a
 * repeating code with its shortest repeating block, started as early as it
 * can be (0.3[33] is 0.[3]), never before d0; a block of zeros ends the code.
 */
export function normalCode(digits: readonly number[], unequal: readonly boolean[], repeat: number): TakeBreakCode {
  const d = [...digits];
  const u = [...unequal];
  let p = repeat;
  if (p > 0 && d.slice(d.length - p).every((x) => x === 0)) {
    d.length -= p;
    u.length -= p;
    p = 0;
  }
  if (p === 0) {
    let k = d.length - 1;
    while (k > 0 && d[k] === 0) k--;
    return { digits: d.slice(0, k + 1), unequal: u.slice(0, k + 1) };
  }
  const start = d.length - p;
  const same = (a: number, b: number) => d[a] === d[b] && u[a] === u[b];
  // The shortest block q (a divisor of p) that the p repeating digits are copies of.
  for (let q = 1; q < p; q++) {
    if (p % q === 0 && Array.from({ length: p - q }, (_, j) => same(start + j, start + j + q)).every(Boolean)) {
      d.length = start + q;
      u.length = start + q;
      p = q;
      break;
    }
  }
  // A digit before the block equal to the block's last one is the block begun a digit earlier (never d0).
  while (d.length - p > 1 && same(d.length - p - 1, d.length - 1)) {
    d.pop();
    u.pop();
  }
  return { digits: d, unequal: u, repeat: p };
}

/** Whether the code's last digits repeat forever (it takes any number of tokens for some digit). */
export function isRepeating(code: TakeBreakCode): boolean {
  return (code.repeat ?? 0) > 0;
}

/** Where digit `take` is stored in `digits` (-1: past a finite code's end, a digit 0). */
function digitIndex(code: TakeBreakCode, take: number): number {
  if (take < code.digits.length) return take;
  const p = code.repeat ?? 0;
  if (p === 0) return -1;
  const start = code.digits.length - p;
  return start + ((take - start) % p);
}

/** Digit d_take of the code (0 past a finite code's end). */
export function digitAt(code: TakeBreakCode, take: number): number {
  const at = digitIndex(code, take);
  return at < 0 ? 0 : code.digits[at]!;
}

/** Whether a two-heap split after taking `take` tokens must leave unequal heaps. */
export function unequalAt(code: TakeBreakCode, take: number): boolean {
  const at = digitIndex(code, take);
  return at >= 0 && code.unequal[at] === true;
}

/** The most tokens a move may take from a heap of n: n itself for a repeating code. */
export function lastTake(code: TakeBreakCode, n: number): number {
  return isRepeating(code) ? n : Math.min(n, code.digits.length - 1);
}

/** The largest number of heaps a move can leave. */
export function maxHeapsLeft(code: TakeBreakCode): number {
  return code.digits.some((d) => d & SPLIT_THREE) ? 3 : code.digits.some((d) => d & SPLIT_TWO) ? 2 : 1;
}

export function isOctal(code: TakeBreakCode): boolean {
  return code.digits.every((d) => d < 8);
}

/** A take-and-break code in CGSuite notation (0.77, 4!.0). */
export function codeText(code: TakeBreakCode): string {
  const digit = (j: number) => HEX[code.digits[j]!]! + (code.unequal[j] ? '!' : '');
  const after = code.digits.slice(1).map((_, j) => digit(j + 1));
  const p = code.repeat ?? 0;
  if (p > 0) return `${digit(0)}.${after.slice(0, after.length - p).join('')}[${after.slice(after.length - p).join('')}]`;
  return `${digit(0)}.${after.join('') || '0'}`;
}
