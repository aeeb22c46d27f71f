/**
 * Observed laws of P-positions as code (only with --use-observed): a heap
 * with memory's start positions (n is P exactly when it is a term a(k)),
 * and a two-pile game's pairs (a_k, b_k), their mirror images and the
 * diagonal. A Beatty term ⌊kα + β⌋ with α = (p + q√d)/r is computed
 * exactly, ⌊(A + B√d)/den⌋ = ⌊(A + isqrt(B²d))/den⌋ (one less for B < 0):
 * Python, JavaScript (BigInt) and Java (BigInteger) with integers of any
 * size; C and C++ in 128 bits, up to the index where B²d still fits, past
 * which is_p answers -1 (undecided) rather than a wrong answer. A
 * recurrence's terms are listed up to 2^63 - 1 and searched.
 */
import type { EmitLanguage, PairLawModel, SequenceLaw, StartLawModel } from './model.js';
import type { DiagonalList } from './models.js';
import { comment, headerLines, numberLines } from './source.js';
import { integerSqrt } from '../theorems/integer-root.js';

type LawModel = StartLawModel | PairLawModel;

const abs = (v: bigint) => (v < 0n ? -v : v);

/** The constants of ⌊kα + β⌋ = ⌊(k·KA + CA + (k·KB + CB)√d) / DEN⌋. */
function beattyConstants(law: Extract<SequenceLaw, { kind: 'beatty' }>) {
  const { alpha, beta } = law;
  const [ra, rb] = [BigInt(alpha.r), BigInt(beta.r)];
  return { ka: BigInt(alpha.p) * rb, ca: BigInt(beta.p) * ra, kb: BigInt(alpha.q) * rb, cb: BigInt(beta.q) * ra, d: BigInt(alpha.d), den: ra * rb };
}

/** The largest index whose B²d stays below 2^126 (C's signed 128-bit arithmetic); 2^64 when B is constant. */
function largestIndex(law: SequenceLaw): bigint {
  if (law.kind === 'terms') return BigInt(law.terms.length);
  const c = beattyConstants(law);
  if (c.kb === 0n) return 1n << 64n;
  const most = integerSqrt((1n << 126n) / c.d) - abs(c.cb);
  const k = most / abs(c.kb);
  return k > 1n << 64n ? 1n << 64n : k;
}

function lawWords(model: LawModel, language: EmitLanguage): string[] {
  const c = language === 'c' || language === 'cpp';
  const start = model.kind === 'start-law';
  const fn = start ? (language === 'javascript' || language === 'java' ? 'isP(n)' : 'is_p(n)') : language === 'javascript' || language === 'java' ? 'isP(x, y)' : 'is_p(x, y)';
  const limits = [model.kind === 'start-law' ? model.law : model.a, model.kind === 'pair-law' ? model.b : null].filter((l): l is SequenceLaw => l !== null);
  const cLimit = limits.map(largestIndex).reduce((m, v) => (v < m ? v : m), 1n << 64n);
  const words = [
    `${language === 'java' ? 'SG.' : ''}${fn} says whether ${start ? 'a start heap of n (the first move takes 1..n-1)' : 'the position (x, y)'} is a P-position by the observed law, for ${start ? 'n' : 'piles'} 0 .. 2^63 - 1`,
  ];
  if (c) words.push(cLimit < 1n << 63n ? `exact while the index k of a term stays <= ${cLimit} (128-bit products); beyond, it returns -1 (undecided), never a wrong answer; it returns 1 or 0 otherwise` : 'it returns 1 or 0 (the 128-bit products cannot overflow for piles up to 2^63 - 1)');
  if (language === 'javascript') words.push('it takes a BigInt, a Number (exact only up to 2^53) or a decimal string');
  return words;
}

const TITLE = (model: LawModel) => (model.kind === 'start-law' ? 'Start positions of a heap with memory' : 'P-positions of a two-pile game');

export function renderLaw(model: LawModel, language: EmitLanguage): string {
  const header = headerLines(model.header, `${TITLE(model)}, written by sg-explore --emit --use-observed`, lawWords(model, language));
  switch (language) {
    case 'python':
      return comment(header, '#') + python(model);
    case 'javascript':
      return comment(header, '//') + javascript(model);
    case 'java':
      return comment(header, '//') + java(model);
    default:
      return comment(header, '//') + cFamily(model, language);
  }
}

/** A language's words for the diagonal's cycle: equality, or, and, and a number literal. */
interface CycleSyntax {
  readonly eq: string;
  readonly or: string;
  readonly and: string;
  number(v: bigint): string;
}

