/** Small helpers for writing SVG by hand. */

/** Escapes text for XML content and attribute values. */
export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** A coordinate with at most 2 decimals: enough for any screen, and short files. */
export function fmt(x: number): string {
  return String(Math.round(x * 100) / 100);
}

/** One element with attributes (numbers rounded); `body` is already-escaped content. */
export function el(name: string, attrs: Record<string, string | number | undefined>, body?: string): string {
  let s = `<${name}`;
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined) continue;
    s += ` ${k}="${typeof v === 'number' ? fmt(v) : esc(v)}"`;
  }
  return body === undefined ? `${s}/>` : `${s}>${body}</${name}>`;
}

/** Fonts named in every picture: the PNG renderer ships DejaVu Sans; browsers fall back to their own sans-serif. */
export const FONT_FAMILY = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

/** The opening tag of a standalone SVG document, with a white background (PNG and dark pages alike). */
export function svgOpen(width: number, height: number, data: Record<string, string | number>, label: string): string {
  const attrs: Record<string, string | number> = {
    xmlns: 'http://www.w3.org/2000/svg',
    role: 'img',
    'aria-label': label,
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    'font-family': FONT_FAMILY,
    'font-size': 12,
  };
  for (const [k, v] of Object.entries(data)) attrs[`data-${k}`] = v;
  return el('svg', attrs).slice(0, -2) + '>' + el('rect', { width, height, fill: '#fff' });
}

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** A tick label: plain below `plainBelow` (default 10^5), then a×10ⁿ (or 10ⁿ) so labels stay short. */
export function tickLabel(v: number, plainBelow = 1e5): string {
  if (Math.abs(v) < plainBelow) return String(Math.round(v * 1e6) / 1e6);
  const e = Math.floor(Math.log10(Math.abs(v)) + 1e-9);
  const m = Math.round((v / 10 ** e) * 1000) / 1000;
  const sup = String(e).split('').map((d) => SUPERSCRIPT[Number(d)]).join('');
  return m === 1 ? `10${sup}` : `${m}×10${sup}`;
}

/**
 * A text's width in pixels, over-estimated so a layout that reserves it never
 * clips: per character, in em, 0.35 for the narrow (i l . , : ; ' space),
 * 1.0 for the widest (capitals, m, w, =, +, −, …, symbols), 0.65 for the rest
 * (DejaVu Sans: digits 0.64, x and y 0.59, W 1.03, = 0.84).
 */
export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const c of text) em += charEm(c);
  return em * fontSize;
}

function charEm(c: string): number {
  return /[il.,:;'|! ]/.test(c) ? 0.35 : /[0-9a-z()/\-_]/.test(c) && c !== 'm' && c !== 'w' ? 0.65 : 1.0;
}

/**
 * A line of text cut (with …) to what `room` pixels show: a title past the
 * picture's edge is not seen, and laying out its glyphs is not free (a rule
 * of 20,000 moves as a title held the PNG renderer for seconds).
 */
export function fitText(text: string, fontSize: number, room: number): string {
  let em = charEm('…');
  let end = 0;
  for (const c of text) {
    em += charEm(c);
    if (em * fontSize > room) return text.slice(0, end) + '…';
    end += c.length;
  }
  return text;
}
