import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT, cliEnv } from '../helpers/cli.js';
import { scratchDirectories } from '../helpers/scratch.js';
// @ts-expect-error: a plain Node script, shared with scripts/compare-examples.mjs (no types)
import { ENV, SKIP, SUITE_SKIP, codeBlocks, docExamples, docFiles, prepare, shown } from '../../scripts/doc-examples.mjs';

/*
 * The documentation as a user meets it: README.md and docs/*.md. Every TypeScript block
 * compiles against the package, every `sg-explore` command runs (with the exit status it
 * shows: `# exit N`), every relative link leads somewhere, and the README stays a guide.
 * Which commands are not run, and why: SKIP and SUITE_SKIP in scripts/doc-examples.mjs.
 * SG_DOCS_TIMES=1 prints each command's time (to see what a new example costs the suite).
 */
const scratch = scratchDirectories('docs');

interface Example { line: number; command: string; expect: number }
interface Block { file: string; line: number; examples: Example[] }
interface Skip { match: RegExp; why: string }

const files = docFiles() as string[];
const text = new Map(files.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')]));

describe('README.md', () => {
  it('is a guide of at most 300 lines, with the commands CI and a first user run', () => {
    const readme = text.get('README.md')!;
    expect(readme.split('\n').length - (readme.endsWith('\n') ? 1 : 0)).toBeLessThanOrEqual(300);
    // .ci/run runs `npm test`; the first job is this line, verbatim.
    expect(readme).toMatch(/^npm test\b/m);
    expect(readme).toContain('npm ci && npx sg-explore --moves 1,2,3 --max 1e6');
  });
});

describe('docs/options.md', () => {
  it("lists every option each command's --help lists", () => {
    const table = text.get('docs/options.md')!;
    const missing: string[] = [];
    for (const command of [[], ['play'], ['sweep'], ['duel'], ['serve']]) {
      const help = spawnSync(process.execPath, [BIN, ...command, '--help'], { encoding: 'utf8', env: cliEnv({ COLUMNS: '100' }) });
      expect(help.status).toBe(0);
      const flags = [...help.stdout.matchAll(/^\s+(?:-\w, )?(--[a-z-]+)/gm)].map((m) => m[1]!);
      expect(flags.length).toBeGreaterThan(3);
      for (const flag of flags) if (!new RegExp(`${flag}(?![a-z-])`).test(table)) missing.push(`${['sg-explore', ...command].join(' ')} ${flag}`);
    }
    expect(missing).toEqual([]);
  });
});

describe('TypeScript blocks', () => {
  it('each compiles with tsc --strict against the built package', () => {
    const dir = scratch.fresh('ts');
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(ROOT, join(dir, 'node_modules', 'sg-explore'), 'dir');
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    const sources: string[] = [];
    const origin = new Map<string, string>();
    for (const file of files) {
      for (const block of codeBlocks(text.get(file)!, ['ts', 'typescript']) as { line: number; text: string }[]) {
        const name = `${file.replace(/[/.]/g, '_')}_${block.line}.ts`;
        writeFileSync(join(dir, name), block.text);
        sources.push(name);
        origin.set(name, `${file}:${block.line}`);
      }
    }
    expect(sources.length).toBeGreaterThanOrEqual(3); // README's and the library page's
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', lib: ['ES2022'], module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: false, noEmit: true, types: ['node'], typeRoots: [join(ROOT, 'node_modules', '@types')] },
        files: sources,
      }),
    );
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
    // Name each error by the page and line of its block.
    const said = (tsc.stdout + tsc.stderr).replace(/^(\S+\.ts)\((\d+),(\d+)\)/gm, (_, f: string, l: string) => `${origin.get(f) ?? f} (line ${l} of the block)`);
    expect(said).toBe('');
    expect(tsc.status).toBe(0);
  }, 180_000);
});