const CYCLE_SYNTAX = {
  python: { eq: '==', or: 'or', and: 'and', number: (v: bigint) => String(v) },
  javascript: { eq: '===', or: '||', and: '&&', number: (v: bigint) => `${v}n` },
  java: { eq: '==', or: '||', and: '&&', number: (v: bigint) => `${v}L` },
  c: { eq: '==', or: '||', and: '&&', number: (v: bigint) => `${v}LL` },
} satisfies Record<string, CycleSyntax>;

/** The diagonal's test when a cycle goes on past its list: the cells before the cycle, or x >= from with x mod period among the residues. */
function cycleTest(diagonal: DiagonalList, syntax: CycleSyntax): string | null {
  const cycle = diagonal.cycle;
  // A list that simply ends is its own test (nothing past it), written as before.
  if (!cycle || cycle.residues.length === 0) return null;
  const { eq, or, and, number } = syntax;
  const before = diagonal.list.filter((v) => v < cycle.from).map((v) => `x ${eq} ${number(v)}`);
  const residues = cycle.residues.map((r) => `x % ${number(cycle.period)} ${eq} ${number(r)}`);
  return [...before, `(x >= ${number(cycle.from)} ${and} (${residues.join(` ${or} `)}))`].join(` ${or} `);
}

// ---------------------------------------------------------------- Python

function pySide(name: string, law: SequenceLaw): string {
  if (law.kind === 'terms') {
    return `${name.toUpperCase()}_TERMS = [\n${numberLines(law.terms, String, '    ', 6)},\n]\n\n\ndef _term_${name}(k):\n    return ${name.toUpperCase()}_TERMS[k - 1] if k <= len(${name.toUpperCase()}_TERMS) else float("inf")\n\n\ndef _index_${name}(v):\n    i = bisect_left(${name.toUpperCase()}_TERMS, v)\n    return i + 1 if i < len(${name.toUpperCase()}_TERMS) and ${name.toUpperCase()}_TERMS[i] == v else 0\n\n\n`;
  }
  const c = beattyConstants(law);
  return (
    `def _term_${name}(k):\n    """floor(k*alpha + beta), exactly."""\n    a, b = k * ${c.ka} + ${c.ca}, k * ${c.kb} + ${c.cb}\n    r = isqrt(b * b * ${c.d})\n    return (a + (r if b >= 0 else -r - 1)) // ${c.den}\n\n\n` +
    `def _index_${name}(v):\n    """The least k >= 1 with term k = v, or 0."""\n    hi = 1\n    while _term_${name}(hi) < v:\n        hi *= 2\n    lo = 1\n    while lo < hi:\n        mid = (lo + hi) // 2\n        if _term_${name}(mid) >= v:\n            hi = mid\n        else:\n            lo = mid + 1\n    return lo if _term_${name}(lo) == v else 0\n\n\n`
  );
}

function python(model: LawModel): string {
  let out = '\nfrom bisect import bisect_left\nfrom math import isqrt\n\n\n';
  if (model.kind === 'start-law') {
    out += pySide('a', model.law);
    return out + `def is_p(n):\n    """Whether a start heap of n is lost for the first player (observed law)."""\n    return _index_a(n) != 0\n`;
  }
  out += pySide('a', model.a) + (model.b ? pySide('b', model.b) : '');
  const diagonal = (model.diagonal.kind === 'list' && cycleTest(model.diagonal, CYCLE_SYNTAX.python)) || (model.diagonal.kind === 'progression' ? (model.diagonal.step === 0n ? `x == ${model.diagonal.start}` : `x >= ${model.diagonal.start} and (x - ${model.diagonal.start}) % ${model.diagonal.step} == 0`) : `x in (${model.diagonal.list.join(', ')}${model.diagonal.list.length === 1 ? ',' : ''})`);
  const pair = model.difference !== null
    ? `    if (y - x) % ${model.difference}:\n        return False\n    return _term_a((y - x) // ${model.difference}) == x\n`
    : model.bIncreasing
      ? `    k = _index_b(y)\n    return k != 0 and _term_a(k) == x\n`
      : `    k = _index_a(x)\n    return k != 0 and _term_b(k) == y\n`;
  return out + `def is_p(x, y):\n    """Whether (x, y) is a P-position (observed law)."""\n    if x == y:\n        return ${diagonal}\n    if x > y:\n        x, y = y, x\n${pair}`;
}

// ---------------------------------------------------------------- JavaScript

