/**
 * The law of a two-pile game's P-positions (x < y, in order of x):
 * a_k = x, b_k = y for k = 1, 2, ... Recognised when b_k - a_k = k·c (as in
 * Wythoff's game, c = 1), when a_k and b_k are Beatty sequences ⌊kα + β⌋
 * (see beatty.ts), and when either follows a linear recurrence; with the
 * pairs x > y (mirror images, or left out and said so) and the diagonal, so
 * the law speaks of every P-position in the table. Reported as observed over
 * the pairs given, with the first counterexample.
 */
import { recogniseBeatty, shiftedLaw, type BeattyLaw } from './beatty.js';
import { findRecurrence, type Recurrence } from './sequence-law.js';

/** The P-positions (x, x) on the diagonal: evenly spaced x = start + step·j for j = 0..count−1, or a list. */
export type DiagonalLaw = { readonly kind: 'progression'; readonly start: number; readonly step: number; readonly count: number } | { readonly kind: 'list'; readonly list: readonly number[] };

export interface PairLaw {
  /** b_k - a_k = k·difference, when it holds for every pair seen. */
  readonly difference: number | null;
  readonly a: BeattyLaw | null;
  readonly b: BeattyLaw | null;
  /** Linear recurrences of a_k and b_k, where no Beatty law fits. */
  readonly aRecurrence: Recurrence | null;
  readonly bRecurrence: Recurrence | null;
  /** Whether the P-positions with x > y are exactly the mirror images (b_k, a_k). */
  readonly mirrored: boolean;
  readonly diagonal: DiagonalLaw;
  /** How many pairs the law was checked on, and the largest coordinate. */
  readonly pairs: number;
  readonly upTo: number;
  readonly text: string;
}

/** Diagonal P-positions (x, x) as a progression when they are evenly spaced (three or more), else as a list. */
function diagonalLaw(xs: readonly number[]): DiagonalLaw {
  const step = xs.length >= 3 ? xs[1]! - xs[0]! : 0;
  if (step > 0 && xs.every((x, j) => x === xs[0]! + step * j)) return { kind: 'progression', start: xs[0]!, step, count: xs.length };
  return { kind: 'list', list: xs };
}

const DIAGONAL_LISTED = 8;

function diagonalText(law: DiagonalLaw): string {
  if (law.kind === 'progression') {
    const x = `${law.start === 0 ? '' : `${law.start} + `}${law.step === 1 ? '' : law.step}j`;
    return `(x, x) for x = ${x}, j = 0..${law.count - 1}`;
  }
  if (law.list.length === 0) return 'none with x = y';
  if (law.list.length <= DIAGONAL_LISTED) return law.list.map((x) => `(${x}, ${x})`).join(', ');
  return `${law.list.length} P-positions (x, x) not described (the first: ${law.list.slice(0, 4).map((x) => `(${x}, ${x})`).join(', ')}, …)`;
}

/**
 * The law of every P-position (x, y) in the square 0 <= x, y <= max: the
 * pairs x < y read as (a_k, b_k) in order of x, those with x > y (their
 * mirror images when the game is symmetric; otherwise said to be left out),
 * and those on the diagonal. Null when fewer than 8 pairs or no law fits.
 */
export function recognisePairLaw(pPositions: readonly (readonly [number, number])[], max: number): PairLaw | null {
  const below = pPositions.filter(([x, y]) => x < y).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (below.length < 8) return null;
  const above = pPositions.filter(([x, y]) => x > y);
  const mirrorKeys = new Set(below.map(([x, y]) => `${y},${x}`));
  const mirrored = above.length === below.length && above.every(([x, y]) => mirrorKeys.has(`${x},${y}`));
  const diagonal = diagonalLaw(pPositions.filter(([x, y]) => x === y).map(([x]) => x).sort((a, b) => a - b));
  const a = below.map(([x]) => x);
  const b = below.map(([, y]) => y);
  const c = b[0]! - a[0]!;
  const difference = c > 0 && below.every(([x, y], i) => y - x === c * (i + 1)) ? c : null;
  const lawA = recogniseBeatty(a);
  // With b_k = a_k + c·k, b's law is a's with α + c (φ² = φ + 1): the same number, not another that fits as well.
  const shifted = lawA && difference !== null ? shiftedLaw(lawA, difference, b) : null;
  const lawB = shifted && shifted.counterexample === null ? shifted : recogniseBeatty(b);
  const aRecurrence = lawA ? null : findRecurrence(a);
  const bRecurrence = lawB ? null : findRecurrence(b);
  const parts: string[] = [];
  const beatty = (law: BeattyLaw) => (law.counterexample === null ? law.text : `${law.text} for k <= ${law.counterexample}, failing at k = ${law.counterexample + 1}`);
  if (lawA) parts.push(`a_k = ${beatty(lawA)}`);
  const bForms = [difference === null ? null : `a_k + ${difference === 1 ? '' : difference}k`, lawB ? beatty(lawB) : null].filter(Boolean);
  if (bForms.length) parts.push(`b_k = ${bForms.join(' = ')}`);
  // A recurrence is written for the sequence it describes: "a_k: a(k) = 2·a(k−1) − a(k−2)".
  const recurrence = (r: Recurrence) => (r.counterexample === null ? r.text : `${r.text}, failing at k = ${r.counterexample + 1}`);
  if (aRecurrence) parts.push(`a_k: ${recurrence(aRecurrence)}`);
  if (bRecurrence) parts.push(`b_k: ${recurrence(bRecurrence).replace(/a\(/g, 'b(')}`);
  if (parts.length === 0) return null;
  // Every P-position is accounted for: a side without a law, the other half and the diagonal are named.
  if (!lawA && !aRecurrence) parts.push('a_k: no law recognised');
  if (bForms.length === 0 && !bRecurrence) parts.push('b_k: no law recognised');
  const others = mirrored ? 'their mirror images (b_k, a_k)' : `the ${above.length} with x > y not described (the P-positions are not symmetric)`;
  const notes = [...new Set([lawA?.note, lawB?.note].filter((n): n is string => Boolean(n)))];
  const where = [...notes, `k = 1..${below.length}`, `observed for x, y <= ${max}`].join('; ');
  return {
    difference,
    a: lawA,
    b: lawB,
    aRecurrence,
    bRecurrence,
    mirrored,
    diagonal,
    pairs: below.length,
    upTo: max,
    text: `P-positions (a_k, b_k) with a_k < b_k: ${parts.join(', ')}; ${others}; on the diagonal ${diagonalText(diagonal)} (${where})`,
  };
}
