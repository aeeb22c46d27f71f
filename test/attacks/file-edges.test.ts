/**
 * Issue 41, files at the file system's edges: one file in two roles, loops of
 * links, FIFOs and devices where a file is read or written, empty names,
 * /dev/stdout, and files this user may not write. Every case runs the built
 * program on real files (mkfifo, symlink, link, sparse files), with real signals.
 */
import { spawn, execFileSync } from 'node:child_process';
import { chmodSync, closeSync, linkSync, lstatSync, openSync, readFileSync, readdirSync, statSync, symlinkSync, truncateSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cliEnv, expectBadInput, runCli, HANG_GUARD_S } from '../helpers/cli.js';
import { withoutProgressLines } from '../helpers/progress-lines.js';
import { privateDevice, scratchDirectories } from '../helpers/scratch.js';
import { longTest } from '../helpers/long.js';

const scratch = scratchDirectories('file-edges');

/** A short rule file (Kayles). */
const KAYLES = 'code: "0.77"\n';
/** Long enough to give a signal time, were the run to get past its files. */
const LONG = { timeoutMs: 30_000 };

/** Run the binary through sh (a umask, a redirection), or as another user; stdin is `input` when given (stderr as runCli gives it). */
function runShell(script: string, cwd: string, options: { input?: string; uid?: number } = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, reject) => {
    const child = spawn('sh', ['-c', script], {
      cwd,
      env: cliEnv({ SG: `${process.execPath} ${BIN}` }),
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(options.uid !== undefined && { uid: options.uid, gid: options.uid }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const guard = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(guard);
      done({ code, stdout, stderr: withoutProgressLines(stderr) });
    });
    child.stdin.end(options.input ?? '');
  });
}

