import { Piscina } from 'piscina';
import { WorkerStartError, oneLineMessage } from '../core/errors.js';
import { roomForWorkerPipes, startedWithin, startingWorkers, threadsThatFit } from './threads.js';

// Defined with the other errors, so that the public types need not name piscina's.
export { WorkerStartError };

export interface PoolStart<T, R> {
  /** The compiled worker entry (a path; piscina 5.3 takes no URL objects). */
  readonly file: string;
  readonly threads: number;
  /** A cheap task every worker can answer at once, and a check of its answer. */
  readonly probe: T;
  readonly probeAnswerOk?: (answer: R) => boolean;
  readonly probeTimeoutMs?: number;
  /** What to call the worker in messages ("the sweep worker ..."). */
  readonly role?: string;
}

/** Keep idle threads alive between tasks (piscina's default, 0, ends them at once). */
const IDLE_TIMEOUT_MS = 60_000;

/**
 * A piscina pool, checked before any real work: a probe task per thread,
 * with a time limit. A worker file that fails to load would otherwise reject
 * only its first task and leave later ones unsettled (piscina 5.3); its 'error' event,
 * unheard, would end the process with a stack trace. Both become one
 * WorkerStartError with a plain message.
 *
 * The pool counts as started once every worker has loaded its file: one probe
 * per thread, sent together, so piscina hands each to a different idle worker
 * (it counts the first workers as ready before they have loaded anything).
 * Work handed out next then runs on all threads from its first task.
 */
export async function startPool<T, R>(start: PoolStart<T, R>): Promise<Piscina<T, R>> {
  const threads = threadsThatFit(start.threads, start.role ?? 'worker');
  return startingWorkers(threads, () => startAndProbe(start, threads));
}

async function startAndProbe<T, R>(start: PoolStart<T, R>, threads: number): Promise<Piscina<T, R>> {
  const { file, probe } = start;
  const who = `the ${start.role ?? 'worker'} ${file}`;
  let pool: Piscina<T, R>;
  try {
    roomForWorkerPipes(threads);
    pool = new Piscina<T, R>({ filename: file, minThreads: threads, maxThreads: threads, idleTimeout: IDLE_TIMEOUT_MS });
  } catch (error) {
    throw new WorkerStartError(`${who} could not be started: ${oneLineMessage(error)}`);
  }
  let workerError: unknown = null;
  pool.on('error', (error: unknown) => {
    workerError ??= error;
  });
  try {
    const answers = await startedWithin(Promise.all(Array.from({ length: threads }, () => pool.run(probe))), who, start.probeTimeoutMs);
    if (start.probeAnswerOk && !answers.every(start.probeAnswerOk)) {
      throw new WorkerStartError(`${who} answered the start-up probe wrongly (a stale build? run npm run build)`);
    }
  } catch (error) {
    void pool.destroy().catch(() => {});
    if (error instanceof WorkerStartError) throw error;
    throw new WorkerStartError(`${who} failed to start: ${oneLineMessage(workerError ?? error)}`);
  }
  return pool;
}
