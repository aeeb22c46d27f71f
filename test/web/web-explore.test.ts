import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPresent, launchChromium } from '../helpers/chromium.js';
import { HANG_GUARD_S, runCli } from '../helpers/cli.js';
import { explainValue, ruleWord } from '../../src/index.js';
import { scratchDirectories } from '../helpers/scratch.js';
import { WEB_DIR, fileUrl, serveApp, watchedTab } from '../helpers/web-app.js';

/*
 * The explore view in headless Chromium, both ways a user meets it: served
 * by `sg-explore serve` and opened from the static build (file://). Each
 * check also looks for console errors and requests that leave the page's
 * origin. Screenshots at 1280 and 360 px go to the test's scratch directory,
 * and to SG_SCREENSHOTS_DIR when it is set.
 */
const scratch = scratchDirectories('web-explore');

/** The whole app as shipped (html, css, js with the worker and the WebAssembly inside), gzipped: the budget is 300 kB. */
describe('the web app build', () => {
  it('is one page, one style sheet and one script, under 300 kB gzipped', () => {
    const bytes = ['index.html', 'app.css', 'app.js'].map((f) => gzipSync(readFileSync(join(WEB_DIR, f)), { level: 9 }).length);
    const total = bytes.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThan(300_000);
    // The WebAssembly kernel is inside (base64 in the worker's source).
    expect(readFileSync(join(WEB_DIR, 'app.js'), 'utf8')).toContain(readFileSync(join(WEB_DIR, '..', '..', 'wasm', 'sparse.wasm')).toString('base64').slice(0, 200));
  });
});

