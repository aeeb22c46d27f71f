/**
 * SVG -> PNG through resvg (@resvg/resvg-js): a maintained Rust renderer
 * whose npm package ships a prebuilt native binary per platform, so nothing
 * is compiled or downloaded at install time, and it needs no browser. (sharp
 * pulls in libvips and renders SVG through librsvg with system fonts;
 * a headless browser is far heavier and slower to start.)
 *
 * Fonts: resvg draws no text without a font, and a fresh machine may have
 * none (Debian's slim images have no /usr/share/fonts). So system fonts are
 * NOT loaded; DejaVu Sans comes from the dejavu-fonts-ttf npm package and is
 * the default family, which makes PNGs identical on every machine.
 *
 * resvg is imported lazily, on the first PNG, so the CLI's start-up never
 * pays for loading a native module it does not use.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { importPackage } from '../host/package-import.js';

export interface PngOptions {
  /** Output width in pixels (height follows the aspect ratio). */
  readonly width?: number;
  /** Without a width: pixels per SVG unit. Default 2, sharp enough for print at a column's width. */
  readonly scale?: number;
}

/** The bundled fonts' files: DejaVu Sans, regular and bold. */
export function bundledFontFiles(): string[] {
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  return [join(dir, 'DejaVuSans.ttf'), join(dir, 'DejaVuSans-Bold.ttf')];
}

/** Renders an SVG document to PNG bytes, with the bundled font for every text. */
export async function svgToPng(svg: string, options: PngOptions = {}): Promise<Uint8Array> {
  const { Resvg } = await importPackage<typeof import('@resvg/resvg-js')>('@resvg/resvg-js');
  const resvg = new Resvg(svg, {
    background: '#ffffff',
    fitTo: options.width ? { mode: 'width', value: Math.round(options.width) } : { mode: 'zoom', value: options.scale ?? 2 },
    font: { loadSystemFonts: false, fontFiles: bundledFontFiles(), defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  });
  return resvg.render().asPng();
}
