/**
 * The heat map of a two-pile table: one pixel (or block) a cell, G from
 * black (0: the P-positions) through blue to yellow, drawn on a canvas and
 * placed in an SVG with its axes, so the same picture downloads as a file.
 * A table wider than the picture shows each block's least value, so a
 * P-position is never lost.
 */
import type { Translate } from '../../core/i18n/index.js';
import type { GridView } from '../engine/explore-protocol.js';
import { h, s } from './dom.js';

const SIDE = 512;

function colour(v: number, max: number): [number, number, number] {
  if (v === 0) return [0, 0, 0];
  const x = max <= 1 ? 1 : (v - 1) / (max - 1);
  // Dark blue to yellow, brightening steadily (readable in grey too).
  return [Math.round(30 + 225 * x), Math.round(60 + 170 * x), Math.round(160 - 110 * x)];
}

/** The law's line and its mirror image over the picture (cell units times `cell` pixels), clipped to it. */
function lawLines(view: GridView, left: number, top: number, cell: number): SVGElement[] {
  if (!view.line) return [];
  const { slope, intercept } = view.line;
  const rows = view.shownRows;
  const columns = view.shownColumns;
  const x0 = view.firstRow;
  // Cell (row, column) has its centre at (left + (column + ½)·cell, top + (row − x0 + ½)·cell).
  const at = (row: number, column: number) => [left + (column + 0.5) * cell, top + (row - x0 + 0.5) * cell] as const;
  const [a1, a2] = [at(x0, slope * x0 + intercept), at(x0 + rows, slope * (x0 + rows) + intercept)];
  // The mirror image: pairs (b_k, a_k), row = slope × column + intercept.
  const [b1, b2] = [at(intercept, 0), at(slope * columns + intercept, columns)];
  const clip = s('clipPath', { id: 'heatmap-clip' }, s('rect', { x: left, y: top, width: columns * cell, height: rows * cell }));
  const line = ([xa, ya]: readonly [number, number], [xb, yb]: readonly [number, number]) => s('line', { x1: xa, y1: ya, x2: xb, y2: yb, stroke: '#e11d48', 'stroke-width': 1.5, 'stroke-dasharray': '6 4', 'clip-path': 'url(#heatmap-clip)' });
  return [s('defs', {}, clip), s('g', { class: 'law-lines', 'data-slope': slope.toFixed(6), 'data-intercept': intercept.toFixed(6) }, line(a1, a2), line(b1, b2))];
}

/** The colour scale under the picture: 0 (black, the P-positions) and 1..max as drawn, with its ends labelled. */
function colourScale(max: number, x: number, y: number, width: number, height: number, font: number): SVGElement {
  const zero = max === 0 ? width : Math.max(width / (max + 1), 8);
  const css = (v: number) => `rgb(${colour(v, max).join(',')})`;
  const gradient = s('linearGradient', { id: 'heatmap-scale' }, s('stop', { offset: 0, 'stop-color': css(1) }), s('stop', { offset: 1, 'stop-color': css(max) }));
  return s(
    'g',
    { class: 'colour-scale', id: 'heatmap-scale-bar', 'data-min': 0, 'data-max': max },
    s('defs', {}, gradient),
    s('rect', { x, y, width: zero, height, fill: css(0) }),
    max > 0 ? s('rect', { x: x + zero, y, width: width - zero, height, fill: 'url(#heatmap-scale)' }) : null,
    s('text', { x, y: y + height + font, 'font-size': font, class: 'axis-label' }, 'G = 0'),
    s('text', { x: x + width, y: y + height + font, 'font-size': font, 'text-anchor': 'end', class: 'axis-label' }, String(max)),
  );
}

/** `why`: asks why the cell (x, y) under a click has its value. */
export function heatmapSection(view: GridView, t: Translate, why: ((x: number, y: number) => void) | null = null): HTMLElement {
  const rows = view.shownRows;
  const columns = view.shownColumns;
  const block = Math.max(1, Math.ceil(Math.max(rows, columns) / SIDE));
  const iw = Math.ceil(columns / block);
  const ih = Math.ceil(rows / block);
  const canvas = document.createElement('canvas');
  canvas.width = iw;
  canvas.height = ih;
  const context = canvas.getContext('2d')!;
  const image = context.createImageData(iw, ih);
  let max = 0;
  for (const v of view.values) if (v > max) max = v;
  for (let y = 0; y < ih; y++) {
    for (let x = 0; x < iw; x++) {
      let least = Infinity;
      for (let r = y * block; r < Math.min(rows, (y + 1) * block); r++) for (let c = x * block; c < Math.min(columns, (x + 1) * block); c++) least = Math.min(least, view.values[r * columns + c]!);
      const [red, green, blue] = colour(least, max);
      const at = (y * iw + x) * 4;
      image.data[at] = red;
      image.data[at + 1] = green;
      image.data[at + 2] = blue;
      image.data[at + 3] = 255;
    }
  }
  context.putImageData(image, 0, 0);
  const size = 480;
  const scale = size / Math.max(iw, ih);
  // Labels in picture units large enough to stay 11 px or more where the picture shrinks to a 390 px phone (about 0.6×).
  const font = 19;
  const left = 34;
  const top = 30;
  const bar = { top: top + ih * scale + 16, height: 16 };
  const width = left + Math.max(iw * scale, 240) + 12;
  const height = bar.top + bar.height + font + 10;
  const x1 = view.firstRow + rows - 1;
  const label = t('explore.heatmap.label', { x0: view.firstRow, x1, y0: 0, y1: columns - 1 });
  const svg = s(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label, id: 'heatmap-svg', 'data-rows': rows, 'data-columns': columns, 'data-p-positions': view.pCount },
    s('title', {}, label),
    s('image', { href: canvas.toDataURL('image/png'), x: left, y: top, width: iw * scale, height: ih * scale, style: 'image-rendering: pixelated', preserveAspectRatio: 'none' }),
    ...lawLines(view, left, top, scale / block),
    s('text', { x: left, y: top - 8, 'font-size': font, class: 'axis-label' }, `y → 0 .. ${columns - 1}`),
    s('text', { x: 8, y: top + 4, 'font-size': font, class: 'axis-label', transform: `rotate(90 8 ${top + 4})` }, `x → ${view.firstRow} .. ${x1}`),
    colourScale(max, left, bar.top, iw * scale, bar.height, font),
  );
  if (why) {
    // A click asks why the cell under it has its value (picture units: the viewBox's, whatever size it is shown at).
    svg.addEventListener('click', (event) => {
      const box = svg.getBoundingClientRect();
      const k = width / box.width;
      const cell = scale / block;
      const column = (((event as MouseEvent).clientX - box.left) * k - left) / cell;
      const row = (((event as MouseEvent).clientY - box.top) * k - top) / cell;
      if (row >= 0 && row < rows && column >= 0 && column < columns) why(view.firstRow + Math.floor(row), Math.floor(column));
    });
  }
  return h(
    'section',
    { 'aria-labelledby': 'heatmap-heading', id: 'heatmap-section' },
    h('h2', { id: 'heatmap-heading' }, t('explore.heatmap')),
    h('div', { class: 'heatmap' }, svg),
    h('p', { class: 'help' }, t('explore.heatmap.legend', { max }), view.line ? ` ${t('explore.heatmap.lines', { slope: view.line.slope.toFixed(3) })}` : null),
  );
}
