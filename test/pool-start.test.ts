import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WorkerStartError, startPool } from '../src/engine/pool.js';
import { workerFile } from '../src/worker-path.js';

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
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
