/**
 * The sweep picture: every rule placed by preperiod (x, log(1 + x) so 0 has
 * a place) and period (y, log scale), with colour AND shape by kind so it
 * reads in black and white. Rules with the same kind, preperiod and period
 * share one marker, sized by their number; its <title> names them all, so
 * hovering a marker names the rules. Rules with no pattern (or an error) have
 * no coordinates: each kind gets one marker in a column beside the plot.
 */
import { countOf, formatCount } from '../core/numbers.js';
import { axes } from './axes.js';
import { el, esc, fitText, fmt, svgOpen } from './svg.js';
import { log1pTicks } from './ticks.js';
import type { SweepKind, SweepMap, SweepPoint } from './types.js';

/** Colour (Dark2, distinguishable by most colour-blind readers) and shape of each kind. */
const STYLE: Record<SweepKind, { colour: string; label: string }> = {
  periodic: { colour: '#1b9e77', label: 'periodic' },
  'arithmetic-periodic': { colour: '#d95f02', label: 'arithmetic-periodic' },
  none: { colour: '#7570b3', label: 'no pattern found' },
  error: { colour: '#e7298a', label: 'error' },
};

/** A marker of `kind` centred at (x, y) with radius r: circle, triangle, cross or square. */
function marker(kind: SweepKind, x: number, y: number, r: number): string {
  const c = STYLE[kind].colour;
  switch (kind) {
    case 'periodic':
      return el('circle', { cx: x, cy: y, r, fill: c, 'fill-opacity': 0.75, stroke: '#000', 'stroke-width': 0.6 });
    case 'arithmetic-periodic':
      return el('path', { d: `M${fmt(x)} ${fmt(y - r * 1.2)}L${fmt(x + r * 1.1)} ${fmt(y + r * 0.8)}H${fmt(x - r * 1.1)}Z`, fill: '#fff', 'fill-opacity': 0.6, stroke: c, 'stroke-width': 1.8 });
    case 'none':
      return el('path', { d: `M${fmt(x - r)} ${fmt(y - r)}l${fmt(2 * r)} ${fmt(2 * r)}m0 ${fmt(-2 * r)}l${fmt(-2 * r)} ${fmt(2 * r)}`, stroke: c, 'stroke-width': 2.2, fill: 'none' });
    case 'error':
      return el('rect', { x: x - r, y: y - r, width: 2 * r, height: 2 * r, fill: '#fff', 'fill-opacity': 0.6, stroke: c, 'stroke-width': 1.8 });
  }
}

/** Hover text of a group: how many rules and which. */
function groupTitle(points: readonly SweepPoint[]): string {
  const p = points[0]!;
  const where = p.preperiod === null ? STYLE[p.kind].label : `${STYLE[p.kind].label}, preperiod ${p.preperiod}, period ${p.period}`;
  const n = countOf(points.length, 'rule');
  return `${where} (${n}): ${points.map((q) => q.rule).join(', ')}`;
}

/**
 * Renders a sweep map as a standalone SVG document. Root data attributes:
 * data-rules (how many points), data-groups (markers drawn), the axis
 * scales (data-x-scale log1p over data-x-max, data-y-scale log10 over
 * data-y-max) and the plot frame; each marker's group carries data-kind,
 * data-preperiod, data-period and data-count.
 */
