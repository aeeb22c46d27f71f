import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { scratchDirectories } from '../helpers/scratch.js';

/**
 * `sweep --frequencies F --resume` (issue 44.5): the lines already in F for
 * the rows --out keeps are kept (checked against the rows and the sweep's
 * record), kept rows with no line are computed again for it, and the file
 * a stopped and resumed run ends with is the same bytes as an uninterrupted
 * run's. A stop is reproduced by what a kill leaves: the results file cut
 * after some rows (and a half-written line), the frequencies file holding
 * the lines appended so far, in the order batches came back.
 */
const scratch = scratchDirectories('freq-resume');
// 0.77 (Kayles) is proven at this limit (no line); the others are not.
const RULES = 'code 0.6\ncode 0.77\ncode 0.014\ncode 0.04\ncode 0.034\ncode 0.161\n';
const LIMIT = '2^11';

let rules: string;
let whole: { results: string; frequencies: string };

const sweepArgs = (out: string, frequencies: string, ...more: string[]) => ['sweep', '--rules', rules, '--limit', LIMIT, '--threads', '1', '--out', out, '--frequencies', frequencies, ...more];
const lineList = (text: string) => text.split('\n').filter((line) => line !== '');
const indexOf = (line: string) => (JSON.parse(line) as { index: number }).index;

beforeAll(async () => {
  const dir = scratch.fresh('whole');
  rules = join(dir, 'rules.txt');
  writeFileSync(rules, RULES);
  const run = await runMain(sweepArgs(join(dir, 'r.jsonl'), join(dir, 'f.jsonl')));
  expect(run.code, run.stderr).toBe(0);
  whole = { results: readFileSync(join(dir, 'r.jsonl'), 'utf8'), frequencies: readFileSync(join(dir, 'f.jsonl'), 'utf8') };
});

/** The state a kill leaves after the first `rows` rows reached --out: `extra` frequency lines of rules past them appended before it, lines in reverse order. */
function stopped(dir: string, rows: number, extra: number): { out: string; frequencies: string } {
  const [record, ...rowLines] = lineList(whole.results);
  const [header, ...lines] = lineList(whole.frequencies);
  const out = join(dir, 'r.jsonl');
  writeFileSync(out, [record, ...rowLines.slice(0, rows)].join('\n') + '\n' + rowLines[rows]!.slice(0, 20));
  const kept = lines.filter((line) => indexOf(line) < rows);
  const past = lines.filter((line) => indexOf(line) >= rows).slice(0, extra);
  const frequencies = join(dir, 'f.jsonl');
  writeFileSync(frequencies, [header, ...[...kept, ...past].reverse()].join('\n') + '\n' + (lines.at(-1) ?? '').slice(0, 30));
  return { out, frequencies };
}

describe('sweep --frequencies with --resume', () => {
  it('the uninterrupted run: the record, then a line for each unsolved rule in rule order', () => {
    const [header, ...lines] = lineList(whole.frequencies);
    expect(JSON.parse(header!).sweep).toEqual(JSON.parse(lineList(whole.results)[0]!).sweep);
    expect(lines.map(indexOf)).toEqual([0, 2, 3, 4, 5]);
  });

  it('a stopped run resumed ends with the same results and frequencies bytes as one never stopped', async () => {
    for (const [rows, extra] of [
      [1, 0],
      [3, 1],
      [4, 2],
    ] as const) {
      const dir = scratch.fresh('stopped');
      const { out, frequencies } = stopped(dir, rows, extra);
      const run = await runMain(sweepArgs(out, frequencies, '--resume'));
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).not.toMatch(/no line in/);
      expect(readFileSync(out, 'utf8')).toBe(whole.results);
      expect(readFileSync(frequencies, 'utf8')).toBe(whole.frequencies);
    }
  });

  it('kept rows with no line (a results file swept without --frequencies) are computed again for their lines, named', async () => {
    const dir = scratch.fresh('missing');
    const { out } = stopped(dir, 5, 0);
    const frequencies = join(dir, 'none.jsonl');
    const run = await runMain(sweepArgs(out, frequencies, '--resume'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/4 rules in .*r\.jsonl have no line in .*none\.jsonl \(octal 0\.6 \(#0\), octal 0\.014 \(#2\), octal 0\.04 \(#3\), \.\.\.\); computed again/);
    expect(readFileSync(out, 'utf8')).toBe(whole.results);
    expect(readFileSync(frequencies, 'utf8')).toBe(whole.frequencies);
  });

  it('refuses a frequencies file of another sweep, naming what differs, and leaves the file as it was', async () => {
    const dir = scratch.fresh('other');
    const { out, frequencies } = stopped(dir, 3, 0);
    const text = readFileSync(frequencies, 'utf8');
    // The results file's half-written last line is cut off as on every resume; its complete rows stay.
    const results = readFileSync(out, 'utf8').replace(/[^\n]*$/, '');
    const cases: [string, RegExp][] = [
      [text.replace('"limit":2048', '"limit":4096'), /--frequencies .*f\.jsonl: it holds the frequencies of a sweep of --limit 4096, not 2048/],
      [text.replace('"limit":2048', '"limit":2048,"rareHeaps":100'), /--rare-heaps 100, not by default/],
      [text.replace(/"rules":"sha256:[0-9a-f]+"/, '"rules":"sha256:0000"'), /another version of .*rules\.txt/],
      [lineList(text).slice(1).join('\n') + '\n', /its first line is not a sweep's record/],
      [text.replace('"heaps":2047', '"heaps":1023'), /line \d is octal 0\.\d+ \(rule #\d\) over heaps 1\.\.1023, where the results file's row is octal 0\.\d+ with 2048 values computed/],
    ];
    for (const [content, message] of cases) {
      writeFileSync(frequencies, content);
      const run = await runMain(sweepArgs(out, frequencies, '--resume'));
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr.split('\n').filter((l) => l !== '')).toHaveLength(1);
      expect(readFileSync(frequencies, 'utf8')).toBe(content);
    }
    expect(readFileSync(out, 'utf8')).toBe(results);
  });

  it('a fresh run (no --resume) replaces an old file, leaving no temporary file', async () => {
    const dir = scratch.fresh('fresh');
    const frequencies = join(dir, 'f.jsonl');
    writeFileSync(frequencies, 'old\n');
    const run = await runMain(sweepArgs(join(dir, 'r.jsonl'), frequencies));
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(frequencies, 'utf8')).toBe(whole.frequencies);
    expect(existsSync(`${frequencies}.${process.pid}.part`)).toBe(false);
  });
});
