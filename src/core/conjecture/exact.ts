/**
 * Exact numbers of Q(√5): (p + q·√5) / d with integers p, q and d > 0. The
 * golden ratio phi = (1 + √5) / 2 is one of them, so floor(n*phi) and
 * n*phi < y are decided exactly at any size (a double is wrong for
 * floor(k*phi) from k ≈ 10^8 on). Every comparison reduces to the sign of
 * p + q·√5, decided by comparing squares of integers; floor uses an integer
 * square root. Integers are plain bigints: an Exact is made only where phi or
 * a division that does not come out whole appears, and one that is a whole
 * number turns back into a bigint (see `normal`).
 */
import { integerSqrt } from '../theorems/integer-root.js';

const abs = (a: bigint): bigint => (a < 0n ? -a : a);

/** The greatest common divisor (gcd(0, 0) = 0). */
export function gcd(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** A number of Q(√5) that is not a whole number (whole numbers are bigints). */
export class Exact {
  private constructor(
    /** Rational part's numerator. */
    readonly p: bigint,
    /** √5 part's numerator. */
    readonly q: bigint,
    /** Common denominator, > 0. */
    readonly d: bigint,
  ) {}

  /** (p + q√5)/d in lowest terms, as a bigint when it is a whole number. */
  static of(p: bigint, q: bigint, d: bigint): Num {
    if (d === 0n) throw new RangeError('denominator 0');
    if (d < 0n) (p = -p), (q = -q), (d = -d);
    const g = gcd(gcd(abs(p), abs(q)), d);
    if (g > 1n) (p /= g), (q /= g), (d /= g);
    return q === 0n && d === 1n ? p : new Exact(p, q, d);
  }
}

/** A number: a whole number, or an exact element of Q(√5). */
export type Num = bigint | Exact;

/** The golden ratio (1 + √5) / 2. */
export const PHI: Num = Exact.of(1n, 1n, 2n);

/** floor(a / b) for integers, b ≠ 0 (bigint division truncates toward zero). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q;
}

/** floor(√n) for n ≥ 0, exactly: the one integer square root of the project. */
export const isqrt = integerSqrt;

const parts = (x: Num): readonly [bigint, bigint, bigint] => (typeof x === 'bigint' ? [x, 0n, 1n] : [x.p, x.q, x.d]);

export function add(x: Num, y: Num): Num {
  if (typeof x === 'bigint' && typeof y === 'bigint') return x + y;
  const [p1, q1, d1] = parts(x);
  const [p2, q2, d2] = parts(y);
  return Exact.of(p1 * d2 + p2 * d1, q1 * d2 + q2 * d1, d1 * d2);
}

export function negate(x: Num): Num {
  return typeof x === 'bigint' ? -x : Exact.of(-x.p, -x.q, x.d);
}

export function sub(x: Num, y: Num): Num {
  return add(x, negate(y));
}

export function mul(x: Num, y: Num): Num {
  if (typeof x === 'bigint' && typeof y === 'bigint') return x * y;
  const [p1, q1, d1] = parts(x);
  const [p2, q2, d2] = parts(y);
  return Exact.of(p1 * p2 + 5n * q1 * q2, p1 * q2 + q1 * p2, d1 * d2);
}

/** x / y, exactly; y must not be 0 (the caller says so in its own words). */
export function div(x: Num, y: Num): Num {
  if (isZero(y)) throw new RangeError('division by zero');
  const [p2, q2, d2] = parts(y);
  // 1/y = d2 (p2 - q2√5) / (p2² - 5 q2²): the norm is never 0 for y ≠ 0, √5 being irrational.
  const inverse = Exact.of(d2 * p2, -d2 * q2, p2 * p2 - 5n * q2 * q2);
  return mul(x, inverse);
}

export function isZero(x: Num): boolean {
  return x === 0n;
}

/** -1, 0 or 1: the sign of p + q√5 from the signs of p and q, or by comparing p² with 5q². */
export function sign(x: Num): number {
  if (typeof x === 'bigint') return x < 0n ? -1 : x > 0n ? 1 : 0;
  const { p, q } = x;
  if (p >= 0n && q >= 0n) return p === 0n && q === 0n ? 0 : 1;
  if (p <= 0n && q <= 0n) return -1;
  const rational = p * p;
  const irrational = 5n * q * q; // never equal to p² unless both are 0
  return p > 0n ? (rational > irrational ? 1 : -1) : irrational > rational ? 1 : -1;
}

export function compare(x: Num, y: Num): number {
  if (typeof x === 'bigint' && typeof y === 'bigint') return x < y ? -1 : x > y ? 1 : 0;
  return sign(sub(x, y));
}

export function equal(x: Num, y: Num): boolean {
  if (typeof x === 'bigint' || typeof y === 'bigint') return x === y; // an Exact is never whole
  return x.p === y.p && x.q === y.q && x.d === y.d;
}

/**
 * The greatest integer ≤ x. With t = floor(q√5) (an integer square root;
 * q√5 is never whole for q ≠ 0), p + q√5 lies strictly between p + t and
 * p + t + 1, so no multiple of d lies between it and p + t.
 */
export function floor(x: Num): bigint {
  if (typeof x === 'bigint') return x;
  const root = isqrt(5n * x.q * x.q);
  const t = x.q >= 0n ? root : -root - 1n;
  return floorDiv(x.p + t, x.d);
}

export function ceil(x: Num): bigint {
  return -floor(negate(x));
}

/** x // y = floor(x / y). */
export function floorDivide(x: Num, y: Num): bigint {
  if (typeof x === 'bigint' && typeof y === 'bigint') return floorDiv(x, y);
  return floor(div(x, y));
}

/** x % y = x - y·floor(x / y): as Python's, it takes the sign of y (0 ≤ r < y for y > 0; y < r ≤ 0 for y < 0). */
export function modulo(x: Num, y: Num): Num {
  if (typeof x === 'bigint' && typeof y === 'bigint') {
    const r = x % y;
    return r !== 0n && (r < 0n) !== (y < 0n) ? r + y : r;
  }
  return sub(x, mul(y, floorDivide(x, y)));
}

/** A number as a person reads it: 3, -7/2, 5*phi, 1/2 + 3/4*phi (phi's coefficients: a + b√5 = (a - b) + 2b·phi). */
export function numText(x: Num): string {
  if (typeof x === 'bigint') return x.toString();
  const rational = fraction(x.p - x.q, x.d);
  const coefficient = fraction(2n * x.q, x.d);
  const phiPart = coefficient === '1' ? 'phi' : coefficient === '-1' ? '-phi' : `${coefficient}*phi`;
  if (x.q === 0n) return rational;
  if (x.p === x.q) return phiPart;
  return phiPart.startsWith('-') ? `${rational} - ${phiPart.slice(1)}` : `${rational} + ${phiPart}`;
}

function fraction(n: bigint, d: bigint): string {
  const g = gcd(n, d);
  const [a, b] = g > 1n ? [n / g, d / g] : [n, d];
  return b === 1n ? a.toString() : `${a}/${b}`;
}

/** x to six decimals, rounded down (for a person's eye next to the exact text; 1e6·x floored exactly). */
export function decimalText(x: Num): string {
  const scaled = floor(mul(x, 1_000_000n));
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(7, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -6)}.${digits.slice(-6)}`;
}
