/**
 * Results files far larger than the heap: --resume, --merge and --from read
 * them line by line. The program runs under --max-old-space-size=64 on a
 * file of about 210 MB, written here directly (a real sweep of it would take
 * minutes): rows of a family whose rule texts are long, so that the file is
 * large in bytes without millions of rows to parse.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, statSync, writeSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { familyRules, type Family } from '../../src/sweep/family.js';
import { ruleText } from '../../src/core/kinds/registry.js';
import { runCli, type CliRun } from '../helpers/cli.js';
import { scratchDirectories } from '../helpers/scratch.js';
import { longTest } from '../helpers/long.js';

const scratch = scratchDirectories('sweep-large');
/** A heap far smaller than the file: reading it whole, or keeping its rows, cannot fit. */
const SMALL_HEAP = { NODE_OPTIONS: '--max-old-space-size=64' };

/**
 * The rules of `all-but` sets of size m-2 from 1..m, in family order, by
 * string surgery (the family's own enumeration costs more than the test
 * may): the set missing {a < b}, for a from m-1 down, b from m down.
 */
function* wideAllBut(m: number): Generator<string> {
  const full = Array.from({ length: m }, (_, i) => String(i + 1));
  const text = full.join(',');
  const start: number[] = [];
  for (let x = 1, at = 0; x <= m; at += full[x - 1]!.length + 1, x++) start[x] = at;
  const seg = (x: number, y: number) => (x <= y ? text.slice(start[x], start[y]! + full[y - 1]!.length) : '');
  for (let a = m - 1; a >= 1; a--) {
    for (let b = m; b > a; b--) yield `all-but {${[seg(1, a - 1), seg(a + 1, b - 1), seg(b + 1, m)].filter((s) => s !== '').join(',')}}`;
  }
}

/**
 * Rows as a sweep writes them (the values made up: nothing here reads them
 * for their mathematics), the same rules as wideAllBut, put together as
 * bytes: building 200 MB of strings would take the test longer than the program.
 */
function writeResults(path: string, m: number, rows: number): void {
  const fd = openSync(path, 'w');
  const record = { format: 'sg-explore-sweep', version: 2, family: `all-but sets of size ${m - 2} with excluded moves up to ${m}`, size: (m * (m - 1)) / 2, shard: null, limit: 1024 };
  const numbers = Buffer.from(Array.from({ length: m }, (_, i) => i + 1).join(','));
  const start: number[] = [];
  for (let x = 1, at = 0; x <= m; at += String(x).length + 1, x++) start[x] = at;
  const out = Buffer.allocUnsafe(8 << 20);
  let at = 0;
  const put = (text: string) => (at += out.write(text, at, 'latin1'));
  const flush = () => {
    writeSync(fd, out, 0, at);
    at = 0;
  };
  put(JSON.stringify({ sweep: record }) + '\n');
  let index = 0;
  for (let a = m - 1; a >= 1 && index < rows; a--) {
    for (let b = m; b > a && index < rows; b--, index++) {
      put(`{"index":${index},"rule":"all-but {`);
      let first = true;
      for (const [x, y] of [[1, a - 1], [a + 1, b - 1], [b + 1, m]] as const) {
        if (x > y) continue;
        if (!first) put(',');
        first = false;
        at += numbers.copy(out, at, start[x], start[y]! + String(y).length);
      }
      put(`}","kind":"none","preperiod":null,"period":null,"saltus":null,"proven":false,"method":null,"maxValue":${index % 9},"computed":1024,"largestAt":null,"rareMask":null,"rareHeaps":null,"lastRareHeap":null,"error":null}\n`);
      if (at > 7 << 20) flush();
    }
  }
  flush();
  closeSync(fd);
}

/** Bytes `from` on (to the end), read a piece at a time: the test keeps no 200 MB buffer either. */
function eachPiece(path: string, from: number, use: (piece: Buffer) => void): void {
  const fd = openSync(path, 'r');
  const piece = Buffer.alloc(4 << 20);
  for (let at = from, n; (n = readSync(fd, piece, 0, piece.length, at)) > 0; at += n) use(piece.subarray(0, n));
  closeSync(fd);
}

const sha256 = (path: string) => {
  const hash = createHash('sha256');
  eachPiece(path, 0, (piece) => hash.update(piece));
  return hash.digest('hex');
};

const M = 480;
const FAMILY = ['--family', 'all-but', '--size', String(M - 2), '--max-move', String(M), '--limit', '1024'];
const lines = (text: string) => text.split('\n').filter((l) => l !== '');

