import { availableParallelism } from 'node:os';

/** Worker threads to use when none are asked for: one per available core. */
export function defaultThreads(): number {
  return availableParallelism();
}
