import type { Sink } from '../core/sink.js';

/** About how many characters go to the sink at a time. */
const CHUNK_CHARS = 1 << 16;

/**
 * Text for a sink, given as pieces and sent on in chunks: a report of
 * millions of rows (or an answer with millions of heaps) is never one string
 * (V8 caps a string's length, and a spread of the rows into one call
 * overflows the stack), and its memory stays flat.
 */
export class ChunkedText {
  private text = '';
  constructor(private readonly sink: Sink) {}

  /** Add the pieces, writing each chunk as it fills (only then waiting for the sink). */
  async add(pieces: Iterable<string>): Promise<void> {
    for (const piece of pieces) {
      this.text += piece;
      if (this.text.length > CHUNK_CHARS) {
        await this.sink.write(this.text);
        this.text = '';
      }
    }
  }

  /** Write what is left. */
  async end(): Promise<void> {
    await this.sink.write(this.text);
    this.text = '';
  }
}

/** Write the pieces to the sink in chunks. */
export async function writeChunked(sink: Sink, pieces: Iterable<string>): Promise<void> {
  const chunks = new ChunkedText(sink);
  await chunks.add(pieces);
  await chunks.end();
}
