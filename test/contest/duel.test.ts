import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectBadInput, runCli, HANG_GUARD_S } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { scratchDirectories } from '../helpers/scratch.js';

/**
 * `sg-explore duel`: a contestant's program run on random positions and
 * judged against the exact answers. Right and wrong solutions are written
 * here, as node scripts (and as C programs where gcc is present).
 */
const dirs = scratchDirectories('duel');

/** A node script that answers P1247 (a count, the heaps): `pick` chooses the heap to move in among the winning ones. */
function p1247Script(dir: string, name: string, pick: 'first' | 'last'): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    `const t = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);
const k = t[0], a = t.slice(1, 1 + k);
const s = a.reduce((x, y) => x ^ y, 0);
if (!s) console.log('lose');
else {
  const winning = a.map((h, i) => ((h ^ s) < h ? i : -1)).filter((i) => i >= 0);
  const i = winning[${pick === 'first' ? '0' : 'winning.length - 1'}];
  const left = a[i] ^ s;
  console.log(a[i] - left, i + 1);
  a[i] = left;
  console.log(a.join(' ') + ' '); // a space at the end of the line, as many C programs print: judges ignore it
}
`,
  );
  return path;
}

const P1247 = ['--preset', 'nim', '--input', 'counted', '--answer', 'move'];
/** Node scripts start slowly on a busy machine (the full suite on 2 cores): a limit no right answer reaches. */
const PATIENT = ['--time-limit', '60'];

