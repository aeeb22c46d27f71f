/**
 * The table, a page at a time: one row a heap with G(n), its outcome, and,
 * for a periodic game, the residue n mod p and which part of the pattern
 * the heap lies in (preperiod, or which period), so the period can be read
 * down a column. Heaps past what the page holds are asked of the worker.
 * A two-pile table shows a window of its grid, moved by buttons.
 */
import type { Translate } from '../../core/i18n/index.js';
import type { GraphView, GridView, HeapView, MemoryView, MisereView, StatesView } from '../engine/explore-protocol.js';
import { formatNumber, h, scrollBox } from './dom.js';

/** G(n) for heaps from..from+count-1 past what the page holds (from the worker). */
export type FetchValues = (from: bigint, count: number) => Promise<readonly string[]>;

const PAGE_SIZES = [20, 50, 100] as const;

/**
 * `why`: asks why heap n has its value (the G(n) cells are then buttons), with the panel that answers, shown above
 * the table; `anySize`: it answers heaps past 2^53 too (else those cells are plain).
 */
export function heapTable(view: HeapView | MemoryView, t: Translate, language: string, fetchValues: FetchValues, why: { show(n: bigint): void; panel: HTMLElement; anySize?: boolean } | null = null): HTMLElement {
  const max = BigInt(view.max);
  // Only a cycle has a residue column (a theorem's pattern, Bash past 2^53, has no period).
  const pattern = view.shape === 'heap' && view.pattern.preperiod !== null && view.pattern.period !== null ? view.pattern : null;
  let size: number = 50;
  let first = 0n;
  const body = h('tbody');
  const caption = h('caption');
  const pageText = h('span', { class: 'page-text', 'aria-live': 'polite' });
  const buttons = {
    first: h('button', { type: 'button', onclick: () => go(0n) }, '«', h('span', { class: 'visually-hidden' }, t('explore.table.first'))),
    previous: h('button', { type: 'button', onclick: () => go(first - BigInt(size)) }, '‹', h('span', { class: 'visually-hidden' }, t('explore.table.previous'))),
    next: h('button', { type: 'button', onclick: () => go(first + BigInt(size)) }, '›', h('span', { class: 'visually-hidden' }, t('explore.table.next'))),
    last: h('button', { type: 'button', onclick: () => go(max - (max % BigInt(size))) }, '»', h('span', { class: 'visually-hidden' }, t('explore.table.last'))),
  };
  for (const [key, button] of Object.entries(buttons)) button.title = t(`explore.table.${key as keyof typeof buttons}`);
  const goto = h('input', { type: 'number', min: 0, max: view.max, inputmode: 'numeric', id: 'table-goto', class: 'goto' }) as HTMLInputElement;
  const gotoForm = h(
    'form',
    { class: 'inline', onsubmit: (e: Event) => (e.preventDefault(), goto.value !== '' && go(BigInt(goto.value) - (BigInt(goto.value) % BigInt(size)))) },
    h('label', { for: 'table-goto' }, t('explore.table.goto')),
    goto,
  );
  const sizeSelect = h('select', { id: 'table-size', onchange: () => ((size = Number(sizeSelect.value)), go(first - (first % BigInt(size)))) }, ...PAGE_SIZES.map((n) => h('option', { value: n, selected: n === size }, n))) as HTMLSelectElement;
  const head = h(
    'tr',
    {},
    h('th', { scope: 'col' }, t('explore.table.n')),
    h('th', { scope: 'col' }, t('explore.table.g')),
    h('th', { scope: 'col' }, t('explore.table.outcome')),
    pattern ? h('th', { scope: 'col' }, t('explore.table.residue', { period: pattern.period! })) : null,
    pattern ? h('th', { scope: 'col' }, t('explore.table.part')) : null,
  );
  let shown = 0;

  async function go(to: bigint): Promise<void> {
    if (to < 0n) to = 0n;
    if (to > max) to = max - (max % BigInt(size));
    first = to;
    const ticket = ++shown;
    const last = first + BigInt(size) - 1n > max ? max : first + BigInt(size) - 1n;
    const count = Number(last - first) + 1;
    let values: readonly string[];
    if (last < BigInt(view.values.length)) values = Array.from(view.values.subarray(Number(first), Number(last) + 1), String);
    else values = await fetchValues(first, count);
    if (ticket !== shown) return;
    caption.textContent = view.shape === 'heap' ? t('explore.table.caption', { from: String(first), to: String(last) }) : t('explore.memory.caption');
    pageText.textContent = t('explore.table.page', { from: formatNumber(first, language), to: formatNumber(last, language), max: formatNumber(max, language) });
    body.replaceChildren(
      ...values.map((value, i) => {
        const n = first + BigInt(i);
        const p = value === '0';
        let residue: string | null = null;
        let part: string | null = null;
        if (pattern) {
          const n0 = BigInt(pattern.preperiod!);
          const period = BigInt(pattern.period!);
          residue = String(n % period);
          part = n < n0 ? t('explore.table.part.pre') : t('explore.table.part.period', { k: String((n - n0) / period + 1n) });
        }
        return h(
          'tr',
          { class: p ? 'p' : undefined },
          h('th', { scope: 'row' }, String(n)),
          h('td', {}, why && (why.anySize || n <= BigInt(Number.MAX_SAFE_INTEGER)) ? h('button', { type: 'button', class: 'why-button', 'aria-label': t('explore.why.button', { n: String(n), value }), onclick: () => why.show(n) }, value) : value),
          h('td', { title: t(p ? 'explore.outcome.P' : 'explore.outcome.N') }, p ? 'P' : 'N'),
          residue !== null ? h('td', {}, residue) : null,
          part !== null ? h('td', {}, part) : null,
        );
      }),
    );
    buttons.first.disabled = buttons.previous.disabled = first === 0n;
    buttons.next.disabled = buttons.last.disabled = last >= max;
  }

  void go(0n);
  return h(
    'section',
    { 'aria-labelledby': 'table-heading', id: 'table-section' },
    h('h2', { id: 'table-heading' }, t('explore.table')),
    h(
      'div',
      { class: 'pager' },
      buttons.first,
      buttons.previous,
      pageText,
      buttons.next,
      buttons.last,
      gotoForm,
      h('label', { for: 'table-size' }, t('explore.table.rows')),
      sizeSelect,
    ),
    why ? h('p', { class: 'help' }, t('explore.why.help')) : null,
    why?.panel,
    scrollBox(h('table', { id: 'values-table' }, caption, h('thead', {}, head), body), t('explore.scroll')),
    h('p', { class: 'help' }, `P: ${t('explore.outcome.P')}; N: ${t('explore.outcome.N')}`),
  );
}

