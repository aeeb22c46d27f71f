import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { scratchDirectories } from '../helpers/scratch.js';

/*
 * The package as npm would publish it: what `npm pack` ships, and whether a
 * strict TypeScript project compiles against its types.
 */
const scratch = scratchDirectories('package');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { license: string; main: string; types: string; bin: Record<string, string>; scripts: Record<string, string> };

describe('npm pack', () => {
  it('ships what a user needs and nothing else (no bench, tests, fixtures, source maps or build info)', () => {
    const cache = scratch.fresh('npm-cache');
    const packed = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
      // npm's cache and logs go to the scratch folder, not the home directory.
      env: { ...process.env, npm_config_cache: cache, npm_config_logs_max: '0', npm_config_update_notifier: 'false', npm_config_fund: 'false' },
    });
    expect(packed.status, packed.stderr).toBe(0);
    const files = (JSON.parse(packed.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
    for (const needed of ['LICENSE', 'README.md', 'package.json', manifest.bin['sg-explore']!, manifest.main, manifest.types, 'dist/sg-explore.cjs', 'dist/cli-bundle.cjs', 'dist/quick.cjs', 'dist/web/index.html', 'dist/web/app.js', 'dist/web/app.css', 'wasm/sparse.wasm', 'schema/rule.schema.json', 'examples/kayles.json']) {
      expect(files, needed).toContain(needed);
    }
    expect(files.some((f) => f.startsWith('dist/workers/') && f.endsWith('.js'))).toBe(true);
    const unwanted = files.filter((f) => /^(dist\/bench|bench|test|src|scripts|docs|coverage|node_modules)\/|\.map$|\.tsbuildinfo$|(^|\/)fixtures\/|\.test\.|^wasm\/.*\.c$|^tsconfig|^vitest/.test(f));
    expect(unwanted).toEqual([]);
  }, 180_000);

  // npm 11 lists a package's preinstall, install and postinstall, and a tarball's or git's prepare, as install
  // scripts to approve; the tarball ships its dist/ built, so it has none. A clone builds on `npm ci` by the
  // `dependencies` script (npm runs it only for the project it installs into), and `npm pack` by `prepack`.
  it('has no install script, and still builds on npm ci in a clone and before packing', () => {
    expect(Object.keys(manifest.scripts).filter((name) => ['preinstall', 'install', 'postinstall', 'prepare'].includes(name))).toEqual([]);
    expect(manifest.scripts['dependencies']).toBe('npm run build');
    expect(manifest.scripts['prepack']).toBe('npm run build');
  });

  it('has the license package.json names', () => {
    expect(manifest.license).toBe('MIT');
    const license = readFileSync(join(ROOT, 'LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} sg-explore contributors\n/);
  });
});

describe('the public types', () => {
  /** A consumer project in a fresh folder, with sg-explore linked into its node_modules as npm would install it. */
  function consumer(name: string, types: string[], browser = false): string {
    const dir = scratch.fresh(name);
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(ROOT, join(dir, 'node_modules', 'sg-explore'), 'dir');
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: browser
          ? // A page's bundler: package.json's `browser` condition, and the DOM's types, not Node's.
            { target: 'ES2022', lib: ['ES2022', 'DOM'], module: 'ESNext', moduleResolution: 'Bundler', customConditions: ['browser'], strict: true, skipLibCheck: false, noEmit: true, types }
          : { target: 'ES2022', lib: ['ES2022'], module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: false, noEmit: true, types },
        files: ['main.ts'],
      }),
    );
    writeFileSync(
      join(dir, 'main.ts'),
      [
        "import * as everything from 'sg-explore';",
        "import { analyseSync, analyseAsync, installHost, InputError, parseCount, ruleText, type Exploration, type GameSpec } from 'sg-explore';",
        "const game: GameSpec = { rule: { kind: 'subtraction', moves: [1, 2, 3] } };",
        'const x = analyseSync({ game, max: parseCount("1e3", "max") }) as Exploration;',
        'installHost({ wasmBytes: () => null });',
        ...(browser
          ? [
              // The types are browser.d.ts's: no sweeps (worker pools are Node's).
              '// @ts-expect-error',
              "import { sweepFamily } from 'sg-explore';",
              'export const used = [x.pattern.kind, ruleText(game.rule), analyseAsync, new InputError("x").name, everything];',
            ]
          : ["import { sweepFamily, type SweepRow } from 'sg-explore';", 'const rows: SweepRow[] = [];', 'export const used = [x.pattern.kind, ruleText(game.rule), analyseAsync, sweepFamily, rows, new InputError("x").name, everything];']),
      ].join('\n'),
    );
    return dir;
  }

  // No @types/node: the public types must stand on their own (piscina's, which need it, once leaked through).
  it('a strict project with skipLibCheck false and no @types/node compiles against them', () => {
    const dir = consumer('strict', []);
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  }, 180_000);

  it('a browser project (the browser condition, the DOM types, no @types/node) compiles against the core types', () => {
    const dir = consumer('browser', [], true);
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  }, 180_000);
});
