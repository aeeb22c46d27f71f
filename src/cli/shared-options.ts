/**
 * Options that mean the same in every command, with one definition and one
 * bound each: `sg-explore` and `sg-explore sweep` both take them from here.
 */
import type { Options } from 'yargs';
import { parseSmallCount } from '../core/numbers.js';
import { single } from './common.js';

/** More threads than this is a typo, not a machine (each worker costs ~10 MB and a V8 heap). */
export const MAX_THREADS = 256;

export const THREADS_OPTION: Options = {
  type: 'string',
  describe: `worker threads, 1 to ${MAX_THREADS} (default: the available cores)`,
};

/** --threads N, checked against the one bound; undefined when not given. */
export function parseThreads(value: unknown): number | undefined {
  const text = single(value, 'threads');
  return text === undefined ? undefined : parseSmallCount(text, '--threads', 1, MAX_THREADS);
}

export const PROGRESS_OPTION: Options = {
  type: 'boolean',
  describe: 'progress on stderr: a redrawn line on a terminal, a line a minute otherwise (--no-progress: none)',
};
