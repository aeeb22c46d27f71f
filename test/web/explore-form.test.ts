/**
 * The explore view's form for each kind of game, in headless Chromium from
 * the static build: its choices are the registry's rule words (none listed
 * by hand), it and the command line rewrite each other, it offers misère
 * play as the kind offers it (a misère table is shown; a two-pile game's
 * misère position beside its normal-play table), and
 * every value of a two-pile table, its heat map, a graph's vertices and a heap
 * with memory's start positions opens its options with the mex marked, checked
 * against a brute force here; and each kind's form fits a phone.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULE_WORDS } from '../../src/core/rule-words.js';
import { chromiumPresent, launchChromium } from '../helpers/chromium.js';
import { scratchDirectories } from '../helpers/scratch.js';
import { fileUrl, watchedTab } from '../helpers/web-app.js';
import { wythoffValues } from '../oracles/wythoff.js';
import { analyseAsync, presetGame } from '../../src/index.js';
import { formChoices } from '../../src/web/engine/form-ops.js';
import { hashOf } from '../../src/web/explore/words.js';
import type { PositionReport } from '../../src/core/positions/position.js';

const scratch = scratchDirectories('web-explore-form');

describe.skipIf(!chromiumPresent)('the explore form for each kind of game', () => {
  let browser: BrowserContext;
  beforeAll(async () => {
    browser = await launchChromium(scratch.fresh('chromium'));
  });
  afterAll(async () => {
    await browser?.close();
  });
  const settled = (page: Page) => page.waitForSelector('#results section, #error:not([hidden])', { timeout: 30_000 });
  /** A tab whose form says a game: its kind of game (rule word), its rule and --max. */
  async function formTab(word: string, rule: string, max: string): Promise<Awaited<ReturnType<typeof watchedTab>>> {
    const tab = await watchedTab(browser, 1280, 900);
    await tab.page.goto(fileUrl('?lang=en'));
    await expect.poll(() => tab.page.locator('#form-word option').count()).toBeGreaterThan(1);
    await tab.page.getByLabel('Kind of game').selectOption(word);
    await tab.page.getByLabel('Rule', { exact: true }).fill(rule);
    await tab.page.getByLabel('Largest heap (--max, optional)').fill(max);
    return tab;
  }

  it("links every kind's showcase as an example, in the page's language", async () => {
    const { page } = await watchedTab(browser, 1280, 900);
    await page.goto(fileUrl('?lang=zh'));
    const links = page.locator('#examples a');
    const { examples } = formChoices();
    await expect.poll(() => links.count()).toBe(examples.length);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(examples.map(({ pairs }) => `#${hashOf(pairs)}`));
    expect(await links.nth(0).textContent()).toBe('每次取 1、2 或 3 个（减法游戏）');
  });

  it('lists every rule word the command line takes, from the registry, and keeps the command line in step both ways', async () => {
    const { page, check } = await watchedTab(browser, 1280, 900);
    await page.goto(fileUrl('?lang=en'));
    const words = page.locator('#form-word option');
    await expect.poll(() => words.count()).toBeGreaterThan(1);
    const flags = RULE_WORDS.filter((w) => w.flag).map((w) => w.word);
    expect(await words.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual([...flags, 'rule']);
    // The form writes the command line...
    await page.getByLabel('Kind of game').selectOption('all-but');
    expect(await page.getByLabel('Rule', { exact: true }).inputValue()).toBe(RULE_WORDS.find((w) => w.word === 'all-but')!.example);
    await page.getByLabel('Rule', { exact: true }).fill('2,3');
    await page.getByLabel('Largest heap (--max, optional)').fill('60');
    expect(await page.getByLabel('Game (command-line words)').inputValue()).toBe('--all-but 2,3 --max 60');
    // ...and the command line writes the form, a flag the form has no field for (--limit) kept.
    await page.getByLabel('Game (command-line words)').fill('--vectors (1,0) (0,1) (1,1) --max 20 --limit 500');
    expect(await page.getByLabel('Kind of game').inputValue()).toBe('vectors');
    expect(await page.getByLabel('Rule', { exact: true }).inputValue()).toBe('(1,0) (0,1) (1,1)');
    // Two piles have rows, and misère play for positions only (the form says so); a change in the form keeps --limit.
    expect(await page.locator('#form-rows-field').isVisible()).toBe(true);
    expect(await page.locator('#form-misere-field').isVisible()).toBe(true);
    expect(await page.locator('#form-misere-help').isVisible()).toBe(true);
    await page.getByLabel('Largest heap (--max, optional)').fill('12');
    expect(await page.getByLabel('Game (command-line words)').inputValue()).toBe('--vectors "(1,0) (0,1) (1,1)" --limit 500 --max 12');
    await check();
  });

  it('plays misère where the kind has misère tables: --moves 1,2,3 loses at n ≡ 1 (mod 4), proven', async () => {
    const { page, check } = await formTab('moves', '1,2,3', '40');
    await page.getByLabel(/^Misère play/).check();
    expect(await page.getByLabel('Game (command-line words)').inputValue()).toBe('--moves 1,2,3 --max 40 --misere');
    await page.getByRole('button', { name: 'Explore', exact: true }).click();
    await settled(page);
    expect(await page.locator('#error').isHidden()).toBe(true);
    expect(new URL(page.url()).hash).toBe('#moves=1,2,3&max=40&misere=true');
    // Misère subtraction {1,2,3}: a heap is lost for the player to move exactly when n ≡ 1 (mod 4).
    const outcomes = await page.locator('#misere-table tbody tr td').allTextContents();
    expect(outcomes).toEqual(Array.from({ length: 41 }, (_, n) => (n % 4 === 1 ? 'P' : 'N')));
    expect(await page.locator('#pattern').getAttribute('data-period')).toBe('4');
    expect(await page.locator('#status').getAttribute('data-proven')).toBe('true');
    expect(await page.locator('#p-positions').textContent()).toBe('n ≡ 1 (mod 4)');
    await check();
  });

  it("plays misère positions where the kind offers only those: Wythoff's 1:0 is lost in misère play, beside the normal-play table", async () => {
    const { page, check } = await formTab('preset', 'wythoff', '10');
    // Without a position the page refuses, in the CLI's words (the box told why beforehand).
    await page.getByLabel(/^Misère play/).check();
    expect(await page.getByLabel(/^Misère play/).getAttribute('aria-describedby')).toBe('form-misere-help');
    await page.getByRole('button', { name: 'Explore', exact: true }).click();
    await settled(page);
    expect(await page.locator('#error').textContent()).toContain('--misere tables are for one-heap games; for other games evaluate positions with --position ... --misere');
    // 1:0 has one move, to 0:0, after which the player to move has no move and wins: so 1:0 is lost (P) in misère play, won (N) in normal play.
    await page.getByLabel(/^Position/).fill('1:0');
    await page.getByRole('button', { name: 'Explore', exact: true }).click();
    await page.locator('#position').waitFor();
    expect(await page.locator('#error').isHidden()).toBe(true);
    expect(new URL(page.url()).hash).toBe('#preset=wythoff&max=10&misere=true&position=1:0');
    expect(await page.locator('#position').getAttribute('data-outcome')).toBe('P');
    expect(await page.locator('#position').textContent()).toContain('misère play');
    expect(await page.locator('#normal-play-table').isVisible()).toBe(true);
    // The table is normal play's: G(1:0) = 1.
    expect(await page.getByRole('button', { name: 'G(1:0) = 1: why?' }).count()).toBe(1);
    await check();
  });

  it('answers a misère position even where the misère table is refused: Kayles 4 6, as sg-explore --position 4 6 --misere', async () => {
    const { page, check } = await watchedTab(browser, 1280, 900);
    await page.goto(fileUrl('?lang=en', '#preset=kayles&misere=true&position=4%206'));
    await page.locator('#position').waitFor({ timeout: 30_000 });
    // The default table (heaps 0..100) is too large to search in misère play: the page says so, as the CLI does, and answers the position.
    expect(await page.locator('#error').textContent()).toMatch(/^Cannot explore this: .*may reach up to [\d,]+ positions, more than the 2,000,000 an exhaustive search may visit/);
    const cli = (await analyseAsync({ game: presetGame('kayles'), position: ['4', '6'], misere: true })) as PositionReport<bigint>;
    expect(await page.locator('#position').getAttribute('data-outcome')).toBe(cli.outcome);
    expect(await page.locator('#position').getAttribute('data-move-count')).toBe(String(cli.winningMoveCount ?? cli.winningMoves.length));
    await check();
  });

  it('answers --at past 2^53 exactly: Kayles at 10^18 + 7 is worth 7, by its proven period', async () => {
    const { page, check } = await watchedTab(browser, 1280, 900);
    await page.goto(fileUrl('?lang=en', '#preset=kayles&at=1000000000000000007,5'));
    await settled(page);
    expect(await page.locator('#error').isHidden()).toBe(true);
    // The form has no field for --at: it stays on the command line.
    expect(await page.getByLabel('Game (command-line words)').inputValue()).toBe('--preset kayles --at 1000000000000000007,5');
    const rows = page.locator('#at-table tbody tr');
    expect(await rows.evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-n'), tr.getAttribute('data-value')]))).toEqual([['1000000000000000007', '7'], ['5', '4']]);
    expect(await rows.first().locator('th').textContent()).toBe('1,000,000,000,000,000,007');
    expect(await rows.first().locator('td').last().textContent()).toMatch(/^proven period \(guy-smith: period 12 from n = 71\)/);
    await check();
  });

  it("opens a Wythoff cell's options with the mex marked, from the table and from the heat map", async () => {
    const { page, check } = await watchedTab(browser, 1280, 900);
    await page.goto(fileUrl('?lang=en', '#preset=wythoff&max=20'));
    await settled(page);
    const g = wythoffValues(21);
    const value = g[3]![4]!;
    await page.getByRole('button', { name: `G(3:4) = ${value}: why?` }).click();
    const reached = [...new Set([...Array.from({ length: 3 }, (_, k) => g[k]![4]!), ...Array.from({ length: 4 }, (_, k) => g[3]![k]!), ...[0, 1, 2].map((k) => g[k]![k + 1]!)])].sort((a, b) => a - b);
    await expect.poll(() => page.locator('#why-sentence').textContent()).toBe(`G(3:4) = ${value} because its options have values ${reached.join(', ')}: ${value} is the least value not among them (the mex).`);
    expect(await page.locator('#why-strip .mex mark').textContent()).toBe(String(value));
    expect(await page.locator('#why-table tbody tr').count()).toBe(3 + 4 + 3);
    // A click on the heat map opens the cell under it: the top-left cell, (0, 0), has no options.
    await page.locator('#heatmap-svg image').click({ position: { x: 2, y: 2 } });
    await expect.poll(() => page.locator('#why-sentence').textContent()).toBe('G(0:0) = 0 because 0:0 has no options: the least value not among no values (the mex) is 0.');
    await check();
  });

  it("opens a graph vertex's options with the mex marked (the edge list in the rule-file box)", async () => {
    const { page, check } = await watchedTab(browser, 1280, 900);
    await page.goto(fileUrl('?lang=en'));
    await expect.poll(() => page.locator('#form-word option').count()).toBeGreaterThan(1);
    await page.getByLabel('Kind of game').selectOption('graph');
    await page.locator('.rule-file summary').click();
    // a → b, c; b → c; c → d: G(d) = 0, G(c) = 1, G(b) = 0... so G(a) = mex{G(b), G(c)} = mex{0, 1} = 2.
    await page.locator('#rule-text').fill('a b\na c\nb c\nc d\n');
    await page.getByRole('button', { name: 'Explore', exact: true }).click();
    await settled(page);
    expect(await page.locator('#error').isHidden()).toBe(true);
    await page.getByRole('button', { name: 'G(a) = 2: why?' }).click();
    await expect.poll(() => page.locator('#why-sentence').textContent()).toBe('G(a) = 2 because its options have values 0, 1: 2 is the least value not among them (the mex).');
    expect(await page.locator('#why-table tbody tr th').allTextContents()).toEqual(['b', 'c']);
    // Tokens on a and c, as sg-explore --graph FILE --position a c answers: nim-sum 2 ⊕ 1 = 3, the one winning move a → c.
    await page.locator('#position-input').fill('a c');
    await page.getByRole('button', { name: 'Explore', exact: true }).click();
    await page.locator('#position').waitFor();
    expect(await page.locator('#error').isHidden()).toBe(true);
    expect(await page.locator('#position').getAttribute('data-outcome')).toBe('N');
    expect(await page.locator('#position').getAttribute('data-nim-sum')).toBe('3');
    expect(await page.locator('#position-moves li').evaluateAll((items) => items.map((li) => [li.getAttribute('data-component'), li.getAttribute('data-to')]))).toEqual([['1', 'c']]);
    // On a cycle (a ⇄ b) the values are Smith's infinite ones: no sentence calls them a mex.
    await page.locator('#position-input').fill('');
    await page.locator('#rule-text').fill('a b\nb a\n');
    await page.getByRole('button', { name: 'Explore', exact: true }).click();
    await page.locator('#graph-table').waitFor();
    expect(await page.locator('#error').isHidden()).toBe(true);
    await page.locator('#graph-table tbody tr').first().getByRole('button').click();
    await expect.poll(() => page.locator('#why-sentence').textContent()).toMatch(/^This graph has cycles: its values are Smith's/);
    expect(await page.locator('#why-strip .mex').count()).toBe(0);
    expect(await page.locator('#why-table tbody tr td').allTextContents()).toEqual(['∞']);
    await check();
  });

  it("opens a heap with memory's start position from its table: Fibonacci Nim's heap of 5 is (5, 4), its options (5 − t, 2t)", async () => {
    // G(n, c) by brute force: the mex of G(n − t, min(2t, n − t)) for t = 1 .. min(c, n).
    const memo = new Map<string, number>();
    const g = (n: number, c: number): number => {
      const key = `${n},${c}`;
      if (!memo.has(key)) {
        const seen = new Set(Array.from({ length: Math.min(c, n) }, (_, k) => g(n - k - 1, Math.min(2 * (k + 1), n - k - 1))));
        let m = 0;
        while (seen.has(m)) m++;
        memo.set(key, m);
      }
      return memo.get(key)!;
    };
    const reached = [...new Set([1, 2, 3, 4].map((t) => g(5 - t, Math.min(2 * t, 5 - t))))].sort((a, b) => a - b);
    const { page, check } = await watchedTab(browser, 1280, 900);
    await page.goto(fileUrl('?lang=en', '#preset=fibonacci-nim&max=30'));
    await settled(page);
    await page.getByRole('button', { name: `G(5) = ${g(5, 4)}: why?` }).click();
    await expect.poll(() => page.locator('#why-sentence').textContent()).toBe(`G((5,4)) = ${g(5, 4)} because its options have values ${reached.join(', ')}: ${g(5, 4)} is the least value not among them (the mex).`);
    expect(await page.locator('#why-table tbody tr').count()).toBe(4);
    await check();
  });

  it('fits a 390 px phone in English and Chinese: each kind\'s form and its result no wider than the screen, labels 12 px or taller', async () => {
    for (const [search, hash] of [['?lang=en', '#moves=1,2,3&max=40&misere=true'], ['?lang=zh', '#vectors=(1,0)%20(0,1)%20(1,1)&max=30'], ['?lang=zh', `#graph=g.txt&rule=${encodeURIComponent('a b\nb c\n')}`]] as const) {
      const { page, check } = await watchedTab(browser, 390, 844);
      await page.goto(fileUrl(search, hash));
      await settled(page);
      expect(await page.locator('#error').isHidden()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const sizes = await page.locator('#kind-form label, #kind-form legend').evaluateAll((labels) => labels.filter((l) => (l as HTMLElement).offsetParent !== null).map((l) => parseFloat(getComputedStyle(l).fontSize)));
      expect(sizes.length).toBeGreaterThan(2);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
      await check();
    }
  });
});
