import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { progressReporter } from '../../src/cli/progress.js';
import { progressBar } from '../../src/cli/sweep-progress.js';
import { withoutProgressLines } from '../helpers/progress-lines.js';

/**
 * The tests' runners (helpers/cli.ts, helpers/in-process.ts) drop from stderr the lines a run over 10 s writes to say
 * it is alive. Here the product's own reporters, in the mode a pipe gets, write those lines under a clock the test
 * moves: every one of them must be recognised, whatever parts it has, and nothing else may be.
 */

/** A stream that keeps what is written, a clock the test sets, and the text once the stream has passed it on. */
function standIns(): { stream: PassThrough; clock: { now: number }; text: () => Promise<string> } {
  const stream = new PassThrough();
  let text = '';
  stream.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  return { stream, clock: { now: 0 }, text: () => new Promise((resolve) => setImmediate(() => resolve(text))) };
}

/** The lines a single run's reporter writes for `updates` ([second, done] pairs) of `unit` toward `ceiling`. */
async function computingLines(unit: string, ceiling: number, updates: readonly [number, number][]): Promise<string> {
  const { stream, clock, text } = standIns();
  const progress = progressReporter('lines', stream, { clock: () => clock.now, unit });
  for (const [second, done] of updates) {
    clock.now = second * 1000;
    progress.update(done, ceiling);
  }
  progress.done();
  return text();
}

describe('the progress lines of a run whose stderr is no terminal', () => {
  it('a heap run, a module, a play search, a graph: known and unknown ceilings, minutes and hours left, every unit', async () => {
    const written = [
      await computingLines('values', 1e9, [[10.1, 1000], [70.2, 4000]]),
      await computingLines('states', Infinity, [[10, 12_345], [75, 99_999]]),
      await computingLines('positions searched', 1e12, [[12, 7]]),
      await computingLines('bytes read', 5_000_000, [[11, 4_999_999]]),
      await computingLines('cells', 1271, [[10.5, 1271]]),
    ];
    const lines = written.join('').split(/(?<=\n)/);
    expect(lines).toHaveLength(7);
    // The parts the lines had between them: each shape below was written, and each line is dropped whole.
    expect(lines.join('')).toMatch(/ of at most 1,000,000,000 \(0%\), \d+\/s, 10\.1 s, ~\d+:\d\d:\d\d left \(no proof yet\)\n/);
    expect(lines.join('')).toMatch(/computing: 12,345 states, [\d,]+\/s, 10\.0 s\n/);
    expect(lines.join('')).toMatch(/computing: 7 positions searched of at most 1,000,000,000,000 \(0%\), 1\/s, 12\.0 s, ~\d+:\d\d:\d\d left\n/);
    expect(lines.join('')).toMatch(/computing: 4,999,999 bytes read of at most 5,000,000 \(99%\), [\d,]+\/s, 11\.0 s, ~0:00 left\n/);
    expect(lines.join('')).toMatch(/computing: 1,271 cells of at most 1,271 \(100%\)/);
    for (const line of lines) expect(withoutProgressLines(line), line).toBe('');
  });

  it('a sweep: no time left yet, a steady pace, a pace that varies, a guess from costs; rates above and below 10 a second', async () => {
    const { stream, clock, text } = standIns();
    const bar = progressBar('lines', stream, () => clock.now);
    const at = (second: number, done: number, secondsLeft?: number) => {
      clock.now = second * 1000;
      bar.update(done, 10_000, secondsLeft);
    };
    // Ten rules a second for two minutes, then none: the pace no longer holds. Then the sweep's own guess.
    for (let second = 1; second <= 130; second++) at(second, 10 * second);
    for (let second = 131; second <= 190; second++) at(second, 1300);
    at(250, 1301, 3600);
    bar.finish();
    const lines = (await text()).split(/(?<=\n)/);
    // A line at 10 s, then one a minute: 10, 70, 130, 190 and 250 s.
    expect(lines.map((line) => /, (ETA ~|ETA (?=\d)|ETA unknown|no ETA yet)/.exec(line)?.[1])).toEqual(['no ETA yet', 'ETA ', 'ETA ', 'ETA unknown', 'ETA ~']);
    expect(lines.join('')).toMatch(/, 10 rules\/s, /);
    expect(lines.join('')).toMatch(/, 6\.8 rules\/s, /);
    expect(lines.join('')).toMatch(/ETA ~1:00:00 \(guessed from costs\), elapsed 4:10\n$/);
    for (const line of lines) expect(withoutProgressLines(line), line).toBe('');
  });

  it('only those lines go: messages around them, the redrawn terminal line and look-alikes stay, byte for byte', async () => {
    const alive = await computingLines('values', 2001, [[10, 1000]]);
    expect(alive).toMatch(/^sg-explore: computing: /);
    const said = 'first heap asked: 0\nsg-explore: note: "values" is null in this JSON\n';
    expect(withoutProgressLines(`${alive}${said}${alive}sg-explore: stopped by SIGINT\n`)).toBe(`${said}sg-explore: stopped by SIGINT\n`);
    const kept = [
      '\r\u001b[2Kcomputing: 1,000 values of at most 2,001 (49%), 100/s, 10.0 s, ~0:10 left (no proof yet)',
      'sg-explore: computing: 1,000 values of at most 2,001 (49%), 100/s, 10.0 s, ~0:10 left (no proof yet) and then some\n',
      'sg-explore: computing: the table\n',
      'sg-explore: sweep: 3 of 5 rules failed\n',
      alive.trimEnd(),
      `module says: ${alive}`,
    ];
    for (const text of kept) expect(withoutProgressLines(text)).toBe(text);
  });
});
