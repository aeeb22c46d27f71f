/**
 * Games on graphs through the built program: tables (text, CSV, JSON),
 * positions with draws, rule files, bad input, and play through a pipe.
 * Every expected value is worked by hand (see the fixtures' comments) or
 * comes from a published example.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectBadInput, ROOT, runCli } from '../../helpers/cli.js';
import { runMain } from '../../helpers/in-process.js';
import { int, mulberry32 } from '../../helpers/random.js';
import { scratchDirectories } from '../../helpers/scratch.js';

const FIXTURES = join(ROOT, 'test/fixtures/graph');
/** The subtraction game {1, 2} on heaps 0..6 as a graph: values n mod 3. */
const SUBTRACTION = join(FIXTURES, 'subtraction-1-2.txt');
/** x <-> y with exits, a pure cycle c <-> d, e -> x, f -> c, a (values in the file's comment). */
const TWO_CYCLE = join(FIXTURES, 'two-cycle.txt');

const scratch = scratchDirectories('graph-cli');

async function ok(args: string[]): Promise<string> {
  const run = await runCli(args, { timeoutMs: 60_000 });
  expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(0);
  expect(run.stderr).toBe('');
  return run.stdout;
}

/** A table's rows as their whitespace-separated cells. */
const rows = (table: string) =>
  table
    .trimEnd()
    .split('\n')
    .map((line) => line.trim().split(/\s+/));

interface JsonVertex {
  vertex: string;
  grundy: number | 'inf';
  finiteFollowers?: number[];
  outcome: 'P' | 'N' | 'D';
  onCycle: boolean;
}

interface JsonTable {
  shape: string;
  vertices: number;
  edges: number;
  acyclic: boolean;
  onCycle: number;
  infinite: number;
  values: JsonVertex[];
}

interface JsonPosition {
  shape: string;
  rule: string;
  tokens: { vertex: string; grundy: number | 'inf'; finiteFollowers?: number[] }[];
  outcome: 'first' | 'second' | 'draw';
  movesAre?: string;
  moves: { token: number; from: string; to: string }[];
}

describe('an acyclic graph: the subtraction game {1, 2} on 0..6', () => {
  it('the table: every vertex, n mod 3, outcomes, no cycles', async () => {
    const out = await ok(['--graph', SUBTRACTION]);
    expect(out.split('\n')[0]).toBe('7 vertices, 11 edges; acyclic: every value is a Grundy value');
    expect(rows(out).slice(1)).toEqual([
      ['vertex', 'value', 'outcome', 'cycle'],
      ['0', '0', 'P'],
      ['1', '1', 'N'],
      ['2', '2', 'N'],
      ['3', '0', 'P'],
      ['4', '1', 'N'],
      ['5', '2', 'N'],
      ['6', '0', 'P'],
    ]);
  });

  it('CSV: exact bytes', async () => {
    const csv = await ok(['--graph', SUBTRACTION, '--format', 'csv']);
    expect(csv).toBe('vertex,grundy,outcome\r\n0,0,P\r\n1,1,N\r\n2,2,N\r\n3,0,P\r\n4,1,N\r\n5,2,N\r\n6,0,P\r\n');
  });

  it("JSON: shape 'graph', the counts and every value", async () => {
    const json = JSON.parse(await ok(['--graph', SUBTRACTION, '--format', 'json'])) as JsonTable;
    expect(json).toMatchObject({ shape: 'graph', vertices: 7, edges: 11, acyclic: true, onCycle: 0, infinite: 0 });
    expect(json.values.map((v) => [v.vertex, v.grundy, v.outcome, v.onCycle])).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((n) => [String(n), n % 3, n % 3 === 0 ? 'P' : 'N', false]),
    );
  });
});

