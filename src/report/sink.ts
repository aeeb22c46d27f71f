import { createWriteStream, unlinkSync, type WriteStream } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { InputError } from '../errors.js';

/**
 * Where a report goes. Writes wait for back-pressure, so a report of 10^8
 * rows streams in bounded memory. A file is written to a temporary name
 * beside the target and renamed into place only when complete: an
 * interrupted or failed run leaves no partial file.
 */
export interface Sink {
  write(text: string): Promise<void>;
  /** Finish: flush and (for a file) move it into place. */
  close(): Promise<void>;
  /** Give up: remove any temporary file. Safe to call more than once. */
  abort(): void;
  readonly isTerminal: boolean;
}

/** Raised when the reader went away (`| head`): stop quietly. */
export class ClosedPipe extends Error {}

function writeTo(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    stream.once('error', onError);
    const ok = stream.write(text, (error) => {
      if (error) reject(error);
    });
    const done = () => {
      stream.off('error', onError);
      resolve();
    };
    if (ok) done();
    else stream.once('drain', done);
  });
}

export function stdoutSink(): Sink {
  const out = process.stdout;
  const translate = (error: unknown): never => {
    if ((error as NodeJS.ErrnoException)?.code === 'EPIPE') throw new ClosedPipe('stdout closed');
    throw error;
  };
  return {
    isTerminal: Boolean(out.isTTY),
    write: (text) => writeTo(out, text).catch(translate),
    close: async () => {},
    abort: () => {},
  };
}

const openFiles = new Set<() => void>();
/** Remove every unfinished temporary file (on a signal or a crash). */
export function abortOpenFiles(): void {
  for (const abort of [...openFiles]) abort();
}

export async function fileSink(path: string): Promise<Sink> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now().toString(36)}.tmp`);
  let stream: WriteStream;
  try {
    stream = await new Promise<WriteStream>((resolve, reject) => {
      const s = createWriteStream(temporary, { flags: 'wx' });
      s.once('open', () => resolve(s));
      s.once('error', reject);
    });
  } catch (error) {
    throw new InputError(`--out ${path}: cannot write there (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  let finished = false;
  const abort = () => {
    if (finished) return;
    finished = true;
    openFiles.delete(abort);
    stream.destroy();
    // Synchronous on purpose: this also runs from signal handlers just before exit.
    unlinkQuietly(temporary);
  };
  openFiles.add(abort);
  return {
    isTerminal: false,
    write: (text) => writeTo(stream, text),
    async close() {
      await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
      try {
        await rename(temporary, path);
      } catch (error) {
        await unlink(temporary).catch(() => {});
        throw new InputError(`--out ${path}: cannot move the finished file into place (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
      } finally {
        finished = true;
        openFiles.delete(abort);
      }
    },
    abort,
  };
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    /* nothing to remove */
  }
}
