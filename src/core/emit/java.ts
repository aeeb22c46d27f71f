/**
 * Java: one class, SG, of static methods (paste it beside your Main class;
 * it is package-private). Heaps and piles are long, 0 <= n <= 2^63 - 1; a
 * value that could pass 2^63 - 1 is returned as java.math.BigInteger.
 * Tables are strings built in a static block, in pieces a class file holds
 * (a string constant is at most 65,535 bytes, a method's code 64 KB).
 */
import type { CappedNimModel, HeapCycleModel, LanguageRenderer, ModulusModel, WythoffModel } from './model.js';
import { LARGEST_SIGNED } from './model.js';
import { LINE, comment, cycleFormula, fibonacciUpTo, headerLines, numberLines, pieces, tableDigits, tableNote, tableWidth } from './source.js';

/** Characters of one string constant (each piece is appended in the static block). */
const PIECE = 60_000;

const long = (v: bigint) => `${v}L`;

export const javaRenderer: LanguageRenderer = { heapCycle, modulus, wythoff, cappedNim };

/** A static block that builds `name` from `text`, piece by piece. */
export function builtString(name: string, text: string): string {
  const appends = pieces(text, PIECE).map((piece) => `        b.append(\n${pieces(piece, LINE).map((l) => `            "${l}"`).join(' +\n')});`);
  return `    private static final String ${name};\n    static {\n        StringBuilder b = new StringBuilder(${text.length});\n${appends.join('\n')}\n        ${name} = b.toString();\n    }\n`;
}

/** Whether G(n) can pass a long for a heap up to 2^63 - 1: grundy then returns a BigInteger (and a program sums them as such). */
export function javaBigValues(m: HeapCycleModel): boolean {
  return m.largestSigned > LARGEST_SIGNED;
}

function heapCycle(m: HeapCycleModel): string {
  const width = tableWidth(m.values);
  const wide = javaBigValues(m);
  const notes = [
    cycleFormula(m),
    tableNote(m, width),
    `SG.grundy(n) and SG.isP(n) take 0 <= n <= 2^63 - 1 (long); G(n) is at most ${m.largestSigned}${wide ? ', past a long: grundy returns java.math.BigInteger' : ', so it fits a long (no overflow)'}`,
  ];
  const read = width === 1 ? '        return TABLE.charAt((int) i) - \'0\';' : `        long v = 0;\n        for (int j = 0; j < ${width}; j++) v = v * 10 + (TABLE.charAt((int) i * ${width} + j) - '0');\n        return v;`;
  const grundy = wide
    ? `    static java.math.BigInteger grundy(long n) {\n        if (n < PRE) return java.math.BigInteger.valueOf(table(n));\n        long q = n - PRE;\n        return java.math.BigInteger.valueOf(q / PERIOD).multiply(java.math.BigInteger.valueOf(SALTUS)).add(java.math.BigInteger.valueOf(table(PRE + q % PERIOD)));\n    }\n\n    static boolean isP(long n) {\n        return grundy(n).signum() == 0;\n    }\n`
    : `    static long grundy(long n) {\n${m.limit === undefined ? '' : `        if (n > ${long(m.limit)}) throw new IllegalArgumentException("grundy(" + n + "): past the table, which ends at ${m.limit}");\n`}        if (n < PRE) return table(n);\n        long q = n - PRE;\n        return table(PRE + q % PERIOD)${m.saltus === 0n ? '' : ' + q / PERIOD * SALTUS'};\n    }\n\n    /** Whether a heap of n is a P-position (the player to move loses). */\n    static boolean isP(long n) {\n        return grundy(n) == 0;\n    }\n`;
  return (
    comment(headerLines(m.header, 'Sprague-Grundy values G(n) of one heap, written by sg-explore --emit', notes), '//') +
    `\nfinal class SG {\n${builtString('TABLE', tableDigits(m.values, width))}` +
    `    private static final long PRE = ${long(BigInt(m.preperiod))}, PERIOD = ${long(BigInt(m.period))}, SALTUS = ${long(m.saltus)};\n\n` +
    `    private static long table(long i) {\n${read}\n    }\n\n` +
    `    /** G(n), 0 <= n <= 2^63 - 1. */\n${grundy}}\n`
  );
}