describe('a graph with cycles: Smith\'s generalised values', () => {
  it('the table marks the vertices on a cycle and the ∞ values', async () => {
    const out = await ok(['--graph', TWO_CYCLE]);
    expect(out.split('\n')[0]).toBe("8 vertices, 9 edges; 4 on a cycle, 5 valued ∞ (Smith's generalised values)");
    expect(rows(out).slice(1)).toEqual([
      ['vertex', 'value', 'outcome', 'cycle'],
      ['x', '∞(0)', 'N', 'yes'],
      ['y', '∞(0)', 'N', 'yes'],
      ['a', '0', 'P'],
      ['b', '0', 'P'],
      ['c', '∞', 'D', 'yes'],
      ['d', '∞', 'D', 'yes'],
      ['e', '0', 'P'],
      ['f', '∞(0)', 'N'],
    ]);
  });

  it('CSV spells ∞ as inf, with the finite followers in brackets', async () => {
    const csv = await ok(['--graph', TWO_CYCLE, '--format', 'csv']);
    expect(csv).toBe('vertex,grundy,outcome\r\nx,inf(0),N\r\ny,inf(0),N\r\na,0,P\r\nb,0,P\r\nc,inf,D\r\nd,inf,D\r\ne,0,P\r\nf,inf(0),N\r\n');
  });

  it('∞ with two finite followers: ∞(0,1) in the table, inf(0;1) in CSV (no comma inside a field)', async () => {
    // g has a loop and the followers a (a sink, 0) and h (-> a, 1). g cannot be 0 or 1 (it has followers of both
    // values), and 2 would need its unlabelled follower g itself to have a follower labelled 2: g is ∞(0,1), N.
    const dir = scratch.fresh('two-finite');
    writeFileSync(join(dir, 'g.txt'), 'g: g a h\nh a\n');
    expect(rows(await ok(['--graph', join(dir, 'g.txt')])).slice(2)).toEqual([['g', '∞(0,1)', 'N', 'yes'], ['a', '0', 'P'], ['h', '1', 'N']]);
    expect(await ok(['--graph', join(dir, 'g.txt'), '--format', 'csv'])).toBe('vertex,grundy,outcome\r\ng,inf(0;1),N\r\na,0,P\r\nh,1,N\r\n');
  });

  it('JSON: inf with its finite followers, and which vertices are on a cycle', async () => {
    const json = JSON.parse(await ok(['--graph', TWO_CYCLE, '--format', 'json'])) as JsonTable;
    expect(json).toMatchObject({ shape: 'graph', vertices: 8, edges: 9, acyclic: false, onCycle: 4, infinite: 5 });
    const byName = new Map(json.values.map((v) => [v.vertex, v]));
    expect(byName.get('x')).toEqual({ vertex: 'x', grundy: 'inf', finiteFollowers: [0], outcome: 'N', onCycle: true });
    expect(byName.get('c')).toEqual({ vertex: 'c', grundy: 'inf', finiteFollowers: [], outcome: 'D', onCycle: true });
    expect(byName.get('e')).toEqual({ vertex: 'e', grundy: 0, outcome: 'P', onCycle: false });
    expect(byName.get('f')).toMatchObject({ grundy: 'inf', finiteFollowers: [0], outcome: 'N', onCycle: false });
  });
});

