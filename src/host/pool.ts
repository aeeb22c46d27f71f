import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { Piscina } from 'piscina';
import { WorkerStartError, oneLineMessage } from '../core/errors.js';
import { WORKER_ADDRESS_SPACE, addressSpaceLimit, threadsWithinAddressSpace } from './threads.js';

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
  /**
   * Tasks a worker may hold at once (piscina's concurrentTasksPerWorker; 1 by default). More than one puts the next
   * task in the worker's queue while it runs one, so that it starts at once, not when this thread's event loop next
   * hears that the worker is free: a thread busy with its own share of the work hears it only when it awaits.
   */
  readonly tasksPerWorker?: number;
}

const DEFAULT_PROBE_TIMEOUT_MS = 30_000;
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
  const asked = Math.max(1, Math.floor(start.threads));
  // Fewer threads give the same results; a worker that cannot reserve its memory ends the process.
  const threads = threadsWithinAddressSpace(asked);
  if (threads < 1) {
    throw new WorkerStartError(
      `the ${start.role ?? 'worker'} thread could not be started: the address-space limit (ulimit -v, ${Math.round(addressSpaceLimit()! / 2 ** 20)} MiB) ` +
        `leaves no room for one (each takes about ${WORKER_ADDRESS_SPACE / 2 ** 20} MiB); raise the limit`,
    );
  }
  return startingWorkers(threads, () => startAndProbe(start, threads));
}

async function startAndProbe<T, R>(start: PoolStart<T, R>, threads: number): Promise<Piscina<T, R>> {
  const { file, probe } = start;
  const who = `the ${start.role ?? 'worker'} ${file}`;
  const timeoutMs = start.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  let pool: Piscina<T, R>;
  try {
    roomForWorkerPipes(threads);
    pool = new Piscina<T, R>({ filename: file, minThreads: threads, maxThreads: threads, idleTimeout: IDLE_TIMEOUT_MS, concurrentTasksPerWorker: start.tasksPerWorker ?? 1 });
  } catch (error) {
    throw new WorkerStartError(`${who} could not be started: ${oneLineMessage(error)}`);
  }
  let workerError: unknown = null;
  pool.on('error', (error: unknown) => {
    workerError ??= error;
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new WorkerStartError(`${who} did not answer within ${timeoutMs / 1000} s of starting`)), timeoutMs);
    });
    const answers = await Promise.race([Promise.all(Array.from({ length: threads }, () => pool.run(probe))), timeout]);
    if (start.probeAnswerOk && !answers.every(start.probeAnswerOk)) {
      throw new WorkerStartError(`${who} answered the start-up probe wrongly (a stale build? run npm run build)`);
    }
  } catch (error) {
    void pool.destroy().catch(() => {});
    if (error instanceof WorkerStartError) throw error;
    throw new WorkerStartError(`${who} failed to start: ${oneLineMessage(workerError ?? error)}`);
  } finally {
    clearTimeout(timer);
  }
  return pool;
}

/**
 * Node pipes every worker's stdout and stderr into this process's, and each
 * pipe keeps an 'error' listener on ours: with 16 workers, the next listener
 * any write adds (see host/sink.ts) passed the default limit of 10 and Node
 * printed a MaxListenersExceededWarning. The limit is raised to leave room
 * for the pipes, beside the usual ten.
 */
function roomForWorkerPipes(threads: number): void {
  for (const stream of [process.stdout, process.stderr]) {
    const wanted = threads + 10;
    if (stream.getMaxListeners() < wanted) stream.setMaxListeners(wanted);
  }
}

/**
 * Start `threads` worker threads (`start` resolves once every one has
 * loaded) with V8 set as such a pool wants.
 *
 * V8 optimises a hot function on a helper thread while the function goes on
 * running its slow code: that pays when a core is idle. A pool that takes
 * every core leaves none, and each new worker runs its slow code until its
 * compile job gets a core (a short cheap sweep, 34,220 subtraction sets on 2
 * cores, took longer on 2 fresh workers than on 1). So the workers of such a
 * pool compile on their own threads. V8 reads the flag once, when an isolate
 * starts: it is off while the workers start and on again after, for the main
 * thread and every later isolate. (Node started with
 * --no-concurrent-recompilation keeps it off.)
 */
export async function startingWorkers<T>(threads: number, start: () => Promise<T>): Promise<T> {
  const inPlace = threads >= availableParallelism();
  if (inPlace) setConcurrentCompiling(false);
  try {
    return await start();
  } finally {
    if (inPlace) setConcurrentCompiling(true);
  }
}

function setConcurrentCompiling(on: boolean): void {
  if (on && process.execArgv.includes('--no-concurrent-recompilation')) return;
  setFlagsFromString(on ? '--concurrent-recompilation' : '--no-concurrent-recompilation');
}
