import { digitAt, lastTake, SPLIT_THREE, SPLIT_TWO, unequalAt, type TakeBreakCode } from '../../rules/code.js';

/**
 * The options of heap n under a take-and-break code: each the heaps a move
 * leaves (none, one, or a split into two or three).
 */
export function takeBreakOptions(code: TakeBreakCode, n: number): number[][] {
  const options: number[][] = [];
  for (let take = 0, last = lastTake(code, n); take <= last; take++) {
    const digit = digitAt(code, take);
    const rest = n - take;
    if (digit & 1 && rest === 0) options.push([]);
    if (digit & 2 && rest >= 1 && take > 0) options.push([rest]);
    if (digit & SPLIT_TWO) {
      for (let a = 1; 2 * a <= rest; a++) if (!(unequalAt(code, take) && 2 * a === rest)) options.push([a, rest - a]);
    }
    if (digit & SPLIT_THREE) {
      for (let a = 1; 3 * a <= rest; a++) for (let b = a; a + 2 * b <= rest; b++) options.push([a, b, rest - a - b]);
    }
  }
  return options;
}
