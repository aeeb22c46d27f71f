import Table from 'cli-table3';
import type { Exploration } from '../explore.js';
import type { PPositions } from '../period/p-positions.js';
import { formatCount } from '../numbers.js';
import type { Sink } from './sink.js';
import { summarise, type Summary } from './summary.js';
import { outcome } from './outcome.js';
import { pPositionsText } from './p-positions-text.js';

export interface TableOptions {
  /** ANSI colours (only on a terminal, and never under NO_COLOR). */
  readonly colour: boolean;
  /** Characters per line to lay the value grid out in. */
  readonly width: number;
}

/** The most values the grid shows; CSV lists every one. */
const GRID_VALUES_CAP = 1200;
const PLAIN_ROW = 10;

/** Borders around the table and the heading, but no rule between rows. */
const NO_ROW_RULES = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

function mod(a: number, m: number): number {
  return ((a % m) + m) % m;
}

function paint(on: boolean, code: number, text: string): string {
  return on ? `\u001b[${code}m${text}\u001b[39m` : text;
}

function styleFor(options: TableOptions) {
  // cli-table3 colours even into a pipe: give it no colours unless asked.
  return options.colour ? { head: ['cyan'], border: ['grey'] } : { head: [], border: [] };
}

export function cycleText(s: Summary): string {
  const p = s.pattern;
  if (p.kind === 'none') return `no period found up to n = ${formatCount(p.observedOver - 1)}`;
  const saltus = p.kind === 'arithmetic-periodic' ? `, saltus ${p.saltus}` : '';
  const last = p.lastExceptional === null ? 'no exceptional values' : `last exceptional value at n = ${p.lastExceptional}`;
  return `${p.kind}: preperiod ${p.preperiod}, period ${p.period}${saltus} (${last})`;
}

function describeStatus(s: Summary, colour: boolean): string {
  const p = s.pattern;
  const why = p.noTheorem ? `no proof possible: ${p.noTheorem}` : 'the theorem needs more values (raise --limit or --max)';
  if (p.kind === 'none') return `${paint(colour, 33, 'no period found')} in ${formatCount(p.observedOver)} values; ${p.noTheorem ? why : 'none was proven'}`;
  if (p.proven) return `${paint(colour, 32, `proven (${p.method})`)}: ${p.proof}; proof needs ${formatCount(p.valuesNeeded!)} values`;
  return `${paint(colour, 33, 'observed, not proven')}: holds over the ${formatCount(p.observedOver)} values computed; ${why}`;
}

function summaryTable(x: Exploration, s: Summary, options: TableOptions): string {
  const table = new Table({
    style: { ...styleFor(options), head: [] },
    chars: NO_ROW_RULES,
    wordWrap: true,
    colWidths: [16, Math.max(40, options.width - 21)],
  });
  const derived = x.max >= BigInt(x.computed) ? ' (the rest follow from the proven period)' : '';
  const rows: [string, string][] = [
    ['Rule', s.name && s.name !== s.rule ? `${s.rule}  (${s.name})` : s.rule],
    ['Heaps', `0 .. ${formatCount(s.max)}`],
    ['Computed', `${formatCount(s.computed)} values${derived}`],
    ['Largest value', formatCount(s.maxValue)],
    ['Pattern', cycleText(s)],
    ['Status', describeStatus(s, options.colour)],
    ['P-positions', pPositionsText(s.pPositions) + (s.pattern.kind !== 'none' && !s.pattern.proven ? ' (if the observed pattern holds)' : '')],
  ];
  if (s.description) rows.splice(1, 0, ['About', s.description]);
  if (s.kernel?.rareHeaps !== undefined) rows.push(['Rare values', `${formatCount(s.kernel.rareHeaps)} heaps have a rare value (even parity under mask ${s.kernel.mask})`]);
  table.push(...rows.map(([k, v]) => [paint(options.colour, 1, k), v]));
  return table.toString();
}

/**
 * The values as a grid. With a cycle the rows are one period long and aligned
 * so that each column is one residue class: the preperiod, a marked line, then
 * two periods. Long periods fall back to rows of ten.
 */
function valueGrid(x: Exploration, options: TableOptions): string {
  const pattern = x.pattern;
  const last = x.max;
  const digits = Math.max(String(x.maxValue).length, 1);
  const labelWidth = String(last).length + 2;
  let rowLength = PLAIN_ROW;
  let firstRow = 0;
  let periodicFrom = -1;
  let shownEnd = last;
  if (pattern.kind !== 'none') {
    // A column is as wide as its values or its heading (≡ and the largest residue), plus a space.
    const column = Math.max(digits, String(pattern.period - 1).length + 1) + 1;
    const fits = labelWidth + pattern.period * column <= options.width;
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
  const chars = { top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '', left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: ' ' };
  // With a cycle the columns are residue classes (n mod p), which also reads right in a first row cut short at 0.
  const head = ['n', ...Array.from({ length: rowLength }, (_, i) => (periodicFrom >= 0 ? `≡${mod(firstRow + i, rowLength)}` : `+${i}`))];
  const table = new Table({ chars, head, style: { ...styleFor(options), 'padding-left': 0, 'padding-right': 0 }, colAligns: Array(rowLength + 1).fill('right') });
  const end = Number(shownEnd);
  for (let start = firstRow; start <= end; start += rowLength) {
    if (start === periodicFrom && periodicFrom > 0) table.push([{ colSpan: rowLength + 1, content: paint(options.colour, 2, `periodic from n = ${periodicFrom}:`), hAlign: 'left' }]);
    const row: string[] = [String(Math.max(start, 0))];
    for (let n = start; n < start + rowLength; n++) {
      if (n < 0 || n > end) row.push('');
      else {
        const v = x.valueOf(n);
        row.push(outcome(v) === 'P' ? paint(options.colour, 1, String(v)) : String(v));
      }
    }
    table.push(row);
  }
  const notes: string[] = [];
  if (shownEnd < last) {
    if (pattern.kind !== 'none' && !capped) notes.push(`… the same ${pattern.saltus ? `cycle, rising by ${pattern.saltus} each period,` : 'period'} continues to n = ${formatCount(last)}`);
    else notes.push(`… first ${formatCount(shownEnd + 1n)} of ${formatCount(last + 1n)} values shown; --format csv lists them all`);
  }
  return [table.toString(), ...notes].join('\n');
}

export async function writeTable(x: Exploration, sink: Sink, options: TableOptions, heaps?: readonly bigint[]): Promise<void> {
  const s = summarise(x);
  if (heaps) {
    const table = new Table({ head: ['n', 'G(n)', 'outcome'], style: styleFor(options), colAligns: ['right', 'right', 'center'], chars: NO_ROW_RULES });
    for (const n of heaps) {
      const v = x.valueAt(n);
      table.push([formatCount(n), formatCount(v), outcome(v)]);
    }
    return sink.write(`${s.rule}: ${cycleText(s)}\n${table.toString()}\n`);
  }
  await sink.write(summaryTable(x, s, options) + '\n\n' + valueGrid(x, options) + '\n');
}
