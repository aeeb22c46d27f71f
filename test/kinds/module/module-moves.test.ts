/**
 * A heap module's winning moves: its options live in the module, so its
 * sandbox records them (as data: src/core/heap/option-table.ts) while it
 * computes the values, for the heaps of the table; positions list and count
 * the winning moves from them. Checked against a brute force of the
 * module's own rule here (the moves by definition, in the canonical order).
 */
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runMain } from '../../helpers/in-process.js';
import { int, mulberry32 } from '../../helpers/random.js';
import { mex } from '../../oracles/reference.js';
import { scratchDirectories } from '../../helpers/scratch.js';
import { OptionRecorder, tableOptions } from '../../../src/core/heap/option-table.js';
import { analyseAsync } from '../../../src/core/analyse.js';
import type { AnalysisResult } from '../../../src/core/kinds/registry.js';

/** A rule by its options (what each move leaves, heaps in any order, zeros and repeats allowed as a module may give them). */
type Options = (n: number) => number[][];

// Take 1 or 3, or split what is left after taking 2 into two heaps (equal ones too); a module writes a heap of 0 and repeats.
const RULE: Options = (n) => [...[1, 3].filter((t) => t <= n).map((t) => [n - t]), ...Array.from({ length: n >= 2 ? n - 1 : 0 }, (_, a) => [n - 2 - a, a])];
const MODULE = 'export function options(n) {\n  const o = [];\n  for (const t of [1, 3]) if (t <= n) o.push([n - t]);\n  for (let a = 0; n >= 2 && a <= n - 2; a++) o.push([n - 2 - a, a]);\n  return o;\n}\n';

/** The rule's values, and its winning moves in a position as sg-explore writes them ("FROM TO", a line each), by the definition. */
function bruteForce(rule: Options, max: number) {
  const g: number[] = [];
  for (let n = 0; n <= max; n++) g.push(mex(rule(n).map((o) => o.reduce((v, h) => v ^ g[h]!, 0))));
  const moves = (heaps: readonly number[]): string[] => {
    const x = heaps.reduce((v, n) => v ^ g[n]!, 0);
    if (x === 0) return [];
    return heaps.flatMap((n) => {
      const seen = new Set<string>();
      const left = rule(n)
        .map((o) => o.filter((h) => h > 0).sort((a, b) => a - b))
        .filter((o) => o.reduce((v, h) => v ^ g[h]!, 0) === (g[n]! ^ x) && !seen.has(o.join(' ')) && seen.add(o.join(' ')));
      // By amount taken (the most left first), then heap by heap.
      left.sort((a, b) => b.reduce((s, h) => s + h, 0) - a.reduce((s, h) => s + h, 0) || a.join(',').localeCompare(b.join(','), 'en', { numeric: true }));
      return left.map((o) => `${n} ${o.length ? o.join(' ') : '0'}`);
    });
  };
  return { g, moves };
}

describe("a rule module's winning moves, from the options its sandbox records", () => {
  const dirs = scratchDirectories('module-moves');

  it('records each heap once, in order, as multisets without empty heaps, and stops at the last heap that fits', () => {
    const recorder = new OptionRecorder(10, 12);
    for (let n = 0; n <= 10 && recorder.wants(n); n++) recorder.add(n, RULE(n));
    const table = recorder.table();
    // Heaps 0..4 leave 0, 0, 1, 2 and 5 heaps in all (a heap taken whole leaves none; 2 + 0 and 0 + 2 are one option); heap 5's 5 more would pass 12.
    expect(table.upTo).toBe(4);
    expect(tableOptions(table, 4).map((o) => [o.take, o.to])).toEqual([[1n, [3n]], [2n, [1n, 1n]], [2n, [2n]], [3n, [1n]]]);
    expect(tableOptions(table, 2).map((o) => [o.take, o.to])).toEqual([[1n, [1n]], [2n, []]]);
  });

  it('lists and counts the winning moves of random positions as the brute force does', async () => {
    const dir = dirs.fresh('rule');
    writeFileSync(join(dir, 'rule.mjs'), MODULE);
    const random = mulberry32(4506);
    const cases = Array.from({ length: 60 }, () => Array.from({ length: int(random, 1, 4) }, () => int(random, 0, 50)));
    const { moves } = bruteForce(RULE, 50);
    const input = `${cases.length}\n${cases.map((h) => `${h.length} ${h.join(' ')}`).join('\n')}\n`;
    const listed = await runMain(['--rule', join(dir, 'rule.mjs'), '--position', '-', '--input', 'cases', '--answer', 'moves', '--move-format', '{from} {to}'], { stdin: input });
    expect(listed.stderr).toBe('');
    expect(listed.stdout).toBe(cases.map((h) => `${moves(h).length ? moves(h).join('\n') : 'lose'}\n`).join(''));
    expect(listed.stdout).toMatch(/^\d+ \d+ \d+$/m);
    const counted = await runMain(['--rule', join(dir, 'rule.mjs'), '--position', '-', '--input', 'cases', '--answer', 'count'], { stdin: input });
    expect(counted.stdout).toBe(cases.map((h) => `${moves(h).length}\n`).join(''));
  });

  it("a position resumed from a checkpoint lists the moves a fresh run lists: the checkpoint's heaps are asked for their options again, their values checked", async () => {
    const dir = dirs.fresh('resume');
    writeFileSync(join(dir, 'rule.mjs'), MODULE);
    const game = { rule: { kind: 'custom' as const, module: join(dir, 'rule.mjs') } };
    const { g, moves } = bruteForce(RULE, 60);
    const positions = [[60, 17, 5], [33, 12], [41, 40, 2]].filter((h) => h.reduce((v, n) => v ^ g[n]!, 0) !== 0);
    expect(positions.length).toBeGreaterThan(1);
    const listed = (x: AnalysisResult) => (x.shape === 'position' ? x.winningMoves.map((m) => `${m.from} ${m.to.length ? m.to.join(' ') : '0'}`) : [`a ${x.shape}`]);
    for (const heaps of positions) {
      const position = heaps.map(String);
      // A checkpoint of the values of heaps 0..39 (before: the resumed run recorded no options, and listed no move).
      const resumed = await analyseAsync({ game, position, resume: Uint32Array.from(g.slice(0, 40)) });
      expect(listed(resumed), heaps.join(' ')).toEqual(moves(heaps));
      expect(listed(resumed)).toEqual(listed(await analyseAsync({ game, position })));
    }
    // A checkpoint whose values the module does not give (or a module that now answers otherwise) is refused, naming the heap.
    const wrong = Uint32Array.from(g.slice(0, 40));
    wrong[7]! ^= 1;
    await expect(analyseAsync({ game, position: ['60', '17'], resume: wrong })).rejects.toThrow(new RegExp(`options\\(7\\) now give G\\(7\\) = ${g[7]}, but the checkpoint holds ${g[7]! ^ 1}`));
  });
});
