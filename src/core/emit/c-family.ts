/**
 * C (C99) and C++ (C++11): heaps are unsigned 64-bit for a table or a
 * modulus (0 <= n <= 2^64 - 1), signed 64-bit for the pile and heap
 * functions of Wythoff and Fibonacci Nim (0 <= x <= 2^63 - 1). A value that
 * can pass 2^64 - 1 is returned as unsigned __int128 (GCC and Clang).
 */
import type { CappedNimModel, LanguageRenderer, HeapCycleModel, ModulusModel, WythoffModel } from './model.js';
import { LARGEST_SIGNED, LARGEST_UNSIGNED } from './model.js';
import { LINE, comment, cycleFormula, fibonacciUpTo, headerLines, numberLines, pieces, tableDigits, tableNote, tableWidth } from './source.js';

type Dialect = 'c' | 'cpp';

const u64 = (v: bigint) => `${v}ULL`;

function prelude(dialect: Dialect): string {
  return dialect === 'c' ? '#include <stdbool.h>\n#include <stdint.h>\n' : '#include <cstdint>\n#include <utility>\n';
}

/** C or C++: the same code, with the dialect's headers and names. */
export function cFamilyRenderer(dialect: Dialect): LanguageRenderer {
  return { heapCycle: (m) => heapCycle(m, dialect), modulus: (m) => modulus(m, dialect), wythoff: (m) => wythoff(m, dialect), cappedNim: (m) => cappedNim(m, dialect) };
}

function heapCycle(m: HeapCycleModel, dialect: Dialect): string {
  const width = tableWidth(m.values);
  // Values that pass 64 bits only for heaps past 2^63 - 1 stay 64-bit, and heaps stop there (a Lasker-like saltus equal to the period).
  const narrow = m.limit === undefined && m.largestUnsigned > LARGEST_UNSIGNED && m.largestSigned <= LARGEST_UNSIGNED;
  const wide = m.largestUnsigned > LARGEST_UNSIGNED && !narrow;
  const type = wide ? 'unsigned __int128' : 'unsigned long long';
  const largest = narrow ? m.largestSigned : m.largestUnsigned;
  const notes = [
    cycleFormula(m),
    tableNote(m, width),
    `grundy(n) and is_p(n) take any 0 <= n <= ${m.limit ?? (narrow ? '2^63 - 1 (past it G(n) could pass 64 bits: it stops the program with a message)' : '2^64 - 1')}; G(n) is at most ${largest}${wide ? ', past 2^64 - 1: it is returned as unsigned __int128 (GCC, Clang)' : ', so it fits unsigned long long (no overflow)'}`,
  ];
  const bound = m.limit ?? (narrow ? LARGEST_SIGNED : null);
  const table = pieces(tableDigits(m.values, width), LINE).map((p) => `    "${p}"`).join('\n');
  const read =
    width === 1
      ? `    return (${type})(SG_TABLE[i] - '0');`
      : `    ${type} v = 0;\n    for (int j = 0; j < SG_WIDTH; j++) v = v * 10 + (${type})(SG_TABLE[i * SG_WIDTH + j] - '0');\n    return v;`;
  const beyond = m.saltus === 0n ? `sg_table(SG_PRE + q % SG_PERIOD)` : `sg_table(SG_PRE + q % SG_PERIOD) + (${type})(q / SG_PERIOD) * SG_SALTUS`;
  return (
    comment(headerLines(m.header, 'Sprague-Grundy values G(n) of one heap, written by sg-explore --emit', notes), '//') +
    '\n' +
    prelude(dialect) +
    (bound === null ? '' : dialect === 'c' ? '#include <stdio.h>\n#include <stdlib.h>\n' : '#include <cstdio>\n#include <cstdlib>\n') +
    `\nstatic const char SG_TABLE[] =\n${table};\n` +
    `static const unsigned long long SG_PRE = ${u64(BigInt(m.preperiod))}, SG_PERIOD = ${u64(BigInt(m.period))};\n` +
    (width === 1 ? '' : `static const int SG_WIDTH = ${width};\n`) +
    (m.saltus === 0n ? '' : `static const ${type} SG_SALTUS = ${u64(m.saltus)};\n`) +
    `\nstatic ${type} sg_table(unsigned long long i) {\n${read}\n}\n\n` +
    (bound === null
      ? `/* G(n), 0 <= n <= 2^64 - 1. */\n${type} grundy(unsigned long long n) {\n`
      : `/* G(n), 0 <= n <= ${bound}: past it the program stops with a message. */\n${type} grundy(unsigned long long n) {\n    if (n > ${u64(bound)}) {\n        fprintf(stderr, "grundy(%llu): past ${m.limit !== undefined ? `the table, which ends at ${m.limit}` : `2^63 - 1, where G(n) could pass 64 bits`}\\n", n);\n        exit(1);\n    }\n`) +
    `    if (n < SG_PRE) return sg_table(n);\n    unsigned long long q = n - SG_PRE;\n    return ${beyond};\n}\n\n` +
    `/* Whether a heap of n is a P-position (the player to move loses). */\nbool is_p(unsigned long long n) { return grundy(n) == 0; }\n`
  );
}

