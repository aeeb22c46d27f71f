/**
 * --format markdown through the built program: a heap table (Kayles, against
 * OEIS A002186), heaps asked for, a position, a two-pile grid (Wythoff), a
 * graph and a graph position, the list of presets, --out FILE.md, and cells
 * holding Markdown's own characters. Each is read back as Markdown tables
 * (test/helpers/markdown.ts) and compared with the same run's JSON or CSV.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { ORACLE_PATH } from '../helpers/oracles.js';
import { scratchDirectories } from '../helpers/scratch.js';
import { expectMarkdownTables } from '../helpers/markdown.js';
import { escapeMarkdown } from '../../src/report/markdown.js';

const scratch = scratchDirectories('markdown');

async function ok(args: string[]): Promise<string> {
  const run = await runCli(args, { timeoutMs: 60_000 });
  expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(0);
  expect(run.stderr).toBe('');
  return run.stdout;
}

/** A table's fields (first column → second), its heading row included. */
const fieldsOf = (table: { head: string[]; rows: string[][] }) => new Map([table.head, ...table.rows].map(([k, v]) => [k!, v!]));

const kayles = (JSON.parse(readFileSync(ORACLE_PATH, 'utf8')) as { sequences: { anumber: string; terms: number[] }[] }).sequences.find((s) => s.anumber === 'A002186')!.terms;

