/**
 * What the sandbox does, before a module loads, that Node's permission model
 * does not (src/host/module/sandbox.ts starts it; workers/custom-rule.ts calls this).
 *
 * Reads: --allow-fs-read checks the path as written, and the system then
 * follows links, so `up -> ..` or `passwd -> /etc/passwd` inside the module's
 * folder led out of it. Every fs call that reads by path is wrapped here to
 * resolve the path (fs.realpath) and refuse it unless it lies inside the
 * folder's real path. (Loading a module by import or require is already safe:
 * Node resolves the real path before it reads, and the permission model checks that.)
 *
 * Writes: some builtins write files in C++, past the permission model
 * (trace_events' node_trace.1.log, a heap snapshot near the heap limit, V8's
 * own logs by flag). They are refused outright; the sandbox's working folder
 * is also an empty one of its own, in case another is found.
 */
// The modules' own objects (not namespace copies): what a module imports is what is wrapped here.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { basename, dirname, resolve, sep } from 'node:path';
import traceEvents from 'node:trace_events';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';

/** An error like the permission model's own, so a module (and thrownText) meets one kind of refusal. */
function refusal(permission: 'FileSystemRead' | 'FileSystemWrite', resource: string, target?: string): Error {
  return Object.assign(new Error(`Access to this API has been restricted: ${resource}${target ? ` leads to ${target}` : ''}`), { code: 'ERR_ACCESS_DENIED', permission, resource, ...(target ? { target } : {}) });
}

type PathLike = string | Buffer | URL;

function pathText(path: PathLike): string {
  if (typeof path === 'string') return path;
  if (Buffer.isBuffer(path)) return path.toString('utf8');
  return fileURLToPath(path);
}

/** fs functions whose first argument is a path they read through, all links followed. */
const FOLLOWING = ['access', 'exists', 'stat', 'open', 'openAsBlob', 'opendir', 'readdir', 'readFile', 'realpath', 'statfs', 'watch', 'watchFile', 'createReadStream', 'copyFile', 'cp'] as const;
/** Those that act on a last link itself (its parent folders' links are followed). */
const NOT_FOLLOWING = ['lstat', 'readlink'] as const;
const PROMISED = ['access', 'open', 'opendir', 'readdir', 'readFile', 'realpath', 'stat', 'statfs', 'watch', 'copyFile', 'cp', 'lstat', 'readlink'] as const;

/** Confine every fs read by path to `folder` after links are followed (see above). */
export function confineReads(folder: string): void {
  const realNative = fs.realpathSync.native;
  const root = realNative(folder);

  /** The real path of `path`: of its longest existing part, then the rest (so a missing file outside is refused like one there). */
  const real = (path: string): string => {
    let rest = '';
    for (let part = path; ; part = dirname(part)) {
      try {
        return realNative(part) + rest;
      } catch {
        if (dirname(part) === part) return path;
        rest = sep + basename(part) + rest;
      }
    }
  };
  const check = (path: unknown, follow: boolean): void => {
    if (typeof path === 'number' || path === undefined || path === null) return; // a descriptor: opened by a checked path
    const given = resolve(pathText(path as PathLike));
    const target = follow ? real(given) : dirname(given) === given ? given : real(dirname(given)) + (dirname(given) === sep ? '' : sep) + basename(given);
    if (target === root || target.startsWith(root + sep) || target.startsWith(root) && root.endsWith(sep)) return;
    throw refusal('FileSystemRead', given, target === given ? undefined : target);
  };
  const recursive = (options: unknown) => typeof options === 'object' && options !== null && (options as { recursive?: unknown }).recursive === true;

  const wrap = (host: Record<string, unknown>, name: string, follow: boolean, promised: boolean) => {
    const original = host[name];
    if (typeof original !== 'function') return;
    const wrapped = function (this: unknown, ...args: unknown[]) {
      try {
        check(args[0], follow);
        // A recursive listing follows links to folders inside Node, past this check: refused.
        if ((name.startsWith('readdir') || name.startsWith('opendir')) && recursive(args[1])) throw refusal('FileSystemRead', `${resolve(pathText(args[0] as PathLike))} recursively`);
      } catch (error) {
        if (promised || name === 'openAsBlob') return Promise.reject(error);
        const callback = args.at(-1);
        if (typeof callback === 'function' && name !== 'createReadStream' && name !== 'watch' && name !== 'watchFile') {
          process.nextTick(callback as (error: unknown) => void, name === 'exists' ? false : error);
          return undefined;
        }
        if (name === 'existsSync') return false;
        throw error;
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
    Object.defineProperties(wrapped, Object.getOwnPropertyDescriptors(original));
    host[name] = wrapped;
  };
  const sync = fs as unknown as Record<string, unknown>;
  for (const name of FOLLOWING) {
    wrap(sync, name, true, false);
    wrap(sync, `${name}Sync`, true, false);
  }
  for (const name of NOT_FOLLOWING) {
    wrap(sync, name, false, false);
    wrap(sync, `${name}Sync`, false, false);
  }
  // realpath.native is a function of its own, on each of realpath and realpathSync.
  wrap(fs.realpath as unknown as Record<string, unknown>, 'native', true, false);
  wrap(fs.realpathSync as unknown as Record<string, unknown>, 'native', true, false);
  const promises = fs.promises as unknown as Record<string, unknown>;
  for (const name of PROMISED) wrap(promises, name, !(NOT_FOLLOWING as readonly string[]).includes(name), name !== 'watch');
  syncBuiltinESMExports();
}

/** Refuse the builtins that write files past the permission model (see above). */
export function refuseHiddenWriters(): void {
  const refuse = (what: string) => () => {
    throw refusal('FileSystemWrite', what);
  };
  const tracing = traceEvents as unknown as Record<string, unknown>;
  tracing.createTracing = refuse('a trace file (trace_events)');
  const engine = v8 as unknown as Record<string, unknown>;
  engine.setHeapSnapshotNearHeapLimit = refuse('a heap snapshot');
  engine.setFlagsFromString = refuse("V8's flags (they can start its logs)");
  engine.writeHeapSnapshot = refuse('a heap snapshot');
  syncBuiltinESMExports();
}
