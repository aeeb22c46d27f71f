/**
 * The 1-D picture: G(n) against n, with the preperiod hatched, the first
 * period marked by dashed lines and the later periods as alternating bands,
 * P-positions and rare values as tick strips above the plot. Readable in
 * black and white: hatching, dashes and grey bands carry the meaning, not colour.
 */
import { countOf } from '../core/numbers.js';
import { LEVELS, summariseColumns } from './downsample.js';
import { axes } from './axes.js';
import { el, esc, fitText, fmt, svgOpen } from './svg.js';
import { log1pTicks, niceMax, niceTicks } from './ticks.js';
import type { SequencePlot } from './types.js';

/** A plot's columns as summariseColumns gives them. */
type Columns = ReturnType<typeof summariseColumns>;

/** Bands narrower than this many pixels are not drawn (they would be a grey wash). */
const MIN_BAND_PX = 3;

/**
 * Renders a sequence plot as a standalone SVG document. Reads each of
 * `values[0..count-1]` exactly once, so any N costs one pass and the file
 * size depends on the picture width, not on N.
 *
 * The root carries what the picture shows, for scripts and tests:
 * data-count, data-preperiod, data-period, data-saltus, data-proven,
 * data-x-scale (linear | log1p), data-x-min / data-x-max (the heap range of
 * the x axis) over data-plot-left / data-plot-width pixels, and data-y-min /
 * data-y-max over data-plot-top / data-plot-height.
 */
