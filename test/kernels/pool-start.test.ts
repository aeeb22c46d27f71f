import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { WorkerStartError, startPool } from '../../src/host/pool.js';
import { workerFile } from '../../src/host/worker-path.js';
import { HANG_GUARD_S, ROOT } from '../helpers/cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'sg-pool-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('starting a worker pool', () => {
  it('is done when every worker has loaded and answered, not only the first', async () => {
    // Each worker waits a while before it is loaded, the second longer: the start waits for both.
    const file = join(scratch, 'slow-loads.mjs');
    writeFileSync(file, `import { threadId } from 'node:worker_threads';\nawait new Promise((r) => setTimeout(r, 100 + 200 * (threadId % 2)));\nexport default () => threadId;\n`);
    const answered = new Set<unknown>();
    const pool = await startPool({ file, threads: 2, probe: null, probeAnswerOk: (id) => (answered.add(id), true) });
    try {
      expect(answered.size).toBe(2);
    } finally {
      await pool.destroy();
    }
  });

  it('checks every answer to the probe', async () => {
    await expect(startPool({ file: workerFile('sweep-rule'), threads: 2, probe: { type: 'probe' }, probeAnswerOk: () => false })).rejects.toThrow(/answered the start-up probe wrongly/);
  });

  it('fails, in time, when a second worker never finishes loading', async () => {
    // The first worker to load takes the marker and answers; any later one hangs while loading.
    const file = join(scratch, 'one-loads.mjs');
    const marker = join(scratch, 'first-worker');
    writeFileSync(
      file,
      `import { openSync } from 'node:fs';\n` +
        `try { openSync(${JSON.stringify(marker)}, 'wx'); } catch { await new Promise(() => setInterval(() => {}, 1000)); }\n` +
        `export default () => 'ready';\n`,
    );
    const started = performance.now();
    const start = startPool({ file, threads: 2, probe: null, probeTimeoutMs: 1000 });
    await expect(start).rejects.toThrow(WorkerStartError);
    await expect(start).rejects.toThrow(/one-loads\.mjs did not answer within 1 s of starting/);
    // A hang guard: the start gives up on the silent worker (after its 1 s) instead of waiting for it forever.
    expect(performance.now() - started).toBeLessThan(HANG_GUARD_S * 1000);
  });

  /**
   * How each isolate compiled its hot function, from V8's --trace-opt lines: a pool of
   * `threads` (a function named poolHot), the main thread after it (mainHot), and a
   * worker started after the pool (laterHot).
   */
  function compileModes(threads: number): Record<string, string> {
    const hotLoop = (name: string) => `function ${name}(n) { let s = 0; for (let i = 0; i < n; i++) s = (s + i * i) | 0; return s; }`;
    // Each hot function runs for a time, not a count: on a loaded machine a fixed count could end
    // before V8 decides to optimise it, and its line would be missing.
    const runHot = (name: string) => `{ const end = Date.now() + 300; let t = 0; while (Date.now() < end) for (let i = 0; i < 1000; i++) t += ${name}(100); globalThis.sink = t; }`;
    const poolWorker = join(scratch, 'hot-worker.mjs');
    writeFileSync(poolWorker, `${hotLoop('poolHot')}\nexport default () => { ${runHot('poolHot')} return globalThis.sink; };\n`);
    const pool = pathToFileURL(join(ROOT, 'dist', 'src', 'host', 'pool.js')).href;
    const script = `
      import { Worker } from 'node:worker_threads';
      import { startPool } from ${JSON.stringify(pool)};
      const pool = await startPool({ file: ${JSON.stringify(poolWorker)}, threads: ${threads}, probe: null });
      await pool.run(null);
      ${hotLoop('mainHot')}
      ${runHot('mainHot')}
      const later = new Worker(${JSON.stringify(`${hotLoop('laterHot')} ${runHot('laterHot')}`)}, { eval: true });
      await new Promise((resolve) => later.once('exit', resolve));
      await pool.destroy();`;
    const child = spawnSync(process.execPath, ['--trace-opt', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(child.status, child.stderr).toBe(0);
    const modes: Record<string, string> = {};
    for (const [, name, mode] of child.stdout.matchAll(/compiling method .*?<JSFunction (poolHot|mainHot|laterHot) .*mode: ConcurrencyMode::(\w+)/g)) modes[name!] = mode!;
    return modes;
  }

  it('has its workers compile on their own threads when it takes every core, and only them', () => {
    // With no core left idle, a compile job on a helper thread waits while the worker runs slow code.
    expect(compileModes(availableParallelism())).toEqual({ poolHot: 'kSynchronous', mainHot: 'kConcurrent', laterHot: 'kConcurrent' });
  });

  it.runIf(availableParallelism() > 1)('leaves compiling to helper threads when a core is left idle', () => {
    expect(compileModes(1)).toEqual({ poolHot: 'kConcurrent', mainHot: 'kConcurrent', laterHot: 'kConcurrent' });
  });
});

describe("a pool of many threads and the process's own output", () => {
  it('16 workers (each piped into stdout and stderr by Node) and a write after them: no MaxListenersExceededWarning', () => {
    const poolWorker = join(scratch, 'idle-worker.mjs');
    writeFileSync(poolWorker, 'export default () => 1;\n');
    const pool = pathToFileURL(join(ROOT, 'dist', 'src', 'host', 'pool.js')).href;
    const sink = pathToFileURL(join(ROOT, 'dist', 'src', 'host', 'sink.js')).href;
    const script = `
      import { startPool } from ${JSON.stringify(pool)};
      import { writeTo } from ${JSON.stringify(sink)};
      const pool = await startPool({ file: ${JSON.stringify(poolWorker)}, threads: 16, probe: null });
      await writeTo(process.stderr, 'a progress line\\n');
      await writeTo(process.stdout, 'a row\\n');
      await pool.destroy();`;
    // stdout and stderr are files here, as in a batch job (Node's SyncWriteStream).
    const out = join(scratch, 'many-threads.out');
    const err = join(scratch, 'many-threads.err');
    const child = spawnSync('sh', ['-c', `exec "$0" --input-type=module -e "$1" >"$2" 2>"$3"`, process.execPath, script, out, err], { timeout: 60_000 });
    expect(child.status).toBe(0);
    expect(readFileSync(err, 'utf8')).toBe('a progress line\n');
    expect(readFileSync(out, 'utf8')).toBe('a row\n');
  });
});

