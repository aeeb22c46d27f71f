import { request } from 'node:http';
import { linkSync, mkdirSync, readdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDirectories } from '../helpers/scratch.js';
import { expectBadInput, runCli } from '../helpers/cli.js';
import { outcomes, tryingModule as actsModule } from '../helpers/module-acts.js';
import { startWebServer, webAppDir, type WebServer } from '../../src/host/web-server.js';
import { longTest } from '../helpers/long.js';

/**
 * Attacks on the rule-module sandbox and on `serve --allow-modules` (issue
 * 41): links out of a module's folder, builtins that write files, a frame
 * that claims 4 GB, DNS rebinding against the web server, and a large file
 * read whole per request. Each attack is real: real links, the built
 * program, real HTTP requests on 127.0.0.1.
 */
const scratch = scratchDirectories('attack-sandbox');
const run = (args: readonly string[], options: Parameters<typeof runCli>[1] = {}) => runCli(args, { timeoutMs: 30_000, ...options });

/** A module folder as an archive might unpack it, beside a secret it must not read. */
function moduleFolder(source: string): { dir: string; folder: string; module: string; secret: string } {
  const dir = scratch.fresh('case');
  const folder = join(dir, 'module');
  mkdirSync(folder);
  const secret = join(dir, 'secret.txt');
  writeFileSync(secret, 'the secret\n');
  const module = join(folder, 'rule.mjs');
  writeFileSync(module, source);
  return { dir, folder, module, secret };
}

/** A module that tries each act while loading (see tryingModule), with fs and these helpers at hand. */
function tryingModule(acts: Record<string, string>): string {
  return actsModule(
    [
      "import * as fs from 'node:fs';",
      "import { createRequire } from 'node:module';",
      'const here = (p) => new URL(p, import.meta.url);',
      'const at = (p) => new URL(p, import.meta.url).pathname;',
      'const drain = (s) => new Promise((ok, no) => { let t = ""; s.on("data", (c) => (t += c)); s.on("end", () => ok(t)); s.on("error", no); });',
    ],
    acts,
  );
}

