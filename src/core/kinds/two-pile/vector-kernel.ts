import type { MoveVector } from './rule.js';

/**
 * Values of a two-pile vector game, G(x, y) for rows x = 0..lastRow and
 * columns y = 0..lastColumn, row-major. A move from (x, y) subtracts m·(dx, dy),
 * 1 <= m (<= cap), staying >= 0; so the options of a cell lie on the lines
 * through it, one line per vector, before it. Cells are taken row by row:
 * every option comes earlier.
 *
 * Each unbounded vector keeps, per line, the set of values seen on it so far:
 * - a long line (more than LONG_LINE cells in the region) as a bitset with
 *   its mex: the mex of a cell is at least the largest of those mexes, and
 *   is found by scanning the union of the bitsets word by word from there;
 * - a short line (LONG_LINE cells at most) is walked back through the
 *   table itself, its values stamped into a scratch array per cell: no
 *   per-line lists (24 million short lines as JS arrays once took 9 GB).
 * Capped vectors mark their few options the same way. So a Wythoff table costs
 * about (its values / 32) word operations per cell instead of x + y options,
 * and long rows (rows 0..15 to 10^5) a few operations per cell.
 */
const LONG_LINE = 64;

export interface VectorTable {
  readonly rows: number;
  readonly columns: number;
  /** G(x, y) at x * columns + y. */
  readonly values: Uint32Array;
  readonly largest: number;
}

/** The long lines of one unbounded vector: a bitset (words per line) and a mex per line. */
interface LineSet {
  readonly dx: number;
  readonly dy: number;
  readonly bits: Uint32Array;
  readonly mex: Int32Array;
}

/** The cell a line starts at (x < dx or y < dy), as a dense index. */
function lineIndex(x: number, y: number, dx: number, dy: number, columns: number): number {
  const t = dx === 0 ? Math.floor(y / dy) : dy === 0 ? Math.floor(x / dx) : Math.min(Math.floor(x / dx), Math.floor(y / dy));
  const x0 = x - t * dx;
  const y0 = y - t * dy;
  return x0 < dx ? x0 * columns + y0 : dx * columns + (x0 - dx) * dy + y0;
}

function lineCount(dx: number, dy: number, rows: number, columns: number): number {
  return dx * columns + Math.max(0, rows - dx) * dy;
}

/** Cells a line of (dx, dy) can hold inside rows × columns. */
function longestLine(dx: number, dy: number, rows: number, columns: number): number {
  return Math.min(dx === 0 ? Infinity : Math.ceil(rows / dx), dy === 0 ? Infinity : Math.ceil(columns / dy));
}

/** Bytes of a table of rows × columns (what the kernel allocates: values, long lines' bitsets and mexes, the stamp array). */
export function vectorTableBytes(vectors: readonly MoveVector[], rows: number, columns: number): number {
  const bound = valueBound(vectors, rows, columns);
  const words = (bound >>> 5) + 1;
  let bytes = 4 * rows * columns + 4 * (bound + 1);
  for (const { dx, dy, cap } of vectors) {
    if (cap === null && longestLine(dx, dy, rows, columns) > LONG_LINE) bytes += lineCount(dx, dy, rows, columns) * (words + 1) * 4;
  }
  return bytes;
}

/** A bound on any value: a cell has at most this many options. */
export function valueBound(vectors: readonly MoveVector[], rows: number, columns: number): number {
  let bound = 1;
  for (const v of vectors) bound += v.cap ?? longestLine(v.dx, v.dy, rows, columns);
  return bound;
}

/**
 * The table computed row by row, so a driver can run it in steps (progress,
 * Ctrl-C, checkpoints). A checkpoint's rows are replayed into the line sets,
 * which is far cheaper than computing them.
 */
export class VectorKernel {
  readonly rows: number;
  readonly columns: number;
  readonly values: Uint32Array;
  /** Rows 0..rowsDone-1 are final. */
  rowsDone = 0;
  largest = 0;
  private readonly words: number;
  private readonly lineSets: LineSet[];
  private readonly walked: readonly { readonly dx: number; readonly dy: number; readonly cap: number }[];
  private readonly stamp: Int32Array;
  private readonly lineOf: Int32Array;

