import type { Rule } from '../rules/model.js';

/**
 * The plain reference: list every option of every heap as the heaps it leaves,
 * xor their values and take the mex of a Set. Slow on purpose and obviously
 * right; tests check the fast kernels against it.
 */
export function referenceOptions(rule: Rule, n: number): number[][] {
  switch (rule.kind) {
    case 'subtraction':
      return rule.moves.filter((s) => s <= n).map((s) => [n - s]);
    case 'all-but': {
      const options: number[][] = [];
      for (let take = 1; take <= n; take++) if (!rule.excluded.includes(take)) options.push([n - take]);
      return options;
    }
  }
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
