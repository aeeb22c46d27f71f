import { spawn } from 'node:child_process';
import { chmodSync, closeSync, createReadStream, existsSync, lstatSync, mkdtempSync, openSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, cliEnv, expectBadInput, runCli, stderrMessages, HANG_GUARD_S } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { openOutputFile } from '../../src/host/files/output-file.js';
import { discardAll } from '../../src/host/files/temporary.js';

const scratch = mkdtempSync(join(tmpdir(), 'sg-out-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let counter = 0;
const fresh = (name: string) => {
  const dir = join(scratch, `case-${counter++}`);
  execFileSync('mkdir', ['-p', dir]);
  return join(dir, name);
};
/** The rows of {1,2,3} (period 4) for heaps 0..max. */
const csv123 = (max: number) => 'n,grundy,outcome\r\n' + Array.from({ length: max + 1 }, (_, n) => `${n},${n % 4},${n % 4 ? 'N' : 'P'}\r\n`).join('');
const temporaries = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.tmp'));

describe('--out never replaces what is not a regular file of the user', () => {
  it('a FIFO is streamed into, and stays a FIFO', async () => {
    const fifo = fresh('pipe');
    execFileSync('mkfifo', [fifo]);
    let read = '';
    const reader = new Promise<void>((resolve, reject) => {
      createReadStream(fifo, 'utf8')
        .on('data', (chunk) => (read += chunk))
        .on('end', resolve)
        .on('error', reject);
    });
    const run = await runMain(['--moves', '1,2,3', '--max', '999', '--format', 'csv', '--out', fifo]);
    await reader;
    expect(run.code).toBe(0);
    expect(read).toBe(csv123(999));
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(temporaries(join(fifo, '..'))).toEqual([]);
  });

  it('a symbolic link is followed: its target is replaced and the link stays a link', async () => {
    const target = fresh('real.csv');
    writeFileSync(target, 'old contents\n');
    const link = join(target, '..', 'link.csv');
    symlinkSync('real.csv', link);
    const run = await runMain(['--moves', '1,2,3', '--max', '30', '--out', link]);
    expect(run.code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe('real.csv');
    expect(readFileSync(target, 'utf8')).toBe(csv123(30));
  });

  it('a dangling symbolic link gets its target created', async () => {
    const link = fresh('link.json');
    symlinkSync('made.json', link);
    const run = await runMain(['--moves', '1,2,3', '--max', '10', '--out', link]);
    expect(run.code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(join(link, '..', 'made.json'), 'utf8')).rule).toBe('subtraction {1,2,3}');
  });

  it('a read-only file is refused with one line and left as it was', async () => {
    const target = fresh('locked.csv');
    writeFileSync(target, 'keep me\n');
    chmodSync(target, 0o444);
    const run = await runMain(['--moves', '1,2,3', '--max', '10', '--out', target]);
    expectBadInput(run, 'read-only --out', { pattern: /locked\.csv: is read-only/ });
    expect(readFileSync(target, 'utf8')).toBe('keep me\n');
    expect(statSync(target).mode & 0o777).toBe(0o444);
    expect(temporaries(join(target, '..'))).toEqual([]);
  });

  it('an existing file keeps its mode', async () => {
    for (const mode of [0o600, 0o640, 0o664]) {
      const target = fresh('kept.csv');
      writeFileSync(target, 'old\n');
      chmodSync(target, mode);
      const run = await runMain(['--moves', '1,2,3', '--max', '7', '--out', target]);
      expect(run.code).toBe(0);
      expect(statSync(target).mode & 0o777).toBe(mode);
      expect(readFileSync(target, 'utf8')).toBe(csv123(7));
    }
  });

  it('a directory is refused', async () => {
    const dir = fresh('x');
    execFileSync('mkdir', [dir]);
    expectBadInput(await runMain(['--moves', '1', '--out', dir]), 'directory --out', { pattern: /is a directory/ });
  });

  it('a later run removes temporary files left by a process that no longer exists', async () => {
    const target = fresh('values.csv');
    const dir = join(target, '..');
    // A process that has exited: its pid is free (and not ours).
    const gone = spawn(process.execPath, ['-e', '']);
    const pid = gone.pid!;
    await new Promise((resolve) => gone.once('exit', resolve));
    const stale = join(dir, `.values.csv.sg-explore-${pid}-0badc0de.tmp`);
    const live = join(dir, `.values.csv.sg-explore-${process.pid}-0badc0de.tmp`); // this process is alive: kept
    const other = join(dir, `.other.csv.sg-explore-${pid}-0badc0de.tmp`); // another target: kept
    for (const file of [stale, live, other]) writeFileSync(file, 'half a report');
    expect((await runMain(['--moves', '1,2,3', '--max', '5', '--out', target])).code).toBe(0);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });
});

/** Peak resident memory of a running process, sampled from /proc (Linux). */
function sampleRss(pid: number, into: { peak: number }): NodeJS.Timeout {
  return setInterval(() => {
    try {
      const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (match) into.peak = Math.max(into.peak, Number(match[1]) * 1024);
    } catch {
      /* ended */
    }
  }, 20);
}

describe('bounded memory on every output path (a V8 heap of 64 MB)', () => {
  const ROWS = 10_000_000;
  const LAST = ROWS - 1;
  /** Expected file size: the header, then each row n,g,X\r\n. */
  const expectedBytes = (() => {
    let bytes = 'n,grundy,outcome\r\n'.length;
    for (let digits = 1, from = 0; from <= LAST; digits++, from = from === 0 ? 10 : from * 10) bytes += (Math.min(LAST, from === 0 ? 9 : from * 10 - 1) - from + 1) * (digits + 6);
    return bytes;
  })();

  const runBounded = (args: string[], stdout: 'pipe' | number) =>
    new Promise<{ code: number | null; peak: number; piped: number }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--max-old-space-size=64', BIN, ...args], { env: cliEnv(), stdio: ['ignore', stdout, 'pipe'] });
      const rss = { peak: 0 };
      const sampler = existsSync('/proc/self/status') ? sampleRss(child.pid!, rss) : undefined;
      let piped = 0;
      child.stdout?.on('data', (chunk: Buffer) => (piped += chunk.length));
      let stderr = '';
      child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
      child.once('error', reject);
      child.once('close', (code) => {
        clearInterval(sampler);
        if (code !== 0) return reject(new Error(`exit ${code}: ${stderr}`));
        resolve({ code, peak: rss.peak, piped });
      });
    });

  it('stdout redirected to a file: 10^7 rows (where memory grew with the output before)', async () => {
    const file = fresh('stdout.csv');
    const fd = openSync(file, 'w');
    try {
      const { peak } = await runBounded(['--moves', '1,2,3', '--max', String(LAST), '--format', 'csv'], fd);
      expect(statSync(file).size).toBe(expectedBytes);
      if (peak) expect(peak).toBeLessThan(200 * 2 ** 20);
    } finally {
      closeSync(fd);
    }
  });

  it('stdout into a pipe', async () => {
    const { piped, peak } = await runBounded(['--moves', '1,2,3', '--max', String(LAST), '--format', 'csv'], 'pipe');
    expect(piped).toBe(expectedBytes);
    if (peak) expect(peak).toBeLessThan(200 * 2 ** 20);
  });

  it('--out FILE', async () => {
    const file = fresh('out.csv');
    const { peak } = await runBounded(['--moves', '1,2,3', '--max', String(LAST), '--out', file], 'pipe');
    expect(statSync(file).size).toBe(expectedBytes);
    const tail = readFileSync(file, 'latin1').slice(-40).split('\r\n').slice(-2, -1)[0];
    expect(tail).toBe(`${LAST},${LAST % 4},${LAST % 4 ? 'N' : 'P'}`);
    if (peak) expect(peak).toBeLessThan(200 * 2 ** 20);
  });
});

