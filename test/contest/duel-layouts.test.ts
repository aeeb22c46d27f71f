import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { expectBadInput } from '../helpers/cli.js';
import { scratchDirectories } from '../helpers/scratch.js';

/**
 * `duel` in every layout it draws: pairs of piles, an exact number of heaps
 * and a least heap size, a rule in each case (S-Nim), sentinel and
 * end-of-file layouts, count and moves answers. The solutions are node
 * scripts written here from the games' own rules (a mex, Wythoff by
 * exhaustive search), right and wrong.
 */
const dirs = scratchDirectories('duel-layouts');
const PATIENT = ['--time-limit', '60'];

function script(name: string, body: string): string {
  const path = join(dirs.fresh(name), `${name}.js`);
  writeFileSync(path, `const t = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).filter(Boolean).map(Number);\nlet at = 0;\nconst next = () => t[at++];\nconst out = [];\n${body}\nprocess.stdout.write(out.join('\\n') + '\\n');\n`);
  return path;
}

/** S-Nim: rules until a 0, each with m positions of a count and heaps; a line of W/L per rule (`flip` answers one position wrong where the xor is 3). */
const SNIM = (flip: boolean) => `
for (;;) {
  const k = next(); if (!k) break;
  const s = Array.from({ length: k }, next);
  const g = [];
  for (let n = 0; n <= 20; n++) { const seen = new Set(s.filter((m) => m <= n).map((m) => g[n - m])); let v = 0; while (seen.has(v)) v++; g.push(v); }
  const m = next(); let line = '';
  for (let p = 0; p < m; p++) { const l = next(); let x = 0; for (let i = 0; i < l; i++) x ^= g[next()]; line += (x && !(${flip} && x === 3)) ? 'W' : 'L'; }
  out.push(line);
}`;

describe('duel in every layout it draws', () => {
  it('S-Nim: a rule in each case, cases until the sentinel 0, answers joined on a line', async () => {
    const args = ['duel', '--moves', '-', '--input', 'until', '--answer', 'winner', '--words', 'W,L', '--between', '', ...PATIENT, '--seed', '4'];
    const right = await runMain([...args, '--cases', '15', '--solution', `node ${script('snim', SNIM(false))}`]);
    expect(right.stderr).toBe('');
    expect(right.stdout).toBe('all 15 cases agree (--seed 4; 1 to 5 heaps of 0 to 20, 1 to 5 cases a run; --input until --answer winner)\n');
    const wrong = await runMain([...args, '--cases', '200', '--solution', `node ${script('snim-wrong', SNIM(true))}`]);
    expect(wrong.stderr).toBe("");
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(/^case \d+ of 200 \(--seed 4\): wrong answer\ninput:\n/);
  });

  it('pairs of piles to the end of the input (Wythoff, by exhaustive search), exactly 1 component, each pile at least 1', async () => {
    const body = `
const lost = [];
for (let x = 0; x <= 30; x++) { lost.push([]); for (let y = 0; y <= 30; y++) { let any = false; for (let k = 1; k <= Math.max(x, y) && !any; k++) any = (k <= x && lost[x - k][y]) || (k <= y && lost[x][y - k]) || (k <= x && k <= y && lost[x - k][y - k]); lost[x].push(!any); } }
while (at < t.length) { const x = next(), y = next(); out.push(lost[x][y] ? '0' : '1'); }`;
    const run = await runMain(['duel', '--preset', 'wythoff', '--input', 'eof', '--components', '1', '--answer', 'winner', '--words', '1,0', '--smallest', '1', '--largest', '30', ...PATIENT, '--cases', '15', '--seed', '9', '--solution', `node ${script('wythoff', body)}`]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('all 15 cases agree (--seed 9; 1 component of 1 to 30, 1 to 5 cases a run; --input eof --answer winner)\n');
  });

  it('exactly 3 heaps of at least 1 each, --answer count, cases until 0 0 0: the input it draws has them', async () => {
    // A solution that prints the input back: every case differs, so duel shows the input it drew.
    const echo = script('echo', "out.push(t.join(' '));");
    const run = await runMain(['duel', '--preset', 'nim', '--input', 'until', '--sentinel', '0 0 0', '--components', '3', '--answer', 'count', '--smallest', '1', '--largest', '9', '--seed', '2', ...PATIENT, '--solution', `node ${echo}`]);
    expect(run.code).toBe(1);
    const input = /input:\n((?: {2}.*\n)+)/.exec(run.stdout)![1]!.replace(/^ {2}/gm, '').trim().split('\n');
    expect(input.at(-1)).toBe('0 0 0');
    for (const line of input.slice(0, -1)) {
      const heaps = line.split(' ').map(Number);
      expect(heaps.length).toBe(3);
      expect(heaps.every((h) => h >= 1 && h <= 9)).toBe(true);
    }
    // The expected answer: the number of heaps h with h xor s < h (Nim's winning moves), a line a case.
    const expected = /expected:\n((?: {2}.*\n)+)/.exec(run.stdout)![1]!.replace(/^ {2}/gm, '').trim().split('\n');
    expect(expected).toEqual(input.slice(0, -1).map((line) => {
      const heaps = line.split(' ').map(Number);
      const s = heaps.reduce((a, b) => a ^ b, 0);
      return String(s === 0 ? 0 : heaps.filter((h) => (h ^ s) < h).length);
    }));
  });

  it('--per-run 7..7: each run holds exactly 7 cases (the count line says 7, and 7 cases follow)', async () => {
    const echo = script('echo-cases', "out.push(t.join(' '));");
    const run = await runMain(['duel', '--preset', 'nim', '--input', 'cases', '--answer', 'count', '--per-run', '7..7', '--seed', '3', ...PATIENT, '--solution', `node ${echo}`]);
    expect(run.code).toBe(1);
    const input = /input:\n((?: {2}.*\n)+)/.exec(run.stdout)![1]!.replace(/^ {2}/gm, '').trim().split('\n');
    expect(input[0]).toBe('7');
    // Each case: a count of heaps, then that many heaps; exactly 7 of them and nothing after.
    const tokens = input.slice(1).join(' ').split(' ').map(Number);
    let at = 0;
    for (let c = 0; c < 7; c++) at += tokens[at]! + 1;
    expect(at).toBe(tokens.length);
    const right = script('nim-count', 'for (let c = next(); c > 0; c--) { const h = Array.from({ length: next() }, next); const s = h.reduce((a, b) => a ^ b, 0); out.push(String(s ? h.filter((x) => (x ^ s) < x).length : 0)); }');
    const agree = await runMain(['duel', '--preset', 'nim', '--input', 'cases', '--answer', 'count', '--per-run', '7..7', '--cases', '5', '--seed', '3', ...PATIENT, '--solution', `node ${right}`]);
    expect(agree.stdout).toBe('all 5 cases agree (--seed 3; 1 to 5 heaps of 0 to 20, 7 cases a run; --input cases --answer count)\n');
    expectBadInput(await runMain(['duel', '--preset', 'nim', '--input', 'cases', '--per-run', '0..0', '--solution', 'x']), 'no case a run', { pattern: /--per-run/ });
  });

  it('--heaps A..B and --smallest are checked', async () => {
    expectBadInput(await runMain(['duel', '--preset', 'nim', '--smallest', '30', '--largest', '20', '--solution', 'x']), 'smallest above largest', { pattern: /--smallest 30 is more than --largest 20/ });
    expectBadInput(await runMain(['duel', '--preset', 'nim', '--heaps', '5..2', '--solution', 'x']), 'backward range', { pattern: /--heaps/ });
  });
});
