import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { WorkerStartError } from '../core/errors.js';
import { v8 } from './builtins.js';

/** Worker threads to use when none are asked for: one per available core. */
export function defaultThreads(): number {
  return availableParallelism();
}

/**
 * Address space one worker thread reserves when it starts (V8's code range
 * and heap reservations: measured 590 MiB a worker, 780 MiB the first, on
 * Node 20, x64), with room for its own work.
 */
export const WORKER_ADDRESS_SPACE = 800 * 2 ** 20;
/** Address space left to the main thread's own growth. */
const MAIN_THREAD_RESERVE = 64 * 2 ** 20;

/**
 * How many of `threads` worker threads fit under the process's address-space
 * limit (`ulimit -v`): V8 ends the whole process, with no way to catch it, when a
 * new worker cannot reserve its code range. Without a limit (or where
 * /proc cannot be read) all of them.
 */
export function threadsWithinAddressSpace(threads: number): number {
  const limit = addressSpaceLimit();
  if (limit === null) return threads;
  const room = limit - currentAddressSpace() - MAIN_THREAD_RESERVE;
  return Math.max(0, Math.min(threads, Math.floor(room / WORKER_ADDRESS_SPACE)));
}

/** The soft limit on the address space, in bytes; null when there is none or it cannot be read. */
export function addressSpaceLimit(): number | null {
  try {
    const line = /^Max address space\s+(\S+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return line && /^\d+$/.test(line[1]!) ? Number(line[1]) : null;
  } catch {
    return null;
  }
}

/** The address space the process holds now (VmSize), in bytes. */
function currentAddressSpace(): number {
  try {
    const size = /^VmSize:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return size ? Number(size[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * How many of `asked` worker threads the address space holds: fewer give the same results (a worker that cannot
 * reserve its memory would end the process); a WorkerStartError where not one fits.
 */
export function threadsThatFit(asked: number, role: string): number {
  const threads = threadsWithinAddressSpace(Math.max(1, Math.floor(asked)));
  if (threads < 1) {
    throw new WorkerStartError(
      `the ${role} thread could not be started: the address-space limit (ulimit -v, ${Math.round(addressSpaceLimit()! / 2 ** 20)} MiB) ` +
        `leaves no room for one (each takes about ${WORKER_ADDRESS_SPACE / 2 ** 20} MiB); raise the limit`,
    );
  }
  return threads;
}

/**
 * Node pipes every worker's stdout and stderr into this process's, and each
 * pipe keeps an 'error' listener on ours: with 16 workers, the next listener
 * any write adds (see host/sink.ts) passed the default limit of 10 and Node
 * printed a MaxListenersExceededWarning. The limit is raised to leave room
 * for the pipes of every worker this process has started (pools and rings
 * together: a run with shared blocks and heaps computed ahead has two rings),
 * beside the usual ten. Never lowered: a limit only ever too high silences a
 * warning, one too low prints a false one.
 */
let workersStarted = 0;

export function roomForWorkerPipes(threads: number): void {
  workersStarted += threads;
  for (const stream of [process.stdout, process.stderr]) {
    const wanted = workersStarted + 10;
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
  v8().setFlagsFromString(on ? '--concurrent-recompilation' : '--no-concurrent-recompilation');
}

/** How long workers may take to start, by default, before they count as failed to. */
export const START_TIMEOUT_MS = 30_000;

/** `starting`, or a WorkerStartError naming `who` once `ms` have passed without it settling. */
export async function startedWithin<T>(starting: Promise<T>, who: string, ms = START_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WorkerStartError(`${who} did not answer within ${ms / 1000} s of starting`)), ms);
  });
  try {
    return await Promise.race([starting, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
