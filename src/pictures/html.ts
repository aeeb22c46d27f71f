import { formatCount } from '../core/numbers.js';
/**
 * One self-contained HTML page: summary, the picture (inline SVG), the
 * pattern, the P-positions and the first values, with a CSV download. No
 * scripts, no external fonts, styles or images: the CSV is a data: URL link
 * (or a link to a file beside the page), so the page works offline and from e-mail.
 */
import { esc } from './svg.js';
import type { HtmlReport } from './types.js';

/** The page lists (and embeds as CSV) at most this many values. */
export const HTML_VALUES = 10_000;

const CSS = `
body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif; margin: 2em auto; max-width: 60em; padding: 0 1em; color: #111; line-height: 1.4; }
h1 { font-size: 1.5em; } h2 { font-size: 1.15em; margin-top: 1.6em; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.2em 1.2em; }
dt { font-weight: bold; } dd { margin: 0; }
figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; border: 1px solid #ddd; }
pre { background: #f6f6f6; padding: 0.6em; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
.values { max-height: 24em; overflow-y: auto; }
`;

/** The values G(0..m-1) (m at most HTML_VALUES) as CSV text with a header. */
export function valuesCsv(values: ArrayLike<number>, count: number): string {
  const m = Math.min(count, HTML_VALUES);
  const lines = ['n,G'];
  for (let n = 0; n < m; n++) lines.push(`${n},${values[n]}`);
  return lines.join('\n') + '\n';
}

/** Strips an XML declaration or doctype, so the SVG document can sit inside HTML. */
function inlineSvg(svg: string): string {
  return svg.replace(/^\s*<\?xml[^>]*\?>\s*/, '').replace(/^\s*<!DOCTYPE[^>]*>\s*/i, '');
}

/** Renders the report as an HTML5 document (UTF-8). */
export function renderHtmlReport(report: HtmlReport): string {
  const m = Math.min(report.count, HTML_VALUES);
  let shown = '';
  for (let n = 0; n < m; n++) shown += (n === 0 ? '' : ' ') + String(report.values[n]);
  const csvHref = report.csvHref ?? `data:text/csv;base64,${Buffer.from(valuesCsv(report.values, report.count)).toString('base64')}`;
  const csvNote = report.csvHref ? 'all computed values' : `the first ${m === 1 ? 'value' : `${formatCount(m)} values`}, embedded in this page`;
  const fileName = `${report.title.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'values'}.csv`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(report.title)}</title>
<style>${CSS}</style>
</head>
<body>
<h1>${esc(report.title)}</h1>
<dl id="summary">
${report.summary.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('\n')}
</dl>
<figure id="picture">
${inlineSvg(report.svg)}
</figure>
<h2>Pattern</h2>
<pre id="pattern">${esc(report.pattern)}</pre>
<h2>P-positions</h2>
<pre id="p-positions">${esc(report.pPositions)}</pre>
<h2>Values</h2>
<p>G(0), G(1), … G(${m - 1})${report.count > m ? ` (the first ${formatCount(m)} of ${formatCount(report.count)})` : ''}. <a id="csv" href="${esc(csvHref)}" download="${esc(fileName)}">Download CSV</a> (${esc(csvNote)}).</p>
<pre id="values" class="values" data-count="${m}">${shown}</pre>
</body>
</html>
`;
}
