import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

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