describe('results files larger than the heap', () => {
  it('the stand-in enumeration is the family order', () => {
    const family: Family = { kind: 'all-but', size: { from: 10, to: 10 }, maxMove: 12 };
    expect([...wideAllBut(12)]).toEqual([...familyRules(family)].map(ruleText));
  });

  longTest('--resume, --merge and --from read a 210 MB file under a 64 MB heap [long]', { timeout: 120_000 }, async () => {
    const heapLimit = spawnSync(process.execPath, ['-p', 'require("v8").getHeapStatistics().heap_size_limit'], { env: { ...process.env, ...SMALL_HEAP }, encoding: 'utf8' });
    expect(Number(heapLimit.stdout), 'NODE_OPTIONS limits the heap').toBeLessThan(128 * 2 ** 20);

    const dir = scratch.fresh('big');
    const file = join(dir, 'big.jsonl');
    const total = (M * (M - 1)) / 2;
    writeResults(file, M, total - 3); // interrupted three rules before the end
    const before = statSync(file).size;
    expect(before).toBeGreaterThan(200 * 2 ** 20);

    const run = (args: string[]): Promise<CliRun> => runCli(['sweep', ...args], { cwd: dir, env: SMALL_HEAP, timeoutMs: 100_000 });
    const resumed = await run([...FAMILY, '--threads', '1', '--out', file, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toBe('');
    // The three missing rules were computed and appended; nothing else was touched.
    const pieces: Buffer[] = [];
    eachPiece(file, before, (piece) => pieces.push(Buffer.from(piece)));
    const tail = Buffer.concat(pieces).toString('utf8');
    const appended = lines(tail).map((l) => JSON.parse(l) as { index: number; rule: string; kind: string; computed: number });
    const expected = [...wideAllBut(M)].slice(-3);
    expect(appended.map((r) => [r.index, r.rule])).toEqual(expected.map((rule, i) => [total - 3 + i, rule]));
    expect(appended.every((r) => r.kind !== 'error' && r.computed !== null)).toBe(true);

    const [merged, viewed] = await Promise.all([
      run(['--merge', file, '--out', join(dir, 'merged.jsonl')]),
      run(['--from', file, '--where', `index>=${total - 5}`, '--format', 'csv']),
    ]);
    expect(merged.code, merged.stderr).toBe(0);
    // One whole sweep, in order: its merge is the file itself.
    expect(statSync(join(dir, 'merged.jsonl')).size).toBe(statSync(file).size);
    expect(sha256(join(dir, 'merged.jsonl'))).toBe(sha256(file));
    expect(viewed.code, viewed.stderr).toBe(0);
    const csv = viewed.stdout.split('\r\n').filter((l) => l !== '');
    expect(csv).toHaveLength(1 + 5);
    expect(csv.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([0, 1, 2, 3, 4].map((i) => total - 5 + i));
  });
});

describe('reading rows fast', () => {
  it('a row in the layout a sweep writes and the same row written otherwise read the same; bad ones are refused either way', async () => {
    const { parseRows, rowLine } = await import('../../src/sweep/format.js');
    const { errorRow } = await import('../../src/sweep/row.js');
    const rows = [
      { index: 0, rule: 'octal 0.77', kind: 'periodic', preperiod: 71, period: 12, saltus: 0, proven: true, method: 'guy-smith', maxValue: 8, computed: 168, largestAt: null, rareMask: null, rareHeaps: null, lastRareHeap: null, error: null },
      { index: 12, rule: 'all-but {2,3}', kind: 'arithmetic-periodic', preperiod: 0, period: 3, saltus: 2, proven: false, method: null, maxValue: -1, computed: null, largestAt: null, rareMask: null, rareHeaps: null, lastRareHeap: null, error: null },
      errorRow(13, 'octal 0.6', 'ran out of memory: "quoted"\ttab'),
    ] as const;
    const canonical = rows.map((r) => rowLine(r, 'jsonl')).join('');
    // The same rows by JSON.stringify with other spacing: the slow path.
    const spaced = rows.map((r) => JSON.stringify(r, null, 1).replace(/\n/g, '') + '\n').join('');
    expect(parseRows(canonical, 'a').rows).toEqual(rows);
    expect(parseRows(spaced, 'b').rows).toEqual(rows);
    const bad = ['{"index":01,"rule":"octal 0.7"', '{"index":-1,"rule":"octal 0.7"', '{"index":1,"rule":"octal\t0.7"', '{"index":1,"rule":""', '{"index":1e400,"rule":"octal 0.7"'];
    for (const start of bad) {
      const line = start + ',"kind":"none","preperiod":null,"period":null,"saltus":null,"proven":false,"method":null,"maxValue":1,"computed":2,"largestAt":null,"rareMask":null,"rareHeaps":null,"lastRareHeap":null,"error":null}\n';
      expect(() => parseRows(line, 'c'), start).toThrow(/c:1: not a sweep results row/);
    }
  });
});
