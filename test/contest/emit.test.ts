/**
 * --emit LANG: the code written for each kind of pattern (a proven period,
 * an arithmetic period, Bachet, Bouton, Wythoff, Whinihan and Schwenk) is
 * compiled and run in every language this machine has, on 10^4 heaps or
 * states per game (small ones, and ones near 10^18, 2^62 and 2^63 - 1), and
 * its answers are compared with sg-explore's own: the library's values and
 * the theorems' functions. One process per language and game reads every
 * query from stdin; sources are written only in a temporary directory.
 */
import { spawnSync, execFile } from 'node:child_process';
import { mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { scratchDirectories } from '../helpers/scratch.js';
import { LONG_TESTS, longTest } from '../helpers/long.js';
import { analyseSync } from '../../src/index.js';
import { presetGame } from '../../src/core/presets.js';
import type { Exploration } from '../../src/core/heap/explore.js';
import { isWythoffP, wythoffPair, wythoffWinningMoves } from '../../src/core/theorems/wythoff.js';
import { cappedNimWinningTakes, isCappedNimP, losingHeaps } from '../../src/core/theorems/capped-nim.js';
import { mulberry32 } from '../helpers/random.js';
import { renderModel, type EmitModel } from '../../src/core/emit/index.js';
import { integerSqrt } from '../../src/core/theorems/integer-root.js';
import type { GridExploration } from '../../src/core/kinds/two-pile/grid.js';
import type { CappedHeapExploration } from '../../src/core/kinds/capped-heap/explore-capped.js';

const run = promisify(execFile);
const scratch = scratchDirectories('emit');
const LANGUAGES = ['c', 'cpp', 'python', 'javascript', 'java'] as const;
type Language = (typeof LANGUAGES)[number];

/** The tools each language needs, and whether this machine has them (a missing one skips that language, saying so). */
const TOOLS: Record<Language, string[]> = { c: ['gcc'], cpp: ['g++'], python: ['python3'], javascript: ['node'], java: ['javac', 'java'] };
const missing = (language: Language) => TOOLS[language].filter((tool) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).error !== undefined || spawnSync(tool, ['-version'], { stdio: 'ignore' }).status === null);
const MISSING = Object.fromEntries(LANGUAGES.map((l) => [l, missing(l)])) as Record<Language, string[]>;

type Shape = 'heap' | 'wythoff' | 'capped' | 'pair-law' | 'start-law';

interface Game {
  readonly name: string;
  readonly args: readonly string[];
  readonly shape: Shape;
  /** Query lines (one per line on stdin) and the expected answer lines. */
  readonly queries: () => { input: string[]; expected: string[] };
}

const TWO62 = 1n << 62n;
const MAX63 = (1n << 63n) - 1n;
const E18 = 10n ** 18n;

/** 10^4 heaps: 0..4999, then near 10^18, 2^62, 2^63 - 1, and random ones below 2^63. */
function heapSizes(): bigint[] {
  const random = mulberry32(23);
  const sizes: bigint[] = [];
  for (let n = 0n; n < 5000n; n++) sizes.push(n);
  for (let j = 0n; j < 1500n; j++) sizes.push(E18 - j, TWO62 + j - 700n);
  for (let j = 0n; j < 1000n; j++) sizes.push(MAX63 - j);
  for (let j = 0; j < 1000; j++) sizes.push((BigInt(Math.floor(random() * 2 ** 31)) << 32n) | BigInt(Math.floor(random() * 2 ** 32)));
  return sizes;
}

function heapGame(name: string, args: string[]): Game {
  return {
    name,
    args,
    shape: 'heap',
    queries() {
      const x = analyseSync({ game: args[0] === '--preset' ? presetGame(args[1]!) : args[0] === '--moves' ? { rule: { kind: 'subtraction', moves: args[1]!.split(',').map(Number) } } : args[0] === '--all-but' ? { rule: { kind: 'all-but', excluded: args[1]!.split(',').map(Number) } } : presetGame('nim') }) as Exploration;
      const sizes = heapSizes();
      return { input: sizes.map(String), expected: sizes.map((n) => `${x.valueAt(n)} ${x.valueAt(n) === 0n ? 1 : 0}`) };
    },
  };
}

/** The winning move the emitted code names: fewest tokens taken, then the smaller first pile left. */
function fewestTaken(x: bigint, y: bigint): readonly [bigint, bigint] | null {
  const moves = wythoffWinningMoves(x, y);
  let best: readonly [bigint, bigint] | null = null;
  for (const m of moves) {
    const taken = (t: readonly [bigint, bigint]) => x - t[0] + y - t[1];
    if (best === null || taken(m) < taken(best) || (taken(m) === taken(best) && m[0] < best[0])) best = m;
  }
  return best;
}

