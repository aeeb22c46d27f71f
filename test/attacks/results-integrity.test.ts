/**
 * Attacks on the files a long run leaves behind (issue 41): results files
 * without the line that says which sweep they hold, checkpoints whose header
 * was edited to fit the same bytes, and locks that do not say who holds
 * them. Each runs the built program on real files, as a user would.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectBadInput, runCli, type CliRun } from '../helpers/cli.js';
import { scratchDirectories } from '../helpers/scratch.js';
import { loadCheckpoint, saveCheckpoint } from '../../src/host/checkpoint.js';
import { InputError } from '../../src/core/errors.js';

const scratch = scratchDirectories('attack-results');

/** 66 subtraction sets: two of them compute 128 values under --limit 4096 (100 under --limit 100). */
const FAMILY = ['--family', 'subtraction', '--size', '2', '--max-move', '12'];
const sweep = (args: readonly string[], cwd: string): Promise<CliRun> => runCli(['sweep', ...args], { cwd, timeoutMs: 30_000 });

/** A sweep's stdout (`sg-explore sweep ... > file`), written to `file`. */
async function redirected(args: readonly string[], cwd: string, file: string): Promise<string> {
  const run = await sweep(args, cwd);
  expect(run.code, run.stderr).toBe(0);
  writeFileSync(join(cwd, file), run.stdout);
  return run.stdout;
}

const head = (text: string, lines: number, eol = '\n') => text.split(eol).slice(0, lines).join(eol) + eol;
const NO_HEADER = /has no header line saying which sweep it holds/;

