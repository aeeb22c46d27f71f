import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { renderHeatmap } from '../../src/pictures/heatmap.js';
import { svgToPng } from '../../src/pictures/png.js';
import { renderSequencePlot } from '../../src/pictures/sequence-plot.js';
import { renderSweepMap } from '../../src/pictures/sweep-map.js';
import { byId, num, parseSvg } from '../helpers/svg.js';

/** Kayles' values G(0..count-1) (octal 0.77). */
function kayles(count: number): number[] {
  const g: number[] = [0];
  for (let n = 1; n < count; n++) {
    const seen = new Set<number>();
    for (const k of [1, 2]) for (let a = 0; 2 * a <= n - k; a++) seen.add(g[a]! ^ g[n - k - a]!);
    let m = 0;
    while (seen.has(m)) m++;
    g.push(m);
  }
  return g;
}

interface Image { width: number; height: number; data: Buffer }
const pixel = (img: Image, x: number, y: number) => {
  const i = (Math.round(y) * img.width + Math.round(x)) * 4;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
};
/** Fraction of pixels in the box whose colour passes `test`. */
function share(img: Image, x0: number, x1: number, y0: number, y1: number, test: (rgb: number[]) => boolean): number {
  let hit = 0;
  let all = 0;
  for (let y = Math.ceil(y0); y < y1; y++)
    for (let x = Math.ceil(x0); x < x1; x++) {
      all++;
      if (test(pixel(img, x, y))) hit++;
    }
  return hit / all;
}
const hatchGrey = ([r, g, b]: number[]) => r === g && g === b && r > 110 && r < 200;
const dark = ([r, g, b]: number[]) => r + g + b < 240;

describe('PNG', () => {
  const g = kayles(400);
  const svg = renderSequencePlot({ title: 'Kayles (0.77)', values: g, count: 400, cycle: { preperiod: 71, period: 12, saltus: 0 }, proven: true });
  const root = parseSvg(svg);

  it('renders the plot with its text, and the preperiod hatched where the SVG says', async () => {
    const png = await svgToPng(svg, { scale: 1 });
    expect(Array.from(png.subarray(1, 4), (c) => String.fromCharCode(c)).join('')).toBe('PNG');
    const img = PNG.sync.read(Buffer.from(png));
    expect([img.width, img.height]).toEqual([num(root, 'width'), num(root, 'height')]);
    // Not blank: a good share of pixels is not white.
    expect(share(img, 0, img.width, 0, img.height, ([r, g, b]) => r + g + b < 720)).toBeGreaterThan(0.05);
    // The title was drawn (the bundled font works): dark pixels where it stands.
    expect(share(img, 64, 180, 6, 22, dark)).toBeGreaterThan(0.1);
    const pre = byId(root, 'preperiod');
    const top = num(root, 'data-plot-top');
    const bottom = top + num(root, 'data-plot-height');
    const x0 = num(pre, 'x');
    const x1 = x0 + num(pre, 'width');
    // Hatch lines inside [0, preperiod); none just right of it, between the first period and the first grey band...
    expect(share(img, x0 + 2, x1 - 2, top + 2, bottom - 2, hatchGrey)).toBeGreaterThan(0.15);
    const left = num(root, 'data-plot-left');
    const xOf = (n: number) => left + (n / num(root, 'data-x-max')) * num(root, 'data-plot-width');
    expect(share(img, xOf(72) + 1, xOf(82) - 1, top + 2, bottom - 2, hatchGrey)).toBeLessThan(0.02);
    // ...and the band of the second period [83, 95) is a flat light grey (7 % black over white).
    expect(share(img, xOf(84), xOf(94), top + 2, bottom - 2, ([r, g, b]) => r === g && g === b && r > 225 && r < 245)).toBeGreaterThan(0.8);
    expect(share(img, xOf(96), xOf(106), top + 2, bottom - 2, ([r, g, b]) => r === 255 && g === 255 && b === 255)).toBeGreaterThan(0.8);
  });

  it('is twice the SVG size by default, or scales to a given width', async () => {
    const twice = PNG.sync.read(Buffer.from(await svgToPng(svg)));
    expect([twice.width, twice.height]).toEqual([1600, 840]);
    const img = PNG.sync.read(Buffer.from(await svgToPng(svg, { width: 1000 })));
    expect([img.width, img.height]).toEqual([1000, 525]);
  });

  it('draws heat-map cells in colour and P-positions as white dots', async () => {
    const n = 20;
    const value = (x: number, y: number) => (x === y ? 0 : x + y);
    const p: [number, number][] = Array.from({ length: n }, (_, i) => [i, i]);
    const svg = renderHeatmap({ title: 'diagonal', size: n, value, pPositions: p });
    const r = parseSvg(svg);
    const img = PNG.sync.read(Buffer.from(await svgToPng(svg, { scale: 1 })));
    const left = num(r, 'data-plot-left');
    const top = num(r, 'data-plot-top');
    const cell = num(r, 'data-plot-width') / n;
    const at = (x: number, y: number) => pixel(img, left + (x + 0.5) * cell, top + (n - y - 0.5) * cell);
    expect(at(5, 5)).toEqual([255, 255, 255]); // a P-position
    const [red, green, blue] = at(19, 18); // G = 37, the largest: viridis' yellow end
    expect(red).toBeGreaterThan(200);
    expect(green).toBeGreaterThan(200);
    expect(blue).toBeLessThan(100);
  });

  it('renders a sweep map', async () => {
    const svg = renderSweepMap({ title: 'sweep', points: [{ rule: '0.77', kind: 'periodic', preperiod: 71, period: 12 }, { rule: '0.6', kind: 'none', preperiod: null, period: null }] });
    const img = PNG.sync.read(Buffer.from(await svgToPng(svg)));
    // The periodic marker's fill (#1b9e77 at 75 % over white) shows in colour.
    let green = 0;
    for (let i = 0; i < img.data.length; i += 4) if (img.data[i + 1]! > img.data[i]! + 60) green++;
    expect(green).toBeGreaterThan(30);
  });

  it('loads resvg only when a PNG is asked for', () => {
    const source = readFileSync(new URL('../../src/pictures/png.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^import .*@resvg/m);
    expect(source).toContain("await importPackage<typeof import('@resvg/resvg-js')>('@resvg/resvg-js')");
  });
});