const wythoff: Game = {
  name: 'wythoff',
  args: ['--preset', 'wythoff'],
  shape: 'wythoff',
  queries() {
    const random = mulberry32(1907);
    const pairs: [bigint, bigint][] = [];
    for (let x = 0n; x < 60n; x++) for (let y = 0n; y < 60n; y++) pairs.push([x, y]);
    for (let i = 0; i < 1200; i++) pairs.push([BigInt(Math.floor(random() * 5000)), BigInt(Math.floor(random() * 5000))]);
    // P-positions near 10^18 and near 2^63 - 1 (b_k <= 2^63 - 1), each with neighbours; and random large piles.
    for (const k of [E18 / 2n, 6n * 10n ** 17n, TWO62 / 2n, MAX63 / 3n, 3_524_578_000_000_000_000n]) {
      for (let j = 0n; j < 150n; j++) {
        const [a, b] = wythoffPair(k + j);
        if (b > MAX63) continue;
        pairs.push([a, b], [b, a], [a + 1n, b], [a, b + 1n], [b, a + 3n], [a + j, b + 2n * j]);
      }
    }
    for (let i = 0; i < 600; i++) {
      const x = E18 - BigInt(Math.floor(random() * 1e6));
      pairs.push([x, E18 - BigInt(Math.floor(random() * 1e6))], [x, MAX63 - BigInt(i)], [MAX63 - BigInt(i), BigInt(Math.floor(random() * 1e9))]);
    }
    const input = pairs.slice(0, 10_000).map(([x, y]) => `${x} ${y}`);
    const expected = pairs.slice(0, 10_000).map(([x, y]) => {
      const move = fewestTaken(x, y);
      return `${isWythoffP(x, y) ? 1 : 0} ${move ? `${move[0]} ${move[1]}` : '-1 -1'}`;
    });
    return { input, expected };
  },
};

function cappedGame(k: number): Game {
  return {
    name: k === 2 ? 'fibonacci-nim' : `fibonacci-nim:${k}`,
    args: ['--preset', k === 2 ? 'fibonacci-nim' : `fibonacci-nim:${k}`],
    shape: 'capped',
    queries() {
      const random = mulberry32(1963 + k);
      const states: [bigint, bigint][] = [];
      for (let n = 0n; n < 60n; n++) for (let c = 0n; c <= n + 1n; c++) states.push([n, c]);
      const h = losingHeaps(BigInt(k), MAX63).filter((v) => v <= MAX63);
      for (const v of h.slice(-40)) for (const d of [-2n, -1n, 0n, 1n, 2n]) if (v + d <= MAX63) states.push([v + d, v + d - 1n], [v + d, BigInt(Math.floor(random() * 1e6))]);
      while (states.length < 10_000) {
        const n = [E18 - BigInt(Math.floor(random() * 1e6)), TWO62 + BigInt(Math.floor(random() * 1e6)), MAX63 - BigInt(Math.floor(random() * 1e6)), BigInt(Math.floor(random() * 1e6))][states.length % 4]!;
        // Caps: small, near the smallest part, or the whole heap.
        const cap = [BigInt(Math.floor(random() * 100)), n - 1n, BigInt(Math.floor(random() * 2 ** 40)), n / 3n][Math.floor(random() * 4)]!;
        states.push([n, cap < 0n ? 0n : cap]);
      }
      const input = states.map(([n, c]) => `${n} ${c}`);
      const expected = states.map(([n, c]) => `${isCappedNimP(k, n, n === 0n ? 0n : n - 1n) ? 1 : 0} ${isCappedNimP(k, n, c) ? 1 : 0} ${cappedNimWinningTakes(k, n, c)[0] ?? 0n}`);
      return { input, expected };
    },
  };
}

/** ⌊(A + B√d)/den⌋ for A = k·ka + ca, B = k·kb + cb: a Beatty term, exactly. */
function beattyAt(k: bigint, [ka, ca, kb, cb, d, den]: readonly bigint[]): bigint {
  const a = k * ka + ca;
  const b = k * kb + cb;
  const r = integerSqrt(b * b * d);
  const num = a + (b >= 0n ? r : -r - 1n);
  return num >= 0n ? num / den : -((-num + den - 1n) / den);
}

/** ⌊k·√2/2⌋: A = 0, B = k, d = 2, den = 2. */
const ROOT_HALF = [0n, 0n, 1n, 0n, 2n, 2n] as const;

/**
 * A two-pile game with an observed law (b_k = a_k + c·k, a_k Beatty), emitted with --use-observed: the P-positions of
 * the table (x, y < 90) from the game itself, and pairs near 10^18 from the law (so every language's arithmetic is checked).
 */
