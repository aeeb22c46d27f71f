/**
 * Reports of a heap with memory (Fibonacci Nim): the start positions 0..max
 * with their values, the P-positions and their law.
 */
import { writeChunked } from './chunked.js';
import type { CappedHeapExploration } from '../core/kinds/capped-heap/explore-capped.js';
import { recurrenceData } from '../core/laws/sequence-law.js';
import { lawText } from '../core/kinds/capped-heap/law-text.js';
import { formatCount } from '../core/numbers.js';
import { ruleTitle } from '../core/rules/spec.js';
import { csvLine } from '../core/csv-field.js';
import { outcome } from './outcome.js';
import type { Sink } from '../core/sink.js';
import { toJson } from './json.js';
import { entryLines, type Entry } from './wrap.js';

const VALUES_SHOWN = 200;

/** What the table of start positions says above its values. */
export function cappedHeapEntries(x: CappedHeapExploration): Entry[] {
  return [
    ['Rule', ruleTitle(x.rule, x.game.name)],
    ...(x.game.description ? [['About', x.game.description] as const] : []),
    ['Start states', `a heap of n with any first take but the whole heap, n = 0..${formatCount(x.max)}`],
    ['Largest value', formatCount(x.maxValue)],
    ['P-positions', x.pPositions.length ? `n = ${x.pPositions.slice(0, 30).join(', ')}${x.pPositions.length > 30 ? ', …' : ''}` : 'none'],
    ['Law', lawText(x)],
  ];
}

/** The start values shown, in rows of `perRow` (n of the row's first, then its values), and a note when some are left out. */
export function cappedHeapValueRows(x: CappedHeapExploration, perRow: number): { rows: string[][]; note: string | null } {
  const shown = Math.min(x.max + 1, VALUES_SHOWN);
  const rows: string[][] = [];
  for (let start = 0; start < shown; start += perRow) {
    const cells = [String(start)];
    for (let n = start; n < Math.min(shown, start + perRow); n++) cells.push(String(x.starts[n]));
    rows.push(cells);
  }
  return { rows, note: shown < x.max + 1 ? `… first ${shown} of ${formatCount(x.max + 1)} start values shown; --format csv lists them all` : null };
}

export async function writeCappedHeapTable(x: CappedHeapExploration, sink: Sink, width: number): Promise<void> {
  const lines = entryLines(cappedHeapEntries(x), width);
  lines.push('');
  const shown = Math.min(x.max + 1, VALUES_SHOWN);
  const digits = Math.max(String(x.maxValue).length, 1) + 1;
  const label = String(shown - 1).length + 1;
  const perRow = Math.max(1, Math.min(10, Math.floor((width - label) / (digits + 1))));
  lines.push(`${'n'.padStart(label)} ${Array.from({ length: perRow }, (_, i) => `+${i}`.padStart(digits)).join(' ')}`);
  const { rows, note } = cappedHeapValueRows(x, perRow);
  for (const [start, ...cells] of rows) lines.push(`${start!.padStart(label)} ${cells.map((c) => c.padStart(digits)).join(' ')}`);
  if (note) lines.push(note);
  await sink.write(lines.join('\n') + '\n');
}

export async function writeCappedHeapCsv(x: CappedHeapExploration, sink: Sink): Promise<void> {
  await writeChunked(sink, (function* () {
    yield csvLine(['n', 'grundy', 'outcome']);
    for (let n = 0; n <= x.max; n++) yield csvLine([n, x.starts[n], outcome(x.starts[n]!)]);
  })());
}

export async function writeCappedHeapJson(x: CappedHeapExploration, sink: Sink): Promise<void> {
  const law = x.law && recurrenceData(x.law);
  const beatty = x.beatty && { ...x.beatty, proven: false };
  await sink.write(
    toJson({ rule: x.rule, name: x.game.name ?? null, description: x.game.description ?? null, shape: 'memory', max: x.max, maxValue: x.maxValue, pPositions: x.pPositions, law, beatty, values: Array.from(x.starts) }) + '\n',
  );
}
