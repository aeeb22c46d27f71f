/**
 * One row of a sweep: what was found for one rule. Rows are plain data (they
 * cross the worker boundary and go to JSON lines and CSV), and they hold only
 * what is determined by the rule and the limit, never timings: a sweep gives
 * the same rows on any machine and with any number of threads.
 */
import { oneLineMessage } from '../core/errors.js';

export type RowKind = 'periodic' | 'arithmetic-periodic' | 'none' | 'error';

/** One row of a sweep's output: a rule and what its table showed (a period, none, or an error). */
export interface SweepRow {
  /** Position of the rule in its family (0-based): the order rows are written in. */
  readonly index: number;
  /** Canonical rule text (as in every other output): the key for --resume and merges. */
  readonly rule: string;
  /** 'error' when the rule could not be computed (see `error`). */
  readonly kind: RowKind;
  readonly preperiod: number | null;
  readonly period: number | null;
  readonly saltus: number | null;
  readonly proven: boolean;
  /** The theorem that proved it (window-repetition, relative-state-repetition, guy-smith). */
  readonly method: string | null;
  /** The largest of the values computed. */
  readonly maxValue: number | null;
  /** How many values were computed: G(0..computed-1). */
  readonly computed: number | null;
  /**
   * With no period proven, the rest of the statistics row of unsolved games
   * (src/core/heap/statistics.ts; maxValue and computed are its other columns):
   * the first heap with the largest value, the rare mask, how many heaps are
   * rare under it (heap 0 included) and the last of them. null for proven rows,
   * error rows, and rows of results files written before these columns.
   */
  readonly largestAt: number | null;
  readonly rareMask: number | null;
  readonly rareHeaps: number | null;
  readonly lastRareHeap: number | null;
  readonly error: string | null;
}

/** The statistics columns: null in rows of older files (see results-read.ts, which merges such rows with newer ones). */
export const STATISTICS_COLUMNS = ['largestAt', 'rareMask', 'rareHeaps', 'lastRareHeap'] as const;

export type ColumnType = 'number' | 'text' | 'boolean';

/** Every column, in output order. */
export const COLUMNS: readonly { readonly name: keyof SweepRow; readonly type: ColumnType }[] = [
  { name: 'index', type: 'number' },
  { name: 'rule', type: 'text' },
  { name: 'kind', type: 'text' },
  { name: 'preperiod', type: 'number' },
  { name: 'period', type: 'number' },
  { name: 'saltus', type: 'number' },
  { name: 'proven', type: 'boolean' },
  { name: 'method', type: 'text' },
  { name: 'maxValue', type: 'number' },
  { name: 'computed', type: 'number' },
  { name: 'largestAt', type: 'number' },
  { name: 'rareMask', type: 'number' },
  { name: 'rareHeaps', type: 'number' },
  { name: 'lastRareHeap', type: 'number' },
  { name: 'error', type: 'text' },
];

export const COLUMN_NAMES: readonly string[] = COLUMNS.map((c) => c.name);

export function errorRow(index: number, rule: string, message: string): SweepRow {
  return {
    index,
    rule,
    kind: 'error',
    preperiod: null,
    period: null,
    saltus: null,
    proven: false,
    method: null,
    maxValue: null,
    computed: null,
    largestAt: null,
    rareMask: null,
    rareHeaps: null,
    lastRareHeap: null,
    error: oneLineMessage(message) || 'failed',
  };
}
