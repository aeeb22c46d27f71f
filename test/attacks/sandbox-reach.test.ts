import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDirectories } from '../helpers/scratch.js';
import { expectBadInput, runCli } from '../helpers/cli.js';
import { outcomes, tryingModule as actsModule } from '../helpers/module-acts.js';

/**
 * Attacks on what a sandboxed rule module can reach beyond files (issue 41):
 * the network (Node 20's permission model does not restrict it), other
 * processes (signals, priorities, child processes), whether files outside
 * its folder exist, and the sandbox's working folder left behind. Each attack
 * is real: a TCP server, a UDP socket and a unix socket of the test's own on
 * 127.0.0.1 and in its scratch folder, a real `sleep` to signal, the built
 * program killed for real.
 */
const scratch = scratchDirectories('attack-sandbox-reach');
const run = (args: readonly string[], options: Parameters<typeof runCli>[1] = {}) => runCli(args, { timeoutMs: 30_000, ...options });

/** A module in a folder of its own. */
function moduleAt(source: string): { dir: string; folder: string; module: string } {
  const dir = scratch.fresh('case');
  const folder = join(dir, 'module');
  mkdirSync(folder);
  const module = join(folder, 'rule.mjs');
  writeFileSync(module, source);
  return { dir, folder, module };
}

/** A module that tries each act while loading (see tryingModule), with the builtins it reaches out by at hand. */
function tryingModule(acts: Record<string, string>): string {
  return actsModule(
    [
      "import net from 'node:net';",
      "import http from 'node:http';",
      "import https from 'node:https';",
      "import http2 from 'node:http2';",
      "import tls from 'node:tls';",
      "import dgram from 'node:dgram';",
      "import dns from 'node:dns';",
      "import os from 'node:os';",
      "import cp from 'node:child_process';",
      "import { createRequire } from 'node:module';",
      'const require = createRequire(import.meta.url);',
      // Each settles when the connection is made (what the servers count), or fails.
      'const connected = (s) => new Promise((ok, no) => { s.once("connect", () => { s.destroy(); ok("connected"); }); s.once("secureConnect", () => ok("connected")); s.once("error", no); });',
      'const answered = (r) => new Promise((ok, no) => { r.once("response", (a) => { a.resume(); ok(a.statusCode); }); r.once("error", no); r.end(); });',
      'const sent = (s, ...a) => new Promise((ok, no) => s.send(...a, (e) => (e ? no(e) : ok("sent"))));',
      'const listening = (s, ...a) => new Promise((ok, no) => { s.once("error", no); s.listen(...a, () => { const at = s.address(); s.close(); ok(JSON.stringify(at)); }); });',
    ],
    acts,
  );
}

/** Every act was refused by the sandbox (ERR_ACCESS_DENIED); the acts are listed so that none goes missing. */
function expectAllRefused(stderr: string, acts: Record<string, string>): void {
  const seen = outcomes(stderr);
  expect(Object.keys(seen).sort(), stderr).toEqual(Object.keys(acts).sort());
  for (const act of Object.keys(acts)) expect(seen[act], `${act} (${stderr})`).toBe('ERR_ACCESS_DENIED');
}

