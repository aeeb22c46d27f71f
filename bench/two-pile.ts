/**
 * Two-pile tables: the full 2048 x 2048 Wythoff table by the bitset kernel,
 * against the naive reference (every option, mex of a Set) measured in the
 * same run on smaller squares (it is O(N) per cell, so 2048^2 would take
 * minutes): per-cell times show how each grows with N. Values are compared
 * where both ran.
 */
import { vectorValues } from '../src/core/kinds/two-pile/vector-kernel.js';
import type { MoveVector } from '../src/core/kinds/registry.js';
import { count, ratio, seconds, timeOnce } from './measure.js';

const WYTHOFF: MoveVector[] = [
  { dx: 1, dy: 0, cap: null },
  { dx: 0, dy: 1, cap: null },
  { dx: 1, dy: 1, cap: null },
];

function naive(size: number): Uint32Array {
  const g = new Uint32Array(size * size);
  for (let x = 0; x < size; x++) {
    for (let y = 0; y < size; y++) {
      const seen = new Set<number>();
      for (const v of WYTHOFF) for (let m = 1; x - m * v.dx >= 0 && y - m * v.dy >= 0; m++) seen.add(g[(x - m * v.dx) * size + y - m * v.dy]!);
      let mex = 0;
      while (seen.has(mex)) mex++;
      g[x * size + y] = mex;
    }
  }
  return g;
}

export function benchTwoPile(out: (line: string) => void): void {
  out("== Two-pile tables: Wythoff's game, G(x, y) for 0 <= x, y < N");
  const perCell: { size: number; kernel: number; reference?: number }[] = [];
  for (const size of [256, 512, 2048]) {
    let table = vectorValues(WYTHOFF, 0, 0);
    const kernel = timeOnce(() => {
      table = vectorValues(WYTHOFF, size - 1, size - 1);
    });
    const row: { size: number; kernel: number; reference?: number } = { size, kernel: kernel / (size * size) };
    let note = '';
    if (size <= 512) {
      let reference: Uint32Array = new Uint32Array(0);
      row.reference = timeOnce(() => {
        reference = naive(size);
      }) / (size * size);
      const same = reference.every((v, i) => v === table.values[i]);
      note = `; naive reference ${seconds(row.reference * size * size)} (${(row.reference * 1e9).toFixed(0)} ns/cell), ${same ? 'same values' : 'VALUES DIFFER'}`;
    }
    perCell.push(row);
    out(`[two-pile]  N = ${count(size)}: kernel ${seconds(kernel)} (${(row.kernel * 1e9).toFixed(0)} ns/cell, largest value ${table.largest})${note}`);
  }
  const at512 = perCell.find((r) => r.size === 512)!;
  const at2048 = perCell.find((r) => r.size === 2048)!;
  out(
    `[two-pile]  ratio, naive / kernel per cell at N = 512: ${ratio(at512.reference! / at512.kernel)}; ` +
      `kernel per cell grows ${ratio(at2048.kernel / at512.kernel)} from N = 512 to 2048 (the naive reference is O(N) per cell: 4x per 4x N)`,
  );
}
