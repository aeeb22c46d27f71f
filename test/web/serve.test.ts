import { createServer } from 'node:net';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDirectories } from '../helpers/scratch.js';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { serveApp } from '../helpers/web-app.js';

/*
 * `sg-explore serve`: its one-line refusals (exit 2 for a bad flag, 1 for a
 * port it cannot have), what it serves and refuses, and Ctrl-C. The page
 * itself is tested in a browser by test/web/web-explore.test.ts.
 */
const scratch = scratchDirectories('serve');

describe('sg-explore serve', () => {
  it('refuses a bad port, a missing one and an unknown flag in one line (exit 2)', async () => {
    for (const [args, message] of [
      [['--port', 'x'], "--port: 'x' is not a port number (0 to 65535; 0 picks any free port)"],
      [['--port', '70000'], "--port: '70000' is not a port number"],
      [['--port=-1'], "--port: '-1' is not a port number"],
      [['--port'], '--port needs a port number'],
      [['--prot', '80'], "serve: unknown option '--prot' (did you mean --port?)"],
      [['here'], "serve: unknown argument 'here'"],
      [['examples/grundy.mjs'], "serve: 'examples/grundy.mjs' is a rule module: give --allow-modules to let the page run it"],
      [['--allow-modules', 'examples/nothing.mjs'], "--allow-modules: 'examples/nothing.mjs': no such file"],
    ] as const) {
      const run = await runCli(['serve', ...args], { timeoutMs: 10_000 });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain(`sg-explore: ${message}`);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stdout).toBe('');
    }
  });

  it('says a port in use is in use (exit 1), and names --port', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const run = await runCli(['serve', '--port', String(port)], { timeoutMs: 10_000 });
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(`sg-explore: port ${port} on 127.0.0.1 is in use; choose another with --port N (0: any free port)\n`);
    } finally {
      taken.close();
    }
  });

  it('has help, and is suggested for a typo of it', async () => {
    const help = await runCli(['serve', '--help'], { timeoutMs: 10_000 });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^sg-explore serve \[--port N\] \[--open\]/);
    const typo = await runCli(['serv'], { timeoutMs: 10_000 });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("did you mean 'serve'?");
  });

  it('serves the built files on 127.0.0.1 and nothing else, with a policy that keeps the page to its origin; Ctrl-C stops it (exit 0)', async () => {
    const server = await serveApp();
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const page = await fetch(server.url);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(page.headers.get('content-security-policy')).toContain("connect-src 'self' blob:");
      expect(await page.text()).toContain('<script src="app.js"></script>');
      const script = await fetch(new URL('app.js', server.url));
      expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(50_000);
      expect((await fetch(new URL('package.json', server.url))).status).toBe(404);
      expect((await fetch(new URL('../package.json', server.url))).status).toBe(404);
      expect((await fetch(server.url, { method: 'POST', body: 'x' })).status).toBe(405);
    } finally {
      const end = await server.close();
      expect(end.code).toBe(0);
      expect(end.stderr).toBe('sg-explore: stopped serving (SIGINT)\n');
    }
  });

  it('hands out rule modules only with --allow-modules: those named, and .mjs/.js files under its folder', async () => {
    const plain = await serveApp();
    try {
      const off = await fetch(new URL('module/examples/grundy.mjs', plain.url));
      expect(off.status).toBe(403);
      expect(await off.text()).toBe('rule modules are off: start sg-explore serve --allow-modules to run them in the page');
    } finally {
      await plain.close();
    }
    const outside = join(scratch.fresh('modules'), 'outside.mjs');
    writeFileSync(outside, 'export function options(n) { return n > 0 ? [[n - 1]] : []; }\n');
    const other = join(scratch.fresh('modules'), 'other.mjs');
    writeFileSync(other, 'export function options() { return []; }\n');
    const server = await serveApp(['--allow-modules', outside]);
    try {
      const grundy = await fetch(new URL('module/examples/grundy.mjs', server.url));
      expect(grundy.status).toBe(200);
      expect(grundy.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(await grundy.text()).toContain('export function options(n)');
      // Named on the command line: allowed wherever it is.
      expect(await (await fetch(`${server.url}module/${encodeURIComponent(outside)}`)).text()).toContain('[[n - 1]]');
      const refused = async (path: string) => {
        const response = await fetch(`${server.url}module/${path}`);
        return `${response.status} ${await response.text()}`;
      };
      expect(await refused(encodeURIComponent(other))).toBe(`403 ${other}: outside the folder sg-explore serve started in (name it on serve's command line to allow it)`);
      expect(await refused('package.json')).toBe('403 package.json: a rule module is a .mjs or .js file');
      expect(await refused('examples/none.mjs')).toBe('404 examples/none.mjs: no such file');
    } finally {
      await server.close();
    }
  });

  it.skipIf(process.platform !== 'linux')('--open hands the URL to xdg-open, and says so when there is none', async () => {
    const bin = scratch.fresh('bin');
    const opened = join(bin, 'opened');
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\necho "$@" > '${opened}'\n`);
    chmodSync(join(bin, 'xdg-open'), 0o755);
    const server = await serveApp(['--open'], { PATH: `${bin}:${process.env.PATH}` });
    try {
      for (let i = 0; i < 100 && !existsSync(opened); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(readFileSync(opened, 'utf8')).toBe(`${server.url}\n`);
    } finally {
      expect((await server.close()).code).toBe(0);
    }
    // No xdg-open anywhere on the PATH: the page is served all the same, with a note.
    const none = await serveApp(['--open'], { PATH: scratch.fresh('empty') });
    const end = await none.close();
    expect(end.stderr).toContain(`sg-explore: note: no browser could be opened; open ${none.url} yourself\n`);
  });
});
