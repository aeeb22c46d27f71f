/**
 * Reports of a conjecture checked against a table (`--check`): a few lines
 * of text, or one JSON object of shape "check". A CSV has no rows to give.
 */
import type { CheckReport } from '../core/conjecture/check.js';
import { valueText, type Value } from '../core/conjecture/evaluate.js';
import { ruleTitle } from '../core/rules/spec.js';
import type { Sink } from '../core/sink.js';
import { toJson } from './json.js';
import { entryLines, type Entry } from './wrap.js';

const LABEL = 12;

/** What a check's table says. */
export function checkEntries(x: CheckReport): Entry[] {
  const count = `${x.checked.positions.toLocaleString('en-US')} position${x.checked.positions === 1 ? '' : 's'}`;
  return [
    ['Rule', ruleTitle(x.rule, x.name)],
    ['Conjecture', x.expression],
    ['Finding', x.summary],
    ...(x.reason ? [[x.scope === 'every' ? 'Why' : 'Note', x.reason] as const] : []),
    ['Checked', x.holds ? `${count}: ${x.checked.range}` : `${count} of ${x.checked.range}, in order up to the first counterexample`],
  ];
}

export async function writeCheckTable(x: CheckReport, sink: Sink, width: number): Promise<void> {
  await sink.write(entryLines(checkEntries(x), width, LABEL).join('\n') + '\n');
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
