import { describeFsError, isDiskFull } from './files/fs-errors.js';
import { wordsOf, wordsText, type Wording, type Words } from '../core/errors.js';

/** A stream a report is written to: standard output, or a file's (a terminal says its width). */
export interface OutputStream extends NodeJS.WritableStream {
  readonly isTTY?: boolean;
  readonly columns?: number;
}

export type { Sink } from '../core/sink.js';
import type { Sink } from '../core/sink.js';

/** Raised when the reader went away (`| head`): stop quietly. */
export class ClosedPipe extends Error {}

/** The output could not be written (a full disk, ...): not the user's input, exit 1. */
export class OutputError extends Error {
  override readonly name = 'OutputError';
  /** The message as words, the fields it names (`out`, `checkpoint`) kept apart for a front end to name its own way. */
  readonly words: Words;

  constructor(message: Wording) {
    const words = wordsOf(message);
    super(wordsText(words));
    this.words = words;
  }
}

/** Write, wait for 'drain' when the stream asks, then yield one turn of the event loop. */
export function writeTo(stream: NodeJS.WritableStream, data: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const onError = (error: Error) => {
      failed = true;
      reject(error);
    };
    stream.once('error', onError);
    const ok = stream.write(data, (error) => {
      if (error && !failed) onError(error);
    });
    const done = () => {
      stream.off('error', onError);
      if (!failed) setImmediate(resolve);
    };
    if (ok) done();
    else stream.once('drain', done);
  });
}

/** Standard output (or any stream the CLI was given). */
export function streamSink(stream: OutputStream, what = 'standard output'): Sink {
  const translate = (error: unknown): never => {
    if ((error as NodeJS.ErrnoException)?.code === 'EPIPE') throw new ClosedPipe(`${what} closed`);
    if (isDiskFull(error) || (error as NodeJS.ErrnoException)?.code) throw new OutputError(`cannot write ${what}: ${describeFsError(error)}`);
    throw error;
  };
  return {
    isTerminal: Boolean(stream.isTTY),
    columns: stream.isTTY ? stream.columns : undefined,
    write: (data) => writeTo(stream, data).catch(translate),
    close: async () => {},
    abort: () => {},
  };
}
