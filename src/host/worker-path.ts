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
