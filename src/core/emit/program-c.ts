/**
 * The main of a C or C++ program (--emit c|cpp --program): standard input
 * read whole, tokens at white space, heaps as unsigned 64-bit numbers, the
 * answer written with stdio. The functions it calls come before it.
 */
import { partCode, programCodes, type ProgramModel } from './program.js';

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
  const heap = m.component === 'heap';
  const takes = m.options?.kind === 'takes' ? m.options.takes : [];
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
    `static const unsigned long long TAKES[] = {${list(takes.map((t) => `${t}ULL`))}};\nstatic const int TAKES_N = ${takes.length};\nstatic const int NIM = ${m.options?.kind === 'nim' ? 1 : 0};\n` : '') +
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
  return heads + data + reader + cAnswer(m) + cMain();
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
    fputs(p ? WORDS[1] : WORDS[0], stdout);
}
`;
  }
  return `
static void write_move(size_t n, size_t i, unsigned long long to) {
    for (int k = 0; k < MOVE_N; k++) {
        switch (MOVE_FIELD[k]) {
        case 0: fputs(MOVE_TEXT[k], stdout); break;
        case 1: printf("%llu", heaps[i] - to); break;
        case 2: printf("%llu", (unsigned long long)i + 1); break;
        case 3: printf("%llu", heaps[i]); break;
        case 4: printf("%llu", to); break;
        default:
            for (size_t j = 0; j < n; j++) printf(j ? " %llu" : "%llu", j == i ? to : heaps[j]);
        }
    }
}

static void answer(size_t n) {
    sg_value s = 0;
    for (size_t i = 0; i < n; i++) s ^= grundy(heaps[i]);
    if (MODE == 0) {
        fputs(s != 0 ? WORDS[0] : WORDS[1], stdout);
        return;
    }
    if (s == 0) {
        fputs(MODE == 2 ? "0" : WORDS[WORDS_N - 1], stdout);
        return;
    }
    if (MODE == 3 && WORDS_N == 2) printf("%s\\n", WORDS[0]);
    unsigned long long count = 0;
    for (size_t i = 0; i < n; i++) {
        sg_value want = grundy(heaps[i]) ^ s;
        for (int j = 0; j < (NIM ? 1 : TAKES_N); j++) {
            unsigned long long to;
            if (NIM) {
                if (want >= heaps[i]) continue;
                to = (unsigned long long)want;
            } else {
                if (TAKES[j] > heaps[i]) break;
                to = heaps[i] - TAKES[j];
                if (grundy(to) != want) continue;
            }
            if (MODE == 2) {
                count++;
                continue;
            }
            if (count++ > 0) fputc('\\n', stdout);
            write_move(n, i, to);
            if (MODE == 1) return;
        }
    }
    if (MODE == 2) printf("%llu", count);
}
`;
}

function cMain(): string {
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
        size_t n = COMPONENTS == -1 ? (size_t)read_number() : COMPONENTS == -2 ? tokens_left() / WIDTH : (size_t)COMPONENTS;
        if (n * WIDTH > heaps_cap) heaps = (unsigned long long *)realloc(heaps, (heaps_cap = n * WIDTH + 16) * sizeof *heaps);
        for (size_t i = 0; i < n * WIDTH; i++) heaps[i] = read_number();
        for (int p = 0; p < PREFIX_N; p++) {
            if (p > 0) printf("%llu", k);
            fputs(PREFIX[p], stdout);
        }
        answer(n);
        fputc('\\n', stdout);
    }
    return 0;
}
`;
}