describe('sg-explore duel', () => {
  it('a right solution: every case agrees, one summary line, exit 0', async () => {
    const script = p1247Script(dirs.fresh('right'), 'right.js', 'first');
    const run = await runMain(['duel', ...P1247, ...PATIENT, '--cases', '12', '--seed', '7', '--solution', `node ${script}`]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('all 12 cases agree (--seed 7; 1 to 5 heaps of 0 to 20; --input counted --answer move)\n');
    expect(run.code).toBe(0);
  });

  it('a wrong solution (a winning move, but not the canonical one): the input, the expected and the received answer, exit 1', async () => {
    const script = p1247Script(dirs.fresh('wrong'), 'wrong.js', 'last');
    const run = await runMain(['duel', ...P1247, ...PATIENT, '--cases', '200', '--seed', '1', '--', process.execPath, script]);
    expect(run.code).toBe(1);
    const [head, ...rest] = run.stdout.split('\n');
    expect(head).toMatch(/^case \d+ of 200 \(--seed 1\): wrong answer$/);
    // Read the input back and check the expected answer by a brute force, and that the received one differs.
    const text = rest.join('\n');
    const section = (name: string) => /\n?([a-z]+):\n((?:  .*\n)+)/g;
    const parts: Record<string, string> = {};
    for (const m of text.matchAll(section(''))) parts[m[1]!] = m[2]!.replace(/^  /gm, '');
    const [k, ...heaps] = parts.input!.trim().split(/\s+/).map(Number);
    expect(heaps.length).toBe(k);
    const s = heaps.reduce((a, b) => a ^ b, 0);
    const first = heaps.findIndex((h) => (h ^ s) < h);
    const after = heaps.map((h, i) => (i === first ? h ^ s : h));
    expect(parts.expected).toBe(`${heaps[first]! - (heaps[first]! ^ s)} ${first + 1}\n${after.join(' ')}\n`);
    expect(parts.received).not.toBe(parts.expected);
  });

  it('a program that cannot start: one line, exit 2', async () => {
    expectBadInput(await runMain(['duel', ...P1247, '--solution', join(dirs.root, 'no-such-program')]), 'missing', { pattern: /--solution '.*no-such-program': cannot start it: no such program/ });
    const dir = dirs.fresh('noexec');
    const path = join(dir, 'a.out');
    writeFileSync(path, 'not a program');
    chmodSync(path, 0o644);
    expectBadInput(await runMain(['duel', ...P1247, '--solution', path]), 'not executable', { pattern: /cannot start it: permission denied/ });
  });

  it('a solution that hangs is stopped after --time-limit; one that fails shows its exit code and stderr', async () => {
    const dir = dirs.fresh('bad');
    writeFileSync(join(dir, 'hang.js'), 'setInterval(() => {}, 1000);');
    writeFileSync(join(dir, 'fail.js'), "process.stderr.write('segfault, sort of\\n'); process.exit(3);");
    const hang = await runMain(['duel', '--preset', 'nim', '--time-limit', '0.5', '--seed', '2', '--solution', `node ${join(dir, 'hang.js')}`]);
    expect(hang.code).toBe(1);
    expect(hang.stdout).toMatch(/^case 1 of 100 \(--seed 2\): no answer within 0.5 s \(the solution was stopped\)\ninput:\n {2}[\d ]+\nexpected:\n {2}(Yes|No)\nreceived:\n {2}\(nothing\)\n$/);
    expect(hang.seconds).toBeLessThan(HANG_GUARD_S);
    const fail = await runMain(['duel', '--preset', 'nim', ...PATIENT, '--seed', '2', '--solution', `node ${join(dir, 'fail.js')}`]);
    expect(fail.code).toBe(1);
    expect(fail.stdout).toMatch(/^case 1 of 100 \(--seed 2\): the solution exited with code 3\n[^]*its stderr:\n {2}segfault, sort of\n$/);
  });

  it('Ctrl-C stops it within a second, and the solution with it', async () => {
    const dir = dirs.fresh('sigint');
    const pidFile = join(dir, 'pid');
    // The pid is written beside and renamed into place: the file is there only with its content.
    writeFileSync(join(dir, 'hang.js'), `const fs = require('fs'); fs.writeFileSync(${JSON.stringify(pidFile + '.new')}, String(process.pid)); fs.renameSync(${JSON.stringify(pidFile + '.new')}, ${JSON.stringify(pidFile)}); setInterval(() => {}, 1000);`);
    const run = await runCli(['duel', '--preset', 'nim', '--time-limit', '60', '--seed', '3', '--solution', `node ${join(dir, 'hang.js')}`], { until: () => existsSync(pidFile), timeoutMs: 60_000 });
    expect(run.timedOut).toBe(false);
    expect(run.code).toBe(130);
    expect(run.secondsAfterSignal).toBeLessThan(HANG_GUARD_S);
    expect(run.stderr).toBe('sg-explore: stopped by SIGINT (0 of 100 cases agreed so far; --seed 3 runs them again)\n');
    // The solution was killed on the way out: no process with its id is left, or only its zombie (where no init reaps it).
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    let state = 'gone';
    try {
      process.kill(pid, 0);
      state = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0]! : 'running';
    } catch {
      // no such process
    }
    expect(['gone', 'Z']).toContain(state);
  });

  it('flags duel does not take, or without a solution, are refused in one line', async () => {
    expectBadInput(await runMain(['duel', '--preset', 'nim']), 'no solution', { pattern: /duel needs the program to test/ });
    expectBadInput(await runMain(['duel', '--preset', 'nim', '--position', '3', '--solution', 'x']), '--position', { pattern: /duel does not take --position: it draws random positions itself/ });
    expectBadInput(await runMain(['duel', '--preset', 'wythoff', '--solution', 'x']), 'two piles', { pattern: /duel draws positions of heaps/ });
    expectBadInput(await runMain(['duel', '--preset', 'nim', '--solution', 'x', '--time-limit', '0']), 'time limit', { pattern: /--time-limit: '0' is not a number of seconds/ });
    expectBadInput(await runMain(['duel', '--preset', 'nim', '--solution', 'x', '--', 'y']), 'twice', { pattern: /give the solution once/ });
  });

  it('C programs, compiled with gcc where it is present: Kayles in the cases layout, a right and a wrong one', async (context) => {
    let gcc = true;
    try {
      execFileSync('gcc', ['--version'], { stdio: 'ignore' });
    } catch {
      gcc = false;
    }
    if (!gcc) return context.skip();
    const dir = dirs.fresh('c');
    // Kayles' values: the memoised mex over "take 1 or 2 adjacent pins, leaving two rows".
    const source = (wrongAt: string) => `#include <stdio.h>
int g[200];
int main(void) {
  for (int n = 0; n < 200; n++) {
    int seen[256] = {0};
    for (int t = 1; t <= 2; t++) for (int a = 0; a <= n - t - a; a++) seen[g[a] ^ g[n - t - a]] = 1;
    int v = 0; while (seen[v]) v++; g[n] = v;
  }
  int T; if (scanf("%d", &T) != 1) return 1;
  while (T--) {
    int k, x = 0; scanf("%d", &k);
    for (int i = 0; i < k; i++) { int h; scanf("%d", &h); x ^= ${wrongAt}; }
    puts(x ? "First" : "Second");
  }
  return 0;
}
`;
    const build = (name: string, wrongAt: string) => {
      writeFileSync(join(dir, `${name}.c`), source(wrongAt));
      execFileSync('gcc', ['-O2', '-o', join(dir, name), join(dir, `${name}.c`)]);
      return join(dir, name);
    };
    const right = build('right', 'g[h]');
    const wrong = build('wrong', 'h % 4'); // Kayles is not Bash: wrong from heap 4 on
    const args = ['duel', ...PATIENT, '--preset', 'kayles', '--input', 'cases', '--answer', 'winner', '--words', 'First,Second', '--largest', '60', '--seed', '11'];
    const good = await runMain([...args, '--cases', '100', '--solution', right]);
    expect([good.code, good.stdout]).toEqual([0, 'all 100 cases agree (--seed 11; 1 to 5 heaps of 0 to 60, 1 to 5 cases a run; --input cases --answer winner)\n']);
    const bad = await runMain([...args, '--cases', '100', '--solution', wrong]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/^case \d+ of 100 \(--seed 11\): wrong answer\ninput:\n/);
  });
});
