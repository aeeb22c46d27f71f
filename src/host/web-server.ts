/**
 * The web app's server for `sg-explore serve`: the static files of dist/web
 * on 127.0.0.1, and (with --allow-modules) the text of rule modules for the
 * page to run. It computes nothing (the page does, in its worker), answers
 * only GET and HEAD, and tells the browser to fetch nothing from elsewhere
 * (Content-Security-Policy). It answers only requests addressed to itself
 * (the Host header): a page of another site whose name was rebound to
 * 127.0.0.1 (DNS rebinding) is refused, else it could read every module.
 */
import { createServer, type Server } from 'node:http';
import { createReadStream, existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { packageRoot } from './package-root.js';
import { FILE_WORDS, fileWordFor } from '../core/rule-words.js';

/** The extensions of a rule module (of the words that take a file by themselves): ".mjs or .js". */
function moduleExtensions(): string {
  const all = FILE_WORDS.flatMap((w) => w.fileValue.extensions);
  return all.length > 1 ? `${all.slice(0, -1).join(', ')} or ${all.at(-1)}` : all.join('');
}

/** Where the build puts the app (npm run build:web). */
export function webAppDir(): string {
  return join(packageRoot(), 'dist', 'web');
}

const FILES: Readonly<Record<string, string>> = {
  '/index.html': 'text/html; charset=utf-8',
  '/app.js': 'text/javascript; charset=utf-8',
  '/app.css': 'text/css; charset=utf-8',
};

/**
 * Everything the page may load: its own files, its worker (a blob), the
 * pictures it draws (data: and blob: URLs); WebAssembly compiled from the
 * bytes inside app.js, and code the subtraction kernel generates for a move
 * set ('unsafe-eval': its loops unrolled, src/core/kinds/subtraction); no
 * other origin at all.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self' blob: 'unsafe-eval' 'wasm-unsafe-eval'",
  'worker-src blob:',
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self' blob:",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export interface WebServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Why the server could not listen, as Node says it (EADDRINUSE, EACCES, ...). */
export class ListenError extends Error {
  constructor(
    readonly code: string,
    readonly port: number,
  ) {
    super(`${code} on port ${port}`);
  }
}

/**
 * Rule modules the page may load (`serve --allow-modules`): the files named
 * on the command line, and any .mjs or .js file under `root` (the folder
 * serve started in), asked for by its path relative to it.
 */
export interface ModuleAccess {
  readonly root: string;
  readonly files: readonly string[];
}

/** A module's file for `/module/<path>` (its real path and size), or why not (a status and one line). */
function moduleFile(access: ModuleAccess | null, path: string): { status: number; body: string } | { file: string; size: number } {
  if (!access) return { status: 403, body: 'rule modules are off: start sg-explore serve --allow-modules to run them in the page' };
  let wanted: string;
  try {
    wanted = decodeURIComponent(path);
  } catch {
    return { status: 400, body: 'not a path' };
  }
  if (fileWordFor(wanted) === undefined) return { status: 403, body: `${wanted}: a rule module is a ${moduleExtensions()} file` };
  const named = access.files.find((file) => file === resolve(access.root, wanted));
  // Packages and hidden folders are not the user's modules (and may hold what is not theirs to hand out).
  if (!named && wanted.split(/[\\/]/).some((part) => part === 'node_modules' || part.startsWith('.'))) return { status: 403, body: `${wanted}: not served (inside node_modules, a hidden folder, or above the folder)` };
  let real: string;
  try {
    real = realpathSync(named ?? resolve(access.root, wanted));
  } catch {
    return { status: 404, body: `${wanted}: no such file` };
  }
  const root = realpathSync(access.root);
  // Named on the command line, or inside the folder serve started in (after links are followed).
  if (!named && !(real === root || real.startsWith(root + sep))) return { status: 403, body: `${wanted}: outside the folder sg-explore serve started in (name it on serve's command line to allow it)` };
  const stat = statSync(real);
  if (!stat.isFile()) return { status: 404, body: `${wanted}: not a file` };
  return { file: real, size: stat.size };
}

/** The names the server answers to: 127.0.0.1, localhost and [::1], at its port (no port for 80). */
function ownHosts(port: number): ReadonlySet<string> {
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  return new Set([...names.map((name) => `${name}:${port}`), ...(port === 80 ? names : [])]);
}

/** Serve `dir` on 127.0.0.1:`port` (0: any free port). The files are read once, at start: the page needs nothing later. */
export async function startWebServer(dir: string, port: number, modules: ModuleAccess | null = null): Promise<WebServer> {
  const bodies = new Map(Object.keys(FILES).map((path) => [path, readFileSync(join(dir, path.slice(1)))]));
  let hosts: ReadonlySet<string> = new Set();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const file = path === '/' ? '/index.html' : path;
    const body = bodies.get(file);
    const headers = { 'content-security-policy': CONTENT_SECURITY_POLICY, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'cache-control': 'no-cache' };
    const text = (status: number, words: string) => {
      response.writeHead(status, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
      response.end(request.method === 'HEAD' ? undefined : words);
    };
    const host = request.headers.host?.toLowerCase() ?? '';
    if (!hosts.has(host)) return text(421, `not served under the name ${JSON.stringify(host)}: open ${[...hosts][0] ? `http://${[...hosts][0]}/` : 'the address sg-explore serve printed'}`);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...headers, allow: 'GET, HEAD' }).end();
      return;
    }
    if (path.startsWith('/module/')) {
      const found = moduleFile(modules, path.slice('/module/'.length));
      if ('body' in found) return text(found.status, found.body);
      response.writeHead(200, { ...headers, 'content-type': 'text/javascript; charset=utf-8', 'content-length': found.size });
      if (request.method === 'HEAD') return void response.end();
      // Streamed, never read whole: a large file costs a buffer per request, not its size.
      pipeline(createReadStream(found.file), response).catch(() => response.destroy());
      return;
    }
    if (!body) {
      response.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    response.writeHead(200, { ...headers, 'content-type': FILES[file]!, 'content-length': body.length });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(new ListenError(error.code ?? 'error', port)));
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  hosts = ownHosts(actual);
  return {
    url: `http://127.0.0.1:${actual}/`,
    port: actual,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Whether the app has been built (serve says how to build it when not). */
export function webAppBuilt(dir: string): boolean {
  return Object.keys(FILES).every((path) => existsSync(join(dir, path.slice(1))));
}
