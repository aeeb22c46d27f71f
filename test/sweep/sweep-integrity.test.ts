/**
 * A resumed or merged sweep never mixes two computations: each case stops a
 * real sweep with a signal (or writes shards), changes something between the
 * two runs, and checks that the second run refuses, or does the right thing.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT, expectBadInput, runCli, type CliRun } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { scratchDirectories } from '../helpers/scratch.js';
import type { SweepRow } from '../../src/sweep/row.js';

const scratch = scratchDirectories('sweep-integrity');
const WORKER = join(ROOT, 'dist/workers/sweep-rule.js');

/** 63 octal codes, a few running to the limit: a sweep of them on one thread takes a moment, time to stop it. */
const OCTAL = ['--family', 'octal', '--digits', '1-2', '--limit', '2^12'];
const CODES = Array.from({ length: 63 }, (_, i) => (i < 7 ? `0.${i + 1}` : `0.${Math.floor((i - 7) / 7)}${((i - 7) % 7) + 1}`));

const lines = (text: string) => text.split('\n').filter((l) => l !== '');
const rowsOf = (path: string) => lines(readFileSync(path, 'utf8')).filter((l) => !l.startsWith('{"sweep"')).map((l) => JSON.parse(l) as SweepRow);
const rowCount = (path: string) => (existsSync(path) ? rowsOf(path).length : 0);

/** Start `args` and stop it with SIGINT once `path` holds `rows` rows. */
async function stopped(args: readonly string[], cwd: string, path: string, rows: number, env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  const run = await runCli(['sweep', ...args], { cwd, env, until: () => rowCount(path) >= rows, untilMs: 20_000 });
  expect(run.code, run.stderr).toBe(130);
  expect(rowCount(path), 'stopped before the end').toBeLessThan(63);
  return run;
}

