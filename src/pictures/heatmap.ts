/**
 * The 2-D picture: G(x, y) as a viridis heat map (y up), P-positions as
 * white dots with a black ring (visible on any colour, and in greyscale),
 * optional straight lines (Beatty laws) dashed and labelled, and a colour bar.
 */
import { hex, viridis } from './colour.js';
import { encodeRgbPng } from './png-encode.js';
import { axes } from './axes.js';
import { el, esc, fitText, fmt, svgOpen, textWidth, tickLabel } from './svg.js';
import { niceTicks } from './ticks.js';
import type { Heatmap } from './types.js';

/** The colour bar's and the legend's font size. */
const LEGEND_FONT = 11;

/** Largest side of the embedded image: bigger grids are averaged over k × k blocks. */
export const MAX_IMAGE_SIDE = 512;

/**
 * Renders a heat map as a standalone SVG document. The cells are one embedded
 * PNG image (pixelated when scaled up), so the file size is bounded by
 * MAX_IMAGE_SIDE whatever the grid. Root data attributes: data-grid-width,
 * data-grid-height, data-block (cells per image pixel side), data-value-max,
 * data-p-count, and the plot's pixel frame (data-plot-left/top/width/height).
 */
export function renderHeatmap(map: Heatmap): string {
  const width = Math.round(map.width ?? 640);
  const gw = typeof map.size === 'number' ? map.size : map.size.width;
  const gh = typeof map.size === 'number' ? map.size : map.size.height;
  const at = typeof map.value === 'function' ? map.value : ((a: ArrayLike<number>) => (x: number, y: number) => a[y * gw + x]!)(map.value);
  const { k, vmax, png } = cellImage(at, gw, gh);

  const left = 64;
  const top = 56;
  const lines = map.lines ?? [];
  const barTicks = niceTicks(0, Math.max(1, vmax), 5).filter((t) => t <= Math.max(1, vmax));
  const right = rightMargin(barTicks, lines);
  // Square cells: the plot takes the grid's aspect ratio within the space there is;
  // without a height, the longer side gets the width and the picture is as tall as it needs.
  const availW = width - left - right;
  const height = Math.round(map.height ?? top + 56 + Math.max(240, (gh * availW) / Math.max(gw, gh)));
  const cell = Math.max(50 / Math.max(gw, gh), Math.min(availW / gw, (height - top - 56) / gh));
  const pw = gw * cell;
  const ph = gh * cell;
  // Grid coordinates (cell corners) -> pixels, y up.
  const grid: GridFrame = { gw, gh, cell, xOf: (x: number) => left + x * cell, yOf: (y: number) => top + ph - y * cell };
  const { xOf, yOf } = grid;

  const out: string[] = [];
  out.push(svgOpen(width, height, {
    kind: 'heatmap', 'grid-width': gw, 'grid-height': gh, block: k, 'value-max': vmax, 'p-count': map.pPositions.length,
    'plot-left': left, 'plot-top': top, 'plot-width': pw, 'plot-height': ph,
  }, map.title));
  out.push('<defs>' + el('clipPath', { id: 'plot-area' }, el('rect', { x: left, y: top, width: pw, height: ph })) + '</defs>');
  out.push(el('text', { x: left, y: 20, 'font-size': 16, 'font-weight': 'bold' }, esc(fitText(map.title, 16, width - left))));
  out.push(el('text', { x: left, y: 38, fill: '#333' }, esc(`G(x, y) for 0 ≤ x < ${gw}, 0 ≤ y < ${gh}` + (k > 1 ? `; each pixel averages ${k} × ${k} cells` : ''))));
  out.push(el('image', {
    id: 'cells', x: left, y: top, width: pw, height: ph, preserveAspectRatio: 'none',
    'image-rendering': 'optimizeSpeed', style: 'image-rendering:pixelated', href: `data:image/png;base64,${png}`,
  }));
  out.push(pPositionDots(map.pPositions, grid));
  const lineEls = lineElements(lines, grid);
  if (lineEls.length > 0) out.push(el('g', { id: 'lines', 'clip-path': 'url(#plot-area)' }, lineEls.join('')));

  const tx = niceTicks(0, gw - 1, 6).filter((t) => t < gw);
  const ty = niceTicks(0, gh - 1, 6).filter((t) => t < gh);
  out.push(axes(left, top, pw, ph, (x) => xOf(x + 0.5), (y) => yOf(y + 0.5), tx, ty));
  out.push(el('text', { x: left + pw / 2, y: top + ph + 36, 'text-anchor': 'middle' }, 'x'));
  out.push(el('text', { x: 18, y: top + ph / 2, 'text-anchor': 'middle' }, 'y'));
  out.push(...colourBarAndLegend(left + pw + 24, top, ph, vmax, k, barTicks, lines));
  out.push('</svg>');
  return out.join('\n');
}

