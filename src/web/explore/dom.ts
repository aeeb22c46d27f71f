/** A small helper to build DOM trees: element, attributes (or listeners, `on…`), children. */
export type Child = Node | string | number | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Readonly<Record<string, unknown>> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') element.addEventListener(name.slice(2), value as EventListener);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element, attributes and children as for h. */
export function s(tag: string, attributes: Readonly<Record<string, unknown>> = {}, ...children: Child[]): SVGElement {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined && value !== null && value !== false) element.setAttribute(name, String(value));
  append(element, children);
  return element;
}

function append(element: Element, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === 'number' ? String(child) : child);
  }
}

/** A number as a reader expects it in this language (thousands grouped). */
export function formatNumber(n: number | bigint | string, lang: string): string {
  const value = typeof n === 'string' ? BigInt(n) : n;
  return value.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US');
}

/** A list (of numbers, or names), cut after `cap` with the count said: `total` when the list holds only the first of them. */
export function listText(values: readonly (number | string)[], more: (count: number) => string, cap = 40, total = values.length): string {
  const shown = values.slice(0, cap).join(', ');
  return total > Math.min(cap, values.length) ? `${shown}, ${more(total)}` : shown;
}

/**
 * A box that scrolls sideways when its content is wider than the screen,
 * and says so: shadows at the edges that have more (CSS) and a caption
 * (`hint`, e.g. "scroll →") shown only while there is more to see.
 */
export function scrollBox(content: HTMLElement, hint: string): HTMLElement {
  const caption = h('p', { class: 'scroll-hint', 'aria-hidden': 'true', hidden: true }, hint);
  const box = h('div', { class: 'scroll', tabindex: 0 }, content);
  new ResizeObserver(() => (caption.hidden = box.scrollWidth <= box.clientWidth + 1)).observe(box);
  return h('div', { class: 'scroll-wrap' }, caption, box);
}
