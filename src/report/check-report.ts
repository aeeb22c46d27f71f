/**
 * Reports of a conjecture checked against a table (`--check`): a few lines
 * of text, or one JSON object of shape "check". A CSV has no rows to give.
 */
import type { CheckReport } from '../core/conjecture/check.js';
import { valueText, type Value } from '../core/conjecture/evaluate.js';
import { ruleTitle } from '../core/rules/spec.js';
import type { Sink } from '../core/sink.js';
import { toJson } from './json.js';
import { labelled } from './wrap.js';

const LABEL = 12;

export async function writeCheckTable(x: CheckReport, sink: Sink, width: number): Promise<void> {
  const lines: string[] = [];
  const field = (label: string, text: string) => lines.push(labelled(label, text, width, LABEL));
  field('Rule', ruleTitle(x.rule, x.name));
  field('Conjecture', x.expression);
  field('Finding', x.summary);
  if (x.reason) field(x.scope === 'every' ? 'Why' : 'Note', x.reason);
  const count = `${x.checked.positions.toLocaleString('en-US')} position${x.checked.positions === 1 ? '' : 's'}`;
  field('Checked', x.holds ? `${count}: ${x.checked.range}` : `${count} of ${x.checked.range}, in order up to the first counterexample`);
  await sink.write(lines.join('\n') + '\n');
}

/** A value in JSON: a whole number exactly, true/false, or the exact text of a number with phi (`3*phi`, `7/2`). */
function jsonValue(value: Value): bigint | boolean | string {
  return typeof value === 'bigint' || typeof value === 'boolean' ? value : valueText(value);
}

export async function writeCheckJson(x: CheckReport, sink: Sink): Promise<void> {
  const c = x.counterexample;
  const doc = {
    shape: x.shape,
    rule: x.rule,
    name: x.name,
    expression: x.expression,
    holds: x.holds,
    scope: x.scope,
    checked: x.checked,
    reason: x.reason,
    counterexample: c && {
      where: c.where,
      variables: c.variables,
      sides: c.sides && c.sides.map((side) => ({ text: side.text, value: jsonValue(side.value) })),
      text: c.text,
    },
    summary: x.summary,
  };
  await sink.write(toJson(doc) + '\n');
}