/** The colour bar's width. */
const BAR_W = 16;

/** The plot's grid size and cell size, and grid coordinates (cell corners) to pixels, y up. */
interface GridFrame {
  readonly gw: number;
  readonly gh: number;
  readonly cell: number;
  xOf(x: number): number;
  yOf(y: number): number;
}

/** The cells as one PNG (base64): block averages of k × k cells, each scaled up to whole pixels; and the largest value. */
function cellImage(at: (x: number, y: number) => number, gw: number, gh: number): { k: number; vmax: number; png: string } {
  // Block averages: one image pixel per block of k × k cells.
  const k = Math.max(1, Math.ceil(Math.max(gw, gh) / MAX_IMAGE_SIDE));
  const iw = Math.ceil(gw / k);
  const ih = Math.ceil(gh / k);
  const sum = new Float64Array(iw * ih);
  const n = new Uint32Array(iw * ih);
  let vmax = 0;
  for (let y = 0; y < gh; y++) {
    const row = Math.floor(y / k);
    for (let x = 0; x < gw; x++) {
      const v = at(x, y);
      if (v > vmax) vmax = v;
      const i = row * iw + Math.floor(x / k);
      sum[i] += v;
      n[i]++;
    }
  }
  // Small grids are scaled up here by a whole factor u, so cells stay sharp squares
  // whatever the viewer's image smoothing (resvg ignores image-rendering).
  const u = Math.max(1, Math.floor(MAX_IMAGE_SIDE / Math.max(iw, ih)));
  const rgb = new Uint8Array(iw * u * ih * u * 3);
  for (let r = 0; r < ih; r++) {
    for (let c = 0; c < iw; c++) {
      const i = r * iw + c;
      const colour = viridis(sum[i]! / n[i]! / Math.max(1, vmax));
      // Image rows run top-down; y runs bottom-up.
      for (let dy = 0; dy < u; dy++) for (let dx = 0; dx < u; dx++) rgb.set(colour, (((ih - 1 - r) * u + dy) * iw * u + c * u + dx) * 3);
    }
  }
  return { k, vmax, png: Buffer.from(encodeRgbPng(iw * u, ih * u, rgb)).toString('base64') };
}

/**
 * The right margin holds the colour bar with its labels and the legend under it: as wide as
 * their longest text (over-estimated, see textWidth), so no label is cut at the picture's edge.
 */
function rightMargin(barTicks: readonly number[], lines: NonNullable<Heatmap['lines']>): number {
  const barPart = BAR_W + 7 + Math.max(...barTicks.map((t) => textWidth(tickLabel(t), LEGEND_FONT)));
  const legendPart = 18 + Math.max(...['G = 0', ...lines.map((l) => l.label)].map((t) => textWidth(t, LEGEND_FONT)));
  return Math.max(100, Math.ceil(24 + Math.max(barPart, legendPart) + 8));
}

/** P-positions at cell centres; a dot never smaller than 1.5 px nor bigger than its cell. */
function pPositionDots(pPositions: Heatmap['pPositions'], { cell, xOf, yOf }: GridFrame): string {
  const r = Math.max(1.5, Math.min(4, cell * 0.35));
  const seen = new Set<number>();
  const dots: string[] = [];
  for (const [x, y] of pPositions) {
    const px = Math.round(xOf(x + 0.5) * 2);
    const py = Math.round(yOf(y + 0.5) * 2);
    const key = px * 100_000 + py;
    if (seen.has(key)) continue; // several P-positions in one half-pixel: one dot
    seen.add(key);
    dots.push(`M${fmt(px / 2)} ${fmt(py / 2)}h0`);
  }
  const dotPath = dots.join('');
  return el('g', { id: 'p-positions', 'clip-path': 'url(#plot-area)' },
    el('path', { d: dotPath, stroke: '#000', 'stroke-width': 2 * r + 1.4, 'stroke-linecap': 'round' }) +
    el('path', { d: dotPath, stroke: '#fff', 'stroke-width': 2 * r, 'stroke-linecap': 'round' }));
}