function pairLawGame(vectors: string, rule: { dx: number; dy: number; cap: number | null }[], pair: (k: bigint) => readonly [bigint, bigint], isP: (x: bigint, y: bigint) => boolean): Game {
  return {
    name: `vectors ${vectors} (observed law)`,
    args: ['--vectors', vectors, '--max', '300', '--use-observed'],
    shape: 'pair-law',
    queries() {
      const grid = analyseSync({ game: { rule: { kind: 'vectors', vectors: rule } }, max: 300n }) as GridExploration;
      const input: string[] = [];
      const expected: string[] = [];
      for (let x = 0; x < 90; x++) for (let y = 0; y < 90; y++) input.push(`${x} ${y}`), expected.push(grid.value(x, y) === 0 ? '1' : '0');
      for (let k = 7n * 10n ** 17n; input.length < 10_000; k += 1n) {
        const [ak, bk] = pair(k);
        for (const [x, y] of [[ak, bk], [bk, ak], [ak, bk + 1n], [ak + 1n, bk], [ak, ak], [bk, bk]] as const) {
          input.push(`${x} ${y}`);
          expected.push(isP(x, y) ? '1' : '0');
        }
      }
      return { input, expected };
    },
  };
}

/** One-more (take at most one more than the last): its start P-positions double from a(6) on (observed). */
const oneMore: Game = {
  name: 'one-more (observed law)',
  args: ['--preset', 'one-more', '--max', '3000', '--use-observed'],
  shape: 'start-law',
  queries() {
    const x = analyseSync({ game: presetGame('one-more'), max: 3000n }) as CappedHeapExploration;
    const terms = x.pPositions.map(BigInt);
    while (terms[terms.length - 1]! * 2n <= MAX63) terms.push(terms[terms.length - 1]! * 2n);
    const lost = new Set(terms);
    const sizes: bigint[] = [];
    for (let n = 0n; n <= 3000n; n++) sizes.push(n);
    for (const t of terms) for (let d = -3n; d <= 3n; d++) if (t + d >= 0n && t + d <= MAX63) sizes.push(t + d);
    const random = mulberry32(3);
    while (sizes.length < 10_000) sizes.push(E18 - BigInt(Math.floor(random() * 1e9)));
    return {
      input: sizes.map(String),
      expected: sizes.map((n) => (n <= 3000n ? (x.starts[Number(n)] === 0 ? '1' : '0') : lost.has(n) ? '1' : '0')),
    };
  },
};

const GAMES: readonly Game[] = [
  heapGame('moves 1,2,3', ['--moves', '1,2,3']),
  heapGame('moves 1,3,4', ['--moves', '1,3,4']),
  heapGame('moves 2,5,7', ['--moves', '2,5,7']),
  heapGame('moves 1..11 (two-digit values)', ['--moves', '1,2,3,4,5,6,7,8,9,10,11']),
  heapGame('all-but 2,3,7 (saltus 2)', ['--all-but', '2,3,7']),
  heapGame('kayles 0.77', ['--preset', 'kayles']),
  heapGame('bash:1000', ['--preset', 'bash:1000']),
  heapGame('nim', ['--preset', 'nim']),
  heapGame('divisor (a theorem with no period)', ['--preset', 'divisor']),
  wythoff,
  cappedGame(2),
  cappedGame(3),
  // a_k = ⌊k√2/2⌋ (A = 0, B = k, d = 2, den = 2), b_k = a_k + k; only (0, 0) on the diagonal.
  pairLawGame('(2,0) (0,2) (1,1)', [{ dx: 2, dy: 0, cap: null }, { dx: 0, dy: 2, cap: null }, { dx: 1, dy: 1, cap: null }], (k) => {
    const a = beattyAt(k, ROOT_HALF);
    return [a, a + k];
  }, (x, y) => {
    if (x === y) return x === 0n;
    if (x > y) [x, y] = [y, x];
    return beattyAt(y - x, ROOT_HALF) === x;
  }),
  // a_k = 3k - 2, b_k = 3k - 1 (each its own law: no b_k - a_k = c·k); (3j, 3j) on the diagonal.
  pairLawGame('(1,0) (0,1) (1,1)x2', [{ dx: 1, dy: 0, cap: null }, { dx: 0, dy: 1, cap: null }, { dx: 1, dy: 1, cap: 2 }], (k) => [3n * k - 2n, 3n * k - 1n], (x, y) => {
    if (x === y) return x % 3n === 0n;
    if (x > y) [x, y] = [y, x];
    return x % 3n === 1n && y === x + 1n;
  }),
  // a_k = 4k - 2, b_k = 4k - 1; on the diagonal x ≡ 0, 1 (mod 4), a cycle past the table's list (the law's diagonal goes on).
  pairLawGame('(1,0) (0,1) (2,2)x1', [{ dx: 1, dy: 0, cap: null }, { dx: 0, dy: 1, cap: null }, { dx: 2, dy: 2, cap: 1 }], (k) => [4n * k - 2n, 4n * k - 1n], (x, y) => {
    if (x === y) return x % 4n <= 1n;
    if (x > y) [x, y] = [y, x];
    return x % 4n === 2n && y === x + 1n;
  }),
  oneMore,
];

