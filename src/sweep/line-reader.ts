/**
 * The lines of a file (or of a stretch of it), read a buffer at a time, so
 * that a results file of any size is read in bounded memory: only the line
 * at hand is ever a string (a whole 757 MB file is more than V8 allows one).
 */
import type { FileHandle } from 'node:fs/promises';

export interface Line {
  /** Without its '\n' (a '\r' before it is kept: CSV lines end in "\r\n"). */
  readonly text: string;
  /** 1-based line number in the file. */
  readonly number: number;
  /** Byte offset where the line starts, and just after its '\n'. */
  readonly start: number;
  readonly end: number;
}

/** No results row comes near this; a longer "line" is some other file, and is not taken into memory. */
export const MAX_LINE_BYTES = 16 << 20;

export class LineTooLong extends Error {
  constructor(readonly lineNumber: number) {
    super(`line ${lineNumber} is longer than ${MAX_LINE_BYTES >> 20} MiB`);
  }
}

export class LineReader {
  private buffer: Buffer;
  /** Bytes of `buffer` in use, and where the next line starts in it. */
  private length = 0;
  private cursor = 0;
  /** File offset of buffer[0]. */
  private base: number;
  private upcoming: number;
  private atEnd = false;

  constructor(
    private readonly handle: FileHandle,
    /** The stretch to read: from `start` (a line's start) up to `end` (a line's end, or Infinity for the end of the file). */
    start = 0,
    private readonly end = Infinity,
    firstLine = 1,
    bufferSize = 1 << 20,
  ) {
    this.buffer = Buffer.allocUnsafe(bufferSize);
    this.base = start;
    this.upcoming = firstLine;
  }

  /** The number the next line will have. */
  get lineNumber(): number {
    return this.upcoming;
  }

  /** What follows the last '\n' at the end of the stretch (a line cut short; at most a line), once take() gave null. */
  trailingText(): string {
    return this.buffer.toString('utf8', this.cursor, this.length);
  }

  /** The next line if it is in the buffer already (undefined: call fill()), or null at the end: no promise per line. */
  take(): Line | null | undefined {
    const newline = this.buffer.indexOf(10, this.cursor);
    if (newline < 0 || newline >= this.length) return this.atEnd ? null : undefined;
    const start = this.cursor;
    this.cursor = newline + 1;
    return { text: this.buffer.toString('utf8', start, newline), number: this.upcoming++, start: this.base + start, end: this.base + newline + 1 };
  }

  /** Read more of the file into the buffer (growing it when one line is longer than the buffer). */
  async fill(): Promise<void> {
    if (this.atEnd) return;
    if (this.cursor > 0) {
      this.buffer.copy(this.buffer, 0, this.cursor, this.length);
      this.base += this.cursor;
      this.length -= this.cursor;
      this.cursor = 0;
    }
    if (this.length === this.buffer.length) {
      if (this.length >= MAX_LINE_BYTES) throw new LineTooLong(this.upcoming);
      const bigger = Buffer.allocUnsafe(this.buffer.length * 2);
      this.buffer.copy(bigger, 0, 0, this.length);
      this.buffer = bigger;
    }
    const position = this.base + this.length;
    const room = Math.min(this.buffer.length - this.length, this.end - position);
    const { bytesRead } = room > 0 ? await this.handle.read(this.buffer, this.length, room, position) : { bytesRead: 0 };
    this.length += bytesRead;
    if (bytesRead === 0) this.atEnd = true;
  }
}
