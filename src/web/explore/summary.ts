/**
 * The summary of a result in the page's language: the rule, the pattern and
 * its proof (the theorem named from the catalogue, its ground as the core
 * states it), and the P-positions with their law.
 */
import { say, sayAgain, type Message, type MessageKey, type Translate } from '../../core/i18n/index.js';
import { ruleTitle } from '../../core/rules/spec.js';
import { pairLawText } from '../../core/laws/pair-law.js';
import type { PPositions } from '../../core/laws/p-positions.js';
import type { GraphView, GridView, HeapView, MemoryView, MisereView, StatesView } from '../engine/explore-protocol.js';
import { formatNumber, h, listText, type Child } from './dom.js';

type Row = readonly [label: string, value: Child, id?: string, data?: Readonly<Record<string, unknown>>];

function list(rows: readonly Row[]): HTMLDListElement {
  return h('dl', { class: 'facts' }, ...rows.flatMap(([label, value, id, data]) => [h('dt', {}, label), h('dd', { id, ...data }, value)]));
}

interface PresetNamed {
  readonly description: string | null;
  /** A preset's description as a catalogue message (said in the page's language), if it is one. */
  readonly about: Message | null;
}

/** A game's description in the page's language: a preset's from the catalogue, a person's own words as they are. */
export function presetDescription(view: PresetNamed, t: Translate): string | null {
  return view.about ? say(view.about, t) : view.description;
}

/** The summary section of any result: its rule (and description) first, then `rows`, then what follows the list. */
function summarySection(view: PresetNamed & { readonly rule: string; readonly preset: string | null }, t: Translate, rows: readonly Row[], ...after: Child[]): HTMLElement {
  const description = presetDescription(view, t);
  const head: Row[] = [[t('explore.rule'), ruleTitle(view.rule, view.preset, t), 'rule'], ...(description ? [[t('explore.description'), description, 'description'] as Row] : [])];
  return h('section', { 'aria-labelledby': 'summary-heading' }, h('h2', { id: 'summary-heading' }, t('explore.summary')), list([...head, ...rows]), ...after);
}

/** While a one-heap table is computed: what its first values show so far (observed, nothing proven yet). */
export function partialSummary(values: Uint32Array, t: Translate, language: string): HTMLElement {
  let max = 0;
  const zeros: number[] = [];
  for (let n = 0; n < values.length; n++) {
    if (values[n]! > max) max = values[n]!;
    if (values[n] === 0) zeros.push(n);
  }
  const list = listText(zeros, (count) => t('explore.pPositions.more', { count }));
  return h('p', { id: 'partial-summary' }, t('explore.partial.summary', { count: formatNumber(values.length, language), max: formatNumber(max, language), zeros: formatNumber(zeros.length, language), list }));
}

/** The pattern in one line, from the catalogue. */
export function patternText(view: HeapView, t: Translate): string {
  const p = view.pattern;
  if (p.kind === 'none') return t('explore.pattern.none', { count: p.observedOver });
  if (p.kind === 'theorem') return t('explore.pattern.theorem');
  const key = p.kind === 'periodic' ? 'explore.pattern.periodic' : 'explore.pattern.arithmetic';
  return t(key, { preperiod: p.preperiod!, period: p.period!, saltus: p.saltus ?? 0 });
}

/** The P-positions' law, from the catalogue. */
export function pPositionsText(pp: PPositions, t: Translate): string {
  const more = (count: number) => t('explore.pPositions.more', { count });
  switch (pp.kind) {
    case 'residues': {
      const residues = listText(pp.residues, more);
      const parts = [pp.residues.length === 0 ? t('explore.pPositions.noneFrom', { from: pp.from }) : t('explore.pPositions.residues', { residues, modulus: pp.modulus })];
      if (pp.extra.length) parts.push(t('explore.pPositions.extra', { list: listText(pp.extra, more) }));
      if (pp.missing.length) parts.push(t('explore.pPositions.missing', { list: listText(pp.missing, more) }));
      return parts.join('; ');
    }
    case 'finite':
      return pp.list.length ? t('explore.pPositions.finite', { list: listText(pp.list, more) }) : t('explore.pPositions.none');
    case 'list':
      return pp.list.length ? t('explore.pPositions.list', { list: listText(pp.list, more), upTo: String(pp.upTo) }) : t('explore.pPositions.none');
  }
}

