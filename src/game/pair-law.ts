/**
 * The law of a two-pile game's P-positions (x < y, in order of x):
 * a_k = x, b_k = y for k = 1, 2, ... Recognised when b_k - a_k = k·c (as in
 * Wythoff's game, c = 1), when a_k and b_k are Beatty sequences ⌊kα + β⌋
 * (see beatty.ts), and when either follows a linear recurrence.
 * Reported as observed over the pairs given, with the first counterexample.
 */
import { recogniseBeatty, shiftedLaw, type BeattyLaw } from './beatty.js';
import { findRecurrence, type Recurrence } from './sequence-law.js';
export interface PairLaw {
  /** b_k - a_k = k·difference, when it holds for every pair seen. */
  readonly difference: number | null;
  readonly a: BeattyLaw | null;
  readonly b: BeattyLaw | null;
  /** Linear recurrences of a_k and b_k, where no Beatty law fits. */
  readonly aRecurrence: Recurrence | null;
  readonly bRecurrence: Recurrence | null;
  /** How many pairs the law was checked on, and the largest coordinate. */
  readonly pairs: number;
  readonly upTo: number;
  readonly text: string;
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
  if (aRecurrence) parts.push(`a_k: ${aRecurrence.text}`);
  if (bRecurrence) parts.push(`b_k: ${bRecurrence.text.replace(/a\(/g, 'b(')}`);
  if (parts.length === 0) return null;
  const notes = [...new Set([lawA?.note, lawB?.note].filter((n): n is string => Boolean(n)))];
  const where = [...notes, `k = 1..${below.length}`, `observed for x, y <= ${max}`].join('; ');
  return { difference, a: lawA, b: lawB, aRecurrence, bRecurrence, pairs: below.length, upTo: max, text: `P-positions (a_k, b_k), a_k < b_k: ${parts.join(', ')} (${where})` };
}
