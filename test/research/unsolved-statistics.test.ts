import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { explore } from '../../src/core/analyse.js';
import { unsolvedStatistics } from '../../src/core/heap/statistics.js';
import { isRareValue } from '../../src/core/kernels/rare.js';
import { parseCode } from '../../src/core/rules/code.js';
import type { GameSpec } from '../../src/core/kinds/registry.js';
import { runRule } from '../../src/sweep/run-rule.js';
import { parseRows, rowLine, splitCsvLine } from '../../src/sweep/format.js';
import { COLUMN_NAMES } from '../../src/sweep/row.js';
import { int, mulberry32 } from '../helpers/random.js';
import { runMain } from '../helpers/in-process.js';
import { longTest } from '../helpers/long.js';

/**
 * The statistics row of games with no period proven, in the columns of
 * T. Czajka's table of unsolved octal games (test/fixtures/czajka-unsolved.json
 * names the source): values computed, the largest value and the first heap
 * with it, the rare mask, the rare heaps, the last rare heap.
 *
 * Heap numbering: the table's n counts the values G(0..n-1) and its heap
 * indices are heap sizes as sg-explore's are (Grundy's game is the code 4!.0,
 * heap n the pile of n tokens); its rare count includes heap 0. So the rows
 * agree with no shift, as the first test checks for every filled row.
 */

interface PublishedRow {
  readonly game: string;
  readonly code: string;
  readonly n: number;
  readonly largestAt: number;
  readonly largestValue: number;
  readonly rareMask: string;
  readonly rareHeaps: number;
  readonly lastRareHeap: number;
}

