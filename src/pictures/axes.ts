/** The frame of a plot, its tick marks and tick labels. */
import { el, esc, fmt, tickLabel } from './svg.js';

/** Frame, tick marks and labels; `xOf`/`yOf` map data to pixels, labels stay plain below `xPlainBelow`/`yPlainBelow`. */
export function axes(left: number, top: number, pw: number, ph: number, xOf: (v: number) => number, yOf: (v: number) => number, xTicks: number[], yTicks: number[], xPlainBelow = 1e5, yPlainBelow = 1e5): string {
  const d: string[] = [];
  const labels: string[] = [];
  for (const t of xTicks) {
    const x = xOf(t);
    d.push(`M${fmt(x)} ${fmt(top + ph)}v5`);
    labels.push(el('text', { x, y: top + ph + 18, 'text-anchor': 'middle' }, esc(tickLabel(t, xPlainBelow))));
  }
  for (const t of yTicks) {
    const y = yOf(t);
    d.push(`M${fmt(left)} ${fmt(y)}h-5`);
    labels.push(el('text', { x: left - 8, y: y + 4, 'text-anchor': 'end' }, esc(tickLabel(t, yPlainBelow))));
  }
  return (
    el('rect', { x: left, y: top, width: pw, height: ph, fill: 'none', stroke: '#000', 'stroke-width': 1 }) +
    el('path', { d: d.join(''), stroke: '#000', 'stroke-width': 1 }) +
    labels.join('')
  );
}
