/**
 * The Markdown format (GitHub-flavoured): every shape of result says what its
 * table format says (the same fields, values and notes, from the same
 * functions), as Markdown tables and paragraphs that a README, an issue or a
 * notebook shows as they are. A table's first field is its heading row;
 * lines of their own (winning moves, heaps asked for) are a list.
 */
import type { Exploration } from '../core/heap/explore.js';
import type { GridExploration } from '../core/kinds/two-pile/grid.js';
import type { CappedHeapExploration } from '../core/kinds/capped-heap/explore-capped.js';
import type { PositionReport } from '../core/positions/position.js';
import type { MisereTable } from '../core/positions/misere-table.js';
import type { GenusTable } from '../core/misere/genus.js';
import type { QuotientReport } from '../core/misere/quotient-report.js';
import type { StatesTable } from '../core/kinds/module/state-result.js';
import type { CheckReport } from '../core/conjecture/check.js';
import type { DocumentBlock } from '../core/kinds/kind.js';
import { canonicalJson } from '../core/positions/json-state.js';
import type { Sink } from '../core/sink.js';
import { outcome } from './outcome.js';
import { summarise } from './summary.js';
import { cycleText } from './cycle-text.js';
import { heapsAsked, summaryRows, valueGridData } from './table.js';
import { gridCellsShown, gridColumnsFitting, gridEntries, rowPatternsShown } from './grid-report.js';
import { cappedHeapEntries, cappedHeapValueRows } from './capped-heap-report.js';
import { positionEntries } from './position-report.js';
import { misereEntries } from './misere-report.js';
import { GENUS_HEAD, genusCells, genusEntries, quotientEntries } from './misere-theory-report.js';
import { statesGrid, statesHeading, statesShown } from './states-report.js';
import { cellLawText } from './cell-law-text.js';
import { checkEntries } from './check-report.js';
import type { PresetList } from './presets-report.js';
import { writeChunked } from './chunked.js';
import type { Entry } from './wrap.js';

type Align = 'left' | 'right';

/**
 * Text with Markdown's own characters escaped: `|` would end a cell; `*`, `_`, `` ` ``, `~`, `[` would start markup,
 * as `<` before a tag's letter and `&` before an entity's name would (`n <= 5` and `G(n) & 15` stay as they are).
 * A line break is a space: a cell is one line.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]|~]|<(?=[A-Za-z/!?])|&(?=#?\w+;)/g, '\\$&')
    .replace(/\s*[\r\n]+\s*/g, ' ');
}

