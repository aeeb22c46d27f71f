import { readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package's root folder, whether this module runs compiled (dist/src/...)
 * or from its TypeScript source under a test runner. Workers, the .wasm file
 * and package.json are found from here, never from the working directory.
 */
export function packageRoot(): string {
  const here = fileURLToPath(import.meta.url);
  const marker = `${sep}dist${sep}`;
  return here.includes(marker) ? here.slice(0, here.lastIndexOf(marker)) : resolve(dirname(here), '..', '..');
}

/** The version in package.json (yargs' own lookup is fooled by a dot in a folder name). */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
