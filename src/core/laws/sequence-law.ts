/**
 * Linear recurrences in integer sequences (P-positions of start states, a
 * coordinate of 2-D P-positions), found by Berlekamp–Massey over the
 * rationals in exact bigint arithmetic. A recurrence of order d counts only
 * when the data holds it well beyond what fitting it needs (2d + MARGIN
 * terms), so a random sequence does not "have" one; if a recurrence held on
 * a long prefix and then failed, the first counterexample is reported.
 */
import { english, say, type Message, type Translate } from '../i18n/index.js';
/** A linear recurrence the P-positions were seen to follow (observed, never proven). */
export interface Recurrence {
  /** a(k) = Σ coefficients[i] · a(k-1-i) (rationals as [numerator, denominator]); the last is non-zero. */
  readonly coefficients: readonly (readonly [bigint, bigint])[];
  /**
   * The first term (0-based) the recurrence gives: it holds for every term from
   * here on (up to the counterexample), and not for the one before, when that
   * one has enough terms before it. The earlier terms are its start values.
   */
  readonly from: number;
  /** "a(k) = a(k−1) + a(k−2) for k ≥ 4", k counted from 1 (a(1) is the first term): recurrenceText in English. */
  readonly text: string;
  /** A name for the sequence, when its first terms make it a known one ("the Fibonacci numbers"), as a message. */
  readonly name: Message | null;
  /** Terms it was checked on, and the index of the first term it fails (null: none). */
  readonly checked: number;
  readonly counterexample: number | null;
}

const MARGIN = 4;
/** Terms a recurrence is fitted on (any of order up to (FIT_TERMS − MARGIN) / 2 is found); later terms are only checked. */
const FIT_TERMS = 256;

type Fraction = [bigint, bigint];

function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
}

function norm([n, d]: Fraction): Fraction {
  if (d < 0n) (n = -n), (d = -d);
  const g = gcd(n, d) || 1n;
  return [n / g, d / g];
}

const sub = (a: Fraction, b: Fraction): Fraction => norm([a[0] * b[1] - b[0] * a[1], a[1] * b[1]]);
const mul = (a: Fraction, b: Fraction): Fraction => norm([a[0] * b[0], a[1] * b[1]]);
const div = (a: Fraction, b: Fraction): Fraction => norm([a[0] * b[1], a[1] * b[0]]);

function term(i: number, c: readonly [bigint, bigint]): string {
  const sign = c[0] < 0n ? '−' : '+';
  const magnitude: Fraction = [c[0] < 0n ? -c[0] : c[0], c[1]];
  const factor = magnitude[1] === 1n ? (magnitude[0] === 1n ? '' : `${magnitude[0]}·`) : `${magnitude[0]}/${magnitude[1]}·`;
  return `${sign} ${factor}a(k−${i})`;
}

function describe(coefficients: readonly (readonly [bigint, bigint])[]): string {
  const parts = coefficients.map((c, i) => (c[0] === 0n ? '' : term(i + 1, c))).filter(Boolean);
  const text = parts.join(' ').replace(/^\+ /, '').replace(/^− /, '−');
  return `a(k) = ${text || '0'}`;
}

/** Whether the recurrence gives term n from the terms before it. */
function holdsAt(coefficients: readonly Fraction[], terms: readonly bigint[], n: number): boolean {
  let predicted: Fraction = [0n, 1n];
  coefficients.forEach((c, i) => (predicted = norm([predicted[0] * c[1] + c[0] * terms[n - 1 - i]! * predicted[1], predicted[1] * c[1]])));
  return predicted[1] === 1n && predicted[0] === terms[n];
}

function isFibonacciRun(terms: readonly bigint[]): boolean {
  const fib: bigint[] = [1n, 2n];
  while (fib[fib.length - 1]! < terms[0]!) fib.push(fib[fib.length - 1]! + fib[fib.length - 2]!);
  let i = fib.indexOf(terms[0]!);
  if (i < 0) return false;
  for (const t of terms) {
    while (fib.length <= i) fib.push(fib[fib.length - 1]! + fib[fib.length - 2]!);
    if (fib[i++] !== t) return false;
  }
  return true;
}

/** The first term from `from` on that the recurrence does not give, or null. */
function firstFailure(coefficients: readonly Fraction[], terms: readonly bigint[], from: number): number | null {
  for (let n = from; n < terms.length; n++) if (!holdsAt(coefficients, terms, n)) return n;
  return null;
}