describe('one file in two roles is refused before any work, naming both flags', () => {
  it('--rule r.yaml --out r.yaml keeps the rule file', async () => {
    const dir = scratch.fresh('rule-out');
    writeFileSync(join(dir, 'r.yaml'), KAYLES);
    const run = await runCli(['--rule', 'r.yaml', '--out', 'r.yaml'], { cwd: dir, ...LONG });
    expectBadInput(run, 'rule and out', { pattern: /--rule r\.yaml and --out r\.yaml are the same file/ });
    expect(readFileSync(join(dir, 'r.yaml'), 'utf8')).toBe(KAYLES);
  });

  it('--out same.svg --plot same.svg writes neither', async () => {
    const dir = scratch.fresh('out-plot');
    const run = await runCli(['--moves', '1,2,3', '--max', '50', '--out', 'same.svg', '--plot', 'same.svg'], { cwd: dir, ...LONG });
    expectBadInput(run, 'out and plot', { pattern: /--out same\.svg and --plot same\.svg are the same file/ });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('--checkpoint cp.json --out cp.json keeps the checkpoint', async () => {
    const dir = scratch.fresh('checkpoint-out');
    const first = await runCli(['--moves', '1,2,3', '--max', '1000', '--checkpoint', 'cp.json'], { cwd: dir, ...LONG });
    expect(first.code, first.stderr).toBe(0);
    const saved = readFileSync(join(dir, 'cp.json'));
    const run = await runCli(['--moves', '1,2,3', '--max', '1000', '--checkpoint', 'cp.json', '--resume', '--out', 'cp.json'], { cwd: dir, ...LONG });
    expectBadInput(run, 'out and checkpoint', { pattern: /--out cp\.json and --checkpoint cp\.json are the same file/ });
    expect(readFileSync(join(dir, 'cp.json')).equals(saved)).toBe(true);
  });

  it('through a symbolic link, a hard link, or a folder named another way', async () => {
    const dir = scratch.fresh('links');
    writeFileSync(join(dir, 'r.yaml'), KAYLES);
    symlinkSync('r.yaml', join(dir, 'soft.yaml'));
    linkSync(join(dir, 'r.yaml'), join(dir, 'hard.yaml'));
    for (const out of ['soft.yaml', 'hard.yaml', './sub/../r.yaml', join(dir, 'r.yaml')]) {
      execFileSync('mkdir', ['-p', join(dir, 'sub')]);
      const run = await runCli(['--rule', 'r.yaml', '--out', out], { cwd: dir, ...LONG });
      expectBadInput(run, `--out ${out}`, { pattern: /--rule r\.yaml and --out .* are the same file/ });
      expect(readFileSync(join(dir, 'r.yaml'), 'utf8')).toBe(KAYLES);
      expect(lstatSync(join(dir, 'soft.yaml')).isSymbolicLink()).toBe(true);
    }
  });

  it('a file not there yet, named twice (one name a dangling link): neither is made', async () => {
    const dir = scratch.fresh('dangling-twice');
    symlinkSync('pic.svg', join(dir, 'alias.svg'));
    const run = await runCli(['--moves', '1,2,3', '--max', '50', '--plot', 'alias.svg', '--out', 'pic.svg'], { cwd: dir, ...LONG });
    expectBadInput(run, 'plot through a dangling link', { pattern: /--out pic\.svg and --plot alias\.svg are the same file \(two names of one file\)/ });
    expect(existsSync(join(dir, 'pic.svg'))).toBe(false);
  });

  it('--graph, and a graph a rule file names, with --out', async () => {
    const dir = scratch.fresh('graph-out');
    writeFileSync(join(dir, 'g.txt'), 'a b\nb c\n');
    writeFileSync(join(dir, 'r.yaml'), 'graph: g.txt\n');
    const direct = await runCli(['--graph', 'g.txt', '--out', 'g.txt'], { cwd: dir, ...LONG });
    expectBadInput(direct, 'graph and out', { pattern: /--graph g\.txt and --out g\.txt are the same file/ });
    const named = await runCli(['--rule', 'r.yaml', '--format', 'csv', '--out', 'g.txt'], { cwd: dir, ...LONG });
    expectBadInput(named, 'graph named by a rule file, and out', { pattern: /graph \(in r\.yaml\) g\.txt and --out g\.txt are the same file/ });
    expect(readFileSync(join(dir, 'g.txt'), 'utf8')).toBe('a b\nb c\n');
  });

  it('a sweep: --rules, --merge and --from with --out or --plot', async () => {
    const dir = scratch.fresh('sweep-roles');
    writeFileSync(join(dir, 'rules.txt'), 'moves 1,2,3\n');
    const rules = await runCli(['sweep', '--rules', 'rules.txt', '--out', 'rules.txt', '--format', 'jsonl'], { cwd: dir, ...LONG });
    expectBadInput(rules, 'sweep rules and out', { pattern: /--rules rules\.txt and --out rules\.txt are the same file/ });
    expect(readFileSync(join(dir, 'rules.txt'), 'utf8')).toBe('moves 1,2,3\n');
    const made = await runCli(['sweep', '--rules', 'rules.txt', '--out', 'a.jsonl'], { cwd: dir, ...LONG });
    expect(made.code, made.stderr).toBe(0);
    const before = readFileSync(join(dir, 'a.jsonl'), 'utf8');
    const merge = await runCli(['sweep', '--merge', 'a.jsonl', '--out', 'a.jsonl'], { cwd: dir, ...LONG });
    expectBadInput(merge, 'merge into an input', { pattern: /--merge a\.jsonl and --out a\.jsonl are the same file/ });
    symlinkSync('a.jsonl', join(dir, 'b.svg'));
    const plot = await runCli(['sweep', '--from', 'a.jsonl', '--plot', 'b.svg'], { cwd: dir, ...LONG });
    expectBadInput(plot, 'plot over an input', { pattern: /--from a\.jsonl and --plot b\.svg are the same file/ });
    expect(readFileSync(join(dir, 'a.jsonl'), 'utf8')).toBe(before);
  });

  // A device node of the test's own (not the machine's /dev/null, which a wrong rename would replace).
  it('two outputs into one character device are no conflict', async (context) => {
    const dir = scratch.fresh('null-twice');
    const device = privateDevice(dir, 'null');
    if (!device) return context.skip();
    const run = await runCli(['--moves', '1,2,3', '--max', '50', '--out', device, '--checkpoint', join(scratch.fresh('null'), 'cp')], LONG);
    expect(run.code, run.stderr).toBe(0);
    symlinkSync(device, join(dir, 'null.svg'));
    const twice = await runCli(['--moves', '1,2,3', '--max', '50', '--out', device, '--plot', 'null.svg'], { cwd: dir, ...LONG });
    expect(twice.code, twice.stderr).toBe(0);
    expect(statSync(device).isCharacterDevice(), 'the device is still a device, not replaced').toBe(true);
  });
});

describe('loops of links are refused; new files get 0666 less the umask', () => {
  it('--out l1.csv, where l1.csv -> l2.csv -> l1.csv', async () => {
    const dir = scratch.fresh('loop');
    symlinkSync('l2.csv', join(dir, 'l1.csv'));
    symlinkSync('l1.csv', join(dir, 'l2.csv'));
    const run = await runCli(['--moves', '1,2,3', '--max', '50', '--out', 'l1.csv'], { cwd: dir, ...LONG });
    expectBadInput(run, 'a loop of links', { pattern: /--out l1\.csv: .*loop of symbolic links/ });
    expect(lstatSync(join(dir, 'l2.csv')).isSymbolicLink()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['l1.csv', 'l2.csv']);
  });

  it('a loop of three, as --plot and as --checkpoint', async () => {
    const dir = scratch.fresh('loop3');
    symlinkSync('b.svg', join(dir, 'a.svg'));
    symlinkSync('c.svg', join(dir, 'b.svg'));
    symlinkSync('a.svg', join(dir, 'c.svg'));
    const plot = await runCli(['--moves', '1,2,3', '--max', '50', '--plot', 'a.svg'], { cwd: dir, ...LONG });
    expectBadInput(plot, 'plot into a loop', { pattern: /--plot a\.svg: .*loop of symbolic links/ });
    const checkpoint = await runCli(['--moves', '1,2,3', '--max', '50', '--checkpoint', 'b.svg'], { cwd: dir, ...LONG });
    expectBadInput(checkpoint, 'checkpoint into a loop', { pattern: /--checkpoint b\.svg: .*loop of symbolic links/ });
    expect(readdirSync(dir).sort()).toEqual(['a.svg', 'b.svg', 'c.svg']);
  });

  it('files made through a chain of dangling links and by atomic rename get 0666 less the umask', async () => {
    const dir = scratch.fresh('modes');
    symlinkSync('mid.csv', join(dir, 'link.csv'));
    symlinkSync('made.csv', join(dir, 'mid.csv'));
    const run = await runShell('umask 027; $SG --moves 1,2,3 --max 50 --out link.csv --plot p.svg --checkpoint cp', dir);
    expect(run.code, run.stderr).toBe(0);
    for (const name of ['made.csv', 'p.svg', 'cp']) expect((statSync(join(dir, name)).mode & 0o777).toString(8), name).toBe('640');
    for (const link of ['link.csv', 'mid.csv']) expect(lstatSync(join(dir, link)).isSymbolicLink(), link).toBe(true);
  });
});

describe('a FIFO or a device where a file is read: refused at once, never waited on', () => {
  it('--graph FIFO, --rule FIFO.yaml, and a graph a rule file names', async () => {
    const dir = scratch.fresh('fifo-in');
    execFileSync('mkfifo', [join(dir, 'g.txt'), join(dir, 'r.yaml')]);
    writeFileSync(join(dir, 'named.yaml'), 'graph: g.txt\n');
    for (const args of [['--graph', 'g.txt'], ['--rule', 'r.yaml'], ['--rule', 'named.yaml'], ['--rule', 'named.yaml', '--position', 'a']]) {
      const run = await runCli(args, { cwd: dir, ...LONG });
      expectBadInput(run, args.join(' '), { pattern: /is a FIFO, not a regular file/ });
    }
  });

  it('a checkpoint to resume, a rule module, a sweep\'s --rules, --from and --out', async () => {
    const dir = scratch.fresh('fifo-more');
    execFileSync('mkfifo', [join(dir, 'cp'), join(dir, 'm.mjs'), join(dir, 'list.txt'), join(dir, 'out.jsonl')]);
    const cases: [string[], RegExp][] = [
      [['--moves', '1,2,3', '--max', '50', '--checkpoint', 'cp', '--resume'], /--checkpoint cp: .*regular file/],
      [['--rule', 'm.mjs'], /--rule m\.mjs: .*is a FIFO, not a regular file/],
      [['sweep', '--rules', 'list.txt'], /--rules list\.txt: .*is a FIFO, not a regular file/],
      [['sweep', '--from', 'list.txt'], /--from list\.txt: .*is a FIFO, not a regular file/],
      [['sweep', '--family', 'subtraction', '--size', '1', '--max-move', '3', '--out', 'out.jsonl'], /--out out\.jsonl: .*is a FIFO, not a regular file/],
    ];
    for (const [args, pattern] of cases) expectBadInput(await runCli(args, { cwd: dir, ...LONG }), args.join(' '), { pattern });
  });

  it('--out FIFO with no reader waits, but SIGTERM and SIGINT end it at once', async () => {
    const dir = scratch.fresh('fifo-out');
    execFileSync('mkfifo', [join(dir, 'p.csv')]);
    for (const [signal, code] of [['SIGTERM', 143], ['SIGINT', 130]] as const) {
      const run = await runCli(['--moves', '1,2,3', '--max', '50', '--out', 'p.csv'], { cwd: dir, until: () => false, untilMs: 1000, signal, timeoutMs: 20_000 });
      expect(run.timedOut, `${signal}: ignored`).toBe(false);
      expect(run.code, run.stderr).toBe(code);
      expect(run.stderr).toMatch(new RegExp(`stopped by ${signal}`));
      expect(run.secondsAfterSignal!).toBeLessThan(HANG_GUARD_S);
      expect(lstatSync(join(dir, 'p.csv')).isFIFO()).toBe(true);
    }
  });

  it('--out FIFO with a reader that comes later gets the whole report', async () => {
    const dir = scratch.fresh('fifo-later');
    execFileSync('mkfifo', [join(dir, 'p.csv')]);
    const run = await runShell('$SG --moves 1,2,3 --max 9 --out p.csv & sleep 1; cat p.csv; wait $!', dir);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('n,grundy,outcome\r\n' + Array.from({ length: 10 }, (_, n) => `${n},${n % 4},${n % 4 ? 'N' : 'P'}\r\n`).join(''));
  });

  it('standard input still works where it is taken (--position -, --out -)', async () => {
    const run = await runShell('$SG --moves 1,2,3 --position - --format json --out -', scratch.fresh('stdin'), { input: '4 5\n' });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).outcome).toBeDefined();
  });
});

