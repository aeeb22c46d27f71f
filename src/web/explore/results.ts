/**
 * The sections of a result, by its shape (one entry a shape the engine sends:
 * the compiler asks for each): a summary, downloads, a picture where there
 * is one, and a table whose values each open why they are what they are.
 */
import type { AppContext } from '../context.js';
import { Cancelled } from '../engine/client.js';
import type { DownloadFormat, ExploreView, GroupedExplanationView, StateExplanation } from '../engine/explore-protocol.js';
import type { Explanation } from '../../core/heap/explain.js';
import { errorText } from '../error-text.js';
import { formatNumber, h, scrollBox } from './dom.js';
import { heatmapSection } from './heatmap.js';
import { plotSection } from './plot.js';
import { graphSummary, gridSummary, heapSummary, memorySummary, misereSummary, patternText, statesSummary } from './summary.js';
import { graphTable, gridTable, heapTable, misereTable, statesTable, type StateWhy } from './table.js';
import { groupedWhy, heapWhy, stateWhy, whyPanel } from './why.js';

type Shape = ExploreView['shape'];
type ViewOf<S extends Shape> = Extract<ExploreView, { shape: S }>;

/** What a shape's sections need: the page's words, a heap's or a state's "why", and where an error goes. */
interface Tools {
  readonly context: AppContext;
  readonly showError: (message: string) => void;
  heapWhy(): { panel: HTMLElement; show(n: number | bigint): void };
  stateWhy(): StateWhy;
}

/** Each shape: whether it has a picture to download (SVG), and its sections after the downloads. */
const SHAPES: { readonly [S in Shape]: { readonly picture: boolean; sections(view: ViewOf<S>, tools: Tools): readonly (HTMLElement | null)[] } } = {
  heap: {
    picture: true,
    sections(view, { context, heapWhy: why }) {
      const { t, lang, engine } = context;
      const p = view.pattern;
      const cycle = p.kind === 'none' || p.preperiod === null || p.period === null ? null : { preperiod: p.preperiod, period: p.period };
      const fetchValues = (from: bigint, count: number) => engine.call<string[]>('values', { from: String(from), count }).result;
      const w = why();
      // The engine explains a heap of any size (past the computed values, its options grouped by value).
      const anySize = { ...w, anySize: true };
      return [atSection(view, t, lang, w.show), plotSection({ values: view.values, cycle, patternText: patternText(view, t), why: w.show }, t), heapTable(view, t, lang, fetchValues, anySize)];
    },
  },
  grid: {
    picture: true,
    sections(view, { context, stateWhy: why }) {
      const w = why();
      return [heatmapSection(view, context.t, (x, y) => w.show(`${x}:${y}`)), gridTable(view, context.t, w)];
    },
  },
  memory: {
    picture: true,
    sections(view, { context, stateWhy: why }) {
      const { t, lang, engine } = context;
      const fetchValues = (from: bigint, count: number) => engine.call<string[]>('values', { from: String(from), count }).result;
      // Heap n's start position is the state the kind reads from `n` (a heap with memory: (n, n − 1)).
      const w = why();
      const heap = { panel: w.panel, show: (n: number | bigint) => w.show(String(n)) };
      return [plotSection({ values: view.values, cycle: null, patternText: view.lawText, why: heap.show }, t), heapTable(view, t, lang, fetchValues, heap)];
    },
  },
  // A game on a graph's, a module's states and a misère table have no picture: their table is the answer.
  graph: { picture: false, sections: (view, { context, stateWhy: why }) => [graphTable(view, context.t, context.lang, why())] },
  states: { picture: false, sections: (view, { context }) => [statesTable(view, context.t, context.lang)] },
  misere: { picture: false, sections: (view, { context }) => [misereTable(view, context.t, context.lang)] },
};

const SUMMARIES: { readonly [S in Shape]: (view: ViewOf<S>, context: AppContext) => HTMLElement } = {
  heap: (view, { t, lang }) => heapSummary(view, t, lang),
  grid: (view, { t, lang }) => gridSummary(view, t, lang),
  memory: (view, { t, lang }) => memorySummary(view, t, lang),
  graph: (view, { t, lang }) => graphSummary(view, t, lang),
  states: (view, { t, lang }) => statesSummary(view, t, lang),
  misere: (view, { t, lang }) => misereSummary(view, t, lang),
};