  constructor(vectors: readonly MoveVector[], lastRow: number, lastColumn: number) {
    this.rows = lastRow + 1;
    this.columns = lastColumn + 1;
    const bound = valueBound(vectors, this.rows, this.columns);
    this.words = (bound >>> 5) + 1;
    this.lineSets = vectors
      .filter((v) => v.cap === null)
      .filter(({ dx, dy }) => longestLine(dx, dy, this.rows, this.columns) > LONG_LINE)
      .map(({ dx, dy }) => {
        const lines = lineCount(dx, dy, this.rows, this.columns);
        return { dx, dy, bits: new Uint32Array(lines * this.words), mex: new Int32Array(lines) };
      });
    // Capped vectors and short lines: their options are walked back through the table.
    this.walked = vectors
      .filter((v) => v.cap !== null || longestLine(v.dx, v.dy, this.rows, this.columns) <= LONG_LINE)
      .map(({ dx, dy, cap }) => ({ dx, dy, cap: cap ?? Infinity }));
    this.values = new Uint32Array(this.rows * this.columns);
    this.stamp = new Int32Array(bound + 1).fill(-1);
    this.lineOf = new Int32Array(this.lineSets.length);
  }

  /** Take rows 0..count-1 as computed (a checkpoint), replaying them into the line sets. */
  restore(rows: ArrayLike<number>, count: number): void {
    const { columns, values, lineSets, lineOf } = this;
    for (let x = this.rowsDone; x < Math.min(count, this.rows); x++) {
      for (let y = 0; y < columns; y++) {
        const cell = x * columns + y;
        const value = rows[cell]!;
        findLines(lineSets, lineOf, x, y, columns);
        values[cell] = value;
        if (value > this.largest) this.largest = value;
        record(lineSets, lineOf, this.words, value);
      }
      this.rowsDone = x + 1;
    }
  }

  /** Compute rows up to (not including) `end`. */
  fillRows(end: number): void {
    const { columns, values, lineSets, walked, stamp, lineOf, words } = this;
    let largest = this.largest;
    for (let x = this.rowsDone; x < Math.min(end, this.rows); x++) {
      for (let y = 0; y < columns; y++) {
        const cell = x * columns + y;
        let low = 0;
        findLines(lineSets, lineOf, x, y, columns);
        for (let f = 0; f < lineSets.length; f++) if (lineSets[f]!.mex[lineOf[f]!]! > low) low = lineSets[f]!.mex[lineOf[f]!]!;
        for (const { dx, dy, cap } of walked) {
          for (let m = 1, px = x - dx, py = y - dy; m <= cap && px >= 0 && py >= 0; m++, px -= dx, py -= dy) stamp[values[px * columns + py]!] = cell;
        }
        // The first value >= low in no long line's bitset and not stamped.
        let value = low;
        for (;;) {
          const word = value >>> 5;
          let union = 0;
          for (let f = 0; f < lineSets.length; f++) union |= lineSets[f]!.bits[lineOf[f]! * words + word]!;
          union |= (1 << (value & 31)) - 1; // bits below `value` in this word are not candidates
          let free = ~union;
          while (free !== 0) {
            const candidate = (word << 5) + (31 - Math.clz32(free & -free));
            if (stamp[candidate] !== cell) {
              value = candidate;
              break;
            }
            free &= free - 1;
          }
          if (free !== 0) break;
          value = (word + 1) << 5;
        }
        values[cell] = value;
        if (value > largest) largest = value;
        record(lineSets, lineOf, words, value);
      }
      this.rowsDone = x + 1;
    }
    this.largest = largest;
  }

  /** Bytes the kernel holds (typed arrays only: it has no other per-line or per-cell structure). */
  bytes(): number {
    return this.values.byteLength + this.stamp.byteLength + this.lineSets.reduce((sum, f) => sum + f.bits.byteLength + f.mex.byteLength, 0);
  }

  table(): VectorTable {
    return { rows: this.rows, columns: this.columns, values: this.values, largest: this.largest };
  }
}

/** The line of each unbounded vector through (x, y), into lineOf. */
function findLines(lineSets: readonly LineSet[], lineOf: Int32Array, x: number, y: number, columns: number): void {
  for (let f = 0; f < lineSets.length; f++) lineOf[f] = lineIndex(x, y, lineSets[f]!.dx, lineSets[f]!.dy, columns);
}

/** The cell whose lines findLines found has `value`: add it to each line's set. */
function record(lineSets: readonly LineSet[], lineOf: Int32Array, words: number, value: number): void {
  for (let f = 0; f < lineSets.length; f++) {
    const lines = lineSets[f]!;
    const line = lineOf[f]!;
    const base = line * words;
    lines.bits[base + (value >>> 5)]! |= 1 << (value & 31);
    let mex = lines.mex[line]!;
    while (lines.bits[base + (mex >>> 5)]! & (1 << (mex & 31))) mex++;
    lines.mex[line] = mex;
  }
}

export function vectorValues(vectors: readonly MoveVector[], lastRow: number, lastColumn: number): VectorTable {
  const kernel = new VectorKernel(vectors, lastRow, lastColumn);
  kernel.fillRows(lastRow + 1);
  return kernel.table();
}
