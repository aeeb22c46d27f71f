import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerRing } from '../../src/host/worker-ring.js';
import { WorkerStartError } from '../../src/core/errors.js';
import { int, mulberry32 } from '../helpers/random.js';
import { scratchDirectories } from '../helpers/scratch.js';

/**
 * WorkerRing: tasks through shared memory to worker threads (src/host/worker-ring.ts). Every task is done once, by
 * one worker, with the buffers it names; a failing task fails alone; a worker that dies or will not start fails what
 * waits, with its reason; a closed or idle ring holds no process open. The worker is test/fixtures/workers/ring-worker.mjs,
 * on the compiled ring (dist/, built by the global setup).
 */

const WORKER = fileURLToPath(new URL('../fixtures/workers/ring-worker.mjs', import.meta.url));
const FIELDS = 5;
const rings: WorkerRing[] = [];

async function started(threads: number, data: object = {}, spinMs?: number): Promise<WorkerRing> {
  const ring = await WorkerRing.start({ file: WORKER, threads, fields: FIELDS, data, role: 'test worker', startTimeoutMs: 20_000, ...(spinMs !== undefined && { spinMs }) });
  rings.push(ring);
  return ring;
}

afterEach(async () => {
  await Promise.all(rings.splice(0).map((ring) => ring.close()));
});

describe('tasks through the ring', () => {
  it.each([1, 3])('%i worker(s): 2,000 random tasks (many more than the ring holds) each write their range once, with the buffer they name', async (threads) => {
    const ring = await started(threads);
    const random = mulberry32(0x5150 + threads);
    const buffers = [1, 2, 3].map((id) => ({ id, array: new Int32Array(new SharedArrayBuffer(4 * 4096)).fill(-1) }));
    for (const { id, array } of buffers) ring.shareBuffer(id, array.buffer as SharedArrayBuffer);
    const tasks: Promise<unknown>[] = [];
    const want = buffers.map(() => new Int32Array(4096).fill(-1));
    const workers = new Set<number>();
    for (let t = 0; t < 2000; t++) {
      const b = int(random, 0, 2);
      // Disjoint ranges: task t writes [2t, 2t + 2) of one buffer, shifted by a random value.
      const from = 2 * (t % 2048);
      const value = int(random, -1000, 1000);
      if (t >= 2048) continue;
      for (let i = from; i < from + 2; i++) want[b]![i] = value + i;
      tasks.push(ring.post([0, buffers[b]!.id, from, from + 2, value]).then((done) => workers.add(done.worker)));
      // Now and then this thread waits, so that the backlog empties and fills again.
      if (t % 97 === 0) await Promise.all(tasks);
    }
    await Promise.all(tasks);
    for (let b = 0; b < buffers.length; b++) expect(Array.from(buffers[b]!.array), `buffer ${b + 1}`).toEqual(Array.from(want[b]!));
    expect(Math.max(...workers)).toBeLessThan(threads);
    expect(ring.issued).toBe(2000);
  });

  it('a buffer that replaces another: tasks name the new one, and the old one is no longer given', async () => {
    const ring = await started(1);
    const first = new Int32Array(new SharedArrayBuffer(64));
    const second = new Int32Array(new SharedArrayBuffer(64));
    ring.shareBuffer(1, first.buffer as SharedArrayBuffer);
    await ring.post([0, 1, 0, 4, 10]);
    ring.shareBuffer(2, second.buffer as SharedArrayBuffer, 1);
    await ring.post([0, 2, 0, 4, 20]);
    expect(Array.from(first.subarray(0, 4))).toEqual([10, 11, 12, 13]);
    expect(Array.from(second.subarray(0, 4))).toEqual([20, 21, 22, 23]);
    await expect(ring.post([0, 1, 0, 4, 30])).rejects.toThrow('the test worker thread failed: a task names buffer 1, which this worker was never given');
    await expect(ring.post([0, 7, 0, 4, 30])).rejects.toThrow('a task names buffer 7, which this worker was never given');
  });

  it('waitHere settles a task that is done without a turn of the event loop; without it, a microtask is not enough', async () => {
    // Spinning allowed whatever the machine's load (by default a busy machine's ring sleeps instead: see spinMs).
    const ring = await started(1, {}, 2);
    const out = new Int32Array(new SharedArrayBuffer(64));
    ring.shareBuffer(1, out.buffer as SharedArrayBuffer);
    await ring.post([0, 1, 0, 1, 0]); // the worker is up and warm
    for (const hurry of [true, false]) {
      let settled = false;
      const task = ring.post([3, 1, 0, 1, 5]).then(() => (settled = true));
      if (hurry) ring.waitHere(ring.issued, 10_000);
      else {
        const until = performance.now() + 50;
        while (performance.now() < until); // the worker is done by now, but this thread has not heard
      }
      await null;
      await null;
      expect(settled, hurry ? 'after waitHere' : 'without waitHere').toBe(hurry);
      await task;
    }
  });
});

