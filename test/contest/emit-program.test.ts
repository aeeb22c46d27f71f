import { execFile, spawnSync } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { expectBadInput } from '../helpers/cli.js';
import { int, mulberry32 } from '../helpers/random.js';
import { scratchDirectories } from '../helpers/scratch.js';
import { longTest } from '../helpers/long.js';

/**
 * `--emit LANG --program`: whole programs in each language this machine can
 * compile, each reading a judge's layout and printing a judge's answer. Each
 * is compiled, then given random cases of its layout in one input (60; 1,000
 * in `[long]`, where a compiled language builds every program, not one) and
 * compared with what sg-explore itself prints for that input (answered by its
 * own tables and theorems); `[long]` also runs `duel` on
 * 1,000 cases per layout (50 a run) for C, Python and JavaScript.
 */
const dirs = scratchDirectories('emit-program');
const run = promisify(execFile);

type Language = 'c' | 'cpp' | 'python' | 'javascript' | 'java';
const LANGUAGES: Language[] = ['c', 'cpp', 'python', 'javascript', 'java'];
const TOOLS: Record<Language, string[]> = { c: ['gcc'], cpp: ['g++'], python: ['python3'], javascript: ['node'], java: ['javac', 'java'] };
const absent = (tool: string) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).error !== undefined && spawnSync(tool, ['-version'], { stdio: 'ignore' }).error !== undefined;
const MISSING = Object.fromEntries(LANGUAGES.map((l) => [l, TOOLS[l].filter(absent)])) as Record<Language, string[]>;

/** A program written by sg-explore and built: the command that runs it. */
async function build(language: Language, args: readonly string[], dir: string): Promise<string[]> {
  const out = await runMain([...args, '--emit', language, '--program']);
  expect(out.stderr, args.join(' ')).toBe('');
  expect(out.code).toBe(0);
  mkdirSync(dir, { recursive: true });
  const source = out.stdout;
  switch (language) {
    case 'c':
    case 'cpp': {
      const file = join(dir, language === 'c' ? 'main.c' : 'main.cpp');
      writeFileSync(file, source);
      await run(language === 'c' ? 'gcc' : 'g++', ['-O2', '-Wall', '-Werror', '-o', join(dir, 'main'), file]);
      return [join(dir, 'main')];
    }
    case 'python':
      writeFileSync(join(dir, 'main.py'), source);
      return ['python3', join(dir, 'main.py')];
    case 'javascript':
      writeFileSync(join(dir, 'main.js'), source);
      return [process.execPath, join(dir, 'main.js')];
    case 'java':
      writeFileSync(join(dir, 'Main.java'), source);
      await run('javac', ['-encoding', 'US-ASCII', '-d', dir, join(dir, 'Main.java')]);
      return ['java', '-cp', dir, 'Main'];
  }
}

/** A judge's layout, for the random inputs: how cases end, what a position holds. */
interface Layout {
  readonly flags: readonly string[];
  readonly cases: 'counted' | 'sentinel' | 'eof';
  readonly sentinel?: string;
  /** A count before each position's components, or exactly this many. */
  readonly components: 'counted' | number;
  /** Numbers a component takes, and the range of each. */
  readonly width: number;
  readonly least: number;
  readonly largest: number;
  /** Each case gives its own subtraction set (--moves -), then a count of positions. */
  readonly rule?: boolean;
  /** The largest amount a case's set may take (10 unless given). */
  readonly setLargest?: number;
}

/** `count` random cases in `layout`, as one input. */
function randomInput(layout: Layout, count: number, seed: number): string {
  const random = mulberry32(seed);
  const lines: string[] = layout.cases === 'counted' ? [String(count)] : [];
  const position = () => {
    const n = typeof layout.components === 'number' ? layout.components : int(random, 1, 5);
    const numbers = Array.from({ length: n * layout.width }, () => int(random, layout.least, layout.largest));
    return (layout.components === 'counted' ? [n, ...numbers] : numbers).join(' ');
  };
  for (let c = 0; c < count; ) {
    // A rule of its own: 1 to 4 amounts of 1 to 10 (or setLargest; repeats and any order, as a judge may write them), then 1 to 3 positions.
    const set = Array.from({ length: int(random, 1, 4) }, () => int(random, 1, layout.setLargest ?? 10));
    const caseLines = layout.rule ? [`${set.length} ${set.join(' ')}`, ...((p) => [String(p), ...Array.from({ length: p }, position)])(int(random, 1, 3))] : [position()];
    if (layout.sentinel !== undefined && caseLines.join(' ').startsWith(layout.sentinel)) continue;
    lines.push(...caseLines);
    c++;
  }
  if (layout.sentinel !== undefined) lines.push(layout.sentinel);
  return lines.join('\n') + '\n';
}