describe('links out of a module folder', () => {
  it('refuses every read through up -> .., rootlink -> / and link-passwd -> /etc/passwd, and keeps links that stay inside', async () => {
    const { dir, folder, module } = moduleFolder(
      tryingModule({
        'read link-passwd': "fs.readFileSync(here('./link-passwd'), 'utf8')",
        'read secret via up': "fs.readFileSync(here('./up/secret.txt'), 'utf8')",
        'list root': "fs.readdirSync(here('./rootlink/')).join(',')",
        'list up': "fs.readdirSync(here('./up/')).join(',')",
        'stat via rootlink': "fs.statSync(at('./rootlink/etc/passwd')).size",
        'lstat via up': "fs.lstatSync(at('./up/secret.txt')).size",
        'exists via rootlink': "fs.existsSync(at('./rootlink/etc/passwd')) || fs.existsSync(at('./up/secret.txt')) ? 'seen' : (() => { throw Object.assign(new Error('no'), { code: 'NOT-SEEN' }); })()",
        'realpath via rootlink': "fs.realpathSync(at('./rootlink/etc/passwd'))",
        'open link-passwd': "fs.readSync(fs.openSync(at('./link-passwd')), Buffer.alloc(10))",
        'stream link-passwd': "drain(fs.createReadStream(at('./link-passwd'), 'utf8'))",
        'promise read': "fs.promises.readFile(at('./up/secret.txt'), 'utf8')",
        'promise readdir': "fs.promises.readdir(at('./rootlink'))",
        'promise open': "fs.promises.open(at('./link-passwd')).then((h) => h.readFile('utf8'))",
        'callback read': "new Promise((ok, no) => fs.readFile(at('./link-passwd'), 'utf8', (e, t) => (e ? no(e) : ok(t))))",
        'opendir root': "fs.opendirSync(at('./rootlink')).readSync().name",
        'recursive list': "fs.readdirSync(at('.'), { recursive: true }).find((p) => p.startsWith('rootlink/') || p.startsWith('up/')) ?? (() => { throw Object.assign(new Error('no'), { code: 'NOT-SEEN' }); })()",
        'import linked': "import('./linked.mjs').then((m) => m.secret)",
        'require linked': "createRequire(import.meta.url)('./linked.cjs')",
        'blob link-passwd': "fs.openAsBlob(at('./link-passwd')).then((b) => b.text())",
        'inside link': "fs.readFileSync(here('./inner.json'), 'utf8')",
        'inside folder link': "fs.readdirSync(here('./data-link/')).join(',')",
      }),
    );
    symlinkSync('..', join(folder, 'up'));
    symlinkSync('/', join(folder, 'rootlink'));
    symlinkSync('/etc/passwd', join(folder, 'link-passwd'));
    writeFileSync(join(dir, 'outside.mjs'), "export const secret = 'module outside';\n");
    symlinkSync('../outside.mjs', join(folder, 'linked.mjs'));
    writeFileSync(join(dir, 'outside.cjs'), "module.exports = 'cjs outside';\n");
    symlinkSync(join(dir, 'outside.cjs'), join(folder, 'linked.cjs'));
    // Links that stay inside the folder are the module's own files.
    mkdirSync(join(folder, 'data'));
    writeFileSync(join(folder, 'data', 'moves.json'), '[1]');
    symlinkSync('data/moves.json', join(folder, 'inner.json'));
    symlinkSync('data', join(folder, 'data-link'));
    const r = await run(['--rule', module, '--max', '3', '--format', 'csv'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    const seen = outcomes(r.stderr);
    for (const act of Object.keys(seen).filter((name) => !name.startsWith('inside'))) {
      expect(seen[act], `${act} (${r.stderr})`).toMatch(/^(ERR_ACCESS_DENIED|NOT-SEEN)$/);
    }
    expect(Object.keys(seen)).toHaveLength(21);
    expect(seen['inside link']).toBe('ok [1]');
    expect(seen['inside folder link']).toBe('ok moves.json');
    expect(r.stderr).not.toContain('root:x:0');
    expect(r.stderr).not.toContain('the secret');
  });

  it('a symlinked subfolder out of the folder is refused, and the refusal names where the link leads', async () => {
    const { dir, folder, module, secret } = moduleFolder(
      "import { readFileSync } from 'node:fs';\nexport function options(n) { if (n === 2) readFileSync(new URL('./lib/secret.txt', import.meta.url)); return n > 0 ? [[n - 1]] : []; }\n",
    );
    symlinkSync(dir, join(folder, 'lib'));
    const line = expectBadInput(await run(['--rule', module, '--max', '3']), 'symlinked subfolder');
    expect(line).toBe(`sg-explore: rule module rule.mjs: options(2) threw: the sandbox refused reading ${join(folder, 'lib', 'secret.txt')}, which leads to ${secret} (a module may read only its own folder); run with --trust-module to lift its limits`);
  });

  it('a hard link is the same file, not a link: it can be read (an archive cannot make one to a file outside it)', async () => {
    // What the sandbox cannot tell apart: a hard link is a name of the file itself, in the folder.
    const { folder, module, secret } = moduleFolder(
      "import { readFileSync } from 'node:fs';\nconsole.error(readFileSync(new URL('./hard.txt', import.meta.url), 'utf8').trim());\nexport function options(n) { return n > 0 ? [[n - 1]] : []; }\n",
    );
    linkSync(secret, join(folder, 'hard.txt'));
    const r = await run(['--rule', module, '--max', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('the secret\n');
  });
});

describe('builtins that write files', () => {
  it("trace_events cannot replace node_trace.1.log in the user's folder, and the sandbox works elsewhere", async () => {
    const { dir, module } = moduleFolder(
      tryingModule({
        tracing: "(require => require('node:trace_events'))(createRequire(import.meta.url)).createTracing({ categories: ['node.perf.usertiming'] }).enable()",
        'heap snapshot near limit': "(await import('node:v8')).setHeapSnapshotNearHeapLimit(1)",
        'v8 flags': "(await import('node:v8')).setFlagsFromString('--prof')",
        'tracing import': "(await import('node:trace_events')).createTracing({ categories: ['v8'] }).enable()",
        // Its working folder is one that is gone (nothing can be written beside it), never the user's.
        'cwd is elsewhere': "process.cwd() === at('..').replace(/\\/$/, '') ? (() => { throw Object.assign(new Error('no'), { code: 'USER-CWD' }); })() : 'elsewhere'",
      }).replace("import * as fs from 'node:fs';", "import * as fs from 'node:fs';\nperformance.mark('a');"),
    );
    writeFileSync(join(dir, 'node_trace.1.log'), 'precious\n');
    const before = readdirSync(dir).sort();
    const r = await run(['--rule', module, '--max', '3'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    const seen = outcomes(r.stderr);
    expect(seen.tracing, r.stderr).toBe('ERR_ACCESS_DENIED');
    expect(seen['tracing import'], r.stderr).toBe('ERR_ACCESS_DENIED');
    expect(seen['heap snapshot near limit'], r.stderr).toBe('ERR_ACCESS_DENIED');
    expect(seen['v8 flags'], r.stderr).toBe('ERR_ACCESS_DENIED');
    expect(seen['cwd is elsewhere'], r.stderr).toBe('ENOENT');
    expect(readFileSync(join(dir, 'node_trace.1.log'), 'utf8')).toBe('precious\n');
    expect(readdirSync(dir).sort()).toEqual(before);
  });
});

describe('frames from the sandbox', () => {
  /** A module that writes `bytes` (a JS expression) to the answer channel while loading, then waits. */
  const writer = (bytes: string) =>
    "import { writeSync } from 'node:fs';\n" +
    `for (const b of ${bytes}) writeSync(3, Buffer.from(b));\n` +
    'setInterval(() => {}, 1000);\nawait new Promise(() => {});\nexport function options() { return []; }\n';

  it('a header claiming 4 GB ends the module at once with a clear error, before anything is buffered', async () => {
    const { module } = moduleFolder(writer('[[0x52, 0xff, 0xff, 0xff, 0xff], new Uint8Array(1 << 20)]'));
    const line = expectBadInput(await run(['--rule', module, '--max', '3', '--timeout', '20000']), '4 GB frame');
    expect(line).toMatch(/^sg-explore: rule module rule\.mjs: its sandbox sent a frame of 4,294,967,295 bytes, over the limit of [\d,]+ bytes/);
  });

  it('the header split over writes, and one byte over the limit, are refused alike', async () => {
    const { module } = moduleFolder(writer('[[0x43], [0x01, 0x00], [0x00, 0x04], [0]]'));
    const line = expectBadInput(await run(['--rule', module, '--max', '3', '--timeout', '20000']), 'split header');
    expect(line).toMatch(/its sandbox sent a frame of 67,108,865 bytes, over the limit of 67,108,864 bytes/);
  });

  it('a forged answer that asks sg-explore for 4 billion values is refused, not allocated', async () => {
    const forged =
      "import { writeSync } from 'node:fs';\nimport { serialize } from 'node:v8';\n" +
      "const body = serialize({ type: 'computing', count: 2 ** 32 - 1 });\n" +
      'const head = Buffer.alloc(5); head[0] = 0x52; head.writeUInt32LE(body.length, 1);\n' +
      'writeSync(3, Buffer.concat([head, body]));\nsetInterval(() => {}, 1000);\nawait new Promise(() => {});\nexport function options() { return []; }\n';
    const { module } = moduleFolder(forged);
    expectBadInput(await run(['--rule', module, '--max', '3', '--timeout', '20000']), 'forged count', { pattern: /rule module rule\.mjs: its sandbox sent a damaged answer/ });
  });
});

/**
 * A GET to the server with a Host header of our choosing: the status, body and length. With `hold`,
 * the answer is read only once it settles, and its bytes are counted (all zero?), not kept.
 */
function get(port: number, path: string, host: string | null, hold?: Promise<unknown>): Promise<{ status: number; body: Buffer; length?: string; bytes: number; zeros: boolean }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = host === null ? {} : { host };
    const req = request({ host: '127.0.0.1', port, path, headers, setHost: host !== null }, (response) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      let zeros = true;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (hold) zeros &&= chunk.every((byte) => byte === 0);
        else chunks.push(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode!, body: Buffer.concat(chunks), length: response.headers['content-length'], bytes, zeros }));
      response.on('error', reject);
      if (hold) {
        response.pause();
        void hold.then(() => response.resume());
      }
    });
    req.on('error', reject);
    req.end();
  });
}