describe('--resume of a --rules list', () => {
  it('an edited list is refused, naming the first line that differs and both texts; a list that only reads differently resumes', async () => {
    const dir = scratch.fresh('list');
    const list = join(dir, 'rm.txt');
    const out = join(dir, 'rm.jsonl');
    writeFileSync(list, CODES.map((c) => `code ${c}`).join('\n') + '\n');
    await stopped(['--rules', list, '--limit', '2^12', '--threads', '1', '--out', out], dir, out, 4);
    const partial = readFileSync(out, 'utf8');
    expect(JSON.parse(lines(partial)[0]!).sweep.rules).toMatch(/^sha256:[0-9a-f]{64}$/);

    // Every line replaced: refused, naming line 1 (the first rule swept) with both texts.
    writeFileSync(list, CODES.map((_, i) => `moves ${i + 1}`).join('\n') + '\n');
    const refused = await runMain(['sweep', '--rules', list, '--limit', '2^12', '--out', out, '--resume']);
    expectBadInput(refused, 'every line replaced', {
      pattern: /--rules .*rm\.txt:1 reads 'moves 1' now, but .*rm\.jsonl was swept with 'octal 0\.1' there \(rule #0\); the list changed since that sweep began/,
    });
    expect(readFileSync(out, 'utf8')).toBe(partial);
    expect(existsSync(`${out}.lock`)).toBe(false);

    // Only the last line changed, past the rules swept: the digest tells.
    writeFileSync(list, CODES.map((c, i) => (i === 62 ? 'moves 1,2,3' : `code ${c}`)).join('\n') + '\n');
    expectBadInput(await runMain(['sweep', '--rules', list, '--limit', '2^12', '--out', out, '--resume']), 'last line changed', {
      pattern: /rm\.txt: the list is not the one .*rm\.jsonl was started with \(its digest differs; the rules swept so far agree with it up to line \d+, so a line after that differs\)/,
    });

    // The same rules in other words, with a comment: the same list.
    writeFileSync(list, '# octal codes\n' + CODES.map((c) => `octal ${c}`).join('\n') + '\n');
    const resumed = await runMain(['sweep', '--rules', list, '--limit', '2^12', '--out', out, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    const clean = await runMain(['sweep', ...OCTAL, '--format', 'jsonl']);
    expect(rowsOf(out)).toEqual(lines(clean.stdout).map((l) => JSON.parse(l)));
  });
});

describe('--resume computes error rows again', () => {
  it('rows that failed in the first run (a worker that crashed) get results in the second; readers take the result', async () => {
    const dir = scratch.fresh('errors');
    const out = join(dir, 'octal.jsonl');
    // A worker that dies on octal 0.3 (the third rule): its row is an error, as under a memory limit.
    const crashing = join(dir, 'crashing-worker.mjs');
    writeFileSync(
      crashing,
      `import handle, { taskJobs } from ${JSON.stringify(pathToFileURL(WORKER).href)};\n` +
        `export default function (task) {\n` +
        `  if (task.type !== 'probe' && [...taskJobs(task)].some((j) => j.rule.kind === 'take-and-break' && j.rule.code.digits.join('') === '03')) process.exit(7);\n` +
        `  return handle(task);\n}\n`,
    );
    await stopped([...OCTAL, '--threads', '1', '--out', out], dir, out, 8, { SG_EXPLORE_SWEEP_WORKER: crashing });
    expect(rowsOf(out).filter((r) => r.kind === 'error').map((r) => r.rule)).toEqual(['octal 0.3']);

    const resumed = await runCli(['sweep', ...OCTAL, '--out', out, '--resume'], { cwd: dir });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/^sg-explore: note: 1 rule in .*octal\.jsonl failed before \(rows with kind=error\); it is computed again/);
    const rows = rowsOf(out);
    // The error row stays where it was written; the new row for the rule is appended after it.
    const again = rows.filter((r) => r.rule === 'octal 0.3');
    expect(again.map((r) => r.kind)).toEqual(['error', 'periodic']);
    // A view holds one row per rule, the result and not the error: the rows of a clean run.
    const view = await runMain(['sweep', '--from', out, '--format', 'jsonl']);
    const clean = await runMain(['sweep', ...OCTAL, '--format', 'jsonl']);
    expect(view.stdout).toBe(clean.stdout);
    // Nothing left to retry.
    const third = await runMain(['sweep', ...OCTAL, '--out', out, '--resume']);
    expect([third.code, third.stderr]).toEqual([0, '']);
  });
});

describe('--merge refuses rows that do not belong, and shards that disagree', () => {
  it('a row whose rule is not the family rule at its index, and two files that disagree on one rule, are errors naming the files and the rule', async () => {
    const dir = scratch.fresh('merge');
    const shard = (i: number) => join(dir, `part${i}.jsonl`);
    // Shard 1 stopped by a signal and resumed; shard 2 in one go.
    await stopped([...OCTAL, '--threads', '1', '--shard', '1/2', '--out', shard(1)], dir, shard(1), 3);
    expect((await runMain(['sweep', ...OCTAL, '--shard', '1/2', '--out', shard(1), '--resume'])).code).toBe(0);
    expect((await runMain(['sweep', ...OCTAL, '--shard', '2/2', '--out', shard(2)])).code).toBe(0);
    const good = await runMain(['sweep', '--merge', shard(1), shard(2), '--format', 'jsonl']);
    expect(good.code, good.stderr).toBe(0);
    expect(lines(good.stdout)).toHaveLength(63);

    // A row that is not the family's at its index.
    const edited = join(dir, 'part1-edited.jsonl');
    writeFileSync(edited, readFileSync(shard(1)));
    appendFileSync(edited, '{"index":99999,"rule":"octal 0.99","kind":"periodic","preperiod":0,"period":1,"saltus":0,"proven":true,"method":"guy-smith","maxValue":0,"computed":10,"error":null}\n');
    const merged = join(dir, 'merged.jsonl');
    expectBadInput(await runMain(['sweep', '--merge', edited, shard(2), '--out', merged]), 'foreign rule', {
      pattern: /--merge .*part1-edited\.jsonl:34: the row of 'octal 0\.99' has index 99999, but octal codes 0\.d1\.\.dD with D = 1 to 2 digits \(shard 1\/2\) has no rule #99999/,
    });
    writeFileSync(edited, readFileSync(shard(1), 'utf8').replace('"index":2,"rule":"octal 0.3"', '"index":2,"rule":"octal 0.77"'));
    expectBadInput(await runMain(['sweep', '--merge', edited, shard(2), '--out', merged]), 'moved rule', { pattern: /part1-edited\.jsonl:3: the row of 'octal 0\.77' has index 2, but rule #2 of octal codes .* is 'octal 0\.3'/ });
    expect(existsSync(merged)).toBe(false);

    // A whole sweep beside the shards, one of its rows changed: the files disagree on that rule.
    const whole = join(dir, 'whole.jsonl');
    expect((await runMain(['sweep', ...OCTAL, '--out', whole])).code).toBe(0);
    const text = readFileSync(whole, 'utf8');
    const kayles = lines(text).find((l) => l.includes('"rule":"octal 0.77"'))!;
    writeFileSync(whole, text.replace(kayles, kayles.replace('"period":12', '"period":13')));
    for (const target of [['--out', merged], ['--format', 'jsonl']]) {
      const refused = await runMain(['sweep', '--merge', shard(1), shard(2), whole, ...target]);
      expectBadInput(refused, 'disagreeing files', { pattern: /--merge: .*part\d\.jsonl and .*whole\.jsonl disagree on 'octal 0\.77' \(rule #\d+\): period 12 in .*part\d\.jsonl, 13 in .*whole\.jsonl/ });
    }
    expect(existsSync(merged)).toBe(false);
    // --from shows such files all the same (the first file's row), and says so.
    const view = await runMain(['sweep', '--from', shard(1), shard(2), whole, '--format', 'jsonl']);
    expect(view.code).toBe(0);
    expect(view.stdout).toBe(good.stdout);
    expect(view.stderr).toMatch(/^sg-explore: note: .*part\d\.jsonl and .*whole\.jsonl disagree on 1 rule \(the first, 'octal 0\.77' \(rule #\d+\): period 12 in/);
  });
});

describe('what else a results file records', () => {
  it('the default limits (another version) and each row against the family: a file that differs is not resumed', async () => {
    const dir = scratch.fresh('record');
    const out = join(dir, 'small.jsonl');
    const SMALL = ['--family', 'subtraction', '--size', '1-2', '--max-move', '6'];
    expect((await runMain(['sweep', ...SMALL, '--out', out])).code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(JSON.parse(lines(text)[0]!).sweep.defaults).toMatch(/^subtraction 65536, all-but 65536, take-and-break 1048576, /);
    writeFileSync(out, text.replace('subtraction 65536', 'subtraction 4096'));
    expectBadInput(await runMain(['sweep', ...SMALL, '--out', out, '--resume']), 'other defaults', { pattern: /it holds a sweep of the default limits subtraction 4096, .* \(another version of sg-explore\)/ });
    // A row moved to another index (the last rows cut off, as an interrupted sweep leaves them).
    const moved = lines(text).slice(0, 10).join('\n').replace('"index":3,"rule":"subtraction {4}"', '"index":3,"rule":"subtraction {5}"') + '\n';
    writeFileSync(out, moved);
    expectBadInput(await runMain(['sweep', ...SMALL, '--out', out, '--resume']), 'moved row', { pattern: /--out .*small\.jsonl:5: the row of 'subtraction \{5\}' has index 3, but rule #3 of subtraction sets of size 1 to 2 with moves up to 6 is 'subtraction \{4\}'/ });
    expect(readFileSync(out, 'utf8')).toBe(moved);
  });
});
