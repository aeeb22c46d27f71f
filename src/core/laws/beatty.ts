/**
 * Beatty laws in integer sequences: a_k = ⌊kα + β⌋ for k = 1, 2, ..., with
 * α a quadratic irrational (p + q√d)/r and β either 0, a simple fraction, or
 * in the same field, (s + t√d)/u. Floating point only proposes candidates;
 * every term is then checked exactly with integer square roots (floating
 * point misjudges large k). When no law holds for every term but one held
 * for a long prefix, the law of the longest such prefix is reported with the
 * first term it fails: the first counterexample.
 */
import { integerSqrt } from '../theorems/integer-root.js';

/** (p + q√d) / r: a rational when q = 0. */
export interface Quadratic {
  readonly p: number;
  readonly q: number;
  readonly d: number;
  readonly r: number;
}

/** P-positions seen to follow ⌊kα + β⌋ for a quadratic irrational α (observed only). */
export interface BeattyLaw {
  readonly alpha: Quadratic;
  readonly beta: Quadratic;
  /** "⌊kφ⌋", "⌊k√2 + 1/2⌋". */
  readonly text: string;
  /** What a short name stands for (φ = (1+√5)/2), if it uses one. */
  readonly note: string | null;
  /** Terms it was checked on, and the index (0-based) of the first one it fails; null: none. */
  readonly checked: number;
  readonly counterexample: number | null;
}

/** Fewer terms than this say nothing; under FEWEST_SHIFTED only β = 0 is tried (two free numbers fit short runs too easily). */
export const FEWEST_TERMS = 8;
export const FEWEST_SHIFTED = 16;
const SQUAREFREE = [2, 3, 5, 6, 7, 10, 11, 13, 14, 15, 17, 19, 21, 22, 23, 26, 29, 30];
/** The largest coefficient sum of α, and the largest denominator of β, tried. */
const LARGEST_SIZE = 12;
const LARGEST_BETA_DENOMINATOR = 12;
/** The largest denominator of a rational α (the period of its differences), when the terms show it twice over. */
const LARGEST_RATIONAL_DENOMINATOR = 64;

const isqrt = integerSqrt;

function floorDiv(n: bigint, d: bigint): bigint {
  return n >= 0n ? n / d : -((-n + d - 1n) / d);
}

/** ⌊(A + B√d) / den⌋ exactly, for d not a perfect square and den > 0. */
function floorQuadratic(A: bigint, B: bigint, d: bigint, den: bigint): bigint {
  const root = isqrt(B * B * d); // ⌊|B|√d⌋, never exact unless B = 0
  const part = B >= 0n ? root : -root - 1n;
  return floorDiv(A + part, den);
}

/** ⌊kα + β⌋ exactly (β in the same field as α, or rational). */
export function beattyTerm(alpha: Quadratic, beta: Quadratic, k: number | bigint): bigint {
  const K = BigInt(k);
  const [ra, rb] = [BigInt(alpha.r), BigInt(beta.r)];
  const A = K * BigInt(alpha.p) * rb + BigInt(beta.p) * ra;
  const B = K * BigInt(alpha.q) * rb + BigInt(beta.q) * ra;
  return floorQuadratic(A, B, BigInt(alpha.d), ra * rb);
}

/** How many of `terms` the law fits from the start. */
function fitsFor(alpha: Quadratic, beta: Quadratic, terms: readonly number[]): number {
  for (let i = 0; i < terms.length; i++) if (beattyTerm(alpha, beta, i + 1) !== BigInt(terms[i]!)) return i;
  return terms.length;
}

/** A quadratic number's value in floating point (for pictures and prefilters, never for a verdict). */
export const quadraticValue = ({ p, q, d, r }: Quadratic): number => (p + q * Math.sqrt(d)) / r;
const valueOf = quadraticValue;
const ZERO: Quadratic = { p: 0, q: 0, d: 1, r: 1 };