function jsSide(name: string, law: SequenceLaw): string {
  const N = name.toUpperCase();
  if (law.kind === 'terms') {
    return `const ${N}_TERMS = [\n${numberLines(law.terms, (v) => `${v}n`, '  ', 4)},\n];\n\nfunction term${N}(k) {\n  return k <= BigInt(${N}_TERMS.length) ? ${N}_TERMS[Number(k) - 1] : null;\n}\n\nfunction index${N}(v) {\n  let lo = 0, hi = ${N}_TERMS.length;\n  while (lo < hi) {\n    const mid = (lo + hi) >> 1;\n    if (${N}_TERMS[mid] < v) lo = mid + 1;\n    else hi = mid;\n  }\n  return lo < ${N}_TERMS.length && ${N}_TERMS[lo] === v ? BigInt(lo + 1) : 0n;\n}\n\n`;
  }
  const c = beattyConstants(law);
  return (
    `/** floor(k*alpha + beta), exactly. */\nfunction term${N}(k) {\n  const a = k * ${c.ka}n + ${c.ca}n, b = k * ${c.kb}n + ${c.cb}n;\n  const r = isqrt(b * b * ${c.d}n);\n  return floorDiv(a + (b >= 0n ? r : -r - 1n), ${c.den}n);\n}\n\n` +
    `/** The least k >= 1 with term k = v, or 0n. */\nfunction index${N}(v) {\n  let hi = 1n;\n  while (term${N}(hi) < v) hi *= 2n;\n  let lo = 1n;\n  while (lo < hi) {\n    const mid = (lo + hi) / 2n;\n    if (term${N}(mid) >= v) hi = mid;\n    else lo = mid + 1n;\n  }\n  return term${N}(lo) === v ? lo : 0n;\n}\n\n`
  );
}

const JS_HELPERS =
  'function isqrt(n) {\n  if (n < 2n) return n;\n  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2));\n  for (;;) {\n    const y = (x + n / x) >> 1n;\n    if (y >= x) return x;\n    x = y;\n  }\n}\n\nfunction floorDiv(a, b) {\n  const q = a / b;\n  return a % b !== 0n && a < 0n ? q - 1n : q;\n}\n\n';

function javascript(model: LawModel): string {
  let out = '\n' + JS_HELPERS;
  if (model.kind === 'start-law') {
    out += jsSide('a', model.law);
    return out + `/** Whether a start heap of n is lost for the first player (observed law). */\nfunction isP(n) {\n  return indexA(BigInt(n)) !== 0n;\n}\n`;
  }
  out += jsSide('a', model.a) + (model.b ? jsSide('b', model.b) : '');
  const diagonal = (model.diagonal.kind === 'list' && cycleTest(model.diagonal, CYCLE_SYNTAX.javascript)) || (model.diagonal.kind === 'progression' ? (model.diagonal.step === 0n ? `x === ${model.diagonal.start}n` : `x >= ${model.diagonal.start}n && (x - ${model.diagonal.start}n) % ${model.diagonal.step}n === 0n`) : `[${model.diagonal.list.map((v) => `${v}n`).join(', ')}].includes(x)`);
  const pair = model.difference !== null
    ? `  if ((y - x) % ${model.difference}n !== 0n) return false;\n  return termA((y - x) / ${model.difference}n) === x;\n`
    : model.bIncreasing
      ? `  const k = indexB(y);\n  return k !== 0n && termA(k) === x;\n`
      : `  const k = indexA(x);\n  return k !== 0n && termB(k) === y;\n`;
  return out + `/** Whether (x, y) is a P-position (observed law). */\nfunction isP(x, y) {\n  x = BigInt(x);\n  y = BigInt(y);\n  if (x === y) return ${diagonal};\n  if (x > y) [x, y] = [y, x];\n${pair}}\n`;
}

// ---------------------------------------------------------------- Java

