/**
 * One row of a sweep: what was found for one rule. Rows are plain data (they
 * cross the worker boundary and go to JSON lines and CSV), and they hold only
 * what is determined by the rule and the limit, never timings: a sweep gives
 * the same rows on any machine and with any number of threads.
 */
import { oneLineMessage } from '../core/errors.js';

export type RowKind = 'periodic' | 'arithmetic-periodic' | 'none' | 'error';

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
  readonly error: string | null;
}

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
    error: oneLineMessage(message) || 'failed',
  };
}
