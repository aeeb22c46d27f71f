import { formatCount } from '../core/numbers.js';
/** Reports of a state module's table: each state (as JSON) with its value and outcome. */
import type { StatesTable } from '../core/kinds/module/state-result.js';
import { countOf } from '../core/numbers.js';
import { ruleTitle } from '../core/rules/spec.js';
import { canonicalJson } from '../core/kinds/module/state-search.js';
import { csvLine } from '../core/csv-field.js';
import { outcome } from './outcome.js';
import type { Sink } from '../core/sink.js';
import { wrapText } from './wrap.js';

const ROWS_SHOWN = 200;

export async function writeStatesTable(x: StatesTable, sink: Sink, width: number): Promise<void> {
  const lines = [wrapText(`Rule: ${ruleTitle(x.rule)}`, width), `${countOf(x.rows.length, 'state')}; P-positions: ${formatCount(x.rows.filter((r) => r.grundy === 0).length)}`, ''];
  const shown = x.rows.slice(0, ROWS_SHOWN);
  const valueWidth = Math.max(1, ...shown.map((r) => String(r.grundy).length));
  for (const r of shown) lines.push(wrapText(`${String(r.grundy).padStart(valueWidth)} ${r.grundy === 0 ? 'P' : 'N'}  ${canonicalJson(r.state)}`, width));
  if (x.rows.length > ROWS_SHOWN) lines.push(`… ${formatCount(x.rows.length - ROWS_SHOWN)} more (--format csv lists them all)`);
  await sink.write(lines.join('\n') + '\n');
}

export async function writeStatesCsv(x: StatesTable, sink: Sink): Promise<void> {
  let text = csvLine(['state', 'grundy', 'outcome']);
  for (const r of x.rows) text += csvLine([canonicalJson(r.state), r.grundy, outcome(r.grundy)]);
  await sink.write(text);
}

export async function writeStatesJson(x: StatesTable, sink: Sink): Promise<void> {
  await sink.write(JSON.stringify({ rule: x.rule, shape: 'states', states: x.rows.map((r) => ({ state: r.state, grundy: r.grundy, outcome: r.grundy === 0 ? 'P' : 'N' })) }, null, 2) + '\n');
}