function modulus(m: ModulusModel): string {
  return (
    comment(headerLines(m.header, 'Sprague-Grundy values G(n) of one heap, written by sg-explore --emit', ['SG.grundy(n) and SG.isP(n) take 0 <= n <= 2^63 - 1 (long)']), '//') +
    `\nfinal class SG {\n    /** G(n) = n mod ${m.modulus}. */\n    static long grundy(long n) {\n        return n % ${long(m.modulus)};\n    }\n\n` +
    `    /** Whether a heap of n is a P-position: n is a multiple of ${m.modulus}. */\n    static boolean isP(long n) {\n        return n % ${long(m.modulus)} == 0;\n    }\n}\n`
  );
}

function wythoff(m: WythoffModel): string {
  // F(2) .. F(92): every one that fits a long; a part raised past them saturates at Long.MAX_VALUE (larger than any pile).
  const fib = fibonacciUpTo(LARGEST_SIGNED).filter((f) => f <= LARGEST_SIGNED);
  const notes = [
    'SG.isP(x, y) and SG.winningMove(x, y) take piles 0 <= x, y <= 2^63 - 1 (long); no floating point, no overflow',
    'SG.winningMove returns {x, y} after the move that takes the fewest tokens (ties: the smaller first pile left), or null at a P-position',
  ];
  return (
    comment(headerLines(m.header, "Wythoff's game, written by sg-explore --emit", notes), '//') +
    `\nfinal class SG {\n    /** F(2), F(3), ... = 1, 2, 3, 5, ... (all that fit a long). */\n    private static final long[] FIB = {\n${numberLines(fib, long, '        ', 4)}\n    };\n\n` +
    `    /** The index in FIB of the smallest part of x >= 1 (even: x = floor(k*phi) for some k >= 1). */\n    private static int lowest(long x) {\n        int i = FIB.length - 1, low = 0;\n        while (x > 0) {\n            while (FIB[i] > x) i--;\n            x -= FIB[i];\n            low = i;\n        }\n        return low;\n    }\n\n` +
    `    /** x with every part F(i) of its Zeckendorf sum replaced by F(i + by); Long.MAX_VALUE when that is past a long. */\n    private static long shift(long x, int by) {\n        long s = 0;\n        int i = FIB.length - 1;\n        while (x > 0) {\n            while (FIB[i] > x) i--;\n            x -= FIB[i];\n            if (i + by >= FIB.length) return Long.MAX_VALUE;\n            long p = FIB[i + by];\n            if (s > Long.MAX_VALUE - p) return Long.MAX_VALUE;\n            s += p;\n        }\n        return s;\n    }\n\n` +
    `    private static long partner(long x) {\n        if (x == 0) return 0;\n        return lowest(x) % 2 == 0 ? shift(x, 1) : shift(x, -1);\n    }\n\n` +
    `    /** floor(k*phi) (Long.MAX_VALUE when past a long). */\n    private static long lower(long k) {\n        if (k == 0) return 0;\n        long s = shift(k, 1);\n        return s == Long.MAX_VALUE ? s : s - (lowest(k) % 2 == 0 ? 1 : 0);\n    }\n\n` +
    `    /** Whether (x, y) is a P-position (the player to move loses). */\n    static boolean isP(long x, long y) {\n        long s = Math.min(x, y), l = Math.max(x, y);\n        if (s == 0) return l == 0;\n        return lowest(l) % 2 == 1 && shift(l, -1) == s;\n    }\n\n` +
    `    /** {x, y} after the winning move that takes the fewest tokens (ties: the smaller first pile left); null at a P-position. */\n    static long[] winningMove(long x, long y) {\n        long[][] moves = new long[3][];\n        int n = 0;\n        long py = partner(y), px = partner(x);\n        if (py < x) moves[n++] = new long[] {py, y};\n        if (px < y) moves[n++] = new long[] {x, px};\n        long d = Math.abs(x - y), a = lower(d);\n        if (a < Math.min(x, y)) moves[n++] = x <= y ? new long[] {a, a + d} : new long[] {a + d, a};\n        long[] best = null;\n        long bestTaken = 0;\n        for (int i = 0; i < n; i++) {\n            long taken = (x - moves[i][0]) + (y - moves[i][1]); // below 2^64: compared unsigned\n            int c = best == null ? -1 : Long.compareUnsigned(taken, bestTaken);\n            if (c < 0 || (c == 0 && moves[i][0] < best[0])) {\n                best = moves[i];\n                bestTaken = taken;\n            }\n        }\n        return best;\n    }\n\n` +
    `    /** Every winning move, as {x, y} after it, in the order sg-explore lists them (fewest tokens taken, then the smaller first pile left, then the second). */\n    static long[][] winningMoves(long x, long y) {\n        java.util.List<long[]> moves = new java.util.ArrayList<>();\n        long py = partner(y), px = partner(x);\n        if (py < x) moves.add(new long[] {py, y});\n        if (px < y) moves.add(new long[] {x, px});\n        long d = Math.abs(x - y), a = lower(d);\n        if (a < Math.min(x, y)) moves.add(x <= y ? new long[] {a, a + d} : new long[] {a + d, a});\n        moves.sort((m, w) -> {\n            int c = Long.compareUnsigned((x - m[0]) + (y - m[1]), (x - w[0]) + (y - w[1]));\n            return c != 0 ? c : m[0] != w[0] ? Long.compare(m[0], w[0]) : Long.compare(m[1], w[1]);\n        });\n        return moves.toArray(new long[0][]);\n    }\n}\n`
  );
}

