/**
 * The plot of G(n) against n, drawn for the page: the preperiod hatched, the
 * first period between dashed lines and every other later period shaded,
 * P-positions (G = 0) marked. It zooms into any range of heaps (wheel,
 * buttons, + and − keys) and pans (drag, arrow keys), redrawing at the
 * element's own width, so labels stay readable on a phone and on a projector.
 * Far zoomed out, each pixel column shows the least and greatest value in it.
 */
import type { Translate } from '../../core/i18n/index.js';
import { h, s } from './dom.js';

export interface PlotCycle {
  readonly preperiod: number;
  readonly period: number;
}

export interface PlotInput {
  readonly values: Uint32Array;
  readonly cycle: PlotCycle | null;
  /** The pattern in words, for the picture's accessible name. */
  readonly patternText: string;
  /** Asks why heap n has its value (a click on the plot, without a drag); absent while values are computed. */
  readonly why?: (n: number) => void;
}

/** Ticks at 1, 2 or 5 times a power of ten, about `count` of them over [lo, hi]. */
function ticks(lo: number, hi: number, count: number): number[] {
  const span = Math.max(hi - lo, 1);
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((m) => m >= raw) ?? 10 * power);
  const out: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) out.push(v);
  return out;
}

const MIN_SPAN = 8;

/** The plot and its controls; `heading` names it (the values so far, while they are computed). */
export function plotSection(input: PlotInput, t: Translate, heading = t('explore.plot')): HTMLElement {
  const total = input.values.length;
  let from = 0;
  let to = total - 1;
  const figure = h('div', { class: 'plot', tabindex: 0, role: 'group', 'aria-label': heading, 'aria-describedby': 'plot-help' });
  const rangeText = h('span', { class: 'range', 'aria-live': 'polite' });
  const clamp = (a: number, b: number) => {
    const span = Math.max(Math.min(b - a, total - 1), Math.min(MIN_SPAN, total - 1));
    a = Math.max(0, Math.min(a, total - 1 - span));
    return [Math.round(a), Math.round(a + span)] as const;
  };
  const zoom = (factor: number, at = (from + to) / 2) => {
    const span = (to - from) * factor;
    const share = to === from ? 0.5 : (at - from) / (to - from);
    [from, to] = clamp(at - span * share, at - span * share + span);
    draw();
  };
  const pan = (share: number) => {
    const shift = Math.round((to - from) * share) || Math.sign(share);
    [from, to] = clamp(from + shift, to + shift);
    draw();
  };
  const reset = () => {
    [from, to] = [0, total - 1];
    draw();
  };
  const button = (text: string, label: string, act: () => void) => h('button', { type: 'button', title: label, 'aria-label': label, onclick: act }, text);
  const controls = h(
    'div',
    { class: 'pager' },
    button('+', t('explore.plot.zoomIn'), () => zoom(0.5)),
    button('−', t('explore.plot.zoomOut'), () => zoom(2)),
    button('◀', t('explore.plot.left'), () => pan(-0.5)),
    button('▶', t('explore.plot.right'), () => pan(0.5)),
    button('⤢', t('explore.plot.reset'), reset),
    rangeText,
  );

  // Geometry of the last drawing, for the pointer's heap.
  let left = 0;
  let plotWidth = 1;
  const heapAt = (clientX: number) => {
    const box = figure.getBoundingClientRect();
    return from + ((clientX - box.left - left) / plotWidth) * (to - from + 1);
  };
  figure.addEventListener('wheel', (event) => {
    event.preventDefault();
    zoom(event.deltaY < 0 ? 0.8 : 1.25, heapAt(event.clientX));
  }, { passive: false });
  let dragFrom: { x: number; from: number; to: number } | null = null;
  figure.addEventListener('pointerdown', (event) => {
    dragFrom = { x: event.clientX, from, to };
    figure.setPointerCapture(event.pointerId);
  });
  figure.addEventListener('pointermove', (event) => {
    if (!dragFrom) return;
    const shift = -((event.clientX - dragFrom.x) / plotWidth) * (dragFrom.to - dragFrom.from + 1);
    [from, to] = clamp(dragFrom.from + shift, dragFrom.to + shift);
    draw();
  });
  figure.addEventListener('pointerup', (event) => {
    // A click (a drag of a few pixels at most) asks why the heap under the pointer has its value.
    const click = dragFrom !== null && Math.abs(event.clientX - dragFrom.x) < 4;
    dragFrom = null;
    const n = Math.floor(heapAt(event.clientX));
    if (click && input.why && n >= from && n <= to) input.why(n);
  });
  figure.addEventListener('keydown', (event) => {
    const act = ({ '+': () => zoom(0.5), '=': () => zoom(0.5), '-': () => zoom(2), ArrowLeft: () => pan(-0.25), ArrowRight: () => pan(0.25), Home: reset } as Record<string, () => void>)[event.key];
    if (!act) return;
    event.preventDefault();
    act();
  });

  function draw(): void {
    const frame = plotFrame(input.values, from, to, figure.clientWidth);
    left = frame.left;
    plotWidth = frame.plotWidth;
    figure.replaceChildren(plotSvg(input, frame, t));
    rangeText.textContent = t('explore.plot.range', { from, to });
  }

  const legend = plotLegend(input.cycle !== null, t);
  const section = h('section', { 'aria-labelledby': 'plot-heading', id: 'plot-section' }, h('h2', { id: 'plot-heading' }, heading), controls, figure, legend, h('p', { id: 'plot-help', class: 'help' }, t('explore.plot.help')));
  // Drawn at the element's width once it has one, and again whenever that changes.
  let lastWidth = -1;
  new ResizeObserver(() => {
    if (figure.clientWidth !== lastWidth) {
      lastWidth = figure.clientWidth;
      draw();
    }
  }).observe(figure);
  return section;
}