/** The games and layouts whose programs are checked: every model a program is written from, every layout and answer. */
const CASES: { name: string; game: string[]; emit?: string[]; answer: string[]; layout: Layout; quick?: boolean; notIn?: Language[] }[] = [
  { name: 'Kayles (a proven period), T cases, winner with phrases and a Case #k prefix', game: ['--preset', 'kayles'], answer: ['--answer', 'winner', '--words', 'Alice will win,Bob will win', '--prefix', 'Case #{k}: '], layout: { flags: ['--input', 'cases'], cases: 'counted', components: 'counted', width: 1, least: 0, largest: 200 } },
  { name: 'subtraction {1,3,4}, cases until 0, every winning move', game: ['--moves', '1,3,4'], answer: ['--answer', 'moves', '--words', 'Yes,No'], layout: { flags: ['--input', 'until'], cases: 'sentinel', sentinel: '0', components: 'counted', width: 1, least: 0, largest: 60 } },
  { name: 'Nim (Bouton), cases to the end of the input, the number of winning moves', game: ['--preset', 'nim'], answer: ['--answer', 'count'], layout: { flags: ['--input', 'eof'], cases: 'eof', components: 'counted', width: 1, least: 0, largest: 10 ** 12 } },
  { name: "Bash (Bachet), 3 heaps a line until '0 0 0', the first winning move in the judge's layout", game: ['--preset', 'bash:5'], answer: ['--answer', 'move', '--move-format', '{heap} {from} {to}'], layout: { flags: ['--input', 'until', '--sentinel', '0 0 0', '--components', '3'], cases: 'sentinel', sentinel: '0 0 0', components: 3, width: 1, least: 0, largest: 10 ** 15 } },
  { name: "Wythoff (the theorem), a pair a line to the end of the input", game: ['--preset', 'wythoff'], answer: ['--answer', 'winner', '--words', '1,0'], layout: { flags: ['--input', 'eof', '--components', '1'], cases: 'eof', components: 1, width: 2, least: 0, largest: 10 ** 9 } },
  { name: 'Fibonacci Nim (Whinihan), a start heap a line until 0', game: ['--preset', 'fibonacci-nim'], answer: ['--answer', 'winner', '--words', 'First win,Second win'], layout: { flags: ['--input', 'until', '--components', '1'], cases: 'sentinel', sentinel: '0', components: 1, width: 1, least: 2, largest: 10 ** 9 } },
  { name: 'take a Fibonacci number (no pattern): the table itself up to --max 400', game: ['--moves', 'fibonacci'], emit: ['--max', '400'], answer: ['--answer', 'winner'], layout: { flags: ['--input', 'cases'], cases: 'counted', components: 'counted', width: 1, least: 0, largest: 400 } },
  { name: 'Kayles (a proven period), every winning move (take, split or shorten) in the layout {take} {heap} {to} / {after}', game: ['--preset', 'kayles'], answer: ['--answer', 'moves', '--words', 'Win,Lose', '--move-format', '{take} {heap} {to} / {after}'], layout: { flags: ['--input', 'cases'], cases: 'counted', components: 'counted', width: 1, least: 0, largest: 40 }, quick: true },
  { name: "Dawson's Kayles (0.07), heaps to 10^18: the number of winning moves, counted through the period", game: ['--code', '0.07'], answer: ['--answer', 'count'], layout: { flags: ['--input', 'eof'], cases: 'eof', components: 'counted', width: 1, least: 0, largest: 10 ** 18 } },
  { name: "Grundy's game (no pattern; the table to --max 120), the first winning move", game: ['--code', '4!.0'], emit: ['--max', '120'], answer: ['--answer', 'move', '--move-format', '{heap}: {from} -> {to}'], layout: { flags: ['--input', 'until'], cases: 'sentinel', sentinel: '0', components: 'counted', width: 1, least: 1, largest: 120 } },
  { name: 'take one and split the rest into three heaps (0.8; the table to --max 60), every winning move', game: ['--code', '0.8'], emit: ['--max', '60'], answer: ['--answer', 'moves'], layout: { flags: ['--input', 'cases'], cases: 'counted', components: 'counted', width: 1, least: 0, largest: 60 } },
  { name: 'all but 2 and 5 (an arithmetic-periodic pattern), the first winning move', game: ['--all-but', '2,5'], answer: ['--answer', 'move'], layout: { flags: ['--input', 'cases'], cases: 'counted', components: 'counted', width: 1, least: 0, largest: 10 ** 6 } },
  { name: "Wythoff (the theorem), a pair a line: every winning move", game: ['--preset', 'wythoff'], answer: ['--answer', 'moves', '--words', 'First,Second'], layout: { flags: ['--input', 'cases', '--components', '1'], cases: 'counted', components: 1, width: 2, least: 0, largest: 10 ** 9 } },
  { name: 'Fibonacci Nim (Whinihan), a start heap a line: the number of winning moves', game: ['--preset', 'fibonacci-nim'], answer: ['--answer', 'count'], layout: { flags: ['--input', 'eof', '--components', '1'], cases: 'eof', components: 1, width: 1, least: 1, largest: 10 ** 12 } },
  { name: 'the divisor game (its theorem: G(n) the exponent of 2 in n), every winning move, a proper divisor taken', game: ['--preset', 'divisor'], answer: ['--answer', 'moves', '--move-format', 'take {take} from {from}'], layout: { flags: ['--input', 'cases'], cases: 'counted', components: 'counted', width: 1, least: 0, largest: 10 ** 6 } },
  { name: 'a two-pile game by its observed law (--use-observed: (1,0), (0,1), (1,1) twice), a pair a line: every winning move', game: ['--vectors', '(1,0) (0,1) (1,1)x2', '--use-observed'], answer: ['--answer', 'moves', '--words', 'Win,Lose', '--move-format', '{take}: {from} -> {to}'], layout: { flags: ['--input', 'cases', '--components', '1'], cases: 'counted', components: 1, width: 2, least: 0, largest: 30 }, quick: true },
  { name: "S-Nim: each case's own subtraction set, then its positions (--moves -), every winning move, 'Case #k:' and ' | ' between", game: ['--moves', '-'], answer: ['--answer', 'moves', '--prefix', 'Case #{k}: ', '--between', ' | '], layout: { flags: ['--input', 'until'], cases: 'sentinel', sentinel: '0', components: 'counted', width: 1, least: 0, largest: 30, rule: true }, quick: true },
  { name: "S-Nim with heaps to 10^18 (moves of up to 60 tokens): each case's period found by the program, the number of winning moves", game: ['--moves', '-'], answer: ['--answer', 'count'], layout: { flags: ['--input', 'eof'], cases: 'eof', components: 'counted', width: 1, least: 0, largest: 10 ** 18, rule: true, setLargest: 60 } },
  // Lasker's values pass a long at 2^63 - 1 (saltus 4 over period 4): Java sums them as BigIntegers.
  { name: "Lasker's Nim as a rule module (its observed period, --use-observed): every winning move, from the module's options recorded up to its max 64", game: ['--rule', 'examples/lasker.mjs', '--use-observed'], answer: ['--answer', 'moves', '--words', 'Yes,No'], layout: { flags: ['--input', 'cases'], cases: 'counted', components: 'counted', width: 1, least: 0, largest: 64 } },
  { name: "Lasker's Nim as a take-and-break code (4.[3], its observed period), the number of winning moves, found split by split", game: ['--code', '4.[3]', '--use-observed'], answer: ['--answer', 'count'], layout: { flags: ['--input', 'eof'], cases: 'eof', components: 'counted', width: 1, least: 0, largest: 300 } },
  { name: "Grundy's game as a rule module (no pattern: the table to --max 100), the first winning move, from the module's options", game: ['--rule', 'examples/grundy.mjs'], emit: ['--max', '100'], answer: ['--answer', 'move', '--move-format', '{heap}: {from} -> {to}'], layout: { flags: ['--input', 'until'], cases: 'sentinel', sentinel: '0', components: 'counted', width: 1, least: 1, largest: 100 } },
  { name: "one-more's observed law of start heaps (--use-observed, --max 3000), a start heap a line: every winning move, from the table of the start heaps' moves", game: ['--preset', 'one-more', '--use-observed'], emit: ['--max', '3000'], answer: ['--answer', 'moves', '--words', 'Yes,No'], layout: { flags: ['--input', 'cases', '--components', '1'], cases: 'counted', components: 1, width: 1, least: 0, largest: 3000 } },
];

