import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drive, driveSync, type SteppedWork } from '../../src/core/driver.js';
import type { ValueArray } from '../../src/core/kernels/store.js';
import { gridCheckpointKey } from '../../src/core/kinds/two-pile/grid.js';
import { cappedHeapCheckpointKey } from '../../src/core/kinds/capped-heap/explore-capped.js';
import { loadCheckpoint } from '../../src/host/checkpoint.js';
import { presetGame } from '../../src/core/presets.js';
import type { CappedHeapRule, GameSpec, VectorRule } from '../../src/core/kinds/registry.js';
import { scratchDirectories } from '../helpers/scratch.js';
import { longTest } from '../helpers/long.js';
import { expectBadInput, runCli, stderrMessages } from '../helpers/cli.js';
import { exploreCappedHeap, exploreCappedHeapAsync, exploreGrid, exploreGridAsync } from '../helpers/tables.js';



/**
 * One driver for every game: two-pile tables, heaps with memory and rule
 * modules get the same progress, signals and checkpoints as heap rules.
 * Each resumed run is compared with an uninterrupted one (or, for the
 * module, with the closed form of its game).
 */
const freshDir = scratchDirectories('driver').fresh;

const wythoff = presetGame('wythoff') as GameSpec & { rule: VectorRule };
const fibonacci = presetGame('fibonacci-nim') as GameSpec & { rule: CappedHeapRule };

/** Work that counts to `total` in steps and remembers the sizes it was asked for. */
function counting(total: number, stepCost = 0): SteppedWork<number> & { asked: number[] } {
  let done = 0;
  const asked: number[] = [];
  return {
    asked,
    ceiling: total,
    unit: 'things',
    done: () => done,
    step(units) {
      asked.push(units);
      const until = performance.now() + stepCost;
      while (performance.now() < until);
      done = Math.min(total, done + units);
      return done < total ? { finished: false } : { finished: true, result: done };
    },
    snapshot: () => Uint32Array.from({ length: done }, (_, i) => i),
  };
}

describe('the driver', () => {
  it('grows cheap steps, reports progress in the work’s own unit, and checkpoints at the end', async () => {
    const work = counting(1_000_000);
    const progress: [number, number, string][] = [];
    const saved: number[] = [];
    expect(await drive(work, { onProgress: (d, c, u) => progress.push([d, c, u]), onCheckpoint: (v) => saved.push(v.length) })).toBe(1_000_000);
    expect(work.asked[1]).toBe(2 * work.asked[0]!);
    expect(progress.at(-1)).toEqual([1_000_000, 1_000_000, 'things']);
    expect(progress.map(([d]) => d)).toEqual([...progress.map(([d]) => d)].sort((a, b) => a - b));
    expect(saved).toEqual([1_000_000]);
  });

  it('shrinks steps that take too long', () => {
    const work = counting(300, 100);
    driveSync(work);
    expect(work.asked[1]).toBe(work.asked[0]! / 2);
  });

  it('an abort saves a checkpoint first and closes the work', async () => {
    const controller = new AbortController();
    let closed = 0;
    const work = { ...counting(10 ** 9), close: () => void closed++ };
    const saved: ValueArray[] = [];
    const run = drive(work, {
      signal: controller.signal,
      onProgress: (done) => done > 5000 && controller.abort('enough'),
      onCheckpoint: (values) => saved.push(values),
    });
    await expect(run).rejects.toBe('enough');
    expect(saved).toHaveLength(1);
    expect(saved[0]!.length).toBeGreaterThan(5000);
    expect(saved[0]![4321]).toBe(4321);
    expect(closed).toBe(1);
  });
});

/** Run a driven computation, abort it after `after` units, and return the checkpoint it handed over. */
async function stopAfter<R>(start: (options: Parameters<typeof drive>[1]) => Promise<R>, after: number): Promise<ValueArray> {
  const controller = new AbortController();
  let saved: ValueArray | null = null;
  await expect(
    start({ signal: controller.signal, onProgress: (done) => done >= after && controller.abort('stop'), onCheckpoint: (values) => (saved = values.slice()) }),
  ).rejects.toBe('stop');
  return saved!;
}

