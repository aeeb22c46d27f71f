import { Piscina } from 'piscina';
import { workerFile } from '../worker-path.js';

const PROBE_TIMEOUT_MS = 30_000;

/**
 * A piscina pool over one compiled worker entry (dist/workers/<name>.js).
 * Before any real work it runs `probe` once with a time limit: a worker that
 * fails to load would otherwise reject only its first task and leave later
 * ones unsettled (piscina 5.3), so this turns that into one clear error.
 */
export async function openPool(name: string, threads: number, probe: unknown): Promise<Piscina> {
  const pool = new Piscina({ filename: workerFile(name), minThreads: threads, maxThreads: threads, idleTimeout: 60_000 });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      pool.run(probe),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`worker '${name}' did not answer within ${PROBE_TIMEOUT_MS / 1000} s`)), PROBE_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    await pool.destroy();
    throw new Error(`worker pool '${name}' failed to start: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
  }
  return pool;
}
