/**
 * The command-line program as one CommonJS file, dist/sg-explore.cjs, built
 * from what tsc compiled. Start-up is most of a short run, and Node's ES
 * module loader costs tens of milliseconds more than one CommonJS file: the
 * bundle loads one file where the compiled tree loads some fifty modules.
 * Packages stay outside it (node_modules), and so do the worker entries
 * (dist/workers/), which keep running the compiled ES modules.
 */
import { build } from 'esbuild';
import { chmodSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outfile = `${root}dist/sg-explore.cjs`;
await build({
  entryPoints: [`${root}dist/src/cli/main.js`],
  outfile,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  // import.meta.url (used to find the package's own files) becomes this file's URL.
  inject: [`${root}scripts/import-meta-url.cjs`],
  define: { 'import.meta.url': 'importMetaUrl' },
  logLevel: 'warning',
});
chmodSync(outfile, 0o755);
