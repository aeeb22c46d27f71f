import { constants, type Stats } from 'node:fs';
import { fsPromises } from '../builtins.js';

/**
 * An input file (a rule file, a graph's edge list), read whole but never past
 * a limit: opened without blocking (a FIFO with no writer would hold a thread,
 * and with it the process's exit, for ever), refused unless it is a regular
 * file (a pipe or a device is no file to read twice, or to the end: /dev/zero
 * has none), and read in bounded chunks, so a file that grows while it is read
 * stops at the limit too. Errors are Node's, or one whose message says what the file is:
 * describeFsError words either.
 */

/** Bytes read at a time: each read is a turn of the event loop, where a signal is heard. */
const CHUNK_BYTES = 1 << 20;

/** What a file that is not a regular file is, in words (null for a regular file). */
export function notRegular(info: Stats): string | null {
  if (info.isFile()) return null;
  if (info.isDirectory()) return 'it is a directory';
  const what = info.isFIFO() ? 'a FIFO' : info.isCharacterDevice() ? 'a character device' : info.isBlockDevice() ? 'a block device' : info.isSocket() ? 'a socket' : 'no file';
  return `it is ${what}, not a regular file`;
}

/** Refuse a file that is not a regular file (by its stat: this never opens it, so never waits on a FIFO). */
export async function checkRegularFile(path: string): Promise<void> {
  const why = notRegular(await fsPromises().stat(path));
  if (why) throw new Error(why);
}

/** The bytes of `path`, at most `limit + 1` of them: more than `limit` says the file is too large. */
export async function readInputFile(path: string, limit: number): Promise<Buffer> {
  const handle = await fsPromises().open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const why = notRegular(await handle.stat());
    if (why) throw new Error(why);
    const chunks: Buffer[] = [];
    for (let total = 0; total <= limit; ) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, limit + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
    }
    return Buffer.concat(chunks);
  } finally {
    await handle.close();
  }
}