/** The catalogue's sentence for a proof: with nothing excluded (Nim, e = 0), the relative-state proof's own wording; Guy-Smith's for three heaps, its own. */
function groundKey(method: 'window-repetition' | 'relative-state-repetition' | 'guy-smith', facts: Readonly<Record<string, number>>): MessageKey {
  if (method === 'guy-smith' && facts.heaps === 3) return 'explore.ground.guy-smith.three';
  return method === 'relative-state-repetition' && facts.e === 0 ? 'explore.ground.relative-state-repetition.all' : `explore.ground.${method}`;
}

/** Why nothing is proven: the reason no theorem applies, in the page's language, or what to raise. */
function noTheoremText(noTheorem: string | null, t: Translate): string {
  return noTheorem ? t('explore.status.noTheorem', { why: sayAgain(noTheorem, 'rule.noTheorem.', t) }) : t('explore.status.raise');
}

function proofRows(view: HeapView, t: Translate, language: string): Row[] {
  const p = view.pattern;
  if (p.kind === 'none') {
    const why = noTheoremText(p.noTheorem, t);
    return [[t('explore.status'), h('span', {}, h('strong', { class: 'observed' }, t('explore.status.none')), ` — ${why}`), 'status', { 'data-proven': 'false' }]];
  }
  if (p.proven) {
    const method = p.method as 'window-repetition' | 'relative-state-repetition' | 'guy-smith' | 'theorem';
    const needs = p.method === 'theorem' ? '' : ` — ${t('explore.status.needs', { count: formatNumber(p.valuesNeeded ?? 0, language) })}`;
    return [
      [t('explore.status'), h('span', {}, h('strong', { class: 'proven' }, t('explore.status.proven')), needs), 'status', { 'data-proven': 'true' }],
      [t('explore.theorem'), t(`explore.method.${method}`), 'theorem', { 'data-method': method }],
      // The proof's sentence in the page's language: the theorem's, or the computed proof's from the numbers it names.
      [t('explore.ground'), view.theorem ? say(view.theorem, t) : view.proofFacts && method !== 'theorem' ? t(groundKey(method, view.proofFacts), view.proofFacts) : (p.proof ?? ''), 'ground'],
    ];
  }
  const why = noTheoremText(p.noTheorem, t);
  return [[t('explore.status'), h('span', {}, h('strong', { class: 'observed' }, t('explore.status.observed')), ` — ${why}`), 'status', { 'data-proven': 'false' }]];
}

/** The values of the preperiod and of one period, as a strip a student can read. */
function cycleStrip(view: HeapView, t: Translate): HTMLElement | null {
  const p = view.pattern;
  if (p.kind === 'none' || p.preperiod === null || p.period === null || p.preperiod + p.period > view.values.length) return null;
  const cell = (n: number) => h('span', { class: view.values[n] === 0 ? 'cell p' : 'cell', title: `G(${n}) = ${view.values[n]}` }, String(view.values[n]));
  const pre = Array.from({ length: Math.min(p.preperiod, 200) }, (_, n) => cell(n));
  const period = Array.from({ length: Math.min(p.period, 200) }, (_, i) => cell(p.preperiod! + i));
  return h(
    'div',
    { class: 'strips' },
    p.preperiod > 0 ? h('p', {}, h('span', { class: 'strip-label' }, `${t('explore.pattern.preperiodValues')} (n = 0 .. ${p.preperiod - 1})`), h('span', { class: 'strip' }, ...pre, p.preperiod > 200 ? '…' : null)) : null,
    h('p', {}, h('span', { class: 'strip-label' }, `${t('explore.pattern.periodValues')} (n = ${p.preperiod} .. ${p.preperiod + p.period - 1})`), h('span', { class: 'strip' }, ...period, p.period > 200 ? '…' : null)),
  );
}