describe('positions: tokens on vertices', () => {
  const position = async (graph: string, tokens: string[]) =>
    JSON.parse(await ok(['--graph', graph, '--position', ...tokens, '--format', 'json'])) as JsonPosition;
  const moves = (p: JsonPosition) => p.moves.map((m) => `${m.token}:${m.from}>${m.to}`).sort();

  it('a P-position: nim-sum 0, no winning move', async () => {
    // 3 and 6 are both worth 0.
    const p = await position(SUBTRACTION, ['3', '6']);
    expect(p.shape).toBe('graph-position');
    expect(p.outcome).toBe('second');
    expect(p.moves).toEqual([]);
    const text = await ok(['--graph', SUBTRACTION, '--position', '3', '6']);
    expect(text).toContain('outcome: the player to move loses (P): nim-sum 0');
  });

  it('an N-position and its winning moves', async () => {
    // 4 (1) + 5 (2): nim-sum 3. 4 -> 2 leaves 2 ^ 2 = 0 and 5 -> 4 leaves 1 ^ 1 = 0; 4 -> 3 and 5 -> 3 leave 2 and 1.
    const p = await position(SUBTRACTION, ['4', '5']);
    expect(p.outcome).toBe('first');
    expect(p.tokens.map((t) => t.grundy)).toEqual([1, 2]);
    expect(moves(p)).toEqual(['1:4>2', '2:5>4']);
    // With cycles: x is inf(0) and b is 0; 0 is in x's set, so moving x to its 0 follower a wins.
    const loopy = await position(TWO_CYCLE, ['x', 'b']);
    expect(loopy.outcome).toBe('first');
    expect(moves(loopy)).toEqual(['1:x>a']);
    // e (0) + f (inf(0)): f -> a leaves 0 + 0; e -> x would leave two infinite tokens, a draw, not a win.
    expect(moves(await position(TWO_CYCLE, ['e', 'f']))).toEqual(['2:f>a']);
  });

  it('a draw: the moves that keep it, never one into a loss', async () => {
    // x + x: two inf tokens, a draw. x -> a would leave a (0) + x (inf(0)): 0 is in x's set, the opponent wins.
    const p = await position(TWO_CYCLE, ['x', 'x']);
    expect(p.outcome).toBe('draw');
    expect(p.movesAre).toBe('drawing');
    expect(moves(p)).toEqual(['1:x>y', '2:x>y']);
    // c alone: inf with no finite follower.
    const c = await position(TWO_CYCLE, ['c']);
    expect(c.outcome).toBe('draw');
    expect(moves(c)).toEqual(['1:c>d']);
    const text = await ok(['--graph', TWO_CYCLE, '--position', 'x', 'x']);
    expect(text).toContain('outcome: a draw with best play (D): 2 tokens have value ∞');
    expect(text).toContain('moves that keep the draw: token 1 x → y; token 2 x → y');
  });

  it('CSV of a position: one row a move', async () => {
    expect(await ok(['--graph', SUBTRACTION, '--position', '4', '5', '--format', 'csv'])).toBe('outcome,token,from,to\r\nfirst,1,4,2\r\nfirst,2,5,4\r\n');
    expect(await ok(['--graph', SUBTRACTION, '--position', '3', '--format', 'csv'])).toBe('outcome,token,from,to\r\nsecond,,,\r\n');
  });

  it('--position - reads the names from standard input', async () => {
    const run = await runMain(['--graph', TWO_CYCLE, '--position', '-', '--format', 'json'], { stdin: 'x\n  x\n' });
    expect(run.code, run.stderr).toBe(0);
    const p = JSON.parse(run.stdout) as JsonPosition;
    expect(p.tokens.map((t) => t.vertex)).toEqual(['x', 'x']);
    expect(p.outcome).toBe('draw');
  });
});

describe('rule files', () => {
  it('graph: edges.txt in YAML, and a .json edge list or adjacency object, give the same table as --graph', async () => {
    const dir = scratch.fresh('rule');
    writeFileSync(join(dir, 'edges.txt'), 'x y\ny x\nx a\ny b\nc d\nd c\ne x\nf c\nf a\n');
    writeFileSync(join(dir, 'game.yaml'), '# a game on a graph\ngraph: edges.txt\n');
    writeFileSync(join(dir, 'edges.json'), JSON.stringify([['x', 'y'], ['y', 'x'], ['x', 'a'], ['y', 'b'], ['c', 'd'], ['d', 'c'], ['e', 'x'], ['f', 'c'], ['f', 'a']]));
    writeFileSync(join(dir, 'list.json'), JSON.stringify({ graph: 'edges.json' }));
    writeFileSync(join(dir, 'adjacency.json'), JSON.stringify({ x: ['y', 'a'], y: ['x', 'b'], a: [], b: [], c: ['d'], d: ['c'], e: ['x'], f: ['c', 'a'] }));
    writeFileSync(join(dir, 'adjacency.yaml'), 'graph: adjacency.json\n');
    const expected = await ok(['--graph', TWO_CYCLE]);
    for (const args of [['--rule', join(dir, 'game.yaml')], ['--graph', join(dir, 'edges.json')], ['--rule', join(dir, 'list.json')], ['--rule', join(dir, 'adjacency.yaml')]]) {
      expect(await ok(args), args.join(' ')).toBe(expected);
    }
  });
});

