/**
 * A published theorem's formula for a one-heap rule: every value at once
 * (Nim's G(n) = n, Bachet's n mod (m+1)) and, where it gives them, the
 * misère outcomes of single heaps. A kind's theorem gives one where it
 * answers by values (GameKind.theorem); positions and --at then need no table.
 */
import type { Cycle } from '../laws/pattern.js';
import type { PPositions } from '../laws/p-positions.js';
import type { Message } from '../i18n/index.js';

export interface ClosedForm {
  /** Author and year, and what the theorem says: "Bouton (1901): G(n) = n" (a catalogue message). */
  readonly theorem: Message;
  value(n: bigint): bigint;
  /** The eventual pattern the formula has, where its numbers fit a report (a period beyond 2^53 does not). */
  readonly cycle: Cycle | null;
  /** The largest value of heaps 0..max. */
  largest(max: bigint): bigint;
  /** Its P-positions (those up to max, where it has no cycle). */
  pPositions(max: bigint): PPositions;
  /** Misère outcomes of single heaps, where the theorem gives them. */
  readonly misere?: MisereClosedForm;
}

/** A theorem's misère outcomes for one heap. */
export interface MisereClosedForm {
  readonly theorem: Message;
  isP(n: bigint): boolean;
  /** The tokens to take from heap n (an N-position with a move) to leave a misère P-position. */
  winningTake(n: bigint): bigint | null;
}
