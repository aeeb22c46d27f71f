/** --check over a heap with memory's table (GameKind.conjectures): its start states, or every state (n, c) when c is read. */
import type { CappedHeapExploration } from './explore-capped.js';
import { startCap } from './capped-kernel.js';
import { parseExpression, type Variables } from '../../conjecture/expression.js';
import { refuseSize, report, run, type CheckReport, type Position, type TableConjectures } from '../../conjecture/table-check.js';

const MEMORY_VARIABLES: Variables = { n: 'number', c: 'number', g: 'number', p: 'bool' };

/**
 * A heap with memory: without c, the start states (n, n - 1) of n = 0..max
 * (what the table's rows are: a fresh heap of n, any take but the whole
 * heap); with c, every state (n, c), 0 ≤ c ≤ n ≤ max (a cap above n is the same as n).
 */
function* memoryPositions(x: CappedHeapExploration, allStates: boolean): Iterable<Position> {
  for (let n = 0; n <= x.max; n++) {
    const caps = allStates ? Array.from({ length: n + 1 }, (_, c) => c) : [startCap(n)];
    for (const c of caps) {
      const g = BigInt(x.table.value(n, c));
      yield { where: allStates ? `n = ${n}, c = ${c}` : `n = ${n}`, env: { n: BigInt(n), c: BigInt(c), g, p: g === 0n }, grundyName: `G(${n}, ${c})` };
    }
  }
}

function checkMemory(x: CappedHeapExploration, text: string): CheckReport {
  const expression = parseExpression(text, MEMORY_VARIABLES);
  const allStates = expression.variables.has('c');
  refuseSize(allStates ? (BigInt(x.max + 1) * BigInt(x.max + 2)) / 2n : BigInt(x.max + 1));
  const range = allStates ? `state (n, c) with 0 ≤ c ≤ n ≤ ${x.max}` : `start heap n ≤ ${x.max} (the state (n, n - 1), or (0, 0))`;
  return report(x, expression, run(expression, memoryPositions(x, allStates)), range, null, 'a heap with memory is checked over the states computed only');
}

export const MEMORY_CONJECTURES: TableConjectures = { variables: MEMORY_VARIABLES, check: (result, text) => checkMemory(result as CappedHeapExploration, text) };