/** Berlekamp–Massey's state after some terms: the connection polynomial C (C[0] = 1) and its length L. */
interface Fitted {
  readonly C: Fraction[];
  readonly L: number;
}

/** The recurrence to report, from the terms fitted: where the last one held, with the term it first failed (null: none). */
type Chosen = { C: Fraction[]; L: number; failsAt: number | null };

/**
 * Berlekamp–Massey over the rationals on s[0..upTo): the recurrence that
 * fits all of them, or (with `stopAtSupported`) the first one held over
 * 2L + MARGIN terms or more that then failed, as found.
 */
function fitRational(s: readonly Fraction[], upTo: number): { fitted: Fitted; supported: Chosen | null } {
  let C: Fraction[] = [[1n, 1n]];
  let B: Fraction[] = [[1n, 1n]];
  let L = 0;
  let m = 1;
  let b: Fraction = [1n, 1n];
  let supported: Chosen | null = null;
  for (let n = 0; n < upTo; n++) {
    let d = s[n]!;
    for (let i = 1; i <= L; i++) d = norm([d[0] * C[i]![1] * s[n - i]![1] + C[i]![0] * s[n - i]![0] * d[1], d[1] * C[i]![1] * s[n - i]![1]]);
    if (d[0] === 0n) {
      m++;
      continue;
    }
    // The current recurrence fails at n: if the terms before n supported it, that is a law with a counterexample.
    if (!supported && L > 0 && n >= 2 * L + MARGIN) supported = { C: C.slice(), L, failsAt: n };
    const factor = div(d, b);
    const next = C.slice();
    while (next.length < B.length + m) next.push([0n, 1n]);
    B.forEach((x, i) => (next[i + m] = sub(next[i + m]!, mul(factor, x))));
    if (2 * L <= n) {
      B = C;
      L = n + 1 - L;
      b = d;
      m = 1;
    } else m++;
    C = next;
  }
  return { fitted: { C, L }, supported };
}

/** Primes for the quick pass (near 2^61 and 2^62): a discrepancy that is not 0 is taken for 0 only if both divide it. */
const PRIMES = [2305843009213693951n, 4611686018427387847n] as const;

const modPow = (x: bigint, e: bigint, p: bigint): bigint => {
  let r = 1n;
  for (x %= p; e > 0n; e >>= 1n, x = (x * x) % p) if (e & 1n) r = (r * x) % p;
  return r;
};

/**
 * Berlekamp–Massey modulo a prime: the same steps on residues, in integers
 * of 62 bits (the rationals' numerators and denominators grow to thousands
 * of digits when no short recurrence is there). It gives the length profile:
 * the terms where the recurrence changed, and where the first supported one failed.
 */
function profileModulo(values: readonly bigint[], upTo: number, p: bigint): { changes: number[]; L: number; supported: { L: number; failsAt: number } | null } {
  const s = values.map((v) => ((v % p) + p) % p);
  let C: bigint[] = [1n];
  let B: bigint[] = [1n];
  let L = 0;
  let m = 1;
  let b = 1n;
  let supported: { L: number; failsAt: number } | null = null;
  const changes: number[] = [];
  for (let n = 0; n < upTo; n++) {
    let d = s[n]!;
    for (let i = 1; i <= L; i++) d = (d + (C[i] ?? 0n) * s[n - i]!) % p;
    if (d === 0n) {
      m++;
      continue;
    }
    changes.push(n);
    if (!supported && L > 0 && n >= 2 * L + MARGIN) supported = { L, failsAt: n };
    const factor = (d * modPow(b, p - 2n, p)) % p;
    const next = C.slice();
    while (next.length < B.length + m) next.push(0n);
    B.forEach((x, i) => (next[i + m] = (((next[i + m]! - factor * x) % p) + p) % p));
    if (2 * L <= n) {
      B = C;
      L = n + 1 - L;
      b = d;
      m = 1;
    } else m++;
    C = next;
  }
  return { changes, L, supported };
}

/**
 * What Berlekamp–Massey over the rationals picks, found fast: the length
 * profile modulo two primes says which recurrence it is and after which
 * terms it stopped changing; the rationals then fit only those terms, and
 * the terms after them are checked exactly. Where the primes disagree, or
 * the check fails (a discrepancy both primes divide), the rationals fit
 * everything, as before.
 */
