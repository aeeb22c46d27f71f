/**
 * The functions of a program whose cases each give their own rule (--moves
 * -): grundy(n) reads the case's values, which the program's main fills
 * (from the case's set) before it answers the case's positions: up to the
 * case's largest heap, or until the values are seen to repeat, whichever
 * comes first. Past the table, grundy(n) reads the period.
 *
 * Why a repeat proves the period (Winning Ways, Berlekamp, Conway and Guy
 * 1982, ch. 4; docs/kernels.md#what-proven-means): with a finite set S and
 * k = max S, G(n) depends only on the k values before it, so once a window
 * of k consecutive values recurs, every value after it recurs with the same
 * period. The windows are compared as sg-explore's own window-repetition
 * proof compares them (src/core/laws/window-repetition.ts): Brent's cycle
 * finding with a rolling hash mod 2^32, a hash match confirmed value by value.
 */
import type { EmitLanguage } from './models.js';
import { comment } from './source.js';
import { MOST_CASE_HEAP } from './program.js';

const NOTE = [
  'Sprague-Grundy values of a subtraction game whose set each case gives, written by sg-explore --emit --program',
  "ground: for each case, G(n) = mex of G(n - s) over the case's moves s <= n, computed up to its largest heap or until a window of",
  'k = max S consecutive values recurs, whichever comes first: G(n) depends only on the k values before it, so from the window',
  "that recurs the values repeat with the distance between the two as period (Winning Ways, ch. 4), and heaps past the table are",
  `read through that period (a heap past ${MOST_CASE_HEAP} in a case whose values have not repeated by then is refused)`,
];

/** What the programs say when a case's values do not repeat within the most they tabulate. */
export const TOO_FAR = `a heap is ${MOST_CASE_HEAP} or more, and this case's values do not repeat within the first ${MOST_CASE_HEAP} (G is computed per case up to its largest heap or its period)`;

/** The rolling hash's base (as window-repetition.ts's). */
const BASE = '0x9e3779b1';

/** grundy(n) over the case's table and period, in `language`. */
export function caseRuleFunctions(language: EmitLanguage): string {
  switch (language) {
    case 'c':
    case 'cpp':
      return `${comment(NOTE, '//')}
/* G(n) for this case: SG_G[n] for n < SG_N (fill() computes them); past them, G(n + SG_PERIOD) = G(n) for n >= SG_PRE. */
static unsigned *SG_G;
static unsigned long long SG_N, SG_PRE, SG_PERIOD;

unsigned long long grundy(unsigned long long n) { return SG_G[n < SG_N ? n : SG_PRE + (n - SG_PRE) % SG_PERIOD]; }
`;
    case 'python':
      return `${comment(NOTE, '#')}
# G(n) for this case: SG_G[n] for n < len(SG_G) (fill() computes them); past them, G(n + SG_PERIOD) = G(n) for n >= SG_PRE.
SG_G = []
SG_PRE = SG_PERIOD = 0


def grundy(n):
    return SG_G[n] if n < len(SG_G) else SG_G[SG_PRE + (n - SG_PRE) % SG_PERIOD]
`;
    case 'javascript':
      return `${comment(NOTE, '//')}
/** G(n) for this case: SG_G[n] for n < SG_N (fill() computes them); past them, G(n + SG_PERIOD) = G(n) for n >= SG_PRE. */
let SG_G = new Uint32Array(0), SG_N = 0n, SG_PRE = 0n, SG_PERIOD = 0n;

function grundy(n) {
  return BigInt(SG_G[Number(n < SG_N ? n : SG_PRE + ((n - SG_PRE) % SG_PERIOD))]);
}
`;
    case 'java':
      return `${comment(NOTE, '//')}
final class SG {
    /** G(n) for this case: G[n] for n < N (Main.fill computes them); past them, G(n + PERIOD) = G(n) for n >= PRE. */
    static int[] G = new int[0];
    static long N, PRE, PERIOD;

    static long grundy(long n) {
        return G[(int) (n < N ? n : PRE + (n - PRE) % PERIOD)];
    }
}
`;
  }
}

