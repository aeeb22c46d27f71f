import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './package-root.js';

/**
 * The compiled worker entry `dist/workers/<name>.js`. Workers always run
 * compiled JavaScript (Node 20 cannot start a .ts worker without a loader),
 * also when this module itself runs from TypeScript sources under a test runner.
 */
export function workerFile(name: string): string {
  return join(packageRoot(), 'dist', 'workers', `${name}.js`);
}

/**
 * A worker bundled into one file, `dist/<name>.cjs` (scripts/bundle-cli.mjs),
 * when there is one: a thread starts on one file faster than on the compiled
 * tree's many. Otherwise the compiled entry.
 */
export function bundledWorkerFile(name: string): string {
  const bundle = join(packageRoot(), 'dist', `${name}.cjs`);
  return existsSync(bundle) ? bundle : workerFile(name);
}
