import type { Rule } from '../../src/core/kinds/registry.js';
import { SPLIT_THREE, SPLIT_TWO, type TakeBreakCode } from '../../src/core/rules/code.js';
import { sequenceMembers } from '../../src/core/rules/sequences.js';

/**
 * The plain reference: list every option of every heap as the heaps it leaves,
 * xor their values and take the mex of a Set. Slow on purpose and obviously
 * right; tests check the fast kernels against it.
 */
export function referenceOptions(rule: Rule, n: number): number[][] {
  switch (rule.kind) {
    case 'subtraction':
      return rule.moves.filter((s) => s <= n).map((s) => [n - s]);
    case 'sequence-subtraction':
      return sequenceMembers(rule.sequence, n).map((s) => [n - s]);
    case 'all-but': {
      const options: number[][] = [];
      for (let take = 1; take <= n; take++) if (!rule.excluded.includes(take)) options.push([n - take]);
      return options;
    }
    case 'take-and-break':
      return takeBreakOptions(rule.code, n);
    case 'custom':
      throw new Error('custom rules have no reference: their options come from the module');
  }
}

function takeBreakOptions(code: TakeBreakCode, n: number): number[][] {
  const options: number[][] = [];
  code.digits.forEach((digit, take) => {
    const rest = n - take;
    if (rest < 0) return;
    if (digit & 1 && rest === 0) options.push([]);
    if (digit & 2 && rest >= 1 && take > 0) options.push([rest]);
    if (digit & SPLIT_TWO) {
      for (let a = 1; 2 * a <= rest; a++) if (!(code.unequal[take] && 2 * a === rest)) options.push([a, rest - a]);
    }
    if (digit & SPLIT_THREE) {
      for (let a = 1; 3 * a <= rest; a++) for (let b = a; a + 2 * b <= rest; b++) options.push([a, b, rest - a - b]);
    }
  });
  return options;
}

export function mex(values: Iterable<number>): number {
  const seen = new Set(values);
  let v = 0;
  while (seen.has(v)) v++;
  return v;
}

/** G(0..count-1) by the definition. */
export function referenceValues(rule: Rule, count: number): number[] {
  const g: number[] = [];
  for (let n = 0; n < count; n++) {
    g.push(mex(referenceOptions(rule, n).map((heaps) => heaps.reduce((x, h) => x ^ g[h]!, 0))));
  }
  return g;
}