export function renderSequencePlot(plot: SequencePlot): string {
  const width = Math.round(plot.width ?? 800);
  const height = Math.round(plot.height ?? 420);
  const { count, cycle } = plot;
  const hasRare = plot.rare !== undefined;
  const left = 64;
  const right = 20;
  const stripTop = 50;
  const strip = 8;
  const top = stripTop + (hasRare ? 2 : 1) * (strip + 4) + 4;
  const bottom = 62;
  const pw = width - left - right;
  const ph = height - top - bottom;
  const log = plot.logX === true;
  const span = Math.max(count, 1);

  // Heap n -> pixel x, over the domain [0, count].
  const lx = Math.log1p(span);
  const xOf = log ? (n: number) => left + (Math.log1p(n) / lx) * pw : (n: number) => left + (n / span) * pw;
  const columns = Math.max(1, Math.floor(pw));
  const startOf = log ? (c: number) => Math.ceil(Math.expm1((c / columns) * lx) - 1e-9) : (c: number) => Math.ceil((c * count) / columns);
  const cols = summariseColumns(plot.values, count, columns, startOf, plot.rare);

  let maxValue = 0;
  for (let c = 0; c < columns; c++) if (cols.max[c]! > maxValue) maxValue = cols.max[c]!;
  // Headroom above the largest value, so top dots do not sit on the frame.
  const yMax = niceMax(maxValue + Math.max(1, maxValue * 0.04));
  const yOf = (v: number) => top + ph - (v / yMax) * ph;

  const out: string[] = [];
  out.push(
    svgOpen(width, height, {
      kind: 'sequence',
      count,
      preperiod: cycle ? cycle.preperiod : 'none',
      period: cycle ? cycle.period : 'none',
      saltus: cycle ? cycle.saltus : 'none',
      proven: String(plot.proven && cycle !== null),
      'x-scale': log ? 'log1p' : 'linear',
      'x-min': 0,
      'x-max': span,
      'plot-left': left,
      'plot-width': pw,
      'y-min': 0,
      'y-max': yMax,
      'plot-top': top,
      'plot-height': ph,
    }, `${plot.title}: ${describe(plot)}`),
  );
  out.push(
    '<defs>' +
      el('pattern', { id: 'hatch', width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, el('rect', { width: 6, height: 6, fill: '#f2f2f2' }) + el('line', { x1: 0, y1: 0, x2: 0, y2: 6, stroke: '#8c8c8c', 'stroke-width': 1.5 })) +
      el('clipPath', { id: 'plot-area' }, el('rect', { x: left, y: top, width: pw, height: ph })) +
      '</defs>',
  );

  // Title and the one-line statement of the pattern.
  out.push(el('text', { x: left, y: 20, 'font-size': 16, 'font-weight': 'bold' }, esc(fitText(plot.title, 16, width - left))));
  out.push(el('text', { x: left, y: 38, 'font-size': 12, fill: '#333' }, esc(describe(plot))));

  // Pattern regions, under the data.
  out.push('<g clip-path="url(#plot-area)">', ...patternRegions(cycle, span, xOf, top, ph), '</g>');

  // Axes and ticks.
  out.push(axes(left, top, pw, ph, xOf, yOf, log ? log1pTicks(span) : niceTicks(0, span, 7).filter((t) => t <= span), niceTicks(0, yMax, 5), log ? 1000 : 1e5));
  out.push(el('text', { x: left + pw / 2, y: top + ph + 34, 'text-anchor': 'middle' }, log ? 'n (log scale, as log(1 + n))' : 'n'));
  out.push(el('text', { x: 16, y: top + ph / 2, 'text-anchor': 'middle', transform: `rotate(-90 16 ${fmt(top + ph / 2)})` }, 'G(n)'));

  out.push(...valueMarks(cols, columns, maxValue, yMax, ph, xOf, yOf, left));
  out.push(...tickStrips(cols, columns, hasRare, xOf, left, stripTop, strip, pw));

  // A pattern narrower than a few pixels cannot be seen: say so rather than show an empty key.
  const visible = cycle !== null && xOf(cycle.preperiod + cycle.period) - xOf(0) >= 4;
  out.push(legend(left, height - 12, cycle === null ? 'none' : visible ? 'shown' : 'too-narrow', hasRare));
  out.push('</svg>');
  return out.join('\n');
}

/** The pattern's regions, under the data: the preperiod hatched, later periods as alternating bands, the first period between dashed lines. */
function patternRegions(cycle: SequencePlot['cycle'], span: number, xOf: (n: number) => number, top: number, ph: number): string[] {
  const out: string[] = [];
  if (cycle) {
    const pre = Math.min(cycle.preperiod, span);
    out.push(el('rect', { id: 'preperiod', x: xOf(0), y: top, width: xOf(pre) - xOf(0), height: ph, fill: 'url(#hatch)', 'data-from': 0, 'data-to': cycle.preperiod }));
    // Later periods: every other one shaded grey, while a band is wide enough to see.
    const bands: string[] = [];
    for (let k = 1, a = cycle.preperiod + cycle.period; a < span; k++, a += cycle.period) {
      const x0 = xOf(a);
      const x1 = xOf(Math.min(a + cycle.period, span));
      if (x1 - x0 < MIN_BAND_PX) break;
      if (k % 2 === 1) bands.push(`M${fmt(x0)} ${fmt(top)}H${fmt(x1)}V${fmt(top + ph)}H${fmt(x0)}Z`);
    }
    if (bands.length > 0) out.push(el('path', { id: 'period-bands', d: bands.join(''), fill: '#000', 'fill-opacity': 0.07 }));
    const a = cycle.preperiod;
    const b = cycle.preperiod + cycle.period;
    out.push(
      el('g', { id: 'first-period', 'data-from': a, 'data-to': b, stroke: '#000', 'stroke-width': 1.2, 'stroke-dasharray': '5 3' },
        el('line', { x1: xOf(a), y1: top, x2: xOf(a), y2: top + ph }) + el('line', { x1: xOf(b), y1: top, x2: xOf(b), y2: top + ph })),
    );
  }
  return out;
}

/** The values as marks (see the comment inside): dots, level strokes, or min-max segments. */
function valueMarks(cols: Columns, columns: number, maxValue: number, yMax: number, ph: number, xOf: (n: number) => number, yOf: (v: number) => number, left: number): string[] {
  const out: string[] = [];
  // The values: a dot per value where a column holds one. Where it holds several:
  // small values each get a horizontal stroke (runs of columns merged), so the
  // levels a sequence visits stay visible; large ones a min-max segment.
  const dots: string[] = [];
  const segs: string[] = [];
  const byLevel = maxValue < LEVELS && ph / yMax >= 3;
  const single = (c: number) => cols.start[c + 1]! - cols.start[c]! === 1;
  for (let c = 0; c < columns; c++) {
    const lo = cols.min[c]!;
    if (Number.isNaN(lo)) continue;
    if (single(c)) dots.push(`M${fmt(xOf(cols.start[c]!))} ${fmt(yOf(lo))}h0`);
    else if (!byLevel) segs.push(`M${fmt(left + c + 0.5)} ${fmt(yOf(cols.max[c]!) - 0.6)}V${fmt(yOf(lo) + 0.6)}`);
  }
  if (byLevel) {
    const has = (c: number, v: number) => !single(c) && ((cols.levels[2 * c + (v >> 5)]! >>> (v & 31)) & 1) === 1;
    for (let v = 0; v <= maxValue; v++) {
      for (let c = 0; c < columns; ) {
        if (!has(c, v)) {
          c++;
          continue;
        }
        const c0 = c;
        while (c < columns && has(c, v)) c++;
        segs.push(`M${fmt(left + c0)} ${fmt(yOf(v))}H${fmt(left + c)}`);
      }
    }
  }
  if (dots.length > 0) out.push(el('path', { id: 'value-dots', d: dots.join(''), stroke: '#000', 'stroke-width': 3.2, 'stroke-linecap': 'round', fill: 'none' }));
  if (segs.length > 0) out.push(el('path', { id: 'value-columns', d: segs.join(''), stroke: '#000', 'stroke-width': byLevel ? 2 : 1, fill: 'none' }));
  return out;
}

/** Strips above the plot: a tick wherever a column holds a P-position / a rare value. */
function tickStrips(cols: Columns, columns: number, hasRare: boolean, xOf: (n: number) => number, left: number, stripTop: number, strip: number, pw: number): string[] {
  const out: string[] = [];
  const strips: [string, string, (c: number) => boolean][] = [['p-positions', 'P', (c) => cols.zero[c] === 1]];
  if (hasRare) strips.push(['rare-values', 'rare', (c) => cols.rare[c]! > 0]);
  strips.forEach(([id, label, has], i) => {
    const y = stripTop + i * (strip + 4);
    out.push(el('text', { x: left - 6, y: y + strip - 0.5, 'text-anchor': 'end', 'font-size': 10 }, label));
    out.push(el('rect', { x: left, y, width: pw, height: strip, fill: 'none', stroke: '#bbb', 'stroke-width': 0.5 }));
    out.push(el('path', { id, d: stripPath(columns, cols.start, has, xOf, left, y, strip), fill: i === 0 ? '#000' : '#666' }));
  });
  return out;
}

/** The subtitle: what pattern, and how sure. */
function describe(plot: SequencePlot): string {
  const c = plot.cycle;
  const n = countOf(plot.count, 'value');
  if (!c) return `no pattern found in ${n}`;
  const kind = c.saltus === 0 ? 'periodic' : 'arithmetic-periodic';
  const s = c.saltus === 0 ? '' : `, saltus ${c.saltus}`;
  const how = plot.proven ? 'proven' : `observed over ${n}, not proven`;
  return `${kind}: preperiod ${c.preperiod}, period ${c.period}${s} (${how})`;
}

/**
 * Ticks for the columns where `has` holds: a column with a single value gets a
 * 2-px tick at that heap's own x; neighbouring columns with several values
 * each merge into one filled run.
 */
function stripPath(columns: number, start: Float64Array, has: (c: number) => boolean, xOf: (n: number) => number, left: number, y: number, h: number): string {
  let d = '';
  const single = (c: number) => start[c + 1]! - start[c]! === 1;
  for (let c = 0; c < columns; ) {
    if (!has(c)) {
      c++;
    } else if (single(c)) {
      d += `M${fmt(xOf(start[c]!) - 1)} ${fmt(y)}h2v${h}h-2Z`;
      c++;
    } else {
      const c0 = c;
      while (c < columns && has(c) && !single(c)) c++;
      d += `M${fmt(left + c0)} ${fmt(y)}H${fmt(left + c)}v${h}H${fmt(left + c0)}Z`;
    }
  }
  return d;
}

/** One line of keys under the plot; each key draws like the thing it names. */
function legend(x: number, y: number, cycle: 'none' | 'shown' | 'too-narrow', hasRare: boolean): string {
  const items: string[] = [];
  let at = x;
  const add = (swatch: string, text: string) => {
    const dx = swatch ? 20 : 0;
    items.push(swatch + el('text', { x: at + dx, y }, esc(text)));
    at += dx + text.length * 6.2 + 16;
  };
  if (cycle === 'too-narrow') add('', 'preperiod and first period: too narrow to see at this scale (a log x axis shows them)');
  if (cycle === 'shown') {
    add(el('rect', { x: at, y: y - 10, width: 14, height: 12, fill: 'url(#hatch)', stroke: '#888', 'stroke-width': 0.5 }), 'preperiod');
    add(el('line', { x1: at + 7, y1: y - 11, x2: at + 7, y2: y + 2, stroke: '#000', 'stroke-width': 1.2, 'stroke-dasharray': '5 3' }), 'first period');
    add(el('rect', { x: at, y: y - 10, width: 14, height: 12, fill: '#000', 'fill-opacity': 0.07, stroke: '#888', 'stroke-width': 0.5 }), 'every other later period');
  }
  add(el('rect', { x: at + 4, y: y - 10, width: 6, height: 12, fill: '#000' }), 'P-position (G = 0)');
  if (hasRare) add(el('rect', { x: at + 4, y: y - 10, width: 6, height: 12, fill: '#666' }), 'rare value');
  return el('g', { id: 'legend', 'font-size': 11 }, items.join(''));
}
