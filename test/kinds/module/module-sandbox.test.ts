import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDirectories } from '../../helpers/scratch.js';
import { expectBadInput, runCli, stderrMessages, HANG_GUARD_S } from '../../helpers/cli.js';

/**
 * Rule modules run sandboxed (src/custom/sandbox.ts): each act a module
 * someone sent you might try is refused or contained, and --trust-module
 * lifts the limits. Every run is the built program in a process of its own,
 * as a user runs it.
 */
const scratch = scratchDirectories('module-sandbox');
const run = (args: readonly string[], options: Parameters<typeof runCli>[1] = {}) => runCli(args, { timeoutMs: 30_000, ...options });

/** A module in a folder of its own (what it may read), beside a file it may not read. */
function sandboxed(source: string | ((outside: string) => string)): { module: string; dir: string; outside: string } {
  const dir = scratch.fresh('case');
  mkdirSync(join(dir, 'module'));
  const module = join(dir, 'module', 'rule.mjs');
  const outside = join(dir, 'secret.txt');
  writeFileSync(module, typeof source === 'string' ? source : source(outside));
  writeFileSync(outside, 'the secret\n');
  return { module, dir, outside };
}

/** Subtraction {1}: G(n) = n mod 2, after `act` at heap `at`. */
const takeOne = (act: string, at = 3) => `export function options(n) { if (n === ${at}) { ${act} } return n > 0 ? [[n - 1]] : []; }\n`;

