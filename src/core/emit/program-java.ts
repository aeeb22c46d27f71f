/**
 * The main of a Java program (--emit java --program): class Main, which
 * reads standard input whole, heaps as longs (up to 2^63 - 1), and writes
 * the answer through one StringBuilder. The class SG before it has the
 * functions.
 */
import { partCode, programCodes, type ProgramModel } from './program.js';

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
  const takes = m.options?.kind === 'takes' ? m.options.takes : [];
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
    static final long[] TAKES = {${takes.map((t) => `${t}L`).join(', ')}};
    static final boolean NIM = ${m.options?.kind === 'nim'};

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

${javaAnswer(m)}
    public static void main(String[] args) throws java.io.IOException {
        in = System.in.readAllBytes();
        StringBuilder out = new StringBuilder();
        long cases = CASES == 1 ? number() : 0;
        for (long k = 1; ; k++) {
            if ((CASES == 0 && k > 1) || (CASES == 1 && k > cases) || (CASES == 3 && !hasToken())) break;
            if (CASES == 2 && SENTINEL.length > 0 && atSentinel()) break;
            if (CASES == 2 && !hasToken()) die("the input ends before the sentinel");
            int n = (int) (COMPONENTS == -1 ? number() : COMPONENTS == -2 ? tokensLeft() / WIDTH : COMPONENTS);
            long[] h = new long[n * WIDTH];
            for (int i = 0; i < h.length; i++) h[i] = number();
            for (int p = 0; p < PREFIX.length; p++) {
                if (p > 0) out.append(k);
                out.append(PREFIX[p]);
            }
            answer(h, n, out);
            out.append('\\n');
        }
        System.out.write(out.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        System.out.flush();
    }
}
`;
}

/** The answer of a position: sums of grundy values and the winning moves, or one component's is_p. */
function javaAnswer(m: ProgramModel): string {
  return (
    m.component === 'heap'
      ? `    static void writeMove(long[] h, int n, int i, long to, StringBuilder out) {
        for (int k = 0; k < MOVE_FIELD.length; k++) {
            switch (MOVE_FIELD[k]) {
                case 0: out.append(MOVE_TEXT[k]); break;
                case 1: out.append(h[i] - to); break;
                case 2: out.append(i + 1); break;
                case 3: out.append(h[i]); break;
                case 4: out.append(to); break;
                default:
                    for (int j = 0; j < n; j++) {
                        if (j > 0) out.append(' ');
                        out.append(j == i ? to : h[j]);
                    }
            }
        }
    }

    static void answer(long[] h, int n, StringBuilder out) {
        long s = 0;
        for (int i = 0; i < n; i++) s ^= SG.grundy(h[i]);
        if (MODE == 0) { out.append(s != 0 ? WORDS[0] : WORDS[1]); return; }
        if (s == 0) { out.append(MODE == 2 ? "0" : WORDS[WORDS.length - 1]); return; }
        if (MODE == 3 && WORDS.length == 2) out.append(WORDS[0]).append('\\n');
        long count = 0;
        for (int i = 0; i < n; i++) {
            long want = SG.grundy(h[i]) ^ s;
            for (int j = 0; j < (NIM ? 1 : TAKES.length); j++) {
                long to;
                if (NIM) {
                    if (want >= h[i]) continue;
                    to = want;
                } else {
                    if (TAKES[j] > h[i]) break;
                    to = h[i] - TAKES[j];
                    if (SG.grundy(to) != want) continue;
                }
                if (MODE == 2) { count++; continue; }
                if (count++ > 0) out.append('\\n');
                writeMove(h, n, i, to, out);
                if (MODE == 1) return;
            }
        }
        if (MODE == 2) out.append(count);
    }
`
      : `    static void answer(long[] h, int n, StringBuilder out) {
        if (n != 1) die("a position of this game is one component (its program has isP, not values to sum)");
        boolean p = ${m.component === 'pair' ? 'SG.isP(h[0], h[1])' : 'SG.isP(h[0])'};
        out.append(p ? WORDS[1] : WORDS[0]);
    }
`
  );
}