function javaSide(name: string, law: SequenceLaw): string {
  const N = name.toUpperCase();
  const B = 'java.math.BigInteger';
  if (law.kind === 'terms') {
    return `    private static final long[] ${N}_TERMS = {\n${numberLines(law.terms, (v) => `${v}L`, '        ', 4)}\n    };\n\n    private static ${B} term${N}(${B} k) {\n        return k.compareTo(${B}.valueOf(${N}_TERMS.length)) <= 0 ? ${B}.valueOf(${N}_TERMS[k.intValue() - 1]) : ${B}.ONE.shiftLeft(64);\n    }\n\n    private static ${B} index${N}(long v) {\n        int i = java.util.Arrays.binarySearch(${N}_TERMS, v);\n        return i >= 0 ? ${B}.valueOf(i + 1) : ${B}.ZERO;\n    }\n\n`;
  }
  const c = beattyConstants(law);
  const v = (x: bigint) => `new ${B}("${x}")`;
  return (
    `    /** floor(k*alpha + beta), exactly. */\n    private static ${B} term${N}(${B} k) {\n        ${B} a = k.multiply(${v(c.ka)}).add(${v(c.ca)}), b = k.multiply(${v(c.kb)}).add(${v(c.cb)});\n        ${B} r = b.multiply(b).multiply(${v(c.d)}).sqrt();\n        ${B} num = a.add(b.signum() >= 0 ? r : r.negate().subtract(${B}.ONE));\n        ${B} den = ${v(c.den)};\n        return num.subtract(num.mod(den)).divide(den);\n    }\n\n` +
    `    /** The least k >= 1 with term k = v, or 0. */\n    private static ${B} index${N}(long value) {\n        ${B} v = ${B}.valueOf(value), hi = ${B}.ONE;\n        while (term${N}(hi).compareTo(v) < 0) hi = hi.shiftLeft(1);\n        ${B} lo = ${B}.ONE;\n        while (lo.compareTo(hi) < 0) {\n            ${B} mid = lo.add(hi).shiftRight(1);\n            if (term${N}(mid).compareTo(v) >= 0) hi = mid;\n            else lo = mid.add(${B}.ONE);\n        }\n        return term${N}(lo).equals(v) ? lo : ${B}.ZERO;\n    }\n\n`
  );
}

function java(model: LawModel): string {
  const B = 'java.math.BigInteger';
  let out = '\nfinal class SG {\n';
  if (model.kind === 'start-law') {
    out += javaSide('a', model.law);
    return out + `    /** Whether a start heap of n is lost for the first player (observed law). */\n    static boolean isP(long n) {\n        return indexA(n).signum() != 0;\n    }\n}\n`;
  }
  out += javaSide('a', model.a) + (model.b ? javaSide('b', model.b) : '');
  const diagonal = (model.diagonal.kind === 'list' && cycleTest(model.diagonal, CYCLE_SYNTAX.java)) || (model.diagonal.kind === 'progression' ? (model.diagonal.step === 0n ? `x == ${model.diagonal.start}L` : `x >= ${model.diagonal.start}L && (x - ${model.diagonal.start}L) % ${model.diagonal.step}L == 0`) : `java.util.Arrays.asList(${model.diagonal.list.map((v) => `${v}L`).join(', ')}).contains(x)`);
  const pair = model.difference !== null
    ? `        if ((y - x) % ${model.difference}L != 0) return false;\n        return termA(${B}.valueOf((y - x) / ${model.difference}L)).equals(${B}.valueOf(x));\n`
    : model.bIncreasing
      ? `        ${B} k = indexB(y);\n        return k.signum() != 0 && termA(k).equals(${B}.valueOf(x));\n`
      : `        ${B} k = indexA(x);\n        return k.signum() != 0 && termB(k).equals(${B}.valueOf(y));\n`;
  return out + `    /** Whether (x, y) is a P-position (observed law). */\n    static boolean isP(long x, long y) {\n        if (x == y) return ${diagonal};\n        if (x > y) {\n            long t = x;\n            x = y;\n            y = t;\n        }\n${pair}    }\n}\n`;
}

// ---------------------------------------------------------------- C and C++

/** Terms past what the code can compute (C): a sentinel larger than any pile, or -1 for undecided. */
function cSide(name: string, law: SequenceLaw): string {
  const N = name.toUpperCase();
  if (law.kind === 'terms') {
    return `static const long long ${N}_TERMS[${law.terms.length}] = {\n${numberLines(law.terms, (v) => `${v}LL`, '    ', 4)}\n};\n\n/* Term k (k >= 1), or a number past any pile beyond the list. */\nstatic inline sg_i128 term_${name}(sg_i128 k) {\n    return k <= ${law.terms.length} ? (sg_i128)${N}_TERMS[(int)k - 1] : SG_BEYOND;\n}\n\n/* The k with term k = v, or 0. */\nstatic inline sg_i128 index_${name}(long long v) {\n    int lo = 0, hi = ${law.terms.length};\n    while (lo < hi) {\n        int mid = (lo + hi) / 2;\n        if (${N}_TERMS[mid] < v) lo = mid + 1; else hi = mid;\n    }\n    return lo < ${law.terms.length} && ${N}_TERMS[lo] == v ? lo + 1 : 0;\n}\n\n`;
  }
  const c = beattyConstants(law);
  const most = largestIndex(law);
  const lit = (v: bigint) => (abs(v) < 1n << 62n ? `(sg_i128)${v}LL` : `((sg_i128)${v >> 32n}LL * 4294967296 + ${v & 0xffffffffn}LL)`);
  return (
    `/* floor(k*alpha + beta), exactly, for 1 <= k <= ${most}; -1 (undecided) beyond. */\nstatic inline sg_i128 term_${name}(sg_i128 k) {\n    if (k > ${lit(most)}) return -1;\n    sg_i128 a = k * ${lit(c.ka)} + ${lit(c.ca)}, b = k * ${lit(c.kb)} + ${lit(c.cb)};\n    sg_i128 r = (sg_i128)sg_isqrt((unsigned __int128)(b * b) * ${c.d}u);\n    return sg_floor_div(a + (b >= 0 ? r : -r - 1), ${lit(c.den)});\n}\n\n` +
    `/* The least k >= 1 with term k = v; 0 when there is none, -1 when undecided. */\nstatic inline sg_i128 index_${name}(long long value) {\n    sg_i128 v = value, hi = 1, t;\n    while ((t = term_${name}(hi)) < v) {\n        if (t < 0) return -1;\n        hi *= 2;\n    }\n    sg_i128 lo = 1;\n    while (lo < hi) {\n        sg_i128 mid = (lo + hi) / 2;\n        t = term_${name}(mid);\n        if (t < 0) return -1;\n        if (t >= v) hi = mid; else lo = mid + 1;\n    }\n    return term_${name}(lo) == v ? lo : 0;\n}\n\n`
  );
}

