#!/usr/bin/env node
/**
 * compare-examples: runs every example command of README.md and docs/*.md with two builds of
 * sg-explore and checks that their outputs are the same, byte for byte, apart
 * from `"shape"` members that the NEW build adds to JSON.
 *
 * Usage (plain Node 20, no dependencies):
 *
 *   node scripts/compare-examples.mjs --old OLD_CLI [--new NEW_CLI] [options]
 *
 *   --old FILE      the old build's program, e.g. /tmp/old/dist/sg-explore.cjs (run as `node FILE ...`);
 *                   it must sit in its own built checkout (dist/ and node_modules/ beside it)
 *   --new FILE      the new build's program (default: this checkout's dist/sg-explore.cjs)
 *   --timeout S     seconds each example may run, per build (default 60; SLOW below gives two examples more)
 *   --full          also run the examples that SKIP marks long-running (timeout then at least 900 s)
 *   --only REGEX    run only the examples whose command matches REGEX (the others are not counted)
 *   --list          print the examples found in the documentation and what would be skipped, run nothing
 *   --keep          keep the temporary folders (their path is printed)
 *
 * To compare a change with the commit before it:
 *
 *   git worktree add /tmp/old HEAD~1 && (cd /tmp/old && npm ci && npm run build)
 *   npm run build && node scripts/compare-examples.mjs --old /tmp/old/dist/sg-explore.cjs
 *
 * What it does:
 * - Examples (scripts/doc-examples.mjs, which also holds SKIP, SLOW, REWRITES, ENV and FIXTURES):
 *   in every fenced code block of README.md and docs/*.md marked sh, bash, shell, console (or
 *   unmarked), each logical line (a trailing `\` joins the next line; a leading `$ ` is dropped)
 *   that runs `sg-explore` as a command. REWRITES below turns a few lines into plain commands.
 * - Each code block is one session: its lines run in order in the same pair of fresh temporary
 *   folders (OLD's and NEW's), since later lines use what earlier ones wrote (a checkpoint then
 *   `--resume`, a sweep's file then `--from`). Each folder starts with a copy of examples/, of
 *   every file of this repository that the block names as an input, and of FIXTURES (inputs the
 *   documentation names that the repository does not hold); output paths (`--out`, `--plot`,
 *   `--checkpoint`) get their parent folders only.
 * - Each line runs as `bash -c LINE`, with `sg-explore` a shell function that runs
 *   `node CLI "$@"`, so pipes, redirections, globs and comments work as in a terminal. Standard
 *   input is empty (a line's own `<` or pipe replaces it). The environment is the same for both
 *   builds: PATH and HOME, NO_COLOR=1, COLUMNS=100, TZ=UTC, LC_ALL=C.UTF-8, TMPDIR a fresh folder
 *   beside the work folder, and a block's ENV entries. OLD runs first, then NEW, never together.
 * - Compared: exit status, stdout, stderr, and every file the line created, changed or removed in
 *   the work folder. Before comparing, NORMALISE (below) is applied to stdout and stderr, and in
 *   JSON (a whole output or file, or JSON Lines, one value a line) every `"shape"` member of NEW
 *   whose object in OLD has no `"shape"` is cut out of NEW's text, with its comma, so the rest
 *   is still compared byte for byte (text that does not parse as JSON is compared as it is).
 *   In stdout and stderr each side's work folder, TMPDIR and package root read as <WORK>, <TMP>
 *   and <PACKAGE>.
 * - Prints one line per example (same, DIFFERS with the first differing lines, TIMEOUT, new (the
 *   old build refuses a flag or command it does not have: a feature added since), or
 *   skipped with the reason), then `N same, N differ, N skipped`. Exit status 1 if any example
 *   differs or timed out, 2 for a usage error, 0 otherwise.
 * - Cost: about 7 minutes on 2 cores that other work shares lightly, 13 under heavy load (half of
 *   it the 2^24 officers example, twice per build); about 600 MB of temporary files at its peak
 *   (that example's 250 MB CSV on each side). Folders are removed block by block.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readSync, closeSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { ENV, SKIP, SLOW, docExamples, prepare, repo, shown } from './doc-examples.mjs';


/**
 * Normalisations of stdout and stderr, each for something that differs from run to run of the
 * same build. Narrow on purpose: anything not listed here must be equal byte for byte.
 */