describe('bad input: one line, exit 2', () => {
  it('missing files, malformed lines, unknown vertices, flags that do not apply, broken JSON', async () => {
    const dir = scratch.fresh('bad');
    writeFileSync(join(dir, 'three.txt'), 'a b\n# fine so far\nb c d\n');
    writeFileSync(join(dir, 'broken.json'), '[["a", "b"],');
    writeFileSync(join(dir, 'missing.yaml'), 'graph: nowhere.txt\n');
    const cases: [string, string[], RegExp][] = [
      ['a missing file', ['--graph', join(dir, 'none.txt')], /graph \S*none\.txt: cannot read the file \(no such file or directory\)/],
      ['a directory', ['--graph', dir], /cannot read the file \(it is a directory\)/],
      ['a rule file naming a missing graph', ['--rule', join(dir, 'missing.yaml')], /nowhere\.txt: cannot read the file/],
      ['a malformed line', ['--graph', join(dir, 'three.txt')], /line 3: 'b c d' is neither 'u v' nor 'u: v w …'/],
      ['an unknown vertex', ['--graph', SUBTRACTION, '--position', '3', 'zz'], /'zz' is not a vertex of the graph/],
      ['--max', ['--graph', SUBTRACTION, '--max', '10'], /--max does not apply to a game on a graph/],
      ['--at', ['--graph', SUBTRACTION, '--at', '5'], /--at does not apply to a game on a graph/],
      ['--misere', ['--graph', SUBTRACTION, '--misere'], /--misere play of games on graphs is not supported/],
      ['broken JSON', ['--graph', join(dir, 'broken.json')], /broken\.json: not valid JSON/],
      ['play: a missing file', ['play', '--graph', join(dir, 'none.txt')], /none\.txt: cannot read the file/],
      ['play: an unknown vertex', ['play', '--graph', SUBTRACTION, '--position', 'zz'], /'zz' is not a vertex of the graph/],
    ];
    const runs = await Promise.all(cases.map(([, args]) => runCli(args, { timeoutMs: 60_000 })));
    cases.forEach(([what, , pattern], i) => expectBadInput(runs[i]!, what, { pattern }));
  });
});

/** A human who types `lines` one after another (illegal ones are refused and the game goes on). */
const play = (args: string[], lines: string[]) => runMain(['play', ...args], { stdin: lines.join('\n') + '\n' });

describe('play through a pipe', () => {
  it('acyclic: the computer wins first from an N-position and second from a P-position, whatever the human plays', async () => {
    const random = mulberry32(2026);
    for (let t = 0; t < 6; t++) {
      const human = Array.from({ length: 300 }, () => `${int(random, 1, 2)} -> ${int(random, 0, 6)}`);
      // 4 (1) + 5 (2) is an N-position; 3 (0) + 6 (0) a P-position.
      const args = t % 2 === 0 ? ['--position', '4', '5', '--first', 'computer'] : ['--position', '3', '6', '--first', 'human'];
      const run = await play(['--graph', SUBTRACTION, ...args], human);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('The computer wins.');
      expect(run.stdout).not.toContain('You win');
    }
  });

  it('cycles: the computer keeps the draw and never moves into a loss; the game goes on', async () => {
    const random = mulberry32(77);
    // x + y is a draw; the human only moves along the cycle, the computer may move a token to a or b (a loss) but must not.
    const human = Array.from({ length: 60 }, () => `${int(random, 1, 2)} -> ${random() < 0.5 ? 'x' : 'y'}`);
    const run = await play(['--graph', TWO_CYCLE, '--position', 'x', 'y', '--first', 'human'], [...human, 'quit']);
    expect(run.code, run.stderr).toBe(0);
    const computer = run.stdout.match(/The computer plays: [^\n]*/g) ?? [];
    expect(computer.length).toBeGreaterThanOrEqual(20);
    for (const move of computer) expect(move).toMatch(/-> [xy]$/);
    expect(run.stdout).not.toMatch(/computer wins|You win/);
    expect(run.stdout).toContain('Game left unfinished.');
    // A pure cycle: the only move there is keeps the draw, for ever.
    const pure = await play(['--graph', TWO_CYCLE, '--position', 'c', '--first', 'computer'], [...Array.from({ length: 20 }, () => '1 -> c'), 'quit']);
    expect(pure.stdout.match(/The computer plays: token 1: c -> d/g)?.length).toBe(21);
    expect(pure.stdout).toContain('Game left unfinished.');
  });

  it('hint lists the winning moves, or the moves that keep the draw', async () => {
    const win = await play(['--graph', SUBTRACTION, '--position', '4', '5', '--first', 'human'], ['hint', 'quit']);
    expect(win.stdout).toContain('their nim-sum (xor) is 3');
    expect(win.stdout).toMatch(/Winning moves:\n {2}token 1: 4 -> 2\n {2}token 2: 5 -> 4\n/);
    const draw = await play(['--graph', TWO_CYCLE, '--position', 'x', 'x', '--first', 'human'], ['hint', 'quit']);
    expect(draw.stdout).toContain('a draw with best play (a D-position)');
    expect(draw.stdout).toMatch(/Moves that keep the draw:\n {2}token 1: x -> y\n {2}token 2: x -> y\n/);
  });
});