describe('--format markdown', () => {
  it('Kayles to 20: the summary with its proven ground, and G(0..20) as A002186 gives them, P-positions in bold', async () => {
    const text = await ok(['--preset', 'kayles', '--max', '20', '--format', 'markdown']);
    const [summary, grid] = expectMarkdownTables(text);
    const fields = fieldsOf(summary!);
    expect(fields.get('Rule')).toMatch(/^octal 0\.77 +\(kayles\)$/);
    expect(fields.get('Heaps')).toBe('0 .. 20');
    expect(fields.get('Pattern')).toBe('periodic: preperiod 71, period 12 (last exceptional value at n = 70)');
    expect(fields.get('Status')).toMatch(/^proven \(guy-smith\): .*2\*71\+12\+2 = 156/);
    expect(fields.get('P-positions')).toBe('none from n = 71 on; also n = 0');
    // The grid's columns are residue classes mod 12; read in order, its cells are G(0), G(1), ...
    expect(grid!.head).toEqual(['n', '≡11', ...Array.from({ length: 11 }, (_, i) => `≡${i}`)]);
    const values = grid!.rows.flatMap((r) => r.slice(1)).filter((c) => c !== '');
    expect(values.map((c) => Number(c.replace(/\*\*/g, '')))).toEqual(kayles.slice(0, 21));
    expect(values.filter((c) => c.startsWith('**'))).toEqual(['**0**']);
    expect(text).toContain('\nP-positions in bold\n');
  });

  it('--at: each heap with its value, outcome and ground, and the grounds in words', async () => {
    const text = await ok(['--preset', 'kayles', '--at', '5', '10^9', '--format', 'markdown']);
    const [asked] = expectMarkdownTables(text);
    expect(asked).toEqual({ head: ['n', 'G(n)', 'outcome', 'ground'], rows: [['5', '4', 'N', 'computed'], ['1,000,000,000', String(kayles[1e9 % 12 + 72]), 'N', 'proven period']] });
    expect(text).toContain('\nproven period (guy-smith: period 12 from n = 71)\n');
  });

  it('a position: values, nim-sum, outcome and the winning move as a list item', async () => {
    const text = await ok(['--preset', 'kayles', '--position', '3', '4', '5', '--format', 'markdown']);
    const fields = fieldsOf(expectMarkdownTables(text)[0]!);
    expect(fields.get('Values')).toBe('G(3) = 3, G(4) = 1, G(5) = 4');
    expect(fields.get('Nim-sum')).toBe('3 xor 1 xor 4 = 6');
    expect(fields.get('Outcome')).toBe('the first player (to move) wins: an N-position');
    expect(text).toMatch(/\n\n- take 1 from heap 3, leaving 1 \+ 3 → 3 4 1 3\n$/);
  });

  it("Wythoff: the grid's cells are the JSON's values, '*' on the P-positions", async () => {
    const args = ['--preset', 'wythoff', '--max', '9'];
    const json = JSON.parse(await ok([...args, '--format', 'json'])) as { values: number[][] };
    const text = await ok([...args, '--format', 'markdown']);
    const [summary, patterns, grid] = expectMarkdownTables(text);
    expect(fieldsOf(summary!).get('P-positions')).toBe('(0,0) (1,2) (3,5) (4,7)');
    expect(patterns!.rows[0]).toEqual(['0', 'n0 0, p 1, s 1']);
    expect(grid!.head).toEqual(['x\\y', ...Array.from({ length: 10 }, (_, y) => String(y))]);
    expect(grid!.rows.map((r) => r.slice(1))).toEqual(json.values.map((row) => row.map((v) => (v === 0 ? '*' : String(v)))));
    expect(text.endsWith('\n\\* marks a P-position (G = 0).\n')).toBe(true);
  });

  it('a graph: each vertex with the CSV\'s value and outcome, and its cycle; a vertex named with | and * is escaped', async () => {
    const dir = scratch.fresh('graph');
    const edges = join(dir, 'edges.txt');
    writeFileSync(edges, 'a|b c\nc *d\n*d c\n');
    const csv = (await ok(['--graph', edges, '--format', 'csv'])).trimEnd().split('\r\n').slice(1).map((line) => line.split(','));
    const text = await ok(['--graph', edges, '--format', 'markdown']);
    expect(text).toContain('| a\\|b |');
    expect(text).toContain('| \\*d |');
    const [vertices] = expectMarkdownTables(text);
    expect(vertices!.head).toEqual(['vertex', 'value', 'outcome', 'cycle']);
    expect(vertices!.rows.map(([vertex, , outcome]) => [vertex, outcome])).toEqual(csv.map(([vertex, , outcome]) => [vertex, outcome]));
    // c <-> *d is a pure cycle (a draw); a|b leads only into it.
    expect(vertices!.rows.find((r) => r[0] === 'a|b')).toEqual(['a|b', '∞', 'D', '']);
    expect(vertices!.rows.find((r) => r[0] === 'c')?.[3]).toBe('yes');
    const position = fieldsOf(expectMarkdownTables(await ok(['--graph', edges, '--position', 'a|b', '--format', 'markdown']))[0]!);
    expect(position.get('tokens')).toBe('a|b (∞)');
    expect(position.get('outcome')).toMatch(/^a draw/);
  });

  it('--preset list: every preset of the JSON listing, with its description', async () => {
    const json = JSON.parse(await ok(['--preset', 'list', '--format', 'json'])) as { usage: string; description: string }[];
    const [list] = expectMarkdownTables(await ok(['--preset', 'list', '--format', 'markdown']));
    expect(list).toEqual({ head: ['preset', 'description'], rows: json.map((p) => [p.usage, p.description]) });
  });

  it('--out FILE.md chooses it', async () => {
    const file = join(scratch.fresh('out'), 'kayles.md');
    expect(await ok(['--preset', 'kayles', '--max', '20', '--out', file])).toBe('');
    expect(readFileSync(file, 'utf8')).toBe(await ok(['--preset', 'kayles', '--max', '20', '--format', 'markdown']));
  });

  it("escapes Markdown's own characters, leaving comparisons and a bitwise & as they are", () => {
    expect(escapeMarkdown('a|b *c* _d_ `e` [f](g) ~h~ \\i')).toBe('a\\|b \\*c\\* \\_d\\_ \\`e\\` \\[f\\](g) \\~h\\~ \\\\i');
    expect(escapeMarkdown('n <= 5, <b>bold</b>, G(n) & 15, &amp;')).toBe('n <= 5, \\<b>bold\\</b>, G(n) & 15, \\&amp;');
    expect(escapeMarkdown('two\nlines')).toBe('two lines');
  });

  it("a module's states with two whole-number fields: the grid the terminal draws, every cell as the JSON's value", async () => {
    const text = await ok(['--rule', 'examples/one-more.mjs', '--max', '12', '--format', 'markdown']);
    const json = JSON.parse(await ok(['--rule', 'examples/one-more.mjs', '--max', '12', '--format', 'json'])) as { states: { state: { heap: number; cap: number }; grundy: number }[] };
    const [grid] = expectMarkdownTables(text);
    expect(grid!.head[0]).toBe('heap\\cap');
    const columns = grid!.head.slice(1).map(Number);
    const value = new Map(json.states.map((s) => [`${s.state.heap},${s.state.cap}`, s.grundy]));
    let cells = 0;
    for (const [heap, ...row] of grid!.rows) {
      row.forEach((cell, j) => {
        const g = value.get(`${heap},${columns[j]}`);
        expect(cell, `heap ${heap}, cap ${columns[j]}`).toBe(g === undefined ? '.' : g === 0 ? '*' : String(g));
        if (g !== undefined) cells++;
      });
    }
    expect(cells).toBe(json.states.length);
    expect(text).toMatch(/\\\* marks a P-position \(G = 0\), \. a pair that is no state of the table\.\n$/);
  });
});