/** The key to the plot's marks (the pattern's only when there is one). */
function plotLegend(hasCycle: boolean, t: Translate): HTMLElement {
  return h(
    'ul',
    { class: 'legend' },
    hasCycle ? h('li', {}, h('span', { class: 'key preperiod' }), t('explore.plot.preperiod')) : null,
    hasCycle ? h('li', {}, h('span', { class: 'key period' }), t('explore.plot.firstPeriod')) : null,
    h('li', {}, h('span', { class: 'key zero' }), t('explore.plot.pPosition')),
  );
}

/** The plot's geometry for heaps from..to at an element's width: margins, the plot area, heap and value to pixel. */
interface PlotFrame {
  readonly width: number;
  readonly height: number;
  readonly narrow: boolean;
  readonly font: number;
  readonly left: number;
  readonly top: number;
  readonly plotWidth: number;
  readonly ph: number;
  readonly from: number;
  readonly to: number;
  readonly span: number;
  readonly yMax: number;
  xOf(n: number): number;
  yOf(v: number): number;
}

function plotFrame(values: Uint32Array, from: number, to: number, clientWidth: number): PlotFrame {
  const width = Math.max(280, Math.round(clientWidth || 800));
  const narrow = width < 500;
  const height = narrow ? 240 : 320;
  const font = narrow ? 11 : 13;
  const left = narrow ? 36 : 48;
  const right = 10;
  const top = 22;
  const bottom = 34;
  const plotWidth = width - left - right;
  const ph = height - top - bottom;
  const span = to - from + 1;
  const xOf = (n: number) => left + ((n - from) / span) * plotWidth;
  let maxValue = 0;
  for (let n = from; n <= to; n++) if (values[n]! > maxValue) maxValue = values[n]!;
  const yMax = Math.max(1, maxValue);
  const yOf = (v: number) => top + ph - (v / yMax) * (ph - 6) - 3;
  return { width, height, narrow, font, left, top, plotWidth, ph, from, to, span, yMax, xOf, yOf };
}

