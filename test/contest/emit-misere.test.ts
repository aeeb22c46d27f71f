import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { int, mulberry32 } from '../helpers/random.js';
import { scratchDirectories } from '../helpers/scratch.js';

/**
 * `--emit LANG --program --misere`: misère Nim (POJ 3480, HDU 1907: the last
 * to move loses) answered by Bouton's misère rule in each language this
 * machine has, against a brute force written here (every position searched
 * by the definition) and against sg-explore on heaps to 10^18; games with no
 * misère rule a program can carry are refused, saying why.
 */
const dirs = scratchDirectories('emit-misere');
const run = promisify(execFile);

type Language = 'c' | 'cpp' | 'python' | 'javascript' | 'java';
const TOOLS: Record<Language, string> = { c: 'gcc', cpp: 'g++', python: 'python3', javascript: 'node', java: 'javac' };
const present = (tool: string) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).error === undefined || spawnSync(tool, ['-version'], { stdio: 'ignore' }).error === undefined;

/** The misère outcome of heaps, by the definition: the player to move wins exactly when some move leaves a lost position (no move at all: the other player moved last and lost). */
const memo = new Map<string, boolean>();
function wins(heaps: readonly number[]): boolean {
  const key = [...heaps].sort((a, b) => a - b).join(',');
  const known = memo.get(key);
  if (known !== undefined) return known;
  let any = false;
  let won = false;
  heaps.forEach((h, i) => {
    for (let t = 0; t < h && !won; t++) {
      any = true;
      if (!wins(heaps.map((x, j) => (j === i ? t : x)))) won = true;
    }
  });
  const result = won || !any;
  memo.set(key, result);
  return result;
}

/** --answer moves with --words Yes,No, by the brute force: every move to a lost position, heap by heap, fewest tokens first, as 'from to'. */
function bruteMoves(heaps: readonly number[]): string {
  if (!wins(heaps)) return 'No';
  const lines = ['Yes'];
  heaps.forEach((h, i) => {
    for (let t = h - 1; t >= 0; t--) if (!wins(heaps.map((x, j) => (j === i ? t : x)))) lines.push(`${h} ${t}`);
  });
  return lines.join('\n');
}

async function build(language: Language, args: readonly string[]): Promise<string[]> {
  const out = await runMain([...args, '--emit', language, '--program']);
  expect(out.stderr, args.join(' ')).toBe('');
  expect(out.code).toBe(0);
  expect(out.stdout).toContain("Bouton's misere rule (1901)");
  const dir = join(dirs.root, `${language}-${args.join('-').replace(/[^a-z0-9-]/gi, '')}`);
  mkdirSync(dir, { recursive: true });
  switch (language) {
    case 'c':
    case 'cpp': {
      const file = join(dir, language === 'c' ? 'main.c' : 'main.cpp');
      writeFileSync(file, out.stdout);
      await run(language === 'c' ? 'gcc' : 'g++', ['-O2', '-Wall', '-Werror', '-o', join(dir, 'main'), file]);
      return [join(dir, 'main')];
    }
    case 'python':
      writeFileSync(join(dir, 'main.py'), out.stdout);
      return ['python3', join(dir, 'main.py')];
    case 'javascript':
      writeFileSync(join(dir, 'main.js'), out.stdout);
      return [process.execPath, join(dir, 'main.js')];
    case 'java':
      writeFileSync(join(dir, 'Main.java'), out.stdout);
      await run('javac', ['-encoding', 'US-ASCII', '-d', dir, join(dir, 'Main.java')]);
      return ['java', '-cp', dir, 'Main'];
  }
}

const MOVES = ['--preset', 'nim', '--misere', '--input', 'cases', '--answer', 'moves', '--words', 'Yes,No'];

/** Small positions (1 to 5 heaps of 0 to 5, half of them of 0s and 1s only, where the rule turns), as one input. */
function smallCases(seed: number, count: number): number[][] {
  const random = mulberry32(seed);
  const cases: number[][] = [];
  while (cases.length < count) {
    const heaps = Array.from({ length: int(random, 1, 5) }, () => (random() < 0.5 ? int(random, 0, 1) : int(random, 0, 5)));
    // Every heap empty: the player to move has won with no move to print, which sg-explore refuses (checked below).
    if (heaps.some((h) => h > 0)) cases.push(heaps);
  }
  return cases;
}
const input = (cases: readonly (readonly (number | bigint)[])[]) => `${cases.length}\n${cases.map((h) => `${h.length} ${h.join(' ')}`).join('\n')}\n`;

