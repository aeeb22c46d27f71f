/** Publication pictures: pure renderers from plain data to SVG, PNG and HTML. */
export type { HtmlReport, Heatmap, PlotCycle, SequencePlot, SweepKind, SweepMap, SweepPoint } from './types.js';
export { renderSequencePlot } from './sequence-plot.js';
export { renderHeatmap } from './heatmap.js';
export { renderSweepMap } from './sweep-map.js';
export { renderHtmlReport, valuesCsv, HTML_VALUES } from './html.js';
export { svgToPng, bundledFontFiles, type PngOptions } from './png.js';
export { sequencePlotOf, htmlReportOf, titleOf } from './from-summary.js';
