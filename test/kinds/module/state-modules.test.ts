import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMain } from '../../helpers/in-process.js';
import { expectBadInput } from '../../helpers/cli.js';
import { solveStates, StateSearchError } from '../../../src/core/kinds/module/state-search.js';
import { int, mulberry32 } from '../../helpers/random.js';
import { longTest } from '../../helpers/long.js';

const scratch = mkdtempSync(join(tmpdir(), 'sg-states-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let counter = 0;
const module = (source: string) => {
  const path = join(scratch, `m${counter++}.mjs`);
  writeFileSync(path, source);
  return path;
};
const json = async (args: string[]) => {
  const run = await runMain([...args, '--format', 'json']);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
};

/** The ring game by brute force, written here independently: does the player to move win? */
function ringWins(edges: number[], coin: number, memo = new Map<string, boolean>()): boolean {
  const key = `${edges}|${coin}`;
  if (memo.has(key)) return memo.get(key)!;
  const m = edges.length;
  let win = false;
  for (const [edge, to] of [[coin, (coin + 1) % m], [(coin + m - 1) % m, (coin + m - 1) % m]] as const) {
    for (let v = 0; v < edges[edge]! && !win; v++) {
      const next = edges.slice();
      next[edge] = v;
      if (!ringWins(next, to, memo)) win = true;
    }
  }
  memo.set(key, win);
  return win;
}

describe('rule modules with states of their own', () => {
  it("the ring game (Luogu P1288): the published samples, YES and NO", async () => {
    expect((await json(['--rule', 'examples/ring.mjs', '--position', '{"edges":[2,5,3,0],"coin":0}'])).outcome).toBe('N');
    expect((await json(['--rule', 'examples/ring.mjs', '--position', '{"edges":[0,0,0],"coin":0}'])).outcome).toBe('P');
  });

  it('random rings against a brute force (seed 1288)', async () => {
    const random = mulberry32(1288);
    const positions: { edges: number[]; coin: number }[] = [];
    for (let t = 0; t < 40; t++) {
      const m = int(random, 2, 5);
      positions.push({ edges: Array.from({ length: m }, () => int(random, 0, 3)), coin: int(random, 0, m - 1) });
    }
    // One run evaluates them all as components; each component's value says who wins it alone.
    const report = await json(['--rule', 'examples/ring.mjs', '--position', ...positions.map((p) => JSON.stringify(p))]);
    positions.forEach((p, i) => expect(report.components[i].grundy !== 0, JSON.stringify(p)).toBe(ringWins(p.edges, p.coin)));
  });

  it('the memory game (each move at most one more than the last): (4,2) wins, (5,2) loses, (100,100) wins, (100,19) loses', async () => {
    const outcomes = [];
    for (const [heap, cap] of [[4, 2], [5, 2], [100, 100], [100, 19]]) outcomes.push((await json(['--rule', 'examples/one-more.mjs', '--position', JSON.stringify({ heap, cap })])).outcome);
    expect(outcomes).toEqual(['N', 'P', 'N', 'P']);
  });

  it('states(max) is what --max tabulates', async () => {
    const table = await json(['--rule', 'examples/one-more.mjs', '--max', '3']);
    expect(table.states.map((s: { state: unknown; grundy: number }) => [s.state, s.grundy])).toEqual([
      [{ heap: 1, cap: 1 }, 1],
      [{ heap: 2, cap: 1 }, 0],
      [{ heap: 2, cap: 2 }, 2],
      [{ heap: 3, cap: 1 }, 0],
      [{ heap: 3, cap: 2 }, 0],
      [{ heap: 3, cap: 3 }, 3],
    ]);
  });

  it('an option may be a sum of states: its value is the xor of theirs', async () => {
    // A heap of n splits into any two smaller non-empty heaps (plus Nim-like takes): compare with a direct computation.
    const path = module('export const start = 9;\nexport function* options(n) { for (let a = 1; 2 * a < n; a++) yield [a, n - a]; }\n');
    const g: number[] = [];
    for (let n = 0; n <= 9; n++) {
      const seen = new Set<number>();
      for (let a = 1; 2 * a < n; a++) seen.add(g[a]! ^ g[n - a]!);
      let v = 0;
      while (seen.has(v)) v++;
      g.push(v);
    }
    expect((await json(['--rule', path])).components[0].grundy).toBe(g[9]); // Grundy's game
  });

  longTest('a graph a million states deep: no stack overflow [long]', () => {
    const { values } = solveStates({ options: (n) => ((n as number) > 0 ? [(n as number) - 1] : []) }, [1_000_000], { maxStates: 2_000_000, arraysAreSums: true });
    expect(values.get('1000000')).toBe(0);
    expect(values.get('999999')).toBe(1);
  });

  it('equal states are found equal, and unequal ones apart, whatever their key order (600 random JSON values, seed 21)', () => {
    const random = mulberry32(21);
    const pick = <T,>(xs: readonly T[]): T => xs[int(random, 0, xs.length - 1)]!;
    const value = (depth: number): unknown => {
      const kind = int(random, 0, depth > 2 ? 3 : 6);
      if (kind === 0) return pick([0, -0, 1, 2, 1.5, -1]);
      if (kind === 1) return pick(['', '1', 'a', 'b']);
      if (kind === 2) return pick([true, false]);
      if (kind === 3) return null;
      if (kind === 4) return Array.from({ length: int(random, 0, 3) }, () => value(depth + 1));
      // Objects with their keys in a random order.
      const keys = ['a', 'b', 'c'].filter(() => random() < 0.6).sort(() => random() - 0.5);
      return Object.fromEntries(keys.map((k) => [k, value(depth + 1)]));
    };
    const roots = Array.from({ length: 600 }, () => value(0));
    const expanded: string[] = [];
    solveStates({ options: () => [] }, roots, { maxStates: 10_000, arraysAreSums: false, rootOptions: false, onState: (key) => expanded.push(key) });
    // Each distinct state (by its canonical JSON, written here independently) is expanded exactly once.
    const canonical = (v: unknown): string =>
      Array.isArray(v) ? `[${v.map(canonical).join(',')}]` : v && typeof v === 'object' ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}` : JSON.stringify(v);
    const distinct = new Set(roots.map(canonical));
    expect(distinct.size).toBeGreaterThan(100);
    expect(expanded.length).toBe(distinct.size);
    expect(new Set(expanded)).toEqual(distinct);
  });

  it('values known from a checkpoint are not searched again, and every value found is reported', () => {
    // Subtraction {1,2,3}: G(n) = n mod 4. Heaps 0..500 known; the search from 800 asks only about 501..800.
    const asked: number[] = [];
    const solved = new Map<string, number>();
    const options = (n: unknown) => {
      asked.push(n as number);
      return [1, 2, 3].filter((t) => t <= (n as number)).map((t) => (n as number) - t);
    };
    const known = new Map(Array.from({ length: 501 }, (_, n) => [String(n), n % 4] as const));
    const { values } = solveStates({ options }, [800], { maxStates: 10_000, arraysAreSums: true, known, onSolved: (k, v) => solved.set(k, v) });
    expect(values.get('800')).toBe(0);
    expect(Math.min(...asked)).toBe(501);
    expect(asked).toHaveLength(300);
    expect([...solved.keys()].map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: 300 }, (_, i) => 501 + i));
    for (const [k, v] of solved) expect(v, k).toBe(Number(k) % 4);
  });

  it('too many states for memory is one clear error', () => {
    expect(() => solveStates({ options: (n) => [(n as number) + 1] }, [0], { maxStates: 1000, arraysAreSums: true })).toThrow(StateSearchError);
    expect(() => solveStates({ options: (n) => [(n as number) + 1] }, [0], { maxStates: 1000, arraysAreSums: true })).toThrow(/more than 1,000 states \(reached from 0\): too many for memory/);
  });

  it('every broken module is one line, exit 2, naming the state', async () => {
    const cases: [string, RegExp][] = [
      ['export const start = 0;\nexport function options(n) { return [(n + 1) % 3]; }', /the game graph has a loop: 0 can be reached again from itself/],
      ['export const start = {a: 1};\nexport function options(s) { return s.a > 0 ? [{a: s.a - 1, f: () => 1}] : []; }', /options\(\{"a":1\}\): option 1 has a function, which is not a state/],
      ['export const start = 5;\nexport function options(n) { return n > 0 ? [NaN] : []; }', /options\(5\): option 1 has NaN \(not a JSON number\)/],
      ['export const start = 5;\nexport function options(n) { if (n === 3) throw new Error("three!"); return n > 0 ? [n - 1] : []; }', /options\(3\) threw: three!/],
      ['export const start = 5;\nexport async function options(n) { return []; }', /options\(5\) returned a Promise/],
      ['export const start = 5;\nexport function options(n) { return 42; }', /options\(5\) returned 42; expected a list of options/],
    ];
    for (const [source, pattern] of cases) expectBadInput(await runMain(['--rule', module(source)]), String(pattern), { pattern });
    const slow = module('export const start = {"stuck": true};\nexport function options(s) { for (;;) {} }');
    // The budget covers loading the module too: 300 ms was spent loading it once, under a full suite on 2 cores.
    expectBadInput(await runMain(['--rule', slow, '--timeout', '2000']), 'timeout', { pattern: /options\(\{"stuck":true\}\) ran past --timeout 2000 ms/ });
    // A picture of states is refused by what they are, and leaves no file.
    const plot = join(scratch, 'states.svg');
    const source = 'export const start = 0;\nexport function options(n) { return n > 0 ? [n - 1] : []; }\nexport function* states(max) { for (let n = 0; n <= max; n++) yield n; }';
    expectBadInput(await runMain(['--rule', module(source), '--plot', plot]), 'plot', { pattern: /--plot draws tables .*, not a position/ });
    expectBadInput(await runMain(['--rule', module(source), '--max', '5', '--plot', plot]), 'plot', { pattern: /--plot draws tables .*, not a rule module's own states/ });
    expect(existsSync(plot)).toBe(false);
  });

  it('says what is wrong in the module writer\'s terms, naming the module and the state (issue 21)', async () => {
    const cases: [string[], string, RegExp][] = [
      // A heap size given to a module whose states are objects.
      [['--rule', 'examples/ring.mjs', '--position', '5'], 'ring, a number', /^sg-explore: rule module ring\.mjs: --position 5: this module's states are objects, like its start \{"coin":0,"edges":\[2,5,3,0\]\}; give each state as JSON/],
      // A throw inside a generator's body, met while its options are read.
      [['--rule', module('export const start = {h: 3};\nexport function* options({ h }) { if (h === 1) throw new Error("one!"); if (h > 0) yield { h: h - 1 }; }')], 'generator', /rule module m\d+\.mjs: options\(\{"h":1\}\) threw: one!/],
      [['--rule', module('export const start = 0;\nexport function options(n) { return []; }\nexport function key(s) { return () => 1; }')], 'key returns a function', /rule module m\d+\.mjs: key\(0\) returned a function: key must return a string \(or a JSON value\)/],
      [['--rule', module('export const start = {a: 1};\nexport function options(s) { const o = {a: 0}; o.self = o; return s.a ? [o] : []; }')], 'cyclic option', /options\(\{"a":1\}\): option 1 has an object that contains itself \(a cycle\), which is not a state/],
      [['--rule', module('export async function start() { return 0; }\nexport function options(n) { return []; }')], 'async start', /rule module m\d+\.mjs: start is a Promise \(an async start\(\)\?\): start must give the state itself/],
      [['--rule', 'examples/lasker.mjs', '--position', '1e18'], 'heap module, huge heap', /rule module lasker\.mjs: --position: heap 1e18 needs the values of heaps 0 to 1e18, which do not fit in memory: room for about [\d,]+ values/],
      [['--rule', 'examples/ring.mjs', '--max', '5'], '--max without states()', /rule module ring\.mjs: has no states\(max\) to tabulate, so --max 5 means nothing to it/],
    ];
    for (const [args, what, pattern] of cases) expectBadInput(await runMain(args), what, { pattern });
  });
});
