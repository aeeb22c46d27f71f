/**
 * The game layer: what every game sg-explore knows has in common. A game has
 * states, a canonical key per state, and options; an option is a sum of one
 * or more states (a heap that splits in two leaves a sum of two heaps). Its
 * value is the xor of its parts' values. Heap rules are games whose state is
 * a number, two-pile games have pairs, heaps with memory have (heap, cap),
 * and rule modules may use any JSON value (src/states/).
 *
 * The fast kernels fill tables per kind of game; this interface is what
 * positions, winning moves and searches use.
 */
import { heapOptions } from './heap-options.js';
import { isHeapRule, ruleText, type CappedHeapRule, type GameRule, type VectorRule } from '../rules/model.js';
import { nextCap } from './capped-heap/capped-kernel.js';

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

export type Pair = readonly [number, number];

/** A heap rule as a game whose state is the heap size. */
export function heapGame(rule: GameRule & { kind: Exclude<GameRule['kind'], 'vectors' | 'capped-heap'> }): Game<number> {
  return {
    text: ruleText(rule),
    key: (n) => String(n),
    options: (n) => heapOptions(rule, n),
    show: (n) => String(n),
  };
}

/** A two-pile game: state (x, y); a move subtracts m·(dx, dy). */
export function vectorGame(rule: VectorRule): Game<Pair> {
  return {
    text: ruleText(rule),
    key: ([x, y]) => `${x}:${y}`,
    *options([x, y]) {
      for (const { dx, dy, cap } of rule.vectors) {
        for (let m = 1; (cap === null || m <= cap) && x - m * dx >= 0 && y - m * dy >= 0; m++) yield [[x - m * dx, y - m * dy] as const];
      }
    },
    show: ([x, y]) => `${x}:${y}`,
  };
}

/** A heap with memory: state (heap, cap). */
export function memoryGame(rule: CappedHeapRule): Game<Pair> {
  return {
    text: ruleText(rule),
    key: ([n, c]) => `${n},${Math.min(n, c)}`,
    *options([n, c]) {
      for (let t = 1; t <= Math.min(n, c); t++) yield [[n - t, Math.min(n - t, nextCap(rule, t))] as const];
    },
    show: ([n, c]) => `(${n},${c})`,
  };
}

/** The game of a rule (rule modules with their own states are loaded in a worker: see src/states/). */
export function gameOf(rule: GameRule): Game<number> | Game<Pair> {
  if (isHeapRule(rule)) {
    if (rule.kind === 'custom') throw new RangeError('a rule module is a game of its own: see src/states/');
    return heapGame(rule);
  }
  return rule.kind === 'vectors' ? vectorGame(rule) : memoryGame(rule);
}
