import { accessSync, constants, createWriteStream, openSync, fchmodSync, fchownSync, lstatSync, readlinkSync, realpathSync, renameSync, statSync, type Stats, type WriteStream } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { InputError, mention, says, type Wording } from '../../core/errors.js';
import { OutputError, writeTo, type Sink } from '../sink.js';
import { net } from '../builtins.js';
import { describeFsError, errorCode, isDiskFull } from './fs-errors.js';
import { discard, release, removeStaleTemporaries, temporaryBeside } from './temporary.js';

/**
 * --out FILE, done the way careful Unix tools do it (cp, sort -o, rsync):
 * - absent or a regular file: written to a temporary file beside it, then
 *   renamed over it, so an interrupted or failed run leaves the old file (or
 *   none), never half a file; an existing file keeps its mode (and owner,
 *   where we may set it);
 * - a symbolic link: followed, and its target is what gets replaced (a
 *   loop of links is refused);
 * - a FIFO, a character device, a terminal, a descriptor's name
 *   (/dev/stdout): streamed into directly (renaming over them would destroy
 *   them; a FIFO is opened without blocking, so a signal still ends a wait for
 *   its reader);
 * - a file this user may not write, a directory, a socket or a block device:
 *   refused before any work.
 */
export type OutputTarget =
  | { readonly kind: 'replace'; readonly path: string; readonly existing: Stats | null }
  | { readonly kind: 'stream'; readonly path: string; readonly info: Stats };

/** Links followed, at most, when finding where a new file would be made (the kernel's own limit is 40). */
const MAX_LINKS = 40;

/** Where writing `path` will really go, and how; throws InputError for targets we refuse. */
export function resolveOutputTarget(path: string, flag: Wording = mention('out')): OutputTarget {
  const refuse = (why: string): never => {
    throw new InputError(says`${flag} ${path}: ${why}`, { code: 'bad-file', value: path });
  };
  if (path.trim() === '') return refuse('needs a file name');
  // stat follows every link (a loop is ELOOP), also /dev/stdout's to a pipe that has no name to resolve.
  const info = infoOrNull(path, flag);
  if (!info) return { kind: 'replace', path: whereCreated(path, flag), existing: null };
  if (info.isDirectory()) return refuse('is a directory; name a file to write');
  if (info.isBlockDevice()) return refuse('is a block device; sg-explore does not write reports onto disks');
  if (info.isSocket()) return refuse('is a socket; sg-explore writes files, pipes and devices');
  // A descriptor's name (/dev/stdout, /dev/fd/N): the file the shell opened is written where it is, not replaced beside it.
  if (!info.isFile() || isDescriptorName(path)) return { kind: 'stream', path, info };
  if (!writable(path, info)) return refuse('is read-only for this user; sg-explore does not replace it (make it writable, or choose another file)');
  return { kind: 'replace', path: realpathSync(path), existing: info };
}

function isDescriptorName(path: string): boolean {
  return /^\/(dev\/(stdout|stderr|fd\/)|proc\/)/.test(resolve(path));
}

/** Whether this process may write `path`, as cp asks before replacing a file (root may write anything but a file without write bits). */
function writable(path: string, info: Stats): boolean {
  if ((info.mode & 0o222) === 0) return false;
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Where a file that is not there yet will be made: `path`, or the end of a chain of links that leads nowhere. */
export function whereCreated(path: string, flag: Wording): string {
  let target = path;
  for (let hops = 0; ; hops++) {
    const info = infoOrNull(target, flag, lstatSync);
    if (!info?.isSymbolicLink()) return target;
    if (hops === MAX_LINKS) throw new InputError(says`${flag} ${path}: ${describeFsError({ code: 'ELOOP' })}`, { code: 'bad-file', value: path });
    target = resolve(dirname(target), readlinkSync(target));
  }
}

/** What `look` (stat: through links; lstat: the link itself) finds at `path`; null when nothing is there. */
function infoOrNull(path: string, flag: Wording, look: (path: string) => Stats = statSync): Stats | null {
  try {
    return look(path);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
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

/**
 * A new temporary file, created at once rather than in the thread pool: a signal handler that runs next (it
 * removes the temporaries, then exits) finds it there, never an open still under way that would create it after.
 */
function createTemporary(path: string, mode?: number): WriteStream {
  const stream = createWriteStream(path, { fd: openSync(path, 'wx', mode ?? 0o666) });
  // A failed write reaches its own callback (writeTo) and a failed close end's: the event besides would be uncaught.
  stream.on('error', () => {});
  return stream;
}

/** Open --out FILE for a report; an unwritable target fails here, before any work. */
export async function openOutputFile(path: string, flag: Wording = mention('out')): Promise<Sink> {
  const target = resolveOutputTarget(path, flag);
  return target.kind === 'stream' ? openDirect(path, target.path, target.info, flag) : openReplacing(path, target.path, target.existing, flag);
}

/** Write `data` as the whole of FILE (as openOutputFile opens it): in place once complete, nothing left on a failure. */
export async function writeOutputFile(path: string, data: string | Uint8Array, flag: Wording = mention('out')): Promise<void> {
  const sink = await openOutputFile(path, flag);
  try {
    await sink.write(data);
    await sink.close();
  } catch (error) {
    sink.abort();
    throw error;
  }
}

/** How long to wait between looks for a reader of a FIFO (a look never blocks, so signals are heard meanwhile). */
const READER_POLL_MS = 50;

/**
 * A FIFO's writing end, opened without blocking: with no reader the open fails
 * (ENXIO) and is tried again later, as `echo > fifo` waits, but the event loop
 * (signals) is never held; the pipe is then written through a socket handle, the
 * way Node writes any non-blocking pipe.
 */
async function openFifo(path: string): Promise<NodeJS.WritableStream & { destroy(): void }> {
  for (;;) {
    try {
      const fd = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
      return new (net().Socket)({ fd, readable: false, writable: true });
    } catch (error) {
      if (errorCode(error) !== 'ENXIO') throw error;
      await new Promise((done) => setTimeout(done, READER_POLL_MS));
    }
  }
}

async function openDirect(shown: string, path: string, info: Stats, flag: Wording): Promise<Sink> {
  let stream: NodeJS.WritableStream & { destroy(): void };
  try {
    // A regular file named by a descriptor (/dev/stdout > file) is added to, never cut short: the shell opened it as asked.
    stream = info.isFIFO() ? await openFifo(path) : await openStream(path, info.isFile() ? 'a' : 'w');
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
      await new Promise<void>((done, reject) => {
        stream.once('error', reject);
        stream.end(() => done());
      }).catch(failed);
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
    stream = createTemporary(temporary, existing ? existing.mode & 0o7777 : undefined);
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
    return !writable(path, statSync(path));
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