describe('published examples', () => {
  it('the take-away game {1, 2, 3} up to 100 as a DAG: values n mod 4, piles 5 and 7 have nim-sum 2, a first-player win', async () => {
    // The teaching example (sprague-grundy-in-c in the project's sources): SG by memoised recursion over the DAG
    // n -> n-1, n-2, n-3 for n <= 100, then two piles 5 and 7: sg 1 ^ 3 = 2, the first player wins.
    const dir = scratch.fresh('take-away');
    const lines = ['0:'];
    for (let n = 1; n <= 100; n++) lines.push(`${n}: ${[1, 2, 3].filter((k) => k <= n).map((k) => n - k).join(' ')}`);
    writeFileSync(join(dir, 'take-away.txt'), lines.join('\n') + '\n');
    const table = JSON.parse(await ok(['--graph', join(dir, 'take-away.txt'), '--format', 'json'])) as JsonTable;
    expect(table.values.map((v) => v.grundy)).toEqual(Array.from({ length: 101 }, (_, n) => n % 4));
    const p = JSON.parse(await ok(['--graph', join(dir, 'take-away.txt'), '--position', '5', '7', '--format', 'json'])) as JsonPosition;
    expect(p.outcome).toBe('first');
    expect(p.tokens.map((t) => t.grundy)).toEqual([1, 3]);
    expect(p.moves.map((m) => `${m.from}>${m.to}`).sort()).toEqual(['5>3', '7>5']);
  });

  it('the ring game (取数游戏 II): the judge samples, and the write-up\'s parity rule on random rings', async () => {
    // A coin on a node of a ring whose edges carry numbers (at least one 0): a move picks an edge beside the coin
    // with a non-zero number, lowers it, and carries the coin across. The samples: 2 5 3 0 -> YES, 0 0 0 -> NO.
    // The write-up's rule: YES iff the run of non-zero edges from the first edge, or back from the last, is odd.
    const rings: number[][] = [[2, 5, 3, 0], [0, 0, 0]];
    const random = mulberry32(1288);
    while (rings.length < 24) {
      const ring = Array.from({ length: int(random, 2, 5) }, () => int(random, 0, 3));
      if (ring.includes(0)) rings.push(ring);
    }
    const parity = (ring: number[]) => {
      let first = 0;
      while (first < ring.length && ring[first] !== 0) first++;
      let last = 0;
      while (last < ring.length && ring[ring.length - 1 - last] !== 0) last++;
      return first % 2 === 1 || last % 2 === 1;
    };
    // Every ring's state graph in one file: a state is the coin's node and the numbers, prefixed by the ring.
    const lines: string[] = [];
    const starts: string[] = [];
    rings.forEach((ring, r) => {
      const name = (node: number, values: readonly number[]) => `r${r}/${node}/${values.join('.')}`;
      const n = ring.length;
      starts.push(name(0, ring));
      const seen = new Set<string>();
      const queue: [number, number[]][] = [[0, ring]];
      while (queue.length > 0) {
        const [node, values] = queue.pop()!;
        const here = name(node, values);
        if (seen.has(here)) continue;
        seen.add(here);
        const followers: string[] = [];
        // Node k lies between edge k-1 and edge k (edge k joins nodes k and k+1; node 0 is between the last and the first).
        for (const [edge, to] of [[node, (node + 1) % n], [(node + n - 1) % n, (node + n - 1) % n]] as const) {
          for (let lower = 0; lower < values[edge]!; lower++) {
            const next = values.slice();
            next[edge] = lower;
            followers.push(name(to, next));
            queue.push([to, next]);
          }
        }
        lines.push(`${here}: ${followers.join(' ')}`.trimEnd());
      }
    });
    const dir = scratch.fresh('ring');
    writeFileSync(join(dir, 'rings.txt'), lines.join('\n') + '\n');
    const table = JSON.parse(await ok(['--graph', join(dir, 'rings.txt'), '--format', 'json'])) as JsonTable;
    expect(table.acyclic).toBe(true);
    const outcome = new Map(table.values.map((v) => [v.vertex, v.outcome]));
    const answers = starts.map((start) => (outcome.get(start) === 'N' ? 'YES' : 'NO'));
    expect(answers.slice(0, 2)).toEqual(['YES', 'NO']);
    expect(answers).toEqual(rings.map((ring) => (parity(ring) ? 'YES' : 'NO')));
  });
});