export function renderSweepMap(map: SweepMap): string {
  const width = Math.round(map.width ?? 760);
  const height = Math.round(map.height ?? 520);
  const groups = new Map<string, SweepPoint[]>();
  let maxPre = 1;
  let maxPeriod = 10;
  for (const p of map.points) {
    const placed = p.kind === 'periodic' || p.kind === 'arithmetic-periodic';
    const key = placed && p.preperiod !== null && p.period !== null ? `${p.kind} ${p.preperiod} ${p.period}` : p.kind === 'error' ? 'error' : 'none';
    const list = groups.get(key) ?? [];
    list.push(p);
    groups.set(key, list);
    if (placed && p.preperiod !== null && p.period !== null) {
      maxPre = Math.max(maxPre, p.preperiod);
      maxPeriod = Math.max(maxPeriod, p.period);
    }
  }
  // Axes end at the next power of ten, so ticks at both ends are round.
  const xMax = 10 ** Math.ceil(Math.log10(maxPre + 1));
  const yMax = 10 ** Math.ceil(Math.log10(maxPeriod));

  const left = 64;
  const top = 56;
  const right = 200;
  const bottom = 56;
  const pw = width - left - right;
  const ph = height - top - bottom;
  // A margin of 4% inside the frame, so markers at preperiod 0 or period 1 do not sit on the axes.
  const pad = 0.04;
  const xOf = (v: number) => left + (pad + (1 - 2 * pad) * (Math.log1p(v) / Math.log1p(xMax))) * pw;
  const yOf = (v: number) => top + ph - (pad + (1 - 2 * pad) * (Math.log10(Math.max(1, v)) / Math.log10(yMax))) * ph;

  const out: string[] = [];
  out.push(svgOpen(width, height, {
    kind: 'sweep', rules: map.points.length, groups: groups.size,
    'x-scale': 'log1p', 'x-max': xMax, 'y-scale': 'log10', 'y-min': 1, 'y-max': yMax,
    'plot-left': left, 'plot-top': top, 'plot-width': pw, 'plot-height': ph,
  }, map.title));
  out.push(el('text', { x: left, y: 20, 'font-size': 16, 'font-weight': 'bold' }, esc(fitText(map.title, 16, width - left))));
  const counts = (['periodic', 'arithmetic-periodic', 'none', 'error'] as const).map((k) => [k, map.points.filter((p) => p.kind === k).length] as const);
  out.push(el('text', { x: left, y: 38, fill: '#333' }, esc(`${countOf(map.points.length, 'rule')}: ` + counts.filter(([, n]) => n > 0).map(([k, n]) => `${formatCount(n)} ${STYLE[k].label}`).join(', '))));

  const yTicks: number[] = [];
  for (let t = 1; t <= yMax; t *= 10) yTicks.push(t);
  out.push(axes(left, top, pw, ph, xOf, yOf, log1pTicks(xMax), yTicks, 1000, 1000));
  out.push(el('text', { x: left + pw / 2, y: top + ph + 36, 'text-anchor': 'middle' }, 'preperiod (log scale, as log(1 + preperiod))'));
  out.push(el('text', { x: 18, y: top + ph / 2, 'text-anchor': 'middle', transform: `rotate(-90 18 ${fmt(top + ph / 2)})` }, 'period (log scale)'));

  // Bigger groups first, so small markers stay on top and hoverable.
  const radius = (n: number) => Math.min(14, 3.5 + 2 * Math.sqrt(n - 1));
  const sorted = [...groups.values()].sort((a, b) => b.length - a.length);
  const side: SweepPoint[][] = [];
  const markers: string[] = [];
  for (const g of sorted) {
    const p = g[0]!;
    if (p.preperiod === null || p.period === null || p.kind === 'none' || p.kind === 'error') {
      side.push(g);
      continue;
    }
    markers.push(el('g', { 'data-kind': p.kind, 'data-preperiod': p.preperiod, 'data-period': p.period, 'data-count': g.length },
      `<title>${esc(groupTitle(g))}</title>` + marker(p.kind, xOf(p.preperiod), yOf(p.period), radius(g.length))));
  }
  out.push(el('g', { id: 'points' }, markers.join('')));

  // Legend on the right; below it, one marker per kind of rule that has no coordinates.
  const lx = left + pw + 24;
  const legend: string[] = [];
  let ly = top + 8;
  for (const [k, n] of counts) {
    if (n === 0 && (k === 'none' || k === 'error')) continue;
    legend.push(marker(k, lx + 6, ly, 5) + el('text', { x: lx + 18, y: ly + 4 }, esc(STYLE[k].label)));
    ly += 20;
  }
  legend.push(el('text', { x: lx, y: ly + 6, fill: '#333', 'font-size': 10 }, 'marker area grows with'));
  legend.push(el('text', { x: lx, y: ly + 19, fill: '#333', 'font-size': 10 }, 'the number of rules'));
  ly += 44;
  const sideEls = side.map((g) => {
    const p = g[0]!;
    const y = ly;
    ly += 34;
    return el('g', { 'data-kind': p.kind, 'data-count': g.length },
      `<title>${esc(groupTitle(g))}</title>` + marker(p.kind, lx + 10, y, radius(g.length) > 9 ? 9 : radius(g.length)) + el('text', { x: lx + 26, y: y + 4 }, esc(`${STYLE[p.kind].label}: ${g.length}`)));
  });
  out.push(el('g', { id: 'legend', 'font-size': 11 }, legend.join('') + sideEls.join('')));
  out.push('</svg>');
  return out.join('\n');
}