describe('results files without their header line are not resumed or merged', () => {
  it('stdout rows (JSON lines) cut short and resumed with another --limit: refused, the file untouched', async () => {
    const dir = scratch.fresh('stdout-jsonl');
    const rows = await redirected([...FAMILY, '--limit', '4096', '--format', 'jsonl'], dir, 'rows.jsonl');
    writeFileSync(join(dir, 'p.jsonl'), head(rows, 20));
    const before = readFileSync(join(dir, 'p.jsonl'), 'utf8');
    const refused = await sweep([...FAMILY, '--limit', '100', '--out', 'p.jsonl', '--resume'], dir);
    expectBadInput(refused, 'header-less resume', { pattern: /--out p\.jsonl: the file has no header line saying which sweep it holds .*--limit/ });
    expect(readFileSync(join(dir, 'p.jsonl'), 'utf8')).toBe(before);
    expect(existsSync(join(dir, 'p.jsonl.lock'))).toBe(false);
    // With the same --limit too: nothing in the file shows it.
    expectBadInput(await sweep([...FAMILY, '--limit', '4096', '--out', 'p.jsonl', '--resume'], dir), 'same limit', { pattern: NO_HEADER });
  });

  it('stdout rows as CSV (header row, no record line): refused', async () => {
    const dir = scratch.fresh('stdout-csv');
    const rows = await redirected([...FAMILY, '--limit', '4096', '--format', 'csv'], dir, 'rows.csv');
    writeFileSync(join(dir, 'p.csv'), head(rows, 20, '\r\n'));
    expectBadInput(await sweep([...FAMILY, '--limit', '100', '--out', 'p.csv', '--resume'], dir), 'csv resume', { pattern: /--out p\.csv: the file has no header line/ });
    // Only the CSV header row, no rows yet: still nothing says which sweep it is.
    writeFileSync(join(dir, 'h.csv'), head(rows, 1, '\r\n'));
    expectBadInput(await sweep([...FAMILY, '--limit', '100', '--out', 'h.csv', '--resume'], dir), 'header row only', { pattern: NO_HEADER });
  });

  it('--merge of header-less shards swept with different --limit: refused, nothing written', async () => {
    const dir = scratch.fresh('merge');
    await redirected([...FAMILY, '--limit', '100', '--shard', '1/2', '--format', 'jsonl'], dir, 'a.jsonl');
    await redirected([...FAMILY, '--limit', '4096', '--shard', '2/2', '--format', 'jsonl'], dir, 'b.jsonl');
    expectBadInput(await sweep(['--merge', 'a.jsonl', 'b.jsonl', '--format', 'jsonl'], dir), 'merge to stdout', { pattern: /--merge: a\.jsonl has no header line/ });
    expectBadInput(await sweep(['--merge', 'a.jsonl', 'b.jsonl', '--out', 'm.jsonl'], dir), 'merge to a file', { pattern: NO_HEADER });
    expect(existsSync(join(dir, 'm.jsonl'))).toBe(false);
    // One shard with its record, the other without: refused naming the one without (CSV this time).
    expect((await sweep([...FAMILY, '--limit', '100', '--shard', '1/2', '--out', 'a.csv'], dir)).code).toBe(0);
    await redirected([...FAMILY, '--limit', '4096', '--shard', '2/2', '--format', 'csv'], dir, 'b.csv');
    expectBadInput(await sweep(['--merge', 'a.csv', 'b.csv', '--format', 'jsonl'], dir), 'one header-less', { pattern: /--merge: b\.csv has no header line/ });
  });

  it('a file --from wrote without a record is not resumed either', async () => {
    const dir = scratch.fresh('from-out');
    expect((await sweep([...FAMILY, '--limit', '100', '--out', 'whole.jsonl'], dir)).code).toBe(0);
    expect((await sweep(['--from', 'whole.jsonl', '--out', 'copy.jsonl'], dir)).code).toBe(0);
    expectBadInput(await sweep([...FAMILY, '--limit', '4096', '--out', 'copy.jsonl', '--resume'], dir), 'from copy', { pattern: NO_HEADER });
  });

  it('rows of a sweep with a higher --limit appended under a record: refused naming the line', async () => {
    const dir = scratch.fresh('appended');
    const high = await redirected([...FAMILY, '--limit', '4096', '--format', 'jsonl'], dir, 'high.jsonl');
    expect((await sweep([...FAMILY, '--limit', '100', '--out', 'low.jsonl'], dir)).code).toBe(0);
    // The first 60 rows of the low sweep, then the rest from the high one (`cat`), as if resumed.
    const low = readFileSync(join(dir, 'low.jsonl'), 'utf8');
    writeFileSync(join(dir, 'mixed.jsonl'), head(low, 61));
    appendFileSync(join(dir, 'mixed.jsonl'), high.split('\n').slice(60).join('\n'));
    const pattern = /mixed\.jsonl:66: the row of 'subtraction \{10,12\}' computed 128 values, more than the sweep's --limit 100/;
    expectBadInput(await sweep([...FAMILY, '--limit', '100', '--out', 'mixed.jsonl', '--resume'], dir), 'resume', { pattern });
    expectBadInput(await sweep(['--merge', 'mixed.jsonl', '--format', 'jsonl'], dir), 'merge', { pattern });
  });

  it('a file of blank lines resumes as a new one, its record first', async () => {
    const dir = scratch.fresh('blank');
    writeFileSync(join(dir, 'b.jsonl'), '\n\n');
    expect((await sweep([...FAMILY, '--limit', '100', '--out', 'b.jsonl', '--resume'], dir)).code).toBe(0);
    expect(readFileSync(join(dir, 'b.jsonl'), 'utf8')).toMatch(/^\{"sweep":\{.*"limit":100/);
    expect((await sweep([...FAMILY, '--limit', '100', '--out', 'b.jsonl', '--resume'], dir)).code).toBe(0);
  });
});

/** The header line of a checkpoint and its values, to edit apart. */
function split(path: string): { header: Record<string, unknown>; body: Buffer } {
  const bytes = readFileSync(path);
  const newline = bytes.indexOf(10);
  return { header: JSON.parse(bytes.subarray(0, newline).toString('utf8')) as Record<string, unknown>, body: bytes.subarray(newline + 1) };
}

const join2 = (header: Record<string, unknown>, body: Uint8Array) => Buffer.concat([Buffer.from(JSON.stringify(header) + '\n'), body]);

describe('a checkpoint whose header was edited is refused', () => {
  const resume = (path: string, code = '0.6') => runCli(['--code', code, '--limit', '8192', '--max', '8000', '--format', 'csv', '--checkpoint', path, '--resume'], { timeoutMs: 30_000 });

  it('bytesPerValue and count edited to fit the same bytes (1 x 4096 read as 2 x 2048)', async () => {
    const dir = scratch.fresh('width');
    const path = join(dir, 's.ckpt');
    expect((await runCli(['--code', '0.6', '--limit', '4096', '--checkpoint', path], { timeoutMs: 30_000 })).code).toBe(0);
    const { header, body } = split(path);
    expect(header).toMatchObject({ count: 4096, bytesPerValue: 1 });
    writeFileSync(path, join2({ ...header, count: 2048, bytesPerValue: 2 }, body));
    expectBadInput(await resume(path), 'width', { pattern: /--checkpoint .*s\.ckpt: damaged/ });
    // And the other way: 4-byte values of a wider rule read as bytes.
    saveCheckpoint(path, 'octal 0.6', new Uint32Array([0, 0, 1, 2]));
    const wide = split(path);
    writeFileSync(path, join2({ ...wide.header, count: 16, bytesPerValue: 1 }, wide.body));
    expectBadInput(await resume(path), 'narrowed', { pattern: /damaged/ });
  });

  it("another rule's checkpoint with its rule text edited", async () => {
    const dir = scratch.fresh('rule');
    const path = join(dir, 'k.ckpt');
    expect((await runCli(['--code', '0.77', '--limit', '4096', '--checkpoint', path], { timeoutMs: 30_000 })).code).toBe(0);
    const { header, body } = split(path);
    expect(header.rule).toBe('octal 0.77');
    writeFileSync(path, join2({ ...header, rule: 'octal 0.6' }, body));
    expectBadInput(await resume(path), 'rule', { pattern: /damaged/ });
    // The version or the format name edited, the values unchanged: refused, saying why.
    writeFileSync(path, join2({ ...header, version: 3 }, body));
    expectBadInput(await resume(path, '0.77'), 'version', { pattern: /checkpoint version 3, not 2/ });
  });

  it('every field of the header, edited alone, is caught (library)', () => {
    const path = join(scratch.fresh('fields'), 'f.ckpt');
    saveCheckpoint(path, 'octal 0.6', new Uint16Array([0, 0, 1, 2, 0, 1, 2, 3]));
    const { header, body } = split(path);
    const edits: Record<string, unknown>[] = [{ count: 16, bytesPerValue: 1 }, { count: 4, bytesPerValue: 4 }, { checksum: (header.checksum as number) ^ 1 }, { rule: 'octal 0.60' }];
    for (const edit of edits) {
      writeFileSync(path, join2({ ...header, ...edit }, body));
      const key = (edit.rule as string | undefined) ?? 'octal 0.6';
      expect(() => loadCheckpoint(path, key), JSON.stringify(edit)).toThrow(InputError);
      expect(() => loadCheckpoint(path, key), JSON.stringify(edit)).toThrow(/damaged/);
    }
  });

  it('a checkpoint of version 1 (checksum over the values only) is refused naming the versions', async () => {
    const path = join(scratch.fresh('v1'), 'old.ckpt');
    const body = Buffer.from([0, 0, 1, 2, 0, 1, 2, 3]);
    let h = 0x811c9dc5;
    for (const byte of body) h = Math.imul(h ^ byte, 0x01000193);
    writeFileSync(path, join2({ format: 'sg-explore-checkpoint', version: 1, rule: 'octal 0.6', count: 8, bytesPerValue: 1, checksum: h >>> 0 }, body));
    expectBadInput(await resume(path), 'version 1', { pattern: /earlier version of sg-explore \(checkpoint version 1; this one reads version 2.*--force in place of --resume/ });
  });
});

describe('a lock that does not say who holds it', () => {
  const locked = async (content: string | null, what: string, make?: (lock: string) => void): Promise<string> => {
    const dir = scratch.fresh('lock');
    const lock = join(dir, 'r.jsonl.lock');
    if (make) make(lock);
    else writeFileSync(lock, content!);
    const run = await sweep([...FAMILY, '--limit', '100', '--out', 'r.jsonl'], dir);
    const line = expectBadInput(run, what);
    expect(line, what).not.toMatch(/undefined|null|NaN/);
    expect(existsSync(lock), `${what}: the lock is kept`).toBe(true);
    expect(existsSync(join(dir, 'r.jsonl')), `${what}: nothing written`).toBe(false);
    return line;
  };

  it('no time in it: the holder is named, with no "since undefined"', async () => {
    const line = await locked(JSON.stringify({ pid: process.pid, host: hostname() }), 'no time');
    expect(line).toMatch(new RegExp(`another sweep is writing to it \\(process ${process.pid} on [^,]+\\); wait`));
    const garbledTime = await locked(JSON.stringify({ pid: process.pid, host: hostname(), since: 'yesterday-ish' }), 'garbled time');
    expect(garbledTime).toMatch(new RegExp(`\\(process ${process.pid} on [^,]+\\)`));
  });

  it.each([
    ['empty', ''],
    ['not JSON', 'garbage\n'],
    ['an empty object', '{}'],
    ['a pid that is no number', JSON.stringify({ pid: 'x', host: hostname(), since: '2026-01-01T00:00:00Z' })],
    ['no host', JSON.stringify({ pid: process.pid })],
    ['JSON null', 'null'],
  ])('%s: refused, saying the lock does not say who holds it (not taken over)', async (what, content) => {
    const line = await locked(content, what);
    expect(line).toMatch(/r\.jsonl: it is locked \(.*r\.jsonl\.lock exists\), but the lock does not say which process holds it .*remove .*r\.jsonl\.lock/);
  });

  it('a FIFO in place of the lock: refused at once, no hang', async () => {
    const line = await locked(null, 'fifo', (lock) => execFileSync('mkfifo', [lock]));
    expect(line).toMatch(/does not say which process holds it/);
  });
});