/** Asks why a state (`3:5`, a vertex) has its value, with the panel that answers. */
export interface StateWhy {
  show(state: string): void;
  readonly panel: HTMLElement;
}

/** A value as a button that asks why the state has it. */
function whyButton(why: StateWhy | null, state: string, value: string, t: Translate): HTMLElement | string {
  return why ? h('button', { type: 'button', class: 'why-button', 'aria-label': t('explore.why.cellButton', { state, value }), onclick: () => why.show(state) }, value) : value;
}

/** A window of a two-pile table, 12 × 12 cells, moved a window at a time; each value asks why (x, y) has it. */
export function gridTable(view: GridView, t: Translate, why: StateWhy | null = null): HTMLElement {
  const side = 12;
  let row0 = 0;
  let col0 = 0;
  const table = h('table', { id: 'grid-table', class: 'grid' });
  const move = (dr: number, dc: number) => {
    row0 = Math.max(0, Math.min(row0 + dr, Math.max(0, view.shownRows - side)));
    col0 = Math.max(0, Math.min(col0 + dc, Math.max(0, view.shownColumns - side)));
    draw();
  };
  const button = (label: string, text: string, dr: number, dc: number) => h('button', { type: 'button', title: text, onclick: () => move(dr, dc) }, label, h('span', { class: 'visually-hidden' }, text));
  const draw = () => {
    const rows = Math.min(side, view.shownRows - row0);
    const columns = Math.min(side, view.shownColumns - col0);
    const x0 = view.firstRow + row0;
    table.replaceChildren(
      h('caption', {}, t('explore.grid.caption', { x0, x1: x0 + rows - 1, y0: col0, y1: col0 + columns - 1 })),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, `${t('explore.grid.row')} \\ ${t('explore.grid.column')}`), ...Array.from({ length: columns }, (_, c) => h('th', { scope: 'col' }, String(col0 + c))))),
      h(
        'tbody',
        {},
        ...Array.from({ length: rows }, (_, r) =>
          h(
            'tr',
            {},
            h('th', { scope: 'row' }, String(x0 + r)),
            ...Array.from({ length: columns }, (_, c) => {
              const v = view.values[(row0 + r) * view.shownColumns + col0 + c]!;
              return h('td', { class: v === 0 ? 'p' : undefined }, whyButton(why, `${x0 + r}:${col0 + c}`, String(v), t));
            }),
          ),
        ),
      ),
    );
  };
  draw();
  const cut = view.shownRows < view.lastRow - view.firstRow + 1 || view.shownColumns < view.max + 1;
  return h(
    'section',
    { 'aria-labelledby': 'table-heading', id: 'table-section' },
    h('h2', { id: 'table-heading' }, t('explore.table')),
    h('div', { class: 'pager' }, button('▲', t('explore.grid.up'), -side, 0), button('▼', t('explore.grid.down'), side, 0), button('◀', t('explore.grid.left'), 0, -side), button('▶', t('explore.grid.right'), 0, side)),
    cut ? h('p', {}, t('explore.grid.cut', { rows: view.shownRows, columns: view.shownColumns })) : null,
    why?.panel,
    scrollBox(table, t('explore.scroll')),
  );
}

