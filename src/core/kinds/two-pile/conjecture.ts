/** --check over a two-pile table (GameKind.conjectures): every pair (x, y) computed. */
import type { GridExploration } from './grid.js';
import { parseExpression, type Variables } from '../../conjecture/expression.js';
import { refuseSize, report, run, type CheckReport, type Position, type TableConjectures } from '../../conjecture/table-check.js';

const GRID_VARIABLES: Variables = { x: 'number', y: 'number', g: 'number', p: 'bool' };

function* gridPositions(x: GridExploration): Iterable<Position> {
  for (let row = x.firstRow; row <= x.lastRow; row++) {
    for (let column = 0; column <= x.max; column++) {
      const g = BigInt(x.value(row, column));
      yield { where: `x = ${row}, y = ${column}`, env: { x: BigInt(row), y: BigInt(column), g, p: g === 0n }, grundyName: `G(${row}, ${column})` };
    }
  }
}

function checkGrid(x: GridExploration, text: string): CheckReport {
  const expression = parseExpression(text, GRID_VARIABLES);
  refuseSize(BigInt(x.lastRow - x.firstRow + 1) * BigInt(x.max + 1));
  const rows = x.firstRow === 0 && x.lastRow === x.max ? `x, y ≤ ${x.max}` : `${x.firstRow} ≤ x ≤ ${x.lastRow} and y ≤ ${x.max}`;
  return report(x, expression, run(expression, gridPositions(x)), `(x, y) with ${rows}`, null, 'a two-pile table is checked over the pairs computed only');
}

export const GRID_CONJECTURES: TableConjectures = { variables: GRID_VARIABLES, check: (result, text) => checkGrid(result as GridExploration, text) };