/** Lines through cell centres: y + 1/2 = slope (x + 1/2) + intercept; each dashed, and labelled near its far end. */
function lineElements(lines: NonNullable<Heatmap['lines']>, { gw, gh, xOf, yOf }: GridFrame): string[] {
  const lineEls: string[] = [];
  lines.forEach((line, i) => {
    const yAt = (x: number) => line.slope * x + line.intercept;
    // The x-range where the line is inside the grid: draw it there, and label it near its far end.
    let x0 = -0.5;
    let x1 = gw - 0.5;
    if (line.slope !== 0) {
      const xa = (-0.5 - line.intercept) / line.slope;
      const xb = (gh - 0.5 - line.intercept) / line.slope;
      x0 = Math.max(x0, Math.min(xa, xb));
      x1 = Math.min(x1, Math.max(xa, xb));
    }
    if (x1 <= x0) return;
    const p = (x: number) => `${fmt(xOf(x + 0.5))} ${fmt(yOf(yAt(x) + 0.5))}`;
    lineEls.push(el('path', { d: `M${p(x0)}L${p(x1)}`, stroke: '#000', 'stroke-width': 1.5, 'stroke-dasharray': i % 2 === 0 ? '7 4' : '2 3', fill: 'none', 'data-slope': String(line.slope), 'data-intercept': String(line.intercept) }));
    const lx = x0 + 0.88 * (x1 - x0);
    lineEls.push(el('text', {
      x: xOf(lx + 0.5) - 4, y: yOf(yAt(lx) + 0.5) - 6, 'text-anchor': 'end', 'font-size': 12, 'font-weight': 'bold',
      stroke: '#fff', 'stroke-width': 3, 'paint-order': 'stroke', 'stroke-linejoin': 'round',
    }, esc(line.label)));
  });
  return lineEls;
}

/** The colour bar at (bx, top), with the P-position key and the lines' legend under it. */
function colourBarAndLegend(bx: number, top: number, ph: number, vmax: number, k: number, barTicks: readonly number[], lines: NonNullable<Heatmap['lines']>): string[] {
  const out: string[] = [];
  // The colour bar keeps a fixed height, so a flat grid still gets a readable one.
  const barH = Math.max(ph, 240) * 0.6;
  const stops = Array.from({ length: 9 }, (_, i) => el('stop', { offset: i / 8, 'stop-color': hex(viridis(i / 8)) })).join('');
  out.push(el('defs', {}, el('linearGradient', { id: 'bar', x1: 0, y1: 1, x2: 0, y2: 0 }, stops)));
  out.push(el('rect', { x: bx, y: top, width: BAR_W, height: barH, fill: 'url(#bar)', stroke: '#000', 'stroke-width': 0.5 }));
  const barY = (v: number) => top + barH * (1 - v / Math.max(1, vmax));
  out.push(el('g', { id: 'colour-bar', 'font-size': LEGEND_FONT }, barTicks.map((t) => el('path', { d: `M${fmt(bx + BAR_W)} ${fmt(barY(t))}h4`, stroke: '#000' }) + el('text', { x: bx + BAR_W + 7, y: barY(t) + 4 }, esc(tickLabel(t)))).join('')));
  out.push(el('text', { x: bx, y: top - 8, 'font-size': 11 }, 'G' + (k > 1 ? ' (mean)' : '')));
  const ky = top + barH + 28;
  out.push(el('g', { id: 'legend', 'font-size': LEGEND_FONT },
    el('circle', { cx: bx + 6, cy: ky, r: 4, fill: '#fff', stroke: '#000', 'stroke-width': 1.4 }) + el('text', { x: bx + 16, y: ky + 4 }, 'G = 0') +
    lines.map((l, i) => el('path', { d: `M${fmt(bx)} ${fmt(ky + 20 + 18 * i)}h14`, stroke: '#000', 'stroke-width': 1.5, 'stroke-dasharray': i % 2 === 0 ? '7 4' : '2 3' }) + el('text', { x: bx + 18, y: ky + 24 + 18 * i }, esc(l.label))).join('')));
  return out;
}
