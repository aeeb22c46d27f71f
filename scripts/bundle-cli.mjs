/**
 * The command-line program as one CommonJS file, dist/cli-bundle.cjs, built
 * from what tsc compiled, and its loader dist/sg-explore.cjs (the `bin`).
 * Start-up is most of a short run, and Node's ES module loader costs tens of
 * milliseconds more than one CommonJS file: the bundle loads one file where
 * the compiled tree loads some fifty modules. Packages stay outside it
 * (node_modules), and so do the worker entries (dist/workers/), which keep
 * running the compiled ES modules.
 *
 * Then a V8 code cache for the bundle: one short run of the program through
 * its loader, which writes the cache of everything it compiled
 * (see scripts/sg-explore-loader.cjs). Its output is read and dropped.
 */
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = `${root}dist/cli-bundle.cjs`;
const program = `${root}dist/sg-explore.cjs`;
const cache = `${root}dist/cli-bundle.v8-cache`;
/** One compiled entry as one CommonJS file, ASCII only; `options` add to what every bundle here shares. */
const bundleOne = async (entry, outfile, options = {}) => {
  await build({ entryPoints: [`${root}dist/${entry}`], outfile, bundle: true, format: 'cjs', platform: 'node', target: 'node20', logLevel: 'warning', ...options });
  asciiOnly(outfile);
};

/**
 * esbuild escapes what is not ASCII in strings but leaves it in comments, regular expressions and
 * tagged templates, and one such character makes V8 hold the whole source two bytes a character,
 * decoded the slow way: for the 1.2 MB CLI bundle, 3 ms of CPU and 2.4 MB at every start. Each such
 * character becomes its \u escape, which means the same there (no code here reads a template's raw
 * text); one escaped by a backslash already would not, so it stops the build.
 */
function asciiOnly(file) {
  const text = readFileSync(file, 'utf8');
  const escaped = /\\[^\x00-\x7f]/.exec(text);
  if (escaped) {
    console.error(`bundle-cli: ${file}: a backslash before ${JSON.stringify(escaped[0])}; write that character as \\u{...} in the source`);
    process.exit(1);
  }
  writeFileSync(file, text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** For a bundle run in place of the package's tree: packages stay outside, and import.meta.url (used to find the package's own files) becomes the bundle's URL. */
const inPackage = { packages: 'external', inject: [`${root}scripts/import-meta-url.cjs`], define: { 'import.meta.url': 'importMetaUrl' } };

await bundleOne('src/cli/main.js', bundle, inPackage);
// The loaded bundle has no import() of its own (see src/host/package-import.ts): one left in it would fail only when reached.
const stray = [...readFileSync(bundle, 'utf8').matchAll(/\bimport\(\s*["'`]([^"'`]*)/g)].map((m) => m[1]);
if (stray.length > 0) {
  console.error(`bundle-cli: import() of ${[...new Set(stray)].join(', ')} in the bundle: use importPackage (src/host/package-import.ts)`);
  process.exit(1);
}
// A rule module's sandbox runs one file: Node's permission model then lets it read that file and
// the module's folder, and nothing of the package's compiled tree (see src/host/module/sandbox.ts).
await bundleOne('workers/custom-rule.js', `${root}dist/custom-rule.cjs`);
// The sweep's worker as one file too: a worker thread loading the compiled tree (every kind of the
// registry) took some 50 ms more to start than one file (see src/host/worker-path.ts).
await bundleOne('workers/sweep-rule.js', `${root}dist/sweep-rule.cjs`, inPackage);
// The rare/common kernel's worker as one file: loaded as the compiled tree's 51 ES modules it cost each worker thread
// 4.4 MB more than one file (Node's module loader and the modules' records), measured against a bare worker.
await bundleOne('workers/wasm-partials.js', `${root}dist/wasm-partials.cjs`, inPackage);
copyFileSync(`${root}scripts/sg-explore-loader.cjs`, program);
chmodSync(program, 0o755);

rmSync(cache, { force: true });
// The small bundle a position answered by a theorem runs, before (and instead of) the full one (see src/cli/quick.ts).
await bundleOne('src/cli/quick.js', `${root}dist/quick.cjs`, inPackage);
rmSync(`${root}dist/quick.v8-cache`, { force: true });
// Runs that touch the common paths: rule parsing, a kernel, a proof, the table; and a quick position.
// Each writes the cache of the bundle it ran into dist/ (SG_EXPLORE_MAKE_CODE_CACHE names the folder).
for (const args of [['--code', '0.77', '--max', '2000'], ['--preset', 'wythoff', '--position', '10^18:10^18']]) {
  const run = spawnSync(process.execPath, [program, ...args], {
    env: { ...process.env, SG_EXPLORE_MAKE_CODE_CACHE: `${root}dist` },
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  if (run.error || run.status !== 0) {
    // The program runs without a cache, only slower to start: say so, and go on.
    console.warn(`bundle-cli: no code cache from ${args.join(' ')} (${run.error?.message ?? run.stderr.trim().split('\n')[0]})`);
  }
}