/** What sg-explore prints for a case's random input of `count` cases (found once, for every language). */
const expectedAnswers = new Map<string, Promise<{ input: string; stdout: string }>>();
function expected(i: number, count: number): Promise<{ input: string; stdout: string }> {
  const key = `${i}:${count}`;
  if (!expectedAnswers.has(key)) {
    const c = CASES[i]!;
    const input = randomInput(c.layout, count, 45 + i);
    expectedAnswers.set(
      key,
      runMain([...c.game, '--position', '-', ...c.layout.flags, ...c.answer], { stdin: input }).then((run) => {
        expect(run.stderr, c.name).toBe('');
        return { input, stdout: run.stdout };
      }),
    );
  }
  return expectedAnswers.get(key)!;
}

/** Every case's program in `language`, on `count` random cases of its layout, against sg-explore. */
async function checkPrograms(language: Language, count: number, only?: readonly number[]): Promise<void> {
  for (const [i, c] of CASES.entries()) {
    if ((only && !only.includes(i)) || c.notIn?.includes(language)) continue;
    const command = await build(language, [...c.game, ...(c.emit ?? []), ...c.layout.flags, ...c.answer], join(dirs.root, `${language}-${count}`, String(i)));
    const { input, stdout } = await expected(i, count);
    const got = spawnSync(command[0]!, command.slice(1), { input, encoding: 'utf8', maxBuffer: 1 << 26 });
    expect(got.stderr, `${language}: ${c.name}`).toBe('');
    expect(got.stdout, `${language}: ${c.name}`).toBe(stdout);
  }
}

