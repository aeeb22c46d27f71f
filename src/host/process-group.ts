/**
 * A child spawned with `detached: true` leads its own process group: a
 * signal to the group reaches everything it started (a shell's commands, a
 * background job), which a signal to the child alone leaves running.
 */
export function signalGroup(pid: number | undefined, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}