const fixture = JSON.parse(readFileSync(new URL('../fixtures/czajka-unsolved.json', import.meta.url), 'utf8')) as { source: string; rows: PublishedRow[] };
const game = (code: string): GameSpec => ({ rule: { kind: 'take-and-break', code: parseCode(code) } });
const scratch = mkdtempSync(join(tmpdir(), 'sg-unsolved-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the published rows of unsolved games', () => {
  // .6 and Grundy's game at 2^21 take about 8 s each here, .06 at 2^17 about 10 s (a dense game): one run each, all
  // long tests (.6 took 53 s of a loaded npm test). The quick run checks the definitions against brute force (below).
  const checkRow = (row: PublishedRow) => {
    const x = explore({ game: game(row.code), limit: row.n, max: BigInt(row.n - 1) });
    expect(x.pattern.kind).toBe('none');
    expect(x.statistics).toEqual({
      computed: row.n,
      largestValue: row.largestValue,
      largestAt: row.largestAt,
      rareMask: parseInt(row.rareMask, 16),
      rareHeaps: row.rareHeaps,
      lastRareHeap: row.lastRareHeap,
    });
    // One definition of rare: the kernel counts the same heaps under the same mask, less heap 0 (never a split part).
    if (x.kernel?.mask === x.statistics!.rareMask) expect(x.kernel.rareHeaps).toBe(row.rareHeaps - 1);
    if (row.code === '0.6') expect(x.kernel).toMatchObject({ kernel: 'rare-common', mask: 0x1ee, rareHeaps: 1583 });
  };
  longTest.each(fixture.rows)('$game ($code) over $n values: the row of the table [long]', checkRow, 120_000);
});

describe('the definitions, against brute force', () => {
  it('first largest heap, the mask with fewest rare heaps (smallest of equals), rare count with heap 0, last rare heap', () => {
    const random = mulberry32(2024);
    for (let trial = 0; trial < 200; trial++) {
      const count = int(random, 1, 300);
      const top = int(random, 0, 40);
      const g = new Uint32Array(count).map((_, n) => (n === 0 ? 0 : int(random, 0, top)));
      const s = unsolvedStatistics(g, count);
      const largest = Math.max(...g);
      expect(s.largestValue).toBe(largest);
      expect(s.largestAt).toBe(g.indexOf(largest));
      let bound = 1;
      while (bound <= largest) bound *= 2;
      const rareUnder = (mask: number) => [...g].filter((v) => isRareValue(v, mask)).length;
      let best = 0;
      for (let mask = 1; mask < bound; mask++) if (rareUnder(mask) < rareUnder(best)) best = mask;
      expect(s.rareMask).toBe(best);
      const rare = [...g.keys()].filter((n) => isRareValue(g[n]!, best));
      expect(s.rareHeaps).toBe(rare.length);
      expect(s.lastRareHeap).toBe(rare[rare.length - 1]);
      expect(rare[0]).toBe(0); // G(0) = 0 is rare under every mask
    }
  });

  it('rare is an even popcount of the value under the mask', () => {
    expect(isRareValue(0, 0x1ee)).toBe(true);
    expect(isRareValue(2, 0x1ee)).toBe(false);
    expect(isRareValue(6, 0x1ee)).toBe(true);
    expect(isRareValue(7, 0)).toBe(true);
  });
});

describe('in the reports', () => {
  it('JSON: a statistics object after kernel, fields in a fixed order; null once a period is proven', async () => {
    const run = await runMain(['--code', '0.6', '--limit', '2^14', '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout);
    const keys = Object.keys(doc);
    expect(keys.indexOf('statistics')).toBe(keys.indexOf('kernel') + 1);
    expect(Object.keys(doc.statistics)).toEqual(['computed', 'largestValue', 'largestAt', 'rareMask', 'rareHeaps', 'lastRareHeap']);
    const values = Uint32Array.from(doc.values as number[]);
    expect(doc.statistics).toEqual(unsolvedStatistics(values, values.length));
    expect(doc.statistics.computed).toBe(2 ** 14);
    const kayles = JSON.parse((await runMain(['--preset', 'kayles', '--format', 'json'])).stdout);
    expect(kayles.pattern.proven).toBe(true);
    expect(kayles.statistics).toBeNull();
  });

  it('table: a Statistics row for Officers, none for a proven game', async () => {
    const officers = await runMain(['--code', '0.6', '--limit', '2^15']);
    expect(officers.code, officers.stderr).toBe(0);
    const text = officers.stdout.replace(/[│\s]+/g, ' ');
    const x = explore({ game: game('0.6'), limit: 2 ** 15, max: BigInt(2 ** 15 - 1) });
    const s = x.statistics!;
    expect(text).toContain('Statistics over G(0..32,767), no period proven');
    expect(text).toContain(`largest value G(${s.largestAt.toLocaleString('en-US')}) = ${s.largestValue}`);
    expect(text).toContain(`rare mask 0x1ee (494): ${s.rareHeaps.toLocaleString('en-US')} heaps rare`);
    expect(text).toContain(`the last n = ${s.lastRareHeap.toLocaleString('en-US')}`);
    expect((await runMain(['--preset', 'kayles'])).stdout).not.toContain('Statistics');
  });
});

describe('in sweep rows', () => {
  it('unproven rows carry largestAt, rareMask, rareHeaps, lastRareHeap; proven rows null', () => {
    const officers = runRule({ index: 0, rule: { kind: 'take-and-break', code: parseCode('0.6') }, limit: 2 ** 14 });
    const x = explore({ game: game('0.6'), limit: 2 ** 14, max: BigInt(2 ** 14 - 1) });
    const s = x.statistics!;
    expect(officers).toMatchObject({ kind: 'none', proven: false, computed: s.computed, maxValue: s.largestValue, largestAt: s.largestAt, rareMask: s.rareMask, rareHeaps: s.rareHeaps, lastRareHeap: s.lastRareHeap });
    const kayles = runRule({ index: 1, rule: { kind: 'take-and-break', code: parseCode('0.137') }, limit: 2 ** 12 });
    expect(kayles).toMatchObject({ proven: true, largestAt: null, rareMask: null, rareHeaps: null, lastRareHeap: null });
    // Rows read back as written, in both formats.
    for (const format of ['jsonl', 'csv'] as const) {
      const header = format === 'csv' ? COLUMN_NAMES.join(',') + '\r\n' : '';
      expect(parseRows(header + rowLine(officers, format) + rowLine(kayles, format), 'rows').rows).toEqual([officers, kayles]);
    }
  });

  it('files written before the columns: read with nulls, merged with newer rows without a disagreement, resumed after a rewrite', async () => {
    const sweep = (args: string[]) => runMain(['sweep', '--family', 'octal', '--digits', '1', '--limit', '2^12', '--threads', '1', ...args]);
    const csvNew = join(scratch, 'new.csv');
    expect((await sweep(['--out', csvNew])).code).toBe(0);
    // The same file as an earlier version wrote it: no statistics columns.
    const dropped = new Set(['largestAt', 'rareMask', 'rareHeaps', 'lastRareHeap']);
    const lines = readFileSync(csvNew, 'utf8').split('\r\n');
    const header = splitCsvLine(lines[1]!)!;
    const keep = header.map((name) => !dropped.has(name));
    const old = lines.map((line, i) => (i === 0 || line === '' ? line : splitCsvLine(line)!.filter((_, j) => keep[j]).join(','))).join('\r\n');
    const csvOld = join(scratch, 'old.csv');
    writeFileSync(csvOld, old);
    const read = parseRows(old, 'old.csv').rows;
    expect(read).toHaveLength(7);
    for (const row of read) expect(row).toMatchObject({ largestAt: null, rareMask: null, rareHeaps: null, lastRareHeap: null });
    // Old and new rows of one sweep agree; the merge keeps the newer rows, with their statistics.
    const merged = await runMain(['sweep', '--merge', csvOld, csvNew, '--format', 'jsonl']);
    expect(merged.stderr).toBe('');
    const fresh = await sweep(['--format', 'jsonl']);
    expect(merged.stdout).toBe(fresh.stdout);
    // Appending new rows under the old header is refused, naming the way out; the rewritten file resumes.
    const resumed = await sweep(['--out', csvOld, '--resume']);
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toMatch(/has no largestAt, rareMask, rareHeaps, lastRareHeap/);
    const rewritten = join(scratch, 'rewritten.csv');
    const rewrite = await runMain(['sweep', '--merge', csvOld, '--out', rewritten]);
    expect(rewrite.code, rewrite.stderr).toBe(0);
    expect((await sweep(['--out', rewritten, '--resume'])).code).toBe(0);
  });
});
