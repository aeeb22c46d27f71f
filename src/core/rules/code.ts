import { InputError, mention, quote, says, saying, type Wording } from '../errors.js';

/**
 * A take-and-break code d0.d1d2...dk (CGSuite's notation). Digit dj says what
 * removing j tokens may leave, as a bitmask: 1 nothing (the heap was exactly
 * j), 2 one non-empty heap, 4 two, 8 three (hexadecimal digits). A '!' after a
 * digit asks for unequal heaps when it splits in two: Grundy's game is 4!.0.
 */
export interface TakeBreakCode {
  /** digits[j] = dj; trailing zeros removed, so k = digits.length - 1. */
  readonly digits: readonly number[];
  /** unequal[j]: a two-heap split after removing j tokens must leave unequal heaps. */
  readonly unequal: readonly boolean[];
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
  while (i < source.length) readDigit();
  if (digits[0]! & 3) bad(0, saying('error.code.firstDigit'));
  let k = digits.length - 1;
  while (k > 0 && digits[k] === 0) k--;
  return { digits: digits.slice(0, k + 1), unequal: unequal.slice(0, k + 1) };
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
  const after = code.digits.slice(1).map((_, j) => digit(j + 1)).join('');
  return `${digit(0)}.${after || '0'}`;
}
