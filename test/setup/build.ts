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

/** vitest globalSetup: compile with tsc, and bundle the program, when dist/ is missing or older than the sources. */
export default function setup(): void {
  const sources = ['src', 'workers', 'bench', 'scripts'].map((dir) => newest(join(root, dir)));
  const stale = !existsSync(binary) || statSync(binary).mtimeMs < Math.max(...sources, statSync(join(root, 'tsconfig.json')).mtimeMs);
  if (!stale) return;
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.json')], { cwd: root, stdio: 'inherit' });
  execFileSync(process.execPath, [join(root, 'scripts/bundle-cli.mjs')], { cwd: root, stdio: 'inherit' });
}
