/** Reports of a one-heap misère table: the P-positions, their pattern (proven or observed), the outcomes. */
import type { MisereTable } from '../core/positions/misere-table.js';
import { ruleTitle } from '../core/rules/spec.js';
import { csvLine } from '../core/csv-field.js';
import type { Sink } from '../core/sink.js';
import { toJson } from './json.js';
import { entryLines, type Entry } from './wrap.js';
import { pPositionsText } from './p-positions-text.js';
import { groundJson, groundWords } from '../core/laws/ground.js';

/** What the table of a misère table says: its fields, then each heap asked for. */
export function misereEntries(x: MisereTable): Entry[] {
  const c = x.cycle;
  return [
    ['Rule', ruleTitle(x.rule)],
    ['Play', 'misère: the player who makes the last move loses'],
    ['Heaps', x.at ? `0 .. ${x.max} (computed to find the period)` : `0 .. ${x.max}`],
    ['Pattern', c ? `outcomes periodic from n = ${c.preperiod}, period ${c.period}` : `no period found up to n = ${x.max}`],
    ['Status', c?.proof ? `proven (${c.proof.method}): ${c.proof.reason}` : c ? 'observed over the heaps computed, not proven' : 'no pattern'],
    ['P-positions', pPositionsText(x.pPositions)],
    ...(x.at ? [['Heaps asked', String(x.at.length)] as const] : []),
    ...(x.at ?? []).map((a) => `n = ${a.n}: ${a.outcome === 'P' ? 'P, the player to move loses' : 'N, the player to move wins'} (${groundWords(a.ground)})`),
  ];
}

export async function writeMisereTable(x: MisereTable, sink: Sink, width: number): Promise<void> {
  await sink.write(entryLines(misereEntries(x), width).join('\n') + '\n');
}

export async function writeMisereCsv(x: MisereTable, sink: Sink): Promise<void> {
  let text = csvLine(['n', 'outcome']);
  if (x.at) for (const a of x.at) text += csvLine([a.n, a.outcome]);
  else for (let n = 0; n <= x.max; n++) text += csvLine([n, x.outcomes[n] ? 'N' : 'P']);
  await sink.write(text);
}

export async function writeMisereJson(x: MisereTable, sink: Sink): Promise<void> {
  const c = x.cycle;
  await sink.write(
    toJson({
      shape: x.shape,
      rule: x.rule,
      misere: true,
      max: x.max,
      pattern: c ? { preperiod: c.preperiod, period: c.period, proven: Boolean(c.proof), proof: c.proof?.reason ?? null, method: c.proof?.method ?? null } : null,
      pPositions: x.pPositions,
      ...(!x.at && { outcomes: Array.from(x.outcomes, (o) => (o ? 'N' : 'P')).join('') }),
      ...(x.at && { at: x.at.map((a) => ({ n: a.n, outcome: a.outcome, ground: groundJson(a.ground) })) }),
    }) + '\n',
  );
}