/** The driver each language's program ends with: read the queries, print one answer a line. */
function driver(language: Language, shape: Shape): string {
  const c = language === 'c' || language === 'cpp';
  if (shape === 'pair-law' || shape === 'start-law') return lawDriver(language, shape);
  if (c) {
    const head = '#include <stdio.h>\n';
    if (shape === 'heap') return `${head}int main(void) {\n    unsigned long long n;\n    while (scanf("%llu", &n) == 1) printf("%llu %d\\n", (unsigned long long)grundy(n), is_p(n) ? 1 : 0);\n    return 0;\n}\n`;
    if (shape === 'capped') return `${head}int main(void) {\n    long long n, c;\n    while (scanf("%lld %lld", &n, &c) == 2) printf("%d %d %lld\\n", is_p(n) ? 1 : 0, is_p_state(n, c) ? 1 : 0, winning_take(n, c));\n    return 0;\n}\n`;
    const move = language === 'c' ? 'long long a = -1, b = -1;\n        winning_move(x, y, &a, &b);' : 'std::pair<long long, long long> m = winning_move(x, y);\n        long long a = m.first, b = m.second;';
    return `${head}int main(void) {\n    long long x, y;\n    while (scanf("%lld %lld", &x, &y) == 2) {\n        ${move}\n        printf("%d %lld %lld\\n", is_p(x, y) ? 1 : 0, a, b);\n    }\n    return 0;\n}\n`;
  }
  if (language === 'python') {
    const read = 'import sys\nout = []\nfor line in sys.stdin.read().split("\\n"):\n    if not line:\n        continue\n    q = [int(w) for w in line.split()]\n';
    if (shape === 'heap') return `${read}    out.append(f"{grundy(q[0])} {1 if is_p(q[0]) else 0}")\nprint("\\n".join(out))\n`;
    if (shape === 'capped') return `${read}    out.append(f"{1 if is_p(q[0]) else 0} {1 if is_p_state(q[0], q[1]) else 0} {winning_take(q[0], q[1])}")\nprint("\\n".join(out))\n`;
    return `${read}    m = winning_move(q[0], q[1]) or (-1, -1)\n    out.append(f"{1 if is_p(q[0], q[1]) else 0} {m[0]} {m[1]}")\nprint("\\n".join(out))\n`;
  }
  if (language === 'javascript') {
    const read = 'const lines = require("fs").readFileSync(0, "utf8").split("\\n").filter(Boolean);\nconst out = [];\nfor (const line of lines) {\n  const q = line.split(" ");\n';
    if (shape === 'heap') return `${read}  out.push(\`\${grundy(q[0])} \${isP(BigInt(q[0])) ? 1 : 0}\`);\n}\nconsole.log(out.join("\\n"));\n`;
    if (shape === 'capped') return `${read}  out.push(\`\${isP(q[0]) ? 1 : 0} \${isPState(q[0], q[1]) ? 1 : 0} \${winningTake(q[0], q[1])}\`);\n}\nconsole.log(out.join("\\n"));\n`;
    return `${read}  const m = winningMove(q[0], q[1]) ?? [-1, -1];\n  out.push(\`\${isP(q[0], q[1]) ? 1 : 0} \${m[0]} \${m[1]}\`);\n}\nconsole.log(out.join("\\n"));\n`;
  }
  const read =
    'public class Main {\n    public static void main(String[] args) throws java.io.IOException {\n        java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(System.in));\n        StringBuilder out = new StringBuilder();\n        for (String line = in.readLine(); line != null; line = in.readLine()) {\n            if (line.isEmpty()) continue;\n            String[] q = line.split(" ");\n            long a = Long.parseLong(q[0]);\n';
  const end = '        }\n        System.out.print(out);\n    }\n}\n';
  if (shape === 'heap') return `${read}            out.append(SG.grundy(a)).append(' ').append(SG.isP(a) ? 1 : 0).append('\\n');\n${end}`;
  if (shape === 'capped') return `${read}            long c = Long.parseLong(q[1]);\n            out.append(SG.isP(a) ? 1 : 0).append(' ').append(SG.isPState(a, c) ? 1 : 0).append(' ').append(SG.winningTake(a, c)).append('\\n');\n${end}`;
  return `${read}            long b = Long.parseLong(q[1]);\n            long[] m = SG.winningMove(a, b);\n            out.append(SG.isP(a, b) ? 1 : 0).append(' ').append(m == null ? -1 : m[0]).append(' ').append(m == null ? -1 : m[1]).append('\\n');\n${end}`;
}

