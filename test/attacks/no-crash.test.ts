/**
 * Issue 41, attacks that crashed the program or ran it out of memory:
 * - a genus table of hundreds of thousands of heaps (its report spread every
 *   row into one call: "Maximum call stack size exceeded");
 * - `--answer move` on millions of heaps from standard input, under a small
 *   V8 heap (the heaps after the move were held as one array of strings),
 *   and `--input cases` with millions of small cases (all held at once);
 * - flags a kind cannot honour (--misere, --genus, --quotient) silently
 *   ignored: every kind of the registry either honours them or refuses.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cliEnv, expectBadInput, ROOT, runCli } from '../helpers/cli.js';
import { withoutProgressLines } from '../helpers/progress-lines.js';
import { parseCode } from '../../src/core/rules/code.js';
import { referenceValues } from '../oracles/reference.js';
import { int, mulberry32 } from '../helpers/random.js';
import { scratchDirectories } from '../helpers/scratch.js';
import { KINDS, type Rule } from '../../src/core/kinds/registry.js';
import { longTest } from '../helpers/long.js';

/** The built binary under a V8 old space of `heapMb`, `input` written to its standard input as it takes it (stderr as runCli gives it). */
function runPiped(args: readonly string[], input: Iterable<string>, heapMb: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: cliEnv({ NODE_OPTIONS: `--max-old-space-size=${heapMb}` }), stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const pieces = input[Symbol.iterator]();
    const feed = (): void => {
      for (;;) {
        const next = pieces.next();
        if (next.done) return void child.stdin.end();
        if (!child.stdin.write(next.value)) return void child.stdin.once('drain', feed);
      }
    };
    child.stdin.on('error', () => {}); // a child that dies early closes the pipe: its exit tells what happened
    feed();
    child.once('error', reject);
    child.once('close', (code, signal) => done({ code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: withoutProgressLines(stderr) }));
  });
}

/** Heaps as text, a few thousand a piece. */
function* heapText(heaps: ArrayLike<number>, head = ''): Generator<string> {
  if (head) yield head;
  for (let from = 0; from < heaps.length; from += 4096) {
    let text = '';
    for (let i = from; i < Math.min(heaps.length, from + 4096); i++) text += `${heaps[i]}${i % 16 === 15 ? '\n' : ' '}`;
    yield text;
  }
}

const scratch = scratchDirectories('no-crash');
const kayles = { kind: 'take-and-break', code: parseCode('0.77') } as Rule;

