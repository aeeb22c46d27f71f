/**
 * The line `sweep --frequencies FILE` writes for a rule with no period
 * proven: its value frequencies over heaps 1..computed-1 (heap 0 left out,
 * as in R. Rogalski's published frequency files) and, where its values show
 * no period either, what they exclude (src/core/laws/excluded-periods.ts:
 * any period p <= upTo begins after n = after). Its statistics row is the
 * sweep's row of the same index.
 */
import { ValueTally, frequencyObject } from '../core/heap/value-tally.js';
import { excludedPeriods } from '../core/laws/excluded-periods.js';
import type { UnsolvedValues } from './run-rule.js';

export function frequencyLine({ index, rule, values, computed, periodInView }: UnsolvedValues): string {
  const tally = new ValueTally();
  tally.feed(values, 0, computed);
  const excluded = periodInView ? null : excludedPeriods(values, computed);
  return (
    JSON.stringify({
      index,
      rule,
      heaps: computed - 1,
      frequencies: frequencyObject(tally.frequencies()),
      excludedPeriods: excluded && { upTo: excluded.upTo, after: excluded.after },
    }) + '\n'
  );
}
