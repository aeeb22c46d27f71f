/**
 * The web app as static files, dist/web/: index.html, app.css and app.js.
 * app.js is one classic script (a page opened from file:// may not load
 * ES modules), with the engine worker's code inside it as text (it starts
 * from a blob) and the WebAssembly kernel inside that as base64 (nothing is
 * fetched). Everything ships here: no CDN, no font, no request at all.
 */
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}dist/web`;
mkdirSync(out, { recursive: true });

const shared = { bundle: true, platform: 'browser', format: 'iife', target: 'es2022', minify: true, legalComments: 'none', logLevel: 'warning', write: false };
const wasm = readFileSync(`${root}wasm/sparse.wasm`).toString('base64');
const worker = await build({ ...shared, entryPoints: [`${root}src/web/engine/worker.ts`], define: { SPARSE_WASM_BASE64: JSON.stringify(wasm) } });
await build({
  ...shared,
  write: true,
  entryPoints: [`${root}src/web/main.ts`],
  outfile: `${out}/app.js`,
  define: { ENGINE_WORKER_SOURCE: JSON.stringify(worker.outputFiles[0].text) },
});
for (const file of ['index.html', 'app.css']) copyFileSync(`${root}src/web/${file}`, `${out}/${file}`);