/** Python's reading of a case's set and its values (TAKES and the SG_ names are the module's). */
export const PYTHON_CASE_TABLE = `def read_rule(number):
    global TAKES
    k = number()
    TAKES = sorted(set(number() for _ in range(k)))
    if not TAKES:
        sys.exit("a rule with no moves")
    if TAKES[0] == 0:
        sys.exit("a move takes 0 tokens")


def fill(largest):
    """G(0..) of this case's set, up to its largest heap or until a window of k = max S values recurs (Brent's walk over the windows)."""
    global SG_G, SG_PRE, SG_PERIOD
    k, mask, base = TAKES[-1], 0xFFFFFFFF, ${BASE}
    g = SG_G = []
    SG_PERIOD = 0
    n = 0
    while n <= largest:
        if n >= ${MOST_CASE_HEAP}:
            sys.exit("${TOO_FAR}")
        seen = {g[n - t] for t in TAKES if t <= n}
        v = 0
        while v in seen:
            v += 1
        g.append(v)
        n += 1
        if n == k:
            h = 0
            for x in g:
                h = (h * base + x) & mask
            power_k, tortoise, hare, hash_t, hash_h, power, lam = pow(base, k, 1 << 32), k, k, h, h, 1, 0
        elif n > k:
            if power == lam:
                tortoise, hash_t, power, lam = hare, hash_h, power * 2, 0
            hash_h = (hash_h * base - g[hare - k] * power_k + g[hare]) & mask
            hare, lam = hare + 1, lam + 1
            if hash_h == hash_t and g[tortoise - k:tortoise] == g[hare - k:hare]:
                SG_PRE, SG_PERIOD = tortoise - k, lam
                return
`;

/** JavaScript's (TAKES is BigInt; the values are a Uint32Array that grows). */
export const JAVASCRIPT_CASE_TABLE = `function readRule(number) {
  const k = Number(number());
  const set = new Set();
  for (let i = 0; i < k; i++) set.add(number());
  TAKES = [...set].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (TAKES.length === 0) die("a rule with no moves");
  if (TAKES[0] === 0n) die("a move takes 0 tokens");
}

/** G(0..) of this case's set, up to its largest heap or until a window of k = max S values recurs (Brent's walk over the windows). */
function fill(largest) {
  const takes = TAKES.map(Number), k = takes[takes.length - 1], seen = new Uint8Array(takes.length + 2), B = ${BASE} | 0;
  let g = new Uint32Array(1024), n = 0, powerK = 1, tortoise = 0, hare = 0, hashT = 0, hashH = 0, power = 1, lambda = 0;
  SG_PERIOD = 0n;
  const same = () => {
    for (let i = 1; i <= k; i++) if (g[tortoise - i] !== g[hare - i]) return false;
    return true;
  };
  for (; BigInt(n) <= largest; ) {
    if (n >= ${MOST_CASE_HEAP}) die("${TOO_FAR}");
    if (n === g.length) {
      const grown = new Uint32Array(2 * n);
      grown.set(g);
      g = grown;
    }
    seen.fill(0);
    for (const t of takes) if (t <= n) seen[g[n - t]] = 1;
    let v = 0;
    while (seen[v]) v++;
    g[n++] = v;
    if (n === k) {
      for (let i = 0; i < k; i++) (hashT = (Math.imul(hashT, B) + g[i]) | 0), (powerK = Math.imul(powerK, B));
      tortoise = hare = k;
      hashH = hashT;
    } else if (n > k) {
      if (power === lambda) (tortoise = hare), (hashT = hashH), (power *= 2), (lambda = 0);
      hashH = (Math.imul(hashH, B) - Math.imul(g[hare - k], powerK) + g[hare]) | 0;
      hare++, lambda++;
      if (hashH === hashT && same()) {
        (SG_PRE = BigInt(tortoise - k)), (SG_PERIOD = BigInt(lambda));
        break;
      }
    }
  }
  SG_G = g;
  SG_N = BigInt(n);
}
`;

/** Java's (TAKES is Main's, the values SG.G). */
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

    /** G(0..) of this case's set, up to its largest heap or until a window of k = max S values recurs (Brent's walk over the windows). */
    static void fill(long largest) {
        long k = TAKES[TAKES.length - 1];
        int[] g = new int[1024];
        boolean[] seen = new boolean[TAKES.length + 2];
        int n = 0, tortoise = 0, hare = 0, hashT = 0, hashH = 0, powerK = 1, power = 1, lambda = 0;
        final int b = ${BASE};
        SG.PERIOD = 0;
        for (; n <= largest; ) {
            if (n >= ${MOST_CASE_HEAP}) die("${TOO_FAR}");
            if (n == g.length) g = java.util.Arrays.copyOf(g, 2 * n);
            java.util.Arrays.fill(seen, false);
            for (long t : TAKES) if (t <= n) seen[g[n - (int) t]] = true;
            int v = 0;
            while (seen[v]) v++;
            g[n++] = v;
            if (n == k) {
                for (int i = 0; i < k; i++) {
                    hashT = hashT * b + g[i];
                    powerK *= b;
                }
                tortoise = hare = n;
                hashH = hashT;
            } else if (n > k) {
                if (power == lambda) {
                    tortoise = hare;
                    hashT = hashH;
                    power *= 2;
                    lambda = 0;
                }
                hashH = hashH * b - g[hare - (int) k] * powerK + g[hare];
                hare++;
                lambda++;
                if (hashH == hashT && java.util.Arrays.equals(g, tortoise - (int) k, tortoise, g, hare - (int) k, hare)) {
                    SG.PRE = tortoise - k;
                    SG.PERIOD = lambda;
                    break;
                }
            }
        }
        SG.G = g;
        SG.N = n;
    }
`;
