#!/usr/bin/env node
'use strict';
/*
 * The installed program (dist/sg-explore.cjs): runs the bundle (dist/cli-bundle.cjs)
 * with the V8 code cache the build made for it (dist/cli-bundle.v8-cache), so a
 * short run does not parse and compile the bundle's functions again. V8 checks
 * the cache against the source and its own version and flags, and ignores it
 * when it does not fit (another Node, a rebuilt bundle): the program then runs
 * exactly as without it, only slower to start.
 *
 * A position that a theorem answers outright (`--preset wythoff --position
 * 10^18:10^18`) is a run of start-up alone: a small bundle (dist/quick.cjs,
 * src/cli/quick.ts) tries it first and, for anything else, hands over to the
 * full program. SG_EXPLORE_FULL=1 skips it (tests compare the two).
 */
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const vm = require('node:vm');
const { createRequire, wrap } = require('node:module');

// Set by the build (scripts/bundle-cli.mjs) to make the caches: written when this run ends.
const cacheOut = process.env.SG_EXPLORE_MAKE_CODE_CACHE;

// The bundle's import() of a package runs here, in an ordinary module: Node 20 gives a
// script compiled from a code cache no import() of its own (see src/host/package-import.ts).
globalThis[Symbol.for('sg-explore.importPackage')] = (specifier) => import(specifier);

/** dist/NAME.cjs with its code cache dist/NAME.v8-cache (or, making caches, writing it at exit). */
function load(name) {
  const bundle = join(__dirname, `${name}.cjs`);
  const cacheFile = cacheOut ? `${cacheOut}/${name}.v8-cache` : join(__dirname, `${name}.v8-cache`);
  let cachedData;
  if (!cacheOut) {
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      cachedData = undefined; // no cache: compile as usual
    }
  }
  const source = readFileSync(bundle, 'utf8').replace(/^#!.*/, '');
  const script = new vm.Script(wrap(source), { filename: bundle, cachedData });
  const module = { exports: {}, filename: bundle };
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  if (cacheOut) {
    process.on('exit', () => {
      writeFileSync(`${cacheFile}.partial`, script.createCachedData());
      renameSync(`${cacheFile}.partial`, cacheFile);
    });
  }
  return module.exports;
}

const args = process.argv.slice(2);
// The small bundle takes only --preset, --position and --format (and no standard input): see src/cli/quick.ts.
const QUICK_FLAGS = ['--preset', '--position', '--format'];
const quick = args.includes('--position') && args.includes('--preset') && args.every((a) => !a.startsWith('-') || QUICK_FLAGS.includes(a));
if (quick && !process.env.SG_EXPLORE_FULL) {
  load('quick')
    .quickAnswer()
    .then((answered) => {
      if (!answered) load('cli-bundle').runProgram();
    });
} else {
  load('cli-bundle').runProgram();
}
