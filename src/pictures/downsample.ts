/**
 * Per-pixel-column summary of a long sequence, in one pass over the values:
 * a picture of 10^8 values then costs as many SVG segments as it has columns.
 */
export interface Columns {
  /** The first heap of each column; column c covers [start[c], start[c + 1]), start[columns] = count. */
  readonly start: Float64Array;
  /** Smallest and largest value in each column (NaN for an empty column). */
  readonly min: Float64Array;
  readonly max: Float64Array;
  /** 1 where the column holds a P-position (G = 0). */
  readonly zero: Uint8Array;
  /** How many rare values each column holds. */
  readonly rare: Uint32Array;
  /** Which values below 64 occur in each column: bits of levels[2c] (0..31) and levels[2c + 1] (32..63). */
  readonly levels: Uint32Array;
}

/** Values below this are tracked one by one in `levels`. */
export const LEVELS = 64;

/**
 * Summarises G(0..count-1) over `columns` columns. `startOf(c)` gives the
 * first heap of column c (non-decreasing, startOf(0) = 0); columns whose
 * range is empty (a log axis near 0) stay NaN. Each value is read once.
 */
export function summariseColumns(
  values: ArrayLike<number>,
  count: number,
  columns: number,
  startOf: (c: number) => number,
  rare?: (value: number, n: number) => boolean,
): Columns {
  const start = new Float64Array(columns + 1);
  for (let c = 0; c < columns; c++) start[c] = Math.min(count, Math.max(c === 0 ? 0 : start[c - 1]!, startOf(c)));
  start[0] = 0;
  start[columns] = count;
  const min = new Float64Array(columns).fill(NaN);
  const max = new Float64Array(columns).fill(NaN);
  const zero = new Uint8Array(columns);
  const rareCount = new Uint32Array(columns);
  const levels = new Uint32Array(2 * columns);
  for (let c = 0; c < columns; c++) {
    const end = start[c + 1]!;
    let n = start[c]!;
    if (n >= end) continue;
    let lo = Infinity;
    let hi = -Infinity;
    let z = 0;
    let r = 0;
    let low = 0;
    let high = 0;
    for (; n < end; n++) {
      const v = values[n]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
      if (v === 0) z = 1;
      if (v < 32) low |= 1 << v;
      else if (v < LEVELS) high |= 1 << (v - 32);
      if (rare && rare(v, n)) r++;
    }
    min[c] = lo;
    max[c] = hi;
    zero[c] = z;
    rareCount[c] = r;
    levels[2 * c] = low;
    levels[2 * c + 1] = high;
  }
  return { start, min, max, zero, rare: rareCount, levels };
}
