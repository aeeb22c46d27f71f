import type { MoveVector } from '../rules/model.js';

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
 * - a short line as a plain list, stamped into a scratch array per cell.
 * Capped vectors mark their few options directly. So a Wythoff table costs
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

interface Family {
  readonly dx: number;
  readonly dy: number;
  readonly long: boolean;
  /** Long lines: bitsets (words per line), and each line's mex. */
  readonly bits: Uint32Array | null;
  readonly mex: Int32Array | null;
  /** Short lines: values so far, in one flat array per line. */
  readonly lists: number[][] | null;
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

/** A bound on any value: a cell has at most this many options. */
export function valueBound(vectors: readonly MoveVector[], rows: number, columns: number): number {
  let bound = 1;
  for (const v of vectors) bound += v.cap ?? longestLine(v.dx, v.dy, rows, columns);
  return bound;
}

export function vectorValues(vectors: readonly MoveVector[], lastRow: number, lastColumn: number): VectorTable {
  const rows = lastRow + 1;
  const columns = lastColumn + 1;
  const bound = valueBound(vectors, rows, columns);
  const words = (bound >>> 5) + 1;
  const families: Family[] = vectors
    .filter((v) => v.cap === null)
    .map(({ dx, dy }) => {
      const long = longestLine(dx, dy, rows, columns) > LONG_LINE;
      const lines = lineCount(dx, dy, rows, columns);
      return {
        dx,
        dy,
        long,
        bits: long ? new Uint32Array(lines * words) : null,
        mex: long ? new Int32Array(lines) : null,
        lists: long ? null : Array.from({ length: lines }, () => []),
      };
    });
  const capped = vectors.filter((v) => v.cap !== null);
  const values = new Uint32Array(rows * columns);
  const stamp = new Int32Array(bound + 1).fill(-1);
  const lineOf = new Int32Array(families.length);
  let largest = 0;
  for (let x = 0; x < rows; x++) {
    for (let y = 0; y < columns; y++) {
      const cell = x * columns + y;
      let low = 0;
      for (let f = 0; f < families.length; f++) {
        const family = families[f]!;
        const line = lineIndex(x, y, family.dx, family.dy, columns);
        lineOf[f] = line;
        if (family.long) {
          if (family.mex![line]! > low) low = family.mex![line]!;
        } else for (const v of family.lists![line]!) stamp[v] = cell;
      }
      for (const { dx, dy, cap } of capped) {
        for (let m = 1, px = x - dx, py = y - dy; m <= cap! && px >= 0 && py >= 0; m++, px -= dx, py -= dy) stamp[values[px * columns + py]!] = cell;
      }
      // The first value >= low in no long line's bitset and not stamped.
      let value = low;
      for (;;) {
        const word = value >>> 5;
        let union = 0;
        for (let f = 0; f < families.length; f++) if (families[f]!.long) union |= families[f]!.bits![lineOf[f]! * words + word]!;
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
      for (let f = 0; f < families.length; f++) {
        const family = families[f]!;
        const line = lineOf[f]!;
        if (!family.long) {
          family.lists![line]!.push(value);
          continue;
        }
        const base = line * words;
        family.bits![base + (value >>> 5)]! |= 1 << (value & 31);
        let mex = family.mex![line]!;
        while (family.bits![base + (mex >>> 5)]! & (1 << (mex & 31))) mex++;
        family.mex![line] = mex;
      }
    }
  }
  return { rows, columns, values, largest };
}
