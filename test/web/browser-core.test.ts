import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import type { BrowserContext } from 'playwright-core';
import { chromiumPresent, launchChromium } from '../helpers/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseSync, ruleWord, type AnalysisResult, type Exploration } from '../../src/index.js';
import { ROOT } from '../helpers/cli.js';
import { scratchDirectories } from '../helpers/scratch.js';

/*
 * The platform-free core in a browser: package.json's `browser` condition
 * bundled as a page would (esbuild, platform browser: a Node built-in
 * anywhere below it fails the build), then run in headless Chromium, which
 * computes Kayles and 0.16 to their proofs, 0.16 on the WebAssembly kernel
 * once the page gives it the module's bytes. The page's answers must be the
 * Node library's, value for value.
 */
const scratch = scratchDirectories('browser');

/** The page's summary of a run, and the Node library's: everything but the timing, and a hash of every value. */
interface Outcome {
  readonly rule: string;
  readonly computed: number;
  readonly pattern: unknown;
  readonly kernel: unknown;
  readonly maxValue: string;
  readonly pPositions: unknown;
  readonly valuesHash: number;
}

/** FNV-1a over the values (the page runs the same function: its source is sent along). */
function fnv(values: ArrayLike<number>): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < values.length; i++) h = Math.imul(h ^ values[i]!, 0x01000193) >>> 0;
  return h;
}

function outcome(result: AnalysisResult): Outcome {
  const x = result as Exploration;
  const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v, (_, w: unknown) => (typeof w === 'bigint' ? String(w) : w)));
  return { rule: x.rule, computed: x.computed, pattern: plain(x.pattern), kernel: plain(x.kernel), maxValue: String(x.maxValue), pPositions: plain(x.pPositions), valuesHash: fnv(x.values) };
}

/** Bundle `import 'sg-explore'` as a page's bundler would, the package linked into node_modules as npm installs it (once). */
let bundled: Promise<{ code: string; metafile: Metafile }> | undefined;
const bundleFor = () => (bundled ??= bundleOnce());
async function bundleOnce(): Promise<{ code: string; metafile: Metafile }> {
  const dir = scratch.fresh('consumer');
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules', 'sg-explore'), 'dir');
  const result = await build({
    stdin: { contents: "export * from 'sg-explore';", resolveDir: dir, loader: 'js' },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: ROOT,
  });
  return { code: result.outputFiles[0]!.text, metafile: result.metafile };
}

describe('the core as a browser bundle', () => {
  it('bundles for the browser with no Node built-in, no host module and no CLI', async () => {
    const { metafile } = await bundleFor();
    const inputs = Object.keys(metafile.inputs);
    expect(inputs).toContain('dist/src/browser.js');
    expect(inputs.filter((f) => f.startsWith('dist/src/')).length).toBeGreaterThan(30);
    expect(inputs.filter((f) => /^node:|\/(host|cli|sweep)\/|dist\/src\/index\.js/.test(f))).toEqual([]);
  });

  it('the Node entry is refused for the browser (so the check above has teeth)', async () => {
    const refused = await build({ entryPoints: [join(ROOT, 'dist/src/index.js')], bundle: true, platform: 'browser', format: 'esm', write: false, logLevel: 'silent' }).then(
      () => 'built',
      (e: { errors?: { text: string }[] }) => e.errors?.map((x) => x.text).join('\n') ?? String(e),
    );
    expect(refused).toMatch(/node:(fs|os|path|url|child_process|worker_threads)/);
  });
});

