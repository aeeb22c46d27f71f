import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { mention } from '../../core/errors.js';
import { whereCreated } from './output-file.js';

/**
 * Which file a path names, so that two names of one file (the same name, a
 * symbolic link, a hard link) are told to be one: its device and inode when
 * it exists, else the place it would be made (the real folder and the name).
 */
export interface FileIdentity {
  readonly key: string;
  /** A character device (/dev/null, a terminal): written to, never replaced. */
  readonly device: boolean;
}

/** The identity of `path`, or null where it cannot be told (a loop of links: refused where the file is used). */
export function fileIdentity(path: string): FileIdentity | null {
  try {
    const info = statSync(path);
    return { key: `${info.dev}:${info.ino}`, device: info.isCharacterDevice() };
  } catch {
    /* not there (yet), or no way to it */
  }
  try {
    const target = whereCreated(path, mention('out'));
    let folder = resolve(dirname(target));
    try {
      folder = realpathSync(folder);
    } catch {
      /* no such folder: the name as given */
    }
    return { key: join(folder, basename(target)), device: false };
  } catch {
    return null;
  }
}
