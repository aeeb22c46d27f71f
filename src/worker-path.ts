import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The compiled worker entry `dist/workers/<name>.js`. Workers always run
 * compiled JavaScript (Node 20 cannot start a .ts worker without a loader),
 * also when this module itself runs from TypeScript sources under a test runner.
 */
export function workerFile(name: string): string {
  const here = fileURLToPath(import.meta.url);
  const marker = `${sep}dist${sep}`;
  const root = here.includes(marker) ? here.slice(0, here.lastIndexOf(marker)) : resolve(dirname(here), '..');
  return join(root, 'dist', 'workers', `${name}.js`);
}