// Skipped only off CI when Chromium is absent; on CI (CI=true) a missing browser fails the test.
describe.skipIf(!chromiumPresent)('the core in headless Chromium', () => {
  let dir: string;
  let browser: BrowserContext;
  let bundle: string;

  beforeAll(async () => {
    bundle = (await bundleFor()).code;
    dir = scratch.fresh('chromium');
    browser = await launchChromium(dir);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('computes Kayles and 0.16 to their proofs, 0.16 on WebAssembly, with the Node library\'s values', async () => {
    const tab = await browser.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (e) => errors.push(String(e)));
    tab.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
    });
    // The page and the bundle come from here: no request leaves the browser.
    const requests: string[] = [];
    await tab.route('**/*', (route) => {
      const url = route.request().url();
      requests.push(url);
      if (url === 'http://sg-explore.test/') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>sg-explore</title>' });
      if (url === 'http://sg-explore.test/sg-explore.js') return route.fulfill({ contentType: 'text/javascript', body: bundle });
      return route.abort();
    });
    await tab.goto('http://sg-explore.test/');
    const wasm = readFileSync(join(ROOT, 'wasm', 'sparse.wasm')).toString('base64');

    const page = await tab.evaluate(
      async ({ wasm, fnvSource }) => {
        // (import() through a Function: the test runner rewrites an import() written here.)
        const load = new Function('url', 'return import(url)') as (url: string) => Promise<typeof import('../../src/browser.js')>;
        const sg = await load('http://sg-explore.test/sg-explore.js');
        const hash = new Function(`return ${fnvSource}`)() as (values: ArrayLike<number>) => number;
        const run = (code: string) => {
          const x = sg.analyseSync({ game: sg.ruleWord('code')!.parse(code, 'code') }) as import('../../src/browser.js').Exploration;
          const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v, (_, w: unknown) => (typeof w === 'bigint' ? String(w) : w)));
          return { rule: x.rule, computed: x.computed, pattern: plain(x.pattern), kernel: plain(x.kernel), maxValue: String(x.maxValue), pPositions: plain(x.pPositions), valuesHash: hash(x.values) };
        };
        // No bytes given yet: the TypeScript loop.
        const before = run('0.77');
        const bytes = Uint8Array.from(atob(wasm), (c) => c.charCodeAt(0));
        sg.installHost({ wasmBytes: () => bytes });
        // A driven run too: the host's turn between steps is a page's (no setImmediate there).
        const driven = (await sg.analyseAsync({ game: sg.ruleWord('code')!.parse('0.77', 'code') })) as import('../../src/browser.js').Exploration;
        return { before, kayles: run('0.77'), octal16: run('0.16'), drivenPeriod: driven.pattern.kind === 'periodic' ? driven.pattern.period : null };
      },
      { wasm, fnvSource: fnv.toString() },
    );

    const node = { kayles: outcome(analyseSync({ game: ruleWord('code')!.parse('0.77', 'code') })), octal16: outcome(analyseSync({ game: ruleWord('code')!.parse('0.16', 'code') })) };
    // Kayles: period 12 from heap 71 (the last exceptional value is G(70)), proven by the Guy-Smith theorem.
    expect(page.kayles.pattern).toMatchObject({ kind: 'periodic', period: 12, preperiod: 71, saltus: 0, proof: { method: 'guy-smith' } });
    expect(page.kayles.kernel).toMatchObject({ kernel: 'rare-common', runsOn: 'webassembly' });
    expect(page.before.kernel).toMatchObject({ kernel: 'rare-common', runsOn: 'typescript' });
    expect({ ...page.before, kernel: null }).toEqual({ ...page.kayles, kernel: null });
    expect(page.drivenPeriod).toBe(12);
    // 0.16: period 149,459 from heap 105,351 (Gangolli and Plambeck's values), on WebAssembly.
    expect(page.octal16.pattern).toMatchObject({ kind: 'periodic', period: 149459, preperiod: 105351, saltus: 0, proof: { method: 'guy-smith' } });
    expect(page.octal16.kernel).toMatchObject({ kernel: 'rare-common', runsOn: 'webassembly' });
    // Value for value what the Node library computes (there, too, on WebAssembly).
    expect(page.kayles).toEqual(node.kayles);
    expect(page.octal16).toEqual(node.octal16);
    expect(errors).toEqual([]);
    expect(requests).toEqual(['http://sg-explore.test/', 'http://sg-explore.test/sg-explore.js']);
    await tab.close();
  });
});
