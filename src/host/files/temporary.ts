import { readdirSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Temporary files beside a target (`.name.sg-explore-PID-RANDOM.tmp`), written
 * and then renamed over it so a reader never sees half a file. Every one this
 * process makes is tracked until it is renamed or removed; the CLI removes
 * what is left on any exit (normal end, error, SIGINT, SIGTERM, SIGHUP). One
 * left by a process that was killed outright (kill -9) is removed by the next
 * run that writes the same target, once its process is gone.
 */
const live = new Set<string>();

const PREFIX = 'sg-explore-';

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function patternFor(target: string): RegExp {
  return new RegExp(`^\\.${escape(basename(target))}\\.${PREFIX}(\\d+)-[0-9a-f]+\\.tmp$`);
}

/** A fresh temporary name beside `target`, tracked until `release`d. */
export function temporaryBeside(target: string): string {
  // Names need to differ, not to be secret: Math.random spares every run the load of node:crypto.
  const tag = Math.floor(Math.random() * 2 ** 32).toString(16);
  const path = join(dirname(target), `.${basename(target)}.${PREFIX}${process.pid}-${tag}.tmp`);
  live.add(path);
  return path;
}

/** The file was renamed into place or removed: no longer ours to clean up. */
export function release(path: string): void {
  live.delete(path);
}

/** Remove a temporary file (synchronously: this also runs on the way out of a signal). */
export function discard(path: string): void {
  live.delete(path);
  try {
    unlinkSync(path);
  } catch {
    /* never created, or already gone */
  }
}

const exitHooks = new Set<() => void>();

/** Something to undo on any way out of the process (a lock to release); returns the way to unregister it. */
export function onExit(hook: () => void): () => void {
  exitHooks.add(hook);
  return () => exitHooks.delete(hook);
}

/** Remove every temporary file this process still holds, and run the exit hooks (locks). */
export function discardAll(): void {
  for (const path of [...live]) discard(path);
  for (const hook of [...exitHooks]) {
    try {
      hook();
    } catch {
      /* on the way out: keep going */
    }
  }
}

/** Whether a process with this id exists (on this host). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Remove temporary files beside `target` whose process no longer exists. */
export function removeStaleTemporaries(target: string): void {
  const pattern = patternFor(target);
  let names: string[];
  try {
    names = readdirSync(dirname(target));
  } catch {
    return;
  }
  for (const name of names) {
    const match = pattern.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    if (pid === process.pid || processAlive(pid)) continue;
    try {
      unlinkSync(join(dirname(target), name));
    } catch {
      /* removed meanwhile, or not ours to remove */
    }
  }
}
