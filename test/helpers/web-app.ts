/**
 * The web app under test, both ways a user meets it: the static build
 * (dist/web, built by `npm run build`) opened from file:// or from a plain
 * static server, and (once there) `sg-explore serve`. `watch` records what a
 * page must never do: print a console error or warning, throw, or send a
 * request outside its own origin.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ROOT } from './cli.js';

export const WEB_DIR = join(ROOT, 'dist', 'web');

/** The static build's page as a file:// URL (with `search`, e.g. `?lang=zh`, and `hash`). */
export function fileUrl(search = '', hash = ''): string {
  if (!existsSync(join(WEB_DIR, 'index.html'))) throw new Error('dist/web is missing: run npm run build');
  return `${pathToFileURL(join(WEB_DIR, 'index.html')).href}${search}${hash}`;
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.png': 'image/png', '.svg': 'image/svg+xml' };

/** dist/web on a plain static server on 127.0.0.1 (any free port): what any static host does. */
export async function staticServer(dir = WEB_DIR): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(dir) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** What a page did wrong while it was watched: console errors and warnings, exceptions, requests leaving its origin. */
export function watch(page: Page): { readonly errors: string[]; readonly foreignRequests: string[] } {
  const errors: string[] = [];
  const foreignRequests: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => {
    const url = new URL(r.url());
    // A navigation's own request is the origin (page.url() is still about:blank for the first one).
    const own = new URL(r.isNavigationRequest() && r.frame() === page.mainFrame() ? r.url() : page.url() || r.url());
    const local = url.protocol === 'file:' || url.protocol === 'data:' || url.protocol === 'blob:' || url.origin === own.origin;
    if (!local) foreignRequests.push(r.url());
  });
  return { errors, foreignRequests };
}

/**
 * A fresh tab of `browser` at a size, watched from the start; `check` ends it
 * by asserting it did nothing wrong (no console error but those `allowed`
 * match, no request outside its origin) and closes it.
 */
export async function watchedTab(browser: BrowserContext, width: number, height: number): Promise<{ page: Page; check(allowed?: RegExp): Promise<void> }> {
  const page = await browser.newPage();
  await page.setViewportSize({ width, height });
  const seen = watch(page);
  return {
    page,
    async check(allowed) {
      expect(seen.errors.filter((e) => !allowed?.test(e))).toEqual([]);
      expect(seen.foreignRequests).toEqual([]);
      await page.close();
    },
  };
}

/**
 * `sg-explore serve --port 0` (any free port) as a child process, as a user
 * starts it; `close` sends SIGINT and waits for it to end (its exit code and stderr then).
 */
export async function serveApp(args: readonly string[] = [], env: NodeJS.ProcessEnv = {}): Promise<{ url: string; close(): Promise<{ code: number | null; stderr: string }> }> {
  const { spawn } = await import('node:child_process');
  const { BIN, cliEnv } = await import('./cli.js');
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { cwd: ROOT, env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ended = new Promise<{ code: number | null; stderr: string }>((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no URL in 10 s: ${stdout}${stderr}`)), 10_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const found = /http:\/\/127\.0\.0\.1:\d+\//.exec(stdout);
      if (found) {
        clearTimeout(timer);
        resolve(found[0]);
      }
    });
    child.once('exit', () => reject(new Error(`serve ended: ${stdout}${stderr}`)));
  });
  return {
    url,
    close: () => {
      if (child.exitCode === null) child.kill('SIGINT');
      return ended;
    },
  };
}