export function heapSummary(view: HeapView, t: Translate, language: string): HTMLElement {
  const p = view.pattern;
  const formula =
    p.kind === 'none' || p.kind === 'theorem'
      ? null
      : t(p.kind === 'periodic' ? 'explore.pattern.formula' : 'explore.pattern.formulaSaltus', { preperiod: p.preperiod!, period: p.period!, saltus: p.saltus ?? 0 });
  const exceptional = p.kind === 'none' || p.kind === 'theorem' ? null : p.lastExceptional === null ? t('explore.pattern.noExceptional') : t('explore.pattern.lastExceptional', { n: p.lastExceptional });
  const rows: Row[] = [
    [t('explore.heaps'), t('explore.heaps.range', { max: formatNumber(view.max, language) })],
    [t('explore.computed'), t('explore.computed.values', { count: formatNumber(view.computed, language), ms: Math.round(view.milliseconds) })],
    [t('explore.largest'), formatNumber(view.maxValue, language)],
    [
      t('explore.pattern'),
      h('span', {}, patternText(view, t), formula ? h('br') : null, formula ? h('code', {}, formula) : null, exceptional ? ` (${exceptional})` : null),
      'pattern',
      { 'data-kind': p.kind, 'data-preperiod': p.preperiod ?? 'none', 'data-period': p.period ?? 'none', 'data-saltus': p.saltus ?? 'none' },
    ],
    ...proofRows(view, t, language),
  ];
  return summarySection(
    view,
    t,
    rows,
    cycleStrip(view, t),
    h('h3', {}, t('explore.pPositions')),
    h('p', { id: 'p-positions', 'data-kind': view.pPositions.kind }, pPositionsText(view.pPositions, t), p.kind !== 'none' && !p.proven ? ` (${t('explore.pPositions.observed')})` : null),
  );
}

export function gridSummary(view: GridView, t: Translate, language: string): HTMLElement {
  const patterns = view.rowPatterns.slice(0, 16).map((r) =>
    h('li', {}, r.period === null ? t('explore.grid.rowNone', { row: r.row }) : t('explore.grid.rowPattern', { row: r.row, preperiod: r.preperiod!, period: r.period, saltus: r.saltus ?? 0 })),
  );
  return summarySection(
    view,
    t,
    [
      [t('explore.table'), t('explore.grid.table', { first: view.firstRow, last: view.lastRow, max: view.max })],
      [t('explore.computed'), t('explore.done', { ms: Math.round(view.milliseconds) })],
      [t('explore.largest'), formatNumber(view.maxValue, language)],
    ],
    h('h3', {}, t('explore.pPositions')),
    h('p', { id: 'p-positions', 'data-count': view.pCount }, h('strong', {}, `${t('explore.pPositions.law')}: `), (view.cellLaw && t('explore.grid.cellLaw', { condition: view.cellLaw.condition, cells: view.cellLaw.cells })) ?? (view.law && pairLawText(view.law, t)) ?? t('explore.grid.noLaw'), ` (${t('explore.pPositions.observed')}); ${t('explore.pPositions.count', { count: view.pCount })}`),
    h('h3', {}, t('explore.grid.rowPatterns')),
    h('ul', { class: 'row-patterns' }, ...patterns, view.rowPatterns.length > 16 ? h('li', {}, t('explore.grid.rowsMore', { count: view.rowPatterns.length - 16 })) : null),
  );
}

export function memorySummary(view: MemoryView, t: Translate, language: string): HTMLElement {
  const more = (count: number) => t('explore.pPositions.more', { count });
  return summarySection(
    view,
    t,
    [
      [t('explore.memory.starts'), t('explore.memory.range', { max: formatNumber(view.max, language) })],
      [t('explore.computed'), t('explore.done', { ms: Math.round(view.milliseconds) })],
      [t('explore.largest'), formatNumber(view.maxValue, language)],
    ],
    h('h3', {}, t('explore.pPositions')),
    h('p', { id: 'p-positions' }, view.pPositions.length ? `n = ${listText(view.pPositions, more)}` : t('explore.pPositions.none')),
    h('p', {}, h('strong', {}, `${t('explore.pPositions.law')}: `), view.lawText),
  );
}

