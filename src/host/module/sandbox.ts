/**
 * A rule module's sandbox: a process of its own under Node's permission
 * model (it may read the module's folder and the sandbox's own script, and
 * may not write files, start processes or worker threads; confine.ts adds
 * the rest: links, the network, other processes), started by a
 * supervisor process in a process group of its own:
 *
 *   sg-explore ── supervisor (new process group) ── sandbox (node --experimental-permission)
 *
 * A module that signals its parent (a trusted one: the sandbox refuses signals
 * to any other process, see confine.ts) reaches the supervisor, so it ends its
 * sandbox, never sg-explore; the module's stdout and stderr come to
 * sg-explore's stderr; the whole group is killed when the run ends, however
 * it ends (a supervisor whose sg-explore died kills the group itself).
 * --trust-module runs the same processes without the permission model.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { InputError, mention, says } from '../../core/errors.js';
import { packageRoot } from '../package-root.js';
import { workerFile } from '../worker-path.js';
import { signalGroup } from '../process-group.js';
import { FRAME, FrameReader, MAX_FRAME_BYTES, type RuleModuleJob, type RuleModuleReply, type SandboxExit } from './sandbox-protocol.js';

/** What a frame that is not the protocol's is told as (the module may have written into the channel). */
export const DAMAGED_ANSWER = 'its sandbox sent a damaged answer (did the module write to file descriptor 3?)';

export interface SandboxHandlers {
  /** The module has made `calls` calls and is now in this one ("options(5)"); the sandbox's own work follows onIdle. */
  onCall(calls: number, what: string): void;
  onIdle(calls: number): void;
  onReply(reply: RuleModuleReply): void;
  /** The sandbox is gone: `why` says how, or is null when it ended by itself with exit code 0. */
  onEnd(why: string | null): void;
}

export interface Sandbox {
  /** Ends the process group (at once; safe to call again). */
  stop(): void;
  /** Asks the sandbox to stop the call it is in and name it (a SIGINT; the supervisor ignores it). */
  interrupt(): void;
  /** Settles once the module's prints have all been passed on (or after `graceMs`). */
  drained(graceMs: number): Promise<void>;
}

/** The sandbox's script: one bundled file, so the permission model has one file to allow. */
export function sandboxScript(): string {
  return join(packageRoot(), 'dist', 'custom-rule.cjs');
}

/** Node flags that confine the sandbox to reading `module`'s folder (its real path, also returned) and its own script. */
function permissionFlags(module: string): { flags: string[]; folder: string } {
  let folder: string;
  let script: string;
  try {
    folder = dirname(realpathSync(module));
    script = realpathSync(sandboxScript());
  } catch (error) {
    throw new InputError(`rule module ${module}: cannot read it (${(error as Error).message.split('\n')[0]})`);
  }
  // Node 20 reads a comma as a separator between paths.
  if (folder.includes(',')) throw new InputError(says`rule module ${module}: its folder's path holds a comma, which the sandbox cannot name; move it, or run with ${mention('trusted')}`, { code: 'bad-file', field: 'rule', value: module });
  return { folder, flags: [permissionFlag(), `--allow-fs-read=${folder}${sep}`, `--allow-fs-read=${script}`, '--disable-warning=ExperimentalWarning'] };
}

/** Node 20 names the permission model --experimental-permission; 22.13 and 23.5 on name it --permission. */
function permissionFlag(): string {
  const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
  const stable = major > 23 || (major === 23 && minor >= 5) || (major === 22 && minor >= 13);
  return stable ? '--permission' : '--experimental-permission';
}