describe('genus tables of many heaps', () => {
  it('--moves 1,2 --genus --max 2e5: the whole table, each row the genus of n mod 3 (as heaps 0..2, which the exhaustive search of misere-theory.test.ts checks)', async () => {
    const run = await runCli(['--moves', '1,2', '--genus', '--max', '2e5'], { timeoutMs: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const rows = run.stdout.split('\n').filter((l) => /^\s*\d+\s/.test(l));
    expect(rows.length).toBe(200_001);
    const small = ['0^{120}', '1^{031}', '2^{20}'];
    for (const [i, row] of rows.entries()) {
      const [n, value, genus, tameness] = row.trim().split(/\s+/);
      if (Number(n) !== i || value !== String(i % 3) || genus !== small[i % 3] || tameness !== 'tame') expect(row, `row ${i}`).toBe(`${i} ${i % 3} ${small[i % 3]} tame`);
    }
  });

  // A size test (three runs of 150,001 rows: 15 s on a loaded machine); the quick run keeps the 2e5 table above.
  longTest('variant: --moves 2,5,6 --genus --max 150000 --out FILE: the table file has the rows the CSV has, and the JSON too [long]', async () => {
    const dir = scratch.fresh('genus');
    const file = join(dir, 'genus.txt');
    const args = ['--moves', '2,5,6', '--genus', '--max', '150000'];
    const [table, csv, json] = await Promise.all([runCli([...args, '--out', file], { timeoutMs: 60_000 }), runCli([...args, '--format', 'csv'], { timeoutMs: 60_000 }), runCli([...args, '--format', 'json'], { timeoutMs: 60_000 })]);
    for (const run of [table, csv, json]) expect([run.code, run.stderr]).toEqual([0, '']);
    const fromCsv = csv.stdout.trim().split(/\r?\n/).slice(1).map((l) => l.split(',')).map((c) => `${c[0]} ${c[1]} ${c[2]} ${c[4]}`);
    expect(fromCsv.length).toBe(150_001);
    const fromTable = readFileSync(file, 'utf8').split('\n').filter((l) => /^\s*\d+\s/.test(l)).map((l) => l.trim().split(/\s+/).join(' '));
    expect(fromTable.join('\n')).toBe(fromCsv.join('\n'));
    const rows = (JSON.parse(json.stdout) as { rows: { n: number; value: number; genus: string; class: string }[] }).rows;
    expect(rows.map((r) => `${r.n} ${r.value} ${r.genus} ${r.class}`).join('\n')).toBe(fromCsv.join('\n'));
    // Heaps 0..20 of the big table are the small table's, which misere-theory.test.ts checks against an exhaustive search.
    const small = await runCli(['--moves', '2,5,6', '--genus', '--max', '20', '--format', 'csv']);
    expect(csv.stdout.split(/\r?\n/).slice(0, 22)).toEqual(small.stdout.split(/\r?\n/).slice(0, 22));
  });
});

describe('answers from standard input in flat memory (node --max-old-space-size=64)', () => {
  const HEAPS = 3_000_000;

  longTest(`--preset kayles --position - --answer move: ${HEAPS.toLocaleString('en')} heaps, the first winning move, checked [long]`, async () => {
    const random = mulberry32(41);
    const heaps = Uint16Array.from({ length: HEAPS }, () => int(random, 0, 999));
    const g = referenceValues(kayles, 1000);
    let total = 0;
    for (const h of heaps) total ^= g[h]!;
    // Make it a win: the last heap's value decides the nim-sum (heap 3 has value 3, and some heap below gives any value up to 7).
    if (total === 0) heaps[HEAPS - 1] = heaps[HEAPS - 1] === 3 ? 4 : 3;
    total = 0;
    for (const h of heaps) total ^= g[h]!;
    expect(total).not.toBe(0);
    const run = await runPiped(['--preset', 'kayles', '--position', '-', '--answer', 'move'], heapText(heaps), 64);
    expect(run.stderr).toBe('');
    expect([run.code, run.signal]).toEqual([0, null]);
    const [first, second, rest] = run.stdout.split('\n');
    expect(rest).toBe('');
    const [take, index] = first!.split(' ').map(Number) as [number, number];
    const after = second!.split(' ').map(Number);
    // The heap moved in is the first with a winning move; Kayles takes 1 or 2 and may split what is left in two.
    const wins = (h: number) => {
      const want = g[h]! ^ total;
      for (let t = 1; t <= Math.min(2, h); t++) for (let a = 0; 2 * a <= h - t; a++) if ((g[a]! ^ g[h - t - a]!) === want) return t;
      return 0;
    };
    let k = 0;
    while (!wins(heaps[k]!)) k++;
    expect(index).toBe(k + 1);
    expect(take).toBe(wins(heaps[k]!));
    const parts = after.length - HEAPS + 1;
    expect(parts === 1 || parts === 2).toBe(true);
    const left = after.slice(k, k + parts);
    expect(left.reduce((a, b) => a + b, 0)).toBe(heaps[k]! - take);
    expect(after.slice(0, k)).toEqual(Array.from(heaps.subarray(0, k)));
    let rest0 = 0;
    for (let i = k + parts; i < after.length; i++) if (after[i] !== heaps[i - parts + 1]) rest0++;
    expect(rest0, 'heaps after the move that changed').toBe(0);
    let sum = 0;
    for (const h of after) sum ^= g[h]!;
    expect(sum, 'the nim-sum after the move').toBe(0);
  });

  longTest(`variant: --preset nim --misere --input counted --answer move (the general path: Bouton's rule), ${HEAPS.toLocaleString('en')} heaps of up to 10^9 [long]`, async () => {
    const random = mulberry32(4141);
    const heaps = Float64Array.from({ length: HEAPS }, () => int(random, 0, 1e9));
    const run = await runPiped(['--preset', 'nim', '--misere', '--position', '-', '--input', 'counted', '--answer', 'move'], heapText(heaps, `${HEAPS}\n`), 64);
    expect(run.stderr).toBe('');
    expect([run.code, run.signal]).toEqual([0, null]);
    const [first, second] = run.stdout.split('\n');
    const [take, index] = first!.split(' ').map(Number) as [number, number];
    const after = second!.split(' ').map(Number);
    expect(after.length).toBe(HEAPS);
    let xor = 0;
    for (const h of heaps) xor ^= h;
    // Heaps this large: misère play is normal play (a heap of 2 or more stays); the first heap with the nim-sum's top bit.
    const top = 1 << (31 - Math.clz32(xor));
    const k = heaps.findIndex((h) => (h & top) !== 0);
    expect([index, take]).toEqual([k + 1, heaps[k]! - (heaps[k]! ^ xor)]);
    let changed = 0;
    let after0 = 0;
    for (let i = 0; i < HEAPS; i++) {
      if (after[i] !== heaps[i]) changed++;
      after0 ^= after[i]!;
    }
    expect([changed, after0]).toEqual([1, 0]);
  });

  longTest('variant: --input cases with 300,000 cases of one heap each (--moves 1,2,3), --answer winner: a line each, right [long]', async () => {
    // Each case is a position of its own (about 20,000 a second); 300,000 of them, all held at once, passed 64 MB.
    const CASES = 300_000;
    const random = mulberry32(414141);
    const heaps = Uint16Array.from({ length: CASES }, () => int(random, 0, 999));
    const cases = (function* () {
      yield `${CASES}\n`;
      for (let from = 0; from < CASES; from += 4096) {
        let text = '';
        for (let i = from; i < Math.min(CASES, from + 4096); i++) text += `1\n${heaps[i]}\n`;
        yield text;
      }
    })();
    const run = await runPiped(['--moves', '1,2,3', '--position', '-', '--input', 'cases', '--answer', 'winner'], cases, 64);
    expect(run.stderr).toBe('');
    expect([run.code, run.signal]).toEqual([0, null]);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.length).toBe(CASES);
    let wrong = 0;
    for (let i = 0; i < CASES; i++) if (lines[i] !== (heaps[i]! % 4 ? 'Yes' : 'No')) wrong++;
    expect(wrong).toBe(0);
  }, 120_000);
});

describe('--misere, --genus and --quotient: every kind honours them or refuses, never ignores them', () => {
  const KAYLES_MODULE = 'export function* options(n) {\n  for (let take = 1; take <= 2 && take <= n; take++) for (let a = 0; 2 * a <= n - take; a++) yield [a, n - take - a];\n}\n';
  const dir = scratch.fresh('kinds');
  const kaylesModule = join(dir, 'kayles.mjs');
  writeFileSync(kaylesModule, KAYLES_MODULE);
  /** A game of each kind: its flags, whether it takes --max, a position, and the same game by a kind that honours the flags (to compare with). */
  const samples: { kind: string; args: string[]; max: boolean; position: string[]; reference?: string[] }[] = [
    { kind: 'subtraction', args: ['--moves', '1,2'], max: true, position: ['3', '4'] },
    { kind: 'bash', args: ['--preset', 'bash:3'], max: true, position: ['3', '6'] },
    { kind: 'take-and-break', args: ['--code', '0.77'], max: true, position: ['3', '4'] },
    { kind: 'two-pile', args: ['--preset', 'wythoff'], max: true, position: ['3:5'] },
    { kind: 'capped-heap', args: ['--preset', 'fibonacci-nim'], max: true, position: ['5:4'] },
    { kind: 'module', args: ['--rule', kaylesModule], max: true, position: ['3', '4'], reference: ['--code', '0.77'] },
    { kind: 'module', args: ['--rule', join(ROOT, 'examples/ring.mjs')], max: false, position: ['{"edges":[2,5,3,0],"coin":0}'] },
    { kind: 'graph', args: ['--graph', join(ROOT, 'examples/game.txt')], max: false, position: ['x'] },
    { kind: 'divisor', args: ['--preset', 'divisor'], max: true, position: ['3', '4'] },
  ];

  it('the samples cover every kind of the registry', () => {
    expect(new Set(samples.map((s) => s.kind))).toEqual(new Set(KINDS.map((k) => k.name)));
  });

  const flags = ['misere', 'genus', 'quotient'] as const;
  const cases = samples.flatMap((sample) =>
    flags.flatMap((flag) => [
      { sample, flag, args: [...sample.args, `--${flag}`, ...(sample.max ? ['--max', '12'] : [])], what: 'table' },
      { sample, flag, args: [...sample.args, `--${flag}`, '--position', ...sample.position], what: 'position' },
    ]),
  );
  /** A report without the words that name its rule (the same game by another kind must give the rest alike). */
  const withoutRule = (report: Record<string, unknown>) => ({ ...report, rule: undefined, name: undefined, description: undefined });

  it.concurrent.each(cases.map((c) => [`${c.sample.args.join(' ')} --${c.flag} (${c.what})`, c] as const))('%s', async (_name, c) => {
    const run = await runCli([...c.args, '--format', 'json'], { timeoutMs: 60_000 });
    if (run.code !== 0) {
      // Refused: one line that names the flag.
      expectBadInput(run, c.args.join(' '), { pattern: new RegExp(`--${c.flag}\\b`) });
      return;
    }
    expect(run.stderr).toBe('');
    const report = JSON.parse(run.stdout) as Record<string, unknown>;
    // Honoured: a misère report, the same as the same game's by a kind that computes it here.
    expect(report.misere, `${c.args.join(' ')}: a report of misère play`).toBe(true);
    if (c.flag !== 'misere') expect(report.shape).toBe(c.flag);
    if (c.sample.reference) {
      const reference = await runCli([...c.sample.reference, ...c.args.slice(c.sample.args.length), '--format', 'json']);
      expect(reference.code, reference.stderr).toBe(0);
      expect(withoutRule(report)).toEqual(withoutRule(JSON.parse(reference.stdout) as Record<string, unknown>));
    }
  });
});
