/**
 * The play view in headless Chromium, against the static build (npm run
 * build) opened from file:// and from a plain static server: the computer
 * wins what it should, a human who follows the hints wins what they should,
 * in English and Chinese, with the keyboard too; no request leaves the
 * page's origin and nothing is printed to the console. Screenshots at 1280
 * and 360 pixels go to the test's temp dir (and $SG_SCREENSHOTS_DIR).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longTest } from '../helpers/long.js';
import { chromiumPresent, launchChromium } from '../helpers/chromium.js';
import { fileUrl, serveApp, staticServer, watchedTab } from '../helpers/web-app.js';
import { scratchDirectories } from '../helpers/scratch.js';

const scratch = scratchDirectories('web-play');

/** The page's state: human, computer, won, lost (the view sets it on its root). */
const stateOf = (page: Page) => page.locator('.play-view').getAttribute('data-state');

/** Wait until it is the human's turn or the game is over; the state then. */
async function settled(page: Page): Promise<string> {
  await page.waitForFunction(() => ['human', 'won', 'lost'].includes(document.querySelector('.play-view')?.getAttribute('data-state') ?? ''), null, { timeout: 20_000 });
  return (await stateOf(page))!;
}

/** Ask for a hint, then play the first winning move it highlights (a counter, a square, a split); false when it shows none. */
async function followHint(page: Page): Promise<boolean> {
  await page.getByRole('button', { name: /^(Hint|提示)$/ }).click();
  await page.locator('.hint p').first().waitFor();
  const winning = page.locator('.position .winning:not(:disabled)');
  if ((await winning.count()) === 0) return false;
  await winning.first().click();
  // A counter whose take can leave several splits asks which: the winning one is highlighted there too.
  const choice = page.locator('.choice .winning');
  if (await choice.count()) await choice.first().click();
  return true;
}

