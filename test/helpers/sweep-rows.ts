import type { SweepRow } from '../../src/sweep/row.js';

/** A sweep row's defaults: take 1, proven periodic 0,1 from heap 0 (no saltus), 64 values computed, no rare heaps, no error. */
const DEFAULT_ROW: SweepRow = {
  index: 0,
  rule: 'subtraction {1}',
  kind: 'periodic',
  preperiod: 0,
  period: 2,
  saltus: 0,
  proven: true,
  method: 'window-repetition',
  maxValue: 1,
  computed: 64,
  largestAt: null,
  rareMask: null,
  rareHeaps: null,
  lastRareHeap: null,
  error: null,
};

/** A sweep row for a test: the defaults with the given columns in their place. */
export function sweepRow(over: Partial<SweepRow> = {}): SweepRow {
  return { ...DEFAULT_ROW, ...over };
}
