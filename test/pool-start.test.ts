import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WorkerStartError, startPool } from '../src/engine/pool.js';
import { workerFile } from '../src/worker-path.js';

const scratch = mkdtempSync(join(tmpdir(), 'sg-pool-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('starting a worker pool', () => {
  it('is done when every worker has loaded, not only the one that took the probe', async () => {
    const pool = await startPool({ file: workerFile('sweep-rule'), threads: 2, probe: { type: 'probe' } });
    try {
      expect(pool.idleThreads).toBe(2);
    } finally {
      await pool.destroy();
    }
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
