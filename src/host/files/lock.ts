import { hostname } from 'node:os';
import { closeSync, constants, fstatSync, openSync, readSync, unlinkSync, writeFileSync } from 'node:fs';
import { InputError, says, type Wording } from '../../core/errors.js';
import { describeFsError } from './fs-errors.js';
import { onExit, processAlive } from './temporary.js';

/**
 * A lock beside a file (FILE.lock, created exclusively, holding the pid and
 * host of its owner), so two runs never append to one file at once. A lock
 * whose process no longer exists on this host is stale and taken over. It is
 * removed when released and on any way out of the process.
 */
export interface Lock {
  release(): void;
}

interface Owner {
  readonly pid: number;
  readonly host: string;
  /** When it took the lock (ISO time); null when the lock does not say. */
  readonly since: string | null;
}

/** The most a lock file that sg-explore wrote holds (a pid, a host name, a time). */
const MAX_LOCK_BYTES = 1024;

/**
 * Who holds a lock, as its file says: null when it names no pid and host
 * (empty, half-written, garbled, not a regular file), 'gone' when it was
 * removed meanwhile. Read without blocking: a FIFO put there is no lock.
 */
function readOwner(lockPath: string): Owner | null | 'gone' {
  let parsed: unknown;
  let fd: number | undefined;
  try {
    fd = openSync(lockPath, constants.O_RDONLY | constants.O_NONBLOCK);
    if (!fstatSync(fd).isFile()) return null;
    const bytes = Buffer.alloc(MAX_LOCK_BYTES + 1);
    const length = readSync(fd, bytes, 0, bytes.length, 0);
    if (length > MAX_LOCK_BYTES) return null;
    parsed = JSON.parse(bytes.toString('utf8', 0, length));
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { pid, host, since } = parsed as Record<string, unknown>;
  if (typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid <= 0) return null;
  if (typeof host !== 'string' || !/^[^\u0000-\u001f]{1,255}$/.test(host)) return null;
  const time = typeof since === 'string' && !Number.isNaN(Date.parse(since)) ? new Date(since).toISOString() : null;
  return { pid, host, since: time };
}

export function acquireLock(path: string, flag: Wording): Lock {
  const lockPath = `${path}.lock`;
  const me: Owner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockPath, JSON.stringify(me) + '\n', { flag: 'wx' });
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        unregister();
        try {
          unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      const unregister = onExit(release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new InputError(says`${flag} ${path}: cannot lock it (${describeFsError(error)})`, { code: 'bad-file', value: path });
    }
    const owner = readOwner(lockPath);
    if (owner === 'gone') continue; // released meanwhile: try again
    // A lock that does not say who holds it may be one being written this moment (created, not yet filled): never taken over.
    if (owner === null) {
      throw new InputError(
        says`${flag} ${path}: it is locked (${lockPath} exists), but the lock does not say which process holds it (it is empty or not one sg-explore wrote); if no sweep is writing to ${path}, remove ${lockPath}`,
        { code: 'bad-file', value: path },
      );
    }
    if (owner.host !== me.host || processAlive(owner.pid)) {
      const since = owner.since === null ? '' : `, since ${owner.since}`;
      throw new InputError(
        says`${flag} ${path}: another sweep is writing to it (process ${owner.pid} on ${owner.host}${since}); wait for it, or remove ${lockPath} if that process is gone`,
        { code: 'bad-file', value: path },
      );
    }
    try {
      unlinkSync(lockPath); // stale: its process is gone
    } catch {
      /* someone else took it over first: try again */
    }
  }
  throw new InputError(says`${flag} ${path}: cannot lock it (${lockPath} keeps coming back)`, { code: 'bad-file', value: path });
}
