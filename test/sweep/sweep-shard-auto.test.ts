/**
 * `sweep --shard auto` and `--shard auto/N`: the shard read from the
 * environment of a Slurm array task, a Kubernetes Indexed Job's pod or a GNU
 * parallel job. Parsing is checked in-process, engine by engine and refusal
 * by refusal; then each engine's shards run as separate processes, and their
 * --merge must be the unsharded sweep's file byte for byte.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAutoShard } from '../../src/cli/shard-auto.js';
import { InputError } from '../../src/core/errors.js';
import { expectBadInput, runCli, type CliRun } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { scratchDirectories } from '../helpers/scratch.js';

const scratch = scratchDirectories('shard-auto');

/** Every variable --shard auto reads, unset: the machine running the tests may be a Slurm task itself. */
const CLEAN: NodeJS.ProcessEnv = Object.fromEntries(
  ['ID', 'MIN', 'MAX', 'COUNT', 'STEP'].map((v) => [`SLURM_ARRAY_TASK_${v}`, undefined]).concat([
    ['JOB_COMPLETION_INDEX', undefined],
    ['PARALLEL_SEQ', undefined],
  ]),
);

const resolve = (text: string, env: Record<string, string>) => resolveAutoShard(text, env);
/** The one-line refusal of `--shard TEXT` in `env`. */
function refusal(text: string, env: Record<string, string>): string {
  try {
    resolveAutoShard(text, env);
  } catch (error) {
    expect(error, String(error)).toBeInstanceOf(InputError);
    const message = (error as InputError).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error(`--shard ${text} with ${JSON.stringify(env)} was not refused`);
}

describe('--shard auto: parsing', () => {
  it('an explicit i/n is left to parseShard', () => {
    expect(resolve('2/8', { SLURM_ARRAY_TASK_ID: '3' })).toBeNull();
    expect(resolve('autox', {})).toBeNull();
  });

  it('Slurm with COUNT: ids from MIN, any MIN', () => {
    const count = (id: number, min: number) => resolve('auto', { SLURM_ARRAY_TASK_ID: String(id), SLURM_ARRAY_TASK_MIN: String(min), SLURM_ARRAY_TASK_COUNT: '8' });
    expect(count(0, 0)).toEqual({ shard: { index: 1, count: 8 }, source: 'shard 1/8 from SLURM_ARRAY_TASK_ID=0 (MIN 0, COUNT 8)' });
    expect(count(2, 0)!.source).toBe('shard 3/8 from SLURM_ARRAY_TASK_ID=2 (MIN 0, COUNT 8)');
    expect(count(7, 0)!.shard).toEqual({ index: 8, count: 8 });
    expect(count(1, 1)!.shard).toEqual({ index: 1, count: 8 });
    expect(count(8, 1)!.shard).toEqual({ index: 8, count: 8 });
    expect(count(100, 100)!.shard).toEqual({ index: 1, count: 8 });
    expect(count(107, 100)!.shard).toEqual({ index: 8, count: 8 });
  });

  it('Slurm with MIN and MAX (no COUNT), from 0 and from 1; COUNT, when also given, must agree', () => {
    expect(resolve('auto', { SLURM_ARRAY_TASK_ID: '31', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_MAX: '31' })).toEqual({
      shard: { index: 32, count: 32 },
      source: 'shard 32/32 from SLURM_ARRAY_TASK_ID=31 (MIN 0, MAX 31)',
    });
    expect(resolve('auto', { SLURM_ARRAY_TASK_ID: '1', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_MAX: '32' })!.shard).toEqual({ index: 1, count: 32 });
    // What Slurm sets for --array=0-31 (STEP 1 included): all of it agrees.
    const full = { SLURM_ARRAY_TASK_ID: '5', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_MAX: '31', SLURM_ARRAY_TASK_COUNT: '32', SLURM_ARRAY_TASK_STEP: '1' };
    expect(resolve('auto', full)).toEqual({ shard: { index: 6, count: 32 }, source: 'shard 6/32 from SLURM_ARRAY_TASK_ID=5 (MIN 0, COUNT 32)' });
    // auto/N with Slurm: N must be the array's size.
    expect(resolve('auto/32', full)!.shard).toEqual({ index: 6, count: 32 });
    expect(refusal('auto/8', full)).toBe('--shard auto/8: the Slurm array has 32 tasks (MIN 0, COUNT 32), not 8; give --shard auto, or auto/32');
  });

  it('Slurm with a step: --array=5-20:5 is four shards', () => {
    const step = (id: number) => resolve('auto', { SLURM_ARRAY_TASK_ID: String(id), SLURM_ARRAY_TASK_MIN: '5', SLURM_ARRAY_TASK_MAX: '20', SLURM_ARRAY_TASK_STEP: '5', SLURM_ARRAY_TASK_COUNT: '4' });
    expect([5, 10, 15, 20].map((id) => step(id)!.shard)).toEqual([1, 2, 3, 4].map((index) => ({ index, count: 4 })));
    expect(step(15)!.source).toBe('shard 3/4 from SLURM_ARRAY_TASK_ID=15 (MIN 5, COUNT 4, STEP 5)');
    expect(refusal('auto', { SLURM_ARRAY_TASK_ID: '7', SLURM_ARRAY_TASK_MIN: '5', SLURM_ARRAY_TASK_MAX: '20', SLURM_ARRAY_TASK_STEP: '5' })).toBe(
      "--shard auto: SLURM_ARRAY_TASK_ID=7 is not on the array's step (MIN 5, MAX 20, STEP 5)",
    );
    expect(refusal('auto', { SLURM_ARRAY_TASK_ID: '5', SLURM_ARRAY_TASK_MIN: '5', SLURM_ARRAY_TASK_MAX: '21', SLURM_ARRAY_TASK_STEP: '5' })).toMatch(
      /^--shard auto: SLURM_ARRAY_TASK_MAX=21 is not on the step from SLURM_ARRAY_TASK_MIN=5 \(STEP 5\)/,
    );
    expect(refusal('auto', { SLURM_ARRAY_TASK_ID: '5', SLURM_ARRAY_TASK_MIN: '5', SLURM_ARRAY_TASK_COUNT: '4', SLURM_ARRAY_TASK_STEP: '0' })).toBe(
      '--shard auto: SLURM_ARRAY_TASK_STEP=0 is not a step (at least 1)',
    );
  });

  it('Slurm refusals: a sparse array, an id outside the array, missing or bad variables', () => {
    expect(refusal('auto', { SLURM_ARRAY_TASK_ID: '3', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_MAX: '7', SLURM_ARRAY_TASK_COUNT: '3', SLURM_ARRAY_TASK_STEP: '1' })).toBe(
      '--shard auto: SLURM_ARRAY_TASK_COUNT=3 does not agree with MIN 1, MAX 7 (7 ids): a sparse array such as --array=1,3,7 cannot be split by auto; give --shard i/n',
    );
    expect(refusal('auto', { SLURM_ARRAY_TASK_ID: '8', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_COUNT: '8' })).toBe(
      '--shard auto: SLURM_ARRAY_TASK_ID=8 is outside the array (MIN 0, COUNT 8: ids 0 to 7)',
    );
    expect(refusal('auto', { SLURM_ARRAY_TASK_ID: '0', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_MAX: '8' })).toBe(
      '--shard auto: SLURM_ARRAY_TASK_ID=0 is outside the array (MIN 1, MAX 8: ids 1 to 8)',
    );
    expect(refusal('auto', { SLURM_ARRAY_TASK_ID: '2', SLURM_ARRAY_TASK_COUNT: '8' })).toMatch(/^--shard auto: SLURM_ARRAY_TASK_ID=2 is set but SLURM_ARRAY_TASK_MIN is not\b/);
    expect(refusal('auto', { SLURM_ARRAY_TASK_ID: '2', SLURM_ARRAY_TASK_MIN: '0' })).toMatch(
      /^--shard auto: SLURM_ARRAY_TASK_ID=2 is set but neither SLURM_ARRAY_TASK_COUNT nor SLURM_ARRAY_TASK_MAX is\b/,
    );
    expect(refusal('auto', { SLURM_ARRAY_TASK_ID: 'two', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_COUNT: '8' })).toBe("--shard auto: SLURM_ARRAY_TASK_ID='two' is not a whole number");
    expect(refusal('auto', { SLURM_ARRAY_TASK_ID: '2', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_COUNT: '-8' })).toBe("--shard auto: SLURM_ARRAY_TASK_COUNT='-8' is not a whole number");
    expect(refusal('auto', { SLURM_ARRAY_TASK_ID: '2', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_COUNT: '0' })).toBe('--shard auto: SLURM_ARRAY_TASK_COUNT=0 is no number of tasks (at least 1)');
    expect(refusal('auto', { SLURM_ARRAY_TASK_ID: '2', SLURM_ARRAY_TASK_MIN: '4', SLURM_ARRAY_TASK_MAX: '3' })).toBe('--shard auto: SLURM_ARRAY_TASK_MAX=3 is below SLURM_ARRAY_TASK_MIN=4');
    expect(refusal('auto', { SLURM_ARRAY_TASK_ID: '2.5', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_COUNT: '8' })).toBe("--shard auto: SLURM_ARRAY_TASK_ID='2.5' is not a whole number");
  });

  it('Kubernetes: JOB_COMPLETION_INDEX counts from 0, N from auto/N', () => {
    expect(resolve('auto/8', { JOB_COMPLETION_INDEX: '0' })).toEqual({ shard: { index: 1, count: 8 }, source: 'shard 1/8 from JOB_COMPLETION_INDEX=0' });
    expect(resolve(' AUTO / 8 ', { JOB_COMPLETION_INDEX: '7' })!.shard).toEqual({ index: 8, count: 8 });
    expect(refusal('auto/8', { JOB_COMPLETION_INDEX: '8' })).toBe("--shard auto/8: JOB_COMPLETION_INDEX=8 is not 0 to 7 (it counts from 0): give the Job's completions as N");
    expect(refusal('auto', { JOB_COMPLETION_INDEX: '3' })).toBe(
      "--shard auto: JOB_COMPLETION_INDEX=3 is set, but Kubernetes does not tell a pod its Job's completions: give the number of shards, --shard auto/N",
    );
    expect(refusal('auto/8', { JOB_COMPLETION_INDEX: 'x' })).toBe("--shard auto: JOB_COMPLETION_INDEX='x' is not a whole number");
  });

  it('GNU parallel: PARALLEL_SEQ counts from 1, N from auto/N', () => {
    expect(resolve('auto/8', { PARALLEL_SEQ: '1' })).toEqual({ shard: { index: 1, count: 8 }, source: 'shard 1/8 from PARALLEL_SEQ=1' });
    expect(resolve('auto/8', { PARALLEL_SEQ: '8' })!.shard).toEqual({ index: 8, count: 8 });
    expect(refusal('auto/8', { PARALLEL_SEQ: '9' })).toBe('--shard auto/8: PARALLEL_SEQ=9 is not 1 to 8 (it counts from 1): run as many jobs as shards (::: $(seq 8))');
    expect(refusal('auto/8', { PARALLEL_SEQ: '0' })).toMatch(/^--shard auto\/8: PARALLEL_SEQ=0 is not 1 to 8\b/);
    expect(refusal('auto', { PARALLEL_SEQ: '3' })).toBe('--shard auto: PARALLEL_SEQ=3 is set, but GNU parallel does not tell a job how many there are: give the number of shards, --shard auto/N');
  });

  it('none, or several engines at once, or a bad N: refused naming the variables', () => {
    expect(refusal('auto', {})).toBe(
      '--shard auto: none of SLURM_ARRAY_TASK_ID (Slurm array), JOB_COMPLETION_INDEX (Kubernetes Indexed Job), PARALLEL_SEQ (GNU parallel) is set; give --shard i/n',
    );
    expect(refusal('auto/4', { SLURM_ARRAY_TASK_ID: '', PARALLEL_SEQ: '' })).toMatch(/^--shard auto: none of /); // empty is unset
    expect(refusal('auto/4', { SLURM_ARRAY_TASK_ID: '1', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_COUNT: '4', PARALLEL_SEQ: '2' })).toBe(
      '--shard auto: SLURM_ARRAY_TASK_ID=1 and PARALLEL_SEQ=2 are both set (a Slurm array task and a GNU parallel job): auto cannot tell which one splits the sweep; give --shard i/n',
    );
    expect(refusal('auto/4', { SLURM_ARRAY_TASK_ID: '1', JOB_COMPLETION_INDEX: '0', PARALLEL_SEQ: '2' })).toMatch(
      /^--shard auto: SLURM_ARRAY_TASK_ID=1 and JOB_COMPLETION_INDEX=0 and PARALLEL_SEQ=2 are all set\b/,
    );
    expect(refusal('auto/0', { PARALLEL_SEQ: '1' })).toBe('--shard auto/0: the number of shards must be 1 to 2147483648');
    expect(refusal('auto/4', { JOB_COMPLETION_INDEX: '0', PARALLEL_SEQ: 'a\nb' })).toMatch(/^--shard auto: JOB_COMPLETION_INDEX=0 and PARALLEL_SEQ='a\\nb' are both set/);
    expect(refusal('auto/x', { PARALLEL_SEQ: '1' })).toBe("--shard auto/x: 'x' is not a number of shards (auto/N, for example auto/8)");
  });

  it('through the CLI: exit 2 and one line, before any file is written; --merge and --from take no --shard auto', async () => {
    const dir = scratch.fresh('cli');
    const sweep = ['sweep', '--family', 'subtraction', '--size', '2', '--max-move', '12', '--out', join(dir, 'x.jsonl')];
    expectBadInput(await runMain([...sweep, '--shard', 'auto'], { env: CLEAN }), 'no engine', { pattern: /--shard auto: none of SLURM_ARRAY_TASK_ID/ });
    expectBadInput(await runMain([...sweep, '--shard', 'auto/4'], { env: { ...CLEAN, PARALLEL_SEQ: '5' } }), 'PARALLEL_SEQ too large', { pattern: /PARALLEL_SEQ=5/ });
    expectBadInput(await runMain([...sweep, '--shard', 'auto'], { env: { ...CLEAN, SLURM_ARRAY_TASK_ID: '3', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_COUNT: '3' } }), 'beyond COUNT', {
      pattern: /SLURM_ARRAY_TASK_ID=3 is outside the array/,
    });
    expectBadInput(await runMain(['sweep', '--merge', join(dir, 'x.jsonl'), '--shard', 'auto'], { env: { ...CLEAN, PARALLEL_SEQ: '1' } }), 'merge', { pattern: /--shard does not apply to --merge/ });
    expect(() => readFileSync(join(dir, 'x.jsonl')), 'no file written').toThrow();
  });
});

/** A small family, 66 rules, each quick: what every engine's shards split. */
const FAMILY = ['--family', 'subtraction', '--size', '2', '--max-move', '12', '--threads', '1'];

/** Each engine's environments, one per shard, as the engine sets them. */
const ENGINES: { name: string; shard: string; envs: Record<string, string>[]; notes: string[] }[] = [
  {
    name: 'Slurm with COUNT (--array=0-2)',
    shard: 'auto',
    envs: [0, 1, 2].map((id) => ({ SLURM_ARRAY_TASK_ID: String(id), SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_COUNT: '3' })),
    notes: [1, 2, 3].map((i) => `shard ${i}/3 from SLURM_ARRAY_TASK_ID=${i - 1} (MIN 0, COUNT 3)`),
  },
  {
    name: 'Slurm with MIN/MAX from 0 (--array=0-3)',
    shard: 'auto',
    envs: [0, 1, 2, 3].map((id) => ({ SLURM_ARRAY_TASK_ID: String(id), SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_MAX: '3' })),
    notes: [1, 2, 3, 4].map((i) => `shard ${i}/4 from SLURM_ARRAY_TASK_ID=${i - 1} (MIN 0, MAX 3)`),
  },
  {
    name: 'Slurm with MIN/MAX from 1 and all of Slurm\'s variables (--array=1-3)',
    shard: 'auto',
    envs: [1, 2, 3].map((id) => ({ SLURM_ARRAY_TASK_ID: String(id), SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_MAX: '3', SLURM_ARRAY_TASK_COUNT: '3', SLURM_ARRAY_TASK_STEP: '1' })),
    notes: [1, 2, 3].map((i) => `shard ${i}/3 from SLURM_ARRAY_TASK_ID=${i} (MIN 1, COUNT 3)`),
  },
  {
    name: 'Slurm with a step (--array=10-30:10)',
    shard: 'auto',
    envs: [10, 20, 30].map((id) => ({ SLURM_ARRAY_TASK_ID: String(id), SLURM_ARRAY_TASK_MIN: '10', SLURM_ARRAY_TASK_MAX: '30', SLURM_ARRAY_TASK_STEP: '10' })),
    notes: [1, 2, 3].map((i) => `shard ${i}/3 from SLURM_ARRAY_TASK_ID=${i * 10} (MIN 10, MAX 30, STEP 10)`),
  },
  {
    name: 'Kubernetes Indexed Job (completions: 4)',
    shard: 'auto/4',
    envs: [0, 1, 2, 3].map((index) => ({ JOB_COMPLETION_INDEX: String(index) })),
    notes: [1, 2, 3, 4].map((i) => `shard ${i}/4 from JOB_COMPLETION_INDEX=${i - 1}`),
  },
  {
    name: 'GNU parallel (::: $(seq 4))',
    shard: 'auto/4',
    envs: [1, 2, 3, 4].map((seq) => ({ PARALLEL_SEQ: String(seq) })),
    notes: [1, 2, 3, 4].map((i) => `shard ${i}/4 from PARALLEL_SEQ=${i}`),
  },
];

const ok = (run: CliRun, what: string) => {
  expect(run.timedOut, `${what} timed out`).toBe(false);
  expect(run.code, `${what}: ${run.stderr}`).toBe(0);
};

describe('--shard auto: shards as separate processes', () => {
  const dir = scratch.fresh('whole');
  const whole = join(dir, 'whole.jsonl');
  let wholeText: Promise<string> | undefined;
  /** The unsharded sweep's file, computed once. */
  const unsharded = () =>
    (wholeText ??= runCli(['sweep', ...FAMILY, '--out', whole], { env: CLEAN, timeoutMs: 20_000 }).then((run) => {
      ok(run, 'the unsharded sweep');
      return readFileSync(whole, 'utf8');
    }));

  it.each(ENGINES)('$name: each shard records its i/n, says where it came from, and the merge is the unsharded file byte for byte', async ({ shard, envs, notes }) => {
    const parts = scratch.fresh('parts');
    const files = envs.map((_, i) => join(parts, `part.${i + 1}.jsonl`));
    const runs = await Promise.all(envs.map((env, i) => runCli(['sweep', ...FAMILY, '--shard', shard, '--out', files[i]!, '--resume'], { env: { ...CLEAN, ...env }, timeoutMs: 20_000 })));
    runs.forEach((run, i) => {
      ok(run, `shard ${i + 1}`);
      expect(run.stderr).toBe(`sg-explore: note: ${notes[i]}\n`);
      const record = JSON.parse(readFileSync(files[i]!, 'utf8').split('\n')[0]!) as { sweep: { shard: string } };
      expect(record.sweep.shard).toBe(`${i + 1}/${envs.length}`);
    });
    const merged = join(parts, 'merged.jsonl');
    ok(await runCli(['sweep', '--merge', ...files, '--out', merged], { env: CLEAN, timeoutMs: 20_000 }), 'the merge');
    expect(readFileSync(merged, 'utf8')).toBe(await unsharded());
  });

  it('--resume of an auto shard goes on as with the explicit i/n, and another task\'s environment is refused', async () => {
    const parts = scratch.fresh('resume');
    const file = join(parts, 'part.jsonl');
    const env = { ...CLEAN, SLURM_ARRAY_TASK_ID: '1', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_COUNT: '4' };
    const args = ['sweep', ...FAMILY, '--out', file, '--resume'];
    ok(await runCli([...args, '--shard', 'auto'], { env, timeoutMs: 20_000 }), 'first run');
    const first = readFileSync(file, 'utf8');
    ok(await runCli([...args, '--shard', 'auto'], { env, timeoutMs: 20_000 }), 'the same task again');
    ok(await runCli([...args, '--shard', '2/4'], { env: CLEAN, timeoutMs: 20_000 }), 'the explicit shard');
    expect(readFileSync(file, 'utf8'), 'nothing left to compute').toBe(first);
    const other = await runCli([...args, '--shard', 'auto'], { env: { ...env, SLURM_ARRAY_TASK_ID: '2' }, timeoutMs: 20_000 });
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/^sg-explore: note: shard 3\/4 from SLURM_ARRAY_TASK_ID=2 \(MIN 0, COUNT 4\)\nsg-explore: [^\n]*shard 2\/4, not shard 3\/4 \(this run's\)[^\n]*\n$/);
  });
});