/** Drivers of an observed law's is_p: one query a line (n, or x y), answering 1 or 0 (C: -1 when undecided). */
function lawDriver(language: Language, shape: 'pair-law' | 'start-law'): string {
  const pair = shape === 'pair-law';
  switch (language) {
    case 'c':
    case 'cpp':
      return pair
        ? '#include <stdio.h>\nint main(void) {\n    long long x, y;\n    while (scanf("%lld %lld", &x, &y) == 2) printf("%d\\n", is_p(x, y));\n    return 0;\n}\n'
        : '#include <stdio.h>\nint main(void) {\n    long long n;\n    while (scanf("%lld", &n) == 1) printf("%d\\n", is_p(n));\n    return 0;\n}\n';
    case 'python':
      return `import sys\nprint("\\n".join(str(int(is_p(*map(int, line.split())))) for line in sys.stdin.read().split("\\n") if line))\n`;
    case 'javascript':
      return `console.log(require("fs").readFileSync(0, "utf8").split("\\n").filter(Boolean).map((line) => (isP(...line.split(" ")) ? 1 : 0)).join("\\n"));\n`;
    case 'java':
      return `public class Main {\n    public static void main(String[] args) throws java.io.IOException {\n        java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(System.in));\n        StringBuilder out = new StringBuilder();\n        for (String line = in.readLine(); line != null; line = in.readLine()) {\n            if (line.isEmpty()) continue;\n            String[] q = line.split(" ");\n            out.append(SG.isP(${pair ? 'Long.parseLong(q[0]), Long.parseLong(q[1])' : 'Long.parseLong(q[0])'}) ? 1 : 0).append('\\n');\n        }\n        System.out.print(out);\n    }\n}\n`;
  }
}

const EXTENSIONS: Record<Language, string> = { c: 'c', cpp: 'cpp', python: 'py', javascript: 'js', java: 'java' };

interface Built {
  /** How to run game i's program (command and arguments), or why it could not be built. */
  command: (i: number) => [string, string[]];
}

/** Each game's source in `language`, from the CLI (as a user gets it), with its driver; compiled where the language compiles. */
async function build(language: Language, sources: (string | null)[]): Promise<Built> {
  const dir = scratch.fresh(language);
  const files = sources.flatMap((source, i) => {
    if (source === null) return [];
    if (language === 'java') {
      const folder = join(dir, `g${i}`);
      mkdirSync(folder);
      const file = join(folder, 'Main.java');
      writeFileSync(file, `package g${i};\n\n${source}\n${driver(language, GAMES[i]!.shape)}`);
      return [{ i, file }];
    }
    const file = join(dir, `game${i}.${EXTENSIONS[language]}`);
    writeFileSync(file, `${source}\n${driver(language, GAMES[i]!.shape)}`);
    return [{ i, file }];
  });
  if (language === 'c' || language === 'cpp') {
    const compiler = language === 'c' ? 'gcc' : 'g++';
    const flags = language === 'c' ? ['-std=c99', '-O1', '-Wall', '-Werror', '-Wno-unused-function'] : ['-std=c++11', '-O1', '-Wall', '-Werror', '-Wno-unused-function'];
    // Two compilers at a time: the machine has two cores.
    for (let k = 0; k < files.length; k += 2) {
      await Promise.all(files.slice(k, k + 2).map(({ i, file }) => run(compiler, [...flags, '-o', join(dir, `game${i}`), file])));
    }
    return { command: (i) => [join(dir, `game${i}`), []] };
  }
  if (language === 'java') {
    await run('javac', ['-encoding', 'US-ASCII', '-d', join(dir, 'classes'), ...files.map(({ file }) => file)], { maxBuffer: 1 << 24 });
    return { command: (i) => ['java', ['-cp', join(dir, 'classes'), `g${i}.Main`]] };
  }
  return { command: (i) => [language === 'python' ? 'python3' : 'node', [files.find((f) => f.i === i)!.file]] };
}

