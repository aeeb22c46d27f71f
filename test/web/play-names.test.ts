/**
 * The play view through accessible names alone, in headless Chromium from the
 * static build: a whole game of Wythoff's game (two piles: the queen and the
 * squares she may move to are named) and of Fibonacci Nim (a heap with
 * memory: its pile and counters are named), each won by a strategy worked
 * out here by brute force, never by the page's hint; and the game list is
 * every preset whose kind plays, from the registry.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPresets, presetGame } from '../../src/core/presets.js';
import { kindOf } from '../../src/core/kinds/registry.js';
import { chromiumPresent, launchChromium } from '../helpers/chromium.js';
import { scratchDirectories } from '../helpers/scratch.js';
import { fileUrl, watchedTab } from '../helpers/web-app.js';
import { wythoffValues } from '../oracles/wythoff.js';

const scratch = scratchDirectories('web-play-names');

/** Fibonacci Nim by brute force: (n, cap) is lost when every take 1..min(n, cap) leaves a won (n - t, 2t) for the other player. */
function fibonacciLost(most: number): (n: number, cap: number) => boolean {
  const memo = new Map<string, boolean>();
  const lost = (n: number, cap: number): boolean => {
    const key = `${n},${Math.min(cap, n)}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result = true;
    for (let take = 1; take <= Math.min(n, cap) && result; take++) if (lost(n - take, 2 * take)) result = false;
    memo.set(key, result);
    return result;
  };
  for (let n = 0; n <= most; n++) lost(n, n);
  return lost;
}

describe.skipIf(!chromiumPresent)('the play view through accessible names alone', () => {
  let browser: BrowserContext;
  beforeAll(async () => {
    browser = await launchChromium(scratch.fresh('chromium'));
  });
  afterAll(async () => {
    await browser?.close();
  });
  const settled = async (page: Page) => {
    await page.waitForFunction(() => ['human', 'won', 'lost'].includes(document.querySelector('.play-view')?.getAttribute('data-state') ?? ''), null, { timeout: 20_000 });
    return page.locator('.play-view').getAttribute('data-state');
  };

  it("wins Wythoff's game from (4, 7) as the second player, reading the queen's square and moving by the squares' names", async () => {
    const { page, check } = await watchedTab(browser, 1280, 900);
    await page.goto(fileUrl('?lang=en', '#play&preset=wythoff&position=4:7&first=computer&level=10&seed=5'));
    const lost = wythoffValues(12).map((row) => row.map((v) => v === 0));
    expect(lost[4]![7]).toBe(true);
    let moves = 0;
    while ((await settled(page)) === 'human') {
      const queen = (await page.getByRole('img', { name: /^the queen at \(\d+, \d+\)$/ }).getAttribute('aria-label'))!;
      const [x, y] = /\((\d+), (\d+)\)/.exec(queen)!.slice(1).map(Number) as [number, number];
      // The move to a lost square for the computer: along a row, a column or the diagonal.
      const targets = [...Array.from({ length: x }, (_, k) => [k, y]), ...Array.from({ length: y }, (_, k) => [x, k]), ...Array.from({ length: Math.min(x, y) }, (_, k) => [x - k - 1, y - k - 1])];
      const [tx, ty] = targets.find(([a, b]) => lost[a!]![b!])!;
      await page.getByRole('button', { name: `move the queen to (${tx}, ${ty})`, exact: true }).click();
      moves++;
      expect(moves).toBeLessThan(12);
    }
    expect(moves).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('You win!');
    expect(await page.getByRole('img', { name: 'the queen at (0, 0)' }).count()).toBe(1);
    await check();
  });

  it('wins Fibonacci Nim from a heap of 20 as the first player, by the pile\'s and counters\' names', async () => {
    const { page, check } = await watchedTab(browser, 1280, 900);
    await page.goto(fileUrl('?lang=en', '#play&preset=fibonacci-nim&position=20&first=human&level=10&seed=2'));
    const lost = fibonacciLost(20);
    expect(lost(20, 19)).toBe(false);
    let moves = 0;
    while ((await settled(page)) === 'human') {
      // The pile's name says the heap and its cap: 'heap 1: 20 · take at most 19'.
      const name = (await page.getByRole('group', { name: /^heap 1: \d+/ }).getAttribute('aria-label'))!;
      const n = Number(/^heap 1: (\d+)/.exec(name)![1]);
      const cap = Number(/take at most (\d+)/.exec(name)?.[1] ?? n);
      const take = Array.from({ length: Math.min(n, cap) }, (_, k) => k + 1).find((t) => lost(n - t, 2 * t))!;
      expect(take).toBeDefined();
      await page.getByRole('button', { name: `heap 1: take ${take}`, exact: true }).click();
      moves++;
      expect(moves).toBeLessThan(20);
    }
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('You win!');
    await check();
  });

  it("offers every preset whose kind plays, from the registry's presets", async () => {
    const { page, check } = await watchedTab(browser, 1280, 900);
    await page.goto(fileUrl('?lang=en', '#play&preset=nim&position=1,2&seed=1'));
    await settled(page);
    const playable = listPresets()
      .map((p) => p.usage.replace(/\[.*\]$/, '').replace(/<[^>]*>/g, '3'))
      .filter((value) => kindOf(presetGame(value).rule).play !== undefined);
    const game = page.locator('select[name=game]');
    await expect.poll(() => game.locator('option').count()).toBe(playable.length);
    expect(await game.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(playable.map((p) => `preset=${p}`));
    expect(await game.inputValue()).toBe('preset=nim');
    await check();
  });
});
