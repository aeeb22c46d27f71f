/**
 * The build's check of the library's doc comments (scripts/check-doc-comments.mjs):
 * it fails, naming each one, on exports without a comment, followed through
 * re-exports and aliases as the library's own are (`npm run build` runs it on the library).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDirectories } from '../helpers/scratch.js';

const scratch = scratchDirectories('doc-comments');
const check = (entry: string) => spawnSync(process.execPath, ['scripts/check-doc-comments.mjs', entry], { encoding: 'utf8' });

describe('the doc-comment check of the build', () => {
  it('names every undocumented export, through a re-export, and passes documented ones', () => {
    const dir = scratch.fresh('entry');
    writeFileSync(
      join(dir, 'inner.ts'),
      ['/** Documented. */', 'export const good = 1;', 'export const bare = 2;', 'export interface Shape { readonly x: number }', '/** A function. */', 'export function f(): void {}', 'export function g(): void {}'].join('\n'),
    );
    writeFileSync(join(dir, 'entry.ts'), "export * from './inner.js';\nexport { bare as renamed } from './inner.js';\n");
    const run = check(join(dir, 'entry.ts'));
    expect(run.status).toBe(1);
    const named = run.stderr.split('\n').filter((line) => line.startsWith('  ')).map((line) => line.trim().split(': ').pop());
    expect(named.sort()).toEqual(['Shape', 'bare', 'g', 'renamed']);
    expect(run.stderr).toMatch(/^check-doc-comments: 4 exported symbol\(s\) of .*entry\.ts without a doc comment:\n/);
  });
});
