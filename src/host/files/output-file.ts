import { createWriteStream, fchmodSync, fchownSync, lstatSync, readlinkSync, realpathSync, renameSync, statSync, type Stats, type WriteStream } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { InputError, mention, says, type Wording } from '../../core/errors.js';
import { OutputError, writeTo, type Sink } from '../sink.js';
import { describeFsError, isDiskFull } from './fs-errors.js';
import { discard, release, removeStaleTemporaries, temporaryBeside } from './temporary.js';

/**
 * --out FILE, done the way careful Unix tools do it (cp, sort -o, rsync):
 * - absent or a regular file: written to a temporary file beside it, then
 *   renamed over it, so an interrupted or failed run leaves the old file (or
 *   none), never half a file; an existing file keeps its mode (and owner,
 *   where we may set it);
 * - a symbolic link: followed, and its target is what gets replaced;
 * - a FIFO, a character device, a socket, a terminal: streamed into directly
 *   (renaming over them would destroy them);
 * - a read-only file, a directory or a block device: refused before any work.
 */
export type OutputTarget =
  | { readonly kind: 'replace'; readonly path: string; readonly existing: Stats | null }
  | { readonly kind: 'stream'; readonly path: string };

/** Where writing `path` will really go, and how; throws InputError for targets we refuse. */
export function resolveOutputTarget(path: string, flag: Wording = mention('out')): OutputTarget {
  const refuse = (why: string): never => {
    throw new InputError(says`${flag} ${path}: ${why}`, { code: 'bad-file', value: path });
  };
  let target = path;
  let info: Stats | null = lstatOrNull(path, flag);
  if (info?.isSymbolicLink()) {
    try {
      target = realpathSync(path);
    } catch {
      // A dangling link: its target will be created.
      target = resolve(dirname(path), readlinkSync(path));
    }
    info = lstatOrNull(target, flag);
  }
  if (!info) return { kind: 'replace', path: target, existing: null };
  if (info.isDirectory()) return refuse('is a directory; name a file to write');
  if (info.isBlockDevice()) return refuse('is a block device; sg-explore does not write reports onto disks');
  if (info.isFIFO() || info.isCharacterDevice() || info.isSocket()) return { kind: 'stream', path: target };
  if ((info.mode & 0o222) === 0) return refuse('is read-only; sg-explore does not replace it (make it writable, or choose another file)');
  return { kind: 'replace', path: target, existing: info };
}

function lstatOrNull(path: string, flag: Wording): Stats | null {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new InputError(says`${flag} ${path}: cannot use it (${describeFsError(error)})`, { code: 'bad-file', value: path });
  }
}

function openStream(path: string, flags: string, mode?: number): Promise<WriteStream> {
  return new Promise<WriteStream>((resolveOpen, reject) => {
    const stream = createWriteStream(path, { flags, ...(mode !== undefined && { mode }) });
    stream.once('open', () => resolveOpen(stream));
    stream.once('error', reject);
  });
}

/** Open --out FILE for a report; an unwritable target fails here, before any work. */
export async function openOutputFile(path: string, flag: Wording = mention('out')): Promise<Sink> {
  const target = resolveOutputTarget(path, flag);
  return target.kind === 'stream' ? openDirect(path, target.path, flag) : openReplacing(path, target.path, target.existing, flag);
}

async function openDirect(shown: string, path: string, flag: Wording): Promise<Sink> {
  let stream: WriteStream;
  try {
    stream = await openStream(path, 'w');
  } catch (error) {
    throw new InputError(says`${flag} ${shown}: cannot write there (${describeFsError(error)})`, { code: 'bad-file', value: shown });
  }
  let open = true;
  const failed = (error: unknown): never => {
    throw new OutputError(says`${flag} ${shown}: cannot write (${describeFsError(error)})`);
  };
  return {
    isTerminal: false,
    write: (data) => writeTo(stream, data).catch(failed),
    async close() {
      open = false;
      await new Promise<void>((done, reject) => stream.end((error?: Error | null) => (error ? reject(error) : done()))).catch(failed);
    },
    abort() {
      if (open) stream.destroy();
      open = false;
    },
  };
}

async function openReplacing(shown: string, path: string, existing: Stats | null, flag: Wording): Promise<Sink> {
  removeStaleTemporaries(path);
  const temporary = temporaryBeside(path);
  let stream: WriteStream;
  try {
    stream = await openStream(temporary, 'wx', existing ? existing.mode & 0o7777 : undefined);
    if (existing) keepModeAndOwner((stream as unknown as { fd: number }).fd, existing);
  } catch (error) {
    discard(temporary);
    const where = (error as NodeJS.ErrnoException).code === 'EACCES' ? ` (no permission to create files in ${dirname(path)})` : ` (${describeFsError(error)})`;
    throw new InputError(says`${flag} ${shown}: cannot write there${where}`, { code: 'bad-file', value: shown });
  }
  let finished = false;
  const abort = () => {
    if (finished) return;
    finished = true;
    stream.destroy();
    discard(temporary);
  };
  const failed = (error: unknown): never => {
    abort();
    const kept = existing ? `; the existing ${shown} is unchanged` : '';
    throw new OutputError(says`${flag} ${shown}: cannot write it (${describeFsError(error)})${isDiskFull(error) || existing ? kept : ''}`);
  };
  return {
    isTerminal: false,
    write: (data) => (finished ? Promise.reject(new OutputError(says`${flag} ${shown}: already closed`)) : writeTo(stream, data).catch(failed)),
    async close() {
      await new Promise<void>((done, reject) => stream.end((error?: Error | null) => (error ? reject(error) : done()))).catch(failed);
      try {
        // The target may have changed since we looked (made read-only meanwhile): look again.
        if (existing && stillReadOnly(path)) throw new InputError(says`${flag} ${shown}: became read-only while sg-explore ran; the new output was not written`, { code: 'bad-file', value: shown });
        renameSync(temporary, path);
        release(temporary);
      } catch (error) {
        abort();
        if (error instanceof InputError) throw error;
        throw new OutputError(says`${flag} ${shown}: cannot move the finished file into place (${describeFsError(error)})`);
      } finally {
        finished = true;
      }
    },
    abort,
  };
}

function stillReadOnly(path: string): boolean {
  try {
    return (statSync(path).mode & 0o222) === 0;
  } catch {
    return false; // removed meanwhile: nothing to protect
  }
}

/** An existing file keeps its permissions (umask would narrow them) and, where allowed, its owner. */
function keepModeAndOwner(fd: number, existing: Stats): void {
  fchmodSync(fd, existing.mode & 0o7777);
  if (process.getuid?.() === 0 && (existing.uid !== 0 || existing.gid !== 0)) {
    try {
      fchownSync(fd, existing.uid, existing.gid);
    } catch {
      /* not permitted here: the file is ours now */
    }
  }
}
