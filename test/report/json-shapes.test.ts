import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';

/**
 * Every JSON report names its kind of result in `shape`, so a script can
 * tell them apart before it reads any other field. Each kind's other fields
 * are checked against values known independently (Bash's G(n) = n mod 4,
 * Wythoff's first P-positions, Fibonacci Nim's P-positions at Fibonacci numbers).
 */
async function json(args: string[]): Promise<Record<string, unknown>> {
  const run = await runMain([...args, '--format', 'json']);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

describe('the shape of every JSON report', () => {
  it.each([
    ['a one-heap table', 'heap', ['--preset', 'bash:3', '--max', '12']],
    ['a one-heap table with --at', 'heap', ['--preset', 'bash:3', '--at', '10^18']],
    ['a rule module of heaps', 'heap', ['--rule', 'examples/lasker.mjs', '--max', '20']],
    ['a two-pile table', 'grid', ['--preset', 'wythoff', '--max', '5']],
    ['a heap with memory', 'memory', ['--preset', 'fibonacci-nim', '--max', '20']],
    ['a heap position', 'position', ['--preset', 'nim', '--position', '3', '6']],
    ['a misère heap position', 'position', ['--preset', 'nim', '--position', '1', '1', '3', '--misere']],
    ['a two-pile position', 'position', ['--preset', 'wythoff', '--position', '1:2']],
    ['a position of a heap with memory', 'position', ['--preset', 'fibonacci-nim', '--position', '8:7']],
    ['a position of a module with states', 'position', ['--rule', 'examples/ring.mjs']],
    ['a misère table', 'misere', ['--preset', 'bash:3', '--misere', '--max', '6']],
    ["a module's table of states", 'states', ['--rule', 'examples/one-more.mjs', '--max', '3']],
    ['a conjecture checked', 'check', ['--preset', 'bash:3', '--check', 'g == n % 4']],
  ])('%s: shape %s', async (_what, shape, args) => {
    const doc = await json(args as string[]);
    expect(doc.shape).toBe(shape);
  });

  it('comes first where it was added (heap, position, misère), each document keeping its fields', async () => {
    const heap = await json(['--preset', 'bash:3', '--max', '12']);
    expect(Object.keys(heap)).toEqual(['shape', 'rule', 'name', 'description', 'max', 'computed', 'maxValue', 'pattern', 'pPositions', 'kernel', 'statistics', 'excludedPeriods', 'values']);
    expect(heap.statistics).toBeNull(); // Bachet: the period is proven
    expect(heap.values).toEqual(Array.from({ length: 13 }, (_, n) => n % 4));
    const at = await json(['--preset', 'bash:3', '--at', '10^18']);
    expect(Object.keys(at)).toEqual(['shape', 'rule', 'name', 'description', 'max', 'computed', 'maxValue', 'pattern', 'pPositions', 'kernel', 'statistics', 'excludedPeriods', 'at', 'grounds']);
    expect(at.at).toEqual([{ n: 1e18, value: 0, outcome: 'P', ground: 'theorem' }]); // 10^18 ≡ 0 (mod 4), Bachet
    expect(at.grounds.theorem.theorem).toMatch(/^Bachet \(1612\)/);
    const position = await json(['--preset', 'nim', '--position', '3', '6']);
    expect(Object.keys(position)).toEqual(['shape', 'rule', 'misere', 'position', 'nimSum', 'components', 'outcome', 'winningMoves', 'winningMoveCount', 'movesNotListed', 'grounds']);
    expect(position).toMatchObject({ nimSum: 5, outcome: 'N', winningMoves: [{ component: 2, from: 6, to: [3], take: 3 }] });
    const misere = await json(['--preset', 'bash:3', '--misere', '--max', '6']);
    expect(Object.keys(misere)).toEqual(['shape', 'rule', 'misere', 'max', 'pattern', 'pPositions', 'outcomes']);
    expect(misere.outcomes).toBe('NPNNNPN'); // misère Bash 1..3: P at n ≡ 1 (mod 4)
  });

  it('a long position is written compactly: one item a line, no spaces inside an item (the same fields)', async () => {
    const heaps = Array.from({ length: 3000 }, (_, i) => (i * 7919) % 1_000_000_007);
    const run = await runMain(['--preset', 'nim', '--position', '-', '--format', 'json'], { stdin: heaps.join(' ') });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines).toContain(`{"state":${heaps[1]},"grundy":${heaps[1]},"ground":"theorem"},`);
    expect(lines).toContain(`${heaps[2]},`);
    const doc = JSON.parse(run.stdout) as { position: number[]; components: { state: number; grundy: number }[]; winningMoves: unknown[] };
    expect(doc.position).toEqual(heaps);
    expect(doc.components).toEqual(heaps.map((n) => ({ state: n, grundy: n, ground: 'theorem' })));
    // Bytes: a heap's digits in `position`, and {"state":…,"grundy":…,"ground":"theorem"} in `components`, each with a comma and a newline.
    const digits = heaps.reduce((a, n) => a + String(n).length, 0);
    const moves = doc.winningMoves.reduce((a: number, m) => a + JSON.stringify(m).length + 2, 0);
    expect(run.stdout.length).toBeLessThan(digits * 3 + heaps.length * (2 + 22 + 19 + 2) + moves + 1000);
  });

  it('keeps its place in the shapes that had it (grid, memory, states)', async () => {
    const grid = await json(['--preset', 'wythoff', '--max', '5']);
    expect(Object.keys(grid)).toEqual(['rule', 'name', 'description', 'shape', 'rows', 'max', 'maxValue', 'rowPatterns', 'pPositions', 'law', 'values']);
    expect(grid.pPositions).toEqual([[0, 0], [1, 2], [2, 1], [3, 5], [5, 3]]);
    const memory = await json(['--preset', 'fibonacci-nim', '--max', '20']);
    expect(Object.keys(memory)).toEqual(['rule', 'name', 'description', 'shape', 'max', 'maxValue', 'pPositions', 'law', 'beatty', 'values']);
    expect(memory.pPositions).toEqual([0, 1, 2, 3, 5, 8, 13]);
    const states = await json(['--rule', 'examples/one-more.mjs', '--max', '3']);
    expect(Object.keys(states)).toEqual(['rule', 'shape', 'states']);
  });

  it('check: a conjecture that holds (exit 0), its fields in order', async () => {
    const check = await json(['--preset', 'bash:3', '--check', 'g == n % 4']);
    expect(Object.keys(check)).toEqual(['shape', 'rule', 'name', 'expression', 'holds', 'scope', 'checked', 'reason', 'counterexample', 'summary']);
    expect(check).toMatchObject({ rule: 'subtraction {1,2,3}', name: 'bash:3', holds: true, scope: 'every', checked: { positions: 4, range: 'n = 0..3' }, counterexample: null });
  });
});