describe('failures', () => {
  it('a task that throws fails alone, with its message; the worker goes on', async () => {
    const ring = await started(2);
    const out = new Int32Array(new SharedArrayBuffer(64));
    ring.shareBuffer(1, out.buffer as SharedArrayBuffer);
    const results = await Promise.allSettled([ring.post([0, 1, 0, 2, 5]), ring.post([1, 1, 42, 0, 0]), ring.post([0, 1, 2, 4, 5])]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toContain('the test worker thread failed: task asked to fail at 42');
    expect(Array.from(out.subarray(0, 4))).toEqual([5, 6, 7, 8]);
  });

  it('a worker that ends: what waits fails naming its exit code, and so does every later task', async () => {
    const ring = await started(1);
    await expect(ring.post([2, 0, 0, 0, 0])).rejects.toThrow('the test worker thread stopped (exit code 7)');
    await expect(ring.post([0, 0, 0, 0, 0])).rejects.toThrow('the test worker thread stopped (exit code 7)');
  });

  it('a worker that throws as it loads: a WorkerStartError with its message', async () => {
    const start = WorkerRing.start({ file: WORKER, threads: 2, fields: FIELDS, data: { fail: 'load' }, role: 'test worker' });
    await expect(start).rejects.toBeInstanceOf(WorkerStartError);
    await expect(start).rejects.toThrow(/the test worker .*ring-worker\.mjs failed to start: this worker refuses to load/);
  });

  it('close: tasks still waiting fail, later ones too', async () => {
    const ring = await started(1);
    const out = new Int32Array(new SharedArrayBuffer(64));
    ring.shareBuffer(1, out.buffer as SharedArrayBuffer);
    const slowFails = expect(ring.post([3, 1, 0, 1, 2000])).rejects.toThrow('the test worker threads were closed');
    await ring.close();
    await slowFails;
    await expect(ring.post([0, 1, 0, 1, 0])).rejects.toThrow('the test worker threads were closed');
  });
});

/** Scripts of their own, in files (not -e: the workers would take --input-type from this process). */
const scratch = scratchDirectories('ring');
const dist = (path: string) => JSON.stringify(new URL(`../../dist/src/host/${path}`, import.meta.url).href);

/** A script `name`.mjs in a fresh directory, with WorkerRing imported and `start(threads)` starting a ring of the test worker. */
function ringScript(name: string, body: string): string {
  const file = join(scratch.fresh(name), `${name}.mjs`);
  const start = `(threads) => WorkerRing.start({ file: ${JSON.stringify(WORKER)}, threads, fields: ${FIELDS}, data: {}, role: 'test worker' })`;
  writeFileSync(file, `const { WorkerRing } = await import(${dist('worker-ring.js')});\nconst start = ${start};\n${body}`);
  return file;
}

describe('rings and pools of many threads in one process', () => {
  it('two rings of 16 workers and a pool of 16, then writes: no MaxListenersExceededWarning', () => {
    const file = ringScript(
      'many',
      `
      const { startPool } = await import(${dist('pool.js')});
      const { writeTo } = await import(${dist('sink.js')});
      const rings = [await start(16), await start(16)];
      const pool = await startPool({ file: new URL('./idle-worker.mjs', import.meta.url).pathname, threads: 16, probe: null });
      await writeTo(process.stderr, 'a progress line\\n');
      await writeTo(process.stdout, 'a row\\n');
      await Promise.all([...rings.map((ring) => ring.close()), pool.destroy()]);`,
    );
    const dir = dirname(file);
    writeFileSync(join(dir, 'idle-worker.mjs'), 'export default () => 1;\n');
    // stdout and stderr are files here, as in a batch job (Node's SyncWriteStream).
    const out = join(dir, 'many.out');
    const err = join(dir, 'many.err');
    const child = spawnSync('sh', ['-c', 'exec "$0" "$1" >"$2" 2>"$3"', process.execPath, file, out, err], { timeout: 60_000 });
    expect(readFileSync(err, 'utf8')).toBe('a progress line\n');
    expect(readFileSync(out, 'utf8')).toBe('a row\n');
    expect(child.status).toBe(0);
  });
});

describe('close holds the process open until every worker has exited', () => {
  it('a script that starts and closes a ring of 2 workers 20 times, with nothing else to do, reaches its end', () => {
    // Before: the first worker to exit made fail() let go of the others, and the process, with nothing else holding
    // it, ended inside close (a top-level await unsettled: exit code 13), in about 2 runs of 8.
    const file = ringScript(
      'close',
      `
      for (let i = 0; i < 20; i++) await (await start(2)).close();
      console.log('closed 20 times');`,
    );
    const child = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 60_000 });
    expect(child.stdout.trim()).toBe('closed 20 times');
    expect(child.status).toBe(0);
  });
});

describe('an idle ring holds no process open', () => {
  it('a script that starts a ring, uses it and never closes it ends by itself', () => {
    const file = ringScript(
      'idle',
      `
      const r = await start(2);
      const out = new Int32Array(new SharedArrayBuffer(16));
      r.shareBuffer(1, out.buffer);
      await r.post([0, 1, 0, 4, 1]);
      console.log(Array.from(out).join(','));`,
    );
    const child = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 30_000 });
    expect(child.error, 'the child did not end within 30 s').toBeUndefined();
    expect(child.stderr).toBe('');
    expect(child.stdout.trim()).toBe('1,2,3,4');
    expect(child.status).toBe(0);
  });
});
