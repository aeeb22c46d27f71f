import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDirectories } from '../helpers/scratch.js';
import { expectBadInput, runCli, stderrMessages, HANG_GUARD_S } from '../helpers/cli.js';

/**
 * The one driver for rule modules (a file of its own, so it runs beside
 * test/core/driver.test.ts): a heap module's values and a state module's solved
 * states are checkpointed, a signal saves them, and --resume finishes.
 */
const freshDir = scratchDirectories('driver-modules').fresh;
const run = (args: readonly string[], until?: () => boolean) => runCli(args, { timeoutMs: 60_000, ...(until ? { until } : {}) });

/**
 * The heap where a run from the start waits for the test's SIGINT: however fast or slow the machine, a stop
 * saves only heaps below it, so the resumed run has heaps STALL..1999 left to ask about.
 */
const STALL = 1000;
/**
 * `arrive(n)`, which each module below calls first in options: it notes the first heap asked (a resumed run
 * starts past 0), and in a run from the start it holds heap STALL for a minute, which --timeout allows, unless
 * the SIGINT comes first. Then 1 ms a heap, so that the values before STALL reach a checkpoint a batch at a time.
 */
const ARRIVE = `let first = null;
function arrive(n) {
  if (first === null) first = n;
  if (first === 0 && n === ${STALL}) { const until = Date.now() + 60000; while (Date.now() < until); }
  const until = Date.now() + 1; while (Date.now() < until);
}
`;
const PATIENT = ['--timeout', '120000'];

/**
 * Whether a checkpoint is there and holds some work: on a loaded machine the
 * first save (after a second) can come before the sandbox has answered for one heap.
 */
function holdsWork(checkpoint: string): boolean {
  if (!existsSync(checkpoint)) return false;
  try {
    const data = readFileSync(checkpoint);
    const header = JSON.parse(data.subarray(0, data.indexOf(10)).toString('utf8')) as { count?: unknown };
    return typeof header.count !== 'number' || header.count > 0;
  } catch {
    return false; // being replaced as we read it
  }
}

/** Run until the checkpoint holds work, then SIGINT: exit 130, and how many `unit` the message says were saved (some, all below STALL). */
async function stopAtCheckpoint(args: readonly string[], checkpoint: string, unit: string): Promise<number> {
  const stopped = await run(args, () => holdsWork(checkpoint));
  expect(stopped.code, stopped.stderr).toBe(130);
  const message = stderrMessages(stopped.stderr).find((line) => line.includes('stopped by'))!;
  const saved = Number(new RegExp(`; ([\\d,]+) ${unit} saved`).exec(message)![1]!.replace(/,/g, ''));
  expect(saved).toBeGreaterThan(0);
  expect(saved).toBeLessThanOrEqual(STALL);
  return saved;
}