describe('input files have a size limit; devices that never end are refused', () => {
  it('--graph /dev/zero and /dev/urandom: refused at once, not read for ever', async () => {
    for (const device of ['/dev/zero', '/dev/urandom']) {
      const run = await runCli(['--graph', device], { until: () => false, untilMs: 3000, signal: 'SIGTERM', timeoutMs: 20_000 });
      expectBadInput(run, device, { pattern: new RegExp(`graph ${device}: .*is a character device, not a regular file`) });
    }
  });

  // A size test: the program reads 256 MB before it can say the file is over (28 s on a loaded machine).
  longTest('a graph file past the limit (a sparse file of 300 MB) is refused naming the limit [long]', async () => {
    const dir = scratch.fresh('big-graph');
    const path = join(dir, 'big.txt');
    closeSync(openSync(path, 'w'));
    truncateSync(path, 300 << 20);
    const run = await runCli(['--graph', 'big.txt'], { cwd: dir, ...LONG });
    expectBadInput(run, 'big graph', { pattern: /graph big\.txt: the file is over 268,435,456 bytes; a graph file is at most 268,435,456/ });
  });

  it('a rule file or rule list through a link to a device, and a big rule list', async () => {
    const dir = scratch.fresh('device-links');
    symlinkSync('/dev/zero', join(dir, 'zero.yaml'));
    symlinkSync('/dev/urandom', join(dir, 'random.txt'));
    expectBadInput(await runCli(['--rule', 'zero.yaml'], { cwd: dir, ...LONG }), 'rule from /dev/zero', { pattern: /--rule zero\.yaml: .*character device/ });
    expectBadInput(await runCli(['sweep', '--rules', 'random.txt'], { cwd: dir, ...LONG }), 'rules from /dev/urandom', { pattern: /--rules random\.txt: .*character device/ });
    const big = join(dir, 'big.txt');
    closeSync(openSync(big, 'w'));
    truncateSync(big, 300 << 20);
    expectBadInput(await runCli(['sweep', '--rules', 'big.txt'], { cwd: dir, ...LONG }), 'big rule list', { pattern: /--rules big\.txt: the file is over 268,435,456 bytes/ });
  });
});