describe.skipIf(!chromiumPresent)('the explore view in Chromium', () => {
  let browser: BrowserContext;
  let served: Awaited<ReturnType<typeof serveApp>>;
  const shots = scratch.fresh('screenshots');

  beforeAll(async () => {
    [browser, served] = await Promise.all([launchChromium(scratch.fresh('chromium')), serveApp()]);
  });
  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  async function screenshot(page: Page, name: string): Promise<void> {
    const file = join(shots, `${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    const copies = process.env.SG_SCREENSHOTS_DIR;
    if (copies) {
      mkdirSync(copies, { recursive: true });
      copyFileSync(file, join(copies, `${name}.png`));
    }
  }

  /** A new tab of this size (a persistent context takes no viewport per page). */
  /** Wait for a result or an error, whichever the page shows. */
  const settled = (page: Page) => page.waitForSelector('#results section, #error:not([hidden])', { timeout: 30_000 });

  const targets = [
    { name: 'served', url: (search = '', hash = '') => `${served.url}${search}${hash}` },
    { name: 'static', url: fileUrl },
  ];

  for (const target of targets) {
    it(`${target.name}: --moves 1,2,3 typed in is periodic with period 4, proven; the hash holds it`, async () => {
      const { page, check } = await watchedTab(browser, 1280, 900);
      await page.goto(target.url('?lang=en'));
      await page.getByLabel('Game (command-line words)').fill('--moves 1,2,3 --max 100');
      await page.getByRole('button', { name: 'Explore', exact: true }).click();
      await settled(page);
      expect(await page.locator('#error').isHidden()).toBe(true);
      const pattern = page.locator('#pattern');
      expect(await pattern.getAttribute('data-period')).toBe('4');
      expect(await pattern.getAttribute('data-preperiod')).toBe('0');
      expect(await page.locator('#status').getAttribute('data-proven')).toBe('true');
      expect(await page.locator('#status').textContent()).toContain('proven');
      expect(await page.locator('#p-positions').textContent()).toBe('n ≡ 0 (mod 4)');
      expect(new URL(page.url()).hash).toBe('#moves=1,2,3&max=100');
      // The table's first page: heaps 0..49, the residue column n mod 4.
      const rows = page.locator('#values-table tbody tr');
      expect(await rows.count()).toBe(50);
      expect(await rows.nth(6).locator('td').allTextContents()).toEqual(['2', 'N', '2', 'period 2']);
      expect(await page.locator('#plot-svg').getAttribute('data-to')).toBe('100');
      // The plot zooms by its buttons and by keys, and comes back whole with Home.
      await page.getByRole('button', { name: 'Zoom in' }).click();
      expect([await page.locator('#plot-svg').getAttribute('data-from'), await page.locator('#plot-svg').getAttribute('data-to')]).toEqual(['25', '75']);
      await page.locator('.plot').focus();
      await page.keyboard.press('+');
      await page.keyboard.press('ArrowRight');
      expect(Number(await page.locator('#plot-svg').getAttribute('data-to')) - Number(await page.locator('#plot-svg').getAttribute('data-from'))).toBe(25);
      await page.keyboard.press('Home');
      expect(await page.locator('#plot-svg').getAttribute('data-to')).toBe('100');
      await screenshot(page, `explore-moves-1280-${target.name}`);
      await check();
    });

    it(`${target.name}: a link with #code=0.77 shows Kayles' proof (Guy-Smith), at 360 px wide`, async () => {
      const { page, check } = await watchedTab(browser, 360, 740);
      await page.goto(target.url('?lang=en', '#code=0.77'));
      await settled(page);
      expect(await page.locator('#pattern').getAttribute('data-period')).toBe('12');
      expect(await page.locator('#pattern').getAttribute('data-preperiod')).toBe('71');
      expect(await page.locator('#status').getAttribute('data-proven')).toBe('true');
      expect(await page.locator('#theorem').getAttribute('data-method')).toBe('guy-smith');
      expect(await page.locator('#ground').textContent()).toBe('an octal game removing at most k = 2 tokens and leaving at most two heaps; G(n+12) = G(n) for 71 <= n < 156, so by the Guy–Smith theorem it holds for all n >= 71');
      expect(await page.locator('#game-input').inputValue()).toBe('--code 0.77');
      // Nothing wider than the phone's screen (tables scroll inside their own box).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await screenshot(page, `explore-kayles-360-${target.name}`);
      await check();
    });
  }

  // Theorems with no period a report holds: Bash past 2^53, and the divisor game's exponent of 2 (row 6: heap 6's value and outcome).
  it.each([
    ['Bash past 2^53', '--preset bash:1000000000000000000 --max 64', ['6', 'N'], 'Bachet (1612)'],
    ['the divisor game', '--preset divisor --max 64', ['1', 'N'], 'exponent of 2 in n'],
  ])('%s: proven by the theorem, never "no period seen", its table without a residue column', async (_name, words, row, ground) => {
    const { page, check } = await watchedTab(browser, 1280, 900);
    await page.goto(`${served.url}?lang=en`);
    await page.getByLabel('Game (command-line words)').fill(words);
    await page.getByRole('button', { name: 'Explore', exact: true }).click();
    await settled(page);
    expect(await page.locator('#error').isHidden()).toBe(true);
    expect(await page.locator('#pattern').textContent()).toContain('no period needed: a theorem gives every value');
    expect(await page.locator('#status').getAttribute('data-proven')).toBe('true');
    expect(await page.locator('#ground').textContent()).toContain(ground);
    expect(await page.locator('#values-table tbody tr').nth(6).locator('td').allTextContents()).toEqual(row);
    await check();
  });

  it('speaks Chinese when the header switches to it (?lang=zh): 已证明, 必败态, and the controls in Chinese', async () => {
    const { page, check } = await watchedTab(browser, 1280, 900);
    await page.goto(fileUrl('?lang=en', '#code=0.77'));
    await settled(page);
    // The header's language: the page again in Chinese, the game kept.
    await Promise.all([page.waitForURL(/lang=zh/), page.getByLabel('Language').selectOption('zh')]);
    await settled(page);
    expect(new URL(page.url()).hash).toBe('#code=0.77');
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-Hans');
    expect(await page.locator('#status').textContent()).toContain('已证明');
    expect(await page.locator('h3').first().textContent()).toContain('必败态');
    expect(await page.getByRole('button', { name: '探索', exact: true }).count()).toBe(1);
    expect(await page.locator('#theorem').textContent()).toBe('八进制游戏的 Guy–Smith 周期定理');
    expect(await page.locator('#rule').textContent()).toBe('八进制游戏 0.77');
    // The proof's sentence too, with the numbers the core found (2*71 + 12 + 2 = 156).
    expect(await page.locator('#ground').textContent()).toBe('八进制游戏，每次至多取 k = 2 个、至多留下两堆；对 71 <= n < 156 有 G(n+12) = G(n)，由 Guy–Smith 定理，对所有 n >= 71 都成立');
    await screenshot(page, 'explore-kayles-zh-1280');
    // A preset's description in Chinese too.
    await page.goto(fileUrl('?lang=zh', '#preset=wythoff&max=20'));
    await settled(page);
    expect(await page.locator('#description').textContent()).toBe('威佐夫博弈：两堆石子；从一堆中取任意个，或从两堆中取同样多个');
    expect(await page.locator('#p-positions').textContent()).toContain('满足 a_k < b_k 的必败态 (a_k, b_k)：a_k = ⌊kφ⌋, b_k = a_k + k = ⌊kφ²⌋；以及它们的对称位置 (b_k, a_k)');
    expect(await page.locator('#rule').textContent()).toBe('向量游戏 (1,0) (0,1) (1,1) (wythoff)');
    // A theorem's statement, in Chinese, with the game's numbers.
    await page.goto(fileUrl('?lang=zh', '#preset=bash:3&max=20'));
    await settled(page);
    expect(await page.locator('#ground').textContent()).toBe('Bachet（1612）：每次取 1 到 3 个时，SG(n) = n mod 4');
    expect(await page.locator('#rule').textContent()).toBe('减法游戏 {1,2,3} (bash:3)');
    // Why nothing is proven, in Chinese.
    await page.goto(fileUrl('?lang=zh', '#preset=grundy&max=100'));
    await settled(page);
    expect(await page.locator('#rule').textContent()).toBe('取子分堆游戏 4!.0 (grundy)');
    expect(await page.locator('#status').textContent()).toContain('“只能分成不等的两堆”（!）这一条件不在 Guy–Smith 定理的范围内');
    // An input error: its kind in Chinese, then the core's own line.
    await page.goto(fileUrl('?lang=zh', '#moves=x'));
    await settled(page);
    expect(await page.locator('#error').textContent()).toBe("无法探索：规则不合法：--moves: 应为 1,2,3 这样的数，却是 'x'（有名字的数列：squares, fibonacci, factorials, powers-of-two, primes, triangular）");
    // A size that is no whole number, its field named as the flag.
    await page.goto(fileUrl('?lang=zh', '#moves=1,2&max=abc'));
    await settled(page);
    expect(await page.locator('#error').textContent()).toContain("--max: 'abc' 不是整数（可以写 1000000、1_000_000、1e6 或 2^20）");
    await check();
  });

  it('says why G(n) = v: a value in the table (clicked or by the keyboard) or a point on the plot opens its options and the mex, in English and Chinese', async () => {
    const { page, check } = await watchedTab(browser, 1280, 900);
    await page.goto(fileUrl('?lang=en', '#code=0.77'));
    await settled(page);
    const kayles = ruleWord('code')!.parse('0.77', 'code').rule;
    const values: number[] = [];
    for (let n = 0; n < 40; n++) values.push(explainValue(kayles, n, values).value);
    // The core's own answer, worked out here, is what the page says.
    const ten = explainValue(kayles, 10, values);
    expect(ten.value).toBe(2);
    await page.getByRole('button', { name: 'G(10) = 2: why?' }).click();
    await expect.poll(() => page.locator('#why-heading').textContent()).toBe('Why G(10) = 2');
    expect(await page.locator('#why-sentence').textContent()).toBe(`G(10) = 2 because its options have values ${ten.reached.join(', ')}: 2 is the least value not among them (the mex).`);
    expect(await page.locator('#why-strip .mex').textContent()).toBe('2mex');
    expect(await page.locator('#why-table tbody tr').count()).toBe(ten.count);
    // An option that leaves two heaps is worth the xor of their values.
    const split = ten.options.find((o) => o.heaps.length === 2)!;
    expect(await page.locator('#why-table tbody tr', { hasText: split.heaps.join(' + ') }).first().locator('td').textContent()).toBe(`G(${split.heaps[0]}) ⊕ G(${split.heaps[1]}) = ${split.value}`);
    // The keyboard reaches the same: focus a value and press Enter.
    await page.getByRole('button', { name: 'G(0) = 0: why?' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#why-sentence').textContent()).toBe('G(0) = 0 because a heap of 0 has no options: the least value not among no values (the mex) is 0.');
    // A point on the plot: the panel says why that heap has its value.
    await page.locator('#plot-section .plot').click({ position: { x: 200, y: 100 } });
    await expect.poll(() => page.locator('#why-heading').textContent()).not.toBe('Why G(0) = 0');
    expect(await page.locator('#why-heading').textContent()).toMatch(/^Why G\(\d+\) = \d+$/);
    // In Chinese.
    await page.goto(fileUrl('?lang=zh', '#code=0.77'));
    await settled(page);
    await page.getByRole('button', { name: 'G(10) = 2：为什么？' }).click();
    await expect.poll(() => page.locator('#why-heading').textContent()).toBe('为什么 G(10) = 2');
    expect(await page.locator('#why-sentence').textContent()).toBe(`G(10) = 2，因为它的后继局面的 SG 值是 ${ten.reached.join(', ')}：不在其中的最小值（mex）是 2。`);
    await check();
  });

  it('says why G(n) = v for a heap past 2^53 (--at 10^18 + 7 in Kayles): its options grouped by value, one row a value, the mex marked', async () => {
    const { page, check } = await watchedTab(browser, 1280, 900);
    await page.goto(fileUrl('?lang=en', '#preset=kayles&at=1000000000000000007'));
    await settled(page);
    await page.getByRole('button', { name: 'G(1000000000000000007) = 7: why?' }).click();
    await expect.poll(() => page.locator('#why-heading').textContent()).toBe('Why G(1000000000000000007) = 7');
    // Kayles' values are at most 8, so its splits reach values 0..15: 13 of them (test/web/big-heaps.test.ts counts each by residue).
    expect(await page.locator('#why-table tbody tr').count()).toBe(13);
    expect(await page.locator('#why-strip .mex').textContent()).toBe('7mex');
    expect(await page.locator('#why-note').textContent()).toContain('A heap of 1000000000000000007 has 1,000,000,000,000,000,007 options, too many to list');
    expect(await page.locator('#why-table tbody tr').first().locator('th').textContent()).toBe('5 + 1000000000000000001 (one of 250,000,000,000,000,005 options of this value)');
    await check();
  });

  it('explores a game on a graph, loopy too: --graph NAME with its edge list in the rule-file box, as the CLI answers it', async () => {
    const { page, check } = await watchedTab(browser, 1280, 900);
    const edges = 'a b\nb a\nc a\nd c\nd e\n';
    await page.goto(fileUrl('?lang=en', `#graph=loop.txt&rule=${encodeURIComponent(edges)}`));
    await settled(page);
    expect(await page.locator('#error').isHidden()).toBe(true);
    expect(await page.locator('#rule').textContent()).toBe('graph loop.txt');
    expect(await page.locator('#graph-shape').textContent()).toBe("5 vertices, 5 edges; 2 vertices on a cycle, 4 valued ∞ (Smith's generalised values)");
    const rows = await page.locator('#graph-table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    // The same table as `sg-explore --graph loop.txt` prints.
    expect(rows).toEqual([
      ['a', '∞', 'D', 'yes'],
      ['b', '∞', 'D', 'yes'],
      ['c', '∞', 'D', ''],
      ['d', '∞(0)', 'N', ''],
      ['e', '0', 'P', ''],
    ]);
    expect(await page.locator('#p-positions').textContent()).toBe('e');
    expect(await page.locator('#draws').textContent()).toBe('Draws (a token that can be moved forever): a, b, c');
    expect(await page.locator('#game-input').inputValue()).toBe('--graph loop.txt');
    expect(await page.locator('#rule-text').inputValue()).toBe(edges);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-csv')]);
    expect(readFileSync((await download.path())!, 'utf8')).toBe('vertex,grundy,outcome\r\na,inf,D\r\nb,inf,D\r\nc,inf,D\r\nd,inf(0),N\r\ne,0,P\r\n');
    expect(await page.locator('#download-svg').count()).toBe(0);
    // Typed in: the words name the graph, the box holds its edges.
    await page.getByLabel('Game (command-line words)').fill('--graph path.txt');
    await page.getByLabel('Rule file text').fill('x y\ny z\n');
    await page.getByRole('button', { name: 'Explore', exact: true }).click();
    await expect.poll(() => page.locator('#rule').textContent()).toBe('graph path.txt');
    expect(await page.locator('#p-positions').textContent()).toBe('x, z');
    // In Chinese.
    await page.goto(fileUrl('?lang=zh', `#graph=loop.txt&rule=${encodeURIComponent(edges)}`));
    await settled(page);
    expect(await page.locator('#rule').textContent()).toBe('有向图游戏 loop.txt');
    expect(await page.locator('#draws').textContent()).toBe('平局（棋子可以永远走下去）：a, b, c');
    await check();
  });

  it("at 390 px: the heat map has a colour scale from 0 to its largest value and labels 11 px or taller, and a table wider than the screen says it scrolls", async () => {
    const { page, check } = await watchedTab(browser, 390, 844);
    await page.goto(fileUrl('?lang=en', '#preset=wythoff&max=40'));
    await settled(page);
    const scale = page.locator('#heatmap-scale-bar');
    expect(await scale.getAttribute('data-min')).toBe('0');
    const top = await scale.getAttribute('data-max');
    expect(Number(top)).toBeGreaterThan(40);
    expect(await page.locator('#heatmap-section .help').textContent()).toContain(`to ${top}.`);
    expect(await scale.locator('text').allTextContents()).toEqual(['G = 0', top]);
    const heights = await page.locator('#heatmap-svg .axis-label').evaluateAll((texts) => texts.map((text) => text.getBoundingClientRect().height));
    expect(heights).toHaveLength(4);
    // A label's box is about its font size: 11 px or more on a phone (it was 7).
    for (const height of heights) expect(height).toBeGreaterThanOrEqual(11);
    // The 12-column window of the table is wider than the phone: it scrolls in its own box, and says so.
    const box = page.locator('#grid-table').locator('xpath=..');
    expect(await box.evaluate((b) => getComputedStyle(b).overflowX)).toBe('auto');
    expect(await box.evaluate((b) => b.scrollWidth > b.clientWidth)).toBe(true);
    await expect.poll(() => page.locator('#heatmap-section ~ section .scroll-hint').first().isVisible()).toBe(true);
    expect(await page.locator('.scroll-hint').first().textContent()).toBe('The table is wider than the screen: scroll →');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // At 1280 px the window fits: no caption.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => page.locator('.scroll-hint').first().isVisible()).toBe(false);
    await check();
  });

  it("draws Wythoff's heat map with its P-positions' law, and downloads CSV, JSON and the picture", async () => {
    const { page, check } = await watchedTab(browser, 1280, 900);
    await page.goto(`${served.url}?lang=en#preset=wythoff&max=40`);
    await settled(page);
    const map = page.locator('#heatmap-svg');
    expect(await map.getAttribute('data-rows')).toBe('41');
    expect(await map.getAttribute('data-p-positions')).toBe('31');
    expect(await page.locator('#p-positions').textContent()).toContain('a_k = ⌊kφ⌋');
    // The law's line through the P-positions, slope φ, and its mirror image.
    expect(await page.locator('#heatmap-svg .law-lines').getAttribute('data-slope')).toBe('1.618034');
    expect(await page.locator('#heatmap-svg .law-lines line').count()).toBe(2);
    expect(await page.locator('#grid-table tbody tr').first().locator('td').allTextContents()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
    const saved = async (id: string) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click(id)]);
      return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
    };
    const csv = await saved('#download-csv');
    expect(csv.text.split('\r\n').slice(0, 3)).toEqual(['x,y,grundy,outcome', '0,0,0,P', '0,1,1,N']);
    const json = JSON.parse((await saved('#download-json')).text) as { law: { text: string }; pPositions: unknown[] };
    expect(json.pPositions).toHaveLength(31);
    const svg = await saved('#download-svg');
    expect(svg.name).toMatch(/\.svg$/);
    expect(svg.text).toMatch(/^<svg[^>]*data-p-positions="31"/);
    await screenshot(page, 'explore-wythoff-1280');
    await check();
  });

  /** A position's answer as the CLI's JSON has it, with states written as the page writes them (3, 3:5). */
  async function cliPosition(args: string[]) {
    const run = await runCli([...args, '--format', 'json'], { timeoutMs: 30_000 });
    expect(run.code).toBe(0);
    type State = number | number[];
    const shown = (s: State) => (Array.isArray(s) ? s.join(':') : String(s));
    const cli = JSON.parse(run.stdout) as { nimSum: number; outcome: string; winningMoveCount: number; components: { state: State; grundy: number }[]; winningMoves: { component: number; take: number | null; to: State[] }[] };
    return {
      nimSum: String(cli.nimSum),
      outcome: cli.outcome,
      moveCount: String(cli.winningMoveCount),
      values: cli.components.map((c) => [shown(c.state), c.grundy] as const),
      moves: cli.winningMoves.map((m) => [String(m.component), m.take === null ? '' : String(m.take), m.to.map(shown).join(' ')]),
    };
  }

  /** What the page's answer shows: the same fields, read from the section and its moves. */
  async function pagePosition(page: Page) {
    const section = page.locator('#position');
    await section.waitFor({ timeout: 30_000 });
    return {
      nimSum: await section.getAttribute('data-nim-sum'),
      outcome: await section.getAttribute('data-outcome'),
      moveCount: await section.getAttribute('data-move-count'),
      text: (await section.textContent())!,
      moves: await page.locator('#position-moves li').evaluateAll((items) => items.map((li) => [li.getAttribute('data-component'), li.getAttribute('data-take'), li.getAttribute('data-to')])),
      moveTexts: await page.locator('#position-moves li').allTextContents(),
    };
  }

  it('answers a position typed in its field as sg-explore --position does: its value (nim-sum), outcome and winning moves, from the core', async () => {
    const { page, check } = await watchedTab(browser, 1280, 900);
    await page.goto(`${served.url}?lang=en`);
    await page.getByLabel('Game (command-line words)').fill('--code 0.77');
    await page.getByLabel('Position (optional: heaps separated by spaces)').fill(' 3 5  7 ');
    await page.getByRole('button', { name: 'Explore', exact: true }).click();
    const shown = await pagePosition(page);
    const cli = await cliPosition(['--code', '0.77', '--position', '3', '5', '7']);
    expect(shown.nimSum).toBe(cli.nimSum);
    expect(shown.outcome).toBe(cli.outcome);
    expect(shown.moveCount).toBe(cli.moveCount);
    expect(shown.moves).toEqual(cli.moves);
    for (const [state, value] of cli.values) expect(shown.text).toContain(`${state} is worth ${value}`);
    // Kayles 3 5 7: values 3, 4, 2; nim-sum 5; the one winning move takes 1 from the heap of 5 (as the CLI prints it).
    expect(shown.text).toContain('Value (nim-sum): 5; N-position, the first player wins');
    expect(shown.text).toContain('In binary: 011 xor 100 xor 010 = 101.');
    expect(shown.moveTexts).toEqual(['take 1 from heap 2 → 3 4 7']);
    // The table is there too, and the link holds the position.
    expect(await page.locator('#values-table').count()).toBe(1);
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#code=0.77&position=3 5 7');
    // A P-position: nim-sum 0, and no winning move.
    await page.getByLabel('Position (optional: heaps separated by spaces)').fill('1 2 3');
    await page.getByRole('button', { name: 'Explore', exact: true }).click();
    await page.waitForSelector('#position-heading:text-is("Position 1 2 3")');
    const p = await pagePosition(page);
    expect([p.nimSum, p.outcome, p.moves]).toEqual([(await cliPosition(['--code', '0.77', '--position', '1', '2', '3'])).nimSum, 'P', []]);
    // A heap that is not a number: the core's one line, as the CLI's (the table still shown).
    await page.getByLabel('Position (optional: heaps separated by spaces)').fill('3 x');
    await page.getByRole('button', { name: 'Explore', exact: true }).click();
    await page.waitForSelector('#error:not([hidden])');
    expect(await page.locator('#error').textContent()).toContain("--position: 'x' is not a whole number");
    expect(await page.locator('#position').count()).toBe(0);
    await check();
  });

  it("answers a position of pairs from a link, in Chinese, with --position typed among the words moved to its field", async () => {
    const { page, check } = await watchedTab(browser, 1280, 900);
    await page.goto(fileUrl('?lang=zh', '#preset=wythoff&max=20'));
    await settled(page);
    await page.locator('#game-input').fill('--preset wythoff --max 20 --position 3:5 2:2');
    await page.locator('#run').click();
    const shown = await pagePosition(page);
    const cli = await cliPosition(['--preset', 'wythoff', '--position', '3:5', '2:2']);
    expect([shown.nimSum, shown.outcome, shown.moveCount, shown.moves]).toEqual([cli.nimSum, cli.outcome, cli.moveCount, cli.moves]);
    expect(await page.locator('#position-heading').textContent()).toBe('局面 3:5 2:2');
    expect(shown.text).toContain('SG 值（nim 和）：1');
    expect(await page.locator('#position-input').inputValue()).toBe('3:5 2:2');
    expect(await page.locator('#game-input').inputValue()).toBe('--preset wythoff --max 20');
    await check();
  });

  it('keeps working with the server gone: everything it needs came with the first view', async () => {
    const own = await serveApp();
    const { page, check } = await watchedTab(browser, 1280, 900);
    await page.goto(`${own.url}?lang=en#moves=1,2,3`);
    await settled(page);
    expect((await own.close()).code).toBe(0);
    await page.getByLabel('Game (command-line words)').fill('--code 0.07');
    await page.getByRole('button', { name: 'Explore', exact: true }).click();
    await page.waitForSelector('#pattern[data-period="34"]');
    expect(await page.locator('#status').getAttribute('data-proven')).toBe('true');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-csv')]);
    expect(readFileSync((await download.path())!, 'utf8').split('\r\n')[1]).toBe('0,0,P');
    await check();
  });

  it('explores a rule file pasted in (YAML), and says where a bad one is wrong', async () => {
    const { page, check } = await watchedTab(browser, 1280, 900);
    await page.goto(fileUrl('?lang=en'));
    await page.getByText('Rule file (YAML or JSON)').click();
    await page.getByLabel('Rule file text').fill('name: take-1-3-4\nmoves: [1, 3, 4]\nmax: 50\n');
    await page.getByRole('button', { name: 'Explore', exact: true }).click();
    await settled(page);
    expect(await page.locator('#rule').textContent()).toBe('subtraction {1,3,4} (take-1-3-4)');
    expect(await page.locator('#pattern').getAttribute('data-period')).toBe('7');
    expect(await page.locator('#status').getAttribute('data-proven')).toBe('true');
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#rule=name: take-1-3-4\nmoves: [1, 3, 4]\nmax: 50\n&file=rule.yaml');
    await page.getByLabel('Rule file text').fill('moves: [1, x]\n');
    await page.getByRole('button', { name: 'Explore', exact: true }).click();
    await page.waitForSelector('#error:not([hidden])');
    expect(await page.locator('#error').textContent()).toMatch(/^Cannot explore this: not a valid rule: rule\.yaml:1:\d+: moves: /);
    await check();
  });

  it("downloads a heap table's CSV and JSON with the CLI's writers, and the CLI's picture", async () => {
    const { page, check } = await watchedTab(browser, 1280, 900);
    await page.goto(`${served.url}?lang=en#moves=1,2,3&max=20`);
    await settled(page);
    const saved = async (id: string) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click(id)]);
      return readFileSync((await download.path())!, 'utf8');
    };
    expect((await saved('#download-csv')).split('\r\n').slice(0, 3)).toEqual(['n,grundy,outcome', '0,0,P', '1,1,N']);
    const json = JSON.parse(await saved('#download-json')) as { pattern: { period: number; proven: boolean }; values: number[] };
    expect(json.pattern).toMatchObject({ period: 4, proven: true });
    expect(json.values).toHaveLength(21);
    expect(await saved('#download-svg')).toMatch(/data-period="4"/);
    await check();
  });

  it("says bad input in the core's one line, plots a long run's values as they come, and Cancel stops it at once", async () => {
    const { page, check } = await watchedTab(browser, 1280, 900);
    await page.goto(`${served.url}?lang=en#moves=x`);
    await settled(page);
    const error = (await page.locator('#error').textContent())!;
    expect(error).toBe("Cannot explore this: not a valid rule: --moves: expected numbers such as 1,2,3, got 'x' (named sequences: squares, fibonacci, factorials, powers-of-two, primes, triangular)");
    await page.getByLabel('Game (command-line words)').fill('--moves 1,2,3 --max lots');
    await page.getByRole('button', { name: 'Explore', exact: true }).click();
    await page.waitForSelector('#error:has-text("--max")');
    expect(await page.locator('#error').textContent()).not.toMatch(/\n|    at /);
    // Enter in the field explores, as the button does.
    await page.getByLabel('Game (command-line words)').fill('moves 1,2');
    await page.getByLabel('Game (command-line words)').press('Enter');
    expect(await page.locator('#error').textContent()).toBe('Cannot explore this: moves: expected a flag such as --moves (values follow their flag)');
    // An unsolved octal game searched far: progress shows, Cancel ends the worker.
    await page.getByLabel('Game (command-line words)').fill('--code 0.007 --limit 1e6');
    await page.getByRole('button', { name: 'Explore', exact: true }).click();
    await page.waitForSelector('#status-text:has-text("computed")', { timeout: 20_000 });
    // The values so far are plotted while the search goes on.
    await page.waitForSelector('#plot-heading:has-text("Values so far")', { timeout: 20_000 });
    expect(Number(await page.locator('#plot-svg').getAttribute('data-to'))).toBeGreaterThan(1000);
    // And what they show so far: heaps 0, 1 and 2 have no move (0.007 takes three), so they lead the P-positions.
    expect(await page.locator('#partial-summary').textContent()).toMatch(/^So far: [\d,]+ values, the largest \d+; [\d,]+ P-positions \(G = 0\) among them: 0, 1, 2, \d/);
    const started = Date.now();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForSelector('#status-text:has-text("cancelled")', { timeout: HANG_GUARD_S * 1000 });
    expect(Date.now() - started).toBeLessThan(HANG_GUARD_S * 1000);
    // The worker is gone: the values so far stay on screen, and nothing more comes.
    const shown = await page.locator('#plot-svg').getAttribute('data-to');
    await page.waitForTimeout(700);
    expect(await page.locator('#plot-svg').getAttribute('data-to')).toBe(shown);
    // A fresh worker answers the next request.
    await page.getByLabel('Game (command-line words)').fill('--all-but 2,3,7');
    await page.getByRole('button', { name: 'Explore', exact: true }).click();
    await settled(page);
    expect(await page.locator('#pattern').getAttribute('data-kind')).toBe('arithmetic-periodic');
    await check();
  });

  it('runs a rule module only where serve --allow-modules hands it out, with the CLI\'s values and positions', async () => {
    const { page, check } = await watchedTab(browser, 1280, 900);
    await page.goto(fileUrl('?lang=en', '#rule=examples/grundy.mjs'));
    await settled(page);
    expect(await page.locator('#error').textContent()).toBe('Cannot explore this: does not apply here: examples/grundy.mjs: rule modules run only where the page comes from sg-explore serve --allow-modules');
    await page.goto(`${served.url}?lang=en#rule=examples/grundy.mjs`);
    await settled(page);
    expect(await page.locator('#error').textContent()).toBe('Cannot explore this: not a valid rule: examples/grundy.mjs: rule modules are off: start sg-explore serve --allow-modules to run them in the page');
    const modules = await serveApp(['--allow-modules']);
    try {
      await page.goto(`${modules.url}?lang=en#rule=examples/grundy.mjs&max=200`);
      await settled(page);
      expect(await page.locator('#rule').textContent()).toBe('custom examples/grundy.mjs (grundy (module))');
      expect(await page.locator('#game-input').inputValue()).toBe('--rule examples/grundy.mjs --max 200');
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-csv')]);
      const cli = await runCli(['--rule', 'examples/grundy.mjs', '--max', '200', '--format', 'csv'], { timeoutMs: 30_000 });
      expect(cli.code).toBe(0);
      expect(readFileSync((await download.path())!, 'utf8')).toBe(cli.stdout);
      // Why G(n), from the options the table recorded as its values were computed (before: refused as a game whose options are
      // not known here). Grundy's game by hand: split a heap into two unequal non-empty heaps.
      const grundy: number[] = [];
      const splits = (n: number) => Array.from({ length: Math.max(0, Math.ceil(n / 2) - 1) }, (_, i) => [i + 1, n - i - 1] as const);
      for (let n = 0; n <= 13; n++) grundy.push(((seen) => { let v = 0; while (seen.has(v)) v++; return v; })(new Set(splits(n).map(([a, b]) => grundy[a]! ^ grundy[b]!))));
      const reached = [...new Set(splits(13).map(([a, b]) => grundy[a]! ^ grundy[b]!))].sort((a, b) => a - b);
      await page.getByRole('button', { name: `G(13) = ${grundy[13]}: why?` }).click();
      await expect.poll(() => page.locator('#why-heading').textContent()).toBe(`Why G(13) = ${grundy[13]}`);
      expect(await page.locator('#why-sentence').textContent()).toBe(`G(13) = ${grundy[13]} because its options have values ${reached.join(', ')}: ${grundy[13]} is the least value not among them (the mex).`);
      expect(await page.locator('#why-table tbody tr').count()).toBe(splits(13).length);
      expect(await page.locator('#why-table tbody tr', { hasText: '6 + 7' }).first().locator('td').textContent()).toBe(`G(6) ⊕ G(7) = ${grundy[6]! ^ grundy[7]!}`);
      // A module with states of its own: the table of its states(max), the CLI's to the byte.
      await page.goto(`${modules.url}?lang=en#rule=examples/one-more.mjs&max=30`);
      await settled(page);
      expect(await page.locator('#error').isHidden()).toBe(true);
      expect(await page.locator('#states-table tbody tr').first().locator('th, td').allTextContents()).toEqual(['{"cap":1,"heap":1}', '1', 'N']);
      const [states] = await Promise.all([page.waitForEvent('download'), page.click('#download-csv')]);
      const statesCli = await runCli(['--rule', 'examples/one-more.mjs', '--max', '30', '--format', 'csv'], { timeoutMs: 30_000 });
      expect(statesCli.code).toBe(0);
      expect(readFileSync((await states.path())!, 'utf8')).toBe(statesCli.stdout);
      const count = statesCli.stdout.trim().split('\n').length - 1;
      const p = statesCli.stdout.split('\n').filter((line) => /,P\r?$/.test(line)).length;
      expect(await page.locator('#states-count').textContent()).toBe(`${count} states, ${p} of them P-positions`);
      // Positions, as sg-explore --rule MODULE --position answers them: a heap module's heaps, a state module's states as JSON.
      // A heap module's moves as the heaps they leave (its options recorded as its values are computed), a state module's as the state.
      for (const [module, position, heapModule] of [['examples/grundy.mjs', '5 8 9', true], ['examples/one-more.mjs', '{"cap":3,"heap":7}', false]] as const) {
        await page.goto(`${modules.url}?lang=en#rule=${module}&position=${encodeURIComponent(position)}`);
        await page.locator('#position, #error:not([hidden])').first().waitFor({ timeout: 30_000 });
        expect(await page.locator('#error').isHidden(), await page.locator('#error').textContent() ?? '').toBe(true);
        const cli = await runCli(['--rule', module, '--position', ...position.split(' '), '--format', 'json'], { timeoutMs: 30_000 });
        expect(cli.code).toBe(0);
        const answer = JSON.parse(cli.stdout) as { outcome: string; nimSum: number; winningMoves: { to: unknown[] }[] };
        const shown = page.locator('#position');
        expect(await shown.getAttribute('data-outcome')).toBe(answer.outcome);
        expect(await shown.getAttribute('data-nim-sum')).toBe(String(answer.nimSum));
        const moves = await page.locator('#position-moves li').evaluateAll((items) => items.map((li) => li.getAttribute('data-to')!));
        expect(answer.winningMoves.length).toBeGreaterThan(0);
        if (heapModule) expect(moves).toEqual(answer.winningMoves.map((m) => m.to.join(' ')));
        else expect(moves.map((to) => JSON.parse(to) as unknown)).toEqual(answer.winningMoves.map((m) => m.to[0]));
      }
      // Without --max, its start.
      await page.goto(`${modules.url}?lang=zh#rule=examples/one-more.mjs`);
      await settled(page);
      expect(await page.locator('#states-count').textContent()).toMatch(/^1 个状态，其中 [01] 个是必败态$/);
      expect(await page.locator('#states-table tbody tr th').allTextContents()).toEqual(['{"cap":9,"heap":10}']);
      // --max means states(max), as in the CLI: a module without them is refused.
      await page.goto(`${modules.url}?lang=en#rule=examples/ring.mjs&max=5`);
      await settled(page);
      expect(await page.locator('#error').textContent()).toBe('Cannot explore this: does not apply here: examples/ring.mjs: has no states(max) to tabulate, so --max 5 means nothing to it: leave out --max to evaluate its start');
    } finally {
      await modules.close();
    }
    await check(/status of 403/);
  });
});
