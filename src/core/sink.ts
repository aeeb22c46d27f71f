/**
 * Where a report goes: standard output, or a file (see src/host/files/output-file.ts; the web app keeps it in memory).
 * Every write waits for the stream, and also lets the event loop run: Node
 * writes to files, pipes and terminals synchronously on Linux, so a loop of
 * writes that never yields piles up write callbacks (memory grows with the
 * output) and never hears a signal. With both, a report of 10^9 rows streams
 * in flat memory and stops at Ctrl-C.
 */
export interface Sink {
  write(text: string | Uint8Array): Promise<void>;
  /** Finish: flush and (for a file written atomically) move it into place. */
  close(): Promise<void>;
  /** Give up: remove any temporary file. Safe to call more than once. */
  abort(): void;
  readonly isTerminal: boolean;
  /** Columns of the terminal, when it is one. */
  readonly columns?: number;
}
