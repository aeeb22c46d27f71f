/**
 * Pictures of results: the bridge from what sg-explore computed to the pure
 * renderers in src/pictures/. A one-heap table is a plot of G(n) with its
 * pattern marked; a kind's own tables as the kind says (GameKind.pictures):
 * a two-pile table a heat map with its P-positions (and the lines of their
 * Beatty law), a heap with memory a plot of its start values.
 * `--plot FILE.svg|.png` writes the picture; `--format html` wraps it in a
 * self-contained page.
 */
import type { Exploration } from '../core/heap/explore.js';
import { kindOfShape, type AnalysisResult as Result } from '../core/kinds/registry.js';
import type { PictureData } from '../core/kinds/picture-data.js';
import type { PicturesOf } from '../core/kinds/kind.js';
import { InputError, mention, says } from '../core/errors.js';
import { isRareHeap } from '../core/kernels/rare.js';
import { summarise } from '../report/summary.js';
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

/** A kind's picture drawn: a plot of one value a point, or a heat map. */
function kindPicture(picture: PictureData, logX: boolean): string {
  if (picture.plot === 'sequence') return renderers.sequence({ title: picture.title, values: picture.values, count: picture.values.length, cycle: null, proven: false, logX });
  const { title, size, value, pPositions, lines } = picture;
  return renderers.heatmap({ title, size, value, pPositions, lines });
}

/** How a table of a kind's own shape (two piles, a heap with memory) is pictured, if it is. */
function picturesOf(result: Result): PicturesOf | undefined {
  return kindOfShape(result.shape)?.pictures?.[result.shape];
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
  const own = picturesOf(result);
  if (own) return kindPicture(own.picture(result), logX);
  if (result.shape === 'heap') return heapPicture(result, logX);
  throw new InputError(says`${mention('plot')} draws tables (of one heap, of two piles, of start positions), not ${unpictured(result)}`, { code: 'not-applicable' });
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
  const own = picturesOf(result);
  if (own) return renderHtmlReport({ ...own.page(result), svg });
  throw new InputError(says`${mention('format')} html reports tables (of one heap, of two piles, of start positions), not ${unpictured(result)}`, { code: 'not-applicable', value: 'html' });
}

/** What a result without a picture is, in words. */
function unpictured(result: Result): string {
  return result.shape === 'position' ? 'a position' : result.shape === 'states' ? "a rule module's own states" : 'a misère table';
}
