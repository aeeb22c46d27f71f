/**
 * The game layer: what every game sg-explore knows has in common. A game has
 * states, a canonical key per state, and options; an option is a sum of one
 * or more states (a heap that splits in two leaves a sum of two heaps). Its
 * value is the xor of its parts' values. Heap rules are games whose state is
 * a number, two-pile games have pairs, heaps with memory have (heap, cap),
 * and rule modules may use any JSON value (src/core/kinds/module/).
 *
 * The fast kernels fill tables per kind of game; this interface is what
 * positions, winning moves and searches use.
 */

export interface Game<S> {
  /** Canonical text of the rule (as in every report). */
  readonly text: string;
  /** A canonical key: equal states, equal keys. */
  key(state: S): string;
  /** Every option: each a list of states whose sum the move leaves (empty: nothing left). */
  options(state: S): Iterable<readonly S[]>;
  /** The state as people write it (3, 3:5, (10,4)). */
  show(state: S): string;
}

/** A two-pile state (x, y). */
export type Pair = readonly [number, number];
