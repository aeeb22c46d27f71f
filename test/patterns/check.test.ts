import { describe, expect, it } from 'vitest';
import { HANG_GUARD_S, expectBadInput, runCli } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';

/**
 * `--check EXPR`: a conjecture checked against the computed table. The
 * values behind each case are known independently: take 1..3 has
 * G(n) = n mod 4; take 2 or 5 has the P-positions n ≡ 0, 1, 4 (mod 7)
 * (G = 0 0 1 1 0 2 1 repeated); Fibonacci Nim's start P-positions are the
 * Fibonacci numbers (Whinihan); Wythoff's P-positions are the pairs
 * (⌊kφ⌋, ⌊kφ²⌋) and their mirrors; all-but {1} has G(n) = ⌊n/2⌋.
 */
async function check(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runMain(args);
}

async function json(args: string[]): Promise<{ code: number; doc: Record<string, any> }> {
  const run = await runMain([...args, '--format', 'json']);
  expect(run.stderr).toBe('');
  return { code: run.code, doc: JSON.parse(run.stdout) as Record<string, any> };
}

describe('conjectures that hold', () => {
  it('take 1..3: g == n % 4 holds for every n, decided by n = 0..3 (period 4, proven)', async () => {
    const run = await check(['--moves', '1,2,3', '--check', 'g == n % 4']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/Finding +holds for every n\n/);
    expect(run.stdout).toMatch(/periodic from n = 0 with period 4 \(proven:/);
    expect(run.stdout.replace(/\s+/g, ' ')).toContain('reads n only through n % 4, so n = 0..3 decide every n');
  });

  it('Bash 1..4: p == (n % 5 == 0) holds for every n', async () => {
    const { code, doc } = await json(['--preset', 'bash:4', '--check', 'p == (n % 5 == 0)']);
    expect(code).toBe(0);
    expect(doc).toMatchObject({ shape: 'check', holds: true, scope: 'every', checked: { positions: 5, range: 'n = 0..4' }, counterexample: null, summary: 'holds for every n' });
  });

  it('take 2 or 5: P-positions are n ≡ 0, 1, 4 (mod 7), with lcm(7, 7) heaps deciding', async () => {
    const { code, doc } = await json(['--moves', '2,5', '--check', 'p == (n % 7 == 0 or n % 7 == 1 or n % 7 == 4)']);
    expect(code).toBe(0);
    expect(doc.scope).toBe('every');
    expect(doc.checked.range).toBe('n = 0..6');
    // Two moduli and the period: lcm(2, 7, 7) = 14 heaps.
    const two = await json(['--moves', '2,5', '--check', '(g == 2) == (n % 7 == 5) and (n % 2 == 0 or n % 2 == 1)']);
    expect(two.doc).toMatchObject({ holds: true, scope: 'every', checked: { range: 'n = 0..13' } });
  });

  it('Fibonacci Nim: the start heap n is a P-position exactly when n is a Fibonacci number (n ≤ 200)', async () => {
    const { code, doc } = await json(['--preset', 'fibonacci-nim', '--max', '200', '--check', 'p == is_fib(n)']);
    expect(code).toBe(0);
    expect(doc).toMatchObject({ holds: true, scope: 'table', checked: { positions: 201 }, summary: 'holds for every start heap n ≤ 200 (the state (n, n - 1), or (0, 0))' });
  });

  it('Wythoff: (x, y) is a P-position exactly when min = ⌊(max - min)·phi⌋, over x, y ≤ 200', async () => {
    const { code, doc } = await json(['--preset', 'wythoff', '--max', '200', '--check', 'p == (min(x, y) == floor((max(x, y) - min(x, y)) * phi))']);
    expect(code).toBe(0);
    expect(doc).toMatchObject({ holds: true, scope: 'table', checked: { positions: 201 * 201, range: '(x, y) with x, y ≤ 200' } });
    // The same law as Beatty pairs: x = ⌊kφ⌋, y = x + k, with k = y - x.
    const beatty = await json(['--preset', 'wythoff', '--max', '100', '--check', 'x > y or p == (x == floor((y - x) * phi))']);
    expect(beatty.doc.holds).toBe(true);
  });

  it('a heap with memory: with c, every state (n, c) is checked', async () => {
    const { doc } = await json(['--preset', 'fibonacci-nim', '--max', '30', '--check', 'c <= n and p == (g == 0)']);
    expect(doc).toMatchObject({ holds: true, checked: { positions: (31 * 32) / 2, range: 'state (n, c) with 0 ≤ c ≤ n ≤ 30' } });
  });
});

describe('conjectures that fail: the first counterexample, exit 1', () => {
  it('take 1..3: g == n % 3 fails at n = 3, both sides shown', async () => {
    const run = await check(['--moves', '1,2,3', '--check', 'g == n % 3']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('fails at n = 3: g = G(3) = 3, but n % 3 = 0');
    const { code, doc } = await json(['--moves', '1,2,3', '--check', 'n % 3 == g']);
    expect(code).toBe(1);
    expect(doc.counterexample).toEqual({
      where: 'n = 3',
      variables: { n: 3, g: 3, p: false },
      sides: [
        { text: 'n % 3', value: 0 },
        { text: 'g', value: 3 },
      ],
      text: 'n % 3 = 0, but g = G(3) = 3',
    });
  });

  it('take 2 or 5: P at n ≡ 0, 1 (mod 7) only is wrong at n = 4', async () => {
    const { code, doc } = await json(['--moves', '2,5', '--max', '60', '--check', 'p == (n % 7 == 0 or n % 7 == 1)']);
    expect(code).toBe(1);
    expect(doc).toMatchObject({ holds: false, counterexample: { where: 'n = 4', text: 'p = true, but (n % 7 == 0 or n % 7 == 1) = false' }, checked: { positions: 5 } });
  });

  it('a proven period finds a counterexample past the table: G(999) = 3 with --max 5', async () => {
    const { code, doc } = await json(['--moves', '1,2,3', '--max', '5', '--check', 'g != 3 or n % 1000 != 999']);
    expect(code).toBe(1);
    expect(doc.counterexample).toMatchObject({ where: 'n = 999', variables: { n: 999, g: 3, p: false }, sides: null });
  });

  it('an order comparison shows its sides and says it is false', async () => {
    const { doc } = await json(['--moves', '1,2,3', '--check', 'g < 3']);
    expect(doc.counterexample.text).toBe("g = G(3) = 3, so 'g < 3' is false");
  });

  it('Wythoff: the wrong law x == floor(y / phi) fails at (0, 1)', async () => {
    const { code, doc } = await json(['--preset', 'wythoff', '--max', '30', '--check', 'p == (x == floor(y / phi))']);
    expect(code).toBe(1);
    expect(doc.counterexample).toMatchObject({ where: 'x = 0, y = 1', variables: { x: 0, y: 1, g: 1, p: false } });
  });

  it('a value with phi is written exactly in JSON', async () => {
    const { doc } = await json(['--preset', 'wythoff', '--max', '3', '--check', 'x * phi / 2 == y']);
    expect(doc.counterexample.sides).toEqual([
      { text: 'x * phi / 2', value: 0 },
      { text: 'y', value: 1 },
    ]);
    const other = await json(['--preset', 'wythoff', '--max', '3', '--check', '(x + 1) * phi / 2 == y']);
    expect(other.doc.counterexample.sides[0]).toEqual({ text: '(x + 1) * phi / 2', value: '1/2*phi' });
  });
});

describe('"every n" only from a proven pattern and n read as n % m', () => {
  it('an expression reading n otherwise holds only for the table', async () => {
    const { doc } = await json(['--preset', 'nim', '--max', '50', '--check', 'g == n']);
    expect(doc).toMatchObject({ holds: true, scope: 'table', summary: 'holds for every n ≤ 50' });
    expect(doc.reason).toBe('not claimed for every n: the expression reads n other than as n % m with a whole number m written out');
  });

  it('a rule module has observed patterns only: no claim, even for n % m', async () => {
    // Lasker's Nim: G(n) > 0 for every n > 0.
    const { doc } = await json(['--rule', 'examples/lasker.mjs', '--max', '40', '--check', 'p == (n % 1000 == 0)']);
    expect(doc).toMatchObject({ holds: true, scope: 'table', summary: 'holds for every n ≤ 40', reason: 'not claimed for every n: the pattern is only observed, not proven' });
  });

  it('a saltus: p is false from the preperiod plus a period on, so p and n % m may claim every n; g may not', async () => {
    // all-but {1}: G(n) = floor(n / 2), P at n = 0, 1 only.
    const { doc } = await json(['--all-but', '1', '--check', 'not p or n % 7 <= 1']);
    expect(doc).toMatchObject({ holds: true, scope: 'every', checked: { range: 'n = 0..8' } });
    expect(doc.reason).toMatch(/arithmetic-periodic from n = 0 with period 2 and saltus 1 \(proven: .*\), so G\(n\) ≥ 1 > 0 and p is false from n = 2 on/);
    const g = await json(['--all-but', '1', '--max', '100', '--check', 'g == n // 2']);
    expect(g.doc).toMatchObject({ holds: true, scope: 'table', summary: 'holds for every n ≤ 100' });
    const gMod = await json(['--all-but', '1', '--max', '100', '--check', 'g >= n % 2 - 1']);
    expect(gMod.doc.reason).toBe('not claimed for every n: the values grow by 1 every 2 heaps (a saltus), and the expression reads g itself, not only p');
  });

  it('an lcm too far past the table gives no claim', async () => {
    const { doc } = await json(['--moves', '1,2,3', '--max', '20', '--check', 'g == n % 4 or n % 100000007 == 5']);
    expect(doc).toMatchObject({ holds: true, scope: 'table', summary: 'holds for every n ≤ 20' });
    expect(doc.reason).toMatch(/more than 10,000,000 past the table/);
  });
});

describe('mistakes: one line, exit 2, before any work', () => {
  it.each([
    [['--moves', '1,2,3', '--check', 'g == (n % 4'], /^sg-explore: --check: column 12: expected '\)' after 'n % 4', found the end of the expression\n$/],
    [['--moves', '1,2,3', '--max', '1e9', '--check', 'x == 1'], /--check: column 1: unknown name 'x'; this game's table has the variables n, g and p/],
    [['--preset', 'wythoff', '--check', 'n == 1'], /unknown name 'n'; this game's table has the variables x, y, g and p/],
    [['--moves', '1,2,3', '--check', 'n // (n - 3) >= -10'], /--check: column 6: division by zero: '\(n - 3\)' is 0 at n = 3\n$/],
    [['--moves', '1,2,3', '--check', 'sqrt(n - 5) >= 0'], /--check: column 1: sqrt of a negative number \(-5\) at n = 0\n$/],
    [['--moves', '1,2,3', '--check', 'g == n % 4', '--format', 'csv'], /--format csv does not apply to a conjecture check \(shape check\); formats for it: table, json/],
    [['--moves', '1,2,3', '--check', 'g == 1', '--at', '5'], /--check checks a conjecture against a table; --at asks for single values/],
    [['--moves', '1,2,3', '--check', 'g == 1', '--position', '5'], /--position/],
    [['--moves', '1,2,3', '--check', 'p', '--misere'], /--misere asks for misère outcomes/],
    [['--moves', '1,2,3', '--check', '  '], /--check needs a conjecture/],
    [['--rule', 'examples/one-more.mjs', '--max', '3', '--check', 'p'], /--check checks a conjecture against a table of one heap, of two piles or of a heap with memory; this run makes a module's table of states/],
  ])('%j', async (args, pattern) => {
    const started = performance.now();
    const run = await runMain(args as string[]);
    expectBadInput(run, (args as string[]).join(' '), { pattern });
    if ((args as string[]).includes('1e9')) expect(performance.now() - started).toBeLessThan(HANG_GUARD_S * 1000); // refused before 10^9 values
  });
});

describe('the installed program', () => {
  it('exits 0 when the conjecture holds, 1 with the counterexample on stdout when it fails', async () => {
    const holds = await runCli(['--preset', 'bash:3', '--check', 'g == n % 4']);
    expect(holds.code).toBe(0);
    expect(holds.stdout).toMatch(/Finding +holds for every n\n/);
    const fails = await runCli(['--preset', 'bash:3', '--check', 'p == (n % 3 == 0)']);
    expect(fails.code).toBe(1);
    expect(fails.stderr).toBe('');
    expect(fails.stdout).toContain('fails at n = 3: p = false, but (n % 3 == 0) = true');
  });
});

describe('the library', () => {
  it('checkConjecture reads a table analyseSync made', async () => {
    const { analyseSync, checkConjecture, presetGame } = await import('../../src/index.js');
    const table = analyseSync({ game: presetGame('kayles'), max: 100n });
    // Kayles: G = 0 1 2 3 1 4 3 2 1 4 2 6 …, the values never above 8 (Guy-Smith, period 12 from n = 71).
    const report = checkConjecture(table, 'p == (n % 4 == 0)');
    expect(report).toMatchObject({ holds: false, counterexample: { where: 'n = 4', variables: { n: 4n, g: 1n, p: false } } });
    // It reads no n: the proven period makes heaps 0..71 + 12 - 1 decide every n.
    expect(checkConjecture(table, 'g <= 8')).toMatchObject({ holds: true, scope: 'every', checked: { range: 'n = 0..82' } });
  });
});
