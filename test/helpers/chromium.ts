import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's Chromium (playwright-core cannot download its own browser here; .ci/run installs it). */
export const CHROMIUM = '/usr/bin/chromium';

/** Whether browser tests run: Chromium is there, or this is CI (where its absence must fail). */
export const chromiumPresent = existsSync(CHROMIUM) || Boolean(process.env.CI);

/**
 * Headless Chromium with a fresh profile in `dir` (playwright takes it as
 * launchPersistentContext's userDataDir, not as --user-data-dir): nothing
 * read from or left in the user's home, and no network of its own.
 */
export function launchChromium(dir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
