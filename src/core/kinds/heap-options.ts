import type { Rule } from '../rules/model.js';
import { subtractionOptions } from './subtraction/options.js';
import { takeBreakOptions } from './take-and-break/options.js';

/** The options of heap n of a built-in heap rule (rule modules answer in their sandbox). */
export function heapOptions(rule: Rule, n: number): number[][] {
  if (rule.kind === 'custom') throw new RangeError('a rule module answers its own options (in its sandbox)');
  return rule.kind === 'take-and-break' ? takeBreakOptions(rule.code, n) : subtractionOptions(rule, n);
}