describe.skipIf(!chromiumPresent)('the play view in headless Chromium', () => {
  let browser: BrowserContext;
  let server: Awaited<ReturnType<typeof staticServer>>;
  let served: Awaited<ReturnType<typeof serveApp>>;
  const shots = scratch.fresh('screenshots');
  const copies = process.env.SG_SCREENSHOTS_DIR;

  beforeAll(async () => {
    [browser, server, served] = await Promise.all([launchChromium(scratch.fresh('chromium')), staticServer(), serveApp()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await served?.close();
  });

  const screenshot = async (page: Page, name: string) => {
    const file = join(shots, `${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    if (copies) {
      mkdirSync(copies, { recursive: true });
      copyFileSync(file, join(copies, `${name}.png`));
    }
  };

  const origins = [
    { name: 'file://', url: (search: string, hash: string) => fileUrl(search, hash) },
    { name: 'a static server', url: (search: string, hash: string) => `${server.url}${search}${hash}` },
    { name: 'sg-explore serve', url: (search: string, hash: string) => `${served.url}${search}${hash}` },
  ];

  /** A fresh page at `hash`, watched; `check` ends it by asserting nothing went wrong. */
  async function open(url: string, width = 1280) {
    const tab = await watchedTab(browser, width, 900);
    await tab.page.goto(url);
    return tab;
  }

  for (const origin of origins) {
    // Every origin plays Nim in the quick run; the other two games from the servers (as from file://) only in [long].
    const later = origin.name === 'file://' ? it : longTest;
    const mark = origin.name === 'file://' ? '' : ' [long]';
    describe(`from ${origin.name}`, () => {
      it('plays Nim 3 5 7 as the first player and loses against level 10', async () => {
        const { page, check } = await open(origin.url('', '#play&preset=nim&position=3,5,7&first=human&level=10&seed=1'));
        expect(await settled(page)).toBe('human');
        expect(await page.locator('.pile').count()).toBe(3);
        expect(await page.locator('.pile[data-component="3"] .counter').count()).toBe(7);
        let moves = 0;
        while ((await settled(page)) === 'human') {
          // Take one from the first heap that has a counter to take.
          await page.locator('.counter:not(:disabled)').first().click();
          moves++;
          expect(moves).toBeLessThan(20);
        }
        expect(await stateOf(page)).toBe('lost');
        await expect.poll(() => page.locator('.status').textContent()).toContain('The computer wins.');
        if (origin.name === 'file://') await screenshot(page, 'play-nim-lost-1280');
        await check();
      });

      later(`wins a P-position handed to it as the second player, following the hints${mark}`, async () => {
        // 1 2 3 has nim-sum 0: the computer, moving first, is lost against the hints.
        const { page, check } = await open(origin.url('', '#play&preset=nim&position=1,2,3&first=computer&level=10&seed=3'));
        while ((await settled(page)) === 'human') expect(await followHint(page)).toBe(true);
        expect(await stateOf(page)).toBe('won');
        await expect.poll(() => page.locator('.status').textContent()).toContain('You win!');
        await check();
      });

      later(`plays Wythoff's game from (4, 7) as the second player and wins${mark}`, async () => {
        const { page, check } = await open(origin.url('', '#play&preset=wythoff&position=4:7&first=computer&level=10&seed=5'));
        expect(await settled(page)).toBe('human');
        await expect.poll(() => page.locator('.square.queen').count()).toBe(1);
        let turns = 0;
        while ((await settled(page)) === 'human') {
          expect(await followHint(page)).toBe(true);
          turns++;
          expect(turns).toBeLessThan(12);
        }
        expect(await stateOf(page)).toBe('won');
        if (origin.name === 'file://') await screenshot(page, 'play-wythoff-won-1280');
        await check();
      });
    });
  }

  it('switches to Chinese with ?lang=zh and finds 先手必胜 in the hint', async () => {
    const { page, check } = await open(fileUrl('?lang=zh', '#play&preset=nim&position=3,5,7'));
    expect(await settled(page)).toBe('human');
    await expect.poll(() => page.locator('.status').textContent()).toContain('轮到你走');
    await page.getByRole('button', { name: '提示' }).click();
    await expect.poll(() => page.locator('.hint').textContent()).toContain('先手必胜');
    const hint = (await page.locator('.hint').textContent())!;
    expect(hint).toContain('异或和为 1');
    expect(hint).toContain('必胜走法');
    // The three winning moves (take 1 from each heap) are highlighted on the piles.
    expect(await page.locator('.counter.winning').count()).toBe(3);
    expect(await page.locator('.counter.winning').first().getAttribute('aria-label')).toBe('第 1 堆：取走 1 个 (必胜)');
    await screenshot(page, 'play-nim-hint-zh-1280');
    await check();
  });

  it('is playable with the keyboard alone, and the hash holds the game', async () => {
    const { page, check } = await open(fileUrl('', '#play&preset=nim&position=2,2&first=human&level=10&seed=9'));
    expect(await settled(page)).toBe('human');
    // Every counter is a button named for its move.
    expect(await page.getByRole('button', { name: 'heap 2: take 2' }).count()).toBe(1);
    await page.getByRole('button', { name: 'heap 2: take 2' }).focus();
    await page.keyboard.press('Enter');
    expect(await settled(page)).toBe('lost');
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#play&preset=nim&position=2,2&first=human&level=10&seed=9');
    // Undo, by keyboard: back to 2 2 with the human to move.
    await page.getByRole('button', { name: 'Undo' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.pile .counter').count()).toBe(4);
    expect(await stateOf(page)).toBe('human');
    await check();
  });

  it('plays a whole Nim game through accessible names alone (piles, counters, status, Play again)', async () => {
    const { page, check } = await open(fileUrl('?lang=en', '#play&preset=nim&position=1,2,3&first=computer&level=10&seed=3'));
    const heaps = async () => {
      const names = await Promise.all((await page.getByRole('group', { name: /^heap \d+: \d+$/ }).all()).map((pile) => pile.getAttribute('aria-label')));
      return names.map((name) => Number(/: (\d+)$/.exec(name!)![1]));
    };
    // 1 2 3 has nim-sum 0 and the computer moves first: Bouton's rule, worked out here, wins every time.
    let moves = 0;
    while ((await settled(page)) === 'human') {
      const sizes = await heaps();
      const sum = sizes.reduce((a, b) => a ^ b, 0);
      expect(sum).not.toBe(0);
      const i = sizes.findIndex((n) => (n ^ sum) < n);
      await page.getByRole('button', { name: `heap ${i + 1}: take ${sizes[i]! - (sizes[i]! ^ sum)}`, exact: true }).click();
      moves++;
    }
    expect(moves).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('You win!');
    expect(await heaps()).toEqual([0, 0, 0].slice(0, (await heaps()).length));
    // Play again: the same start, the computer first again.
    await page.getByRole('button', { name: 'Play again', exact: true }).click();
    expect(await settled(page)).toBe('human');
    expect((await heaps()).reduce((a, b) => a + b, 0)).toBe(5);
    expect(await page.getByRole('button', { name: 'Play again', exact: true }).count()).toBe(0);
    await check();
  });

  it('the hint\'s winning moves are buttons too: following them by keyboard wins', async () => {
    const { page, check } = await open(fileUrl('', '#play&preset=nim&position=1,2,4&first=human&level=10&seed=4'));
    while ((await settled(page)) === 'human') {
      await page.getByRole('button', { name: 'Hint' }).focus();
      await page.keyboard.press('Enter');
      const first = page.locator('.hint-move').first();
      await first.waitFor();
      await first.focus();
      await page.keyboard.press('Enter');
    }
    expect(await stateOf(page)).toBe('won');
    await check();
  });

  it('splits a heap in Kayles by choosing the split, plays Fibonacci Nim with its cap, and misère Nim', async () => {
    const kayles = await open(fileUrl('', '#play&preset=kayles&position=5&first=human&level=10&seed=2'));
    expect(await settled(kayles.page)).toBe('human');
    // Taking 1 from 5 can leave 4, 1 + 3 or 2 + 2: the page asks which.
    await kayles.page.getByRole('button', { name: 'heap 1: take 1' }).click();
    await kayles.page.getByRole('button', { name: 'heap 1: take 1, leaving 2 + 2' }).click();
    await expect.poll(() => kayles.page.locator('.pile figcaption').allTextContents()).toEqual(['heap 1: 2', 'heap 2: 2']);
    await kayles.check();

    const fib = await open(fileUrl('', '#play&preset=fibonacci-nim&position=20&first=human&level=10&seed=2'));
    expect(await settled(fib.page)).toBe('human');
    expect(await fib.page.locator('.pile figcaption').textContent()).toBe('heap 1: 20 · take at most 19');
    expect(await fib.page.locator('.counter:not(:disabled)').count()).toBe(19);
    await fib.page.getByRole('button', { name: 'Hint' }).click();
    // 20 = 13 + 5 + 2: the winning move takes 2.
    await expect.poll(() => fib.page.locator('.counter.winning').getAttribute('data-take')).toBe('2');
    await fib.check();

    const misere = await open(fileUrl('', '#play&preset=nim&position=1,1,1&first=human&level=10&seed=2&misere'));
    expect(await settled(misere.page)).toBe('human');
    await misere.page.getByRole('button', { name: 'Hint' }).click();
    await expect.poll(() => misere.page.locator('.hint').textContent()).toContain('misère');
    // Misère 1 1 1 with the human to move is lost: no move is highlighted.
    expect(await misere.page.locator('.winning').count()).toBe(0);
    await misere.check();
  });

  it('a heap too large to draw takes a typed move, and the perfect computer answers it at once', async () => {
    const { page, check } = await open(fileUrl('', '#play&preset=nim&position=100000,3&first=human&level=10&seed=2'));
    expect(await settled(page)).toBe('human');
    const field = page.getByRole('textbox', { name: 'heap 1: take how many, or what it becomes' });
    await field.fill('200000');
    await field.press('Enter');
    await expect.poll(() => page.locator('.status').textContent()).toBe('Not a move: you cannot take 200000 from heap 1 (100000) under this rule.');
    await field.fill('99997');
    await field.press('Enter');
    // 3 3 is lost for the computer: it takes 1 from the last heap, and the human is to move again.
    expect(await settled(page)).toBe('human');
    await expect.poll(() => page.locator('.status').textContent()).toBe('The computer played: take 1 from heap 2. Your move.');
    await check();
  });

  it('a heap of 10^18 + 7 shows every digit, and a pair far past the board leaves the other board its own size', async () => {
    const kayles = await open(fileUrl('?lang=en', '#play&preset=kayles&position=1000000000000000007&first=human&level=10&seed=2'));
    expect(await settled(kayles.page)).toBe('human');
    expect(await kayles.page.locator('figure[data-component="1"] figcaption').textContent()).toBe('heap 1: 1000000000000000007');
    await kayles.check();
    // 200:5 is listed, not drawn; the board of 2:3 keeps a side of at most 30 squares (it took 201 before).
    const wythoff = await open(fileUrl('?lang=en', '#play&preset=wythoff&position=200:5,2:3&first=human&level=10&seed=2'));
    expect(await settled(wythoff.page)).toBe('human');
    expect(await wythoff.page.locator('figure[data-component="1"] figcaption').textContent()).toBe('pair 1: 200:5');
    expect(await wythoff.page.locator('figure[data-component="2"] .board > *').count()).toBeLessThanOrEqual(30 * 30);
    await wythoff.check();
  });

  it('fits a 360-pixel-wide screen: nothing wider than the viewport', async () => {
    const pages = [
      { name: 'nim', search: '', hash: '#play&preset=nim&position=3,5,7,9,11&seed=1' },
      { name: 'wythoff', search: '', hash: '#play&preset=wythoff&position=9:14&first=human&seed=1' },
      { name: 'kayles-zh', search: '?lang=zh', hash: '#play&preset=kayles&position=9,12&first=human&seed=1' },
    ];
    for (const { name, search, hash } of pages) {
      const { page, check } = await open(fileUrl(search, hash), 360);
      expect(await settled(page)).toBe('human');
      if (search) {
        await page.getByRole('button', { name: '提示' }).click();
        await page.locator('.hint p').first().waitFor();
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await screenshot(page, `play-${name}-360`);
      await check();
    }
  });

  it('a long hint shows how far it has got, and Stop ends it: the game goes on', async () => {
    // Misère Dawson's Kayles, a heap of 29: its quotient Q_29 takes most of a minute.
    const { page, check } = await open(fileUrl('?lang=en', '#play&preset=dawsons-kayles&position=29,2&misere&seed=1'));
    expect(await settled(page)).toBe('human');
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    await expect.poll(() => page.locator('.status').textContent()).toBe('Working out the hint…');
    await expect.poll(() => page.locator('.progress').textContent(), { timeout: 15_000 }).toMatch(/^[\d,]+ \w[\w ]* computed, \d+ s$/);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect.poll(() => page.locator('.status').textContent()).toBe('The hint was stopped. Your move.');
    expect(await page.locator('.progress').isHidden()).toBe(true);
    expect(await page.getByRole('button', { name: 'Stop', exact: true }).isHidden()).toBe(true);
    // The worker was ended; a move opens the game again on a fresh one, with the moves so far.
    await page.locator('.position button:not(:disabled)').last().click();
    await expect.poll(() => page.locator('.history li').first().textContent()).toMatch(/^You played: /);
    await check();
  }, 60_000);

  it('a start that is not a position says why on the page, and a new game from the form plays on', async () => {
    const { page, check } = await open(fileUrl('', '#play&preset=wythoff&position=4&seed=1'));
    await expect.poll(() => page.locator('.status').textContent()).toMatch(/^Error: .*not a pair such as 3:5/);
    await page.getByLabel('Start position').fill('4:7');
    await page.getByRole('button', { name: 'New game' }).click();
    expect(await settled(page)).toBe('human');
    expect(await page.locator('.square.queen').getAttribute('aria-label')).toBe('the queen at (4, 7)');
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#play&preset=wythoff&position=4:7&first=human&level=10&seed=1');
    await check();
  });

  it('a random start from a seed is the same each time, and written into the link', async () => {
    const starts: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { page, check } = await open(fileUrl('', '#play&preset=nim&seed=42'));
      expect(await settled(page)).toBe('human');
      await expect.poll(() => page.locator('.status').textContent()).toContain('A random start from seed 42.');
      starts.push((await page.locator('.pile figcaption').allTextContents()).join(' '));
      await check();
    }
    expect(starts[0]).toBe(starts[1]);
    expect(starts[0]).toMatch(/^heap 1: \d+ heap 2: \d+ heap 3: \d+$/);
  });
});