describe('two-pile tables and heaps with memory, stopped and resumed', () => {
  it("Wythoff's table: a stopped run's rows resume to the same table, rows and law", async () => {
    const max = 400;
    const full = exploreGrid({ game: wythoff, max });
    const saved = await stopAfter((options) => exploreGridAsync({ game: wythoff, max }, options), 20_000);
    expect(saved.length % (max + 1)).toBe(0);
    expect(saved.length).toBeGreaterThanOrEqual(20_000);
    expect(saved.length).toBeLessThan((max + 1) ** 2);
    expect([...saved]).toEqual([...full.table.values.subarray(0, saved.length)]);
    const resumed = await exploreGridAsync({ game: wythoff, max, resume: saved });
    expect(resumed.table.values).toEqual(full.table.values);
    expect(resumed.rowPatterns).toEqual(full.rowPatterns);
    expect(resumed.law).toEqual(full.law);
    // The same rows serve long rows of the same width.
    const rows = await exploreGridAsync({ game: wythoff, max, rows: { first: 0, last: 9 }, resume: saved });
    expect(rows.table.values).toEqual(full.table.values.subarray(0, 10 * (max + 1)));
  });

  it('Fibonacci Nim: a stopped run’s states resume to the same start values; a smaller --max uses them as far as it goes', async () => {
    const max = 1500;
    const full = exploreCappedHeap(fibonacci, max);
    const saved = await stopAfter((options) => exploreCappedHeapAsync(fibonacci, max, options), 200_000);
    expect(saved.length).toBeLessThan(((max + 1) * (max + 2)) / 2);
    const resumed = await exploreCappedHeapAsync(fibonacci, max, {}, saved);
    expect(resumed.starts).toEqual(full.starts);
    expect(resumed.pPositions).toEqual(full.pPositions);
    const smaller = await exploreCappedHeapAsync(fibonacci, 300, {}, saved);
    expect(smaller.starts).toEqual(full.starts.subarray(0, 301));
  });
});

const run = (args: readonly string[], until?: () => boolean) => runCli(args, { timeoutMs: 60_000, ...(until ? { until } : {}) });

describe('CLI: the same stop and resume for every game', () => {
  // 6 million cells, computed once whole and once in two parts: about a minute of a loaded npm test.
  longTest('a Wythoff table: SIGINT saves whole rows, --resume gives the same report byte for byte [long]', async () => {
    const dir = freshDir('grid');
    const F = join(dir, 'wythoff.ckpt');
    const A = join(dir, 'A.txt');
    const B = join(dir, 'B.txt');
    // The report (every row's pattern, the P-positions' law) rests on every cell; it is short to write, where a CSV of 6 million cells is not.
    const table = ['--preset', 'wythoff', '--max', '2500', '--format', 'table'];
    const args = [...table, '--checkpoint', F, '--checkpoint-every', '1', '--out', A, '--progress'];
    const [stopped, baseline] = await Promise.all([run(args, () => existsSync(F)), run([...table, '--out', B])]);
    expect(baseline.code, baseline.stderr).toBe(0);
    expect(stopped.code, stopped.stderr).toBe(130);
    const said = stderrMessages(stopped.stderr);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(new RegExp(`^sg-explore: stopped by SIGINT; [\\d,]+ cells saved to ${F}`));
    expect(stopped.stderr).toContain(' cells of at most 6,255,001');
    const saved = loadCheckpoint(F, gridCheckpointKey(wythoff.rule, 2500));
    expect(saved.length % 2501).toBe(0);
    expect(saved.length).toBeGreaterThan(0);
    expect(readdirSync(dir).sort()).toEqual(['B.txt', 'wythoff.ckpt']);

    const resumed = await run([...args, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(readFileSync(A).equals(readFileSync(B)), 'interrupted and resumed = uninterrupted').toBe(true);
    // A checkpoint is for one row length: another --max is refused, naming both.
    expectBadInput(await run(['--preset', 'wythoff', '--max', '100', '--checkpoint', F, '--resume']), 'another width', {
      pattern: /--checkpoint .*: it is for 'vectors \(1,0\) \(0,1\) \(1,1\), columns 0\.\.2500', not '.*columns 0\.\.100'/,
    });
  });

  it('Fibonacci Nim states: a finished checkpoint serves a later run', async () => {
    const dir = freshDir('memory');
    const F = join(dir, 'fib.ckpt');
    const first = await run(['--preset', 'fibonacci-nim', '--max', '400', '--checkpoint', F, '--format', 'json']);
    expect(first.code, first.stderr).toBe(0);
    expect(loadCheckpoint(F, cappedHeapCheckpointKey(fibonacci.rule)).length).toBe((401 * 402) / 2);
    const again = await run(['--preset', 'fibonacci-nim', '--max', '400', '--checkpoint', F, '--resume', '--format', 'json']);
    expect(again.stdout).toBe(first.stdout);
    const p = (JSON.parse(first.stdout) as { pPositions: number[] }).pPositions;
    expect(p).toEqual([0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377]);
  });
});