/** The picture of a frame: the pattern's regions, the values, the axes, named for screen readers. */
function plotSvg(input: PlotInput, frame: PlotFrame, t: Translate): SVGElement {
  const { width, height, left, top, plotWidth, ph, from, to } = frame;
  const parts: SVGElement[] = [];
  parts.push(
    s('defs', {}, s('pattern', { id: 'hatch', width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, s('line', { x1: 0, y1: 0, x2: 0, y2: 6, class: 'hatch-line' })), s('clipPath', { id: 'plot-clip' }, s('rect', { x: left, y: top, width: plotWidth, height: ph }))),
  );
  const marks = s('g', { 'clip-path': 'url(#plot-clip)' });
  const cycle = input.cycle;
  if (cycle) marks.append(...patternMarks(cycle, frame));
  marks.append(...valueMarks(input.values, frame));
  parts.push(marks);
  parts.push(plotAxis(frame, t));
  const label = t('explore.plot.label', { from, to, pattern: input.patternText });
  return s('svg', { xmlns: 'http://www.w3.org/2000/svg', width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label, id: 'plot-svg', 'data-from': from, 'data-to': to, 'data-preperiod': cycle?.preperiod ?? 'none', 'data-period': cycle?.period ?? 'none' }, s('title', {}, label), ...parts);
}

/** The preperiod hatched, every other later period shaded, the first period between lines. */
function patternMarks(cycle: PlotCycle, { from, to, span, top, ph, plotWidth, xOf }: PlotFrame): SVGElement[] {
  const marks: SVGElement[] = [];
  if (cycle.preperiod > from) marks.push(s('rect', { class: 'preperiod', x: xOf(0), y: top, width: Math.max(0, xOf(cycle.preperiod) - xOf(0)), height: ph }));
  // Every other later period shaded, while a band is wide enough to see.
  const bandWidth = (cycle.period / span) * plotWidth;
  if (bandWidth >= 3) {
    const k0 = Math.max(1, Math.floor((from - cycle.preperiod) / cycle.period));
    for (let k = k0; cycle.preperiod + k * cycle.period <= to; k++) {
      if (k % 2 === 1) marks.push(s('rect', { class: 'band', x: xOf(cycle.preperiod + k * cycle.period), y: top, width: bandWidth, height: ph }));
    }
  }
  for (const n of [cycle.preperiod, cycle.preperiod + cycle.period]) marks.push(s('line', { class: 'period-line', x1: xOf(n), x2: xOf(n), y1: top, y2: top + ph }));
  return marks;
}

/** Values: a dot each while they have room, else a min-max stroke per pixel column. */
function valueMarks(values: Uint32Array, { from, to, span, left, top, ph, plotWidth, xOf, yOf }: PlotFrame): SVGElement[] {
  if (span <= plotWidth / 3) {
    const r = Math.max(2, Math.min(5, plotWidth / span / 3));
    let dots = '';
    let zeros = '';
    for (let n = from; n <= to; n++) {
      const x = xOf(n + 0.5).toFixed(1);
      const y = yOf(values[n]!).toFixed(1);
      const d = `M${x} ${y}m-${r} 0a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 -${2 * r} 0`;
      if (values[n] === 0) zeros += d;
      else dots += d;
    }
    return [s('path', { class: 'values', d: dots }), s('path', { class: 'zeros', d: zeros })];
  }
  const columns = Math.floor(plotWidth);
  let strokes = '';
  let zeros = '';
  for (let c = 0; c < columns; c++) {
    const a = from + Math.floor((c * span) / columns);
    const b = Math.max(a, from + Math.floor(((c + 1) * span) / columns) - 1);
    let lo = Infinity;
    let hi = -Infinity;
    for (let n = a; n <= b; n++) {
      const v = values[n]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    const x = (left + c + 0.5).toFixed(1);
    strokes += `M${x} ${(yOf(hi) - 1).toFixed(1)}V${(yOf(lo) + 1).toFixed(1)}`;
    if (lo === 0) zeros += `M${x} ${top + ph}v-4`;
  }
  return [s('path', { class: 'strokes', d: strokes }), s('path', { class: 'zero-ticks', d: zeros })];
}

/** Axes, ticks and labels. */
function plotAxis({ narrow, font, left, top, plotWidth, ph, height, from, to, yMax, xOf, yOf }: PlotFrame, t: Translate): SVGElement {
  const axis = s('g', { class: 'axis', 'font-size': font });
  axis.append(s('path', { d: `M${left} ${top}V${top + ph}H${left + plotWidth}` }));
  for (const v of ticks(0, yMax, narrow ? 3 : 5)) {
    axis.append(s('line', { x1: left - 4, x2: left, y1: yOf(v), y2: yOf(v) }), s('text', { x: left - 6, y: yOf(v) + font / 3, 'text-anchor': 'end' }, String(v)));
  }
  for (const n of ticks(from, to, narrow ? 3 : 7)) {
    const x = xOf(n + 0.5);
    axis.append(s('line', { x1: x, x2: x, y1: top + ph, y2: top + ph + 4 }), s('text', { x, y: top + ph + 6 + font, 'text-anchor': 'middle' }, String(n)));
  }
  axis.append(s('text', { x: left, y: top - 8 }, t('explore.plot.value')));
  axis.append(s('text', { x: left + plotWidth, y: height - 2, 'text-anchor': 'end' }, 'n'));
  return axis;
}
