import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wrap } from 'node:module';
import { Script } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, cliEnv } from '../helpers/cli.js';
import { withoutProgressLines } from '../helpers/progress-lines.js';
import { longTest } from '../helpers/long.js';
import { POSITION_WRITERS } from '../../src/report/position-report.js';

/*
 * The program as a user runs it: the `sg-explore` command (bin/sg-explore),
 * which runs the bundle with the build's V8 code cache. Most CLI tests call
 * main() in-process, so what only the bundle and its cache do is checked here.
 */
const scratch = mkdtempSync(join(tmpdir(), 'sg-installed-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const LAUNCHER = join(ROOT, 'bin', 'sg-explore');
const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawnSync(command, args, { cwd: scratch, env: cliEnv(env), encoding: 'utf8', timeout: 60_000 });
  return { code: child.status, stdout: child.stdout, stderr: withoutProgressLines(child.stderr) };
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

  it('its bundles are ASCII (one other character and V8 holds the whole source two bytes a character)', () => {
    for (const name of ['cli-bundle', 'quick', 'sweep-rule', 'custom-rule']) {
      const text = readFileSync(join(ROOT, 'dist', `${name}.cjs`), 'utf8');
      expect(/[^\x00-\x7f]/.exec(text)?.[0], name).toBeUndefined();
    }
  });

  it('loads packages on demand: a table loads none, a YAML rule file the YAML parser', () => {
    // Node names every module it loads under NODE_DEBUG=module. The YAML parser at start-up cost every
    // run about 30 ms of CPU and 11 MB (the bench's whole-process row, after --rule's help text came from rule-file.ts).
    const packages = (args: readonly string[]): string[] => {
      const result = run(process.execPath, [BIN, ...args], { NODE_DEBUG: 'module' });
      expect(result.code).toBe(0);
      return [...new Set([...result.stderr.matchAll(/node_modules\/((?:@[^/]+\/)?[^/"']+)/g)].map((m) => m[1]!))];
    };
    expect(packages(['--moves', '1,2,3', '--max', '1e6'])).toEqual([]);
    writeFileSync(join(scratch, 'take.yaml'), 'moves: [1, 2, 3]\n');
    expect(packages(['--rule', 'take.yaml', '--max', '20'])).toContain('yaml');
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

describe('the sg-explore command (bin/sg-explore)', () => {
  it('runs through the links npm makes, relative and absolute', () => {
    const bin = join(scratch, 'node_modules', '.bin');
    mkdirSync(bin, { recursive: true });
    symlinkSync(LAUNCHER, join(scratch, 'absolute-link'));
    symlinkSync('../../absolute-link', join(bin, 'sg-explore'));
    for (const command of [LAUNCHER, join(scratch, 'absolute-link'), join(bin, 'sg-explore')]) {
      const result = run(command, ['--moves', '1,2', '--max', '6', '--format', 'csv']);
      expect(result.stderr, command).toBe('');
      expect(result.stdout, command).toBe(['n,grundy,outcome', '0,0,P', '1,1,N', '2,2,N', '3,0,P', '4,1,N', '5,2,N', '6,0,P', ''].join('\r\n'));
    }
  });

  it('passes arguments and exit codes through unchanged', () => {
    const result = run(LAUNCHER, ['--moves', '1, 2', '--max', '0']);
    expect(result.code).toBe(0);
    expect(run(LAUNCHER, ['--moves', '0']).code).toBe(2);
  });

  it('drops NODE_EXTRA_CA_CERTS, which Node would read at start-up (it makes no connections)', () => {
    // A certificate file that cannot be read: Node warns about it when it does read it.
    const env = { NODE_EXTRA_CA_CERTS: join(scratch, 'no-such-ca.pem') };
    const direct = run(process.execPath, [BIN, '--version'], env);
    expect(direct.stderr).toContain('Ignoring extra certs');
    const launched = run(LAUNCHER, ['--version'], env);
    expect(launched.stderr).toBe('');
    expect(launched.stdout.trim()).toBe(version);
  });
});

describe('a position a theorem answers runs the small bundle first (dist/quick.cjs), with the same bytes', () => {
  const both = (args: readonly string[]) => ({ quick: run(process.execPath, [BIN, ...args]), full: run(process.execPath, [BIN, ...args], { SG_EXPLORE_FULL: '1' }) });

  it('this Node accepts the small bundle\'s code cache', () => {
    const source = readFileSync(join(ROOT, 'dist', 'quick.cjs'), 'utf8').replace(/^#!.*/, '');
    const script = new Script(wrap(source), { filename: join(ROOT, 'dist', 'quick.cjs'), cachedData: readFileSync(join(ROOT, 'dist', 'quick.v8-cache')) });
    expect(script.cachedDataRejected).toBe(false);
  });

  longTest('Nim, Bash, Wythoff and Fibonacci Nim positions, in every format, as the full program writes them [long]', () => {
    const cases = [
      ['--preset', 'nim', '--position', '3', '6', '9'],
      ['--preset', 'nim', '--position', '10^18', '12345678901234567', '5'],
      ['--preset', 'bash:10^18', '--position', '10^18', '7'],
      ['--position', '1618033988749894848:2618033988749894848', '--preset', 'wythoff'],
      ['--preset', 'wythoff', '--position', '10^18:10^18'],
      ['--preset', 'fibonacci-nim', '--position', '10^18'],
      ['--preset', 'fibonacci-nim:3', '--position', '25:24'],
    ];
    for (const args of cases) {
      for (const format of Object.keys(POSITION_WRITERS)) {
        const { quick, full } = both([...args, '--format', format]);
        expect(quick, `${args.join(' ')} --format ${format}`).toEqual(full);
        expect(quick.code).toBe(0);
      }
    }
  });

  it('anything else goes to the full program: a sum of Wythoff positions, a bad flag, a bad heap', () => {
    for (const args of [['--preset', 'wythoff', '--position', '3:5', '4:7'], ['--preset', 'nim', '--position', '3', '--bogus'], ['--preset', 'nim', '--position', 'x'], ['--preset', 'wythoff', '--position', '3']]) {
      const { quick, full } = both(args);
      expect(quick, args.join(' ')).toEqual(full);
    }
    expect(program(['--preset', 'nim', '--position', 'x']).code).toBe(2);
  });
});

describe('the packed tarball', () => {
  // What `npm install sg-explore.tgz` puts in node_modules: the tarball's files as they are (no build runs at
  // install), with the dependencies beside them (here the repository's own, linked: the test reaches no registry).
  // npm pack, unpacked, and the program's first start from those files: 27 s of a loaded npm test (package.test checks what npm pack ships).
  longTest('runs from its own files, unbuilt, through its bin [long]', () => {
    const env = { ...process.env, npm_config_cache: join(scratch, 'npm-cache'), npm_config_logs_max: '0', npm_config_update_notifier: 'false', npm_config_fund: 'false' };
    const packed = spawnSync('npm', ['pack', '--ignore-scripts', '--pack-destination', scratch], { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 });
    expect(packed.status, packed.stderr).toBe(0);
    const unpacked = join(scratch, 'unpacked');
    mkdirSync(unpacked);
    const tar = spawnSync('tar', ['xzf', join(scratch, `sg-explore-${version}.tgz`), '-C', unpacked], { encoding: 'utf8' });
    expect(tar.status, tar.stderr).toBe(0);
    symlinkSync(join(ROOT, 'node_modules'), join(unpacked, 'package', 'node_modules'), 'dir');
    const result = run(join(unpacked, 'package', 'bin', 'sg-explore'), ['--moves', '1,2,3', '--max', '20', '--format', 'csv']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\r\n')[21]).toBe('20,0,P');
  }, 180_000);
});