function cappedNim(m: CappedNimModel): string {
  const k = m.factor;
  const notes = [
    'SG.isP(n) (a start heap: the first move takes 1..n-1), SG.isPState(n, cap) and SG.winningTake(n, cap) take 0 <= n, cap <= 2^63 - 1 (long)',
    `SG.winningTake returns the smallest winning take, or 0 when the position is lost; no product ${k}·t is formed (no overflow)`,
  ];
  return (
    comment(headerLines(m.header, `Fibonacci Nim (each move takes at most ${k} times the last), written by sg-explore --emit`, notes), '//') +
    `\nfinal class SG {\n    /** The losing heaps H(1), H(2), ... up to 2^63 - 1, read from their list below. */\n    private static final long[] H;\n    static final long K = ${long(k)};\n` +
    builtString('LIST', m.losing.join(',')).replace('        LIST = b.toString();\n', '        LIST = b.toString();\n        String[] words = LIST.split(",");\n        H = new long[words.length];\n        for (int i = 0; i < words.length; i++) H[i] = Long.parseLong(words[i]);\n') +
    `\n    /** The parts of n >= 1 in its greedy sum of H's, largest first; returns how many. */\n    private static int parts(long n, long[] parts) {\n        int count = 0, hi = H.length - 1;\n        while (n > 0) {\n            int lo = 0;\n            while (lo < hi) {\n                int mid = (lo + hi + 1) >>> 1;\n                if (H[mid] <= n) lo = mid;\n                else hi = mid - 1;\n            }\n            parts[count++] = H[lo];\n            n -= H[lo];\n            hi = lo;\n        }\n        return count;\n    }\n\n` +
    `    /** Whether the player to move loses with a heap of n and a cap of cap. */\n    static boolean isPState(long n, long cap) {\n        if (n == 0) return true;\n        long[] p = new long[128];\n        int count = parts(n, p);\n        return p[count - 1] > cap;\n    }\n\n` +
    `    /** Whether a start heap of n (the first move takes 1..n-1) is lost for the first player. */\n    static boolean isP(long n) {\n        return n == 0 || isPState(n, n - 1);\n    }\n\n` +
    `    /** The smallest winning take from (n, cap), or 0 when the position is lost. */\n    static long winningTake(long n, long cap) {\n        if (n == 0) return 0;\n        long[] p = new long[128];\n        int count = parts(n, p);\n        long t = 0;\n        for (int i = count - 1; i >= 0; i--) {\n            t += p[i];\n            if (t > cap) break;\n            // the part above is more than K*t: (above - 1) / K >= t\n            if (i == 0 || (p[i - 1] - 1) / K >= t) return t;\n        }\n        return 0;\n    }\n\n` +
    `    /** Every winning take from (n, cap), smallest first. */\n    static long[] winningTakes(long n, long cap) {\n        if (n == 0) return new long[0];\n        long[] p = new long[128], takes = new long[128];\n        int count = parts(n, p), found = 0;\n        long t = 0;\n        for (int i = count - 1; i >= 0; i--) {\n            t += p[i];\n            if (t > cap) break;\n            if (i == 0 || (p[i - 1] - 1) / K >= t) takes[found++] = t;\n        }\n        return java.util.Arrays.copyOf(takes, found);\n    }\n}\n`
  );
}
