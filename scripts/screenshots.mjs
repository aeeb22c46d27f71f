#!/usr/bin/env node
/**
 * The web app's screenshots for docs/web.md: each view (explore's form for
 * each kind of game — a subtraction set in misère play, two piles, a graph —
 * explore with a heap table and its "why", a cell's and a vertex's "why",
 * Wythoff's heat map, a position's answer, a two-pile misère position,
 * play with a hint) at
 * 1280 and 390 px, in English and Chinese, from the static build (dist/web,
 * `npm run build`) opened from file:// in Debian's Chromium.
 *
 *   node scripts/screenshots.mjs [OUT_DIR]      # default docs/screenshots
 *   node scripts/screenshots.mjs --only explore-form-vectors,play   # only these views (those a change touched)
 *
 * One screen each (not the whole page), so that the pictures stay small.
 * Chinese needs a CJK font (Debian: fonts-wqy-microhei), else its
 * characters are boxes: the script refuses without one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
const root = resolve(import.meta.dirname, '..');
const page = join(root, 'dist', 'web', 'index.html');
const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const only = onlyAt < 0 ? null : new Set((args.splice(onlyAt, 2)[1] ?? '').split(',').filter(Boolean));
const out = resolve(args[0] ?? join(root, 'docs', 'screenshots'));

function refuse(line) {
  process.stderr.write(`screenshots: ${line}\n`);
  process.exit(1);
}
if (!existsSync(CHROMIUM)) refuse(`no Chromium at ${CHROMIUM}`);
if (!existsSync(page)) refuse('dist/web is missing: run npm run build');
const fonts = (() => {
  try {
    return execFileSync('fc-list', [':lang=zh'], { encoding: 'utf8' });
  } catch {
    return '';
  }
})();
if (fonts.trim() === '') refuse('no Chinese font (fc-list :lang=zh is empty): install one, e.g. apt-get install fonts-wqy-microhei');

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** Wait for a result or an error, whichever the page shows; an error is a failure here. */
async function settled(tab) {
  await tab.waitForSelector('#results section, #error:not([hidden])', { timeout: 60_000 });
  if (await tab.locator('#error').isVisible()) throw new Error(`the page says: ${await tab.locator('#error').textContent()}`);
}

/** Open the "why" of the value button named `name` (a cell, a vertex) and bring its panel to the top. */
async function why(tab, name) {
  await settled(tab);
  await tab.getByRole('button', { name }).first().click();
  await tab.locator('#why:not([hidden])').waitFor();
  await tab.locator('#why').evaluate((e) => e.scrollIntoView({ block: 'start' }));
}

/** A game on a graph, its edge list in the hash (the rule-file box): a → b, c; b → c; c → d. */
const GRAPH = `#graph=g.txt&rule=${encodeURIComponent('a b\na c\nb c\nc d\n')}`;

/** Each view: its hash, and what to do before the picture (leave on screen what it should show). */
const VIEWS = [
  // The form for each kind of game, at the top of the page, with the result below it.
  { name: 'explore-form-moves-misere', hash: '#moves=1,2,3&max=40&misere=true', prepare: settled },
  { name: 'explore-form-vectors', hash: '#vectors=(1,0)%20(0,1)%20(1,1)&max=20', prepare: settled },
  { name: 'explore-form-graph', hash: GRAPH, prepare: settled },
  { name: 'explore-cell-why', hash: '#preset=wythoff&max=20', prepare: (tab) => why(tab, /^G\(3:4\) = \d+/) },
  { name: 'explore-vertex-why', hash: GRAPH, prepare: (tab) => why(tab, /^G\(a\) = \d+/) },
  {
    name: 'explore-table',
    hash: '#preset=kayles&max=200',
    async prepare(tab) {
      await settled(tab);
      // G(10)'s "why": the table's value buttons, heap 10 of the first page.
      await tab.locator('#values-table tbody tr').nth(10).locator('button').click();
      await tab.locator('#why:not([hidden])').waitFor();
      await tab.locator('#table-section').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    },
  },
  {
    name: 'explore-heatmap',
    hash: '#preset=wythoff&max=40',
    async prepare(tab) {
      await settled(tab);
      await tab.locator('#heatmap-section').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    },
  },
  {
    name: 'explore-position',
    hash: '#code=0.77&position=3%205%207',
    async prepare(tab) {
      await settled(tab);
      await tab.locator('#position').waitFor({ timeout: 60_000 });
      await tab.locator('label[for="position-input"]').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    },
  },
  {
    name: 'explore-misere-position',
    hash: '#preset=wythoff&max=20&misere=true&position=3:5%202:2',
    async prepare(tab) {
      await settled(tab);
      await tab.locator('#position').waitFor({ timeout: 60_000 });
      await tab.locator('#position').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    },
  },
  {
    name: 'play',
    hash: '#play&preset=nim&position=3,5,7&first=human&level=10&seed=1',
    async prepare(tab) {
      await tab.waitForFunction(() => document.querySelector('.play-view')?.getAttribute('data-state') === 'human', null, { timeout: 60_000 });
      await tab.getByRole('button', { name: /^(Hint|提示)$/ }).click();
      await tab.locator('.hint p').first().waitFor();
    },
  },
];

const unknown = [...(only ?? [])].filter((name) => !VIEWS.some((v) => v.name === name));
if (unknown.length) refuse(`--only: no view ${unknown.join(', ')} (the views: ${VIEWS.map((v) => v.name).join(', ')})`);
const profile = mkdtempSync(join(tmpdir(), 'sg-screenshots-'));
const browser = await chromium.launchPersistentContext(join(profile, 'profile'), {
  executablePath: CHROMIUM,
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
mkdirSync(out, { recursive: true });
let total = 0;
try {
  for (const view of VIEWS.filter((v) => !only || only.has(v.name))) {
    for (const size of SIZES) {
      for (const lang of ['en', 'zh']) {
        const tab = await browser.newPage();
        await tab.setViewportSize(size);
        await tab.goto(`${pathToFileURL(page).href}?lang=${lang}${view.hash}`);
        await view.prepare(tab);
        // The page's fonts and the worker's last redraw.
        await tab.evaluate(() => document.fonts.ready);
        await tab.waitForTimeout(300);
        const file = join(out, `${view.name}-${size.width}-${lang}.png`);
        await tab.screenshot({ path: file });
        await tab.close();
        total += statSync(file).size;
        process.stdout.write(`${file} (${Math.round(statSync(file).size / 1024)} kB)\n`);
      }
    }
  }
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
process.stdout.write(`${Math.round(total / 1024)} kB in all\n`);
