import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';

/**
 * Every CSV shape sg-explore writes, read back by an independent parser:
 * Python's csv module in strict mode (a quote inside an unquoted field, or a
 * field that goes on after its closing quote, is an error there). Each row
 * must have the header's number of fields and end in CRLF, and the fields
 * must say what the JSON of the same run says.
 */
function parseCsv(text: string): string[][] {
  const script = [
    'import csv, json, sys',
    'text = sys.stdin.buffer.read().decode("utf-8")',
    'lines = text.split("\\r\\n")',
    'assert lines[-1] == "", "no CRLF at the end"',
    'rows = list(csv.reader(lines[:-1], strict=True))',
    'print(json.dumps(rows))',
  ].join('\n');
  const run = spawnSync('python3', ['-c', script], { input: text, encoding: 'utf8' });
  if (run.error) throw run.error;
  expect(run.status, run.stderr).toBe(0);
  const rows = JSON.parse(run.stdout) as string[][];
  for (const row of rows) expect(row.length, JSON.stringify(row)).toBe(rows[0]!.length);
  return rows;
}

async function output(args: string[]): Promise<string> {
  const run = await runMain(args);
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
}

/** The CSV of a run as objects keyed by the header. */
async function records(args: string[]): Promise<Record<string, string>[]> {
  const [header, ...rows] = parseCsv(await output([...args, '--format', 'csv']));
  return rows.map((row) => Object.fromEntries(row.map((field, i) => [header![i]!, field])));
}

async function json(args: string[]) {
  return JSON.parse(await output([...args, '--format', 'json']));
}

describe('every CSV shape parses as RFC 4180', () => {
  it('a position whose states are JSON: quotes are doubled, the fields are the states', async () => {
    const args = ['--rule', 'examples/ring.mjs', '--position', '{"edges":[2,5,3,0],"coin":0}'];
    const rows = await records(args);
    const report = await json(args);
    expect(report.winningMoves.length).toBeGreaterThan(0);
    expect(rows.map((r) => [r.outcome, Number(r.nimSum), Number(r.component), JSON.parse(r.from!), JSON.parse(r.to!)])).toEqual(
      report.winningMoves.map((m: { component: number; from: unknown; to: unknown[] }) => [report.outcome, report.nimSum, m.component, m.from, m.to[0]]),
    );
  });

  it('an N-position of heaps: one row per winning move, a split listed as its heaps', async () => {
    const rows = await records(['--preset', 'kayles', '--position', '5', '7']);
    const report = await json(['--preset', 'kayles', '--position', '5', '7']);
    expect(report.outcome).toBe('N');
    expect(rows.map((r) => [r.outcome, r.nimSum, r.component, r.from, r.to, r.take])).toEqual(
      report.winningMoves.map((m: { component: number; from: number; to: number[]; take: number }) => ['N', String(report.nimSum), String(m.component), String(m.from), m.to.join(' '), String(m.take)]),
    );
  });

  it('a P-position says so in a row of its own, not only a header', async () => {
    const rows = await records(['--preset', 'nim', '--position', '1', '2', '3']);
    expect(rows).toEqual([{ outcome: 'P', nimSum: '0', component: '', from: '', to: '', take: '' }]);
    const misere = await records(['--preset', 'nim', '--position', '1', '1', '--misere']);
    // Two heaps of 1 in misère play: take either, leaving the last token to the opponent.
    expect(misere.map((r) => [r.outcome, r.component, r.from, r.to, r.take])).toEqual([['N', '1', '1', '', '1'], ['N', '2', '1', '', '1']]);
    expect(await records(['--preset', 'nim', '--position', '1', '--misere'])).toEqual([{ outcome: 'P', nimSum: '', component: '', from: '', to: '', take: '' }]);
  });

  it('a heap table, whole and at chosen heaps', async () => {
    const whole = await records(['--preset', 'kayles', '--max', '40']);
    const values = (await json(['--preset', 'kayles', '--max', '40'])).values as number[];
    expect(whole.map((r) => [Number(r.n), Number(r.grundy), r.outcome])).toEqual(values.map((v, n) => [n, v, v === 0 ? 'P' : 'N']));
    expect(await records(['--preset', 'kayles', '--at', '3', '5', '8'])).toEqual([3, 5, 8].map((n) => ({ n: String(n), grundy: String(values[n]), outcome: values[n] === 0 ? 'P' : 'N' })));
  });

  it('a misère table', async () => {
    const rows = await records(['--preset', 'kayles', '--misere', '--max', '20']);
    const report = await json(['--preset', 'kayles', '--misere', '--max', '20']);
    expect(rows.map((r) => r.outcome).join('')).toBe(report.outcomes);
    expect(rows.map((r) => Number(r.n))).toEqual(Array.from({ length: 21 }, (_, n) => n));
  });

  it('a two-pile grid', async () => {
    const rows = await records(['--preset', 'wythoff', '--max', '12']);
    const grid = (await json(['--preset', 'wythoff', '--max', '12'])).values as number[][];
    expect(rows.map((r) => [Number(r.x), Number(r.y), Number(r.grundy), r.outcome])).toEqual(grid.flatMap((row, x) => row.map((v, y) => [x, y, v, v === 0 ? 'P' : 'N'])));
  });

  it('a heap with memory', async () => {
    const rows = await records(['--preset', 'fibonacci-nim', '--max', '30']);
    const report = await json(['--preset', 'fibonacci-nim', '--max', '30']);
    expect(rows.map((r) => Number(r.grundy))).toEqual(report.values);
    expect(rows.filter((r) => r.outcome === 'P').map((r) => Number(r.n))).toEqual(report.pPositions);
  });

  it('a state module’s table: each state is one JSON field', async () => {
    const rows = await records(['--rule', 'examples/one-more.mjs', '--max', '3']);
    const report = await json(['--rule', 'examples/one-more.mjs', '--max', '3']);
    expect(rows.map((r) => [JSON.parse(r.state!), Number(r.grundy), r.outcome])).toEqual(report.states.map((s: { state: unknown; grundy: number; outcome: string }) => [s.state, s.grundy, s.outcome]));
  });

  it('a sweep: rules with commas and braces stay one field', async () => {
    const args = ['sweep', '--family', 'subtraction', '--size', '2', '--max-move', '5'];
    const rows = await records(args);
    expect(rows.map((r) => r.rule)).toContain('subtraction {1,2}');
    const lines = (await output([...args, '--format', 'jsonl'])).trim().split('\n').map((line) => JSON.parse(line));
    expect(rows.map((r) => [r.rule, r.period, r.proven])).toEqual(lines.map((l: { rule: string; period: number; proven: boolean }) => [l.rule, String(l.period), String(l.proven)]));
  });
});
