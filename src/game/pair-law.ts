/**
 * The law of a two-pile game's P-positions (x < y, in order of x):
 * a_k = x, b_k = y for k = 1, 2, ... Recognised when b_k - a_k = k·c (as in
 * Wythoff's game, c = 1) and when a_k and b_k are homogeneous Beatty
 * sequences ⌊kα⌋ with α a quadratic irrational (p + q√d)/r, checked exactly
 * with integer square roots: floating point misjudges large k.
 * Reported as observed over the pairs given, with the first counterexample.
 */
export interface BeattyLaw {
  /** α = (p + q√d) / r. */
  readonly p: number;
  readonly q: number;
  readonly d: number;
  readonly r: number;
  readonly text: string;
  /** What a short name stands for (φ = (1+√5)/2), if it is one. */
  readonly note: string | null;
}

export interface PairLaw {
  /** b_k - a_k = k·difference, when it holds for every pair seen. */
  readonly difference: number | null;
  readonly a: BeattyLaw | null;
  readonly b: BeattyLaw | null;
  /** How many pairs the law was checked on, and the largest coordinate. */
  readonly pairs: number;
  readonly upTo: number;
  readonly text: string;
}

function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = BigInt(Math.floor(Math.sqrt(Number(n))));
  while (x * x > n) x--;
  while ((x + 1n) * (x + 1n) <= n) x++;
  return x;
}

/** ⌊k(p + q√d)/r⌋ exactly (q >= 0, r > 0, d not a square). */
export function beattyTerm(law: Pick<BeattyLaw, 'p' | 'q' | 'd' | 'r'>, k: number): bigint {
  const K = BigInt(k);
  const root = isqrt(K * K * BigInt(law.q) * BigInt(law.q) * BigInt(law.d));
  const numerator = K * BigInt(law.p) + root;
  const r = BigInt(law.r);
  return numerator >= 0n ? numerator / r : -((-numerator + r - 1n) / r);
}

/** Short names for well-known values, and what they stand for. */
const NAMES: Record<string, [string, string | null]> = {
  '1,1,5,2': ['φ', 'φ = (1+√5)/2'],
  '3,1,5,2': ['φ²', 'φ = (1+√5)/2'],
  '0,1,2,1': ['√2', null],
  '1,1,2,1': ['(1+√2)', null],
  '2,1,2,1': ['(2+√2)', null],
  '0,1,3,1': ['√3', null],
};

function lawText(p: number, q: number, d: number, r: number): [string, string | null] {
  const written = `(${p === 0 ? '' : p}${p === 0 ? '' : '+'}${q === 1 ? '' : q}√${d})${r === 1 ? '' : `/${r}`}`;
  return NAMES[`${p},${q},${d},${r}`] ?? [written, null];
}

/** The simplest (p + q√d)/r fitting a_k = ⌊kα⌋ for every k, if any (small p, q, r; d squarefree up to 30). */
export function recogniseBeatty(terms: readonly number[]): BeattyLaw | null {
  if (terms.length < 8) return null;
  // α must lie in [max a_k/k, min (a_k+1)/k): a cheap floating prefilter, then an exact check.
  let low = -Infinity;
  let high = Infinity;
  terms.forEach((a, i) => {
    const k = i + 1;
    low = Math.max(low, a / k);
    high = Math.min(high, (a + 1) / k);
  });
  if (!(low < high + 1e-9)) return null;
  const squarefree = [2, 3, 5, 6, 7, 10, 11, 13, 14, 15, 17, 19, 21, 22, 23, 26, 29, 30];
  for (let size = 1; size <= 12; size++) {
    for (const d of squarefree) {
      for (let r = 1; r <= size; r++) {
        for (let q = 1; q <= size; q++) {
          const p = Math.round((low + high) / 2 * r - q * Math.sqrt(d));
          for (const pp of [p - 1, p, p + 1]) {
            if (Math.abs(pp) + q + r + d / 10 > size + 3) continue;
            const alpha = (pp + q * Math.sqrt(d)) / r;
            if (alpha < low - 1e-9 || alpha > high + 1e-9) continue;
            const law = { p: pp, q, d, r };
            if (terms.every((a, i) => beattyTerm(law, i + 1) === BigInt(a))) {
              const [text, note] = lawText(pp, q, d, r);
              return { ...law, text, note };
            }
          }
        }
      }
    }
  }
  return null;
}

/** P-positions (x, y) of a symmetric two-pile game, read as pairs x < y; (0, 0) and the mirror images aside. */
export function recognisePairLaw(pPositions: readonly (readonly [number, number])[], max: number): PairLaw | null {
  const below = pPositions.filter(([x, y]) => x < y).sort((a, b) => a[0] - b[0]);
  if (below.length < 8) return null;
  const a = below.map(([x]) => x);
  const b = below.map(([, y]) => y);
  const c = b[0]! - a[0]!;
  const difference = c > 0 && below.every(([x, y], i) => y - x === c * (i + 1)) ? c : null;
  const lawA = recogniseBeatty(a);
  // With b_k = a_k + c·k, b's law is a's shifted by c (φ² = φ + 1): the same number, not another that fits as well.
  const shifted = lawA && difference !== null ? { p: lawA.p + difference * lawA.r, q: lawA.q, d: lawA.d, r: lawA.r } : null;
  const lawB =
    shifted && b.every((v, i) => beattyTerm(shifted, i + 1) === BigInt(v))
      ? { ...shifted, text: lawText(shifted.p, shifted.q, shifted.d, shifted.r)[0], note: lawText(shifted.p, shifted.q, shifted.d, shifted.r)[1] }
      : recogniseBeatty(b);
  const parts: string[] = [];
  if (lawA) parts.push(`a_k = ⌊k${lawA.text}⌋`);
  const bForms = [difference === null ? null : `a_k + ${difference === 1 ? '' : difference}k`, lawB ? `⌊k${lawB.text}⌋` : null].filter(Boolean);
  if (bForms.length) parts.push(`b_k = ${bForms.join(' = ')}`);
  if (parts.length === 0) return null;
  const notes = [...new Set([lawA?.note, lawB?.note].filter((n): n is string => Boolean(n)))];
  const where = [...notes, `k = 1..${below.length}`, `observed for x, y <= ${max}`].join('; ');
  return { difference, a: lawA, b: lawB, pairs: below.length, upTo: max, text: `P-positions (a_k, b_k), a_k < b_k: ${parts.join(', ')} (${where})` };
}
