/** --check over a module's own states (GameKind.conjectures): their whole-number fields are its variables. */
import { InputError, mention, says } from '../../errors.js';
import { formatCount } from '../../numbers.js';
import type { Value } from '../../conjecture/evaluate.js';
import { parseExpression, type Variables } from '../../conjecture/expression.js';
import { refuseSize, report, run, type CheckReport, type Position, type TableConjectures } from '../../conjecture/table-check.js';
import type { StatesTable } from './state-result.js';
import { fieldValues, numericFields } from './state-fields.js';
import { canonicalJson } from './state-search.js';

/**
 * A module's own states (`states(max)`): each state's whole-number fields
 * are variables (`heap`, `cap`), with g and p, over the states tabulated.
 */
function checkStates(x: StatesTable, text: string): CheckReport {
  const fields = numericFields(x.rows.map((r) => r.state));
  if (fields.length === 0) {
    throw new InputError(says`${mention('check')} reads a module's states through their fields that are whole numbers, and these states (${x.rows.length ? canonicalJson(x.rows[0]!.state) : 'none'}…) have none in common`, {
      code: 'not-applicable',
      field: 'check',
    });
  }
  const variables: Variables = Object.fromEntries([...fields.map((f) => [f, 'number'] as const), ['g', 'number'], ['p', 'bool']]);
  const expression = parseExpression(text, variables);
  refuseSize(BigInt(x.rows.length));
  const positions = function* (): Iterable<Position> {
    for (const r of x.rows) {
      const values = fieldValues(r.state, fields);
      const where = fields.map((f, i) => `${f} = ${values[i]}`).join(', ');
      const env: Record<string, Value> = { g: BigInt(r.grundy), p: r.grundy === 0 };
      fields.forEach((f, i) => (env[f] = BigInt(values[i]!)));
      yield { where, env, grundyName: `G(${canonicalJson(r.state)})` };
    }
  };
  return report(x, expression, run(expression, positions()), `state of the table (${formatCount(x.rows.length)} states)`, null, "a module's states are checked over the states tabulated only");
}

export const STATES_CONJECTURES: TableConjectures = { variables: null, check: (result, text) => checkStates(result as StatesTable, text) };
