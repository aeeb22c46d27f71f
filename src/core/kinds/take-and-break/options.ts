import { digitAt, lastTake, SPLIT_THREE, SPLIT_TWO, unequalAt, type TakeBreakCode } from '../../rules/code.js';
import type { ReckonedOptions } from '../../heap/heap-kind.js';
import { threeSplitAt, threeSplitCount } from './three-splits.js';

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
      const unequal = unequalAt(code, take);
      for (let a = 1; 2 * a <= rest; a++) if (!(unequal && 2 * a === rest)) options.push([a, rest - a]);
    }
    if (digit & SPLIT_THREE) {
      for (let a = 1; 3 * a <= rest; a++) for (let b = a; a + 2 * b <= rest; b++) options.push([a, b, rest - a - b]);
    }
  }
  return options;
}

/**
 * The same options reckoned at any heap size: for each amount taken, the
 * whole heap, the heap left, the splits a + (rest - a) by a, then the splits
 * a + b + c by a and b, as takeBreakOptions lists them. Repeating codes are
 * left to takeBreakOptions (no period of theirs is proven).
 */
export function takeBreakReckoned(code: TakeBreakCode): ReckonedOptions | undefined {
  if (code.repeat) return undefined;
  const takes = (n: bigint) => (n < BigInt(code.digits.length) ? Number(n) + 1 : code.digits.length);
  // The options of one amount taken: nothing left, one heap, then the splits (how many of each).
  const shapes = (take: number, rest: bigint) => {
    const digit = code.digits[take]!;
    const whole = digit & 1 && rest === 0n ? 1n : 0n;
    const one = digit & 2 && rest >= 1n && take > 0 ? 1n : 0n;
    const splits = digit & SPLIT_TWO ? rest / 2n - (code.unequal[take] && rest >= 2n && rest % 2n === 0n ? 1n : 0n) : 0n;
    const threes = digit & SPLIT_THREE ? threeSplitCount(rest) : 0n;
    return { whole, one, splits, threes };
  };
  return {
    count(n) {
      let count = 0n;
      for (let take = 0; take < takes(n); take++) {
        const { whole, one, splits, threes } = shapes(take, n - BigInt(take));
        count += whole + one + splits + threes;
      }
      return count;
    },
    at(n, i) {
      for (let take = 0; take < takes(n); take++) {
        const rest = n - BigInt(take);
        const { whole, one, splits, threes } = shapes(take, rest);
        if (i < whole) return [];
        i -= whole;
        if (i < one) return [rest];
        i -= one;
        // The splits skip a = rest / 2 only where it is the last (unequal heaps), so the i-th is a = i + 1.
        if (i < splits) return [i + 1n, rest - i - 1n];
        i -= splits;
        if (i < threes) return threeSplitAt(rest, i);
        i -= threes;
      }
      throw new RangeError(`heap ${n} has no option ${i}`);
    },
    isOption(n, parts) {
      const left = parts.reduce((a, b) => a + b, 0n);
      if (left > n || n - left >= BigInt(code.digits.length)) return false;
      const take = Number(n - left);
      const digit = code.digits[take]!;
      if (parts.length === 0) return (digit & 1) !== 0;
      if (parts.length === 1) return (digit & 2) !== 0 && take > 0;
      if (parts.length === 3) return (digit & SPLIT_THREE) !== 0 && parts.every((part) => part > 0n);
      return parts.length === 2 && (digit & SPLIT_TWO) !== 0 && !(code.unequal[take] && parts[0] === parts[1]);
    },
    splitsTaking(n, take) {
      if (take < 0n || take > n || take >= BigInt(code.digits.length)) return false;
      const { splits, threes } = shapes(Number(take), n - take);
      return splits + threes > 0n;
    },
  };
}
