/**
 * "Why G(n) = v?": a heap's options, each as the heaps a move leaves with
 * its value (the xor of their values), the values they reach with the mex
 * marked, and the sentence that says it. The worker works it out with the
 * core's explainValue (the kind's own options); this only shows it.
 */
import type { Translate } from '../../core/i18n/index.js';
import type { Explanation } from '../../core/heap/explain.js';
import { formatNumber, h, scrollBox } from './dom.js';

/** The panel, and `show(n)`, which asks the worker and fills it (the latest request wins). */
export function whyPanel(t: Translate, language: string, ask: (n: number) => Promise<Explanation>, onError: (error: unknown) => void): { panel: HTMLElement; show(n: number): Promise<void> } {
  const heading = h('h3', { id: 'why-heading', tabindex: -1 });
  const body = h('div');
  const close = h('button', { type: 'button', id: 'why-close', onclick: () => (panel.hidden = true) }, t('explore.why.close'));
  const panel = h('section', { id: 'why', class: 'why', 'aria-labelledby': 'why-heading', hidden: true }, h('div', { class: 'row' }, heading, close), body);
  let asked = 0;
  async function show(n: number): Promise<void> {
    const ticket = ++asked;
    let why: Explanation;
    try {
      why = await ask(n);
    } catch (error) {
      return onError(error);
    }
    if (ticket !== asked) return;
    heading.textContent = t('explore.why.heading', { n, value: why.value });
    body.replaceChildren(...whyContent(why, t, language));
    panel.hidden = false;
    panel.scrollIntoView({ block: 'nearest' });
    heading.focus();
  }
  return { panel, show };
}

function whyContent(why: Explanation, t: Translate, language: string): HTMLElement[] {
  const { n, value } = why;
  if (why.count === 0) return [h('p', { id: 'why-sentence' }, t('explore.why.none', { n }))];
  const sentence = h('p', { id: 'why-sentence' }, t('explore.why.because', { n, value, values: why.reached.join(', ') }));
  // The values reached, 0 up to one past the largest, with the gaps shown: the mex is the first gap.
  const top = Math.max(value, why.reached[why.reached.length - 1]!);
  const reached = new Set(why.reached);
  const strip = h(
    'ol',
    { class: 'mex-strip', id: 'why-strip', 'aria-label': t('explore.why.reached') },
    ...Array.from({ length: Math.min(top, 64) + 1 }, (_, v) =>
      v === value ? h('li', { class: 'mex' }, h('mark', {}, String(v)), h('span', { class: 'mex-label' }, t('explore.why.mex'))) : h('li', { class: reached.has(v) ? 'reached' : 'missing' }, reached.has(v) ? String(v) : `(${v})`),
    ),
  );
  const rows = why.options.map((o) =>
    h('tr', { class: o.value === 0 ? 'p' : undefined }, h('th', { scope: 'row' }, o.heaps.length === 0 ? t('explore.why.nothing') : o.heaps.join(' + ')), h('td', {}, o.heaps.length > 1 ? `${o.heaps.map((m) => `G(${m})`).join(' ⊕ ')} = ${o.value}` : String(o.value))),
  );
  const table = h('table', { id: 'why-table', class: 'values' }, h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('explore.why.option')), h('th', { scope: 'col' }, t('explore.why.value')))), h('tbody', {}, ...rows));
  const more = why.count > why.options.length ? h('p', { class: 'help' }, t('explore.why.more', { count: formatNumber(why.count - why.options.length, language) })) : null;
  return [sentence, h('p', { class: 'label' }, t('explore.why.reached')), strip, scrollBox(table, t('explore.scroll')), ...(more ? [more] : [])];
}
