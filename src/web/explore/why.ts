/**
 * "Why G(n) = v?": a heap's, a cell's or a vertex's options, each with what
 * a move leaves and its value (the xor of the values of what it leaves), the
 * values they reach with the mex marked, and the sentence that says it. The
 * worker works it out with the kind's own options (the core's explainValue
 * for a heap, the kind's playable for any other state); this only shows it.
 */
import type { Translate } from '../../core/i18n/index.js';
import type { Explanation } from '../../core/heap/explain.js';
import type { GroupedExplanationView, StateExplanation } from '../engine/explore-protocol.js';
import { formatNumber, h, scrollBox } from './dom.js';

/** What the panel shows, whatever was asked. */
export interface WhyShown {
  readonly heading: string;
  readonly sentence: string;
  /** The value (the mex), marked in the strip; null: infinite, no mex to mark. */
  readonly value: number | null;
  readonly reached: readonly number[];
  readonly optionHeader: string;
  readonly rows: readonly { readonly option: string; readonly value: string; readonly p: boolean }[];
  /** Options not listed. */
  readonly more: number;
  /** A note under the sentence, or null. */
  readonly note: string | null;
}

/** The panel, and `show(key)`, which asks the worker and fills it (the latest request wins). */
export function whyPanel<K>(t: Translate, language: string, ask: (key: K) => Promise<WhyShown>, onError: (error: unknown) => void): { panel: HTMLElement; show(key: K): Promise<void> } {
  const heading = h('h3', { id: 'why-heading', tabindex: -1 });
  const body = h('div');
  const close = h('button', { type: 'button', id: 'why-close', onclick: () => (panel.hidden = true) }, t('explore.why.close'));
  const panel = h('section', { id: 'why', class: 'why', 'aria-labelledby': 'why-heading', hidden: true }, h('div', { class: 'row' }, heading, close), body);
  let asked = 0;
  async function show(key: K): Promise<void> {
    const ticket = ++asked;
    let why: WhyShown;
    try {
      why = await ask(key);
    } catch (error) {
      return onError(error);
    }
    if (ticket !== asked) return;
    heading.textContent = why.heading;
    body.replaceChildren(...whyContent(why, t, language));
    panel.hidden = false;
    panel.scrollIntoView({ block: 'nearest' });
    heading.focus();
  }
  return { panel, show };
}

/** A heap's explanation (core/heap/explain.ts) as the panel shows it. */
export function heapWhy(why: Explanation, t: Translate): WhyShown {
  const { n, value } = why;
  return {
    heading: t('explore.why.heading', { n, value }),
    sentence: why.count === 0 ? t('explore.why.none', { n }) : t('explore.why.because', { n, value, values: why.reached.join(', ') }),
    value,
    reached: why.reached,
    optionHeader: t('explore.why.option'),
    rows: why.options.map((o) => ({
      option: o.heaps.length === 0 ? t('explore.why.nothing') : o.heaps.join(' + '),
      value: o.heaps.length > 1 ? `${o.heaps.map((m) => `G(${m})`).join(' ⊕ ')} = ${o.value}` : String(o.value),
      p: o.value === 0,
    })),
    more: why.count - why.options.length,
    note: null,
  };
}

/** A heap past the table, its options grouped by value (engine's groupedView), as the panel shows it: one row a value, with its first option and how many reach it. */
export function groupedWhy(why: GroupedExplanationView, t: Translate, language: string): WhyShown {
  const { n, value } = why;
  const count = formatNumber(why.count, language);
  return {
    heading: t('explore.why.heading', { n, value }),
    sentence: why.groups.length === 0 ? t('explore.why.none', { n }) : t('explore.why.because', { n, value, values: why.reached.join(', ') }),
    value,
    reached: why.reached,
    optionHeader: t('explore.why.option'),
    rows: why.groups.map((g) => {
      const option = g.witness.length === 0 ? t('explore.why.nothing') : g.witness.join(' + ');
      return {
        option: g.count === '1' ? option : t('explore.why.witness', { option, count: formatNumber(g.count, language) }),
        value: g.witness.length > 1 ? `${g.witness.map((m) => `G(${m})`).join(' ⊕ ')} = ${g.value}` : String(g.value),
        p: g.value === 0,
      };
    }),
    more: 0,
    note: why.every ? t('explore.why.grouped', { n, count, ground: why.ground }) : t('explore.why.groupedToValue', { value, count, ground: why.ground }),
  };
}

/** A state's explanation (a cell, a vertex) as the panel shows it; where the value is not the mex (a graph's cycles), a note says why. */
export function stateWhy(why: StateExplanation, t: Translate): WhyShown {
  const state = why.state;
  const value = why.value === null ? '∞' : why.value;
  let mex = 0;
  while (why.reached[mex] === mex) mex++;
  const isMex = why.value !== null && Number(why.value) === mex;
  return {
    heading: t('explore.why.cellHeading', { state, value }),
    // Where the value is not the mex (Smith's values on a graph's cycles), no sentence claims it is: the note says why.
    sentence: !isMex ? t('explore.why.loopy') : why.count === 0 ? t('explore.why.cellNone', { state }) : t('explore.why.cellBecause', { state, value, values: why.reached.join(', ') }),
    value: isMex ? mex : null,
    reached: why.reached,
    optionHeader: t('explore.why.cellOption'),
    rows: why.options.map((o) => ({ option: o.to.length === 0 ? t('explore.why.nothing') : o.to.join(' + '), value: o.value ?? '∞', p: o.value === '0' })),
    more: why.count - why.options.length,
    note: null,
  };
}

function whyContent(why: WhyShown, t: Translate, language: string): HTMLElement[] {
  const sentence = h('p', { id: 'why-sentence' }, why.sentence);
  if (why.rows.length === 0 && why.more === 0) return [sentence];
  // The values reached, 0 up to one past the largest, with the gaps shown: the mex is the first gap.
  const top = Math.max(why.value ?? 0, why.reached[why.reached.length - 1] ?? 0);
  const reached = new Set(why.reached);
  const strip = h(
    'ol',
    { class: 'mex-strip', id: 'why-strip', 'aria-label': t('explore.why.reached') },
    ...Array.from({ length: Math.min(top, 64) + 1 }, (_, v) =>
      v === why.value ? h('li', { class: 'mex' }, h('mark', {}, String(v)), h('span', { class: 'mex-label' }, t('explore.why.mex'))) : h('li', { class: reached.has(v) ? 'reached' : 'missing' }, reached.has(v) ? String(v) : `(${v})`),
    ),
  );
  const rows = why.rows.map((o) => h('tr', { class: o.p ? 'p' : undefined }, h('th', { scope: 'row' }, o.option), h('td', {}, o.value)));
  const table = h('table', { id: 'why-table', class: 'values' }, h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, why.optionHeader), h('th', { scope: 'col' }, t('explore.why.value')))), h('tbody', {}, ...rows));
  const more = why.more > 0 ? h('p', { class: 'help' }, t('explore.why.more', { count: formatNumber(why.more, language) })) : null;
  const note = why.note ? h('p', { class: 'help', id: 'why-note' }, why.note) : null;
  return [sentence, ...(note ? [note] : []), h('p', { class: 'label' }, t('explore.why.reached')), strip, scrollBox(table, t('explore.scroll')), ...(more ? [more] : [])];
}