/** Each game's queries and answers, computed once for every language. */
const queryCache = new Map<number, { input: string[]; expected: string[] }>();
function queriesOf(i: number): { input: string[]; expected: string[] } {
  if (!queryCache.has(i)) queryCache.set(i, GAMES[i]!.queries());
  return queryCache.get(i)!;
}

const sourceOf = new Map<string, string>();
async function emitted(game: Game, language: Language): Promise<string> {
  const key = `${game.name} ${language}`;
  if (!sourceOf.has(key)) {
    const result = await runMain([...game.args, '--emit', language]);
    expect(result.code, result.stderr).toBe(0);
    sourceOf.set(key, result.stdout);
  }
  return sourceOf.get(key)!;
}

/**
 * A compiled language's quick run builds one game of each shape (C and C++ compile a program a game: 16 of them took
 * 50 s at load 20); [long] builds and checks the others. Python and JavaScript run every game in the quick run.
 */
const QUICK_GAMES = new Set(Array.from(new Set(GAMES.map((game) => game.shape)), (shape) => GAMES.findIndex((game) => game.shape === shape)));
const COMPILED: readonly Language[] = ['c', 'cpp', 'java'];

describe.each(LANGUAGES)('--emit %s, compiled and run', (language) => {
  const absent = MISSING[language];
  const built: { value?: Built } = {};
  const quick = (i: number) => !COMPILED.includes(language) || QUICK_GAMES.has(i);
  beforeAll(async () => {
    if (absent.length) return;
    const sources = [];
    for (const [i, game] of GAMES.entries()) sources.push(LONG_TESTS || quick(i) ? await emitted(game, language) : null);
    built.value = await build(language, sources);
  }, 120_000);

  if (absent.length) {
    // Visible in the report: which tool is missing (.ci/run installs a JDK where apt can).
    it.skip(`${language}: skipped, ${absent.join(' and ')} not found on PATH`, () => {});
    return;
  }

  const agrees = async (_name: string, i: number) => {
    const { input, expected } = queriesOf(i);
    const [command, args] = built.value!.command(i);
    const child = spawnSync(command, args, { input: input.join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 26 });
    expect(child.status, child.stderr).toBe(0);
    const got = child.stdout.trim().split('\n');
    expect(got.length).toBe(expected.length);
    const wrong = got.findIndex((line, j) => line.trim() !== expected[j]);
    expect(wrong === -1 ? null : `query ${input[wrong]}: got ${got[wrong]}, expected ${expected[wrong]}`).toBeNull();
  };
  const games = GAMES.map((game, i) => [game.name, i] as const);
  it.each(games.filter(([, i]) => quick(i)))('%s: 10^4 answers agree with sg-explore', agrees, 60_000);
  longTest.each(games.filter(([, i]) => !quick(i)))('%s: 10^4 answers agree with sg-explore [long]', agrees, 60_000);
});