/** The types, and the exact arithmetic of a Beatty law's terms only where a side has one (-Wall finds nothing unused). */
const cHelpers = (laws: readonly (SequenceLaw | null)[]) =>
  'typedef __int128 sg_i128;\n#define SG_BEYOND (((sg_i128)1) << 100)\n\n' + (laws.some((l) => l?.kind === 'beatty') ? C_BEATTY_HELPERS : '');

const C_BEATTY_HELPERS =
  '/* The integer square root of n (digit by digit: exact). */\nstatic unsigned __int128 sg_isqrt(unsigned __int128 n) {\n    unsigned __int128 r = 0, bit = ((unsigned __int128)1) << 126;\n    while (bit > n) bit >>= 2;\n    while (bit) {\n        if (n >= r + bit) {\n            n -= r + bit;\n            r = (r >> 1) + bit;\n        } else {\n            r >>= 1;\n        }\n        bit >>= 2;\n    }\n    return r;\n}\n\n' +
  'static sg_i128 sg_floor_div(sg_i128 a, sg_i128 b) {\n    sg_i128 q = a / b;\n    return (a % b != 0 && a < 0) ? q - 1 : q;\n}\n\n';

function cFamily(model: LawModel, language: EmitLanguage): string {
  let out = '\n' + (language === 'c' ? '#include <stdbool.h>\n' : '') + '\n' + cHelpers(model.kind === 'start-law' ? [model.law] : [model.a, model.b]);
  if (model.kind === 'start-law') {
    out += cSide('a', model.law);
    return out + `/* 1 when a start heap of n is lost for the first player (observed law), 0 when not, -1 when undecided. */\nint is_p(long long n) {\n    sg_i128 k = index_a(n);\n    return k < 0 ? -1 : k != 0;\n}\n`;
  }
  out += cSide('a', model.a) + (model.b ? cSide('b', model.b) : '');
  const diagonal = (model.diagonal.kind === 'list' && cycleTest(model.diagonal, CYCLE_SYNTAX.c)) || (model.diagonal.kind === 'progression' ? (model.diagonal.step === 0n ? `x == ${model.diagonal.start}LL` : `x >= ${model.diagonal.start}LL && (x - ${model.diagonal.start}LL) % ${model.diagonal.step}LL == 0`) : model.diagonal.list.map((v) => `x == ${v}LL`).join(' || ') || '0');
  const pair = model.difference !== null
    ? `    if ((y - x) % ${model.difference}LL != 0) return 0;\n    sg_i128 t = term_a((y - x) / ${model.difference}LL);\n    return t < 0 ? -1 : t == x;\n`
    : model.bIncreasing
      ? `    sg_i128 k = index_b(y);\n    if (k <= 0) return (int)k;\n    sg_i128 t = term_a(k);\n    return t < 0 ? -1 : t == x;\n`
      : `    sg_i128 k = index_a(x);\n    if (k <= 0) return (int)k;\n    sg_i128 t = term_b(k);\n    return t < 0 ? -1 : t == y;\n`;
  return out + `/* 1 when (x, y) is a P-position (observed law), 0 when not, -1 when undecided. */\nint is_p(long long x, long long y) {\n    if (x == y) return ${diagonal};\n    if (x > y) {\n        long long t = x;\n        x = y;\n        y = t;\n    }\n${pair}}\n`;
}