/** Short names for well-known numbers, and what they stand for. */
const NAMES: Record<string, [string, string | null]> = {
  '1,1,5,2': ['φ', 'φ = (1+√5)/2'],
  '3,1,5,2': ['φ²', 'φ = (1+√5)/2'],
  '0,1,2,1': ['√2', null],
  '1,1,2,1': ['(1+√2)', null],
  '2,1,2,1': ['(2+√2)', null],
  '0,1,3,1': ['√3', null],
};

function gcd(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

/** A quadratic number as written: φ, (1+√2), (3+√5)/2, 1/2, (-1+√5)/2. */
export function quadraticText(x: Quadratic): [string, string | null] {
  if (x.q === 0) return [x.r === 1 ? String(x.p) : `${x.p}/${x.r}`, null];
  const named = NAMES[`${x.p},${x.q},${x.d},${x.r}`];
  if (named) return named;
  const surd = `${Math.abs(x.q) === 1 ? '' : Math.abs(x.q)}√${x.d}`;
  const sum = x.p === 0 ? `${x.q < 0 ? '-' : ''}${surd}` : `${x.p}${x.q < 0 ? '-' : '+'}${surd}`;
  return [x.r === 1 ? (x.p === 0 ? sum : `(${sum})`) : `(${sum})/${x.r}`, null];
}

/** The law as reported; `fits` (how many terms it gives from the start) is counted unless the caller knows it. */
function lawOf(alpha: Quadratic, beta: Quadratic, terms: readonly number[], fits = fitsFor(alpha, beta, terms)): BeattyLaw {
  const [a, aNote] = quadraticText(alpha);
  const negative = valueOf(beta) < 0;
  const [b, bNote] = quadraticText(negative ? { ...beta, p: -beta.p, q: -beta.q } : beta);
  const shift = beta.p === 0 && beta.q === 0 ? '' : ` ${negative ? '−' : '+'} ${b}`;
  const times = alpha.q !== 0 ? `k${a}` : alpha.r === 1 ? `${alpha.p === 1 ? '' : alpha.p}k` : `(${a})k`;
  let text = `⌊${times}${shift}⌋`;
  // Rationals over one denominator read better as one fraction: ⌊(k − 1)/13⌋ rather than ⌊(1/13)k − 1/13⌋.
  if (alpha.q === 0 && beta.q === 0 && alpha.r > 1 && alpha.r % beta.r === 0) {
    const s = beta.p * (alpha.r / beta.r);
    text = `⌊(${alpha.p === 1 ? '' : alpha.p}k${s === 0 ? '' : ` ${s < 0 ? '−' : '+'} ${Math.abs(s)}`})/${alpha.r}⌋`;
  }
  return { alpha, beta, text, note: aNote ?? bNote, checked: terms.length, counterexample: fits === terms.length ? null : fits };
}

/** α must put every difference a_j − a_i within (j − i)α ± 1: an interval, from the last term against every other (floating point: a prefilter). */
function slopeBounds(terms: readonly number[]): [number, number] {
  const K = terms.length;
  const last = terms[K - 1]!;
  let low = -Infinity;
  let high = Infinity;
  for (let i = 0; i < K - 1; i++) {
    const span = K - 1 - i;
    low = Math.max(low, (last - terms[i]! - 1) / span);
    high = Math.min(high, (last - terms[i]! + 1) / span);
  }
  return [low, high];
}

/** The β interval a given α allows: every kα + β in [a_k, a_k + 1). */
function betaBounds(alpha: number, terms: readonly number[]): [number, number] {
  let low = -Infinity;
  let high = Infinity;
  for (let i = 0; i < terms.length; i++) {
    const k = i + 1;
    low = Math.max(low, terms[i]! - k * alpha);
    high = Math.min(high, terms[i]! + 1 - k * alpha);
  }
  return [low, high];
}

/**
 * The height of a number, the measure of "simplest": for a rational s/u in
 * lowest terms max(|s|, u); for a quadratic irrational the largest coefficient
 * of its primitive minimal polynomial (φ: x² − x − 1, height 1; φ²: height 3;
 * (1+2√6)/2: 4x² − 4x − 23, height 23).
 */
export function height(x: Quadratic): number {
  if (x.q === 0) {
    const g = gcd(x.p, x.r) || 1;
    return Math.max(Math.abs(x.p / g), Math.abs(x.r / g));
  }
  // ((r·x − p)² = q²·d): r²x² − 2pr·x + p² − q²d.
  const coefficients = [x.r * x.r, 2 * x.p * x.r, x.p * x.p - x.q * x.q * x.d];
  const g = coefficients.reduce((a, b) => gcd(a, b));
  return Math.max(...coefficients.map((c) => Math.abs(c / g)));
}

/** A rational in lowest terms. */
function fraction(s: number, u: number): Quadratic {
  const g = gcd(s, u) || 1;
  return { p: s / g || 0, q: 0, d: 1, r: u / g }; // || 0: no -0
}

/**
 * The β of least height in [low, high) (floating point bounds, widened a
 * little) for which ⌊kα + β⌋ gives every term exactly: rationals s/u, and,
 * for an irrational α, (s + t√d)/u in its field; null when none up to the
 * size tried fits. `shifted` false allows only β = 0 (short runs).
 */
function simplestBeta(alpha: Quadratic, low: number, high: number, terms: readonly number[], shifted: boolean): Quadratic | null {
  const slack = 1e-9;
  const fits = (beta: Quadratic) => fitsFor(alpha, beta, terms) === terms.length;
  if (!shifted) return low <= slack && high > -slack && fits(ZERO) ? ZERO : null;
  const candidates: Quadratic[] = [];
  // A rational α takes a rational β (√1 is no surd).
  for (let t = 0; t <= (alpha.q === 0 ? 0 : 3); t++) {
    for (const sign of t === 0 ? [0] : [1, -1]) {
      // β = s/r always suffices for a rational α = p/r: ⌊kα + β⌋ = ⌊(pk + rβ)/r⌋.
      for (let u = 1; u <= (alpha.q === 0 ? Math.max(LARGEST_BETA_DENOMINATOR, alpha.r) : LARGEST_BETA_DENOMINATOR); u++) {
        const surd = (sign * t * Math.sqrt(alpha.d)) / u;
        for (let s = Math.ceil((low - surd) * u - slack); s / u + surd < high + slack; s++) {
          if (t === 0 && gcd(s, u) !== 1 && !(s === 0 && u === 1)) continue;
          candidates.push(t === 0 ? fraction(s, u) : { p: s || 0, q: sign * t, d: alpha.d, r: u });
        }
      }
    }
  }
  candidates.sort((x, y) => height(x) - height(y) || Number(x.q !== 0) - Number(y.q !== 0) || x.r - y.r);
  return candidates.find(fits) ?? null;
}

/** A law found: α, β, and its height (the larger of theirs), for choosing the simplest. */
interface Fit {
  readonly alpha: Quadratic;
  readonly beta: Quadratic;
  readonly height: number;
}

/** A slope to try, its height, and whether β may be other than 0 with it. */
interface Slope {
  readonly alpha: Quadratic;
  readonly height: number;
  readonly shifted: boolean;
}

/**
 * Of the candidate slopes, the law of least height (the larger of α's and
 * β's), a rational slope before an irrational one of the same height.
 */
function simplestFit(slopes: Slope[], terms: readonly number[]): Fit | null {
  const irrational = (x: Quadratic) => Number(x.q !== 0);
  slopes.sort((x, y) => x.height - y.height || irrational(x.alpha) - irrational(y.alpha) || x.alpha.r - y.alpha.r || x.alpha.d - y.alpha.d);
  let best: Fit | null = null;
  for (const { alpha, height: h, shifted } of slopes) {
    if (best && h > best.height) break;
    const [betaLow, betaHigh] = betaBounds(quadraticValue(alpha), terms);
    if (!(betaLow < betaHigh + 1e-9)) continue;
    const beta = simplestBeta(alpha, betaLow, betaHigh, terms, shifted);
    if (!beta) continue;
    // An irrational shift is a second irrational number: its height adds to α's.
    const fit = { alpha, beta, height: beta.q !== 0 ? h + height(beta) : Math.max(h, height(beta)) };
    if (!best || fit.height < best.height || (fit.height === best.height && irrational(fit.alpha) < irrational(best.alpha))) best = fit;
  }
  return best;
}

/**
 * The simplest law fitting every term, if any: least height first (the
 * height of ⌊kα + β⌋ is the larger of α's and β's, or their sum when β is
 * irrational: ⌊(k − 1)/13⌋ is not ⌊k(-3+2√3)/6 − (-3+2√3)/6⌋), a rational before a
 * quadratic irrational of the same height. So 3k − 1 (height 3) is not
 * ⌊k(1+2√6)/2⌋ (height 23, which fits ten terms and fails at the twentieth),
 * and ⌊kφ⌋ (height 1) is not ⌊55k/34⌋ (which fits its first 88 terms). A
 * rational slope p/r makes the differences repeat with period r, so it
 * counts only when the terms show that period twice over (2r + 6 terms, as a
 * recurrence of order r + 1 would need; r up to 64). Irrational slopes
 * (p + q√d)/r with d squarefree up to 30 and |q|, r up to LARGEST_SIZE; under
 * FEWEST_SHIFTED terms only with β = 0.
 */
function fitAll(terms: readonly number[]): BeattyLaw | null {
  const [low, high] = slopeBounds(terms);
  if (!(low < high + 1e-9)) return null;
  const slack = 1e-9;
  const slopes: Slope[] = [];
  const largestDenominator = Math.min(LARGEST_RATIONAL_DENOMINATOR, Math.floor((terms.length - 6) / 2));
  for (let r = 1; r <= largestDenominator; r++) {
    for (let p = Math.ceil(low * r - slack); p <= high * r + slack; p++) {
      if (gcd(p, r) !== 1) continue;
      const alpha = fraction(p, r);
      slopes.push({ alpha, height: height(alpha), shifted: true });
    }
  }
  const shifted = terms.length >= FEWEST_SHIFTED;
  for (const d of SQUAREFREE) {
    const root = Math.sqrt(d);
    for (let r = 1; r <= LARGEST_SIZE; r++) {
      for (let q = -LARGEST_SIZE; q <= LARGEST_SIZE; q++) {
        if (q === 0) continue;
        for (let p = Math.ceil(low * r - q * root - slack); p <= high * r - q * root + slack; p++) {
          if (Math.abs(p) > 4 * LARGEST_SIZE || gcd(gcd(p, q), r) !== 1) continue;
          const alpha: Quadratic = { p: p || 0, q, d, r };
          slopes.push({ alpha, height: height(alpha), shifted });
        }
      }
    }
  }
  const fit = simplestFit(slopes, terms);
  return fit && lawOf(fit.alpha, fit.beta, terms, terms.length);
}

/**
 * The Beatty law of a sequence, a_k = ⌊kα + β⌋ for k = 1.., if one fits all
 * of it; else the law of its longest prefix (at least half of it) that one
 * fits, with the first counterexample; else null.
 */
export function recogniseBeatty(terms: readonly number[]): BeattyLaw | null {
  if (terms.length < FEWEST_TERMS) return null;
  const whole = fitAll(terms);
  if (whole) return whole;
  // Fitting a prefix is monotone (a law for n terms fits n − 1): the longest by bisection.
  let fits = Math.max(FEWEST_SHIFTED, Math.ceil(terms.length / 2));
  if (fits >= terms.length) return null;
  let law = fitAll(terms.slice(0, fits));
  if (!law) return null;
  let fails = terms.length;
  while (fails - fits > 1) {
    const middle = (fits + fails) >>> 1;
    const found = fitAll(terms.slice(0, middle));
    if (found) (fits = middle), (law = found);
    else fails = middle;
  }
  return lawOf(law.alpha, law.beta, terms);
}

/** The same law with α + c: what b_k = a_k + ck follows when a_k follows ⌊kα + β⌋. */
export function shiftedLaw(law: BeattyLaw, c: number, terms: readonly number[]): BeattyLaw {
  const { alpha } = law;
  return lawOf({ ...alpha, p: alpha.p + c * alpha.r }, law.beta, terms);
}