describe('sg-explore commands', () => {
  const blocks = docExamples() as Block[];
  const skipOf = (command: string): string | null => {
    const one = shown(command) as string;
    const skip = ([...SKIP, ...SUITE_SKIP] as Skip[]).find((s) => s.match.test(one));
    return skip ? skip.why : null;
  };

  it('finds the examples of every page', () => {
    const pages = new Set(blocks.map((b) => b.file));
    for (const page of ['README.md', 'docs/rules.md', 'docs/positions.md', 'docs/contest.md', 'docs/sweeps.md']) expect(pages, page).toContain(page);
  });

  /** One line as the documentation's reader runs it: bash, in the block's folder, sg-explore the built program. */
  function run(command: string, work: string, tmp: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
    return new Promise((done) => {
      const child = spawn('bash', ['-c', `sg-explore() { "$SGX_NODE" "$SGX_CLI" "$@"; }\n${command}\n`], {
        cwd: work,
        env: cliEnv({ COLUMNS: '100', TMPDIR: tmp, SGX_NODE: process.execPath, SGX_CLI: BIN, ...env }),
        stdio: ['ignore', 'ignore', 'pipe'],
        detached: true,
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
      const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 60_000);
      child.on('close', (code) => {
        clearTimeout(timer);
        done({ code, stderr });
      });
    });
  }

  it('each runs, with the exit status the page shows (blocks two at a time)', async () => {
    const failures: string[] = [];
    let ran = 0;
    const queue = [...blocks];
    const worker = async (): Promise<void> => {
      for (let block = queue.shift(); block; block = queue.shift()) {
        const examples = block.examples.filter((e) => !skipOf(e.command));
        if (examples.length === 0) continue;
        const work = scratch.fresh('block');
        const tmp = scratch.fresh('tmp');
        prepare(work, { ...block, examples });
        const env = Object.assign({}, ...(ENV as { match: RegExp; env: NodeJS.ProcessEnv }[]).filter((e) => examples.some((x) => e.match.test(x.command))).map((e) => e.env));
        for (const example of examples) {
          const t0 = performance.now();
          const result = await run(example.command, work, tmp, env);
          if (process.env.SG_DOCS_TIMES) console.log(`${((performance.now() - t0) / 1000).toFixed(1)} s ${block.file}:${example.line} ${shown(example.command)}`);
          ran++;
          if (result.code !== example.expect) failures.push(`${block.file}:${example.line} ${shown(example.command)}: exit ${result.code}, expected ${example.expect}: ${result.stderr.trim().split('\n').slice(-2).join(' / ')}`);
        }
      }
    };
    await Promise.all([worker(), worker()]);
    expect(failures).toEqual([]);
    expect(ran).toBeGreaterThan(50);
  }, 300_000);
});

describe('links', () => {
  /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
  const anchor = (heading: string) =>
    heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
  const anchors = (file: string): Set<string> => {
    const seen = new Map<string, number>();
    const out = new Set<string>();
    let fenced = false;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (/^\s*```/.test(line)) fenced = !fenced;
      const h = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
      if (!h) continue;
      const base = anchor(h[1]!);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      out.add(n === 0 ? base : `${base}-${n}`);
    }
    return out;
  };

  it('every relative link and image leads to a file, and to a heading there', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of files) {
      const body = text.get(file)!.replace(/^\s*```[\s\S]*?^\s*```/gm, '');
      for (const m of body.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!;
        if (/^[a-z]+:/i.test(target)) continue; // http:, https:, mailto:
        const [path, hash] = target.split('#') as [string, string | undefined];
        const resolved = path === '' ? join(ROOT, file) : resolve(dirname(join(ROOT, file)), decodeURIComponent(path));
        checked++;
        if (!existsSync(resolved)) broken.push(`${file}: ${target}: no such file`);
        else if (hash !== undefined && resolved.endsWith('.md') && !anchors(resolved).has(decodeURIComponent(hash))) broken.push(`${file}: ${target}: no such heading`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });
});