describe('CLI: rule modules stopped and resumed', () => {
  it('a rule module: SIGINT saves the values so far, and --resume asks the module only about later heaps', async () => {
    const dir = freshDir('module');
    const module = join(dir, 'slow.mjs');
    // Subtraction {1,2,3}, slowly: G(n) = n mod 4. It says on stderr which heap it is first asked about.
    writeFileSync(
      module,
      `${ARRIVE}
export function options(n) {
  if (first === null) console.error('first heap asked: ' + n);
  arrive(n);
  return [1, 2, 3].filter((t) => t <= n).map((t) => [n - t]);
}
`,
    );
    const F = join(dir, 'slow.ckpt');
    const A = join(dir, 'A.csv');
    const args = ['--rule', module, '--max', '1999', '--format', 'csv', '--out', A, '--checkpoint', F, '--checkpoint-every', '1', ...PATIENT];
    const saved = await stopAtCheckpoint(args, F, 'values');

    const resumed = await run([...args, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toBe(`first heap asked: ${saved}\n`);
    const rows = readFileSync(A, 'utf8').trim().split(/\r?\n/).slice(1);
    expect(rows).toHaveLength(2000);
    rows.forEach((row, n) => expect(row, `heap ${n}`).toBe(`${n},${n % 4},${n % 4 ? 'N' : 'P'}`));

    // A changed module is another rule: its old checkpoint is refused.
    writeFileSync(module, readFileSync(module, 'utf8') + '\n// edited\n');
    expectBadInput(await run([...args, '--resume']), 'an edited module', { pattern: /--checkpoint .*slow\.ckpt: .*slow\.mjs has changed since the checkpoint was saved/ });
  });

  it('a module that imports a helper: SIGINT, the helper edited, then --resume is refused naming the helper (no rows of two rules)', async () => {
    const dir = freshDir('helper');
    const module = join(dir, 'main.mjs');
    const helper = join(dir, 'lib', 'moves.mjs');
    mkdirSync(join(dir, 'lib'));
    // The moves come from a helper two imports deep: subtraction {1,2,3}, slowly.
    writeFileSync(join(dir, 'lib', 'slow.mjs'), `${ARRIVE}export { arrive };\n`);
    writeFileSync(helper, "import { arrive } from './slow.mjs';\nexport const MOVES = [1, 2, 3];\nexport { arrive };\n");
    writeFileSync(module, "import { MOVES, arrive } from './lib/moves.mjs';\nexport function options(n) { arrive(n); return MOVES.filter((t) => t <= n).map((t) => [n - t]); }\n");
    const F = join(dir, 'mm.ckpt');
    const args = ['--rule', module, '--max', '1999', '--format', 'csv', '--checkpoint', F, '--checkpoint-every', '1', ...PATIENT];
    await stopAtCheckpoint(args, F, 'values');
    // Subtraction {1,2}: G(n) = n mod 3. Values of {1,2,3} before the stop and of {1,2} after it would be a wrong table.
    writeFileSync(helper, readFileSync(helper, 'utf8').replace('[1, 2, 3]', '[1, 2]'));
    const refused = expectBadInput(await run([...args, '--resume']), 'an edited helper', { pattern: /--checkpoint .*mm\.ckpt: lib\/moves\.mjs, which the module imports, has changed since the checkpoint was saved/ });
    expect(refused).toMatch(/--force/);
    // A helper of the helper counts too.
    writeFileSync(helper, readFileSync(helper, 'utf8').replace('[1, 2]', '[1, 2, 3]'));
    writeFileSync(join(dir, 'lib', 'slow.mjs'), readFileSync(join(dir, 'lib', 'slow.mjs'), 'utf8') + '// edited\n');
    expectBadInput(await run([...args, '--resume']), 'an edited helper of a helper', { pattern: /lib\/slow\.mjs, which the module imports, has changed/ });
  });

  it('a module with states of its own: SIGINT saves the states solved, and --resume finishes the same table', async () => {
    const dir = freshDir('states');
    const module = join(dir, 'slow-states.mjs');
    // Subtraction {1,2,3} as a module with its own states, slowly: G(n) = n mod 4.
    writeFileSync(
      module,
      `${ARRIVE}
export const start = 0;
export function* states(max) { for (let n = 0; n <= max; n++) yield { heap: n }; }
export function options({ heap }) {
  arrive(heap);
  return [1, 2, 3].filter((t) => t <= heap).map((t) => ({ heap: heap - t }));
}
`,
    );
    const F = join(dir, 'states.ckpt');
    const args = ['--rule', module, '--max', '1999', '--format', 'json', '--checkpoint', F, '--checkpoint-every', '1', ...PATIENT];
    const saved = await stopAtCheckpoint(args, F, 'states');
    // The checkpoint holds exactly the states named, each with its value: JSON lines [key, value] after the header line.
    const file = readFileSync(F, 'utf8');
    const entries = file.slice(file.indexOf('\n') + 1).split('\n').filter(Boolean).map((line) => JSON.parse(line) as [string, number]);
    expect(entries).toHaveLength(saved);
    for (const [key, value] of entries) expect(value, key).toBe((JSON.parse(key) as { heap: number }).heap % 4);
    const resumed = await run([...args, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    const table = JSON.parse(resumed.stdout) as { states: { state: { heap: number }; grundy: number }[] };
    expect(table.states).toHaveLength(2000);
    table.states.forEach(({ state, grundy }, n) => expect([state.heap, grundy]).toEqual([n, n % 4]));
  });

  it('a position far out in a heap module (examples/lasker.mjs, heap 10^8) shows progress and obeys SIGINT and SIGHUP within a second', async () => {
    for (const [signal, code] of [['SIGINT', 130], ['SIGHUP', 129]] as const) {
      const r = await runCli(['--rule', 'examples/lasker.mjs', '--position', '100000000', '--progress'], { timeoutMs: 60_000, until: ({ stderr }) => /computing: [\d,]+ values of at most 100,000,001/.test(stderr), signal });
      expect(r.code, r.stderr).toBe(code);
      expect(r.secondsAfterSignal!).toBeLessThan(HANG_GUARD_S);
      expect(stderrMessages(r.stderr).at(-1)).toMatch(new RegExp(`stopped by ${signal}`));
    }
  });
});
