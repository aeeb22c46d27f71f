/**
 * The web app's server for `sg-explore serve`: the static files of dist/web
 * on 127.0.0.1, and (with --allow-modules) the text of rule modules for the
 * page to run. It computes nothing (the page does, in its worker), answers
 * only GET and HEAD, and tells the browser to fetch nothing from elsewhere
 * (Content-Security-Policy).
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { packageRoot } from './package-root.js';

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

/** A module's text for `/module/<path>`, or why not (a status and one line). */
function moduleFile(access: ModuleAccess | null, path: string): { status: number; body: string } {
  if (!access) return { status: 403, body: 'rule modules are off: start sg-explore serve --allow-modules to run them in the page' };
  let wanted: string;
  try {
    wanted = decodeURIComponent(path);
  } catch {
    return { status: 400, body: 'not a path' };
  }
  if (!/\.(mjs|js)$/i.test(wanted)) return { status: 403, body: `${wanted}: a rule module is a .mjs or .js file` };
  const named = access.files.find((file) => file === resolve(access.root, wanted));
  let real: string;
  try {
    real = realpathSync(named ?? resolve(access.root, wanted));
  } catch {
    return { status: 404, body: `${wanted}: no such file` };
  }
  const root = realpathSync(access.root);
  // Named on the command line, or inside the folder serve started in (after links are followed).
  if (!named && !(real === root || real.startsWith(root + sep))) return { status: 403, body: `${wanted}: outside the folder sg-explore serve started in (name it on serve's command line to allow it)` };
  if (!statSync(real).isFile()) return { status: 404, body: `${wanted}: not a file` };
  return { status: 200, body: readFileSync(real, 'utf8') };
}

/** Serve `dir` on 127.0.0.1:`port` (0: any free port). The files are read once, at start: the page needs nothing later. */
export async function startWebServer(dir: string, port: number, modules: ModuleAccess | null = null): Promise<WebServer> {
  const bodies = new Map(Object.keys(FILES).map((path) => [path, readFileSync(join(dir, path.slice(1)))]));
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const file = path === '/' ? '/index.html' : path;
    const body = bodies.get(file);
    const headers = { 'content-security-policy': CONTENT_SECURITY_POLICY, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'cache-control': 'no-cache' };
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...headers, allow: 'GET, HEAD' }).end();
      return;
    }
    if (path.startsWith('/module/')) {
      const { status, body: text } = moduleFile(modules, path.slice('/module/'.length));
      response.writeHead(status, { ...headers, 'content-type': status === 200 ? 'text/javascript; charset=utf-8' : 'text/plain; charset=utf-8' });
      response.end(request.method === 'HEAD' ? undefined : text);
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