describe('signals while a long --out is written: stopped within a second, nothing left behind', () => {
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
    it(signal, async () => {
      const target = fresh('long.csv');
      const dir = join(target, '..');
      const run = await runCli(['--moves', '1,2,3', '--max', '1e9', '--out', target], {
        until: () => temporaries(dir).some((name) => statSync(join(dir, name)).size > 0),
        signal,
        untilMs: 5000,
        timeoutMs: 20_000,
      });
      expect(run.code).toBe(code);
      expect(run.secondsAfterSignal!).toBeLessThan(HANG_GUARD_S);
      expect(existsSync(target)).toBe(false);
      expect(temporaries(dir)).toEqual([]);
      // The values were done (a proof) and the report was being written: one line says what stopped it.
      expect(stderrMessages(run.stderr)).toEqual([`sg-explore: stopped by ${signal} while writing the report`]);
    });
  }

  it('SIGTERM keeps the old file when a replacement was being written', async () => {
    const target = fresh('previous.csv');
    const dir = join(target, '..');
    writeFileSync(target, 'the previous results\n');
    const run = await runCli(['--moves', '1,2,3', '--max', '1e9', '--out', target], {
      until: () => temporaries(dir).some((name) => statSync(join(dir, name)).size > 0),
      signal: 'SIGTERM',
      untilMs: 5000,
      timeoutMs: 20_000,
    });
    expect(run.code).toBe(143);
    expect(readFileSync(target, 'utf8')).toBe('the previous results\n');
    expect(temporaries(dir)).toEqual([]);
  });

  it('a signal just as --out is opened: its temporary file is there for the handler to remove, not created after it', async () => {
    const target = fresh('opened.csv');
    const dir = join(target, '..');
    // What the signal handler does on the way out, run right after the call that starts to open the file
    // (a signal handled next). An open left to the thread pool would create the file after this.
    const opening = openOutputFile(target);
    expect(temporaries(dir)).toHaveLength(1);
    discardAll();
    expect(temporaries(dir)).toEqual([]);
    const sink = await opening;
    sink.abort();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('listings that could never finish', () => {
  it('--max 1e400 --format csv is refused with a pointer to --at', async () => {
    expectBadInput(await runMain(['--moves', '1,2,3', '--max', '1e400', '--format', 'csv']), 'huge csv', { pattern: /--max 1e400: a csv listing of 1e400 rows could never be written.*--at 1e400/ });
  });

  it('a table or JSON of the same range is fine: it does not list every heap', async () => {
    const run = await runMain(['--moves', '1,2,3', '--max', '1e400', '--format', 'json']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/"max": 1(0{400}),/);
  });
});
