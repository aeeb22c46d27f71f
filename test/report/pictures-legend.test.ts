import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledFontFiles } from '../../src/pictures/png.js';
import { textWidth } from '../../src/pictures/svg.js';
import { ROOT } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { scratchDirectories } from '../helpers/scratch.js';

/**
 * Text outside the plot (title, colour bar, legend) lies inside the picture.
 * Measured for real: the texts are laid on a canvas three times the
 * picture's size, drawn by resvg with the bundled DejaVu Sans (the PNG
 * renderer's font), and their bounding box must end within the picture.
 */
const scratch = scratchDirectories('legend');
const require = createRequire(import.meta.url);

/** The bounding box of the picture's text outside the plot, drawn on a larger canvas. */
function outsideTextBox(svg: string): { left: number; top: number; right: number; bottom: number; width: number; height: number } {
  const width = Number(/<svg[^>]* width="([\d.]+)"/.exec(svg)![1]);
  const height = Number(/<svg[^>]* height="([\d.]+)"/.exec(svg)![1]);
  const groups = ['legend', 'colour-bar'].map((id) => new RegExp(`<g id="${id}"[^>]*>[\\s\\S]*?</g>`).exec(svg)?.[0] ?? '');
  expect(groups[0], 'a legend group').not.toBe('');
  // Top-level texts (title, subtitle, axis names, the colour bar's "G") are lines of their own.
  const texts = svg.split('\n').filter((line) => line.startsWith('<text'));
  const font = /font-family="([^"]+)"/.exec(svg)![1]!.replace(/&apos;/g, "'");
  const probe = `<svg xmlns="http://www.w3.org/2000/svg" width="${3 * width}" height="${3 * height}" font-family="${font}" font-size="12">${[...groups, ...texts].join('')}</svg>`;
  const { Resvg } = require('@resvg/resvg-js') as typeof import('@resvg/resvg-js');
  const box = new Resvg(probe, { font: { loadSystemFonts: false, fontFiles: bundledFontFiles(), defaultFontFamily: 'DejaVu Sans' } }).getBBox()!;
  return { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height, width, height };
}

describe('the heat map keeps its legend inside the picture', () => {
  it('textWidth over-estimates DejaVu Sans: the legend labels, capitals and digits', () => {
    const { Resvg } = require('@resvg/resvg-js') as typeof import('@resvg/resvg-js');
    for (const text of ['y = 1.618x', 'y = x/1.618', 'y = 2.414x + 0.5', 'G = 0', 'WWWWWWWW', 'mmmmmm', '1234567890', '…φ²']) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="40"><text x="0" y="30" font-size="11">${text}</text></svg>`;
      const box = new Resvg(svg, { font: { loadSystemFonts: false, fontFiles: bundledFontFiles(), defaultFontFamily: 'DejaVu Sans' } }).getBBox()!;
      expect(box.x + box.width, text).toBeLessThanOrEqual(textWidth(text, 11));
    }
  });

  for (const [what, args] of [
    ["Wythoff's game, 0..120 (the picture in docs/pictures.md)", ['--preset', 'wythoff', '--max', '120']],
    ["Wythoff's game, 0..12", ['--preset', 'wythoff', '--max', '12']],
    ['a game with shifted lines', ['--vectors', '(1,0) (0,1) (1,1)x2', '--max', '60']],
  ] as const) {
    it(`${what}: SVG and HTML`, async () => {
      const dir = scratch.fresh('plot');
      const svgPath = join(dir, 'plot.svg');
      const htmlPath = join(dir, 'plot.html');
      const run = await runMain([...args, '--plot', svgPath, '--format', 'html', '--out', htmlPath]);
      expect(run.code, run.stderr).toBe(0);
      const svg = readFileSync(svgPath, 'utf8');
      const html = readFileSync(htmlPath, 'utf8');
      for (const picture of [svg, /<svg[\s\S]*<\/svg>/.exec(html)![0]]) {
        expect(picture).toMatch(/<g id="legend"/);
        const box = outsideTextBox(picture);
        expect(box.left, 'left edge').toBeGreaterThanOrEqual(0);
        expect(box.top, 'top edge').toBeGreaterThanOrEqual(0);
        expect(box.right, `right edge within ${box.width}`).toBeLessThanOrEqual(box.width);
        expect(box.bottom, `bottom edge within ${box.height}`).toBeLessThanOrEqual(box.height);
      }
    });
  }

  it("docs/pictures.md's docs/wythoff.svg is the built CLI's picture, legend inside", async () => {
    const docs = readFileSync(join(ROOT, 'docs', 'wythoff.svg'), 'utf8');
    const box = outsideTextBox(docs);
    expect(box.right).toBeLessThanOrEqual(box.width);
    const path = join(scratch.fresh('docs'), 'wythoff.svg');
    expect((await runMain(['--preset', 'wythoff', '--max', '120', '--plot', path])).code).toBe(0);
    expect(docs).toBe(readFileSync(path, 'utf8'));
  });
});
