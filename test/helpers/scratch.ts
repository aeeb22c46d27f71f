import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
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

/**
 * A character device of the test's own inside `dir` (`null` discards what is written, `full` answers ENOSPC), made
 * with mknod: a program that wrongly replaced its output file would replace this node, never the machine's
 * /dev/null. Null where this user may not make device nodes (the test then leaves that part out).
 */
export function privateDevice(dir: string, kind: 'null' | 'full'): string | null {
  const path = join(dir, kind);
  const minor = kind === 'null' ? '3' : '7';
  return spawnSync('mknod', [path, 'c', '1', minor]).status === 0 ? path : null;
}