/** Rows of a graph's table the page draws; the CSV holds every vertex. */
const GRAPH_ROWS_SHOWN = 500;

/** A graph's vertices: value (`∞(0,2)` for Smith's infinite values), a single token's outcome, and whether it lies on a cycle. */
export function graphTable(view: GraphView, t: Translate, language: string, why: StateWhy | null = null): HTMLElement {
  const rows = view.rows.map(([name, value, outcome, onCycle]) => [name, value, outcome, onCycle ? t('explore.graph.yes') : ''] as const);
  return namedRows(why, 'graph-table', t('explore.graph.vertices'), [t('explore.graph.vertex'), t('explore.graph.value'), t('explore.graph.outcome'), t('explore.graph.onCycle')], rows, t('explore.graph.more', { count: formatNumber(view.vertices - Math.min(rows.length, GRAPH_ROWS_SHOWN), language) }), view.vertices, t);
}

/** A rule module's states, each as JSON, with its value and outcome. */
export function statesTable(view: StatesView, t: Translate, language: string): HTMLElement {
  const rows = view.rows.map(([state, grundy]) => [state, String(grundy), grundy === 0 ? 'P' : 'N'] as const);
  return namedRows(null, 'states-table', t('explore.states.heading'), [t('explore.states.state'), t('explore.graph.value'), t('explore.graph.outcome')], rows, t('explore.states.more', { count: formatNumber(view.count - Math.min(rows.length, GRAPH_ROWS_SHOWN), language) }), view.count, t);
}

/** A table of named rows (a vertex, a state) with the first few drawn; `more` says how to get the rest. The third column is the outcome; `why` makes each value (the second) ask why. */
function namedRows(why: StateWhy | null, id: string, heading: string, columns: readonly string[], rows: readonly (readonly string[])[], more: string, total: number, t: Translate): HTMLElement {
  const shown = rows.slice(0, GRAPH_ROWS_SHOWN);
  const outcomeOf = (row: readonly string[]) => row[2] as 'P' | 'N' | 'D';
  return h(
    'section',
    { 'aria-labelledby': `${id}-heading` },
    h('h2', { id: `${id}-heading` }, heading),
    h(
      'table',
      { id, class: 'values' },
      h('thead', {}, h('tr', {}, ...columns.map((c) => h('th', { scope: 'col' }, c)))),
      h('tbody', {}, ...shown.map((row) => h('tr', { class: outcomeOf(row) === 'P' ? 'p' : '' }, h('th', { scope: 'row' }, row[0]!), ...row.slice(1).map((cell, i) => h('td', i === 1 ? { title: t(`explore.outcome.${outcomeOf(row)}`) } : {}, i === 0 ? whyButton(why, row[0]!, cell, t) : cell))))),
    ),
    why?.panel,
    total > shown.length ? h('p', { class: 'help' }, more) : null,
  );
}

/** Misère outcomes of single heaps: one row a heap, P or N (the first rows; the CSV holds every heap). */
export function misereTable(view: MisereView, t: Translate, language: string): HTMLElement {
  const shown = Math.min(view.outcomes.length, GRAPH_ROWS_SHOWN);
  const rows = Array.from({ length: shown }, (_, n) => h('tr', { class: view.outcomes[n] === 0 ? 'p' : undefined }, h('th', { scope: 'row' }, String(n)), h('td', { title: t(view.outcomes[n] === 0 ? 'explore.outcome.P' : 'explore.outcome.N') }, view.outcomes[n] === 0 ? 'P' : 'N')));
  return h(
    'section',
    { 'aria-labelledby': 'table-heading', id: 'table-section' },
    h('h2', { id: 'table-heading' }, t('explore.misere.heading')),
    scrollBox(h('table', { id: 'misere-table', class: 'values' }, h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('explore.misere.heap')), h('th', { scope: 'col' }, t('explore.table.outcome')))), h('tbody', {}, ...rows)), t('explore.scroll')),
    view.outcomes.length > shown ? h('p', { class: 'help' }, t('explore.misere.more', { count: formatNumber(view.outcomes.length - shown, language) })) : null,
    h('p', { class: 'help' }, `P: ${t('explore.outcome.P')}; N: ${t('explore.outcome.N')}`),
  );
}
