/**
 * File-system failures in a person's words ("no space left on device", not
 * "ENOSPC"), for the one-line messages the CLI prints.
 */
const WORDS: Record<string, string> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'the file grew past the largest size allowed here',
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a part of the path is not a directory',
  EISDIR: 'it is a directory',
  EEXIST: 'it already exists',
  ELOOP: 'a loop of symbolic links, or too many links in a row',
  ENAMETOOLONG: 'the file name is too long',
  EMFILE: 'too many open files',
  EIO: 'input/output error',
  EPIPE: 'the reader closed the pipe',
  EBUSY: 'the file is busy',
  ETXTBSY: 'the file is busy',
};

export function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

/** What went wrong, in words; unknown codes are shown as they are. */
export function describeFsError(error: unknown): string {
  const code = errorCode(error);
  if (code && WORDS[code]) return WORDS[code]!;
  if (code) return code;
  return error instanceof Error ? error.message : String(error);
}

/** Codes that mean the disk (or quota) is full: the run's output could not be kept. */
export function isDiskFull(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'EFBIG';
}