/** The result's sections for its shape: a summary, downloads, a picture where there is one, and a table. */
export function exploreResults(view: ExploreView, context: AppContext, showError: (message: string) => void): HTMLElement[] {
  const { t, lang, engine } = context;
  const onError = (error: unknown) => showError(t('explore.error', { message: errorText(error, t) }));
  const tools: Tools = {
    context,
    showError,
    heapWhy: () =>
      whyPanel(t, lang, async (n: number | bigint) => {
        // A heap past the computed values comes back grouped by value (its options are too many to list).
        const why = await engine.call<Explanation | GroupedExplanationView>('explain', { n: String(n), lang }).result;
        return 'grouped' in why ? groupedWhy(why, t, lang) : heapWhy(why, t);
      }, onError),
    stateWhy: () => whyPanel(t, lang, async (state: string) => stateWhy(await engine.call<StateExplanation>('explainState', { state }).result, t), onError),
  };
  const shape = SHAPES[view.shape] as { picture: boolean; sections(view: ExploreView, tools: Tools): readonly (HTMLElement | null)[] };
  const summary = (SUMMARIES[view.shape] as (view: ExploreView, context: AppContext) => HTMLElement)(view, context);
  // Misère play of a kind that offers it for positions only: the table beside the position is normal play's, and says so.
  const note = view.normalPlayTable ? h('p', { id: 'normal-play-table', class: 'help' }, t('explore.misere.normalTable')) : null;
  return [note, summary, downloadBar(view, shape.picture, context, showError), ...shape.sections(view, tools)].filter((e): e is HTMLElement => e !== null);
}

/** `--at`'s heaps, each with its exact value, outcome and ground (null: none asked). */
function atSection(view: ViewOf<'heap'>, t: AppContext['t'], lang: string, why: (n: bigint) => void): HTMLElement | null {
  if (!view.at) return null;
  // Each value is a button that says why the heap has it (a heap past the table: its options grouped by value).
  const value = (a: { n: string; value: string }) => h('button', { type: 'button', class: 'why-button', 'aria-label': t('explore.why.button', { n: a.n, value: a.value }), onclick: () => why(BigInt(a.n)) }, a.value);
  const rows = view.at.map((a) => h('tr', { 'data-n': a.n, 'data-value': a.value }, h('th', { scope: 'row' }, formatNumber(a.n, lang)), h('td', {}, value(a)), h('td', {}, a.outcome), h('td', {}, a.ground)));
  const head = h('tr', {}, ...[t('explore.misere.heap'), 'G(n)', t('explore.table.outcome'), t('explore.ground')].map((c) => h('th', { scope: 'col' }, c)));
  return h('section', { id: 'at-section', 'aria-labelledby': 'at-heading' }, h('h2', { id: 'at-heading' }, t('explore.at.heading')), scrollBox(h('table', { id: 'at-table', class: 'values' }, h('thead', {}, head), h('tbody', {}, ...rows)), t('explore.scroll')));
}

/** Buttons to download the result as CSV, JSON and (where there is a picture) SVG. */
function downloadBar(view: ExploreView, picture: boolean, { t, engine }: AppContext, showError: (message: string) => void): HTMLElement {
  const name = `sg-explore-${view.rule.replace(/[^A-Za-z0-9.,-]+/g, '-').replace(/^-|-$/g, '')}`;
  const save = (blob: Blob, extension: string) => {
    const url = URL.createObjectURL(blob);
    const anchor = h('a', { href: url, download: `${name}.${extension}` });
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  const fetch = async (format: DownloadFormat) => {
    try {
      // A picture the page drew itself (the heat map) is saved as it is shown.
      const drawn = format === 'svg' ? document.getElementById('heatmap-svg') : null;
      if (drawn) return save(new Blob([new XMLSerializer().serializeToString(drawn)], { type: 'image/svg+xml' }), 'svg');
      save(await engine.call<Blob>('download', { format }).result, format);
    } catch (error) {
      if (!(error instanceof Cancelled)) showError(t('explore.download.failed', { message: error instanceof Error ? error.message : String(error) }));
    }
  };
  const button = (format: DownloadFormat, key: 'explore.download.csv' | 'explore.download.json' | 'explore.download.svg') => h('button', { type: 'button', id: `download-${format}`, onclick: () => fetch(format) }, t(key));
  return h('div', { class: 'downloads', role: 'group', 'aria-label': t('explore.download') }, h('span', {}, `${t('explore.download')}:`), button('csv', 'explore.download.csv'), button('json', 'explore.download.json'), picture ? button('svg', 'explore.download.svg') : null);
}
