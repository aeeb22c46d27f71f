import { abortOpenFiles } from '../report/sink.js';

/**
 * Ctrl-C and SIGTERM. A computation that can stop cleanly registers an
 * AbortController: the first signal aborts it (it then saves its checkpoint
 * and the CLI exits); without one, or on a second signal, the process exits
 * at once, removing any half-written output file first.
 */
let running: AbortController | null = null;

export const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;

/** Raised when a signal stopped the work; the CLI exits with `exitCode`. */
export class Interrupted extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** Run `work` so that the first signal aborts it (instead of exiting); afterwards signals exit again. */
export async function interruptible<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  running = controller;
  try {
    return await work(controller.signal);
  } finally {
    if (running === controller) running = null;
  }
}

export function installSignalHandlers(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (running && !running.signal.aborted) {
        running.abort(signal);
        return;
      }
      abortOpenFiles();
      process.exit(SIGNAL_EXIT_CODES[signal]);
    });
  }
}