function modulus(m: ModulusModel, dialect: Dialect): string {
  const notes = ['grundy(n) and is_p(n) take any 0 <= n <= 2^64 - 1'];
  return (
    comment(headerLines(m.header, 'Sprague-Grundy values G(n) of one heap, written by sg-explore --emit', notes), '//') +
    '\n' +
    prelude(dialect) +
    `\n/* G(n) = n mod ${m.modulus}. */\nunsigned long long grundy(unsigned long long n) { return n % ${u64(m.modulus)}; }\n\n` +
    `/* Whether a heap of n is a P-position: n is a multiple of ${m.modulus}. */\nbool is_p(unsigned long long n) { return n % ${u64(m.modulus)} == 0; }\n`
  );
}

function wythoff(m: WythoffModel, dialect: Dialect): string {
  // F(2) .. F(93): the parts of any pile up to 2^63 - 1 and the part above each (all below 2^64).
  const fib = fibonacciUpTo(LARGEST_SIGNED);
  const signature =
    dialect === 'c'
      ? 'bool winning_move(long long x, long long y, long long *to_x, long long *to_y)'
      : 'std::pair<long long, long long> winning_move(long long x, long long y)';
  const notes = [
    'is_p(x, y) and winning_move take piles 0 <= x, y <= 2^63 - 1; the arithmetic is unsigned 64-bit and never overflows (no floating point)',
    dialect === 'c'
      ? 'winning_move stores the position after the move that takes the fewest tokens (ties: the smaller first pile left) and returns true; at a P-position it returns false'
      : 'winning_move returns the position after the move that takes the fewest tokens (ties: the smaller first pile left), or {-1, -1} at a P-position',
  ];
  const found = dialect === 'c' ? '    if (!found) return false;\n    *to_x = (long long)bx;\n    *to_y = (long long)by;\n    return true;' : '    if (!found) return std::make_pair(-1LL, -1LL);\n    return std::make_pair((long long)bx, (long long)by);';
  return (
    comment(headerLines(m.header, "Wythoff's game, written by sg-explore --emit", notes), '//') +
    '\n' +
    prelude(dialect) +
    `\n/* F(2), F(3), ... = 1, 2, 3, 5, ... */\nstatic const unsigned long long WY_FIB[${fib.length}] = {\n${numberLines(fib, u64, '    ', 4)}\n};\n\n` +
    `/* The index in WY_FIB of the smallest part of x >= 1 (even: x = floor(k*phi) for some k >= 1). */\nstatic int wy_lowest(unsigned long long x) {\n    int i = ${fib.length - 1}, low = 0;\n    while (x) {\n        while (WY_FIB[i] > x) i--;\n        x -= WY_FIB[i];\n        low = i;\n    }\n    return low;\n}\n\n` +
    `/* x with every part F(i) of its Zeckendorf sum replaced by F(i + by), by = 1 or -1. */\nstatic unsigned long long wy_shift(unsigned long long x, int by) {\n    unsigned long long s = 0;\n    int i = ${fib.length - 1};\n    while (x) {\n        while (WY_FIB[i] > x) i--;\n        x -= WY_FIB[i];\n        s += WY_FIB[i + by];\n    }\n    return s;\n}\n\n` +
    `/* The pile that makes a P-position with x. */\nstatic unsigned long long wy_partner(unsigned long long x) {\n    if (x == 0) return 0;\n    return wy_lowest(x) % 2 == 0 ? wy_shift(x, 1) : wy_shift(x, -1);\n}\n\n` +
    `/* floor(k*phi). */\nstatic unsigned long long wy_lower(unsigned long long k) {\n    if (k == 0) return 0;\n    return wy_shift(k, 1) - (wy_lowest(k) % 2 == 0 ? 1 : 0);\n}\n\n` +
    `/* Whether (x, y) is a P-position (the player to move loses). */\nbool is_p(long long x, long long y) {\n    unsigned long long s = (unsigned long long)(x < y ? x : y), l = (unsigned long long)(x < y ? y : x);\n    if (s == 0) return l == 0;\n    return wy_lowest(l) % 2 == 1 && wy_shift(l, -1) == s;\n}\n\n` +
    `/* The winning move that takes the fewest tokens (ties: the smaller first pile left). */\n${signature} {\n` +
    `    unsigned long long X = (unsigned long long)x, Y = (unsigned long long)y, bx = 0, by = 0, best = 0;\n    bool found = false;\n` +
    `    unsigned long long c[3][2];\n    int n = 0;\n` +
    `    unsigned long long py = wy_partner(Y), px = wy_partner(X);\n` +
    `    if (py < X) { c[n][0] = py; c[n][1] = Y; n++; }\n    if (px < Y) { c[n][0] = X; c[n][1] = px; n++; }\n` +
    `    unsigned long long d = X > Y ? X - Y : Y - X, a = wy_lower(d), s = X < Y ? X : Y;\n` +
    `    if (a < s) { c[n][0] = X <= Y ? a : a + d; c[n][1] = X <= Y ? a + d : a; n++; }\n` +
    `    for (int i = 0; i < n; i++) {\n        unsigned long long taken = (X - c[i][0]) + (Y - c[i][1]);\n        if (!found || taken < best || (taken == best && c[i][0] < bx)) { found = true; best = taken; bx = c[i][0]; by = c[i][1]; }\n    }\n` +
    `${found}\n}\n\n` +
    `/* Every winning move, in the order sg-explore lists them (fewest tokens taken, then the smaller first pile left, then the second): the positions after them in to; returns how many (at most 3). */\n` +
    `int winning_moves(long long x, long long y, long long to[3][2]) {\n    unsigned long long X = (unsigned long long)x, Y = (unsigned long long)y, c[3][2], t[3];\n    int n = 0;\n` +
    `    unsigned long long py = wy_partner(Y), px = wy_partner(X);\n    if (py < X) { c[n][0] = py; c[n][1] = Y; n++; }\n    if (px < Y) { c[n][0] = X; c[n][1] = px; n++; }\n` +
    `    unsigned long long d = X > Y ? X - Y : Y - X, a = wy_lower(d), s = X < Y ? X : Y;\n    if (a < s) { c[n][0] = X <= Y ? a : a + d; c[n][1] = X <= Y ? a + d : a; n++; }\n` +
    `    for (int i = 0; i < n; i++) t[i] = (X - c[i][0]) + (Y - c[i][1]);\n` +
    `    for (int i = 0; i < n; i++) {\n        int b = i;\n        for (int j = i + 1; j < n; j++)\n            if (t[j] < t[b] || (t[j] == t[b] && (c[j][0] < c[b][0] || (c[j][0] == c[b][0] && c[j][1] < c[b][1])))) b = j;\n` +
    `        unsigned long long u0 = c[b][0], u1 = c[b][1], ut = t[b];\n        c[b][0] = c[i][0]; c[b][1] = c[i][1]; t[b] = t[i];\n        c[i][0] = u0; c[i][1] = u1; t[i] = ut;\n        to[i][0] = (long long)u0;\n        to[i][1] = (long long)u1;\n    }\n    return n;\n}\n`
  );
}

