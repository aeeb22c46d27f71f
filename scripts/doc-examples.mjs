/**
 * doc-examples: the example commands of the documentation (README.md and docs/*.md), what is
 * done with them, and how a work folder is set up for them. One home for both readers:
 * scripts/compare-examples.mjs (old build against new, byte for byte) and test/cli/docs.test.ts
 * (each runs, with the exit status it shows).
 *
 * Markers in the documentation itself: a command ending in `# exit N` is shown failing with
 * status N (it is expected to). Everything else a reader must know about a command that is not
 * run is in SKIP (never run without --full) or SUITE_SKIP (not run by the test suite) below,
 * each with its reason.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** The documentation's Markdown files, README.md first, as paths relative to the repository. */
export function docFiles() {
  return ['README.md', ...readdirSync(join(repo, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
}

/** Every example of the documentation, by code block: `{ file, line, examples: [{ line, command, expect }] }`. */
export function docExamples() {
  return docFiles().flatMap((file) => extractExamples(readFileSync(join(repo, file), 'utf8')).map((b) => ({ ...b, file })));
}

/** The fenced code blocks of a Markdown text in one of `languages`: `{ line, language, text }`. */
export function codeBlocks(markdown, languages) {
  const blocks = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const fence = /^\s*(```+|~~~+)\s*([\w-]*)/.exec(lines[i]);
    if (!fence) continue;
    const start = i;
    while (++i < lines.length && !/^\s*(```+|~~~+)\s*$/.test(lines[i]));
    if (languages.includes(fence[2])) blocks.push({ line: start + 1, language: fence[2], text: lines.slice(start + 1, i).join('\n') + '\n' });
  }
  return blocks;
}

/**
 * Examples not run, each matched by a regular expression on the command (README's text, after
 * REWRITES). `long: true` ones run with --full. Keep this list short: every entry is a line the
 * comparison does not check.
 */
export const SKIP = [
  {
    match: /^(npm install (-g )?sg-explore\b|git clone )/,
    long: false,
    why: 'installs from the network (the suite runs the program it built)',
  },
  {
    match: /^parallel /,
    long: false,
    why: 'needs GNU parallel, and its 8 shards of the 4-digit octal family take hours on a small machine',
  },
  {
    match: /^sg-explore sweep --family octal --digits 4 --threads "\$SLURM_CPUS_PER_TASK"/,
    long: true,
    why: 'long-running: one Slurm task, 112 of the 3,584 four-digit octal codes, over 10 minutes per build on 2 cores',
  },
  {
    match: /^sg-explore sweep --family octal --digits 1-3\b/,
    long: true,
    why: 'long-running: ~500 octal rules, several minutes per build on 2 cores',
  },
  {
    match: /^sg-explore --code 0\.1777 /,
    long: true,
    why: 'long-running: .1777 to its proof, 443 million values and about 1.3 GB, minutes per build on 2 cores (the bench checks it: SG_BENCH_RECORDS=1)',
  },
  {
    match: /^sg-explore sweep --rules data\/unsolved-octal\.rules --limit 2\^(20|24) /,
    long: true,
    why: 'long-running: the census, 83 unsolved games to 2^20 values, about 26 minutes (2^20) and two hours (2^24) on 2 shared cores',
  },
  {
    match: /^sg-explore sweep --family octal --digits 3 --out octal3\.jsonl/,
    long: true,
    why: 'long-running: 448 octal rules, ~6 minutes per build on 2 cores (its --resume line alone would compute them all too)',
  },
];

/** Examples that need more than --timeout: matched like SKIP, each with its own limit in seconds (per build). */
export const SLOW = [
  // 2^24 officers values: about a minute on an idle core, more on a shared machine (and a 250 MB CSV).
  { match: /^sg-explore --preset officers --limit 2\^24 /, timeoutS: 400 },
  // 64 octal rules 4.dd: about 40 s per build on 2 busy cores.
  { match: /^sg-explore sweep --family octal --digits 2 --prefix 4\b/, timeoutS: 300 },
];

/** Lines whose README text is not a command to run as it is: each turned into the command it shows. */
export const REWRITES = [
  // `npm ci && npx sg-explore ...`: installing is not part of the example, and npx runs the same program.
  { match: /^npm ci && npx sg-explore /, to: 'sg-explore ' },
  // `npx sg-explore ...`: npx runs the installed program, the same one.
  { match: /^npx sg-explore /, to: 'sg-explore ' },
];

/** Extra environment for a block, chosen by a regular expression on any of its commands. */
export const ENV = [
  // The Slurm array script (--array=0-31): what Slurm sets in its first task (2 CPUs: this is no cluster).
  {
    match: /\$SLURM_ARRAY_TASK_ID/,
    env: { SLURM_ARRAY_TASK_ID: '0', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_MAX: '31', SLURM_ARRAY_TASK_COUNT: '32', SLURM_ARRAY_TASK_STEP: '1', SLURM_CPUS_PER_TASK: '2' },
  },
];

/** Inputs the README names that the repository does not hold: written into the work folders when a block names them. */
export const FIXTURES = {
  // `--position - < heaps.txt`: 10,000 Nim heaps below 10^9, from a fixed linear congruential sequence.
  'heaps.txt': () => {
    let x = 12345n;
    const heaps = [];
    for (let i = 0; i < 10000; i++) {
      x = (x * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
      heaps.push(String((x >> 11n) % 1000000000n));
    }
    return heaps.join('\n') + '\n';
  },
  // `sweep --rules my-rules.txt`: the rule forms the README lists, a repeat, a comment and a blank line.
  'my-rules.txt': () =>
    ['# rules for the README example', 'moves 1,2,3', 'all-but 2,3,7', '', 'code 0.77', 'preset kayles', 'octal 0.77', 'moves 1,3,4', ''].join('\n'),
};

/**
 * Examples the test suite (test/cli/docs.test.ts) does not run, besides SKIP: each matched like SKIP,
 * with its reason. compare-examples runs them. Keep the suite under about a minute on 2 cores.
 */
export const SUITE_SKIP = [
  { match: /^sg-explore serve\b/, why: 'a server: it runs until Ctrl-C (test/web/serve.test.ts starts it)' },
  { match: /^sg-explore --preset nim --position - --input (cases|counted) --answer (winner|move)$/, why: "reads a judge's input on standard input: the console block after it gives it one" },
  { match: /^sg-explore --preset officers --limit 2\^24 /, why: 'about a minute or more: 2^24 values of Officers (compare-examples runs it)' },
  { match: /^sg-explore sweep --family octal --digits 2 --prefix 4\b/, why: '64 octal codes, about 40 s on 2 cores' },
  { match: /^sg-explore sweep (--from octal3\.jsonl|--merge octal4\.\*\.jsonl)/, why: 'reads the results files of the long sweeps before it, which SKIP leaves out' },
  { match: /^sg-explore duel .*(\.\/wrong|python3 kayles\.py|\.\/a\.out)/, why: 'needs a contest solution the repository does not hold (test/contest/duel.test.ts writes its own)' },
];

/** The examples of one Markdown text, grouped by code block (`expect`: the exit status a trailing `# exit N` states, else 0). */
export function extractExamples(readme) {
  const lines = readme.split('\n');
  const blocks = [];
  let block = null;
  for (let i = 0; i < lines.length; i++) {
    const fence = /^\s*(```+|~~~+)\s*([\w-]*)/.exec(lines[i]);
    if (fence) {
      if (block) {
        if (block.examples.length > 0) blocks.push(block);
        block = null;
      } else if (['', 'sh', 'bash', 'shell', 'console', 'zsh'].includes(fence[2])) {
        block = { line: i + 1, examples: [] };
      } else {
        // A code block in another language: skip to its end.
        while (++i < lines.length && !/^\s*(```+|~~~+)\s*$/.test(lines[i]));
      }
      continue;
    }
    if (!block) continue;
    const first = i;
    let text = lines[i];
    while (/\\$/.test(text) && i + 1 < lines.length) text += '\n' + lines[++i]; // bash reads the backslash-newline as the README does
    let command = text.trim().replace(/^\$\s+/, '');
    if (command.startsWith('#')) continue;
    for (const r of REWRITES) if (r.match.test(command)) command = command.replace(r.match, r.to);
    if (!/(^|[\s|;&(`])sg-explore(\s|$)/.test(command)) continue;
    const exit = /#\s*exit (\d+)\s*$/.exec(command);
    block.examples.push({ line: first + 1, command, expect: exit ? Number(exit[1]) : 0 });
  }
  return blocks;
}

/** A command's text as one short line, for the report. */
export function shown(command) {
  return command.replace(/\s*\\\n\s*/g, ' ').replace(/\s+#.*$/, '').replace(/\s+/g, ' ');
}

const OUTPUT_OPTIONS = new Set(['--out', '--plot', '--checkpoint']);

/** Prepares one side's work folder for a block: examples/, the repository files it names, fixtures, output folders. */
export function prepare(work, block) {
  mkdirSync(work, { recursive: true });
  cpSync(join(repo, 'examples'), join(work, 'examples'), { recursive: true });
  for (const e of block.examples) {
    const words = e.command.split(/[\s|<>;&]+/).map((w) => w.replace(/^["']|["']$/g, ''));
    for (let k = 0; k < words.length; k++) {
      const word = words[k];
      if (!word || word.startsWith('-') || word.startsWith('/') || word.includes('$') || word.includes('{')) continue;
      const target = join(work, word);
      if (!resolve(target).startsWith(work + sep)) continue;
      if (OUTPUT_OPTIONS.has(words[k - 1])) {
        mkdirSync(dirname(target), { recursive: true });
      } else if (FIXTURES[word] && !existsSync(target)) {
        writeFileSync(target, FIXTURES[word]());
      } else if (!word.includes('*') && existsSync(join(repo, word)) && statSync(join(repo, word)).isFile() && !existsSync(target)) {
        mkdirSync(dirname(target), { recursive: true });
        cpSync(join(repo, word), target);
      }
    }
  }
}