const NORMALISE = [
  // Progress lines (stderr, after a while): how many there are and what they say depend on the clock.
  // "sg-explore: computing: 3,541,182 values of at most 16,777,216, 352,700/s, 10.0 s (no proof yet)"
  { re: /^sg-explore: computing: .*\/s, [\d.]+ s\b.*\n/gm, to: '' },
  // "sg-explore: sweep: 8/448 rules, 0.8 rules/s, no ETA yet, elapsed 0:10"
  { re: /^sg-explore: sweep: [\d,]+\/[\d,]+ rules, .*elapsed [\d:]+\n/gm, to: '' },
];

// ---------------------------------------------------------------------------------------------

function usage(message) {
  console.error(`compare-examples: ${message}`);
  console.error('usage: node scripts/compare-examples.mjs --old OLD_CLI [--new NEW_CLI] [--timeout S] [--full] [--only REGEX] [--list] [--keep]');
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    options: {
      old: { type: 'string' },
      new: { type: 'string' },
      timeout: { type: 'string', default: '60' },
      full: { type: 'boolean', default: false },
      list: { type: 'boolean', default: false },
      only: { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
    strict: true,
  }).values;
} catch (error) {
  usage(error.message);
}
const timeoutS = Number(args.timeout);
if (!(timeoutS > 0)) usage(`--timeout must be a positive number of seconds, not '${args.timeout}'`);



const blocks = docExamples()
  .map((b) => ({ ...b, examples: b.examples.filter((e) => !args.only || new RegExp(args.only).test(shown(e.command))) }))
  .filter((b) => b.examples.length > 0);
for (const b of blocks) for (const e of b.examples) {
  const oneLine = shown(e.command);
  const skip = SKIP.find((s) => s.match.test(oneLine));
  e.skip = skip && !(skip.long && args.full) ? skip.why : null;
  const slow = SLOW.find((s) => s.match.test(oneLine));
  e.timeoutS = Math.max(timeoutS, slow?.timeoutS ?? 0, skip?.long ? 900 : 0);
}
const total = blocks.reduce((n, b) => n + b.examples.length, 0);

console.log(`README.md and docs/*.md: ${total} examples in ${blocks.length} code blocks`);
console.log('Skipped examples (SKIP in this script):');
for (const b of blocks) for (const e of b.examples) if (e.skip) console.log(`  ${b.file}:${e.line}  ${shown(e.command)}\n      ${e.skip}`);
if (args.list) {
  for (const b of blocks) {
    console.log(`block at ${b.file}:${b.line}`);
    for (const e of b.examples) console.log(`  ${e.line}: ${shown(e.command)}${e.skip ? '   [skipped]' : ''}`);
  }
  process.exit(0);
}

if (!args.old) usage('--old is required');
const cli = {
  old: resolve(args.old),
  new: resolve(args.new ?? join(repo, 'dist', 'sg-explore.cjs')),
};
for (const side of ['old', 'new']) if (!existsSync(cli[side])) usage(`--${side} ${cli[side]}: no such file (run npm run build there)`);
console.log(`OLD: ${cli.old}\nNEW: ${cli.new}\n`);

// --- Running --------------------------------------------------------------------------------


function runOne(command, side, dirs, extraEnv, limitS) {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? dirs.tmp,
    NO_COLOR: '1',
    COLUMNS: '100',
    TZ: 'UTC',
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    TMPDIR: dirs.tmp,
    SGX_NODE: process.execPath,
    SGX_CLI: cli[side],
    ...extraEnv,
  };
  const script = `sg-explore() { "$SGX_NODE" "$SGX_CLI" "$@"; }\n${command}\n`;
  return new Promise((resolveRun) => {
    const started = process.hrtime.bigint();
    const child = spawn('bash', ['-c', script], { cwd: dirs.work, env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    const out = [];
    const err = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => err.push(d));
    child.stdin.on('error', () => {});
    child.stdin.end();
    let timedOut = false;
    const killGroup = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // the group has already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup('SIGTERM');
      setTimeout(() => killGroup('SIGKILL'), 5000).unref();
    }, limitS * 1000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolveRun({
        status: code ?? `signal ${signal}`,
        stdout: Buffer.concat(out),
        stderr: Buffer.concat(err),
        timedOut,
        seconds: Number(process.hrtime.bigint() - started) / 1e9,
      });
    });
  });
}