describe('--emit LANG --program: compiled, and random cases of every layout against sg-explore', () => {
  for (const language of LANGUAGES) {
    if (MISSING[language].length > 0) {
      it.skip(`${language}: skipped, ${MISSING[language].join(' and ')} not found on PATH`, () => {});
      continue;
    }
    // A compiler takes seconds a program on a busy machine (javac 45 s for four, g++ 20 s for ten at load 20): the compiled languages'
    // quick check is one program (a rule in each case, a sentinel, every winning move with a prefix and a separator); Python and
    // JavaScript, which compile nothing, run the first seven and those marked quick (every model and layout); all in [long].
    const compiled = language === 'c' || language === 'cpp' || language === 'java';
    const only = compiled ? [CASES.length - 1] : CASES.flatMap((c, i) => (i < 7 || c.quick ? [i] : []));
    it(`${language}: ${only.length === 1 ? 'one layout' : `${only.length} layouts`} and answers, 60 cases each`, () => checkPrograms(language, 60, only), 180_000);
    longTest(`${language}: every layout and answer, 1,000 cases each [long]`, () => checkPrograms(language, 1000), 600_000);
  }

  it('C: the types fit the values (unsigned long long), and a heap past the table stops the program with a message', async (context) => {
    if (MISSING.c.length > 0) return context.skip();
    const out = await runMain(['--moves', 'fibonacci', '--max', '400', '--emit', 'c', '--program', '--input', 'cases']);
    expect(out.stdout).not.toContain('__int128');
    expect(out.stdout).toContain('the table itself');
    const command = await build('c', ['--moves', 'fibonacci', '--max', '400', '--input', 'cases'], join(dirs.root, 'past'));
    const past = spawnSync(command[0]!, [], { input: '1\n1 401\n', encoding: 'utf8' });
    expect(past.status).toBe(1);
    expect(past.stderr).toBe('grundy(401): past the table, which ends at 400\n');
  });

  it("C: 64-bit values where heaps up to 2^63 - 1 keep them there (Lasker's Nim, saltus 4 over period 4), checked against Lasker's closed form", async (context) => {
    if (MISSING.c.length > 0) return context.skip();
    const args = ['--rule', 'examples/lasker.mjs', '--use-observed', '--input', 'cases'];
    const out = await runMain([...args, '--emit', 'c', '--program']);
    expect(out.stdout).not.toContain('__int128');
    expect(out.stdout).toMatch(/^unsigned long long grundy\(unsigned long long n\)/m);
    const command = await build('c', args, join(dirs.root, 'lasker'));
    // G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3: a pair of heaps is lost exactly when their values are equal.
    const lasker = (n: bigint) => (n === 0n ? 0n : n % 4n === 3n ? n + 1n : n % 4n === 0n ? n - 1n : n);
    const random = mulberry32(8);
    const pairs = Array.from({ length: 200 }, () => {
      const a = (BigInt(int(random, 0, 2 ** 30)) << 32n) | BigInt(int(random, 0, 2 ** 31));
      // Equal heaps are lost; a heap and a larger one of another value are won.
      return [a, random() < 0.5 ? a : a + BigInt(int(random, 1, 9))] as const;
    });
    const input = `${pairs.length}\n${pairs.map(([a, b]) => `2 ${a} ${b}`).join('\n')}\n`;
    const got = spawnSync(command[0]!, [], { input, encoding: 'utf8' });
    expect(got.stderr).toBe('');
    expect(got.stdout).toBe(pairs.map(([a, b]) => (lasker(a) === lasker(b) ? 'No\n' : 'Yes\n')).join(''));
    expect(got.stdout).toContain('No\n');
    const past = spawnSync(command[0]!, [], { input: '1\n1 9223372036854775808\n', encoding: 'utf8' });
    expect([past.status, past.stderr]).toEqual([1, 'grundy(9223372036854775808): past 2^63 - 1, where G(n) could pass 64 bits\n']);
  });

  it("Java: BigInteger values where they pass a long (Lasker's Nim, G(2^63 - 1) = 2^63), checked against Lasker's closed form and duelled against sg-explore; long elsewhere", async (context) => {
    if (MISSING.java.length > 0) return context.skip();
    const kayles = await runMain(['--preset', 'kayles', '--input', 'cases', '--answer', 'moves', '--emit', 'java', '--program']);
    expect(kayles.stdout).not.toContain('BigInteger');
    const args = ['--rule', 'examples/lasker.mjs', '--use-observed', '--input', 'cases', '--answer', 'moves', '--words', 'Yes,No'];
    const out = await runMain([...args, '--emit', 'java', '--program']);
    expect(out.stdout).toMatch(/static java\.math\.BigInteger grundy\(long n\)/);
    expect(out.stdout).toMatch(/static boolean options\(long n, java\.math\.BigInteger want\)/);
    const command = await build('java', args, join(dirs.root, 'java-lasker'));
    // G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3 (a bijection): heaps near 2^63 whose values cancel are lost (answered
    // without their moves, which lie past the table), and so is a sum whose nim-sum passes a long only on the way.
    const lasker = (n: bigint) => (n === 0n ? 0n : n % 4n === 3n ? n + 1n : n % 4n === 0n ? n - 1n : n);
    const top = (1n << 63n) - 1n;
    const lost = [[top, top], [top - 1n, top - 3n, lasker(lasker(top - 1n) ^ lasker(top - 3n))], [top, 5n, top, 5n]].filter((h) => h.reduce((s, n) => s ^ lasker(n), 0n) === 0n);
    expect(lost).toHaveLength(3);
    const input = `${lost.length}\n${lost.map((h) => `${h.length} ${h.join(' ')}`).join('\n')}\n`;
    const got = spawnSync(command[0]!, command.slice(1), { input, encoding: 'utf8' });
    expect([got.stderr, got.stdout]).toEqual(['', 'No\nNo\nNo\n']);
    const duel = await runMain(['duel', ...args, '--smallest', '0', '--largest', '64', '--cases', '3', '--per-run', '50..50', '--seed', '45', '--', ...command]);
    expect(duel.stdout).toMatch(/^all 3 cases agree \(.*50 cases a run/);
  }, 180_000);

  it("C: more winning moves than sg-explore lists stop the program with a message, as sg-explore refuses them; a Kayles heap of 10^18 is counted at once", async (context) => {
    if (MISSING.c.length > 0) return context.skip();
    const many = await build('c', ['--preset', 'kayles', '--input', 'cases', '--answer', 'moves'], join(dirs.root, 'many'));
    const input = '1\n1 1000000\n';
    const cli = await runMain(['--preset', 'kayles', '--position', '-', '--input', 'cases', '--answer', 'moves'], { stdin: input });
    expect(cli.code).not.toBe(0);
    expect(cli.stderr).toMatch(/winning moves; at most 10000 are listed/);
    const got = spawnSync(many[0]!, [], { input, encoding: 'utf8' });
    expect([got.status, got.stderr]).toEqual([1, 'more than 10000 winning moves: sg-explore lists at most that many\n']);
    // Counted through the period (Kayles: preperiod 71, period 12): against a brute force of Kayles' values and options at 3,000,
    // and against sg-explore's own count at 10^18.
    const count = await build('c', ['--preset', 'kayles', '--input', 'cases', '--answer', 'count'], join(dirs.root, 'count'));
    const g: number[] = [];
    for (let n = 0; n <= 3000; n++) {
      const seen = new Set<number>();
      for (const take of [1, 2]) for (let a = 0; 2 * a <= n - take; a++) seen.add(g[a]! ^ g[n - take - a]!);
      let v = 0;
      while (seen.has(v)) v++;
      g.push(v);
    }
    // Two heaps 3000 and 7: the moves of either heap to the value the other asks for (a split of a leaves a and n - take - a).
    const movesTo = (n: number, want: number) => [1, 2].reduce((sum, take) => sum + Array.from({ length: Math.floor((n - take) / 2) + 1 }, (_, a) => a).filter((a) => n - take >= 0 && (g[a]! ^ g[n - take - a]!) === want).length, 0);
    const brute = g[3000]! === g[7]! ? 0 : movesTo(3000, g[7]!) + movesTo(7, g[3000]!);
    expect(spawnSync(count[0]!, [], { input: '1\n2 3000 7\n', encoding: 'utf8' }).stdout).toBe(`${brute}\n`);
    const huge = '2\n1 1000000000000000000\n2 999999999999999999 7\n';
    const expected = await runMain(['--preset', 'kayles', '--position', '-', '--input', 'cases', '--answer', 'count'], { stdin: huge });
    expect(expected.stderr).toBe('');
    expect(spawnSync(count[0]!, [], { input: huge, encoding: 'utf8' }).stdout).toBe(expected.stdout);
  });

  it("C: a rule in each case (--moves -) answers heaps to 10^18 through the period it finds, and stops with a message where the values do not repeat within 2^24", async (context) => {
    if (MISSING.c.length > 0) return context.skip();
    const flags = ['--moves', '-', '--input', 'eof', '--answer', 'moves'];
    const command = await build('c', flags, join(dirs.root, 'case-period'));
    // Sets of up to 4 moves of up to 400 tokens (periods in the thousands), heaps near 10^18 and small ones, against sg-explore's own answers.
    const input = randomInput({ flags: [], cases: 'eof', components: 'counted', width: 1, least: 0, largest: 10 ** 18, rule: true, setLargest: 400 }, 40, 4518);
    const expected = await runMain(['--moves', '-', '--position', '-', '--input', 'eof', '--answer', 'moves'], { stdin: input });
    expect(expected.stderr).toBe('');
    const got = spawnSync(command[0]!, [], { input, encoding: 'utf8' });
    expect(got.stderr).toBe('');
    expect(got.stdout).toBe(expected.stdout);
    // One move of 2^24 + 100 tokens: no window of that many values can recur among the first 2^24, so a heap past them is refused.
    const far = spawnSync(command[0]!, [], { input: '1 16777316\n1\n1 20000000\n', encoding: 'utf8' });
    expect([far.status, far.stderr]).toEqual([1, "a heap is 16777216 or more, and this case's values do not repeat within the first 16777216 (G is computed per case up to its largest heap or its period)\n"]);
  });

  it("C: a rule module's winning moves from its options as a table (Lasker's Nim, --use-observed), and a heap past the table stops the program with a message", async (context) => {
    if (MISSING.c.length > 0) return context.skip();
    const c = CASES.find((c) => c.game.includes('examples/lasker.mjs'))!;
    const command = await build('c', [...c.game, ...c.layout.flags, ...c.answer], join(dirs.root, 'module-moves'));
    const { input, stdout } = await expected(CASES.indexOf(c), 60);
    expect(stdout).toMatch(/^\d+ \d+ \d+$/m);
    const got = spawnSync(command[0]!, [], { input, encoding: 'utf8' });
    expect(got.stderr).toBe('');
    expect(got.stdout).toBe(stdout);
    const past = spawnSync(command[0]!, [], { input: '1\n2 65 3\n', encoding: 'utf8' });
    expect([past.status, past.stderr]).toEqual([1, "the options of a heap of 65 are not in this program's table, which ends at heap 64\n"]);
  });

  it("C: an observed law of start heaps (one-more) answers who wins past its table, and its winning moves from the table of start heaps' moves, which stops the program with a message past it", async (context) => {
    if (MISSING.c.length > 0) return context.skip();
    const c = CASES.find((c) => c.game.includes('one-more'))!;
    const command = await build('c', [...c.game, ...c.emit!, ...c.layout.flags, ...c.answer], join(dirs.root, 'start-moves'));
    const { input, stdout } = await expected(CASES.indexOf(c), 60);
    expect(stdout).toMatch(/^\d+ \d+ \d+ \d+$/m);
    const got = spawnSync(command[0]!, [], { input, encoding: 'utf8' });
    expect([got.stderr, got.stdout]).toEqual(['', stdout]);
    // 5120 = 10·2^9 is on the law (a(k) = 2·a(k-1)): lost, whatever the table; 3001 is not, and its moves lie past the table.
    const past = spawnSync(command[0]!, [], { input: '2\n5120\n3001\n', encoding: 'utf8' });
    expect([past.status, past.stdout, past.stderr]).toEqual([1, 'No\n', "the winning moves of a start heap of 3001 are not in this program's table, which ends at heap 3000\n"]);
  });

  it('refuses what a program cannot do, in one line', async () => {
    expectBadInput(await runMain(['--all-but', '-', '--emit', 'c', '--program', '--input', 'until']), 'an all-but set in each case', { pattern: /a rule in each case \(.*all-but -\) is written for subtraction sets only/ });
    expectBadInput(await runMain(['--preset', 'nim', '--program']), 'no --emit', { pattern: /--program writes a whole program with --emit LANG/ });
  });
});

describe('duel against the programs [long]', () => {
  // An interpreter's start (python3 about half a second on a loaded machine) made 1,000 runs of one to five cases a layout take 23
  // minutes: each run now holds 50 cases (--per-run 50..50), so 20 runs give each layout's 1,000 cases. Java's JVM is checked above.
  for (const language of ['c', 'python', 'javascript'] as const) {
    longTest(`${language}: duel on 1,000 cases per layout, 50 a run [long]`, async (context) => {
      if (MISSING[language].length > 0) return context.skip();
      for (const [i, c] of CASES.entries()) {
        if (c.notIn?.includes(language)) continue;
        const command = await build(language, [...c.game, ...(c.emit ?? []), ...c.layout.flags, ...c.answer], join(dirs.root, `duel-${language}`, String(i)));
        const sizes = ['--smallest', String(c.layout.least), '--largest', String(c.layout.largest)];
        const out = await runMain(['duel', ...c.game, ...c.layout.flags, ...c.answer, ...sizes, '--cases', '20', '--per-run', '50..50', '--seed', String(i), '--time-limit', '120', '--', ...command]);
        expect(out.stdout, `${language}: ${c.name}`).toMatch(/^all 20 cases agree \(.*50 cases a run/);
      }
    }, 3_600_000);
  }
});
