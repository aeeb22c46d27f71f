/**
 * The web app, through Playwright in headless Chromium, against the CLI in
 * the same run (issue 26):
 *   - the first view: from asking for the page of `sg-explore serve` to its
 *     form ready for input (target: under 1 s), median of RUNS fresh tabs;
 *   - Kayles to its proof: in the page, from the request (the hash set) to
 *     the proof shown, the engine worker started afresh each time, against
 *     the CLI's whole process `sg-explore --preset kayles --format json`
 *     (target: within 2x), interleaved, median of RUNS; and, apart, the
 *     worker's own compute time against the library's in this process;
 *   - the gzipped size of what the page loads (target: under 300 kB).
 * Skipped, with a line saying so, where Chromium is absent.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { analyseAsync } from '../src/core/analyse.js';
import { ruleWord } from '../src/core/rule-words.js';
import type { GameSpec } from '../src/core/kinds/registry.js';
import { installNodeHost } from '../src/host/node-host.js';
import { ratio, seconds, summarize } from './measure.js';

// The library as the CLI runs it (WebAssembly, memory budget), for the compute-alone comparison.
installNodeHost();

const CHROMIUM = '/usr/bin/chromium';
const RUNS = 7;
const FIRST_VIEW_TARGET_S = 1;
const KAYLES_TARGET = 2;
const SIZE_TARGET = 300_000;

/**
 * Run in the page (as text: this file is typed for Node): set the hash, and
 * resolve once the proof is on screen, with the seconds it took and the
 * worker's own milliseconds (the status line says them).
 */
const KAYLES_IN_PAGE = `new Promise((resolve) => {
  const t0 = performance.now();
  const seen = new MutationObserver(() => {
    if (!document.querySelector('#status[data-proven="true"]')) return;
    seen.disconnect();
    const worker = Number(/(\\d+) ms/.exec(document.getElementById('status-text').textContent)?.[1] ?? NaN);
    resolve({ seconds: (performance.now() - t0) / 1000, worker: worker / 1000 });
  });
  seen.observe(document.getElementById('app'), { subtree: true, childList: true });
  location.hash = 'preset=kayles';
})`;

/** `sg-explore serve --port 0`, until `stop`. */
async function serve(program: string): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [program, 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const found = /http:\/\/127\.0\.0\.1:\d+\//.exec(text);
      if (found) resolve(found[0]);
    });
    child.once('exit', (code) => reject(new Error(`serve ended (exit ${code}): ${text}`)));
  });
  return { url, stop: () => child.kill('SIGINT') };
}

export async function benchWeb(out: (line: string) => void): Promise<void> {
  out('== Web app (sg-explore serve, headless Chromium through Playwright) against the CLI, same run');
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const web = join(root, 'dist', 'web');
  const gz = ['index.html', 'app.css', 'app.js'].reduce((sum, f) => sum + gzipSync(readFileSync(join(web, f)), { level: 9 }).length, 0);
  out(`[web] gzipped index.html + app.css + app.js (the worker and the WebAssembly inside): ${(gz / 1000).toFixed(1)} kB (target: under ${SIZE_TARGET / 1000} kB) ${gz < SIZE_TARGET ? 'MET' : 'NOT MET'}`);
  if (!existsSync(CHROMIUM)) {
    out(`[web] SKIPPED: no Chromium at ${CHROMIUM} (install Debian's chromium); the first view and Kayles in the browser are not timed`);
    return;
  }
  const { chromium } = await import('playwright-core');
  const program = join(root, 'dist', 'sg-explore.cjs');
  const profile = mkdtempSync(join(tmpdir(), 'sg-bench-web-'));
  const server = await serve(program);
  const browser = await chromium.launchPersistentContext(join(profile, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    // One untimed view first: Chromium's own start-up is not the page's.
    const warm = await browser.newPage();
    await warm.goto(`${server.url}?lang=en`);
    await warm.waitForSelector('#run');
    await warm.close();

    const firstView: number[] = [];
    const kaylesPage: number[] = [];
    const kaylesWorker: number[] = [];
    const kaylesCli: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const page = await browser.newPage();
      const started = process.hrtime.bigint();
      await page.goto(`${server.url}?lang=en`, { waitUntil: 'commit' });
      await page.waitForSelector('#run:not([disabled])');
      firstView.push(Number(process.hrtime.bigint() - started) / 1e9);
      // In the page: the hash set, then the proof on screen (a fresh worker: the page has not used its engine yet).
      const inPage = (await page.evaluate(KAYLES_IN_PAGE)) as { seconds: number; worker: number };
      kaylesPage.push(inPage.seconds);
      kaylesWorker.push(inPage.worker);
      await page.close();
      const cliStarted = process.hrtime.bigint();
      const cli = spawnSync(process.execPath, [program, '--preset', 'kayles', '--format', 'json'], { stdio: ['ignore', 'pipe', 'pipe'] });
      kaylesCli.push(Number(process.hrtime.bigint() - cliStarted) / 1e9);
      if (cli.status !== 0 || !String(cli.stdout).includes('"proven": true')) throw new Error(`sg-explore --preset kayles: exit ${cli.status}: ${cli.stderr}`);
    }
    // The library's own time for the same work, in this process (what the worker's time compares with).
    const game = ruleWord('preset')!.parse('kayles', '--preset') as GameSpec;
    const library: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = process.hrtime.bigint();
      await analyseAsync({ game });
      library.push(Number(process.hrtime.bigint() - t0) / 1e9);
    }
    const view = summarize(firstView);
    const page = summarize(kaylesPage);
    const cli = summarize(kaylesCli);
    const worker = summarize(kaylesWorker);
    const lib = summarize(library);
    const r = page.median / cli.median;
    out(`[web] first view (request to the form ready), median of ${RUNS}: ${seconds(view.median)} (best ${seconds(view.best)}; target: under ${FIRST_VIEW_TARGET_S} s) ${view.median < FIRST_VIEW_TARGET_S ? 'MET' : 'NOT MET'}`);
    out(`[web] Kayles to its proof in the page (request to the proof shown, worker started afresh), median of ${RUNS}: ${seconds(page.median)}`);
    out(`[web] Kayles to its proof, CLI whole process (--preset kayles --format json), median of ${RUNS}: ${seconds(cli.median)}`);
    out(`[web] ratio page/CLI: ${ratio(r)} (target: within ${KAYLES_TARGET}x) ${r <= KAYLES_TARGET ? 'MET' : 'NOT MET'}`);
    // The worker is always cold (a fresh one per run); the library's first run here is too, its later ones warm.
    out(
      `[web] compute alone: the worker's ${seconds(worker.median)} (median, whole milliseconds, cold) against the library's in this Node process: ` +
        `${seconds(library[0]!)} cold (${ratio(worker.median / library[0]!)}), ${seconds(lib.median)} warm median (${ratio(worker.median / lib.median)})`,
    );
  } finally {
    await browser.close();
    server.stop();
    rmSync(profile, { recursive: true, force: true });
  }
}
