/**
 * What a new user meets in a sweep: a table whose rules stay whole at 80
 * columns, progress lines when stderr is no terminal, a time left that is
 * shown only when it can be estimated, and Ctrl-C obeyed within a second.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { renderTable, wrap } from '../../src/sweep/format.js';
import { TimeLeft, progressBar } from '../../src/cli/sweep-progress.js';
import { QUIET_EVERY_MS, QUIET_FIRST_LINE_MS } from '../../src/cli/progress.js';
import type { SweepRow } from '../../src/sweep/row.js';
import { runCli, HANG_GUARD_S } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { scratchDirectories } from '../helpers/scratch.js';
import { sweepRow } from '../helpers/sweep-rows.js';

const scratch = scratchDirectories('sweep-display');

/** A proven arithmetic-periodic row of its own index and rule (period and largest value vary with the index). */
const row = (index: number, rule: string, over: Partial<SweepRow> = {}): SweepRow =>
  sweepRow({ index, rule, kind: 'arithmetic-periodic', period: 3 + (index % 5), saltus: 1, method: 'relative-state-repetition', maxValue: 10 + index, ...over });

const widest = (text: string) => Math.max(...text.split('\n').map((l) => [...l].length));

describe('the sweep table at 80 columns', () => {
  it('keeps every rule whole: constant columns go first (their value in the footer), then the least telling', () => {
    const rows = Array.from({ length: 30 }, (_, i) => row(i, `all-but {1,2,3,4,5,6,7,8,9,${10 + i}}`));
    const table = renderTable(rows, false, 80);
    expect(widest(table)).toBeLessThanOrEqual(80);
    for (const r of rows) expect(table).toContain(`│ ${r.rule} `);
    expect(table).not.toContain('…');
    // The columns that tell rows apart stay.
    expect(table.split('\n')[1]).toMatch(/│ rule +│ .*pre .*per .*max/);
    const footer = table.trimEnd().split('\n').slice(-2).join(' ');
    expect(footer).toContain('30 rules; in every row ');
    for (const fact of ['computed=64', 'method=relative-state-repetition']) expect(footer).toContain(fact);
  });

  it('cuts the rule only when nothing else is left to give, and every line (the footer too) fits', () => {
    const rows = Array.from({ length: 5 }, (_, i) => row(i, `subtraction {${Array.from({ length: 30 }, (_, k) => k + 1 + i).join(',')}}`, { computed: 100 + i, saltus: i, proven: i % 2 === 0, kind: i % 2 ? 'periodic' : 'arithmetic-periodic' }));
    for (const width of [80, 60]) {
      const table = renderTable(rows, false, width);
      expect(widest(table), `width ${width}`).toBeLessThanOrEqual(width);
      expect(table).toContain('…');
      // The kind is shortened before the rule is cut further.
      expect(table).toContain('arith-periodic');
    }
    expect(wrap('a bb ccc dddd', 6)).toBe('a bb\nccc\ndddd');
  });

  it('end to end: a sweep of long rules at 80 columns shows them whole', async () => {
    const r = await runMain(['sweep', '--family', 'subtraction', '--size', '6', '--max-move', '12', '--limit', '2^10']);
    expect(r.code, r.stderr).toBe(0);
    expect(widest(r.stdout)).toBeLessThanOrEqual(80);
    expect(r.stdout).toContain('│ subtraction {7,8,9,10,11,12} ');
    expect(r.stdout).not.toContain('…');
  });
});

/** A stream that records what is written, and a clock the test moves. */
function standIns(): { stream: PassThrough & { isTTY?: boolean; columns?: number }; written: () => string; clock: { now: number }; now: () => number } {
  const stream = new PassThrough();
  let text = '';
  stream.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  const clock = { now: 0 };
  return { stream, written: () => text, clock, now: () => clock.now };
}

