/**
 * `--shard auto` and `--shard auto/N`: the shard read from the environment
 * of the engine that started this process, so one command line serves every
 * task of a Slurm array, a Kubernetes Indexed Job or a GNU parallel run.
 *
 * - Slurm array: SLURM_ARRAY_TASK_ID with SLURM_ARRAY_TASK_MIN and
 *   SLURM_ARRAY_TASK_COUNT or SLURM_ARRAY_TASK_MAX (SLURM_ARRAY_TASK_STEP,
 *   1 when unset): shard (ID - MIN) / STEP + 1 of COUNT. Ids may start
 *   anywhere (--array=0-31, 1-32, 5-20:5). A sparse array (--array=1,3,7),
 *   whose COUNT disagrees with MIN, MAX and STEP, is refused.
 * - Kubernetes Indexed Job: JOB_COMPLETION_INDEX (from 0), shard index + 1 of
 *   N, where `auto/N` gives N (the pod is not told the completions count).
 * - GNU parallel: PARALLEL_SEQ (the job's sequence number {#}, from 1), of N.
 *
 * Exactly one engine may be present: a Slurm task running GNU parallel (both
 * set) is refused rather than guessed at. Every refusal is one line naming
 * the variable and its value.
 */
import { InputError, quote } from '../core/errors.js';
import type { Shard } from '../sweep/family.js';

/** The most shards (as for --shard i/n). */
const MAX_SHARDS = 2 ** 31;

/** A shard and where it came from: the note the sweep prints. */
export interface ResolvedShard {
  readonly shard: Shard;
  /** `shard 3/8 from SLURM_ARRAY_TASK_ID=2 (MIN 0, COUNT 8)`; absent for an explicit i/n. */
  readonly source?: string;
}

/** The variables each engine is known by, in the order they are named. */
const ENGINES = [
  { variable: 'SLURM_ARRAY_TASK_ID', engine: 'a Slurm array task' },
  { variable: 'JOB_COMPLETION_INDEX', engine: 'a Kubernetes Indexed Job' },
  { variable: 'PARALLEL_SEQ', engine: 'a GNU parallel job' },
] as const;

type Env = Readonly<Record<string, string | undefined>>;

/** A variable's value, or undefined when unset or empty (an empty export says nothing). */
function read(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** A variable's value as a whole number (0 up), or a one-line refusal naming it. */
function whole(env: Env, name: string): number | undefined {
  const text = read(env, name);
  if (text === undefined) return undefined;
  if (!/^\s*\d+\s*$/.test(text)) throw new InputError(`--shard auto: ${name}=${quote(text)} is not a whole number`, { code: 'bad-value', field: 'shard', value: text });
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value > MAX_SHARDS * 2) throw new InputError(`--shard auto: ${name}=${text.trim()} is too large`, { code: 'out-of-range', field: 'shard', value: text });
  return value;
}

/** `NAME=value` for a message: a whole number as it is, anything else quoted (escaped, cut short). */
function shown(env: Env, name: string): string {
  const text = read(env, name)!.trim();
  return `${name}=${/^\d+$/.test(text) ? text : quote(text)}`;
}

/**
 * The shard of `--shard TEXT`: `i/n`, or `auto` / `auto/N` read from `env`.
 * Returns null when TEXT is not an `auto` form (the caller parses it as i/n).
 */
export function resolveAutoShard(text: string, env: Env): ResolvedShard | null {
  const match = /^\s*auto\s*(?:\/\s*(.*?)\s*)?$/i.exec(text);
  if (!match) return null;
  let given: number | undefined;
  if (match[1] !== undefined) {
    if (!/^\d+$/.test(match[1])) throw new InputError(`--shard ${text.trim()}: ${quote(match[1])} is not a number of shards (auto/N, for example auto/8)`, { code: 'bad-value', field: 'shard', value: text });
    given = Number(match[1]);
    if (given < 1 || given > MAX_SHARDS) throw new InputError(`--shard ${text.trim()}: the number of shards must be 1 to ${MAX_SHARDS}`, { code: 'out-of-range', field: 'shard', value: text });
  }
  const present = ENGINES.filter((e) => read(env, e.variable) !== undefined);
  if (present.length === 0) {
    throw new InputError(
      `--shard auto: none of SLURM_ARRAY_TASK_ID (Slurm array), JOB_COMPLETION_INDEX (Kubernetes Indexed Job), PARALLEL_SEQ (GNU parallel) is set; give --shard i/n`,
      { code: 'empty', field: 'shard', value: text },
    );
  }
  if (present.length > 1) {
    const set = present.length === 2 ? 'are both set' : 'are all set';
    throw new InputError(
      `--shard auto: ${present.map((e) => shown(env, e.variable)).join(' and ')} ${set} (${present.map((e) => e.engine).join(' and ')}): auto cannot tell which one splits the sweep; give --shard i/n`,
      { code: 'bad-input', field: 'shard', value: text },
    );
  }
  const engine = present[0]!.variable;
  if (engine === 'SLURM_ARRAY_TASK_ID') return slurm(env, given);
  if (given === undefined) {
    const who = engine === 'JOB_COMPLETION_INDEX' ? 'Kubernetes does not tell a pod its Job\'s completions' : 'GNU parallel does not tell a job how many there are';
    throw new InputError(`--shard auto: ${shown(env, engine)} is set, but ${who}: give the number of shards, --shard auto/N`, { code: 'empty', field: 'shard', value: text });
  }
  const value = whole(env, engine)!;
  const index = engine === 'JOB_COMPLETION_INDEX' ? value + 1 : value;
  if (index < 1 || index > given) {
    const why =
      engine === 'JOB_COMPLETION_INDEX'
        ? `is not 0 to ${given - 1} (it counts from 0): give the Job's completions as N`
        : `is not 1 to ${given} (it counts from 1): run as many jobs as shards (::: $(seq ${given}))`;
    throw new InputError(`--shard auto/${given}: ${shown(env, engine)} ${why}`, { code: 'out-of-range', field: 'shard', value: text });
  }
  return { shard: { index, count: given }, source: `shard ${index}/${given} from ${shown(env, engine)}` };
}

