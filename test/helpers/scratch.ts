import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** A scratch directory for one test file, removed after it; `fresh(name)` gives an empty directory inside. */
export function scratchDirectories(prefix: string): { root: string; fresh(name: string): string } {
  const root = mkdtempSync(join(tmpdir(), `sg-${prefix}-`));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let count = 0;
  return {
    root,
    fresh(name) {
      const dir = join(root, `${name}-${++count}`);
      mkdirSync(dir);
      return dir;
    },
  };
}
