import { renderBox, visibleLength } from './box.js';
import type { Exploration } from '../core/heap/explore.js';
import { formatCount, countOf } from '../core/numbers.js';
import { ruleTitle } from '../core/rules/spec.js';
import type { Sink } from '../core/sink.js';
import { summarise, type Summary } from './summary.js';
import { outcome } from './outcome.js';
import { pPositionsText } from './p-positions-text.js';
import { cycleText, statusText } from './cycle-text.js';
import { wrapText } from './wrap.js';
import { heapGrounds } from '../core/heap/heap-ground.js';
import { groundWords, type Ground } from '../core/laws/ground.js';
import type { UnsolvedStatistics } from '../core/heap/statistics.js';
import { isCycle } from '../core/laws/pattern.js';
export { cycleText };

export interface TableOptions {
  /** ANSI colours (only on a terminal, and never under NO_COLOR). */
  readonly colour: boolean;
  /** Characters per line to lay the value grid out in. */
  readonly width: number;
}

/** The most values the grid shows; CSV lists every one. */
const GRID_VALUES_CAP = 1200;
const PLAIN_ROW = 10;

function mod(a: number, m: number): number {
  return ((a % m) + m) % m;
}

/** SGR codes that end each attribute: bold and dim end together (22); a colour ends with the default (39). */
const SGR_OFF: Readonly<Record<number, number>> = { 1: 22, 2: 22, 3: 23, 4: 24 };

function paint(on: boolean, code: number, text: string): string {
  return on ? `\u001b[${code}m${text}\u001b[${SGR_OFF[code] ?? 39}m` : text;
}

/**
 * What the rare/common kernel found. Under mask 0 every value counts as rare
 * (popcount(v & 0) is even), which means no split into rare and common values
 * was found: every heap's options were examined in full.
 */
function rareValuesText(rareHeaps: number, mask: number, space: 'range' | 'domain' = 'range', splitTake = 0): string {
  if (space === 'domain') {
    const t = splitTake === 0 ? 'n' : `n - ${splitTake}`;
    return `${countOf(rareHeaps, 'heap')} ${rareHeaps === 1 ? 'is' : 'are'} rare, in the domain (popcount(G(n) & ${mask}) has the parity of ${t}: Flammenkamp's sparse positions); every other heap is common`;
  }
  if (mask === 0) return 'no rare/common split of the values was found (mask 0 puts every value in one class), so each heap was computed from all its options';
  return `${countOf(rareHeaps, 'heap')} ${rareHeaps === 1 ? 'has' : 'have'} a rare value, in the range (popcount(G(n) & ${mask}) even); every other value is common`;
}

/**
 * The statistics row of a game with no period proven (the columns of tables
 * of unsolved octal games): facts about the computed values, not a period.
 */
export function statisticsText(st: UnsolvedStatistics): string {
  const mask = `0x${st.rareMask.toString(16)}`;
  return (
    `over G(0..${formatCount(st.computed - 1)}), no period proven: largest value G(${formatCount(st.largestAt)}) = ${formatCount(st.largestValue)} (its first heap); ` +
    `rare mask ${mask} (${st.rareMask}): ${countOf(st.rareHeaps, 'heap')} rare (popcount(G(n) & ${mask}) even, heap 0 included), the last n = ${formatCount(st.lastRareHeap)}`
  );
}

/** The summary of a heap table, field by field; `paint` colours the status's word (proven, observed). */
export function summaryRows(x: Exploration, s: Summary, paint: (code: number, text: string) => string = (_, text) => text): [string, string][] {
  const derived = x.max >= BigInt(x.computed) ? ' (the rest follow from the proven period)' : '';
  const rows: [string, string][] = [
    ['Rule', ruleTitle(s.rule, s.name)],
    ['Heaps', `0 .. ${formatCount(s.max)}`],
    ['Computed', `${countOf(s.computed, 'value')}${derived}`],
    ['Largest value', formatCount(s.maxValue)],
    ['Pattern', cycleText(s)],
    ['Status', statusText(s, paint)],
    ['P-positions', pPositionsText(s.pPositions) + (s.pattern.kind !== 'none' && !s.pattern.proven ? ' (if the observed pattern holds)' : '')],
  ];
  if (s.description) rows.splice(1, 0, ['About', s.description]);
  if (s.kernel?.rareHeaps !== undefined) rows.push(['Rare values', rareValuesText(s.kernel.rareHeaps, s.kernel.mask!, s.kernel.space, s.kernel.splitTake)]);
  if (s.statistics) rows.push(['Statistics', statisticsText(s.statistics)]);
  return rows;
}

function summaryTable(x: Exploration, s: Summary, options: TableOptions): string {
  const rows = summaryRows(x, s, (code, text) => paint(options.colour, code, text));
  return renderBox(
    rows.map(([k, v]) => [paint(options.colour, 1, k), v]),
    { widths: [14, Math.max(38, options.width - 23)] },
  );
}

/** The values as the table's grid lays them out (see valueGrid). */
export interface ValueGrid {
  readonly head: string[];
  /** The n of the row's first value, then the values ('' before 0 and past the last). */
  readonly rows: string[][];
  /** The row the periodic part starts at (its index in rows), if it is not the first, and n there. */
  readonly periodic: { readonly row: number; readonly n: number } | null;
  /** Notes under the grid (what was left out). */
  readonly notes: string[];
}

