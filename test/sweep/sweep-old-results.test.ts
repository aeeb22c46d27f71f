/**
 * Results files written before the families moved into their kinds (each
 * kind's `sweepFamilies`): the files in test/fixtures/sweep-old/ were made by
 * the build of c7d313f, `*.full.*` by a whole run, `*.part.*` its first
 * lines (a run stopped early). Today's build must read their words back as
 * the same family, resume them to the very bytes of the whole run, and check
 * their rows against that family.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFamily, familyFromDescription, type Family } from '../../src/sweep/family.js';
import { runCli } from '../helpers/cli.js';
import { scratchDirectories } from '../helpers/scratch.js';

const scratch = scratchDirectories('sweep-old');
const fixture = (name: string) => new URL(`../fixtures/sweep-old/${name}`, import.meta.url);

/** Each old file: its name, the flags that made it, and the family its first line names. */
const OLD_FILES: readonly { name: string; ext: string; args: readonly string[]; family: Family }[] = [
  { name: 'subtraction-1-2', ext: 'jsonl', args: ['--family', 'subtraction', '--size', '1-2', '--max-move', '6'], family: { kind: 'subtraction', size: { from: 1, to: 2 }, maxMove: 6 } },
  { name: 'all-but-shard1', ext: 'csv', args: ['--family', 'all-but', '--size', '0-1', '--max-move', '5', '--shard', '1/2'], family: { kind: 'all-but', size: { from: 0, to: 1 }, maxMove: 5 } },
  { name: 'octal4-1-2', ext: 'jsonl', args: ['--family', 'octal', '--digits', '1-2', '--prefix', '4', '--limit', '3000'], family: { kind: 'octal', digits: { from: 1, to: 2 }, prefix: 4 } },
];

/** The family words on a results file's first line (a JSON line, or a CSV comment holding one). */
function recordedFamily(text: string): string {
  const first = text.slice(0, text.indexOf('\n')).replace(/^# /, '');
  return (JSON.parse(first) as { sweep: { family: string } }).sweep.family;
}

describe('results files of the version before sweepFamilies', () => {
  for (const { name, ext, args, family } of OLD_FILES) {
    const full = readFileSync(fixture(`${name}.full.${ext}`), 'utf8');

    it(`${name}: its words name the same family, and today's words are the same`, () => {
      const words = recordedFamily(full);
      expect(familyFromDescription(words)).toEqual(family);
      expect(describeFamily(family)).toBe(words);
    });

    it(`${name}: --resume finishes the stopped file to the bytes of the old whole run`, async () => {
      const dir = scratch.fresh(name);
      const out = join(dir, `results.${ext}`);
      copyFileSync(fixture(`${name}.part.${ext}`), out);
      expect(readFileSync(out, 'utf8').length).toBeLessThan(full.length);
      const run = await runCli(['sweep', ...args, '--threads', '2', '--out', out, '--resume']);
      expect(run.code, run.stderr).toBe(0);
      expect(readFileSync(out, 'utf8')).toBe(full);
    }, 60_000);
  }

  it('--merge checks an old file row by row against the family its words name', async () => {
    const dir = scratch.fresh('merge');
    const file = join(dir, 'old.jsonl');
    const full = readFileSync(fixture('subtraction-1-2.full.jsonl'), 'utf8');
    writeFileSync(file, full);
    const merged = await runCli(['sweep', '--merge', file, '--format', 'jsonl']);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout.trim().split('\n')).toEqual(full.trim().split('\n').slice(1));
    // Row 3 of subtraction sets of size 1 to 2 with moves up to 6 is {4}: a file that says otherwise is refused.
    writeFileSync(file, full.replace('"index":3,"rule":"subtraction {4}"', '"index":3,"rule":"subtraction {5}"'));
    const refused = await runCli(['sweep', '--merge', file]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('subtraction {4}');
  }, 60_000);
});
