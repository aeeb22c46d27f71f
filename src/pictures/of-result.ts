/**
 * Pictures of results: the bridge from what sg-explore computed to the pure
 * renderers in src/pictures/. A one-heap table is a plot of G(n) with its
 * pattern marked, a two-pile table a heat map with its P-positions (and the
 * lines of their Beatty law), a heap with memory a plot of its start values.
 * `--plot FILE.svg|.png` writes the picture; `--format html` wraps it in a
 * self-contained page.
 */
import type { Exploration } from '../core/heap/explore.js';
import type { GridExploration } from '../core/kinds/two-pile/grid.js';
import type { CappedHeapExploration } from '../core/kinds/capped-heap/explore-capped.js';
import { quadraticValue, type BeattyLaw } from '../core/laws/beatty.js';
import type { AnalysisResult as Result } from '../core/kinds/registry.js';
import { InputError, mention, says } from '../core/errors.js';
import { countOf } from '../core/numbers.js';
import { isRareHeap } from '../core/kernels/rare.js';
import { ruleTitle } from '../core/rules/spec.js';
import { summarise } from '../report/summary.js';
import { lawText } from '../core/kinds/capped-heap/law-text.js';
import { isPngFile } from './picture-file.js';

/** Values a plot reads at most (a proven cycle carries a table on past what was computed). */
export const PLOT_VALUES_CAP = 2 ** 27;

/** Every value a plot shows: the computed ones, then the proven cycle carried on, up to max. */
function plotValues(x: Exploration): { values: ArrayLike<number>; count: number } {
  const wanted = Number(x.max < BigInt(PLOT_VALUES_CAP) ? x.max + 1n : BigInt(PLOT_VALUES_CAP));
  if (wanted <= x.computed) return { values: x.values, count: wanted };
  const values = new Uint32Array(wanted);
  for (let n = 0; n < wanted; n++) values[n] = x.valueOf(n);
  return { values, count: wanted };
}

function heapPicture(x: Exploration, logX: boolean): string {
  const { values, count } = plotValues(x);
  const mask = x.kernel?.mask;
  // The rare heaps of the rare/common split under the kernel's mask, in its space (isRareHeap); heap 0 and value 0 are left unmarked.
  const splitTake = x.kernel?.space === 'domain' ? (x.kernel.splitTake ?? 0) : null;
  const rare = mask !== undefined ? (v: number, n: number) => v !== 0 && n !== 0 && isRareHeap(v, n, mask, splitTake) : undefined;
  return renderers.sequence(renderers.sequencePlotOf(summarise(x), values, count, { rare, logX }));
}

function gridPicture(x: GridExploration): string {
  const width = x.max + 1;
  const rows = x.lastRow - x.firstRow + 1;
  const law = x.law;
  // P-positions (⌊kα + β⌋, ⌊kα' + β'⌋) lie along a line through (β, β') of slope α'/α, and its mirror image.
  const line = law?.a && law?.b ? beattyLine(law.a, law.b) : null;
  return renderers.heatmap({
    title: ruleTitle(x.rule, x.game.name),
    size: { width, height: rows },
    value: (col, row) => x.value(x.firstRow + row, col),
    pPositions: x.pPositions.map(([a, b]) => [b, a - x.firstRow] as const),
    lines: line
      ? [
          { slope: line.slope, intercept: line.intercept, label: `y = ${line.slope.toFixed(3)}x${signed(line.intercept)}` },
          { slope: 1 / line.slope, intercept: -line.intercept / line.slope, label: `y = x/${line.slope.toFixed(3)}${signed(-line.intercept / line.slope)}` },
        ]
      : undefined,
  });
}

function beattyLine(a: BeattyLaw, b: BeattyLaw): { slope: number; intercept: number } {
  const slope = quadraticValue(b.alpha) / quadraticValue(a.alpha);
  return { slope, intercept: quadraticValue(b.beta) - slope * quadraticValue(a.beta) };
}

const signed = (c: number) => (Math.abs(c) < 1e-9 ? '' : ` ${c < 0 ? '−' : '+'} ${Math.abs(c).toFixed(3)}`);

