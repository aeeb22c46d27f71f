import { discardAll } from '../host/files/temporary.js';

/**
 * Ctrl-C, SIGTERM and SIGHUP. A computation that can stop cleanly registers
 * an AbortController: the first signal aborts it (it then saves its
 * checkpoint and the CLI exits); without one, or on a second signal, the
 * process exits at once. Either way, what the screen and the disk must not
 * keep is undone first: the progress line, and any half-written temporary file.
 * A first signal with no computation to abort (say, while the report is
 * written) still says in one line what stopped the program.
 */
let running: AbortController | null = null;
const cleanups = new Set<() => void>();
let stopNote: () => string = () => '';

/** What "stopped by SIGNAL" should add when a signal ends the program outside a computation (where its work is kept). */
export function noteForStop(note: () => string): void {
  stopNote = note;
}

export const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
export type StopSignal = keyof typeof SIGNAL_EXIT_CODES;

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

/** Something to undo when a signal ends the process (returns the way to unregister it). */
export function onInterrupt(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

function cleanUp(): void {
  for (const cleanup of [...cleanups]) {
    try {
      cleanup();
    } catch {
      /* on the way out: keep going */
    }
  }
  discardAll();
}

/**
 * What goes before a signal's message on a terminal: the start of the line,
 * erased, so that the ^C the terminal echoed (or a half-drawn line) does not
 * share the message's line. Nothing elsewhere (a log file keeps its bytes).
 */
export function freshLine(stream: { readonly isTTY?: boolean }): string {
  return stream.isTTY ? '\r\u001b[K' : '';
}

export function installSignalHandlers(): void {
  for (const signal of Object.keys(SIGNAL_EXIT_CODES) as StopSignal[]) {
    process.on(signal, () => {
      if (running && !running.signal.aborted) {
        running.abort(signal);
        return;
      }
      const firstSignal = running === null;
      cleanUp();
      if (firstSignal) process.stderr.write(`${freshLine(process.stderr)}sg-explore: stopped by ${signal}${stopNote()}\n`);
      process.exit(SIGNAL_EXIT_CODES[signal]);
    });
  }
  // Any other way out (an error, process.exit) leaves no temporary file either.
  process.on('exit', cleanUp);
}