describe('--emit: what it writes and what it refuses', () => {
  it('a header with the rule, the command and the proof; no floating point in Wythoff', async () => {
    const kayles = await runMain(['--preset', 'kayles', '--emit', 'python']);
    expect(kayles.stdout).toMatch(/^# game: kayles \(octal 0\.77\)$/m);
    expect(kayles.stdout).toMatch(/^# made by: sg-explore --preset kayles --emit python$/m);
    expect(kayles.stdout).toMatch(/^# proven: guy-smith \(.*\): period 12 from n = 71$/m);
    const w = await runMain(['--preset', 'wythoff', '--emit', 'c']);
    expect(w.stdout).toMatch(/proven: Wythoff \(1907\)/);
    expect(w.stdout).not.toMatch(/\bdouble\b|\bfloat\b|sqrt\(/);
    const f = await runMain(['--preset', 'fibonacci-nim:3', '--emit', 'js']);
    expect(f.stdout).toMatch(/proven: Schwenk \(1970\)/);
    expect(f.stdout).toMatch(/^function isPState\(n, cap\)/m);
    const fib = await runMain(['--preset', 'fibonacci-nim', '--emit', 'java']);
    expect(fib.stdout).toMatch(/proven: Whinihan \(1963\)/);
    const bash = await runMain(['--preset', 'bash:1000', '--emit', 'cpp']);
    expect(bash.stdout).toMatch(/proven: Bachet \(1612\): taking 1 to 1000 tokens, G\(n\) = n mod 1001/);
    expect(bash.stdout).toContain('return n % 1001ULL;');
  });

  it('an observed period only with --use-observed, and then marked NOT proven', async () => {
    const refused = await runMain(['--code', '0.3F', '--emit', 'c']);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/only observed over heaps 0\.\.\d+, not proven .*--use-observed/);
    const written = await runMain(['--code', '0.3F', '--emit', 'python', '--use-observed']);
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toMatch(/^# observed: period 6, saltus 3 from n = 0, over heaps 0\.\.\d+: NOT proven/m);
    // The code gives the values it was observed on.
    const x = analyseSync({ game: { rule: { kind: 'take-and-break', code: { digits: [0, 3, 15], unequal: [false, false, false] } } } }) as Exploration;
    const dir = scratch.fresh('observed');
    const file = join(dir, 'observed.py');
    writeFileSync(file, `${written.stdout}\nprint(" ".join(str(grundy(n)) for n in range(${x.computed})))\n`);
    if (MISSING.python.length === 0) {
      const out = spawnSync('python3', [file], { encoding: 'utf8' });
      expect(out.stdout.trim()).toBe(Array.from(x.values.subarray(0, x.computed)).join(' '));
    }
  });

  it('observed laws of two piles and of heaps with memory: refused without --use-observed, saying why', async () => {
    const pair = await runMain(['--vectors', '(2,0) (0,2) (1,1)', '--max', '100', '--emit', 'c']);
    expect(pair.code).toBe(2);
    expect(pair.stderr).toMatch(/^sg-explore: --emit: the law of the P-positions \(P-positions \(a_k, b_k\) .*\) is only observed, not proven; --use-observed writes it all the same, marked NOT proven\n$/);
    const start = await runMain(['--preset', 'one-more', '--max', '3000', '--emit', 'java']);
    expect(start.code).toBe(2);
    expect(start.stderr).toMatch(/^sg-explore: --emit: the law of the start P-positions \(a\(k\) = 2·a\(k−1\) for k ≥ 6, over heaps 0\.\.3000\) is only observed/);
    const written = await runMain(['--preset', 'one-more', '--max', '3000', '--emit', 'java', '--use-observed']);
    expect(written.stdout).toMatch(/^\/\/ observed: the start P-positions follow a\(k\) = 2\*a\(k-1\) for k >= 6 .*NOT proven/m);
  });

  it('--out FILE writes the code there; a usage error with --position, --misere, --at, --format', async () => {
    const dir = scratch.fresh('out');
    const file = join(dir, 'kayles.c');
    const written = await runMain(['--preset', 'kayles', '--emit', 'c', '--out', file]);
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toBe('');
    expect(readFileSync(file, 'utf8')).toMatch(/^unsigned long long grundy\(unsigned long long n\) \{$/m);
    for (const extra of [['--position', '3', '4'], ['--misere'], ['--at', '5'], ['--format', 'json']]) {
      const refused = await runMain(['--preset', 'kayles', '--emit', 'c', ...extra]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(new RegExp(`^sg-explore: --emit writes .*${extra[0]} does not apply`));
    }
    const unknown = await runMain(['--preset', 'kayles', '--emit', 'rust']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--emit rust: not a language --emit writes \(c, cpp, python, javascript, java; js for javascript\)/);
  });

  it('refuses what would be absurd, in one line: Fibonacci Nim with factor 10^6 (tens of millions of losing heaps)', async () => {
    const refused = await runMain(['--preset', 'fibonacci-nim:1000000', '--emit', 'c']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^sg-explore: --emit: factor 1000000 has more than 50,000 losing heaps below 2\^63/);
  });
});

/** A table model built by hand: its values, the bounds its types must hold (as modelOf works them out). */
function tableModel(preperiod: number, period: number, saltus: bigint, values: bigint[]): EmitModel {
  const largest = values.reduce((m, v) => (v > m ? v : m), 0n);
  const bound = (n: bigint) => largest + ((n - BigInt(preperiod)) / BigInt(period)) * saltus;
  return {
    kind: 'heap-cycle',
    header: { rule: 'a table made by the test', command: null, grounds: ['observed: made up: NOT proven'] },
    preperiod,
    period,
    saltus,
    values,
    largestUnsigned: bound((1n << 64n) - 1n),
    largestSigned: bound((1n << 63n) - 1n),
  };
}

describe('--emit: long tables and values past 64 bits', () => {
  const random = mulberry32(106);
  // 0.106's period is 328,226 values: the same length, two digits a value.
  const long = tableModel(1000, 328_226, 0n, Array.from({ length: 329_226 }, () => BigInt(Math.floor(random() * 100))));
  // A saltus larger than the period: G(2^64 - 1) passes 64 bits (unsigned __int128 in C, BigInteger in Java).
  const wide = tableModel(0, 1, 3n, [0n]);
  const expect128 = (n: bigint) => 3n * n;
  const valueOfLong = (n: bigint) => (n < 1000n ? long.kind === 'heap-cycle' && long.values[Number(n)]! : long.kind === 'heap-cycle' && long.values[1000 + Number((n - 1000n) % 328_226n)]!);
  const sizes = [0n, 999n, 1000n, 329_225n, 329_226n, 10n ** 18n, (1n << 63n) - 1n, 123_456_789_012n];

  it.skipIf(MISSING.c.length > 0)('C: a 328,226-value period as a string of digits, and an unsigned __int128 value', async () => {
    const dir = scratch.fresh('c-long');
    const print = 'static void print128(unsigned __int128 v) {\n    char b[50];\n    int i = 49;\n    b[i] = 0;\n    do { b[--i] = (char)(\'0\' + (int)(v % 10)); v /= 10; } while (v);\n    puts(b + i);\n}\n';
    const main = (type: string) => `#include <stdio.h>\n${type === 'wide' ? print : ''}int main(void) {\n    unsigned long long n;\n    while (scanf("%llu", &n) == 1) ${type === 'wide' ? 'print128(grundy(n));' : 'printf("%llu\\n", grundy(n));'}\n    return 0;\n}\n`;
    const longSource = renderModel(long, 'c');
    expect(longSource.length).toBeLessThan(800_000);
    writeFileSync(join(dir, 'long.c'), `${longSource}\n${main('long')}`);
    const wideSource = renderModel(wide, 'c');
    expect(wideSource).toMatch(/^unsigned __int128 grundy\(unsigned long long n\)/m);
    writeFileSync(join(dir, 'wide.c'), `${wideSource}\n${main('wide')}`);
    await Promise.all(['long', 'wide'].map((name) => run('gcc', ['-std=c99', '-O1', '-Wall', '-Werror', '-Wno-unused-function', '-o', join(dir, name), join(dir, `${name}.c`)])));
    const longRun = spawnSync(join(dir, 'long'), { input: sizes.join('\n') + '\n', encoding: 'utf8' });
    expect(longRun.stdout.trim().split('\n')).toEqual(sizes.map((n) => String(valueOfLong(n))));
    const wideSizes = [0n, 5n, (1n << 63n) - 1n, (1n << 64n) - 1n];
    const wideRun = spawnSync(join(dir, 'wide'), { input: wideSizes.join('\n') + '\n', encoding: 'utf8' });
    expect(wideRun.stdout.trim().split('\n')).toEqual(wideSizes.map((n) => String(expect128(n))));
  }, 60_000);

  // javac and two JVM starts: 16 s of a loaded npm test (emit-program's quick run compiles one Java program).
  longTest('Java: the long table in pieces a class file holds, and a BigInteger value [long]', async (context) => {
    if (MISSING.java.length > 0) return context.skip();
    const dir = scratch.fresh('java-long');
    const longSource = renderModel(long, 'java');
    // Every string constant (each append's folded literal) stays under 65,535 bytes.
    for (const block of longSource.split('b.append(').slice(1)) {
      const literal = block.slice(0, block.indexOf(');')).replace(/"\s*\+\s*"/g, '').replace(/\s|"/g, '');
      expect(literal.length).toBeLessThanOrEqual(60_000);
    }
    const wideSource = renderModel(wide, 'java');
    expect(wideSource).toContain('static java.math.BigInteger grundy(long n)');
    const main = 'public class Main {\n    public static void main(String[] args) throws java.io.IOException {\n        java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(System.in));\n        for (String line = in.readLine(); line != null; line = in.readLine()) if (!line.isEmpty()) System.out.println(SG.grundy(Long.parseLong(line)));\n    }\n}\n';
    for (const [name, source] of [['longtable', longSource], ['widevalue', wideSource]] as const) {
      mkdirSync(join(dir, name));
      writeFileSync(join(dir, name, 'Main.java'), `package ${name};\n\n${source}\n${main}`);
    }
    await run('javac', ['-encoding', 'US-ASCII', '-d', join(dir, 'classes'), join(dir, 'longtable', 'Main.java'), join(dir, 'widevalue', 'Main.java')], { maxBuffer: 1 << 24 });
    const longRun = spawnSync('java', ['-cp', join(dir, 'classes'), 'longtable.Main'], { input: sizes.join('\n') + '\n', encoding: 'utf8' });
    expect(longRun.stdout.trim().split('\n')).toEqual(sizes.map((n) => String(valueOfLong(n))));
    const wideSizes = [0n, 5n, (1n << 63n) - 1n];
    const wideRun = spawnSync('java', ['-cp', join(dir, 'classes'), 'widevalue.Main'], { input: wideSizes.join('\n') + '\n', encoding: 'utf8' });
    expect(wideRun.stdout.trim().split('\n')).toEqual(wideSizes.map((n) => String(expect128(n))));
  }, 60_000);
});