/** A game on a graph: its size, whether it has cycles (then Smith's values, and draws), its P-positions, and the table of its vertices. */
export function graphSummary(view: GraphView, t: Translate, language: string): HTMLElement {
  const more = (count: number) => t('explore.pPositions.more', { count });
  // The rows sent may be the first of many: the lists name those, and count them all.
  const names = (outcome: 'P' | 'D', total: number) => listText(view.rows.filter((r) => r[2] === outcome).map((r) => r[0]), more, 40, total);
  return summarySection(
    view,
    t,
    [
      [t('explore.graph.shape'), `${t('explore.graph.size', { vertices: formatNumber(view.vertices, language), edges: formatNumber(view.edges, language) })}${t('law.separator')}${view.acyclic ? t('explore.graph.acyclic') : t('explore.graph.cyclic', { onCycle: formatNumber(view.onCycleCount, language), infinite: formatNumber(view.infinite, language) })}`, 'graph-shape', { 'data-acyclic': view.acyclic }],
      [t('explore.computed'), t('explore.done', { ms: Math.round(view.milliseconds) })],
    ],
    h('p', {}, t('explore.graph.rules')),
    h('h3', {}, t('explore.pPositions')),
    h('p', { id: 'p-positions', 'data-count': view.pCount }, view.pCount ? names('P', view.pCount) : t('explore.pPositions.none')),
    view.drawCount ? h('p', { id: 'draws', 'data-count': view.drawCount }, t('explore.graph.draws', { list: names('D', view.drawCount) })) : null,
  );
}

/** A rule module's own states: how many, how many are P-positions, and which. */
export function statesSummary(view: StatesView, t: Translate, language: string): HTMLElement {
  const p = view.rows.filter((r) => r[1] === 0).map((r) => r[0]);
  const shown = listText(p, (count) => t('explore.pPositions.more', { count }), 40, view.pCount);
  return summarySection(
    view,
    t,
    [
      [t('explore.states.heading'), t('explore.states.count', { count: formatNumber(view.count, language), p: formatNumber(view.pCount, language) }), 'states-count'],
      [t('explore.computed'), t('explore.done', { ms: Math.round(view.milliseconds) })],
    ],
    h('h3', {}, t('explore.pPositions')),
    h('p', { id: 'p-positions', 'data-count': view.pCount }, view.pCount ? shown : t('explore.pPositions.none')),
  );
}

/** Misère play of single heaps: the rule, the heaps, whether the outcomes repeat (proven or seen), and the P-positions. */
export function misereSummary(view: MisereView, t: Translate, language: string): HTMLElement {
  const c = view.cycle;
  const pattern = c ? t('explore.misere.pattern', { preperiod: c.preperiod, period: c.period }) : t('explore.misere.noPattern', { max: view.max });
  const proven = c?.proven ?? false;
  return summarySection(
    view,
    t,
    [
      [t('explore.heaps'), t('explore.heaps.range', { max: formatNumber(view.max, language) })],
      [t('explore.computed'), t('explore.done', { ms: Math.round(view.milliseconds) })],
      [t('explore.pattern'), pattern, 'pattern', { 'data-preperiod': c?.preperiod ?? 'none', 'data-period': c?.period ?? 'none' }],
      [t('explore.status'), h('strong', { class: proven ? 'proven' : 'observed' }, t(proven ? 'explore.status.proven' : c ? 'explore.status.observed' : 'explore.status.none')), 'status', { 'data-proven': String(proven) }],
    ],
    h('p', { id: 'misere-play' }, t('explore.misere.play')),
    h('h3', {}, t('explore.pPositions')),
    h('p', { id: 'p-positions', 'data-kind': view.pPositions.kind }, pPositionsText(view.pPositions, t)),
  );
}
