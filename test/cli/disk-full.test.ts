import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

/**
 * A full disk, without touching a real device or filling a real disk: the
 * file-system calls the code under test makes fail with ENOSPC once `full`
 * is set, as they would on a disk with no room left.
 */
const disk = vi.hoisted(() => ({ full: false }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
  const createWriteStream: typeof real.createWriteStream = (path, options) => {
    const stream = real.createWriteStream(path, options);
    const write = stream._write.bind(stream);
    stream._write = (chunk, encoding, callback) => (disk.full ? callback(enospc()) : write(chunk, encoding, callback));
    return stream;
  };
  const writeSync = ((...args: Parameters<typeof real.writeSync>) => {
    if (disk.full) throw enospc();
    return (real.writeSync as (...a: unknown[]) => number)(...args);
  }) as typeof real.writeSync;
  const patched = { ...real, createWriteStream, writeSync };
  return { ...patched, default: patched };
});

const { runMain } = await import('../helpers/in-process.js');
const { saveCheckpoint, loadCheckpoint } = await import('../../src/host/checkpoint.js');
const { openResultsLog } = await import('../../src/sweep/results-file.js');
const { errorRow } = await import('../../src/sweep/row.js');

const scratch = mkdtempSync(join(tmpdir(), 'sg-full-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(() => {
  disk.full = false;
});

describe('a full disk is reported as such, and what was there is kept', () => {
  it('--out: exit 1, one line saying so; the old file is unchanged; no temporary file', async () => {
    const target = join(scratch, 'values.csv');
    writeFileSync(target, 'yesterday’s results\n');
    disk.full = true;
    const run = await runMain(['--moves', '1,2,3', '--max', '1e6', '--out', target]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^sg-explore: --out .*values\.csv: cannot write it \(no space left on device\); the existing .*values\.csv is unchanged\n$/);
    expect(readFileSync(target, 'utf8')).toBe('yesterday’s results\n');
    expect(readdirSync(scratch).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('--out to a new file: no file is left', async () => {
    const target = join(scratch, 'new.json');
    disk.full = true;
    const run = await runMain(['--moves', '1,2,3', '--max', '100', '--out', target]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('no space left on device');
    expect(existsSync(target)).toBe(false);
  });

  it('a checkpoint: the previous one is kept and still loads', () => {
    const file = join(scratch, 'run.ckpt');
    saveCheckpoint(file, 'octal 0.6', Uint8Array.from([0, 1, 2, 3]));
    disk.full = true;
    expect(() => saveCheckpoint(file, 'octal 0.6', Uint8Array.from([0, 1, 2, 3, 4, 5]))).toThrow(/cannot save it \(no space left on device\); the previous checkpoint is kept/);
    disk.full = false;
    expect([...loadCheckpoint(file, 'octal 0.6')]).toEqual([0, 1, 2, 3]);
    expect(readdirSync(scratch).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('a sweep results file: the rows already appended stay, and the message says so', async () => {
    const file = join(scratch, 'sweep.jsonl');
    const record = { format: 'sg-explore-sweep', version: 2, family: 'test', size: 2, shard: null, limit: null } as const;
    const log = await openResultsLog(file, { resume: false, record });
    log.append(errorRow(0, 'subtraction {1}', 'kept'));
    const written = readFileSync(file, 'utf8');
    disk.full = true;
    // The library names the file by its field (out); the CLI says --out (see cliText).
    expect(() => log.append(errorRow(1, 'subtraction {2}', 'lost'))).toThrow(/^out .*sweep\.jsonl: cannot append \(no space left on device\); the rows already written are kept \(continue with resume\)$/);
    disk.full = false;
    log.close();
    expect(readFileSync(file, 'utf8')).toBe(written);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});
