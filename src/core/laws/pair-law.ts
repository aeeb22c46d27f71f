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
import { findRecurrence, recurrenceText, type Recurrence } from './sequence-law.js';
import { english, type Translate } from '../i18n/index.js';
import { observeCycle } from './observed.js';

/**
 * Which (x, x) with x >= from are P-positions: those with x mod period in
 * residues (none: the list ends). Seen over the whole diagonal of the table,
 * the repeating part holding at least three periods and a third of it.
 */
export interface DiagonalCycle {
  readonly from: number;
  readonly period: number;
  readonly residues: readonly number[];
}

/**
 * The P-positions (x, x) on the diagonal: evenly spaced x = start + step·j for j = 0..count−1, or a list (with the
 * cycle the list follows, where one is seen: the law past the table).
 */
export type DiagonalLaw = { readonly kind: 'progression'; readonly start: number; readonly step: number; readonly count: number } | { readonly kind: 'list'; readonly list: readonly number[]; readonly cycle?: DiagonalCycle };

/** The law seen in a two-pile game's P-positions (a Beatty pair, a diagonal), observed only. */
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
  /** P-positions with x > y that are not the mirror images (counted when the game is not symmetric). */
  readonly notSymmetric: number;
  /** The law in English (pairLawText). */
  readonly text: string;
}

/**
 * Diagonal P-positions (x, x), x <= max, as a progression when they are evenly spaced (three or more), else as a
 * list, with the cycle of the diagonal's outcomes when one is seen (observed as a heap's values are: observeCycle).
 */
function diagonalLaw(xs: readonly number[], max: number): DiagonalLaw {
  const step = xs.length >= 3 ? xs[1]! - xs[0]! : 0;
  if (step > 0 && xs.every((x, j) => x === xs[0]! + step * j)) return { kind: 'progression', start: xs[0]!, step, count: xs.length };
  const isP = new Uint8Array(max + 1);
  for (const x of xs) isP[x] = 1;
  const seen = observeCycle(isP, max + 1, { allowSaltus: false });
  if (!seen) return { kind: 'list', list: xs };
  const { preperiod: from, period } = seen;
  const residues = [...new Set(xs.filter((x) => x >= from).map((x) => x % period))].sort((a, b) => a - b);
  return { kind: 'list', list: xs, cycle: { from, period, residues } };
}

const DIAGONAL_LISTED = 8;

const cellsText = (xs: readonly number[]) => xs.map((x) => `(${x}, ${x})`).join(', ');

function diagonalText(law: DiagonalLaw, t: Translate): string {
  if (law.kind === 'progression') {
    const x = `${law.start === 0 ? '' : `${law.start} + `}${law.step === 1 ? '' : law.step}j`;
    return t('law.diagonal.progression', { x, last: law.count - 1 });
  }
  if (law.list.length === 0) return t('law.diagonal.none');
  // A short list that simply ends reads as itself; a cycle is said with the cells before it.
  const cycle = law.cycle;
  if (law.list.length <= DIAGONAL_LISTED && (!cycle || cycle.residues.length === 0)) return cellsText(law.list);
  if (!cycle) return t('law.diagonal.many', { count: law.list.length, first: cellsText(law.list.slice(0, 4)) });
  if (cycle.residues.length === 0) return t('law.diagonal.ends', { count: law.list.length, last: law.list[law.list.length - 1]!, first: cellsText(law.list.slice(0, 4)) });
  const before = law.list.filter((x) => x < cycle.from);
  const residues = cycle.residues.join(', ');
  const repeating = cycle.from === 0 ? t('law.diagonal.residues', { residues, period: cycle.period }) : t('law.diagonal.cycle', { residues, period: cycle.period, from: cycle.from });
  if (before.length === 0) return repeating;
  const listed = before.length <= DIAGONAL_LISTED ? cellsText(before) : t('law.diagonal.before', { count: before.length, from: cycle.from, first: cellsText(before.slice(0, 4)) });
  return t('law.diagonal.and', { listed, repeating });
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
  const diagonal = diagonalLaw(pPositions.filter(([x, y]) => x === y).map(([x]) => x).sort((a, b) => a - b), max);
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
  const law = { difference, a: lawA, b: lawB, aRecurrence, bRecurrence, mirrored, diagonal, pairs: below.length, upTo: max, notSymmetric: above.length };
  const text = pairLawText(law);
  return text === null ? null : { ...law, text };
}

/**
 * The law in `t`'s language (English: PairLaw.text); null when it says
 * nothing of a_k and b_k. Every P-position is accounted for: a side without
 * a law, the other half and the diagonal are named.
 */
export function pairLawText(law: Omit<PairLaw, 'text'>, t: Translate = english): string | null {
  const { a, b, aRecurrence, bRecurrence, difference } = law;
  const parts: string[] = [];
  const beatty = (l: BeattyLaw) => (l.counterexample === null ? l.text : t('law.beattyFails', { law: l.text, last: l.counterexample, next: l.counterexample + 1 }));
  if (a) parts.push(`a_k = ${beatty(a)}`);
  const bForms = [difference === null ? null : `a_k + ${difference === 1 ? '' : difference}k`, b ? beatty(b) : null].filter(Boolean);
  if (bForms.length) parts.push(`b_k = ${bForms.join(' = ')}`);
  // A recurrence is written for the sequence it describes: "a_k: a(k) = 2·a(k−1) − a(k−2)".
  const recurrence = (r: Recurrence) => (r.counterexample === null ? recurrenceText(r, t) : t('law.recurrenceFails', { law: recurrenceText(r, t), next: r.counterexample + 1 }));
  if (aRecurrence) parts.push(`a_k: ${recurrence(aRecurrence)}`);
  if (bRecurrence) parts.push(`b_k: ${recurrence(bRecurrence).replace(/a\(/g, 'b(')}`);
  if (parts.length === 0) return null;
  if (!a && !aRecurrence) parts.push(t('law.noLaw', { side: 'a_k' }));
  if (bForms.length === 0 && !bRecurrence) parts.push(t('law.noLaw', { side: 'b_k' }));
  const others = law.mirrored ? t('law.mirrored') : t('law.notSymmetric', { count: law.notSymmetric });
  const notes = [...new Set([a?.note, b?.note].filter((n): n is string => Boolean(n)))];
  const where = [...notes, `k = 1..${law.pairs}`, t('law.pairsObserved', { max: law.upTo })].join(t('law.separator'));
  return t('law.pair', { parts: parts.join(', '), others, diagonal: diagonalText(law.diagonal, t), where });
}