function cappedNim(m: CappedNimModel, dialect: Dialect): string {
  const k = m.factor;
  const notes = [
    'is_p(n) (a start heap: the first move takes 1..n-1), is_p_state(n, cap) and winning_take(n, cap) take 0 <= n, cap <= 2^63 - 1',
    `winning_take returns the smallest winning take, or 0 when the position is lost; no product ${k}·t is formed (no overflow)`,
  ];
  return (
    comment(headerLines(m.header, `Fibonacci Nim (each move takes at most ${k} times the last), written by sg-explore --emit`, notes), '//') +
    '\n' +
    prelude(dialect) +
    `\n/* The losing heaps H(1), H(2), ... up to 2^63 - 1. */\nstatic const unsigned long long FN_H[${m.losing.length}] = {\n${numberLines(m.losing, u64, '    ', 4)}\n};\n` +
    `static const int FN_COUNT = ${m.losing.length};\nstatic const unsigned long long FN_K = ${u64(k)};\n\n` +
    `/* The parts of n >= 1 in its greedy sum of H's, largest first; returns how many. */\nstatic int fn_parts(unsigned long long n, unsigned long long parts[]) {\n    int count = 0, hi = FN_COUNT - 1;\n    while (n) {\n        int lo = 0;\n        while (lo < hi) {\n            int mid = (lo + hi + 1) / 2;\n            if (FN_H[mid] <= n) lo = mid; else hi = mid - 1;\n        }\n        parts[count++] = FN_H[lo];\n        n -= FN_H[lo];\n        hi = lo;\n    }\n    return count;\n}\n\n` +
    `/* Whether the player to move loses with a heap of n and a cap of cap. */\nbool is_p_state(long long n, long long cap) {\n    if (n == 0) return true;\n    unsigned long long parts[128];\n    int count = fn_parts((unsigned long long)n, parts);\n    return parts[count - 1] > (unsigned long long)cap;\n}\n\n` +
    `/* Whether a start heap of n (the first move takes 1..n-1) is lost for the first player. */\nbool is_p(long long n) { return n == 0 || is_p_state(n, n - 1); }\n\n` +
    `/* The smallest winning take from (n, cap), or 0 when the position is lost. */\nlong long winning_take(long long n, long long cap) {\n    if (n == 0) return 0;\n    unsigned long long parts[128], t = 0;\n    int count = fn_parts((unsigned long long)n, parts);\n    for (int i = count - 1; i >= 0; i--) {\n        t += parts[i];\n        if (t > (unsigned long long)cap) break;\n        /* the part above is more than k*t: (above - 1) / k >= t */\n        if (i == 0 || (parts[i - 1] - 1) / FN_K >= t) return (long long)t;\n    }\n    return 0;\n}\n\n` +
    `/* Every winning take from (n, cap), smallest first, into takes (room for 128); returns how many. */\nint winning_takes(long long n, long long cap, long long takes[]) {\n    if (n == 0) return 0;\n    unsigned long long parts[128], t = 0;\n    int count = fn_parts((unsigned long long)n, parts), found = 0;\n    for (int i = count - 1; i >= 0; i--) {\n        t += parts[i];\n        if (t > (unsigned long long)cap) break;\n        if (i == 0 || (parts[i - 1] - 1) / FN_K >= t) takes[found++] = (long long)t;\n    }\n    return found;\n}\n`
  );
  void dialect;
}
