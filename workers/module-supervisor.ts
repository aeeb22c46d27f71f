/**
 * The supervisor: the sandbox's parent, in a process group of its own that
 * sg-explore started. A module that signals its parent (process.ppid) or its
 * own group reaches this process, not sg-explore, which then says so.
 *
 * argv: the node flags and script of the sandbox. The sandbox inherits this
 * process's stdin (its job), stdout and stderr (the module's prints) and file
 * descriptor 3 (its answers). When it ends, its exit code or signal goes to
 * sg-explore over the IPC channel; when sg-explore goes away (the channel
 * closes, even after a SIGKILL), the whole group is ended.
 */
import { spawn } from 'node:child_process';
import type { SandboxExit } from '../src/host/module/sandbox-protocol.js';

const endGroup = () => {
  try {
    process.kill(-process.pid, 'SIGKILL');
  } catch {
    process.exit(1);
  }
};
process.on('disconnect', endGroup);
// sg-explore sends SIGINT to the group to stop a call past --timeout: it is the sandbox's to handle.
process.on('SIGINT', () => {});

// No variables of sg-explore's environment reach the module (they may hold secrets).
const sandbox = spawn(process.execPath, process.argv.slice(2), { stdio: [0, 1, 2, 3], env: {} });
sandbox.on('error', (error) => {
  process.send?.({ code: null, signal: null, error: error.message });
  process.exit(1);
});
sandbox.on('exit', (code, signal) => {
  const exit: SandboxExit = { code, signal };
  if (process.connected) process.send!(exit, () => process.exit(0));
  else process.exit(0);
});
