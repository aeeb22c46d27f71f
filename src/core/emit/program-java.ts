/**
 * The main of a Java program (--emit java --program): class Main, which
 * reads standard input whole, heaps as longs (up to 2^63 - 1), and writes
 * the answer through one StringBuilder. The class SG before it has the
 * functions.
 */
import { MISERE_NIM_NOTE, NO_MOVE, partCode, programCodes, type ProgramModel } from './program.js';
import { WINNING_MOVES_LISTED } from '../positions/position.js';
import { JAVA_START_MOVES, javaStartData, javaTableOptions } from './program-table.js';
import { JAVA_CASE_TABLE } from './program-case.js';
import { javaValue, type JavaValue } from './java-value.js';

/** A Java string literal: ASCII as it is, anything else as \uXXXX (javac reads the source in the platform's encoding). */
export function javaString(text: string): string {
  let out = '"';
  for (const c of text) {
    const code = c.charCodeAt(0);
    if (c === '"' || c === '\\') out += `\\${c}`;
    else if (c === '\n') out += '\\n';
    else if (code >= 32 && code < 127 && c.length === 1) out += c;
    else for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
  }
  return out + '"';
}

const strings = (items: readonly string[]) => `{${items.map(javaString).join(', ')}}`;

export function javaProgramMain(m: ProgramModel): string {
  const codes = programCodes(m);
  return `
// ---- the judge's layout and answer ----
public class Main {
    static final int CASES = ${codes.cases}; // 0 one position, 1 a count of cases first, 2 until the sentinel, 3 to the end
    static final String[] SENTINEL = ${strings(m.layout.sentinel)};
    static final long COMPONENTS = ${codes.components}; // -1 a count first, -2 every number left, else exactly this many
    static final int WIDTH = ${m.width}, MODE = ${codes.mode}; // MODE: 0 winner, 1 move, 2 count, 3 moves
    static final String[] WORDS = ${strings(m.answer.words)};
    static final String[] PREFIX = ${strings(m.prefixParts)};
    static final int[] MOVE_FIELD = {${m.moveParts.map(partCode).join(', ')}}; // 0 text, 1 take, 2 heap, 3 from, 4 to, 5 after
    static final String[] MOVE_TEXT = ${strings(m.moveParts.map((p) => ('text' in p ? p.text : '')))};
${javaOptionData(m)}${m.layout.rule === null ? '' : `    static long[] TAKES = new long[0]; // the case's subtraction set, ascending\n    static final String BETWEEN = ${javaString(m.answer.between)};\n`}
    static byte[] in;
    static int at;

    static void die(String why) {
        System.err.println(why);
        System.exit(1);
    }

    static boolean space(byte c) { return c == ' ' || (c >= 9 && c <= 13); }

    static boolean hasToken() {
        while (at < in.length && space(in[at])) at++;
        return at < in.length;
    }

    static String token() {
        if (!hasToken()) die("the input ends where a number was expected");
        int start = at;
        while (at < in.length && !space(in[at])) at++;
        return new String(in, start, at - start, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    static long number() {
        String t = token();
        if (!t.matches("[0-9]+")) die("a token is not a whole number");
        try { return Long.parseLong(t); } catch (NumberFormatException e) { die("a number is larger than 2^63 - 1"); return 0; }
    }

    static boolean atSentinel() {
        int save = at;
        for (String s : SENTINEL) {
            if (!hasToken() || !token().equals(s)) { at = save; return false; }
        }
        return true;
    }

    static int tokensLeft() {
        int save = at, n = 0;
        while (hasToken()) { token(); n++; }
        at = save;
        return n;
    }

${javaAnswer(m)}${m.layout.rule === null ? '' : `\n${JAVA_CASE_TABLE}`}
    public static void main(String[] args) throws java.io.IOException {
        in = System.in.readAllBytes();
        StringBuilder out = new StringBuilder();
        long cases = CASES == 1 ? number() : 0;
        for (long k = 1; ; k++) {
            if ((CASES == 0 && k > 1) || (CASES == 1 && k > cases) || (CASES == 3 && !hasToken())) break;
            if (CASES == 2 && SENTINEL.length > 0 && atSentinel()) break;
            if (CASES == 2 && !hasToken()) die("the input ends before the sentinel");
${m.layout.rule === null ? JAVA_ONE : JAVA_RULE}
            out.append('\\n');
        }
        System.out.write(out.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        System.out.flush();
    }
}
`;
}

/** The constants of a heap's options. */
function javaOptionData(m: ProgramModel): string {
  const o = m.options;
  const longs = (list: readonly (number | bigint)[]) => `{${list.map((t) => `${t}L`).join(', ')}}`;
  // A table of options is written with its options() (javaTableOptions).
  if (o === null || o.kind === 'nim' || o.kind === 'theorem' || o.kind === 'divisors' || o.kind === 'vectors' || o.kind === 'table') return '';
  if (o.kind === 'starts') return javaStartData(o.table);
  if (o.kind === 'takes' && m.layout.rule !== null) return '';
  if (o.kind === 'takes') return `    static final long[] TAKES = ${longs(o.takes)};\n`;
  if (o.kind === 'all-but') {
    const c = m.code.kind === 'heap-cycle' ? m.code : null;
    return `    static final long[] EXCLUDED = ${longs(o.excluded)};\n    static final long PRE = ${c?.preperiod ?? 0}L, PERIOD = ${c?.period ?? 1}L, SALTUS = ${c?.saltus ?? 0n}L; // G's pattern: the heaps of a value are read off it\n`;
  }
  return (
    `    static final int[] DIGITS = {${o.digits.join(', ')}}; // a take-and-break code: what taking j tokens may leave (1 nothing, 2 a heap, 4 two, 8 three)\n` +
    `    static final boolean[] UNEQUAL = {${o.unequal.join(', ')}};\n    static final int REPEAT = ${o.repeat};\n` +
    `    static final long CYCLE_PRE = ${m.cycle?.pre ?? 0}L, CYCLE_PERIOD = ${m.cycle?.period ?? 0}L; // G's period without a saltus (0: none): splits counted by residue\n`
  );
}

/** The options of a heap of n with value want, each visited in sg-explore's order (false when a visit stopped). */
function javaOptions(m: ProgramModel, v: JavaValue): string {
  const o = m.options!;
  if (o.kind === 'nim') return `    static boolean options(long n, long want) {\n        return want >= n || visit(n - want, new long[] {want});\n    }\n`;
  if (o.kind === 'takes') return `    static boolean options(long n, ${v.type} want) {\n        for (long t : TAKES) {\n            if (t > n) break;\n            if (${v.same('SG.grundy(n - t)', 'want')} && !visit(t, new long[] {n - t})) return false;\n        }\n        return true;\n    }\n`;
  if (o.kind === 'divisors') {
    return `    // Every proper divisor d of n, ascending: the odd divisors of n's odd part (trial division), times each power of 2 in n.
    static boolean options(long n, ${v.type} want) {
        if (n < 2) return true;
        long m = n;
        int k = 0;
        while ((m & 1) == 0) { m >>= 1; k++; }
        java.util.TreeSet<Long> all = new java.util.TreeSet<>();
        for (long e = 1; e <= m / e; e += 2) {
            if (m % e != 0) continue;
            for (int j = 0; j <= k; j++) { all.add(e << j); all.add((m / e) << j); }
        }
        for (long d : all) if (d < n && ${v.same('SG.grundy(n - d)', 'want')} && !visit(d, new long[] {n - d})) return false;
        return true;
    }
`;
  }
  if (o.kind === 'all-but') {
    return `    static boolean options(long n, long want) {
        // The heaps below n of value want, read off the pattern (few), largest first, less the excluded amounts.
        java.util.List<Long> found = new java.util.ArrayList<>();
        for (long m = 0; m < n && m < PRE; m++) if (SG.grundy(m) == want) found.add(m);
        for (long r = PRE; r < PRE + PERIOD; r++) {
            long base = SG.grundy(r);
            if (SALTUS == 0) {
                if (r < n && base == want) found.add(r);
            } else if (r < n && want >= base && (want - base) % SALTUS == 0 && (want - base) / SALTUS <= (n - 1 - r) / PERIOD) found.add(r + PERIOD * ((want - base) / SALTUS));
        }
        found.sort(java.util.Collections.reverseOrder());
        outer:
        for (long m : found) {
            for (long e : EXCLUDED) if (e == n - m) continue outer;
            if (!visit(n - m, new long[] {m})) return false;
        }
        return true;
    }
`;
  }
  if (o.kind === 'table') return javaTableOptions(o.table, v);
  return javaCodeOptions(v);
}

/** The answer of a position: sums of grundy values and the winning moves, or one component's is_p. */
function javaAnswer(m: ProgramModel): string {
  const v = javaValue(m);
  return (
    m.component === 'heap'
      ? m.misere
        ? javaHeapAnswer(v, true) + JAVA_MISERE_OPTIONS
        : m.options === null
        ? `    static void answer(long[] h, int n, StringBuilder out) {\n        ${v.type} s = ${v.zero};\n        for (int i = 0; i < n; i++) s = ${v.xor('s', 'SG.grundy(h[i])')};\n        out.append(${v.isZero('s')} ? WORDS[1] : WORDS[0]);\n    }\n`
        : javaHeapAnswer(v, false) + javaOptions(m, v)
      : `    static void answer(long[] h, int n, StringBuilder out) {
        if (n != 1) die("a position of this game is one component (its program has isP, not values to sum)");
        boolean p = ${m.component === 'pair' ? 'SG.isP(h[0], h[1])' : 'SG.isP(h[0])'};
${m.options === null ? '        out.append(p ? WORDS[1] : WORDS[0]);' : javaTheoremMoves(m)}
    }
`
  );
}

/** Misère Nim's winning move on a heap by Bouton's misère rule, visited (at most one: see MISERE_NIM_NOTE). */
const JAVA_MISERE_OPTIONS = `    // ${MISERE_NIM_NOTE} big, ones: the position's heaps of 2 or more and of 1.
    static long big, ones;

    static boolean misereOptions(long n, long s) {
        long bigOthers = big - (n >= 2 ? 1 : 0), onesOthers = ones - (n == 1 ? 1 : 0);
        long to = bigOthers > 0 ? (s ^ n) : onesOthers % 2 == 0 ? 1 : 0;
        return to >= n || visit(n - to, new long[] {to});
    }
`;

/** Who wins; or the winning moves, visited (counted first: more than sg-explore lists is refused as it refuses). */
const javaHeapAnswer = (v: JavaValue, misere: boolean) => `    static long[] heapsNow;
    static int heapsN, heapAt;
    static StringBuilder written;
    static long found;
    static boolean counting;

    static void writeParts(long[] to) {
        if (to.length == 0) written.append('0');
        for (int p = 0; p < to.length; p++) {
            if (p > 0) written.append(' ');
            written.append(to[p]);
        }
    }

    // A winning move of heap heapAt: counted, or written on a line of its own; whether to go on (--answer move stops at the first).
    static boolean visit(long take, long[] to) {
        if (found++ > 0 && !counting) written.append('\\n');
        if (counting) return true;
        for (int k = 0; k < MOVE_FIELD.length; k++) {
            switch (MOVE_FIELD[k]) {
                case 0: written.append(MOVE_TEXT[k]); break;
                case 1: written.append(take); break;
                case 2: written.append(heapAt + 1); break;
                case 3: written.append(heapsNow[heapAt]); break;
                case 4: writeParts(to); break;
                default:
                    for (int j = 0; j < heapsN; j++) {
                        if (j > 0) written.append(' ');
                        if (j == heapAt) writeParts(to);
                        else written.append(heapsNow[j]);
                    }
            }
        }
        return MODE != 1;
    }

    static void answer(long[] h, int n, StringBuilder out) {
${
  misere
    ? `        long s = 0;
        big = 0;
        ones = 0;
        for (int i = 0; i < n; i++) {
            s ^= h[i];
            if (h[i] >= 2) big++;
            if (h[i] == 1) ones++;
        }
        boolean won = big > 0 ? s != 0 : ones % 2 == 0;`
    : `        ${v.type} s = ${v.zero};
        for (int i = 0; i < n; i++) s = ${v.xor('s', 'SG.grundy(h[i])')};
        boolean won = !(${v.isZero('s')});`
}
        if (MODE == 0) { out.append(won ? WORDS[0] : WORDS[1]); return; }
        if (!won) { out.append(MODE == 2 ? "0" : WORDS[WORDS.length - 1]); return; }${misere ? `
        if (MODE != 2 && big == 0 && ones == 0) die("${NO_MOVE}");` : ''}
        heapsNow = h;
        heapsN = n;
        written = out;
        found = 0;
        counting = MODE != 1;
        for (heapAt = 0; counting && heapAt < n; heapAt++) ${misere ? 'misereOptions(h[heapAt], s)' : `options(h[heapAt], ${v.xor('SG.grundy(h[heapAt])', 's')})`};
        if (MODE == 2) { out.append(found); return; }
        if (MODE == 3 && found > ${WINNING_MOVES_LISTED}) die("more than ${WINNING_MOVES_LISTED} winning moves: sg-explore lists at most that many");
        counting = false;
        found = 0;
        if (MODE == 3 && WORDS.length == 2) out.append(WORDS[0]).append('\\n');
        for (heapAt = 0; heapAt < n; heapAt++) if (!${misere ? 'misereOptions(h[heapAt], s)' : `options(h[heapAt], ${v.xor('SG.grundy(h[heapAt])', 's')})`}) return;
    }

`;

/** One pair's or start heap's winning moves in Java, by the theorem: who wins, or the moves. */
function javaTheoremMoves(m: ProgramModel): string {
  const o = m.options!;
  const moves =
    o.kind === 'vectors'
      ? `        // Each multiple of each move vector {dx, dy, the most multiples (0: any)} that leaves a P-position, in sg-explore's order.
        long[] start = {h[0], h[1]};
        java.util.List<long[]> found = new java.util.ArrayList<>();
        for (long[] v : new long[][] {${o.vectors.map((v) => `{${v.dx}, ${v.dy}, ${v.cap ?? 0}}`).join(', ')}}) {
            for (long k = 1; (v[2] == 0 || k <= v[2]) && k * v[0] <= h[0] && k * v[1] <= h[1]; k++) {
                if (SG.isP(h[0] - k * v[0], h[1] - k * v[1])) found.add(new long[] {k * (v[0] + v[1]), h[0] - k * v[0], h[1] - k * v[1]});
            }
        }
        found.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : (a[1] + ":" + a[2]).compareTo(b[1] + ":" + b[2]));
        long[] take = new long[found.size()];
        long[][] to = new long[found.size()][];
        for (int i = 0; i < take.length; i++) {
            take[i] = found.get(i)[0];
            to[i] = new long[] {found.get(i)[1], found.get(i)[2]};
        }`
      : o.kind === 'starts'
      ? JAVA_START_MOVES
      : m.component === 'pair'
      ? `        long[] start = {h[0], h[1]};
        long[][] to = SG.winningMoves(h[0], h[1]);
        long[] take = new long[to.length];
        for (int i = 0; i < to.length; i++) take[i] = (h[0] - to[i][0]) + (h[1] - to[i][1]);`
      : `        long[] start = {h[0], h[0] > 0 ? h[0] - 1 : 0};
        long[] take = SG.winningTakes(start[0], start[1]);
        long[][] to = new long[take.length][];
        for (int i = 0; i < take.length; i++) to[i] = new long[] {start[0] - take[i], take[i] > (start[0] - take[i]) / SG.K ? start[0] - take[i] : SG.K * take[i]};`;
  return `        if (MODE == 0) { out.append(p ? WORDS[1] : WORDS[0]); return; }
        if (p) { out.append(MODE == 2 ? "0" : WORDS[WORDS.length - 1]); return; }
${moves}
        if (MODE == 2) { out.append(to.length); return; }
        if (MODE == 3 && WORDS.length == 2) out.append(WORDS[0]).append('\\n');
        for (int i = 0; i < (MODE == 1 ? 1 : to.length); i++) {
            if (i > 0) out.append('\\n');
            for (int k = 0; k < MOVE_FIELD.length; k++) {
                switch (MOVE_FIELD[k]) {
                    case 0: out.append(MOVE_TEXT[k]); break;
                    case 1: out.append(Long.toUnsignedString(take[i])); break;
                    case 2: out.append(1); break;
                    case 3: out.append(start[0]).append(' ').append(start[1]); break;
                    default: out.append(to[i][0]).append(' ').append(to[i][1]);
                }
            }
        }`;
}

const JAVA_PREFIX = `            for (int p = 0; p < PREFIX.length; p++) {
                if (p > 0) out.append(k);
                out.append(PREFIX[p]);
            }`;

/** A case's one position, read and answered. */
const JAVA_ONE = `            int n = (int) (COMPONENTS == -1 ? number() : COMPONENTS == -2 ? tokensLeft() / WIDTH : COMPONENTS);
            long[] h = new long[n * WIDTH];
            for (int i = 0; i < h.length; i++) h[i] = number();
${JAVA_PREFIX}
            answer(h, n, out);`;

/** A case with a rule of its own: the set, the count of positions, their largest heap (read ahead), the table, then each position. */
const JAVA_RULE = `            readRule();
            long positions = number(), largest = 0;
            int start = at;
            for (long p = 0; p < positions; p++) {
                long n = COMPONENTS == -1 ? number() : COMPONENTS;
                for (long i = 0; i < n; i++) largest = Math.max(largest, number());
            }
            at = start;
            fill(largest);
${JAVA_PREFIX}
            for (long p = 0; p < positions; p++) {
                if (p > 0) out.append(BETWEEN);
                int n = (int) (COMPONENTS == -1 ? number() : COMPONENTS);
                long[] h = new long[n];
                for (int i = 0; i < n; i++) h[i] = number();
                answer(h, n, out);
            }`;

/** A take-and-break code's options in Java: for each amount taken, the heap emptied, the splits (through G's period where there is one), the heap left. */
const javaCodeOptions = (v: JavaValue) => `    static int digitAt(long t) {
        if (t >= DIGITS.length) {
            if (REPEAT == 0) return 0;
            t = DIGITS.length - REPEAT + (t - (DIGITS.length - REPEAT)) % REPEAT;
        }
        return DIGITS[(int) t] | (UNEQUAL[(int) t] ? 16 : 0);
    }

    static boolean split(long take, long rest, long a, ${v.type} want) {
        return ${v.differ(v.xor('SG.grundy(a)', 'SG.grundy(rest - a)'), 'want')} || visit(take, new long[] {a, rest - a});
    }

    // The splits a + (rest - a), 1 <= a <= last, of value want, by a: past G's preperiod on both sides they repeat with a mod the period,
    // so those a are counted (or listed) a period at a time.
    static boolean splits(long take, long rest, long last, ${v.type} want) {
        long pre = CYCLE_PRE, p = CYCLE_PERIOD, a;
        if (p == 0) {
            for (a = 1; a <= last; a++) if (!split(take, rest, a, want)) return false;
            return true;
        }
        for (a = 1; a <= last && a < pre; a++) if (!split(take, rest, a, want)) return false;
        long first = Math.max(pre, 1), middleLast = Math.min(last, rest - pre);
        if (first <= middleLast) {
            java.util.List<Long> goods = new java.util.ArrayList<>();
            for (a = first; a < first + p && a <= middleLast; a++) if (${v.same(v.xor('SG.grundy(a)', 'SG.grundy(rest - a)'), 'want')}) goods.add(a);
            if (counting) {
                for (long g : goods) found += (middleLast - g) / p + 1;
            } else {
                listing:
                for (long turn = 0; !goods.isEmpty(); turn += p) {
                    for (long g : goods) {
                        if (g + turn > middleLast) break listing;
                        if (!visit(take, new long[] {g + turn, rest - g - turn})) return false;
                    }
                }
            }
        }
        for (a = Math.max(first, rest - pre + 1); a <= last; a++) if (!split(take, rest, a, want)) return false;
        return true;
    }

    static boolean options(long n, ${v.type} want) {
        long last = REPEAT > 0 ? n : Math.min(n, DIGITS.length - 1);
        for (long t = 0; t <= last; t++) {
            int d = digitAt(t);
            long rest = n - t;
            if ((d & 1) != 0 && rest == 0 && ${v.isZero('want')} && !visit(t, new long[0])) return false;
            long last2 = (d & 4) != 0 && rest >= 2 ? ((d & 16) != 0 && rest % 2 == 0 ? rest / 2 - 1 : rest / 2) : 0;
            if ((d & 8) != 0) {
                // Three heaps too: for each a, its three-heap splits (b rising) come before its two-heap one.
                long last3 = rest / 3;
                for (long a = 1; a <= Math.max(last2, last3); a++) {
                    for (long b = a; a <= last3 && b <= (rest - a) / 2; b++) {
                        if (${v.same(v.xor(v.xor('SG.grundy(a)', 'SG.grundy(b)'), 'SG.grundy(rest - a - b)'), 'want')} && !visit(t, new long[] {a, b, rest - a - b})) return false;
                    }
                    if (a <= last2 && !split(t, rest, a, want)) return false;
                }
            } else if (last2 > 0 && !splits(t, rest, last2, want)) return false;
            if ((d & 2) != 0 && rest >= 1 && t > 0 && ${v.same('SG.grundy(rest)', 'want')} && !visit(t, new long[] {rest})) return false;
        }
        return true;
    }
`;