export function startSandbox(job: RuleModuleJob, options: { trusted: boolean; log: NodeJS.WritableStream }, handlers: SandboxHandlers): Sandbox {
  const confined = options.trusted ? null : permissionFlags(job.module);
  // A working folder that is gone: a builtin that writes beside it past the permission model
  // (trace_events wrote node_trace.1.log into the user's folder) can write nothing there. It is
  // removed once the supervisor runs in it (spawn returns after the exec), so even a SIGKILL of
  // sg-explore leaves nothing behind; the sandbox inherits it.
  const workFolder = confined && mkdtempSync(join(tmpdir(), 'sg-explore-sandbox-'));
  let supervisor: ChildProcess;
  try {
    supervisor = spawn(process.execPath, [workerFile('module-supervisor'), ...(confined?.flags ?? []), sandboxScript()], {
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe', 'pipe', 'ipc'],
      env: {},
      ...(workFolder ? { cwd: workFolder } : {}),
    });
  } finally {
    if (workFolder) rmSync(workFolder, { recursive: true, force: true });
  }
  let stopped = false;
  const stop = () => {
    process.removeListener('exit', stop);
    if (stopped) return;
    stopped = true;
    signalGroup(supervisor.pid);
  };
  // However sg-explore ends (an error, process.exit), the group ends with it.
  process.once('exit', stop);
  supervisor.on('error', (error) => handlers.onEnd(`its sandbox could not start (${error.message})`));
  supervisor.stdin!.on('error', () => {}); // a sandbox that died before reading its job is reported by its exit
  supervisor.stdin!.end(serialize(confined ? { ...job, readsConfinedTo: confined.folder } : job));
  const prints = [supervisor.stdout!, supervisor.stderr!].map((stream) => {
    stream.pipe(options.log, { end: false });
    return new Promise<void>((resolve) => stream.once('close', resolve));
  });
  const reader = new FrameReader((type, payload) => {
    if (type === FRAME.CALL) {
      const text = payload.toString('utf8');
      const space = text.indexOf(' ');
      handlers.onCall(Number(text.slice(0, space)), text.slice(space + 1));
    } else if (type === FRAME.IDLE) handlers.onIdle(Number(payload.toString('utf8')));
    else if (type === FRAME.REPLY) {
      let reply: RuleModuleReply;
      try {
        reply = deserialize(payload) as RuleModuleReply;
      } catch {
        return handlers.onEnd(DAMAGED_ANSWER);
      }
      handlers.onReply(reply);
    } else handlers.onEnd(DAMAGED_ANSWER);
  }, (bytes) => handlers.onEnd(`its sandbox sent a frame of ${bytes.toLocaleString('en-US')} bytes, over the limit of ${MAX_FRAME_BYTES.toLocaleString('en-US')} bytes (did the module write to file descriptor 3?)`));
  const answers = supervisor.stdio[3] as NodeJS.ReadableStream;
  answers.on('data', (chunk: Buffer) => reader.push(chunk));
  // How the sandbox ended, as the supervisor reports it before it exits itself.
  let sandboxExit: SandboxExit | undefined;
  supervisor.on('message', (message: SandboxExit) => (sandboxExit = message));
  const ended = (why: string | null) => {
    if (stopped) return;
    handlers.onEnd(why);
    stop();
  };
  // Decided once the supervisor has exited and its channel is closed (so its last message is read).
  let supervisorExit: string | undefined;
  const decide = () => {
    if (supervisorExit === undefined || supervisor.connected) return;
    // A supervisor that ends without reporting was ended from outside: end its orphaned sandbox too.
    if (!sandboxExit) return ended(`its sandbox was ended by ${supervisorExit} (a module that signals its parent ends only its sandbox, and is stopped)`);
    const why = sandboxExit.signal ? `its process was killed by ${sandboxExit.signal} before finishing` : sandboxExit.code === 0 ? null : `its process ended (exit code ${sandboxExit.code}) before finishing`;
    // Answers still in the pipe are read before the end is reported.
    if ((answers as unknown as { readableEnded: boolean }).readableEnded) ended(why);
    else answers.once('close', () => ended(why));
  };
  supervisor.on('disconnect', decide);
  supervisor.on('exit', (code, signal) => {
    supervisorExit = signal ?? `exit code ${code}`;
    decide();
  });
  return {
    stop,
    interrupt: () => {
      if (!stopped) signalGroup(supervisor.pid, 'SIGINT');
    },
    drained: (graceMs) => Promise.race([Promise.all(prints).then(() => {}), new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref())]),
  };
}