describe('empty names, /dev/stdout, and files this user may not write', () => {
  it('an empty file name is refused before any work, for every file flag', async () => {
    for (const flag of ['out', 'plot', 'checkpoint', 'graph', 'rule']) {
      const args = flag === 'graph' || flag === 'rule' ? [`--${flag}`, ''] : ['--moves', '1,2,3', '--max', '2^40', `--${flag}`, ''];
      expectBadInput(await runCli(args, LONG), `--${flag} ''`, { pattern: new RegExp(`--${flag}: needs a file name`) });
    }
  });

  it('--out /dev/stdout (and /dev/fd/1) into a pipe streams the report', async () => {
    const rows = (max: number) => 'n,grundy,outcome\r\n' + Array.from({ length: max + 1 }, (_, n) => `${n},${n % 4},${n % 4 ? 'N' : 'P'}\r\n`).join('');
    for (const out of ['/dev/stdout', '/dev/fd/1']) {
      const run = await runCli(['--moves', '1,2,3', '--max', '2000', '--format', 'csv', '--out', out], LONG);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toBe(rows(2000));
    }
  });

  it('--out /dev/stdout redirected into a file (and appended to one) writes into that file', async () => {
    const dir = scratch.fresh('stdout-file');
    writeFileSync(join(dir, 'kept.txt'), 'first line\n');
    const run = await runShell('$SG --moves 1,2,3 --max 3 --format csv --out /dev/stdout > new.csv && $SG --moves 1,2,3 --max 3 --format csv --out /dev/stdout >> kept.txt', dir);
    expect(run.code, run.stderr).toBe(0);
    const csv = 'n,grundy,outcome\r\n0,0,P\r\n1,1,N\r\n2,2,N\r\n3,3,N\r\n';
    expect(readFileSync(join(dir, 'new.csv'), 'utf8')).toBe(csv);
    expect(readFileSync(join(dir, 'kept.txt'), 'utf8')).toBe('first line\n' + csv);
  });

  it('a file of mode 0444 is refused (also through a link), and left as it was', async () => {
    const dir = scratch.fresh('read-only');
    writeFileSync(join(dir, 'ro.csv'), 'mine\n');
    chmodSync(join(dir, 'ro.csv'), 0o444);
    symlinkSync('ro.csv', join(dir, 'link.csv'));
    for (const out of ['ro.csv', 'link.csv']) {
      expectBadInput(await runCli(['--moves', '1,2,3', '--max', '10', '--out', out], { cwd: dir, ...LONG }), out, { pattern: /is read-only/ });
    }
    expect(readFileSync(join(dir, 'ro.csv'), 'utf8')).toBe('mine\n');
  });

  // Needs root, to make a file of root's and run the program as another user (nobody).
  it.runIf(process.getuid?.() === 0)("as another user: a root-owned 0644 file in a 0777 folder is refused, as cp refuses it", async (context) => {
    const dir = scratch.fresh('not-mine');
    chmodSync(scratch.root, 0o755);
    chmodSync(dir, 0o777);
    writeFileSync(join(dir, 'root.csv'), 'root\n');
    chmodSync(join(dir, 'root.csv'), 0o644);
    // A checkout inside a private folder (mktemp -d makes 0700 ones) is out of that user's reach: nothing to test then.
    const probe = await runShell('$SG --version', dir, { uid: 65534 });
    if (probe.code !== 0) return context.skip();
    const run = await runShell('$SG --moves 1,2,3 --max 10 --out root.csv', dir, { uid: 65534 });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/^sg-explore: --out root\.csv: is read-only for this user[^\n]*\n$/);
    expect(readFileSync(join(dir, 'root.csv'), 'utf8')).toBe('root\n');
    expect(statSync(join(dir, 'root.csv')).uid).toBe(0);
    const mine = await runShell('$SG --moves 1,2,3 --max 10 --out new.csv', dir, { uid: 65534 });
    expect(mine.code, mine.stderr).toBe(0);
  });
});
