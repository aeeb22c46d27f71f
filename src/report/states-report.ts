import { formatCount } from '../core/numbers.js';
/** Reports of a state module's table: each state (as JSON) with its value and outcome. */
import type { StatesTable } from '../core/kinds/module/state-result.js';
import { countOf } from '../core/numbers.js';
import { ruleTitle } from '../core/rules/spec.js';
import { canonicalJson } from '../core/positions/json-state.js';
import { csvLine } from '../core/csv-field.js';
import { outcome } from './outcome.js';
import type { Sink } from '../core/sink.js';
import { wrapText } from './wrap.js';

const ROWS_SHOWN = 200;

/** What a table of states says above its rows: the rule, and how many states and P-positions. */
export function statesHeading(x: StatesTable): [rule: string, counts: string] {
  return [`Rule: ${ruleTitle(x.rule)}`, `${countOf(x.rows.length, 'state')}; P-positions: ${formatCount(x.rows.filter((r) => r.grundy === 0).length)}`];
}

/** The rows a table of states shows, and a note when some are left out. */
export function statesShown(x: StatesTable): { rows: StatesTable['rows']; note: string | null } {
  return { rows: x.rows.slice(0, ROWS_SHOWN), note: x.rows.length > ROWS_SHOWN ? `… ${formatCount(x.rows.length - ROWS_SHOWN)} more (--format csv lists them all)` : null };
}

export async function writeStatesTable(x: StatesTable, sink: Sink, width: number): Promise<void> {
  const [rule, counts] = statesHeading(x);
  const lines = [wrapText(rule, width), counts, ''];
  const { rows: shown, note } = statesShown(x);
  const valueWidth = Math.max(1, ...shown.map((r) => String(r.grundy).length));
  for (const r of shown) lines.push(wrapText(`${String(r.grundy).padStart(valueWidth)} ${r.grundy === 0 ? 'P' : 'N'}  ${canonicalJson(r.state)}`, width));
  if (note) lines.push(note);
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