async function serving<T>(root: string, files: readonly string[], work: (server: WebServer) => Promise<T>): Promise<T> {
  const server = await startWebServer(webAppDir(), 0, { root, files });
  try {
    return await work(server);
  } finally {
    await server.close();
  }
}

describe('serve --allow-modules', () => {
  it('refuses a foreign Host (DNS rebinding), whatever the path; answers its own names', async () => {
    const root = scratch.fresh('served');
    writeFileSync(join(root, 'config.js'), "export const API_KEY = 'sk-secret';\n");
    await serving(root, [], async ({ port }) => {
      for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1.evil.com:${port}`, `127.0.0.1:${port + 1}`, `localhost.evil.com:${port}`, `127.0.0.1:${port}@evil.example`, null]) {
        for (const path of ['/module/config.js', '/']) {
          const answer = await get(port, path, host);
          expect([400, 403, 421], `${String(host)} ${path}`).toContain(answer.status);
          expect(answer.body.toString()).not.toContain('sk-secret');
        }
      }
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
        const answer = await get(port, '/module/config.js', host);
        expect(answer.status, host).toBe(200);
        expect(answer.body.toString()).toContain('sk-secret');
      }
    });
  });

  it('serves modules only from the folder itself: not node_modules, not its parent, not through links out of it', async () => {
    const dir = scratch.fresh('served');
    const root = join(dir, 'root');
    mkdirSync(join(root, 'node_modules', 'pkg'), { recursive: true });
    writeFileSync(join(root, 'node_modules', 'pkg', 'index.js'), 'module.exports = 1;\n');
    writeFileSync(join(root, 'rule.mjs'), 'export function options() { return []; }\n');
    writeFileSync(join(dir, 'outside.js'), "export const secret = 'outside';\n");
    symlinkSync(join(dir, 'outside.js'), join(root, 'link.js'));
    symlinkSync(dir, join(root, 'lib'));
    await serving(root, [], async ({ port }) => {
      const host = `127.0.0.1:${port}`;
      expect((await get(port, '/module/rule.mjs', host)).status).toBe(200);
      for (const path of ['node_modules/pkg/index.js', 'node_modules%2Fpkg%2Findex.js', '..%2Foutside.js', 'link.js', 'lib/outside.js', '.%2Fnode_modules/pkg/index.js']) {
        const answer = await get(port, `/module/${path}`, host);
        expect([403, 404], path).toContain(answer.status);
        expect(answer.body.toString()).not.toMatch(/outside'|module\.exports/);
      }
    });
  });

  longTest('streams a large module: 50 MB served whole, byte for byte, while / still answers, without holding it in memory [long]', async () => {
    const root = scratch.fresh('served');
    const big = join(root, 'big.js');
    writeFileSync(big, '');
    truncateSync(big, 50 << 20);
    await serving(root, [], async ({ port }) => {
      const host = `127.0.0.1:${port}`;
      const rss = process.memoryUsage().rss;
      let peak = rss;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      try {
        // Eight readers that take their time: what the server holds for them meanwhile is its own memory.
        const bigs = Array.from({ length: 8 }, () => get(port, '/module/big.js', host, held));
        const page = await get(port, '/', host);
        expect(page.status).toBe(200);
        expect(page.body.toString()).toContain('<script src="app.js"></script>');
        await new Promise((resolve) => setTimeout(resolve, 500));
        release();
        for (const answer of await Promise.all(bigs)) {
          expect(answer.status).toBe(200);
          expect(answer.length).toBe(String(50 << 20));
          expect(answer.bytes).toBe(50 << 20);
          expect(answer.zeros).toBe(true);
        }
      } finally {
        release();
        clearInterval(sampler);
      }
      // Read whole, the eight answers are 400 MB (and more as text) held at once.
      expect((peak - rss) / 2 ** 20).toBeLessThan(200);
    });
  }, 60_000);
});
