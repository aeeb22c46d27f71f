import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it, type ExpectStatic } from 'vitest';
import { ROOT, expectBadInput, runCli, type CliRun, HANG_GUARD_S } from '../../helpers/cli.js';
import { runMain } from '../../helpers/in-process.js';

/**
 * Rules written as JS modules, run through the built CLI: every way a module
 * can break its contract ends in exit 2 and one line on stderr (never a
 * stack, never a hang), and well-behaved modules are used as written.
 */
const SPAWN_TIMEOUT_MS = 20_000;

/** In this process (the module still runs in its own worker thread), unless another working directory is needed. */
const run = (args: readonly string[], cwd = ROOT): Promise<Pick<CliRun, 'code' | 'stdout' | 'stderr' | 'timedOut'>> =>
  cwd === ROOT ? runMain(args) : runCli(args, { cwd, timeoutMs: SPAWN_TIMEOUT_MS });

const scratch = mkdtempSync(join(tmpdir(), 'sg-custom-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let counter = 0;
/** Write a module into the scratch directory; returns its path. */
function moduleFile(source: string, extension = '.mjs'): string {
  const path = join(scratch, `rule-${++counter}${extension}`);
  writeFileSync(path, source);
  return path;
}

async function bad(expect: ExpectStatic, source: string, what: string, extra: string[] = []): Promise<string> {
  return expectBadInput(await run(['--rule', moduleFile(source), '--max', '20', '--format', 'json', ...extra]), what, { expect });
}

async function good(expect: ExpectStatic, path: string, extra: string[] = [], cwd = ROOT): Promise<Record<string, any>> {
  const r = await run(['--rule', path, '--format', 'json', ...extra], cwd);
  expect(r.timedOut).toBe(false);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as Record<string, any>;
}

const TAKE_ONE = 'n > 0 ? [[n - 1]] : []';

describe.concurrent('modules that break the contract', () => {
  it('throws at n = 7: names options(7) and the error message', async ({ expect }) => {
    const line = await bad(expect, `export function options(n) { if (n === 7) throw new Error('no sevens allowed'); return ${TAKE_ONE}; }`, 'throws');
    expect(line).toContain('options(7)');
    expect(line).toContain('no sevens allowed');
    expect(line).toMatch(/rule-\d+\.mjs/);
  });

  it('throws something that is not an Error: still one line', async ({ expect }) => {
    const line = await bad(expect, `export function options(n) { if (n === 4) throw 'plain text'; return ${TAKE_ONE}; }`, 'throws a string');
    expect(line).toContain('options(4)');
    expect(line).toContain('plain text');
  });

  it('a message with control characters or of great length: one short line, escaped', async ({ expect }) => {
    const line = await bad(expect, `export function options(n) { if (n === 4) throw new Error('red \\u001b[31m bell \\u0007 ' + 'x'.repeat(100000)); return ${TAKE_ONE}; }`, 'escapes');
    expect(line).toContain('options(4) threw: red \\x1b[31m bell \\x07 xxx');
    expect(line).not.toMatch(/[\u0000-\u001f]/);
    expect(line.length).toBeLessThan(400);
  });

  it('returns a heap >= n: names n and the bad option', async ({ expect }) => {
    const line = await bad(expect, 'export function options(n) { return n === 5 ? [[2], [5]] : n > 0 ? [[n - 1]] : []; }', 'heap = n');
    expect(line).toContain('options(5)');
    expect(line).toContain('[5]');
    const larger = await bad(expect, 'export function options(n) { return n === 3 ? [[1, 9]] : []; }', 'heap > n');
    expect(larger).toContain('options(3)');
    expect(larger).toContain('[1, 9]');
    expect(larger).toContain('9');
  });

  it('negative or fractional heaps are refused', async ({ expect }) => {
    expect(await bad(expect, 'export function options(n) { return n === 2 ? [[-1]] : []; }', 'negative heap')).toContain('options(2)');
    expect(await bad(expect, 'export function options(n) { return n === 2 ? [[0.5]] : []; }', 'fractional heap')).toContain('0.5');
  });

  it('returns a non-array (42, null, a promise)', async ({ expect }) => {
    const line = await bad(expect, 'export function options(n) { return 42; }', 'returns 42');
    expect(line).toContain('options(0)');
    expect(line).toContain('42');
    expect(await bad(expect, 'export function options(n) { return null; }', 'returns null')).toContain('null');
    expect(await bad(expect, 'export async function options(n) { return []; }', 'async options')).toContain('options(0)');
  });

  it('an option that is a string, or a heap that is a string', async ({ expect }) => {
    const option = await bad(expect, "export function options(n) { return n === 3 ? ['12'] : []; }", 'string option');
    expect(option).toContain('options(3)');
    expect(option).toContain('"12"');
    const heap = await bad(expect, "export function options(n) { return n === 3 ? [['1']] : []; }", 'string heap');
    expect(heap).toContain('options(3)');
    expect(heap).toContain('"1"');
  });

  it('a syntax error', async ({ expect }) => {
    const line = await bad(expect, 'export function options(n) { return [[ }', 'syntax error');
    expect(line).toMatch(/load|syntax|unexpected/i);
  });

  it('top-level code that throws', async ({ expect }) => {
    expect(await bad(expect, "throw new Error('broken at load');\nexport function options(n) { return []; }", 'throws at load')).toContain('broken at load');
  });

  it('no options export, or options that is not a function', async ({ expect }) => {
    expect(await bad(expect, "export const name = 'nothing';", 'no options')).toContain('options(n)');
    expect(await bad(expect, 'export const options = [[0]];', 'options not a function')).toContain('options(n)');
  });

  it('a module that exits its worker', async ({ expect }) => {
    expect(await bad(expect, `export function options(n) { if (n === 3) process.exit(3); return ${TAKE_ONE}; }`, 'process.exit')).toMatch(/stopped|exit/);
  });

  it('a bad max export', async ({ expect }) => {
    const r = await run(['--rule', moduleFile("export const max = 'lots';\nexport function options(n) { return []; }"), '--format', 'json']);
    expect(expectBadInput(r, 'max: lots', { expect })).toContain('lots');
  });

  it('a module file that does not exist', async ({ expect }) => {
    expectBadInput(await run(['--rule', join(scratch, 'missing.mjs')]), 'missing module', { expect });
    const yaml = join(scratch, 'points-nowhere.yaml');
    writeFileSync(yaml, 'module: nowhere.mjs\n');
    expect(expectBadInput(await run(['--rule', yaml, '--max', '5']), 'module: nowhere.mjs', { expect })).toContain('nowhere.mjs');
  });
});

describe.concurrent('modules that keep the contract', () => {
  it('options as a generator, with bare numbers for single heaps', async ({ expect }) => {
    const path = moduleFile('export function* options(n) { for (let t = 1; t <= Math.min(n, 3); t++) yield t % 2 ? [n - t] : n - t; }');
    const x = await good(expect, path, ['--max', '40']);
    expect(x.values).toEqual(Array.from({ length: 41 }, (_, n) => n % 4));
    expect(x.pattern).toMatchObject({ kind: 'periodic', preperiod: 0, period: 4, proven: false, method: null });
    expect(x.pattern.noTheorem).toMatch(/code/);
    expect(x.rule).toBe(`custom ${path}`);
  });

  it('options returning several heaps per option (Lasker-style splits) and an empty option', async ({ expect }) => {
    // Split into two non-empty heaps, or (for n = 1) remove it: G of splits only.
    const path = moduleFile('export function options(n) { const o = n === 1 ? [[]] : []; for (let a = 1; 2 * a <= n; a++) if (n - a >= 1) o.push([a, n - a]); return o; }');
    const x = await good(expect, path, ['--max', '30']);
    // Computed by hand for the first values: G(0)=0, G(1)=mex{0}=1, G(2)=mex{1^1}=1, G(3)=mex{1^1}=1...
    const g: number[] = [];
    for (let n = 0; n <= 30; n++) {
      const seen = new Set<number>(n === 1 ? [0] : []);
      for (let a = 1; 2 * a <= n; a++) seen.add(g[a]! ^ g[n - a]!);
      let v = 0;
      while (seen.has(v)) v++;
      g.push(v);
    }
    expect(x.values).toEqual(g);
  });

  it('name, description and max exports are used in the JSON output', async ({ expect }) => {
    const path = moduleFile(
      "export const name = 'take-1-or-2';\nexport const description = 'remove one or two tokens';\nexport const max = 40;\n" +
        'export function options(n) { return [1, 2].filter((t) => t <= n).map((t) => [n - t]); }',
    );
    const x = await good(expect, path);
    expect(x.name).toBe('take-1-or-2');
    expect(x.description).toBe('remove one or two tokens');
    expect(x.max).toBe(40);
    expect(x.values).toEqual(Array.from({ length: 41 }, (_, n) => n % 3));
    // --max overrides the module's max.
    expect((await good(expect, path, ['--max', '10'])).values).toHaveLength(11);
  });

  it("a module's console.log does not end up in the report on stdout", async ({ expect }) => {
    // stdout carries the report (JSON, CSV) that scripts parse; a module's prints must go elsewhere.
    const path = moduleFile(`console.log('loading the rule');\nexport function options(n) { if (n === 2) console.log('debug', n); return ${TAKE_ONE}; }`);
    const r = await run(['--rule', path, '--max', '5', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trimStart().startsWith('{'), `stdout starts with: ${r.stdout.slice(0, 40)}`).toBe(true);
    expect((JSON.parse(r.stdout) as { values: number[] }).values).toEqual([0, 1, 0, 1, 0, 1]);
  });

  it('a default export with options works too', async ({ expect }) => {
    const x = await good(expect, moduleFile(`export default { name: 'as-default', options(n) { return ${TAKE_ONE}; } };`), ['--max', '9']);
    expect(x.name).toBe('as-default');
    expect(x.values).toEqual([0, 1, 0, 1, 0, 1, 0, 1, 0, 1]);
  });

  it('a YAML rule file with module: resolves it beside the file, whatever the working directory', async ({ expect }) => {
    const dir = join(scratch, 'rules', 'deep');
    mkdirSync(join(dir, 'impl'), { recursive: true });
    writeFileSync(join(dir, 'impl', 'x.mjs'), "export const name = 'from module';\nexport function options(n) { return [1, 3, 4].filter((t) => t <= n).map((t) => [n - t]); }\n");
    writeFileSync(join(dir, 'game.yaml'), 'name: from-yaml\ndescription: S = {1,3,4} as code\nmax: 27\nmodule: impl/x.mjs\n');
    const elsewhere = join(scratch, 'rules');
    for (const cwd of [ROOT, elsewhere, tmpdir()]) {
      const x = await good(expect, join(dir, 'game.yaml'), [], cwd);
      expect(x.rule).toBe(`custom ${join(dir, 'impl', 'x.mjs')}`);
      expect(x.name).toBe('from-yaml');
      expect(x.description).toBe('S = {1,3,4} as code');
      expect(x.max).toBe(27);
      expect(x.values).toEqual(Array.from({ length: 28 }, (_, n) => [0, 1, 0, 1, 2, 3, 2][n % 7]));
    }
    // And given relative to the working directory.
    const x = await good(expect, join('deep', 'game.yaml'), [], elsewhere);
    // Shown by the path as given (the rule file's, then the module's within it), not as an absolute path.
    expect(x.rule).toBe(`custom ${join('deep', 'impl', 'x.mjs')}`);
  });
});

/**
 * The watchdog tests run one at a time: a loaded machine slows every worker's start. That the start-up is not
 * charged to the module: module-start-clock.test.ts.
 */
describe('the --timeout watchdog', () => {
  it('loops forever inside options(5): stopped by --timeout 300, names options(5) and the timeout', async ({ expect }) => {
    const r = await run(['--rule', moduleFile(`export function options(n) { if (n === 5) for (;;) {} return ${TAKE_ONE}; }`), '--max', '20', '--timeout', '300']);
    const line = expectBadInput(r, 'endless options(5)', { expect });
    expect(line).toContain('options(5)');
    expect(line).toMatch(/timeout/);
    expect(line).toContain('300');
    expect(r.seconds, 'stopped within a few seconds').toBeLessThan(HANG_GUARD_S);
  });

  it('a slow but finishing options(n) within --timeout is fine', async ({ expect }) => {
    const path = moduleFile(`export function options(n) { const end = Date.now() + 30; while (Date.now() < end) {} return ${TAKE_ONE}; }`);
    const x = await good(expect, path, ['--max', '6', '--timeout', '2000']);
    expect(x.values).toEqual([0, 1, 0, 1, 0, 1, 0]);
  });

  it('top-level code loops forever: stopped while loading', async ({ expect }) => {
    const r = await run(['--rule', moduleFile('for (;;) {}\nexport function options(n) { return []; }'), '--max', '20', '--timeout', '300']);
    const line = expectBadInput(r, 'endless top level', { expect });
    expect(line).toMatch(/loading/);
    expect(line).toContain('300');
    expect(r.seconds).toBeLessThan(HANG_GUARD_S);
  });

  it('top-level await that never settles does not hang', async ({ expect }) => {
    const r = await run(['--rule', moduleFile('await new Promise(() => {});\nexport function options(n) { return []; }'), '--max', '20', '--timeout', '300']);
    expectBadInput(r, 'endless top-level await', { expect });
    expect(r.seconds).toBeLessThan(HANG_GUARD_S);
  });
});
