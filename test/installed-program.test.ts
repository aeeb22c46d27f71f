import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wrap } from 'node:module';
import { Script } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, cliEnv } from './helpers/cli.js';

/*
 * The program as a user runs it: the bundle with the build's V8 code cache. Most CLI tests call
 * main() in-process, so what only the bundle and its cache do is checked here.
 */
const scratch = mkdtempSync(join(tmpdir(), 'sg-installed-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawnSync(command, args, { cwd: scratch, env: cliEnv(env), encoding: 'utf8', timeout: 60_000 });
  return { code: child.status, stdout: child.stdout, stderr: child.stderr };
}
const program = (args: readonly string[]) => run(process.execPath, [BIN, ...args]);

describe('the bundle with its code cache', () => {
  it('this Node accepts the cache the build made (else the runs below would not use it)', () => {
    const source = readFileSync(join(ROOT, 'dist', 'cli-bundle.cjs'), 'utf8').replace(/^#!.*/, '');
    const script = new Script(wrap(source), { filename: join(ROOT, 'dist', 'cli-bundle.cjs'), cachedData: readFileSync(join(ROOT, 'dist', 'cli-bundle.v8-cache')) });
    expect(script.cachedDataRejected).toBe(false);
  });

  it('loads packages on demand: --help and --version (yargs)', () => {
    const help = program(['--help']);
    expect(help.stderr).toBe('');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--moves');
    const sweepHelp = program(['sweep', '--help']);
    expect(sweepHelp.stderr).toBe('');
    expect(sweepHelp.stdout).toContain('--family');
    expect(program(['--version']).stdout.trim()).toBe(version);
  });

  it('a mistyped flag is a one-line error with exit code 2, not an internal error', () => {
    const mistake = program(['--movse', '1,2']);
    expect(mistake.code).toBe(2);
    expect(mistake.stderr).toBe('sg-explore: unknown option --movse (did you mean --moves?); see --help\n');
  });

  it('a PNG picture (resvg) from the installed program', () => {
    const png = join(scratch, 'values.png');
    const result = program(['--moves', '1,2,3', '--max', '40', '--plot', png]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect([...readFileSync(png).subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });
});