/** A paragraph of its own: escaped, and not read as a heading, a list item or a rule where it starts like one. */
function paragraph(text: string): string {
  return escapeMarkdown(text).replace(/^(#|[-+=]|\d+(?=[.)]))/, (start) => (/\d/.test(start) ? `${start}\\` : `\\${start}`)) + '\n';
}

function row(cells: readonly string[]): string {
  return `| ${cells.map((c) => escapeMarkdown(c) || ' ').join(' | ')} |\n`;
}

function heading(head: readonly string[], align: readonly Align[] = []): string {
  return row(head) + `|${head.map((_, i) => (align[i] === 'right' ? ' ---: ' : ' --- ')).join('|')}|\n`;
}

/** A table: its heading, then its rows (a short last row filled with empty cells). */
function table(head: readonly string[], rows: readonly (readonly string[])[], align?: readonly Align[]): string {
  return heading(head, align) + rows.map((r) => row(r.length < head.length ? [...r, ...Array<string>(head.length - r.length).fill('')] : r)).join('');
}

/** Entries as Markdown: each run of fields a table of two columns (the first field its heading), each run of lines a list. */
function entries(list: readonly Entry[]): string {
  const blocks: string[] = [];
  let fields: [string, string][] = [];
  let items: string[] = [];
  const flush = () => {
    if (fields.length) blocks.push(table(fields[0]!, fields.slice(1)));
    if (items.length) blocks.push(items.map((item) => `- ${escapeMarkdown(item)}\n`).join(''));
    fields = [];
    items = [];
  };
  for (const entry of list) {
    if (typeof entry === 'string') {
      if (fields.length) flush();
      items.push(entry);
    } else {
      if (items.length) flush();
      fields.push([entry[0], entry[1]]);
    }
  }
  flush();
  return blocks.join('\n');
}

/** Blocks (tables, lists, paragraphs) with a blank line between them. */
function document(...blocks: (string | null | false)[]): string {
  return blocks.filter((b): b is string => typeof b === 'string' && b !== '').join('\n');
}

/** A one-heap table: the summary's fields, then the values in the table's grid (P-positions in bold); with --at, the heaps asked for. */
export async function writeHeapMarkdown(x: Exploration, sink: Sink, width: number, heaps?: readonly bigint[]): Promise<void> {
  const s = summarise(x);
  if (heaps) {
    const asked = heapsAsked(x, heaps);
    return sink.write(document(paragraph(`${s.rule}: ${cycleText(s)}`), table(asked.head, asked.rows, ['right', 'right', 'left', 'left']), ...asked.grounds.map(paragraph)));
  }
  const grid = valueGridData(x, width, (v) => (outcome(v) === 'P' ? `**${v}**` : String(v)));
  const values = heading(grid.head, grid.head.map(() => 'right')) + grid.rows.map((r) => `| ${r.map((c) => (c.startsWith('**') ? c : escapeMarkdown(c)) || ' ').join(' | ')} |\n`).join('');
  const periodic = grid.periodic && `periodic from n = ${grid.periodic.n} (the row of n = ${grid.periodic.n} on); P-positions in bold`;
  await sink.write(document(entries(summaryRows(x, s)), values, paragraph(periodic || 'P-positions in bold'), ...grid.notes.map(paragraph)));
}

export async function writeGridMarkdown(x: GridExploration, sink: Sink, width: number): Promise<void> {
  const patterns = rowPatternsShown(x);
  const columns = gridColumnsFitting(x, width);
  const cells = gridCellsShown(x, columns);
  await sink.write(
    document(
      entries(gridEntries(x)),
      table(['x', 'pattern of the row (n0 = first n of the pattern, p = period, s = saltus)'], patterns.rows, ['right', 'left']),
      patterns.note && paragraph(patterns.note),
      table(['x\\y', ...Array.from({ length: columns }, (_, y) => String(y))], cells.rows, Array.from({ length: columns + 1 }, () => 'right')),
      paragraph(cells.note),
    ),
  );
}

/** Start values in rows of this many. */
const MEMORY_ROW = 10;

export async function writeCappedHeapMarkdown(x: CappedHeapExploration, sink: Sink): Promise<void> {
  const { rows, note } = cappedHeapValueRows(x, MEMORY_ROW);
  const head = ['n', ...Array.from({ length: MEMORY_ROW }, (_, i) => `+${i}`)];
  await sink.write(document(entries(cappedHeapEntries(x)), table(head, rows, head.map(() => 'right')), note && paragraph(note)));
}

export async function writePositionMarkdown(p: PositionReport<unknown>, sink: Sink): Promise<void> {
  await sink.write(entries(positionEntries(p)));
}

export async function writeMisereMarkdown(x: MisereTable, sink: Sink): Promise<void> {
  await sink.write(entries(misereEntries(x)));
}

/** Rows of a long table a chunk at a time (a genus table of millions of heaps, a kind's table of millions of rows). */
const ROWS_PER_CHUNK = 4096;

async function writeRows<T>(sink: Sink, before: string, head: string, items: readonly T[] | number, cells: (item: T, i: number) => readonly string[]): Promise<void> {
  const count = typeof items === 'number' ? items : items.length;
  const item = (i: number) => (typeof items === 'number' ? (i as T) : items[i]!);
  await writeChunked(sink, (function* () {
    yield before + head;
    for (let start = 0; start < count; start += ROWS_PER_CHUNK) {
      let chunk = '';
      for (let i = start; i < Math.min(count, start + ROWS_PER_CHUNK); i++) chunk += row(cells(item(i), i));
      yield chunk;
    }
  })());
}

export async function writeGenusMarkdown(x: GenusTable, sink: Sink): Promise<void> {
  await writeRows(sink, entries(genusEntries(x)) + '\n', heading(GENUS_HEAD, ['right', 'right', 'left', 'left']), x.rows, genusCells);
}

export async function writeQuotientMarkdown(x: QuotientReport, sink: Sink): Promise<void> {
  await sink.write(entries(quotientEntries(x)));
}

export async function writeStatesMarkdown(x: StatesTable, sink: Sink, width: number): Promise<void> {
  if (x.grid) {
    // Two whole-number fields: the grid the terminal table draws, as a Markdown table.
    const grid = statesGrid(x, x.grid, width, 'cut to --width');
    await sink.write(
      document(
        ...statesHeading(x).map(paragraph),
        x.cellLaw && paragraph(`P-law: ${cellLawText(x.cellLaw, 'states tabulated')}`),
        table([grid.corner, ...grid.columns], grid.rows.map((r) => [r.label, ...r.cells]), [grid.corner, ...grid.columns].map(() => 'right')),
        paragraph(grid.note),
      ),
    );
    return;
  }
  const { rows, note } = statesShown(x);
  await sink.write(
    document(
      ...statesHeading(x).map(paragraph),
      table(['G', 'outcome', 'state'], rows.map((r) => [String(r.grundy), r.grundy === 0 ? 'P' : 'N', canonicalJson(r.state)]), ['right', 'left', 'left']),
      note && paragraph(note),
    ),
  );
}

export async function writeCheckMarkdown(x: CheckReport, sink: Sink): Promise<void> {
  await sink.write(entries(checkEntries(x)));
}

export async function writePresetsMarkdown(x: PresetList, sink: Sink): Promise<void> {
  await sink.write(table(['preset', 'description'], x.presets.map((p) => [p.usage, p.description])));
}

/** A kind's own shape as Markdown, from its document: paragraphs, fields and tables (a long table a chunk at a time). */
export async function writeDocumentMarkdown(blocks: readonly DocumentBlock[], sink: Sink): Promise<void> {
  let before = '';
  for (const [i, block] of blocks.entries()) {
    const gap = i > 0 ? '\n' : '';
    if ('head' in block) {
      await writeRows(sink, before + gap, heading(block.head), block.count, (index: number) => block.row(index));
      before = '';
    } else {
      before += gap + ('paragraph' in block ? paragraph(block.paragraph) : entries(block.fields));
    }
  }
  if (before !== '') await sink.write(before);
}