function pickRecurrence(s: readonly Fraction[]): Chosen | null {
  const values = s.map((f) => f[0]);
  const [one, two] = PRIMES.map((p) => profileModulo(values, s.length, p)) as [ReturnType<typeof profileModulo>, ReturnType<typeof profileModulo>];
  const same = one.L === two.L && one.changes.join() === two.changes.join() && JSON.stringify(one.supported) === JSON.stringify(two.supported);
  if (same) {
    const final = one.L > 0 && s.length >= 2 * one.L + MARGIN;
    if (!final && !one.supported) return null;
    // The recurrence of the prefix before `end`: fitted on the terms up to its last change, then checked on the rest.
    const end = final ? s.length : one.supported!.failsAt;
    const lastChange = one.changes.filter((n) => n < end).at(-1)!;
    const { fitted, supported } = fitRational(s, lastChange + 1);
    const coefficients = fitted.C.slice(1, fitted.L + 1).map((c) => norm([-c[0], c[1]]));
    const terms = values;
    // The same length, no supported recurrence failing earlier, and every term after the last change given exactly.
    let holds = fitted.L === (final ? one.L : one.supported!.L) && (final || supported === null);
    for (let n = lastChange + 1; holds && n < end; n++) holds = n < fitted.L || holdsAt(coefficients, terms, n);
    if (holds && (final || !holdsAt(coefficients, terms, end))) return { C: fitted.C, L: fitted.L, failsAt: final ? null : end };
    // No recurrence modulo either prime: none over the rationals either, unless both primes divide a discrepancy.
  }
  const { fitted, supported } = fitRational(s, s.length);
  return fitted.L > 0 && s.length >= 2 * fitted.L + MARGIN ? { ...fitted, failsAt: null } : supported;
}

/** The shortest recurrence the terms support (or held on a long prefix before failing), if any. */
export function findRecurrence(sequence: readonly (number | bigint)[]): Recurrence | null {
  // Berlekamp–Massey costs O(n²) growing fractions when no recurrence is there: fit on a prefix, then check the rest.
  const s: Fraction[] = sequence.slice(0, FIT_TERMS).map((v) => [BigInt(v), 1n]);
  const pick = pickRecurrence(s);
  if (!pick) return null;
  // Berlekamp–Massey's length L counts the start values too: the recurrence has order d <= L (its last
  // non-zero coefficient) and holds from term L on; it may hold from an earlier term as well.
  const all = Array.from({ length: pick.L }, (_, i) => {
    const c = pick.C[i + 1] ?? ([0n, 1n] as Fraction);
    return norm([-c[0], c[1]]);
  });
  let order = all.length;
  while (order > 0 && all[order - 1]![0] === 0n) order--;
  const coefficients = all.slice(0, order);
  const terms = sequence.map(BigInt);
  if (pick.failsAt === null) pick.failsAt = firstFailure(coefficients, terms, s.length);
  let from = pick.L;
  while (from > order && holdsAt(coefficients, terms, from - 1)) from--;
  const fibonacci = order === 2 && coefficients.every((c) => c[0] === 1n && c[1] === 1n) && isFibonacciRun(terms.slice(from - order, pick.failsAt ?? terms.length));
  return {
    coefficients,
    from,
    text: recurrenceText({ coefficients, from }),
    name: fibonacci ? (from === order ? { key: 'law.fibonacci' } : { key: 'law.fibonacciFrom', params: { index: from - order + 1, term: terms[from - order]! } }) : null,
    checked: pick.failsAt ?? sequence.length,
    counterexample: pick.failsAt,
  };
}

/** A recurrence in `t`'s language: "a(k) = a(k−1) + a(k−2) for k ≥ 4". */
export function recurrenceText(r: Pick<Recurrence, 'coefficients' | 'from'>, t: Translate = english): string {
  return t('law.recurrence', { formula: describe(r.coefficients), from: r.from + 1 });
}

/** A recurrence as plain data for JSON: coefficients as integers or "n/d" text, and where it holds. */
export function recurrenceData(r: Recurrence) {
  return {
    text: r.text,
    name: r.name && say(r.name),
    coefficients: r.coefficients.map(([n, d]) => (d === 1n ? n : `${n}/${d}`)),
    from: r.from,
    checked: r.checked,
    counterexample: r.counterexample,
    proven: false,
  };
}
