import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const binary = join(root, 'dist/sg-explore.cjs');

/** Newest modification time of any file under `dir` (recursively). */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** vitest globalSetup: compile with tsc, and bundle the program and the web app, when dist/ is missing or older than the sources. */
export default function setup(): void {
  const sources = ['src', 'workers', 'bench', 'scripts'].map((dir) => newest(join(root, dir)));
  const latest = Math.max(...sources, statSync(join(root, 'tsconfig.json')).mtimeMs);
  // The web app (dist/web) is bundled by esbuild from the sources directly: a fraction of a second.
  const app = join(root, 'dist/web/app.js');
  if (!existsSync(app) || statSync(app).mtimeMs < latest) execFileSync(process.execPath, [join(root, 'scripts/build-web.mjs')], { cwd: root, stdio: 'inherit' });
  const stale = !existsSync(binary) || statSync(binary).mtimeMs < latest;
  if (!stale) return;
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.json')], { cwd: root, stdio: 'inherit' });
  execFileSync(process.execPath, [join(root, 'scripts/bundle-cli.mjs')], { cwd: root, stdio: 'inherit' });
}
