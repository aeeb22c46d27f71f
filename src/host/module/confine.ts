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
 * is also one that no longer exists (see sandbox.ts), in case another is found.
 *
 * Network and other processes: Node 20's permission model restricts neither,
 * so connecting, listening, UDP, DNS and fetch are refused, and so are
 * signals to (and priorities of) any process but the sandbox's own.
 */
// The modules' own objects (not namespace copies): what a module imports is what is wrapped here.
import dgram from 'node:dgram';
import dns from 'node:dns';
import fs from 'node:fs';
import Module, { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import { basename, dirname, isAbsolute, resolve, sep } from 'node:path';
import traceEvents from 'node:trace_events';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';

/** An error like the permission model's own, so a module (and thrownText) meets one kind of refusal. */
function refusal(permission: 'FileSystemRead' | 'FileSystemWrite' | 'Network' | 'Process', resource: string, target?: string): Error {
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
    const written = pathText(path as PathLike);
    let given: string;
    try {
      given = resolve(written);
    } catch {
      // A relative path, and no working folder to resolve it in (see sandbox.ts).
      throw refusal('FileSystemRead', written);
    }
    const target = follow ? real(given) : dirname(given) === given ? given : real(dirname(given)) + (dirname(given) === sep ? '' : sep) + basename(given);
    if (target === root || target.startsWith(root + sep) || target.startsWith(root) && root.endsWith(sep)) return;
    throw refusal('FileSystemRead', given, target === given ? undefined : target);
  };
  const inside = (path: string): boolean => {
    try {
      check(path, true);
      return true;
    } catch {
      return false;
    }
  };
  // require and require.resolve stat the files they try past the permission model, which told
  // whether a file outside exists. A path outside is refused before any stat; other searches
  // (node_modules in folders above) see nothing outside, as if it were not there.
  const loader = Module as unknown as { _stat: (path: string) => number; _findPath: (request: string, paths: readonly string[] | null, isMain: boolean) => unknown };
  const stat = loader._stat;
  const findPath = loader._findPath;
  loader._stat = (path) => (inside(path) ? stat(path) : -2); // -ENOENT
  loader._findPath = function (this: unknown, request, paths, isMain) {
    if (typeof request === 'string' && (isAbsolute(request) || /^\.\.?(\/|$)/.test(request))) for (const from of isAbsolute(request) ? [''] : (paths ?? [])) check(resolve(from, request), true);
    return findPath.call(this, request, paths, isMain);
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

/** Replaces host[name] by a function that refuses, saying `what(args)` (a rejected promise for one that returns promises). */
function refuseCalls(host: object, names: readonly string[], permission: 'Network' | 'Process', what: (args: unknown[]) => string, promised = false): void {
  const record = host as Record<string, unknown>;
  for (const name of names) {
    if (typeof record[name] !== 'function') continue;
    // A plain function: none of the original's properties (util.promisify.custom) leads back to it.
    record[name] = function refused(...args: unknown[]) {
      const error = refusal(permission, what(args));
      if (promised) return Promise.reject(error);
      throw error;
    };
  }
}

/** Where a connect() or send() was going, from its arguments, in a few words. */
function destination(args: unknown[]): string {
  const [first, second] = args;
  // As net does: [options, callback] normalized, a path (a unix socket) if there is one, else host and port.
  const options = (Array.isArray(first) ? first[0] : first) as { host?: unknown; port?: unknown; path?: unknown } | string | number | undefined;
  const text = (value: unknown) => String(value).slice(0, 100);
  if (options === undefined || typeof options === 'function') return 'the address it is connected to';
  if (typeof options === 'object' && options !== null) return options.path ? text(options.path) : `${text(options.host ?? 'localhost')}:${text(options.port)}`;
  if (typeof options === 'string' && !/^\d+$/.test(options)) return text(options);
  return `${typeof second === 'string' ? text(second) : 'localhost'}:${text(options)}`;
}

/** The class of a handle instance's prototype, where Node keeps its system calls. */
const handlePrototype = (handle: unknown, name: string): object => {
  const prototype = (handle as { constructor?: { name?: string; prototype?: object } } | null)?.constructor;
  if (prototype?.name !== name || !prototype.prototype) throw new Error(`the sandbox cannot find Node's ${name} handles to refuse the network`);
  return prototype.prototype;
};

/**
 * Refuse the network (see above). Each way in is refused where a module
 * calls it (net, http, https, http2 and tls connect and listen through
 * net.Socket and net.Server; dgram; dns; fetch), so the module meets a
 * refusal it can catch; and the handles' own system calls (TCP, pipes and
 * unix sockets, UDP, DNS queries) are refused beneath, for any way round.
 */
export function refuseNetwork(): void {
  // Beneath first: the handles' prototypes, found on instances made here (none connects). A TCP
  // handle is made by connect() before it checks the port, so a bad port gives one and nothing else.
  const tcpProbe = new net.Socket();
  try {
    tcpProbe.connect({ port: -1 });
  } catch {
    // Refused for its port, as meant.
  }
  const tcp = handlePrototype((tcpProbe as unknown as { _handle?: unknown })._handle, 'TCP');
  tcpProbe.destroy();
  refuseCalls(tcp, ['bind', 'bind6', 'listen', 'connect', 'connect6'], 'Network', () => 'using TCP');
  const udpProbe = dgram.createSocket('udp4');
  const udpState = Object.getOwnPropertySymbols(udpProbe).map((key) => (udpProbe as unknown as Record<symbol, { handle?: unknown } | undefined>)[key]).find((value) => value?.handle);
  const udp = handlePrototype(udpState?.handle, 'UDP');
  udpProbe.close();
  refuseCalls(udp, ['bind', 'bind6', 'connect', 'connect6', 'send', 'send6'], 'Network', () => 'using UDP');
  // The sandbox's stdout is a pipe; its class also binds, listens on and connects to unix sockets.
  refuseCalls(handlePrototype((process.stdout as unknown as { _handle?: unknown })._handle, 'Pipe'), ['bind', 'listen', 'connect'], 'Network', () => 'using a unix socket');
  const channel = handlePrototype((new dns.Resolver() as unknown as { _handle?: unknown })._handle, 'ChannelWrap');
  refuseCalls(channel, Object.getOwnPropertyNames(channel).filter((name) => name.startsWith('query') || name === 'getHostByAddr'), 'Network', () => 'looking up a name (DNS)');

  // Where a module calls: a refusal that says what it tried, thrown to the caller.
  const connecting = (args: unknown[]) => `connecting to ${destination(args)}`;
  const listening = () => 'listening for connections';
  refuseCalls(net.Socket.prototype, ['connect'], 'Network', connecting);
  refuseCalls(net.Server.prototype, ['listen', '_listen2'], 'Network', listening);
  refuseCalls(net, ['_createServerHandle'], 'Network', listening);
  refuseCalls(dgram.Socket.prototype, ['bind', 'connect'], 'Network', () => 'opening a UDP port');
  // send(message[, offset, length], port[, address][, callback])
  refuseCalls(dgram.Socket.prototype, ['send', 'sendto'], 'Network', (args) => `sending UDP to ${destination(args.slice(typeof args[1] === 'number' && typeof args[2] === 'number' && typeof args[3] === 'number' ? 3 : 1))}`);
  const lookups = (host: object) => Object.keys(host).filter((name) => /^(lookup|resolve|reverse)/.test(name));
  const methods = (prototype: object) => Object.getOwnPropertyNames(prototype).filter((name) => name !== 'constructor');
  const lookingUp = (args: unknown[]) => `looking up ${String(args[0]).slice(0, 100)} (DNS)`;
  refuseCalls(dns, lookups(dns), 'Network', lookingUp);
  refuseCalls(dns.promises, lookups(dns.promises), 'Network', lookingUp, true);
  refuseCalls(dns.Resolver.prototype, methods(dns.Resolver.prototype), 'Network', lookingUp);
  refuseCalls(dns.promises.Resolver.prototype, methods(dns.promises.Resolver.prototype), 'Network', lookingUp, true);
  const web = globalThis as unknown as Record<string, unknown>;
  refuseCalls(web, ['fetch'], 'Network', (args) => `fetching ${String((args[0] as { url?: unknown } | undefined)?.url ?? args[0]).slice(0, 100)}`, true);
  refuseCalls(web, ['WebSocket', 'EventSource'], 'Network', (args) => `connecting to ${String(args[0]).slice(0, 100)}`);
  syncBuiltinESMExports();
}

/**
 * Refuse acting on another process (see above): a signal (process.kill, the
 * process._kill beneath it, process._debugProcess) to any pid but the sandbox's own, which
 * includes 0 and negative pids (process groups), and another's priority.
 */
export function refuseOtherProcesses(): void {
  const own = (pid: unknown) => pid === process.pid || String(pid) === String(process.pid);
  const guard = (host: object, name: string, act: string, ownWhen: (args: unknown[]) => boolean) => {
    const record = host as Record<string, unknown>;
    const original = record[name] as (...args: unknown[]) => unknown;
    record[name] = function guarded(this: unknown, ...args: unknown[]) {
      if (!ownWhen(args)) throw refusal('Process', `${act} ${String(args[0]).slice(0, 30)}`);
      return original.apply(this, args);
    };
  };
  guard(process, 'kill', 'signalling process', (args) => own(args[0]));
  guard(process, '_kill', 'signalling process', (args) => own(args[0]));
  // Sends SIGUSR1 (which ends a process that does not handle it), to wake a Node's inspector.
  guard(process, '_debugProcess', 'signalling process', (args) => own(args[0]));
  // setPriority(priority) and getPriority() are the process's own; with a pid, 0 is too.
  guard(os, 'setPriority', 'setting the priority of process', (args) => args.length < 2 || args[0] === 0 || own(args[0]));
  guard(os, 'getPriority', 'reading the priority of process', (args) => args[0] === undefined || args[0] === 0 || own(args[0]));
  syncBuiltinESMExports();
}