describe('the network', () => {
  // What the test listens on; a module must reach none of them.
  let tcp: Server;
  let unix: Server;
  let unixPath: string;
  let tcpPort = 0;
  let udpPort = 0;
  let udp: ReturnType<typeof createSocket>;
  const seen = { tcp: 0, udp: 0, unix: 0 };

  beforeAll(async () => {
    tcp = createServer((socket) => {
      seen.tcp++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    tcpPort = (tcp.address() as { port: number }).port;
    unixPath = join(scratch.fresh('unix'), 'socket');
    unix = createServer((socket) => {
      seen.unix++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => unix.listen(unixPath, resolve));
    udp = createSocket('udp4', () => seen.udp++);
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    udpPort = udp.address().port;
  });
  afterAll(async () => {
    udp.close();
    await Promise.all([tcp, unix].map((server) => new Promise((resolve) => server.close(resolve))));
  });

  /** After a run: whatever a packet or connection was sent has had time to arrive. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('a connection to a server on 127.0.0.1 (net, http.get, fetch, UDP) is refused, said in one line, and the server sees none', async () => {
    const attacks: Record<string, string> = {
      'plain net': `new Promise((ok, no) => { const s = net.connect(${'PORT'}, '127.0.0.1', () => { s.destroy(); ok(); }); s.on('error', no); })`,
      'http.get': `new Promise((ok, no) => http.get('http://127.0.0.1:${'PORT'}/', ok).on('error', no))`,
      fetch: `fetch('http://127.0.0.1:${'PORT'}/')`,
      'dgram send': `new Promise((ok, no) => { const s = dgram.createSocket('udp4'); s.send('x', ${'UDP'}, '127.0.0.1', (e) => (e ? no(e) : ok())); })`,
    };
    const words: Record<string, RegExp> = {
      'plain net': /: rule module rule\.mjs: failed to load: the sandbox refused connecting to 127\.0\.0\.1:\d+ \(a module may not use the network\); run with --trust-module/,
      'http.get': /failed to load: the sandbox refused connecting to 127\.0\.0\.1:\d+ \(a module may not use the network\)/,
      fetch: /failed to load: the sandbox refused fetching http:\/\/127\.0\.0\.1:\d+\/ \(a module may not use the network\)/,
      'dgram send': /failed to load: the sandbox refused sending UDP to 127\.0\.0\.1:\d+ \(a module may not use the network\)/,
    };
    for (const [name, code] of Object.entries(attacks)) {
      const act = code.replaceAll('PORT', String(tcpPort)).replaceAll('UDP', String(udpPort));
      // Tried while loading (a promise can be awaited there), as a module's own setup would.
      const { module } = moduleAt(`import net from 'node:net';\nimport http from 'node:http';\nimport dgram from 'node:dgram';\nawait ${act};\nexport function options(n) { return n > 0 ? [[n - 1]] : []; }\n`);
      expectBadInput(await run(['--rule', module, '--max', '5']), name, { pattern: words[name] });
    }
    // And in a call: options(3) connects.
    const { module } = moduleAt(`import net from 'node:net';\nexport function options(n) { if (n === 3) net.connect(${tcpPort}, '127.0.0.1'); return n > 0 ? [[n - 1]] : []; }\n`);
    expectBadInput(await run(['--rule', module, '--max', '5']), 'in a call', {
      pattern: /options\(3\) threw: the sandbox refused connecting to 127\.0\.0\.1:\d+ \(a module may not use the network\); run with --trust-module/,
    });
    await settle();
    expect(seen).toEqual({ tcp: 0, udp: 0, unix: 0 });
  });

  it('every other way out is refused too: servers, tls, http2, DNS, unix sockets, raw handles, the original constructors', async () => {
    const { dir, module } = moduleAt('');
    const socketFile = join(dir, 'made.sock');
    const target = `${tcpPort}, '127.0.0.1'`;
    const acts: Record<string, string> = {
      'net createConnection': `connected(net.createConnection({ port: ${tcpPort}, host: '127.0.0.1' }))`,
      'socket connect': `connected(new net.Socket().connect(${target}))`,
      'socket connect via require': `connected(new (require('net').Socket)().connect(${target}))`,
      'socket connect via _load': `connected(new (require('module')._load('net').Socket)().connect(${target}))`,
      'unix socket': `connected(net.connect(${JSON.stringify(unixPath)}))`,
      'http request': `answered(http.request({ host: '127.0.0.1', port: ${tcpPort} }))`,
      'https request': `answered(https.request({ host: '127.0.0.1', port: ${tcpPort}, rejectUnauthorized: false }))`,
      'tls connect': `connected(tls.connect({ host: '127.0.0.1', port: ${tcpPort}, rejectUnauthorized: false }))`,
      'http2 connect': `new Promise((ok, no) => { const s = http2.connect('http://127.0.0.1:${tcpPort}'); s.once('connect', () => { s.destroy(); ok('connected'); }); s.once('error', no); })`,
      'fetch Request': `fetch(new Request('http://127.0.0.1:${tcpPort}/'))`,
      'udp connect': `new Promise((ok, no) => dgram.createSocket('udp4').connect(${udpPort}, '127.0.0.1', (e) => (e ? no(e) : ok('connected'))))`,
      'udp bind': `new Promise((ok, no) => { const s = dgram.createSocket('udp4'); s.once('error', no); s.bind(0, '127.0.0.1', () => { s.close(); ok('bound'); }); })`,
      'udp raw handle': `(() => { const s = dgram.createSocket('udp4'); const h = Object.getOwnPropertySymbols(s).map((k) => s[k]).find((v) => v && v.handle).handle; const e = h.bind('127.0.0.1', 0, 0); if (e) throw Object.assign(new Error('bind'), { code: 'errno ' + e }); return 'bound'; })()`,
      'udp original constructor': `sent(new dgram.Socket.prototype.constructor('udp4'), 'x', ${udpPort}, '127.0.0.1')`,
      'tcp server': 'listening(net.createServer(), 0, "127.0.0.1")',
      'http server': 'listening(http.createServer(), 0, "127.0.0.1")',
      'server _listen2': '(() => { const s = net.createServer(); s._listen2("127.0.0.1", 0, 4, 511); return String(s._handle); })()',
      'server handle': 'String(net._createServerHandle("127.0.0.1", 0, 4))',
      'unix server': `listening(net.createServer(), ${JSON.stringify(socketFile)})`,
      'pipe raw bind': `(() => { const h = new (process.stdout._handle.constructor)(1); const e = h.bind(${JSON.stringify(socketFile)}); if (e) throw Object.assign(new Error('bind'), { code: 'errno ' + e }); return 'bound'; })()`,
      'dns lookup': "new Promise((ok, no) => dns.lookup('localhost', (e, a) => (e ? no(e) : ok(a))))",
      'dns promises lookup': "dns.promises.lookup('localhost')",
      'dns resolve': "new Promise((ok, no) => dns.resolve4('localhost', (e, a) => (e ? no(e) : ok(a))))",
      'dns resolver': "new Promise((ok, no) => new dns.Resolver().resolve4('example.com', (e, a) => (e ? no(e) : ok(a))))",
      'dns promises resolver': "new dns.promises.Resolver().resolveTxt('example.com')",
      'dns reverse': "dns.promises.reverse('127.0.0.1')",
      'dns promisified': "require('node:util').promisify(dns.lookup)('localhost')",
      'dns named import': "import('node:dns').then((d) => new Promise((ok, no) => d.lookup('localhost', (e, a) => (e ? no(e) : ok(a)))))",
    };
    writeFileSync(module, tryingModule(acts));
    const r = await run(['--rule', module, '--max', '3']);
    expect(r.code, r.stderr).toBe(0);
    expectAllRefused(r.stderr, acts);
    await settle();
    expect(seen).toEqual({ tcp: 0, udp: 0, unix: 0 });
    expect(existsSync(socketFile)).toBe(false);
  });
});

describe('other processes', () => {
  let sleeper: ChildProcess;
  beforeAll(() => {
    // A process of the test's own, in a group of its own (so -pid is its group).
    sleeper = spawn('sleep', ['30'], { stdio: 'ignore', detached: true });
  });
  afterAll(() => {
    sleeper.kill('SIGKILL');
  });
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  it("a module that SIGKILLs another process's pid is refused, and the process lives on", async () => {
    const pid = sleeper.pid!;
    const { module } = moduleAt(`export function options(n) { if (n === 3) process.kill(${pid}, 'SIGKILL'); return n > 0 ? [[n - 1]] : []; }\n`);
    expectBadInput(await run(['--rule', module, '--max', '5']), 'kill', {
      pattern: new RegExp(`options\\(3\\) threw: the sandbox refused signalling process ${pid} \\(a module may act only on its own process\\); run with --trust-module`),
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(alive(pid)).toBe(true);
    expect(sleeper.exitCode).toBeNull();
    expect(sleeper.signalCode).toBeNull();
  });

  it("every other act on another process is refused: its group, a probe, the raw kill, its priority, starting processes", async () => {
    const pid = sleeper.pid!;
    // The priority it started with: the test's own (a run under nice starts it at 10, not 0).
    const priority = getPriority(pid);
    const acts: Record<string, string> = {
      'kill group': `process.kill(-${pid}, 'SIGKILL')`,
      'kill own group': "process.kill(0, 'SIGWINCH')",
      'kill parent': "process.kill(process.ppid, 'SIGCONT')",
      'probe pid': `process.kill(${pid}, 0)`,
      'raw kill': `process._kill(${pid}, 9)`,
      'debug process': `process._debugProcess(${pid})`,
      'kill as text': `process.kill('${pid}', 'SIGKILL')`,
      'set priority': `os.setPriority(${pid}, 19)`,
      'read priority': `os.getPriority(${pid})`,
      spawn: "new Promise((ok, no) => cp.spawn('true').once('error', no).once('exit', ok))",
      spawnSync: "cp.spawnSync('true').status",
      exec: "new Promise((ok, no) => cp.exec('true', (e) => (e ? no(e) : ok('ran'))))",
      execSync: "cp.execSync('true')",
      execFile: "new Promise((ok, no) => cp.execFile('true', (e) => (e ? no(e) : ok('ran'))))",
      execFileSync: "cp.execFileSync('true')",
      fork: "new Promise((ok, no) => cp.fork('./rule.mjs').once('error', no).once('exit', ok))",
    };
    // Its own priority set to what it is (a process under nice may not lower it).
    const { module } = moduleAt(tryingModule(acts) + "console.error('own pid: ' + (process.kill(process.pid, 0) && os.setPriority(os.getPriority()) === undefined ? 'fine' : 'no'));\n");
    const r = await run(['--rule', module, '--max', '3']);
    expect(r.code, r.stderr).toBe(0);
    // Its own process stays its own to signal and to set.
    expect(r.stderr).toContain('own pid: fine\n');
    expectAllRefused(r.stderr.replace('own pid: fine\n', ''), acts);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(alive(pid)).toBe(true);
    expect(getPriority(pid)).toBe(priority);
  });
});

describe('whether files outside the folder exist', () => {
  it('require.resolve, require and node_modules above say the same for a file that exists outside and one that does not', async () => {
    const { dir, folder, module } = moduleAt('');
    writeFileSync(join(dir, 'secret.cjs'), 'module.exports = 1;\n');
    mkdirSync(join(dir, 'node_modules', 'outside-pkg'), { recursive: true });
    writeFileSync(join(dir, 'node_modules', 'outside-pkg', 'index.js'), 'module.exports = 1;\n');
    mkdirSync(join(folder, 'node_modules', 'inside-pkg'), { recursive: true });
    writeFileSync(join(folder, 'node_modules', 'inside-pkg', 'index.js'), 'module.exports = "inside";\n');
    const acts: Record<string, string> = {};
    for (const [name, there, missing] of [
      ['resolve absolute', join(dir, 'secret.cjs'), join(dir, 'missing.cjs')],
      ['resolve etc', '/etc/passwd', '/etc/no-such-file'],
      ['resolve relative', '../secret.cjs', '../missing.cjs'],
      ['resolve package above', 'outside-pkg', 'missing-pkg'],
      ['require absolute', join(dir, 'secret.cjs'), join(dir, 'missing.cjs')],
      ['resolve with paths', './secret.cjs', './missing.cjs'],
      ['module _stat', join(dir, 'secret.cjs'), join(dir, 'missing.cjs')],
    ] as const) {
      const call = (path: string) =>
        name === 'require absolute' ? `require(${JSON.stringify(path)})` : name === 'resolve with paths' ? `require.resolve(${JSON.stringify(path)}, { paths: [${JSON.stringify(dir)}] })` : name === 'module _stat' ? `require('module')._stat(${JSON.stringify(path)})` : `require.resolve(${JSON.stringify(path)})`;
      acts[`${name} there`] = call(there);
      acts[`${name} missing`] = call(missing);
    }
    acts['inside package'] = "require('inside-pkg')";
    writeFileSync(module, tryingModule(acts));
    const r = await run(['--rule', module, '--max', '3']);
    expect(r.code, r.stderr).toBe(0);
    const seen = outcomes(r.stderr);
    expect(Object.keys(seen).sort()).toEqual(Object.keys(acts).sort());
    for (const act of Object.keys(acts).filter((name) => name.endsWith(' there'))) {
      const twin = act.replace(/ there$/, ' missing');
      // The same answer either way, and never the file itself.
      expect(seen[act], `${act} (${r.stderr})`).toBe(seen[twin]);
      expect(seen[act], act).not.toMatch(/^ok \//);
    }
    expect(seen['resolve absolute there']).toBe('ERR_ACCESS_DENIED');
    expect(seen['resolve relative there']).toBe('ERR_ACCESS_DENIED');
    expect(seen['inside package']).toBe('ok inside');
  });
});

describe("the sandbox's working folder", () => {
  it('is not left behind when sg-explore is killed with SIGKILL', async () => {
    const { module } = moduleAt("console.error('started');\nexport function options(n) { const until = Date.now() + 5; while (Date.now() < until); return n > 0 ? [[n - 1]] : []; }\n");
    // A temporary folder of this test's own, so no other run's folders are counted.
    const temporary = scratch.fresh('tmp');
    const k = await run(['--rule', module, '--max', '100000'], { env: { TMPDIR: temporary }, until: ({ stderr }) => stderr.includes('started'), signal: 'SIGKILL' });
    expect(k.signal).toBe('SIGKILL');
    // The supervisor ends the sandbox once sg-explore is gone; give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(readdirSync(temporary)).toEqual([]);
  });

  it('a module has no working folder to write beside: process.cwd() fails and a relative path is refused, not read from elsewhere', async () => {
    const acts = {
      cwd: 'process.cwd()',
      'relative read': "require('node:fs').readFileSync('rule.mjs', 'utf8')",
    };
    const { module } = moduleAt(tryingModule(acts));
    const r = await run(['--rule', module, '--max', '3']);
    expect(r.code, r.stderr).toBe(0);
    const seen = outcomes(r.stderr);
    expect(seen.cwd, r.stderr).toBe('ENOENT');
    expect(seen['relative read'], r.stderr).toBe('ERR_ACCESS_DENIED');
  });
});