/** Every file under dir: relative path -> "size:mtime" (what tells that a run touched it). */
function listFiles(dir) {
  const files = new Map();
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else {
        const s = statSync(p, { throwIfNoEntry: false });
        if (s) files.set(relative(dir, p), `${s.size}:${s.mtimeMs}:${s.ino}`);
      }
    }
  };
  walk(dir);
  return files;
}

// --- Comparing ------------------------------------------------------------------------------

/**
 * Parses JSON text and records, for every object, its members' spans in the text: enough to cut a
 * member out. Returns null if the text is not one JSON value (with surrounding whitespace).
 */
function parseJsonSpans(text) {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const fail = () => {
    throw new SyntaxError('not JSON');
  };
  const string = () => {
    const start = i;
    if (text[i] !== '"') fail();
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) fail();
    i++;
    return JSON.parse(text.slice(start, i));
  };
  const value = () => {
    ws();
    const c = text[i];
    if (c === '{') {
      const node = { kind: 'object', start: i, members: [] };
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        node.end = i;
        return node;
      }
      for (;;) {
        ws();
        const keyStart = i;
        const key = string();
        ws();
        if (text[i] !== ':') fail();
        i++;
        const v = value();
        node.members.push({ key, keyStart, end: v.end, value: v });
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          node.end = i;
          return node;
        }
        fail();
      }
    }
    if (c === '[') {
      const node = { kind: 'array', start: i, items: [] };
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        node.end = i;
        return node;
      }
      for (;;) {
        node.items.push(value());
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          node.end = i;
          return node;
        }
        fail();
      }
    }
    const start = i;
    if (c === '"') string();
    else {
      const m = /^(-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
      if (!m) fail();
      i += m[0].length;
    }
    return { kind: 'scalar', start, end: i };
  };
  try {
    const root = value();
    ws();
    return i === text.length ? root : null;
  } catch {
    return null;
  }
}

/**
 * NEW's JSON text with every `"shape"` member cut out where OLD's object at the same place has
 * none: returns the new text and how many members went, or null when either is not JSON.
 */
function stripShapes(oldText, newText) {
  const oldTree = parseJsonSpans(oldText);
  const newTree = parseJsonSpans(newText);
  if (!oldTree || !newTree) return null;
  const cuts = []; // [from, to) ranges of newText
  const walk = (o, n) => {
    if (!o || o.kind !== n.kind) return;
    if (n.kind === 'array') n.items.forEach((item, k) => walk(o.items[k], item));
    if (n.kind !== 'object') return;
    const oldKeys = new Map(o.members.map((m) => [m.key, m]));
    n.members.forEach((m, k) => {
      if (m.key === 'shape' && !oldKeys.has('shape')) {
        if (n.members.length === 1) cuts.push([n.start + 1, n.end - 1]); // `{"shape": ...}` -> `{}`
        else if (k > 0) cuts.push([n.members[k - 1].end, m.end]); // `, "shape": ...`
        else cuts.push([m.keyStart, n.members[1].keyStart]); // `"shape": ..., ` before the next key
      } else {
        walk(oldKeys.get(m.key)?.value, m.value);
      }
    });
  };
  walk(oldTree, newTree);
  let text = newText;
  for (const [from, to] of cuts.sort((a, b) => b[0] - a[0])) text = text.slice(0, from) + text.slice(to);
  return { text, cut: cuts.length };
}

/** NEW's output made comparable with OLD's: `"shape"` cut from whole JSON, or line by line from JSON Lines. */
function withoutNewShapes(oldBuf, newBuf) {
  if (!newBuf.includes('"shape"')) return { buf: newBuf, cut: 0 };
  const oldText = oldBuf.toString('utf8');
  const newText = newBuf.toString('utf8');
  const whole = stripShapes(oldText, newText);
  if (whole) return { buf: Buffer.from(whole.text), cut: whole.cut };
  const oldLines = oldText.split('\n');
  const newLines = newText.split('\n');
  if (oldLines.length !== newLines.length) return { buf: newBuf, cut: 0 };
  let cut = 0;
  const lines = newLines.map((line, k) => {
    if (!line.includes('"shape"')) return line;
    const stripped = stripShapes(oldLines[k], line);
    if (!stripped) return line;
    cut += stripped.cut;
    return stripped.text;
  });
  return { buf: Buffer.from(lines.join('\n')), cut };
}

