/**
 * A heap with memory as positions need it: state (heap, cap), a move takes
 * t <= min(cap, heap) and the next cap follows from t; the values of a
 * position come from the states of every heap up to its largest.
 */
import { InputError, mention, says, saying } from '../../errors.js';
import { formatCount } from '../../numbers.js';
import type { Game, Pair } from '../../positions/game.js';
import { PAIR_CELL_LIMIT, type PairGame } from '../../positions/pair-position.js';
import { cappedHeapText, type CappedHeapRule } from './rule.js';
import { CappedKernel, nextCap } from './capped-kernel.js';
import type { PairTheorem } from '../../positions/pair-theorem.js';
import { cappedNimWinningTakes, isCappedNimP } from '../../theorems/capped-nim.js';

export function cappedHeapGame(rule: CappedHeapRule): Game<Pair> {
  return {
    text: cappedHeapText(rule),
    key: ([n, c]) => `${n},${Math.min(n, c)}`,
    *options([n, c]) {
      for (let t = 1; t <= Math.min(n, c); t++) yield [[n - t, Math.min(n - t, nextCap(rule, t))] as const];
    },
    show: ([n, c]) => `(${n},${c})`,
  };
}

const statesUpTo = (max: number) => ((max + 1) * (max + 2)) / 2;

export function cappedHeapPairs(rule: CappedHeapRule): PairGame {
  return {
    game: cappedHeapGame(rule),
    unit: 'states',
    *table(components, size) {
      const max = components.reduce((most, [n]) => Math.max(most, n), 0);
      if (statesUpTo(max) > PAIR_CELL_LIMIT) throw new InputError(says`${mention('position')}: ${saying('error.capped.states', { max, states: formatCount(statesUpTo(max)), most: formatCount(PAIR_CELL_LIMIT) })}`, { code: 'too-large', value: components });
      const kernel = new CappedKernel(rule, max);
      size.ceiling = statesUpTo(max);
      while (kernel.heapsDone <= max) {
        kernel.fillHeaps(kernel.heapsDone + 1);
        yield kernel.heapsDone; // the states of that heap
      }
      const table = kernel.table();
      return ([n, c]: Pair) => table.value(n, c);
    },
    take: (from, to) => BigInt(from[0] - to[0]),
    statesBelow: ([x]) => statesUpTo(x),
    optionsAtMost: ([x]) => x,
    single: (n) => [n, n > 0n ? n - 1n : 0n],
  };
}

/** Whinihan's (k = 2) and Schwenk's (every k) theorem: see theorems/capped-nim.ts. */
export function cappedNimTheorem(k: number): PairTheorem {
  return {
    theorem: k === 2 ? { key: 'theorem.cappedNimFibonacci' } : { key: 'theorem.cappedNim', params: { k } },
    isP: ([n, c]) => isCappedNimP(k, n, c),
    winningMoves: ([n, c]) => cappedNimWinningTakes(k, n, c).map((t) => [n - t, min(n - t, BigInt(k) * t)] as const),
    take: (from, to) => from[0] - to[0],
    show: ([n, c]) => `(${n},${c})`,
  };
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);