describe('misère Nim as a whole program, by Bouton\'s misère rule', () => {
  const cases = smallCases(3480, 300);
  const brute = `${cases.map(bruteMoves).join('\n')}\n`;

  it('sg-explore itself agrees with the brute force on 300 small positions (every winning move)', async () => {
    const cli = await runMain(['--preset', 'nim', '--misere', '--position', '-', '--input', 'cases', '--answer', 'moves', '--words', 'Yes,No'], { stdin: input(cases) });
    expect(cli.stderr).toBe('');
    expect(cli.stdout).toBe(brute);
    expect(brute).toMatch(/^No$/m);
  });

  // Heaps to 10^18 (2^63 - 1 in Java): sg-explore's own answers, every winning move and their count.
  const random = mulberry32(1907);
  const huge = Array.from({ length: 200 }, () => Array.from({ length: int(random, 1, 4) }, () => (random() < 0.3 ? BigInt(int(random, 0, 2)) : BigInt(int(random, 0, 2 ** 30)) * BigInt(int(random, 1, 2 ** 30)))));
  // Lost positions of big heaps too: a last heap that cancels the nim-sum.
  for (const h of huge.slice(0, 40)) h.push(h.reduce((s, x) => s ^ x, 0n));
  for (const h of huge) if (h.every((x) => x === 0n)) h.push(1n);

  for (const language of ['c', 'cpp', 'python', 'javascript', 'java'] as const) {
    it(`${language}: every winning move of 300 small positions as the brute force, and of 200 positions of heaps to 10^18 as sg-explore`, async (context) => {
      if (!present(TOOLS[language])) return context.skip();
      const command = await build(language, MOVES);
      const small = spawnSync(command[0]!, command.slice(1), { input: input(cases), encoding: 'utf8' });
      expect(small.stderr).toBe('');
      expect(small.stdout).toBe(brute);
      const cli = await runMain(['--preset', 'nim', '--misere', '--position', '-', '--input', 'cases', '--answer', 'moves', '--words', 'Yes,No'], { stdin: input(huge) });
      expect(cli.stderr).toBe('');
      const got = spawnSync(command[0]!, command.slice(1), { input: input(huge), encoding: 'utf8' });
      expect(got.stderr).toBe('');
      expect(got.stdout).toBe(cli.stdout);
    }, 180_000);
  }

  it('python: who wins and the number of winning moves, against the brute force', async (context) => {
    if (!present('python3')) return context.skip();
    for (const [answer, of] of [['winner', (h: number[]) => (wins(h) ? 'Yes' : 'No')], ['count', (h: number[]) => String(bruteMoves(h).split('\n').length - 1)]] as const) {
      const command = await build('python', ['--preset', 'nim', '--misere', '--input', 'cases', '--answer', answer]);
      const got = spawnSync(command[0]!, command.slice(1), { input: input(cases), encoding: 'utf8' });
      expect([got.stderr, got.stdout]).toEqual(['', `${cases.map(of).join('\n')}\n`]);
    }
  }, 120_000);

  it('C: a position of empty heaps, won with no move to print, stops the program with a message, as sg-explore refuses it', async (context) => {
    if (!present('gcc')) return context.skip();
    const command = await build('c', MOVES);
    const cli = await runMain(['--preset', 'nim', '--misere', '--position', '-', '--input', 'cases', '--answer', 'moves'], { stdin: '1\n2 0 0\n' });
    expect([cli.code, cli.stderr]).toEqual([2, 'sg-explore: --answer moves: the player to move wins by making no move (misère play with no move left), so there is no move to print\n']);
    const got = spawnSync(command[0]!, [], { input: '1\n2 0 0\n', encoding: 'utf8' });
    expect([got.status, got.stderr]).toEqual([1, 'the player to move wins by making no move (misere play with no move left), so there is no move to print\n']);
  }, 120_000);

  it('duel: the C program against sg-explore on random misère positions', async (context) => {
    if (!present('gcc')) return context.skip();
    const args = ['--preset', 'nim', '--misere', '--input', 'cases', '--answer', 'move'];
    const command = await build('c', args);
    const duel = await runMain(['duel', ...args, '--smallest', '1', '--largest', '3', '--cases', '40', '--seed', '3480', '--', ...command]);
    expect(duel.stderr).toBe('');
    expect(duel.stdout).toMatch(/^all 40 cases agree/);
  }, 120_000);
});

describe('misère programs without a rule to carry are refused, saying why', () => {
  const refusals: [string[], RegExp][] = [
    [['--moves', '1,2,3'], /misère play of subtraction \{1,2,3\} has no rule a program can carry to every heap: .*tame rule or a misère quotient proven only for the heaps it computes/],
    [['--preset', 'wythoff'], /misère play of .* has no rule a program can carry: sg-explore searches each misère position/],
    [['--moves', '-', '--input', 'until'], /misère play of a rule in each case has no rule a program can carry/],
  ];
  for (const [game, words] of refusals) {
    it(game.join(' '), async () => {
      const out = await runMain([...game, '--misere', '--emit', 'c', '--program']);
      expect(out.code).toBe(2);
      expect(out.stdout).toBe('');
      expect(out.stderr).toMatch(words);
      expect(out.stderr.trim().split('\n')).toHaveLength(1);
    });
  }

  it('--emit without --program still refuses --misere (its functions are normal play\'s)', async () => {
    const out = await runMain(['--preset', 'nim', '--misere', '--emit', 'c']);
    expect([out.code, out.stderr]).toEqual([2, "sg-explore: --emit writes the pattern of the game as code; --misere does not apply to it (give one or the other; --emit LANG --program writes a whole misère program for Nim, by Bouton's misère rule)\n"]);
  });
});