/** The values laid out as valueGrid shows them; `shown` writes a value (the table makes P-positions bold). */
export function valueGridData(x: Exploration, width: number, shown: (v: bigint | number) => string = String): ValueGrid {
  const pattern = x.pattern;
  const last = x.max;
  const digits = Math.max(String(x.maxValue).length, 1);
  const labelWidth = String(last).length + 2;
  let rowLength = PLAIN_ROW;
  let firstRow = 0;
  let periodicFrom = -1;
  let shownEnd = last;
  if (isCycle(pattern)) {
    // A column is as wide as its values or its heading (≡ and the largest residue), plus a space.
    const column = Math.max(digits, String(pattern.period - 1).length + 1) + 1;
    const fits = labelWidth + pattern.period * column <= width;
    if (fits) {
      rowLength = pattern.period;
      // Rows start where the periodic part does, so each column is one residue class (the first row may start below 0).
      firstRow = pattern.preperiod - Math.ceil(pattern.preperiod / pattern.period) * pattern.period;
      periodicFrom = pattern.preperiod;
    }
    const through = BigInt(pattern.preperiod + 2 * pattern.period - 1);
    if (through < shownEnd) shownEnd = through;
  }
  let capped = false;
  if (shownEnd - BigInt(firstRow) + 1n > BigInt(GRID_VALUES_CAP)) {
    const rows = Math.max(1, Math.floor(GRID_VALUES_CAP / rowLength));
    shownEnd = BigInt(firstRow + rows * rowLength - 1);
    capped = true;
  }
  // With a cycle the columns are residue classes (n mod p), which also reads right in a first row cut short at 0.
  const head = ['n', ...Array.from({ length: rowLength }, (_, i) => (periodicFrom >= 0 ? `≡${mod(firstRow + i, rowLength)}` : `+${i}`))];
  const end = Number(shownEnd);
  const rows: string[][] = [];
  let periodicRow = -1; // the row before which the periodic part starts
  for (let start = firstRow; start <= end; start += rowLength) {
    if (start === periodicFrom && periodicFrom > 0) periodicRow = rows.length;
    const row: string[] = [String(Math.max(start, 0))];
    for (let n = start; n < start + rowLength; n++) {
      row.push(n < 0 || n > end ? '' : shown(x.valueOf(n)));
    }
    rows.push(row);
  }
  const notes: string[] = [];
  if (shownEnd < last) {
    if (isCycle(pattern) && !capped) notes.push(`… the same ${pattern.saltus ? `cycle, rising by ${pattern.saltus} each period,` : 'period'} continues to n = ${formatCount(last)}`);
    else notes.push(`… first ${formatCount(shownEnd + 1n)} of ${formatCount(last + 1n)} values shown; --format csv lists them all`);
  }
  return { head, rows, periodic: periodicRow >= 0 ? { row: periodicRow, n: periodicFrom } : null, notes };
}

/**
 * The values as a grid. With a cycle the rows are one period long and aligned
 * so that each column is one residue class: the preperiod, a marked line, then
 * two periods. Long periods fall back to rows of ten.
 */
function valueGrid(x: Exploration, options: TableOptions): string {
  const { head, rows, periodic, notes } = valueGridData(x, options.width, (v) => (outcome(v) === 'P' ? paint(options.colour, 1, String(v)) : String(v)));
  const widths = head.map((h, i) => rows.reduce((widest, r) => Math.max(widest, visibleLength(r[i]!)), visibleLength(h)));
  const lines = renderBox(rows, { widths, align: head.map(() => 'right'), head, frame: false }).split('\n');
  // The heading is line 0; a "periodic from" line goes before the first periodic row.
  if (periodic) lines.splice(periodic.row + 1, 0, paint(options.colour, 2, `periodic from n = ${periodic.n}:`));
  return [lines.join('\n'), ...notes].join('\n');
}

/** A ground's kind as a table column says it. */
const GROUND_NAMES: Readonly<Record<Ground['kind'], string>> = { table: 'computed', period: 'proven period', theorem: 'theorem', law: 'observed law, not proven', quotient: 'misère quotient', search: 'exhaustive search' };

/** The heaps asked for (--at): each value with its ground (computed, proven period, theorem, observed law), and each ground's details once. */
export function heapsAsked(x: Exploration, heaps: readonly bigint[]): { head: string[]; rows: string[][]; grounds: string[] } {
  const groundOf = heapGrounds(x);
  const grounds = new Map<string, Ground>();
  const rows = heaps.map((n) => {
    const v = x.valueAt(n);
    const ground = groundOf(n);
    grounds.set(ground.kind, ground);
    return [formatCount(n), formatCount(v), outcome(v), GROUND_NAMES[ground.kind]];
  });
  return { head: ['n', 'G(n)', 'outcome', 'ground'], rows, grounds: [...grounds.values()].map(groundWords) };
}

export async function writeTable(x: Exploration, sink: Sink, options: TableOptions, heaps?: readonly bigint[]): Promise<void> {
  const s = summarise(x);
  if (heaps) {
    const { head, rows, grounds } = heapsAsked(x, heaps);
    const widths = head.map((h, i) => rows.reduce((widest, r) => Math.max(widest, r[i]!.length), h.length));
    const notes = grounds.map((g) => wrapText(g, options.width));
    return sink.write(`${s.rule}: ${cycleText(s)}\n${renderBox(rows, { widths, head, align: ['right', 'right', 'center', 'left'] })}\n${notes.join('\n')}\n`);
  }
  await sink.write(summaryTable(x, s, options) + '\n\n' + valueGrid(x, options) + '\n');
}
