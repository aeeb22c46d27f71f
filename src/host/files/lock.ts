import { hostname } from 'node:os';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
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
  readonly since: string;
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
    let owner: Owner | null = null;
    try {
      owner = JSON.parse(readFileSync(lockPath, 'utf8')) as Owner;
    } catch {
      owner = null; // half-written or unreadable: treat as stale
    }
    if (owner && (owner.host !== me.host || processAlive(owner.pid))) {
      throw new InputError(
        says`${flag} ${path}: another sweep is writing to it (process ${owner.pid} on ${owner.host}, since ${owner.since}); wait for it, or remove ${lockPath} if that process is gone`,
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
