/**
 * The eventual pattern of a value sequence. For n >= preperiod:
 *   G(n + period) = G(n) + saltus
 * (saltus 0: periodic; saltus > 0: arithmetic periodic).
 * `preperiod` is the first n of the periodic part (CGSuite's convention); the
 * last exceptional value, as Winning Ways quotes it, is at preperiod - 1.
 */
import type { Message } from '../i18n/index.js';

/** A periodic pattern: its preperiod, period and saltus, with its proof where it has one. */
export interface Cycle {
  readonly preperiod: number;
  readonly period: number;
  readonly saltus: number;
}

/** Why a pattern is proven: the theorem used and the numbers it was checked with. */
export interface Proof {
  /** Short name of the argument, stable for scripts. */
  readonly method: 'window-repetition' | 'relative-state-repetition' | 'guy-smith' | 'theorem';
  /** One sentence a person can check. */
  readonly reason: string;
  /** The fewest values from G(0) on that the argument needs. */
  readonly valuesNeeded: number;
  /** The numbers `reason` names, by name, so a page can say the same sentence in another language. */
  readonly facts?: Readonly<Record<string, number>>;
}

/** An observed cycle's proof, were the cycle to go on holding: the argument, and the values it needs from G(0) on. */
export interface ProofNeed {
  readonly method: Proof['method'];
  readonly valuesNeeded: number;
}

/**
 * What is known of the whole sequence: a cycle (proven or observed); a
 * published theorem's formula that need not be periodic (the divisor game's
 * G(n) = the exponent of 2 in n, Bash's n mod (m+1) with a period beyond
 * 2^53), proven, with its citation; or nothing seen over the values computed.
 */
export type Pattern =
  | (Cycle & { readonly kind: 'periodic' | 'arithmetic-periodic'; readonly proof: Proof | null; readonly observedOver: number; readonly proofWouldNeed?: ProofNeed | null })
  | { readonly kind: 'theorem'; readonly theorem: Message; readonly observedOver: number }
  | { readonly kind: 'none'; readonly observedOver: number };

export function isCycle(pattern: Pattern): pattern is Extract<Pattern, Cycle> {
  return pattern.kind === 'periodic' || pattern.kind === 'arithmetic-periodic';
}

export function patternKind(saltus: number): 'periodic' | 'arithmetic-periodic' {
  return saltus === 0 ? 'periodic' : 'arithmetic-periodic';
}