/** stdout/stderr with run-to-run noise removed (NORMALISE), and the side's own folders named alike. */
function normalise(buf, dirs, side) {
  let text = buf.toString('utf8');
  const paths = [
    [dirs.work, '<WORK>'],
    [dirs.tmp, '<TMP>'],
    [dirname(dirname(cli[side])), '<PACKAGE>'],
  ];
  for (const [path, name] of paths) {
    for (const p of new Set([path, realpathSync(path)])) text = text.split(p).join(name);
  }
  for (const { re, to } of NORMALISE) text = text.replace(re, to);
  return Buffer.from(text);
}

/** The first differing lines of two texts, as a few `-`/`+` lines; or where two binary contents part. */
function describeDiff(a, b) {
  const binary = a.includes(0) || b.includes(0);
  if (binary) {
    let k = 0;
    while (k < a.length && k < b.length && a[k] === b[k]) k++;
    return [`      bytes differ from offset ${k} (sizes ${a.length} and ${b.length})`];
  }
  const x = a.toString('utf8').split('\n');
  const y = b.toString('utf8').split('\n');
  let k = 0;
  while (k < x.length && k < y.length && x[k] === y[k]) k++;
  // Long lines are shown from a little before the first column where they differ.
  let c = 0;
  if (k < x.length && k < y.length) while (c < x[k].length && x[k][c] === y[k][c]) c++;
  const from = c > 100 ? c - 60 : 0;
  const cut = (s) => (from > 0 ? '…' : '') + (s.length - from > 160 ? s.slice(from, from + 160) + '…' : s.slice(from));
  const lines = [`      @@ line ${k + 1}${from > 0 ? `, column ${c + 1}` : ''} (${x.length} lines old, ${y.length} new)`];
  if (k > 0) lines.push(`        ${cut(x[k - 1])}`);
  for (let j = k; j < Math.min(x.length, k + 3); j++) lines.push(`      - ${cut(x[j])}`);
  for (let j = k; j < Math.min(y.length, k + 3); j++) lines.push(`      + ${cut(y[j])}`);
  return lines;
}

const BIG = 32 << 20;

/** Whether two large files are equal, read a chunk at a time. */
function sameBigFiles(p, q) {
  if (statSync(p).size !== statSync(q).size) return false;
  const a = openSync(p, 'r');
  const b = openSync(q, 'r');
  try {
    const ba = Buffer.alloc(1 << 20);
    const bb = Buffer.alloc(1 << 20);
    for (;;) {
      const n = readSync(a, ba, 0, ba.length, null);
      const m = readSync(b, bb, 0, bb.length, null);
      if (n !== m || !ba.subarray(0, n).equals(bb.subarray(0, m))) return false;
      if (n === 0) return true;
    }
  } finally {
    closeSync(a);
    closeSync(b);
  }
}

function compareExample(results, dirs, before) {
  const problems = [];
  let shapesCut = 0;
  const o = results.old;
  const n = results.new;
  if (String(o.status) !== String(n.status)) problems.push(`      exit status ${o.status} old, ${n.status} new`);
  for (const stream of ['stdout', 'stderr']) {
    const a = normalise(o[stream], dirs.old, 'old');
    const stripped = withoutNewShapes(a, normalise(n[stream], dirs.new, 'new'));
    shapesCut += stripped.cut;
    if (!a.equals(stripped.buf)) problems.push(`    ${stream} differs:`, ...describeDiff(a, stripped.buf));
  }
  const after = { old: listFiles(dirs.old.work), new: listFiles(dirs.new.work) };
  const touched = new Set();
  for (const side of ['old', 'new']) {
    for (const [path, sig] of after[side]) if (before[side].get(path) !== sig) touched.add(path);
    for (const path of before[side].keys()) if (!after[side].has(path)) touched.add(path);
  }
  for (const path of [...touched].sort()) {
    const p = join(dirs.old.work, path);
    const q = join(dirs.new.work, path);
    const inOld = after.old.has(path);
    const inNew = after.new.has(path);
    if (inOld !== inNew) {
      problems.push(`    file ${path}: ${inOld ? 'only old has it' : 'only new has it'}`);
      continue;
    }
    if (!inOld) continue; // removed by both
    if (statSync(p).size > BIG || statSync(q).size > BIG) {
      if (!sameBigFiles(p, q)) problems.push(`    file ${path} differs (${statSync(p).size} and ${statSync(q).size} bytes; large file, compared as bytes)`);
      continue;
    }
    const a = readFileSync(p);
    const stripped = withoutNewShapes(a, readFileSync(q));
    shapesCut += stripped.cut;
    if (!a.equals(stripped.buf)) problems.push(`    file ${path} differs:`, ...describeDiff(a, stripped.buf));
  }
  return { problems, shapesCut, files: touched.size };
}

