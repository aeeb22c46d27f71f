/**
 * A two-pile game as positions need it: state (x, y), a move subtracts
 * m·(dx, dy); the values of a position come from the table up to its
 * largest coordinates.
 */
import { InputError, mention, says, saying } from '../../errors.js';
import { formatCount } from '../../numbers.js';
import type { Game, Pair } from '../../positions/game.js';
import { PAIR_CELL_LIMIT, type PairGame } from '../../positions/pair-position.js';
import { sortMoves, type PairTheorem } from '../../positions/pair-theorem.js';
import { isWythoffP, wythoffWinningMoves } from '../../theorems/wythoff.js';
import { vectorRuleText, type VectorRule } from './rule.js';
import { VectorKernel } from './vector-kernel.js';
import { checkTableMemory } from './grid.js';

export function vectorGame(rule: VectorRule): Game<Pair> {
  return {
    text: vectorRuleText(rule),
    key: ([x, y]) => `${x}:${y}`,
    *options([x, y]) {
      for (const { dx, dy, cap } of rule.vectors) {
        for (let m = 1; (cap === null || m <= cap) && x - m * dx >= 0 && y - m * dy >= 0; m++) yield [[x - m * dx, y - m * dy] as const];
      }
    },
    show: ([x, y]) => `${x}:${y}`,
  };
}

export function twoPileGame(rule: VectorRule): PairGame {
  return {
    game: vectorGame(rule),
    unit: 'cells',
    lines: rule.vectors,
    *table(components, size) {
      const rows = components.reduce((most, [x]) => Math.max(most, x), 0) + 1;
      const columns = components.reduce((most, [, y]) => Math.max(most, y), 0) + 1;
      // Sizes are checked before any table is made: cells (the work) and bytes (the memory).
      if (rows * columns > PAIR_CELL_LIMIT) throw new InputError(says`${mention('position')}: ${saying('error.table.positionCells', { corner: `${rows - 1}:${columns - 1}`, cells: formatCount(rows * columns), most: formatCount(PAIR_CELL_LIMIT) })}`, { code: 'too-large', value: components });
      checkTableMemory(rule.vectors, rows - 1, columns - 1, (needed, free) => says`${mention('position')}: ${saying('error.table.positionMemory', { corner: `${rows - 1}:${columns - 1}`, needed, free })}`);
      const kernel = new VectorKernel(rule.vectors, rows - 1, columns - 1);
      size.ceiling = rows * columns;
      while (kernel.rowsDone < rows) {
        kernel.fillRows(kernel.rowsDone + 1);
        yield columns;
      }
      const values = kernel.values;
      return ([x, y]: Pair) => values[x * columns + y]!;
    },
    take: (from, to) => BigInt(from[0] - to[0] + from[1] - to[1]),
    statesBelow: ([x, y]) => (x + 1) * (y + 1),
    optionsAtMost: ([x, y]) => 2 * (x + y),
  };
}

/** Wythoff's game: the three vectors (1,0), (0,1), (1,1), none capped, in any order. */
export function isWythoff(rule: VectorRule): boolean {
  const keys = rule.vectors.map((v) => `${v.dx},${v.dy},${v.cap}`).sort();
  return keys.join(' ') === '0,1,null 1,0,null 1,1,null';
}

export const WYTHOFF_THEOREM: PairTheorem = {
  theorem: { key: 'theorem.wythoff' },
  isP: ([x, y]) => isWythoffP(x, y),
  winningMoves: ([x, y]) => sortMoves([x, y], wythoffWinningMoves(x, y)),
  take: (from, to) => from[0] - to[0] + from[1] - to[1],
  show: ([x, y]) => `${x}:${y}`,
};
