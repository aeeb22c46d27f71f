/**
 * --where and --sort over sweep rows. A condition is `column op value`:
 * numeric columns take > >= < <= = !=, text and boolean columns = and !=.
 * `null` (or an empty value) matches a missing entry: `period=null` finds
 * rules with no period found. Several conditions must all hold.
 */
import { InputError, mention, says, type Words } from '../core/errors.js';
import { COLUMNS, COLUMN_NAMES, type ColumnType, type SweepRow } from './row.js';

export type Operator = '>' | '>=' | '<' | '<=' | '=' | '!=';

export interface Condition {
  readonly column: keyof SweepRow;
  readonly op: Operator;
  /** null: the entry is missing. */
  readonly value: number | string | boolean | null;
  readonly text: string;
}

const COLUMN_LIST = COLUMN_NAMES.join(', ');

function column(name: string, what: Words): { name: keyof SweepRow; type: ColumnType } {
  const found = COLUMNS.find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (!found) throw new InputError(says`${what}: unknown column '${name}' (columns: ${COLUMN_LIST})`, { code: 'unknown-name', value: name });
  return found;
}

export function parseCondition(text: string): Condition {
  const what = says`${mention('where')} '${text}'`;
  const match = /^\s*([A-Za-z]\w*)\s*(>=|<=|!=|==|=|>|<)\s*(.*?)\s*$/.exec(text);
  if (!match) throw new InputError(says`${what}: expected column, operator and value, as in 'period>100' or 'proven=true' (operators > >= < <= = !=)`, { code: 'bad-value', value: text });
  const { name, type } = column(match[1]!, what);
  const op = (match[2] === '==' ? '=' : match[2]) as Operator;
  let raw = match[3]!;
  const quoted = /^(['"])(.*)\1$/.exec(raw);
  if (quoted) raw = quoted[2]!;
  if (!quoted && raw === '') throw new InputError(says`${what}: expected a value after ${match[2]} (for a missing entry write null)`, { code: 'bad-value', value: text });
  const isNull = !quoted && (raw === '' || raw.toLowerCase() === 'null');
  if (type !== 'number' && op !== '=' && op !== '!=') throw new InputError(says`${what}: ${name} is a ${type} column; it takes only = and !=`, { code: 'bad-value', value: text });
  if (isNull) {
    if (op !== '=' && op !== '!=') throw new InputError(says`${what}: compare with null using = or != only`, { code: 'bad-value', value: text });
    return { column: name, op, value: null, text };
  }
  let value: number | string | boolean;
  if (type === 'number') {
    value = raw.trim() === '' ? NaN : Number(raw.replace(/_/g, ''));
    if (!Number.isFinite(value)) throw new InputError(says`${what}: ${name} is a number column; '${raw}' is not a number`, { code: 'bad-value', value: text });
  } else if (type === 'boolean') {
    const lower = raw.toLowerCase();
    if (lower !== 'true' && lower !== 'false') throw new InputError(says`${what}: ${name} is true or false, not '${raw}'`, { code: 'bad-value', value: text });
    value = lower === 'true';
  } else {
    value = raw;
  }
  return { column: name, op, value, text };
}

export function matches(row: SweepRow, condition: Condition): boolean {
  const actual = row[condition.column] as number | string | boolean | null;
  const { op, value } = condition;
  if (op === '=' || op === '!=') {
    const equal = value === null ? actual === null : actual === value;
    return op === '=' ? equal : !equal;
  }
  if (actual === null || typeof actual !== 'number') return false;
  const v = value as number;
  return op === '>' ? actual > v : op === '>=' ? actual >= v : op === '<' ? actual < v : actual <= v;
}

export function whereFilter(texts: readonly string[]): (row: SweepRow) => boolean {
  const conditions = texts.map(parseCondition);
  return (row) => conditions.every((c) => matches(row, c));
}

export interface SortKey {
  readonly column: keyof SweepRow;
  readonly descending: boolean;
}

/** `period`, `-period`, or several: `-period,preperiod` (or --sort given more than once). */
export function parseSort(texts: readonly string[]): SortKey[] {
  const keys: SortKey[] = [];
  for (const text of texts) {
    for (const part of text.split(',')) {
      const trimmed = part.trim();
      const what = says`${mention('sort')} '${text}'`;
      const match = /^([+-]?)([A-Za-z]\w*)$/.exec(trimmed);
      if (!match) throw new InputError(says`${what}: expected a column name, with '-' in front for descending (as in -period)`, { code: 'bad-value', value: text });
      keys.push({ column: column(match[2]!, what).name, descending: match[1] === '-' });
    }
  }
  return keys;
}

/**
 * Rule text in "natural" order: numbers compare as numbers and a set comes
 * before its extensions, so {} < {1} < {1,2} < {1,2,9} < {1,2,10} < {1,3};
 * the digits after a code's point compare one by one, so
 * 0.07 < 0.17 < 0.4 < 0.77 and 0.37 < 0.3F.
 */
export function naturalCompare(a: string, b: string): number {
  const digit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
  const rank = (c: string) => (c === '}' ? -1 : c.charCodeAt(0));
  let i = 0;
  let j = 0;
  let inCode = false;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (!inCode && digit(x) && digit(y)) {
      let ei = i;
      let ej = j;
      while (digit(a[ei])) ei++;
      while (digit(b[ej])) ej++;
      const nx = a.slice(i, ei).replace(/^0+(?=\d)/, '');
      const ny = b.slice(j, ej).replace(/^0+(?=\d)/, '');
      if (nx.length !== ny.length) return nx.length - ny.length;
      if (nx !== ny) return nx < ny ? -1 : 1;
      i = ei;
      j = ej;
      continue;
    }
    if (x !== y) return rank(x) - rank(y);
    inCode = x === '.' || (inCode && /[0-9A-Fa-f!]/.test(x));
    i++;
    j++;
  }
  return a.length - i - (b.length - j) || (a < b ? -1 : a > b ? 1 : 0);
}

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return naturalCompare(String(a), String(b));
}

/** Compare by the keys (missing entries last either way), then by rule, then by family index. */
export function rowComparator(keys: readonly SortKey[]): (a: SweepRow, b: SweepRow) => number {
  return (a, b) => {
    for (const { column, descending } of keys) {
      const x = a[column];
      const y = b[column];
      if (x === null && y === null) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      const c = compareValues(x, y);
      if (c !== 0) return descending ? -c : c;
    }
    return naturalCompare(a.rule, b.rule) || a.index - b.index;
  };
}
