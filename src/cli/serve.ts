/**
 * `sg-explore serve [--port N] [--open] [--allow-modules [MODULE...]]`: the
 * web app on 127.0.0.1, until Ctrl-C. Wiring only: the server is
 * src/host/web-server.ts, the app src/web/ (built into dist/web by npm run build:web).
 */
import { existsSync, statSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { InputError, quote } from '../core/errors.js';
import { suggestFlag } from './common.js';
import { fileWordFor } from '../core/rule-words.js';
import type { CliIo } from './io.js';
import { interruptible } from './interrupt.js';
import { ListenError, startWebServer, webAppBuilt, webAppDir } from '../host/web-server.js';
import { openBrowser } from '../host/open-browser.js';

/** The port tried first; when it is taken (and --port was not given) any free one is used. */
export const DEFAULT_PORT = 8080;

export const SERVE_HELP = `sg-explore serve [--port N] [--open] [--allow-modules [MODULE.mjs ...]]

Serve the web app (explore a game, play against the computer; English and
Chinese) on http://127.0.0.1:PORT/ until Ctrl-C. The page computes in the
browser: nothing is computed by the server, and the page keeps working once
loaded. The same app, built by npm run build:web, opens from dist/web/index.html.

Options:
  --port N   the port (default ${DEFAULT_PORT}, or a free one when it is taken;
             0: any free port)
  --open     open the page in the default browser
  --allow-modules [MODULE.mjs ...]
             let the page run rule modules (JS exporting options(n)): the
             ones named here, and any .mjs or .js under this folder, by
             path (--rule my-rule.mjs in the page). A module runs in the
             page's worker: no files, no other server; Cancel stops it.
  --help     this text`;

export interface ServeCommand {
  readonly port: number | null;
  readonly open: boolean;
  /** Rule modules the page may run, or null when it may run none. */
  readonly modules: { readonly files: readonly string[] } | null;
}

const FLAGS = ['port', 'open', 'allow-modules', 'help'] as const;

/** serve's flags, checked; null for --help. */
export function parseServe(args: readonly string[]): ServeCommand | null {
  let port: number | null = null;
  let open = false;
  let allow = false;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--help' || arg === '-h') return null;
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') ? arg.slice(2, eq < 0 ? undefined : eq) : null;
    if (name === 'open' && eq < 0) open = true;
    else if (name === 'allow-modules' && eq < 0) allow = true;
    else if (name === null && fileWordFor(arg) !== undefined) files.push(arg);
    else if (name === 'port') {
      const text = eq < 0 ? args[++i] : arg.slice(eq + 1);
      if (text === undefined) throw new InputError('--port needs a port number (such as 8080, or 0 for any free port)');
      if (port !== null) throw new InputError('--port was given twice; give it once');
      port = parsePort(text);
    } else {
      const suggestion = name ? suggestFlag(name, FLAGS) : undefined;
      throw new InputError(`serve: unknown ${name ? 'option' : 'argument'} ${quote(arg)}${suggestion ? ` (did you mean --${suggestion}?)` : ''}; serve takes --port N, --open and --allow-modules (see sg-explore serve --help)`);
    }
  }
  if (files.length > 0 && !allow) throw new InputError(`serve: ${quote(files[0]!)} is a rule module: give --allow-modules to let the page run it`);
  for (const file of files) {
    if (!existsSync(file) || !statSync(file).isFile()) throw new InputError(`--allow-modules: ${quote(file)}: no such file`);
  }
  return { port, open, modules: allow ? { files: files.map((f) => resolve(f)) } : null };
}

function parsePort(text: string): number {
  const port = /^\d{1,5}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new InputError(`--port: ${quote(text)} is not a port number (0 to 65535; 0 picks any free port)`);
  return port;
}

export async function serveMain(args: readonly string[], io: CliIo): Promise<number> {
  const command = parseServe(args);
  if (command === null) {
    io.stdout.write(SERVE_HELP + '\n');
    return 0;
  }
  const dir = webAppDir();
  if (!webAppBuilt(dir)) {
    io.stderr.write(`sg-explore: the web app is not built in ${dir} (run npm run build:web)\n`);
    return 1;
  }
  let server;
  try {
    const modules = command.modules && { root: process.cwd(), files: command.modules.files };
    server = await startWebServer(dir, command.port ?? DEFAULT_PORT, modules).catch((error: unknown) => {
      // The default port taken: any free one will do. A port asked for is refused instead.
      if (command.port === null && error instanceof ListenError && error.code === 'EADDRINUSE') return startWebServer(dir, 0, modules);
      throw error;
    });
  } catch (error) {
    if (!(error instanceof ListenError)) throw error;
    const why = error.code === 'EADDRINUSE' ? 'is in use' : error.code === 'EACCES' ? 'needs privileges this user lacks' : `cannot be listened on (${error.code})`;
    io.stderr.write(`sg-explore: port ${error.port} on 127.0.0.1 ${why}; choose another with --port N (0: any free port)\n`);
    return 1;
  }
  io.stdout.write(`sg-explore: serving the web app at ${server.url} (Ctrl-C stops it)\n`);
  if (command.modules) {
    io.stdout.write(`sg-explore: the page may run rule modules under ${process.cwd()}${command.modules.files.length ? ', and these:' : ''}\n`);
    for (const file of command.modules.files) io.stdout.write(`  ${server.url}#rule=${encodeURI(relative(process.cwd(), file).split('\\').join('/'))}\n`);
  }
  // Until Ctrl-C, SIGTERM or SIGHUP (heard from here on, also while a browser is being opened): the first ends the wait, and the server closes.
  const stopped = interruptible((abort) => new Promise<string>((resolve) => abort.addEventListener('abort', () => resolve(String(abort.reason)), { once: true })));
  if (command.open && !(await openBrowser(server.url))) io.stderr.write(`sg-explore: note: no browser could be opened; open ${server.url} yourself\n`);
  const signal = await stopped;
  await server.close();
  io.stderr.write(`sg-explore: stopped serving (${signal})\n`);
  return 0;
}
