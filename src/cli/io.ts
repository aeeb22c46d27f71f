/**
 * The streams and environment a CLI run talks to. The binary passes the
 * process's own; tests pass in-memory streams, so bad-input cases run
 * in-process (fast) with output captured, and real processes are kept for
 * signals, pipes and exit codes.
 */
import { fstatSync, readFileSync } from 'node:fs';
import type { OutputStream } from '../host/sink.js';

export type { OutputStream };

export interface CliIo {
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  readonly stdin: NodeJS.ReadableStream;
  readonly env: NodeJS.ProcessEnv;
  /**
   * Standard input read whole at once, when it is a regular file of at most
   * `limit` bytes (`< heaps.txt`), else null: a file's read never waits, and
   * skips the stream (some 50 ms of a short run). Absent: always the stream.
   */
  readonly stdinFile?: (limit: number) => Uint8Array | null;
}

export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    // Read only when a command reads stdin: making the stream loads Node's stream, net and fs/promises modules.
    get stdin() {
      return process.stdin;
    },
    env: process.env,
    stdinFile(limit) {
      try {
        const stat = fstatSync(0);
        return stat.isFile() && stat.size <= limit ? readFileSync(0) : null;
      } catch {
        return null; // no standard input, or one that is no file: the stream says what it is
      }
    },
  };
}

/** Columns to lay text out in: the terminal's width, or 80 when it is not a terminal (and at most 160). */
export function columnsOf(stream: OutputStream): number {
  return Math.max(40, Math.min(stream.isTTY ? stream.columns ?? 80 : 80, 160));
}
