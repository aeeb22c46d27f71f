/**
 * The main of a C or C++ program (--emit c|cpp --program): standard input
 * read whole, tokens at white space, heaps as unsigned 64-bit numbers, the
 * answer written with stdio. The functions it calls come before it.
 */
import { MISERE_NIM_NOTE, NO_MOVE, MOST_CASE_HEAP, partCode, programCodes, type ProgramModel } from './program.js';
import { TOO_FAR } from './program-case.js';
import { C_START_MOVES, cStartData, cTableOptions } from './program-table.js';
import type { PairVector } from './models.js';
import { WINNING_MOVES_LISTED } from '../positions/position.js';

/** The most winning moves sg-explore lists (--answer moves refuses more): a program refuses them too. */
const MOST_MOVES = WINNING_MOVES_LISTED;

/** A C string literal: printable ASCII as it is, every other byte (UTF-8 too) as an octal escape. */
export function cString(text: string): string {
  let out = '"';
  for (const byte of new TextEncoder().encode(text)) {
    const c = String.fromCharCode(byte);
    out += byte >= 32 && byte < 127 && c !== '"' && c !== '\\' && c !== '?' ? c : `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return out + '"';
}

const list = (items: readonly string[]) => (items.length ? items.join(', ') : '0');

export function cProgramMain(m: ProgramModel, dialect: 'c' | 'cpp'): string {
  const codes = programCodes(m);
  // Only what the answer uses is written: a compiler's -Wall finds nothing unused.
  const heap = m.options !== null;
  const heads = dialect === 'c' ? '#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n' : '#include <cstdio>\n#include <cstdlib>\n#include <cstring>\n';
  const data =
    `static const int CASES = ${codes.cases}; /* 0 one position, 1 a count of cases first, 2 until the sentinel, 3 to the end */\n` +
    `static const char *const SENTINEL[] = {${list(m.layout.sentinel.map(cString))}};\nstatic const int SENTINEL_N = ${m.layout.sentinel.length};\n` +
    `static const long long COMPONENTS = ${codes.components}; /* -1 a count first, -2 every number left, else exactly this many */\n` +
    `static const int WIDTH = ${m.width};\n` +
    (heap ? `static const int MODE = ${codes.mode}; /* 0 winner, 1 move, 2 count, 3 moves */\n` : '') +
    `static const char *const WORDS[] = {${list(m.answer.words.map(cString))}};\n` +
    (heap ? `static const int WORDS_N = ${m.answer.words.length};\n` : '') +
    `static const char *const PREFIX[] = {${list(m.prefixParts.map(cString))}};\nstatic const int PREFIX_N = ${m.prefixParts.length};\n` +
    (heap ? `static const int MOVE_FIELD[] = {${list(m.moveParts.map((p) => String(partCode(p))))}}; /* 0 text, 1 take, 2 heap, 3 from, 4 to, 5 after */\n` +
    `static const char *const MOVE_TEXT[] = {${list(m.moveParts.map((p) => cString('text' in p ? p.text : '')))}};\nstatic const int MOVE_N = ${m.moveParts.length};\n` +
    optionData(m) : '') +
    (m.layout.rule === null ? '' : `static unsigned long long *TAKES; /* the case's subtraction set, ascending */\nstatic int TAKES_N;\nstatic const char *const BETWEEN = ${cString(m.answer.between)};\n`) +
    `typedef ${m.wide ? 'unsigned __int128' : 'unsigned long long'} sg_value;\n`;
  const reader = `
static char *in_buf;
static size_t in_len, in_at;
static const char *tok;
static size_t tok_len;
static unsigned long long *heaps;
static size_t heaps_cap;

static void die(const char *what) {
    fprintf(stderr, "%s\\n", what);
    exit(1);
}

static int space(char c) { return c == ' ' || (c >= 9 && c <= 13); }

static int next_token(void) {
    while (in_at < in_len && space(in_buf[in_at])) in_at++;
    if (in_at >= in_len) return 0;
    tok = in_buf + in_at;
    while (in_at < in_len && !space(in_buf[in_at])) in_at++;
    tok_len = (size_t)(in_buf + in_at - tok);
    return 1;
}

static unsigned long long read_number(void) {
    if (!next_token()) die("the input ends where a number was expected");
    unsigned long long v = 0;
    for (size_t i = 0; i < tok_len; i++) {
        unsigned d = (unsigned)(tok[i] - '0');
        if (d > 9) die("a token is not a whole number");
        if (v > (18446744073709551615ULL - d) / 10) die("a number is larger than 2^64 - 1");
        v = v * 10 + d;
    }
    return v;
}

static int at_sentinel(void) {
    size_t save = in_at;
    for (int i = 0; i < SENTINEL_N; i++) {
        if (!next_token() || tok_len != strlen(SENTINEL[i]) || memcmp(tok, SENTINEL[i], tok_len) != 0) {
            in_at = save;
            return 0;
        }
    }
    return 1;
}

static int has_token(void) {
    size_t save = in_at;
    int has = next_token();
    in_at = save;
    return has;
}

static size_t tokens_left(void) {
    size_t save = in_at, n = 0;
    while (next_token()) n++;
    in_at = save;
    return n;
}
`;
  return heads + data + reader + (m.layout.rule === null ? '' : cCaseTable) + cAnswer(m) + cMain(m);
}

/** The constants of a heap's options, as the answer needs them (only what it uses: -Wall finds nothing unused). */
function optionData(m: ProgramModel): string {
  const o = m.options;
  // A table of options is written with its options() (cTableOptions).
  if (o === null || o.kind === 'nim' || o.kind === 'theorem' || o.kind === 'divisors' || o.kind === 'vectors' || o.kind === 'table') return '';
  if (o.kind === 'starts') return cStartData(o.table);
  if (o.kind === 'takes' && m.layout.rule !== null) return '';
  if (o.kind === 'takes') return `static const unsigned long long TAKES[] = {${list(o.takes.map((t) => `${t}ULL`))}};\nstatic const int TAKES_N = ${o.takes.length};\n`;
  if (o.kind === 'all-but') return `static const unsigned long long EXCLUDED[] = {${list(o.excluded.map((t) => `${t}ULL`))}};\nstatic const int EXCLUDED_N = ${o.excluded.length};\n`;
  return (
    `static const int DIGITS[] = {${o.digits.join(', ')}}; /* a take-and-break code: what taking j tokens may leave (1 nothing, 2 a heap, 4 two, 8 three) */\n` +
    `static const int UNEQUAL[] = {${o.unequal.map(Number).join(', ')}};\nstatic const unsigned long long DIGITS_N = ${o.digits.length}, REPEAT = ${o.repeat};\n` +
    `static const unsigned long long CYCLE_PRE = ${m.cycle?.pre ?? 0}, CYCLE_PERIOD = ${m.cycle?.period ?? 0}; /* G's period without a saltus (0: none): splits counted by residue */\n`
  );
}

function cAnswer(m: ProgramModel): string {
  if (m.component !== 'heap') {
    const call = m.component === 'pair' ? 'is_p((long long)heaps[0], (long long)heaps[1])' : 'is_p((long long)heaps[0])';
    return `
static void answer(size_t n) {
    if (n != 1) die("a position of this game is one component (its program has is_p, not values to sum)");
    if (heaps[0] > 9223372036854775807ULL || (WIDTH == 2 && heaps[1] > 9223372036854775807ULL)) die("a pile is larger than 2^63 - 1");
    int p = (int)${call};
    if (p < 0) die("is_p cannot decide this position (see the header)");
${m.options === null ? '    fputs(p ? WORDS[1] : WORDS[0], stdout);' : cTheoremMoves(m)}
}
`;
  }
  if (m.misere) return cWriteMove + cMisereOptions + cHeapAnswer(true);
  if (m.options === null) return `\nstatic void answer(size_t n) {\n    sg_value s = 0;\n    for (size_t i = 0; i < n; i++) s ^= grundy(heaps[i]);\n    fputs(s != 0 ? WORDS[0] : WORDS[1], stdout);\n}\n`;
  return cWriteMove + cOptions(m) + cHeapAnswer(false);
}

function cMain(m: ProgramModel): string {
  const read = `        size_t n = COMPONENTS == -1 ? (size_t)read_number() : COMPONENTS == -2 ? tokens_left() / WIDTH : (size_t)COMPONENTS;
        if (n * WIDTH > heaps_cap) heaps = (unsigned long long *)realloc(heaps, (heaps_cap = n * WIDTH + 16) * sizeof *heaps);
        for (size_t i = 0; i < n * WIDTH; i++) heaps[i] = read_number();`;
  const prefix = `        for (int p = 0; p < PREFIX_N; p++) {
            if (p > 0) printf("%llu", k);
            fputs(PREFIX[p], stdout);
        }`;
  // A rule in each case: the set, the count of positions, their largest heap (read ahead), the table, then each position.
  const body =
    m.layout.rule === null
      ? `${read}\n${prefix}\n        answer(n);`
      : `        read_rule();
        unsigned long long positions = read_number(), largest = 0;
        size_t start = in_at;
        for (unsigned long long p = 0; p < positions; p++) {
            size_t n = COMPONENTS == -1 ? (size_t)read_number() : (size_t)COMPONENTS;
            for (size_t i = 0; i < n; i++) {
                unsigned long long v = read_number();
                if (v > largest) largest = v;
            }
        }
        in_at = start;
        fill(largest);
${prefix}
        for (unsigned long long p = 0; p < positions; p++) {
            if (p > 0) fputs(BETWEEN, stdout);
    ${read.replaceAll('\n', '\n    ')}
            answer(n);
        }`;
  return `
int main(void) {
    size_t cap = 1 << 16;
    in_buf = (char *)malloc(cap);
    for (size_t got; (got = fread(in_buf + in_len, 1, cap - in_len, stdin)) > 0;) {
        in_len += got;
        if (in_len == cap) in_buf = (char *)realloc(in_buf, cap *= 2);
    }
    unsigned long long cases = CASES == 1 ? read_number() : 0;
    for (unsigned long long k = 1;; k++) {
        if ((CASES == 0 && k > 1) || (CASES == 1 && k > cases)) break;
        if (CASES == 2 && at_sentinel()) break;
        if (CASES == 3 && !has_token()) break;
        if (CASES == 2 && !has_token()) die("the input ends before the sentinel");
${body}
        fputc('\\n', stdout);
    }
    return 0;
}
`;
}

/** A case's subtraction set read (sorted, each amount once), and G tabulated up to the case's largest heap. */
const cCaseTable = `
static void read_rule(void) {
    unsigned long long k = read_number();
    TAKES = (unsigned long long *)realloc(TAKES, (size_t)(k + 1) * sizeof *TAKES);
    TAKES_N = 0;
    for (unsigned long long i = 0; i < k; i++) {
        unsigned long long t = read_number();
        if (t == 0) die("a move takes 0 tokens");
        int j = TAKES_N;
        while (j > 0 && TAKES[j - 1] > t) j--;
        if (j > 0 && TAKES[j - 1] == t) continue;
        memmove(TAKES + j + 1, TAKES + j, (size_t)(TAKES_N - j) * sizeof *TAKES);
        TAKES[j] = t;
        TAKES_N++;
    }
    if (TAKES_N == 0) die("a rule with no moves");
}

static unsigned char *sg_seen;
static unsigned long long sg_room;

static int sg_same(unsigned long long a, unsigned long long b, unsigned long long k) {
    for (unsigned long long i = 1; i <= k; i++) if (SG_G[a - i] != SG_G[b - i]) return 0;
    return 1;
}

/* G(0..) of this case's set, up to its largest heap or until a window of k = max S values recurs (Brent's walk over the windows,
   with a rolling hash mod 2^32; a hash match is confirmed value by value). */
static void fill(unsigned long long largest) {
    const unsigned long long B = 0x9e3779b1ULL, MASK = 0xffffffffULL, k = TAKES[TAKES_N - 1];
    unsigned long long n = 0, power_k = 1, tortoise = 0, hare = 0, hash_t = 0, hash_h = 0, power = 1, lambda = 0;
    SG_PERIOD = 0;
    sg_seen = (unsigned char *)realloc(sg_seen, (size_t)TAKES_N + 2);
    while (n <= largest) {
        if (n >= ${MOST_CASE_HEAP}ULL) die("${TOO_FAR}");
        if (n >= sg_room) SG_G = (unsigned *)realloc(SG_G, (size_t)(sg_room = 2 * sg_room + 1024) * sizeof *SG_G);
        memset(sg_seen, 0, (size_t)TAKES_N + 2);
        for (int j = 0; j < TAKES_N && TAKES[j] <= n; j++) sg_seen[SG_G[n - TAKES[j]]] = 1;
        unsigned g = 0;
        while (sg_seen[g]) g++;
        SG_G[n++] = g;
        if (n == k) {
            for (unsigned long long i = 0; i < k; i++) {
                hash_t = (hash_t * B + SG_G[i]) & MASK;
                power_k = (power_k * B) & MASK;
            }
            tortoise = hare = k;
            hash_h = hash_t;
        } else if (n > k) {
            if (power == lambda) {
                tortoise = hare;
                hash_t = hash_h;
                power *= 2;
                lambda = 0;
            }
            hash_h = (hash_h * B - SG_G[hare - k] * power_k + SG_G[hare]) & MASK;
            hare++;
            lambda++;
            if (hash_h == hash_t && sg_same(tortoise, hare, k)) {
                SG_PRE = tortoise - k;
                SG_PERIOD = lambda;
                break;
            }
        }
    }
    SG_N = n;
}
`;

/** Writing a winning move in the move's layout, and the visit of each one found (counted, or written). */
const cWriteMove = `
static size_t cur_n, cur_i;
static unsigned long long moves_found;
static int counting;

static void write_parts(const unsigned long long *to, int parts) {
    if (parts == 0) fputc('0', stdout);
    for (int p = 0; p < parts; p++) printf(p ? " %llu" : "%llu", to[p]);
}

static void write_move(unsigned long long take, const unsigned long long *to, int parts) {
    for (int k = 0; k < MOVE_N; k++) {
        switch (MOVE_FIELD[k]) {
        case 0: fputs(MOVE_TEXT[k], stdout); break;
        case 1: printf("%llu", take); break;
        case 2: printf("%llu", (unsigned long long)cur_i + 1); break;
        case 3: printf("%llu", heaps[cur_i]); break;
        case 4: write_parts(to, parts); break;
        default:
            for (size_t j = 0; j < cur_n; j++) {
                if (j > 0) fputc(' ', stdout);
                if (j == cur_i) write_parts(to, parts);
                else printf("%llu", heaps[j]);
            }
        }
    }
}

/* A winning move of heap cur_i: counted, or written on a line of its own. Returns whether to go on (--answer move stops at the first). */
static int visit(unsigned long long take, const unsigned long long *to, int parts) {
    if (moves_found++ > 0 && !counting) fputc('\\n', stdout);
    if (counting) return 1;
    write_move(take, to, parts);
    return MODE != 1;
}
`;

/** The options of heap n whose value is `want`, each visited in the order sg-explore lists them (by amount taken, then what is left). */
function cOptions(m: ProgramModel): string {
  const o = m.options!;
  const head = '\n/* The options of a heap of n with value want, in sg-explore\'s order (amount taken, then what is left); 0 when a visit stopped. */\n';
  if (o.kind === 'nim') return `${head}static int options(unsigned long long n, sg_value want) {\n    if (want >= n) return 1;\n    unsigned long long to = (unsigned long long)want;\n    return visit(n - to, &to, 1);\n}\n`;
  if (o.kind === 'takes') {
    return `${head}static int options(unsigned long long n, sg_value want) {\n    for (int j = 0; j < TAKES_N && TAKES[j] <= n; j++) {\n        unsigned long long to = n - TAKES[j];\n        if (grundy(to) == want && !visit(TAKES[j], &to, 1)) return 0;\n    }\n    return 1;\n}\n`;
  }
  if (o.kind === 'all-but') return cAllBut(m);
  if (o.kind === 'divisors') return cDivisors;
  if (o.kind === 'table') return cTableOptions(o.table);
  return o.kind === 'code' ? cCode(o.repeat) : '';
}

/** The divisor game: every proper divisor of n, ascending (the odd part's divisors by trial division, times each power of 2 in n). */
const cDivisors = `
static unsigned long long *divisors;

static int ascending(const void *a, const void *b) {
    unsigned long long x = *(const unsigned long long *)a, y = *(const unsigned long long *)b;
    return x < y ? -1 : x > y;
}

static int options(unsigned long long n, sg_value want) {
    if (n < 2) return 1;
    unsigned long long m = n;
    int k = 0;
    while ((m & 1) == 0) {
        m >>= 1;
        k++;
    }
    size_t count = 0, cap = 0;
    for (unsigned long long e = 1; e <= m / e; e += 2) {
        if (m % e != 0) continue;
        for (int side = 0; side < (e == m / e ? 1 : 2); side++) {
            if (count + k + 1 > cap) divisors = (unsigned long long *)realloc(divisors, (cap = 2 * cap + k + 64) * sizeof *divisors);
            for (int j = 0; j <= k; j++) divisors[count++] = (side ? m / e : e) << j;
        }
    }
    qsort(divisors, count, sizeof *divisors, ascending);
    for (size_t i = 0; i < count; i++) {
        unsigned long long d = divisors[i], to = n - d;
        if (d < n && grundy(to) == want && !visit(d, &to, 1)) return 0;
    }
    return 1;
}
`;

/** An all-but set: the heaps below n of the value (few: each residue's values rise by the saltus), largest first, less the excluded amounts. */
function cAllBut(m: ProgramModel): string {
  const saltus = m.code.kind === 'heap-cycle' && m.code.saltus !== 0n;
  const residue = saltus
    ? `        if (r >= n || want < base || (want - base) % SG_SALTUS != 0) continue;\n        unsigned long long q = (unsigned long long)((want - base) / SG_SALTUS);\n        if (q > (n - 1 - r) / SG_PERIOD) continue;\n        found[count++] = r + SG_PERIOD * q;\n`
    : `        if (r < n && base == want) found[count++] = r;\n`;
  return `
static int excluded(unsigned long long take) {
    for (int j = 0; j < EXCLUDED_N; j++) if (EXCLUDED[j] == take) return 1;
    return 0;
}

static unsigned long long *found;

/* The heaps below n of value want (read off the pattern), largest first: each is a move unless its amount is excluded. */
static int options(unsigned long long n, sg_value want) {
    size_t count = 0;
    if (!found) found = (unsigned long long *)malloc((SG_PRE + SG_PERIOD) * sizeof *found);
    for (unsigned long long m = 0; m < n && m < SG_PRE; m++) if (grundy(m) == want) found[count++] = m;
    for (unsigned long long r = SG_PRE; r < SG_PRE + SG_PERIOD; r++) {
        sg_value base = sg_table(r);
${residue}    }
    for (size_t i = 1; i < count; i++)
        for (size_t j = i; j > 0 && found[j - 1] < found[j]; j--) {
            unsigned long long t = found[j];
            found[j] = found[j - 1];
            found[j - 1] = t;
        }
    for (size_t i = 0; i < count; i++) {
        unsigned long long to = found[i];
        if (!excluded(n - to) && !visit(n - to, &to, 1)) return 0;
    }
    return 1;
}
`;
}

/** A take-and-break code: for each amount taken, the heap emptied, the splits (through G's period where there is one), the heap left. */
const cCode = (repeat: number) => `
static int digit_at(unsigned long long t, int *unequal) {
    unsigned long long i = t;
${repeat ? '    if (t >= DIGITS_N) i = DIGITS_N - REPEAT + (t - (DIGITS_N - REPEAT)) % REPEAT;' : '    if (t >= DIGITS_N) {\n        *unequal = 0;\n        return 0;\n    }'}
    *unequal = UNEQUAL[i];
    return DIGITS[i];
}

static int split(unsigned long long take, unsigned long long rest, unsigned long long a, sg_value want) {
    if ((grundy(a) ^ grundy(rest - a)) != want) return 1;
    unsigned long long to[2] = {a, rest - a};
    return visit(take, to, 2);
}

static unsigned long long *good;

/* The splits a + (rest - a), 1 <= a <= last, of value want, by a: past G's preperiod on both sides they repeat with a mod the period,
   so the a below it and those past rest minus it are looked at one by one, the others by residue (counted, or listed a period at a time). */
static int splits(unsigned long long take, unsigned long long rest, unsigned long long last, sg_value want) {
    unsigned long long a, pre = CYCLE_PRE, p = CYCLE_PERIOD;
    if (p == 0) {
        for (a = 1; a <= last; a++) if (!split(take, rest, a, want)) return 0;
        return 1;
    }
    unsigned long long low_last = pre == 0 ? 0 : last < pre - 1 ? last : pre - 1;
    for (a = 1; a <= low_last; a++) if (!split(take, rest, a, want)) return 0;
    unsigned long long first = pre > 1 ? pre : 1, middle_last = rest < pre ? 0 : last < rest - pre ? last : rest - pre;
    if (first <= middle_last) {
        size_t goods = 0;
        if (!good) good = (unsigned long long *)malloc(p * sizeof *good);
        for (a = first; a < first + p && a <= middle_last; a++) if ((grundy(a) ^ grundy(rest - a)) == want) good[goods++] = a;
        if (counting) {
            for (size_t j = 0; j < goods; j++) moves_found += (middle_last - good[j]) / p + 1;
        } else {
            int done = 0;
            for (unsigned long long turn = 0; goods > 0 && !done; turn += p) {
                for (size_t j = 0; j < goods; j++) {
                    if (good[j] + turn > middle_last) {
                        done = 1;
                        break;
                    }
                    unsigned long long to[2] = {good[j] + turn, rest - good[j] - turn};
                    if (!visit(take, to, 2)) return 0;
                }
            }
        }
    }
    a = first;
    if (rest >= pre && rest - pre + 1 > a) a = rest - pre + 1;
    for (; a <= last; a++) if (!split(take, rest, a, want)) return 0;
    return 1;
}

static int options(unsigned long long n, sg_value want) {
    unsigned long long last = REPEAT ? n : n < DIGITS_N - 1 ? n : DIGITS_N - 1;
    for (unsigned long long t = 0; t <= last; t++) {
        int unequal, d = digit_at(t, &unequal);
        unsigned long long rest = n - t, to[3] = {0, 0, 0};
        if ((d & 1) && rest == 0 && want == 0 && !visit(t, to, 0)) return 0;
        unsigned long long last2 = (d & 4) && rest >= 2 ? (unequal && rest % 2 == 0 ? rest / 2 - 1 : rest / 2) : 0;
        if (d & 8) {
            /* Three heaps too: for each a, its three-heap splits (b rising) come before its two-heap one. */
            unsigned long long last3 = rest >= 3 ? rest / 3 : 0, top = last2 > last3 ? last2 : last3;
            for (unsigned long long a = 1; a <= top; a++) {
                for (unsigned long long b = a; a <= last3 && b <= (rest - a) / 2; b++) {
                    to[0] = a;
                    to[1] = b;
                    to[2] = rest - a - b;
                    if ((grundy(a) ^ grundy(b) ^ grundy(to[2])) == want && !visit(t, to, 3)) return 0;
                }
                if (a <= last2 && !split(t, rest, a, want)) return 0;
            }
        } else if (last2 > 0 && !splits(t, rest, last2, want)) return 0;
        if ((d & 2) && rest >= 1 && t > 0 && grundy(rest) == want) {
            to[0] = rest;
            if (!visit(t, to, 1)) return 0;
        }
    }
    return 1;
}
`;

/** Misère Nim's winning move on a heap, by Bouton's misère rule (at most one a heap: see MISERE_NIM_NOTE). */
const cMisereOptions = `
/* ${MISERE_NIM_NOTE} big, ones: the position's heaps of 2 or more and of 1. */
static unsigned long long big, ones;
static int misere_options(unsigned long long n, unsigned long long s) {
    unsigned long long others = s ^ n, big_others = big - (n >= 2), ones_others = ones - (n == 1);
    unsigned long long to = big_others > 0 ? others : ones_others % 2 == 0 ? 1 : 0;
    return to < n ? visit(n - to, &to, 1) : 1;
}
`;

/** Who wins; or the winning moves (counted first: more than sg-explore lists is refused as it refuses); `misere`: Nim's, by Bouton's misère rule. */
const cHeapAnswer = (misere: boolean) => `
static void answer(size_t n) {
${
  misere
    ? `    unsigned long long s = 0;
    big = ones = 0;
    for (size_t i = 0; i < n; i++) {
        s ^= heaps[i];
        big += heaps[i] >= 2;
        ones += heaps[i] == 1;
    }
    int won = big > 0 ? s != 0 : ones % 2 == 0;`
    : `    sg_value s = 0;
    for (size_t i = 0; i < n; i++) s ^= grundy(heaps[i]);
    int won = s != 0;`
}
    if (MODE == 0) {
        fputs(won ? WORDS[0] : WORDS[1], stdout);
        return;
    }
    if (!won) {
        fputs(MODE == 2 ? "0" : WORDS[WORDS_N - 1], stdout);
        return;
    }${misere ? `
    if (MODE != 2 && big == 0 && ones == 0) die("${NO_MOVE}");` : ''}
    cur_n = n;
    moves_found = 0;
    counting = MODE != 1;
    for (size_t i = 0; counting && i < n; i++) {
        cur_i = i;
        ${misere ? 'misere_options(heaps[i], s)' : 'options(heaps[i], grundy(heaps[i]) ^ s)'};
    }
    if (MODE == 2) {
        printf("%llu", moves_found);
        return;
    }
    if (MODE == 3 && moves_found > ${MOST_MOVES}) die("more than ${MOST_MOVES} winning moves: sg-explore lists at most that many");
    counting = 0;
    moves_found = 0;
    if (MODE == 3 && WORDS_N == 2) printf("%s\\n", WORDS[0]);
    for (size_t i = 0; i < n; i++) {
        cur_i = i;
        if (!${misere ? 'misere_options(heaps[i], s)' : 'options(heaps[i], grundy(heaps[i]) ^ s)'}) return;
    }
}
`;

/** A two-pile law's winning moves: each multiple of each vector that leaves a P-position by is_p, in sg-explore's order (fewest tokens, then the position as "x:y" text). */
function cVectorMoves(vectors: readonly PairVector[]): string {
  const rows = vectors.map((v) => `{${v.dx}, ${v.dy}, ${v.cap ?? 0}}`).join(', ');
  return `    static const long long VECTORS[][3] = {${rows}}; /* dx, dy, the most multiples (0: any) */
    from[0] = (long long)heaps[0];
    from[1] = (long long)heaps[1];
    int count = 0;
    for (size_t v = 0; v < sizeof VECTORS / sizeof VECTORS[0]; v++) {
        long long dx = VECTORS[v][0], dy = VECTORS[v][1];
        for (long long k = 1; (VECTORS[v][2] == 0 || k <= VECTORS[v][2]) && k * dx <= from[0] && k * dy <= from[1]; k++) {
            int q = is_p(from[0] - k * dx, from[1] - k * dy);
            if (q < 0) die("is_p cannot decide a position a move leaves (see the header)");
            if (!q) continue;
            if (count == room) {
                to = (long long (*)[2])realloc(to, (room *= 2) * sizeof *to);
                take = (unsigned long long *)realloc(take, room * sizeof *take);
            }
            to[count][0] = from[0] - k * dx;
            to[count][1] = from[1] - k * dy;
            take[count++] = (unsigned long long)(k * (dx + dy));
        }
    }
    for (int i = 1; i < count; i++) {
        for (int j = i; j > 0; j--) {
            char a[48], b[48];
            snprintf(a, sizeof a, "%lld:%lld", to[j - 1][0], to[j - 1][1]);
            snprintf(b, sizeof b, "%lld:%lld", to[j][0], to[j][1]);
            if (take[j - 1] < take[j] || (take[j - 1] == take[j] && strcmp(a, b) <= 0)) break;
            long long t0 = to[j][0], t1 = to[j][1];
            unsigned long long tt = take[j];
            to[j][0] = to[j - 1][0];
            to[j][1] = to[j - 1][1];
            take[j] = take[j - 1];
            to[j - 1][0] = t0;
            to[j - 1][1] = t1;
            take[j - 1] = tt;
        }
    }`;
}

/** One pair's or start heap's winning moves, by the theorem (Wythoff's, or Whinihan's and Schwenk's): who wins, or the moves. */
function cTheoremMoves(m: ProgramModel): string {
  const o = m.options!;
  const moves =
    o.kind === 'vectors'
      ? cVectorMoves(o.vectors)
      : o.kind === 'starts'
      ? C_START_MOVES
      : m.component === 'pair'
      ? `    from[0] = (long long)heaps[0];
    from[1] = (long long)heaps[1];
    int count = winning_moves(from[0], from[1], to);
    for (int i = 0; i < count; i++) take[i] = (unsigned long long)(from[0] - to[i][0]) + (unsigned long long)(from[1] - to[i][1]);`
      : `    from[0] = (long long)heaps[0];
    from[1] = from[0] > 0 ? from[0] - 1 : 0;
    long long takes[128];
    int count = winning_takes(from[0], from[1], takes);
    for (int i = 0; i < count; i++) {
        take[i] = (unsigned long long)takes[i];
        to[i][0] = from[0] - takes[i];
        to[i][1] = (unsigned long long)takes[i] > (unsigned long long)to[i][0] / FN_K ? to[i][0] : (long long)(FN_K * (unsigned long long)takes[i]);
    }`;
  return `    if (MODE == 0) {
        fputs(p ? WORDS[1] : WORDS[0], stdout);
        return;
    }
    if (p) {
        fputs(MODE == 2 ? "0" : WORDS[WORDS_N - 1], stdout);
        return;
    }
    /* The moves found, kept from case to case (a theorem's are at most 128; a law's grow as they need). */
    static long long (*to)[2];
    static unsigned long long *take;
    static int room;
    long long from[2];
    if (!to) {
        room = 128;
        to = (long long (*)[2])malloc(room * sizeof *to);
        take = (unsigned long long *)malloc(room * sizeof *take);
    }
${moves}
    if (MODE == 2) {
        printf("%d", count);
        return;
    }
    if (MODE == 3 && WORDS_N == 2) printf("%s\\n", WORDS[0]);
    for (int i = 0; i < (MODE == 1 ? 1 : count); i++) {
        if (i > 0) fputc('\\n', stdout);
        for (int k = 0; k < MOVE_N; k++) {
            switch (MOVE_FIELD[k]) {
            case 0: fputs(MOVE_TEXT[k], stdout); break;
            case 1: printf("%llu", take[i]); break;
            case 2: fputc('1', stdout); break;
            case 3: printf("%lld %lld", from[0], from[1]); break;
            default: printf("%lld %lld", to[i][0], to[i][1]);
            }
        }
    }`;
}