describe('sweep progress', () => {
  it('stderr no terminal: a plain line after 10 s, then one a minute, as single runs print', async () => {
    const { stream, written, clock, now } = standIns();
    const bar = progressBar('lines', stream, now);
    const at = async (ms: number, done: number) => {
      clock.now = ms;
      bar.update(done, 1000);
      await new Promise((resolve) => setImmediate(resolve));
    };
    await at(5_000, 10);
    expect(written()).toBe('');
    await at(QUIET_FIRST_LINE_MS, 20);
    expect(written()).toBe('sg-explore: sweep: 20/1,000 rules (2%), 2.0 rules/s, no ETA yet, elapsed 0:10\n');
    await at(QUIET_FIRST_LINE_MS + 30_000, 80);
    expect(written().split('\n')).toHaveLength(2);
    await at(QUIET_FIRST_LINE_MS + QUIET_EVERY_MS, 140);
    expect(written().split('\n').filter(Boolean)).toHaveLength(2);
    expect(written().split('\n')[1]).toMatch(/^sg-explore: sweep: 140\/1,000 rules \(14%\), /);
    bar.finish();
  });

  it('the time left: the rules left at a steady pace; none while the pace changes (a pace that falls twentyfold is no estimate)', () => {
    // 10 rules a second for a minute: 600 of 1,200 done, 60 s left.
    const steady = new TimeLeft(0);
    for (let t = 0; t <= 60_000; t += 500) steady.add(t, t / 100);
    expect(steady.seconds(60_000, 600, 1200)).toBeCloseTo(60, 0);
    expect(steady.seconds(15_000, 150, 1200), 'too early to say').toBe('early');
    // Cheap rules first, 20 a second for 30 s; then the costly ones, 1 a second.
    const falling = new TimeLeft(0);
    const doneBy = (t: number) => Math.floor(t <= 30_000 ? t / 50 : 600 + (t - 30_000) / 1000);
    for (let t = 0; t <= 36_000; t += 500) falling.add(t, doneBy(t));
    expect(falling.seconds(36_000, doneBy(36_000), 1200)).toBe('varies');
    // Once the slower pace has held long enough, it is the estimate: the 570 rules left at 1 a second.
    for (let t = 36_500; t <= 240_000; t += 500) falling.add(t, doneBy(t));
    expect(falling.seconds(240_000, doneBy(240_000), 1200)).toBeCloseTo(390, -1);
  });

  it('a terminal bar says "ETA unknown" while the pace varies', async () => {
    const { stream, written, clock, now } = standIns();
    stream.isTTY = true;
    stream.columns = 100;
    const bar = progressBar('terminal', stream, now);
    for (let t = 0; t <= 36_000; t += 500) {
      clock.now = t;
      bar.update(Math.floor(t <= 30_000 ? t / 50 : 600 + (t - 30_000) / 1000), 1200);
    }
    const last = written().split('\r').pop()!;
    expect(last).toContain('ETA unknown (the pace varies)');
    bar.finish();
  });
});

describe("the sweep's own guess at the time left", () => {
  it('is shown, named a guess, and counts down; past it (or without it) the pace decides again', async () => {
    const { stream, written, clock, now } = standIns();
    stream.isTTY = true;
    stream.columns = 120;
    const bar = progressBar('terminal', stream, now);
    const last = () => written().split('\r').pop()!;
    clock.now = 1_000;
    bar.update(10, 100, 90);
    expect(last()).toContain('ETA ~1:30 (guessed from costs)');
    // The bar's own redraw (once a second) 30 s later, no rule finished since: the guess counts down.
    clock.now = 31_000;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(last()).toContain('ETA ~1:00 (guessed from costs)');
    // An update without a guess (the sweep has none): the pace decides (here it has not held).
    clock.now = 31_500;
    bar.update(12, 100);
    expect(last()).toContain('ETA unknown (the pace varies)');
    // The rules ran past their guessed costs: no guess is shown as 0:00.
    clock.now = 200_000;
    bar.update(13, 100, 0);
    expect(last()).toContain('ETA');
    expect(last()).not.toContain('guessed');
    bar.finish();
  });
});

describe('Ctrl-C in a sweep', () => {
  it('SIGINT and SIGTERM stop a running sweep within a second', async () => {
    const dir = scratch.fresh('signals');
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const started = performance.now();
      const r = await runCli(['sweep', '--family', 'octal', '--digits', '2', '--threads', '1', '--format', 'jsonl'], {
        cwd: dir,
        signal,
        // Once some rows are out: a heavy code is being computed by then.
        until: ({ stdout }) => stdout.split('\n').length > 20 || performance.now() - started > 4000,
        timeoutMs: 60_000,
      });
      expect(r.code, `${signal}: ${r.stderr}`).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(r.stderr).toBe(`sg-explore: stopped by ${signal}\n`);
      expect(r.secondsAfterSignal!, signal).toBeLessThan(HANG_GUARD_S);
    }
  });
});