function cappedHeapPicture(x: CappedHeapExploration, logX: boolean): string {
  return renderers.sequence({ title: `${ruleTitle(x.rule, x.game.name)}: start positions`, values: x.starts, count: x.starts.length, cycle: null, proven: false, logX });
}

/** The renderers, loaded with the first picture (start-up pays nothing for them). */
let renderers: {
  sequence: typeof import('./index.js').renderSequencePlot;
  heatmap: typeof import('./index.js').renderHeatmap;
  sequencePlotOf: typeof import('./from-summary.js').sequencePlotOf;
};

async function loadRenderers(): Promise<void> {
  const [m, adapters] = await Promise.all([import('./index.js'), import('./from-summary.js')]);
  renderers = { sequence: m.renderSequencePlot, heatmap: m.renderHeatmap, sequencePlotOf: adapters.sequencePlotOf };
}

/** The picture of a result, as an SVG document. */
export async function pictureOf(result: Result, logX = false): Promise<string> {
  await loadRenderers();
  switch (result.shape) {
    case 'heap':
      return heapPicture(result, logX);
    case 'grid':
      return gridPicture(result);
    case 'memory':
      return cappedHeapPicture(result, logX);
    default:
      throw new InputError(says`${mention('plot')} draws tables (of one heap, of two piles, of start positions), not ${unpictured(result)}`, { code: 'not-applicable' });
  }
}

/** The picture as a file's bytes: SVG text, or PNG (by the file name). */
export async function plotBytes(result: Result, path: string, logX: boolean): Promise<string | Uint8Array> {
  const svg = await pictureOf(result, logX);
  if (!isPngFile(path)) return svg;
  const { svgToPng } = await import('./png.js');
  return svgToPng(svg);
}

/** One self-contained page: summary, picture, pattern, P-positions, values. */
export async function htmlOf(result: Result): Promise<string> {
  const { renderHtmlReport } = await import('./html.js');
  const svg = await pictureOf(result);
  if (result.shape === 'heap') {
    const { values, count } = plotValues(result);
    return renderHtmlReport((await import('./from-summary.js')).htmlReportOf(summarise(result), svg, values, count));
  }
  if (result.shape === 'grid') {
    const flat: number[] = [];
    for (let y = 0; y <= result.max && flat.length < 10_000; y++) flat.push(result.value(result.firstRow, y));
    return renderHtmlReport({
      title: ruleTitle(result.rule, result.game.name),
      summary: [
        ['Rule', ruleTitle(result.rule, result.game.name)],
        ['Table', `G(x, y) for x = ${result.firstRow}..${result.lastRow}, y = 0..${result.max}`],
        ['Largest value', String(result.maxValue)],
      ],
      svg,
      pattern: result.rowPatterns.map((r) => `row ${r.row}: ${r.cycle ? `n0 ${r.cycle.preperiod}, p ${r.cycle.period}, s ${r.cycle.saltus} (observed)` : 'no pattern seen'}`).join('\n'),
      pPositions: `${result.law?.text ?? 'no law recognised'}; ${countOf(result.pPositions.length, 'P-position')} in the table`,
      values: flat,
      count: flat.length,
    });
  }
  if (result.shape === 'memory') {
    return renderHtmlReport({
      title: ruleTitle(result.rule, result.game.name),
      summary: [
        ['Rule', ruleTitle(result.rule, result.game.name)],
        ['Start states', `0 .. ${result.max}`],
      ],
      svg,
      pattern: lawText(result),
      pPositions: result.pPositions.join(', '),
      values: result.starts,
      count: result.starts.length,
    });
  }
  throw new InputError(says`${mention('format')} html reports tables (of one heap, of two piles, of start positions), not ${unpictured(result)}`, { code: 'not-applicable', value: 'html' });
}

/** What a result without a picture is, in words. */
function unpictured(result: Result): string {
  return result.shape === 'position' ? 'a position' : result.shape === 'states' ? "a rule module's own states" : 'a misère table';
}
