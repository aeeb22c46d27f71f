/**
 * The functions of a program whose cases each give their own rule (--moves
 * -): grundy(n) reads the case's table, which the program's main fills
 * (from the case's set, up to the case's largest heap) before it answers
 * the case's positions.
 */
import type { EmitLanguage } from './models.js';
import { comment } from './source.js';
import { MOST_CASE_HEAP } from './program.js';

const NOTE = [
  'Sprague-Grundy values of a subtraction game whose set each case gives, written by sg-explore --emit --program',
  `ground: table: G(n) = mex of G(n - s) over the case's moves s <= n, computed for each case up to its largest heap (at most ${MOST_CASE_HEAP})`,
];

/** grundy(n) over the case's table, in `language`. */
export function caseRuleFunctions(language: EmitLanguage): string {
  switch (language) {
    case 'c':
    case 'cpp':
      return `${comment(NOTE, '//')}\n/* G(n) for this case, 0 <= n <= its largest heap (fill() computes them). */\nstatic unsigned *SG_G;\n\nunsigned long long grundy(unsigned long long n) { return SG_G[n]; }\n`;
    case 'python':
      return `${comment(NOTE, '#')}\n# G(n) for this case, 0 <= n <= its largest heap (fill() computes them).\nSG_G = []\n\n\ndef grundy(n):\n    return SG_G[n]\n`;
    case 'javascript':
      return `${comment(NOTE, '//')}\n/** G(n) for this case, 0 <= n <= its largest heap (fill() computes them). */\nlet SG_G = [];\n\nfunction grundy(n) {\n  return SG_G[Number(n)];\n}\n`;
    case 'java':
      return `${comment(NOTE, '//')}\nfinal class SG {\n    /** G(n) for this case, 0 <= n <= its largest heap (Main.fill computes them). */\n    static long[] G = new long[0];\n\n    static long grundy(long n) {\n        return G[(int) n];\n    }\n}\n`;
  }
}

/** Python's reading of a case's set and its table (TAKES and SG_G are the module's). */
export const PYTHON_CASE_TABLE = `def read_rule(number):
    global TAKES
    k = number()
    TAKES = sorted(set(number() for _ in range(k)))
    if not TAKES:
        sys.exit("a rule with no moves")
    if TAKES[0] == 0:
        sys.exit("a move takes 0 tokens")


def fill(largest):
    global SG_G
    if largest > ${MOST_CASE_HEAP}:
        sys.exit("a heap is larger than ${MOST_CASE_HEAP}, the most this program tabulates (G is computed per case up to its largest heap)")
    g = [0] * (largest + 1)
    for n in range(largest + 1):
        seen = {g[n - t] for t in TAKES if t <= n}
        v = 0
        while v in seen:
            v += 1
        g[n] = v
    SG_G = g
`;

/** JavaScript's (TAKES is BigInt, SG_G holds BigInt values). */
export const JAVASCRIPT_CASE_TABLE = `function readRule(number) {
  const k = Number(number());
  const set = new Set();
  for (let i = 0; i < k; i++) set.add(number());
  TAKES = [...set].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (TAKES.length === 0) die("a rule with no moves");
  if (TAKES[0] === 0n) die("a move takes 0 tokens");
}

function fill(largest) {
  if (largest > ${MOST_CASE_HEAP}n) die("a heap is larger than ${MOST_CASE_HEAP}, the most this program tabulates (G is computed per case up to its largest heap)");
  const size = Number(largest) + 1, takes = TAKES.map(Number), g = new Uint32Array(size), seen = new Uint8Array(takes.length + 2);
  for (let n = 0; n < size; n++) {
    seen.fill(0);
    for (const t of takes) if (t <= n) seen[g[n - t]] = 1;
    let v = 0;
    while (seen[v]) v++;
    g[n] = v;
  }
  SG_G = Array.from(g, BigInt);
}
`;

/** Java's (TAKES is Main's, the table SG.G). */
export const JAVA_CASE_TABLE = `    static void readRule() {
        int k = (int) number();
        java.util.TreeSet<Long> set = new java.util.TreeSet<>();
        for (int i = 0; i < k; i++) set.add(number());
        if (set.isEmpty()) die("a rule with no moves");
        if (set.first() == 0) die("a move takes 0 tokens");
        TAKES = new long[set.size()];
        int i = 0;
        for (long t : set) TAKES[i++] = t;
    }

    static void fill(long largest) {
        if (largest > ${MOST_CASE_HEAP}L) die("a heap is larger than ${MOST_CASE_HEAP}, the most this program tabulates (G is computed per case up to its largest heap)");
        long[] g = new long[(int) largest + 1];
        boolean[] seen = new boolean[TAKES.length + 2];
        for (int n = 0; n <= largest; n++) {
            java.util.Arrays.fill(seen, false);
            for (long t : TAKES) if (t <= n) seen[(int) g[n - (int) t]] = true;
            int v = 0;
            while (seen[v]) v++;
            g[n] = v;
        }
        SG.G = g;
    }
`;