/** Whether a process with this id exists (signal 0 sends nothing). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  return !alive(pid);
}

describe('the rule module sandbox', () => {
  it('refuses reading outside the module folder, and reads inside it; --trust-module lifts the limit', async () => {
    const { module, outside } = sandboxed(
      (outside) =>
        "import { readFileSync } from 'node:fs';\n" +
        "const mine = readFileSync(new URL('./moves.json', import.meta.url), 'utf8');\n" +
        `export function options(n) { if (n === 2) console.error('read: ' + readFileSync(${JSON.stringify(outside)}, 'utf8').trim()); return JSON.parse(mine).filter((t) => t <= n).map((t) => [n - t]); }\n`,
    );
    writeFileSync(join(module, '..', 'moves.json'), '[1, 2]');
    const refused = expectBadInput(await run(['--rule', module, '--max', '5']), 'read outside');
    expect(refused).toContain(`rule module rule.mjs: options(2) threw: the sandbox refused reading ${outside} (a module may read only its own folder); run with --trust-module`);
    const trusted = await run(['--rule', module, '--max', '5', '--format', 'csv', '--trust-module']);
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(trusted.stderr).toBe('read: the secret\n');
    // Subtraction {1, 2}, from the module's own data file: G(n) = n mod 3.
    expect(trusted.stdout.trim().split(/\r?\n/).slice(1).map((row) => Number(row.split(',')[1]))).toEqual([0, 1, 2, 0, 1, 2]);
  });

  it('refuses writing a file, even in its own folder', async () => {
    const { module, dir } = sandboxed("import { writeFileSync } from 'node:fs';\nwriteFileSync(new URL('./written.txt', import.meta.url), 'x');\n" + takeOne(''));
    expectBadInput(await run(['--rule', module, '--max', '5']), 'write', { pattern: /rule module rule\.mjs: failed to load: the sandbox refused writing .*written\.txt; run with --trust-module/ });
    expect(existsSync(join(dir, 'module', 'written.txt'))).toBe(false);
  });

  it('refuses starting a process or a worker thread', async () => {
    const spawning = sandboxed("import { spawnSync } from 'node:child_process';\n" + takeOne("spawnSync('true');"));
    expectBadInput(await run(['--rule', spawning.module, '--max', '5']), 'spawn', { pattern: /rule module rule\.mjs: options\(3\) threw: the sandbox refused starting a process/ });
    const threads = sandboxed("import { Worker } from 'node:worker_threads';\n" + takeOne("new Worker('1', { eval: true });"));
    expectBadInput(await run(['--rule', threads.module, '--max', '5']), 'worker', { pattern: /rule module rule\.mjs: options\(3\) threw: the sandbox refused starting a worker thread/ });
  });

  it('a module that SIGKILLs its parent is refused; a trusted one ends only its sandbox, and sg-explore says so in one line', async () => {
    const { module } = sandboxed(takeOne("process.kill(process.ppid, 'SIGKILL');"));
    expectBadInput(await run(['--rule', module, '--max', '50']), 'kill parent', { pattern: /rule module rule\.mjs: options\(3\) threw: the sandbox refused signalling process \d+ \(a module may act only on its own process\)/ });
    // Trusted, the signal is sent: it reaches the supervisor, not sg-explore.
    const r = await run(['--rule', module, '--max', '50', '--format', 'csv', '--trust-module']);
    expect(r.signal).toBeNull();
    expectBadInput(r, 'kill parent', { pattern: /rule module rule\.mjs: its sandbox was ended by SIGKILL \(a module that signals its parent ends only its sandbox/ });
    // Its own process group is the sandbox's, not sg-explore's.
    const group = sandboxed(takeOne("process.kill(0, 'SIGKILL');"));
    expectBadInput(await run(['--rule', group.module, '--max', '50', '--trust-module']), 'kill group', { pattern: /its sandbox was ended by SIGKILL/ });
  });

  it("a write to file descriptor 1 goes to stderr, never ahead of the CSV header; the module sees none of sg-explore's environment", async () => {
    const { module } = sandboxed("import { writeSync } from 'node:fs';\nwriteSync(1, 'straight to fd 1\\n');\nconsole.log('secret is ' + process.env.SG_SANDBOX_SECRET);\n" + takeOne(''));
    const r = await run(['--rule', module, '--max', '3', '--format', 'csv'], { env: { SG_SANDBOX_SECRET: 'hunter2' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('n,grundy,outcome\r\n0,0,P\r\n1,1,N\r\n2,0,P\r\n3,1,N\r\n');
    expect(r.stderr).toBe('straight to fd 1\nsecret is undefined\n');
  });

  it("a trusted module's child processes end with the run, also when sg-explore is stopped by SIGTERM", async () => {
    // The module starts a long sleep, says its id, and works on slowly.
    const source =
      "import { spawn } from 'node:child_process';\n" +
      "const child = spawn('sleep', ['60'], { stdio: 'ignore' });\n" +
      "console.error('child ' + child.pid);\n" +
      'export function options(n) { const until = Date.now() + 2; while (Date.now() < until); return n > 0 ? [[n - 1]] : []; }\n';
    const finished = sandboxed(source);
    const r = await run(['--rule', finished.module, '--max', '3', '--trust-module']);
    expect(r.code, r.stderr).toBe(0);
    expect(await gone(Number(/child (\d+)/.exec(r.stderr)![1]))).toBe(true);

    const stopped = sandboxed(source);
    const s = await run(['--rule', stopped.module, '--max', '100000', '--trust-module'], { until: ({ stderr }) => /child \d+/.test(stderr), signal: 'SIGTERM' });
    expect(s.code, s.stderr).toBe(143);
    expect(s.secondsAfterSignal!).toBeLessThan(HANG_GUARD_S);
    expect(stderrMessages(s.stderr).at(-1)).toMatch(/stopped by SIGTERM/);
    expect(await gone(Number(/child (\d+)/.exec(s.stderr)![1]))).toBe(true);

    // Even a SIGKILL of sg-explore: the supervisor sees its channel close and ends the group.
    const killed = sandboxed(source);
    const k = await run(['--rule', killed.module, '--max', '100000', '--trust-module'], { until: ({ stderr }) => /child \d+/.test(stderr), signal: 'SIGKILL' });
    expect(k.signal).toBe('SIGKILL');
    expect(await gone(Number(/child (\d+)/.exec(k.stderr)![1]))).toBe(true);
  });
});