/** A Slurm array task's shard. */
function slurm(env: Env, given: number | undefined): ResolvedShard {
  const id = whole(env, 'SLURM_ARRAY_TASK_ID')!;
  const min = whole(env, 'SLURM_ARRAY_TASK_MIN');
  const max = whole(env, 'SLURM_ARRAY_TASK_MAX');
  const count = whole(env, 'SLURM_ARRAY_TASK_COUNT');
  const step = whole(env, 'SLURM_ARRAY_TASK_STEP') ?? 1;
  const idText = shown(env, 'SLURM_ARRAY_TASK_ID');
  if (min === undefined) {
    throw new InputError(`--shard auto: ${idText} is set but SLURM_ARRAY_TASK_MIN is not, so where the array's ids start is unknown; give --shard i/n`, { code: 'empty', field: 'shard' });
  }
  if (count === undefined && max === undefined) {
    throw new InputError(`--shard auto: ${idText} is set but neither SLURM_ARRAY_TASK_COUNT nor SLURM_ARRAY_TASK_MAX is, so the number of shards is unknown; give --shard i/n`, { code: 'empty', field: 'shard' });
  }
  if (step < 1) throw new InputError(`--shard auto: SLURM_ARRAY_TASK_STEP=${step} is not a step (at least 1)`, { code: 'out-of-range', field: 'shard', value: step });
  if (count !== undefined && count < 1) throw new InputError(`--shard auto: SLURM_ARRAY_TASK_COUNT=${count} is no number of tasks (at least 1)`, { code: 'out-of-range', field: 'shard', value: count });
  if (max !== undefined && max < min) throw new InputError(`--shard auto: SLURM_ARRAY_TASK_MAX=${max} is below SLURM_ARRAY_TASK_MIN=${min}`, { code: 'out-of-range', field: 'shard', value: max });
  const stepText = step === 1 ? '' : `, STEP ${step}`;
  // MIN, MAX and STEP make a regular array of (MAX - MIN) / STEP + 1 ids; COUNT must agree (a list such as 1,3,7 does not).
  if (max !== undefined) {
    if ((max - min) % step !== 0) {
      throw new InputError(`--shard auto: SLURM_ARRAY_TASK_MAX=${max} is not on the step from SLURM_ARRAY_TASK_MIN=${min} (STEP ${step}): the array is not evenly spaced; give --shard i/n`, { code: 'bad-input', field: 'shard', value: max });
    }
    const spanned = (max - min) / step + 1;
    if (count !== undefined && count !== spanned) {
      throw new InputError(
        `--shard auto: SLURM_ARRAY_TASK_COUNT=${count} does not agree with MIN ${min}, MAX ${max}${stepText} (${spanned} ids): a sparse array such as --array=1,3,7 cannot be split by auto; give --shard i/n`,
        { code: 'mismatch', field: 'shard', value: count },
      );
    }
  }
  const n = count ?? (max! - min) / step + 1;
  const last = min + step * (n - 1);
  const described = `MIN ${min}, ${count !== undefined ? `COUNT ${count}` : `MAX ${max}`}${stepText}`;
  if (id < min || id > last) {
    throw new InputError(`--shard auto: ${idText} is outside the array (${described}: ids ${min} to ${last})`, { code: 'out-of-range', field: 'shard', value: id });
  }
  if ((id - min) % step !== 0) {
    throw new InputError(`--shard auto: ${idText} is not on the array's step (${described})`, { code: 'out-of-range', field: 'shard', value: id });
  }
  if (n > MAX_SHARDS) throw new InputError(`--shard auto: the array has ${n} tasks, more than ${MAX_SHARDS} shards`, { code: 'out-of-range', field: 'shard', value: n });
  const index = (id - min) / step + 1;
  if (given !== undefined && given !== n) {
    throw new InputError(`--shard auto/${given}: the Slurm array has ${n} tasks (${described}), not ${given}; give --shard auto, or auto/${n}`, { code: 'mismatch', field: 'shard', value: given });
  }
  return { shard: { index, count: n }, source: `shard ${index}/${n} from ${idText} (${described})` };
}
