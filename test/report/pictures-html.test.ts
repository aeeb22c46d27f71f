import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { chromiumPresent, launchChromium } from '../helpers/chromium.js';
import { watch } from '../helpers/web-app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTML_VALUES, renderHtmlReport, valuesCsv } from '../../src/pictures/html.js';
import { renderSequencePlot } from '../../src/pictures/sequence-plot.js';
import { xmlError } from '../helpers/svg.js';


/** G for a rule with preperiod 3 and period 4, over 20 000 heaps (more than the page lists). */
const count = 20_000;
const values = Uint8Array.from({ length: count }, (_, n) => (n < 3 ? [0, 3, 3][n]! : [1, 0, 2, 5][(n - 3) % 4]!));
const svg = renderSequencePlot({ title: 'test rule <0.3F>', values, count, cycle: { preperiod: 3, period: 4, saltus: 0 }, proven: true });
const page = renderHtmlReport({
  title: 'test rule <0.3F>',
  summary: [['rule', '0.3F'], ['pattern', 'periodic, preperiod 3, period 4'], ['proven', 'yes (window repetition)']],
  svg,
  pattern: 'G(n + 4) = G(n) for n ≥ 3',
  pPositions: 'n ≡ 0 (mod 4), n ≥ 4; and 0',
  values,
  count,
});

describe('HTML report (text)', () => {
  it('is self-contained: no scripts, no external resources', () => {
    expect(page).not.toMatch(/<script/i);
    expect(page).not.toMatch(/(src|href)="(https?:)?\/\//i);
    expect(page).not.toMatch(/@import|url\(\s*['"]?http/i);
    expect(page).toContain('<svg');
  });

  it('embeds the first 10^4 values as a CSV data: URL', () => {
    const href = /id="csv" href="data:text\/csv;base64,([^"]+)"/.exec(page)![1]!;
    const csv = Buffer.from(href, 'base64').toString('utf8');
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('n,G');
    expect(lines).toHaveLength(HTML_VALUES + 1);
    expect(lines[8]).toBe(`7,${values[7]}`);
    expect(csv).toBe(valuesCsv(values, count));
  });

  it('links a CSV file instead when given one', () => {
    const linked = renderHtmlReport({ title: 't', summary: [], svg, pattern: '', pPositions: '', values, count, csvHref: 'values.csv' });
    expect(linked).toContain('href="values.csv"');
    expect(linked).not.toContain('data:text/csv');
  });

  it('keeps the inline SVG well-formed', () => {
    const inline = /<svg[\s\S]*<\/svg>/.exec(page)![0];
    expect(xmlError(inline)).toBeNull();
  });
});

// Skipped only off CI when Chromium is absent; on CI (CI=true) a missing browser fails the test.
describe.skipIf(!chromiumPresent)('HTML report in headless Chromium', () => {
  let dir: string;
  let browser: BrowserContext;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sg-pictures-'));
    browser = await launchChromium(dir);
  });

  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('renders the page with the picture, no console errors and no requests', async () => {
    const file = join(dir, 'report.html');
    writeFileSync(file, page);
    const tab = await browser.newPage();
    const { errors, foreignRequests: requests } = watch(tab);
    await tab.goto(pathToFileURL(file).href, { waitUntil: 'load' });

    expect(await tab.title()).toBe('test rule <0.3F>');
    const box = await tab.locator('#picture svg').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.width).toBeGreaterThan(300);
    expect(box!.height).toBeGreaterThan(100);
    expect(await tab.locator('#picture svg').getAttribute('data-preperiod')).toBe('3');
    // The hatched preperiod rect is laid out with a non-zero width.
    const rect = await tab.locator('#preperiod').boundingBox();
    expect(rect!.width).toBeGreaterThan(0);
    expect(await tab.locator('#summary dt').allTextContents()).toEqual(['rule', 'pattern', 'proven']);
    const shown = (await tab.locator('#values').textContent())!.split(' ');
    expect(shown).toHaveLength(HTML_VALUES);
    expect(shown.slice(0, 8)).toEqual(['0', '3', '3', '1', '0', '2', '5', '1']);
    expect(await tab.locator('#csv').getAttribute('download')).toBe('test-rule-0.3F.csv');
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
    await tab.close();
  });
});