// --- Main -----------------------------------------------------------------------------------

const root = mkdtempSync(join(tmpdir(), 'sg-compare-examples-'));
let same = 0;
let differ = 0;
let skipped = 0;
let added = 0;
const startedAll = Date.now();
/** What the old build says of a flag or command it does not have: the example shows a feature added since. */
const UNKNOWN_TO_OLD = /^sg-explore: (unknown (option|command) |--shard: 'auto' is not i\/n)/;
try {
  for (const [b, block] of blocks.entries()) {
    const dirs = {};
    for (const side of ['old', 'new']) {
      dirs[side] = { work: join(root, `block${b + 1}`, side, 'work'), tmp: join(root, `block${b + 1}`, side, 'tmp') };
      prepare(dirs[side].work, block);
      mkdirSync(dirs[side].tmp, { recursive: true });
      dirs[side].work = realpathSync(dirs[side].work);
      dirs[side].tmp = realpathSync(dirs[side].tmp);
    }
    const extraEnv = Object.assign({}, ...ENV.filter((e) => block.examples.some((x) => e.match.test(x.command))).map((e) => e.env));
    for (const example of block.examples) {
      const label = `${block.file}:${example.line}  ${shown(example.command)}`;
      if (example.skip) {
        skipped++;
        console.log(`skipped  ${label}\n    (${example.skip})`);
        continue;
      }
      const before = { old: listFiles(dirs.old.work), new: listFiles(dirs.new.work) };
      const results = {};
      for (const side of ['old', 'new']) results[side] = await runOne(example.command, side, dirs[side], extraEnv, example.timeoutS);
      const time = `${results.old.seconds.toFixed(1)} s / ${results.new.seconds.toFixed(1)} s`;
      if (results.old.timedOut || results.new.timedOut) {
        differ++;
        const which = ['old', 'new'].filter((s) => results[s].timedOut).join(' and ');
        console.log(`TIMEOUT  ${label}  (${which} ran past ${example.timeoutS} s; not compared)`);
        continue;
      }
      const oldSays = results.old.stderr.toString('utf8');
      if (results.old.status === 2 && UNKNOWN_TO_OLD.test(oldSays) && results.new.status === 0) {
        added++;
        console.log(`new      ${label}  (${time}; the old build says: ${oldSays.trim().split('\n')[0]})`);
        continue;
      }
      const { problems, shapesCut, files } = compareExample(results, dirs, before);
      const notes = [time, `exit ${results.old.status}`];
      if (files > 0) notes.push(`${files} file${files === 1 ? '' : 's'}`);
      if (shapesCut > 0) notes.push(`${shapesCut} new "shape" member${shapesCut === 1 ? '' : 's'} set aside`);
      if (problems.length === 0) {
        same++;
        console.log(`same     ${label}  (${notes.join(', ')})`);
      } else {
        differ++;
        console.log(`DIFFERS  ${label}  (${notes.join(', ')})`);
        for (const line of problems.slice(0, 40)) console.log(line);
      }
    }
    if (!args.keep) rmSync(join(root, `block${b + 1}`), { recursive: true, force: true });
  }
} finally {
  if (args.keep) console.log(`\nwork folders kept in ${root}`);
  else rmSync(root, { recursive: true, force: true });
}
console.log(`\n${same} same, ${differ} differ, ${added} new (a feature the old build lacks), ${skipped} skipped  (${((Date.now() - startedAll) / 1000).toFixed(0)} s)`);
process.exit(differ > 0 ? 1 : 0);
