/**
 * Positions of two-pile games (`--position 3:5 4:7`) and heaps with memory
 * (`--position 10:9`): values from the game's table, computed up to the
 * largest coordinate; winning moves from the game's options; misère play by
 * an exhaustive search of the position.
 */
import { InputError, quote } from '../errors.js';
import { formatCount, parseCount } from '../numbers.js';
import { ruleText, type CappedHeapRule, type VectorRule } from '../rules/model.js';
import { memoryGame, vectorGame, type Game, type Pair } from '../kinds/game.js';
import { VectorKernel } from '../kinds/two-pile/vector-kernel.js';
import { CappedKernel } from '../kinds/capped-heap/capped-kernel.js';
import { checkTableMemory } from '../kinds/two-pile/grid.js';
import { compareMoves, type Move, type PositionReport } from './position.js';
import { checkMisereSize, misereSearch } from './misere.js';
import { generatorWork, runGenerator, type SteppedWork } from '../driver.js';

/** Most cells a position's table may need (a two-pile table up to its largest coordinates). */
export const BOARD_CELL_LIMIT = 100_000_000;

/** `3:5` (also `3,5` or `(3,5)`) as a pair of whole numbers, each written as sizes are (1e6, 2^20). */
export function parsePair(text: string, what: string): Pair {
  const match = /^\s*\(?\s*([^\s:,()]+)\s*[:,]\s*([^\s:,()]+)\s*\)?\s*$/.exec(text);
  if (!match) throw new InputError(`${what}: ${quote(text)} is not a pair such as 3:5`);
  const part = (written: string): number => {
    const n = /^\d{1,15}$/.test(written) ? BigInt(written) : parseCount(written, `${what} ${quote(text)}`);
    if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new InputError(`${what}: ${quote(text)}: a pile of ${quote(written)} is larger than ${formatCount(Number.MAX_SAFE_INTEGER)}, the most a pair may hold`);
    return Number(n);
  };
  return [part(match[1]!), part(match[2]!)] as const;
}

/** A position of a few components, evaluated in this thread. */
export function boardPosition(rule: VectorRule | CappedHeapRule, components: readonly Pair[], misere: boolean): PositionReport<Pair> {
  return runGenerator(boardPositionSteps(rule, components, misere));
}

/** The same as work for the driver: the table a row (or heap) a step, then the moves; progress, and stops between steps. */
export function boardPositionWork(rule: VectorRule | CappedHeapRule, components: readonly Pair[], misere: boolean): SteppedWork<PositionReport<Pair>> {
  const size = { unit: rule.kind === 'vectors' ? 'cells' : 'states', ceiling: Infinity };
  return generatorWork(boardPositionSteps(rule, components, misere, size), size);
}

function* boardPositionSteps(rule: VectorRule | CappedHeapRule, components: readonly Pair[], misere: boolean, size = { unit: '', ceiling: 0 }): Generator<number | void, PositionReport<Pair>, void> {
  const game: Game<Pair> = rule.kind === 'vectors' ? vectorGame(rule) : memoryGame(rule);
  let value: (p: Pair) => number;
  // Sizes are checked before any table is made: cells (the work) and bytes (the memory).
  if (rule.kind === 'vectors') {
    const rows = Math.max(...components.map(([x]) => x)) + 1;
    const columns = Math.max(...components.map(([, y]) => y)) + 1;
    if (rows * columns > BOARD_CELL_LIMIT) throw new InputError(`--position: a table up to ${rows - 1}:${columns - 1} has ${formatCount(rows * columns)} cells, more than the ${formatCount(BOARD_CELL_LIMIT)} a position may need`);
    checkTableMemory(rule.vectors, rows - 1, columns - 1, (needed, free) => `--position: a table up to ${rows - 1}:${columns - 1} needs about ${needed}, more than the ${free} of free memory`);
    const kernel = new VectorKernel(rule.vectors, rows - 1, columns - 1);
    size.ceiling = rows * columns;
    while (kernel.rowsDone < rows) {
      kernel.fillRows(kernel.rowsDone + 1);
      yield columns;
    }
    const values = kernel.values;
    value = ([x, y]) => values[x * columns + y]!;
  } else {
    const max = Math.max(...components.map(([n]) => n));
    if (((max + 1) * (max + 2)) / 2 > BOARD_CELL_LIMIT) throw new InputError(`--position: heaps up to ${max} need ${formatCount(((max + 1) * (max + 2)) / 2)} states, more than ${formatCount(BOARD_CELL_LIMIT)}`);
    const kernel = new CappedKernel(rule, max);
    size.ceiling = ((max + 1) * (max + 2)) / 2;
    while (kernel.heapsDone <= max) {
      kernel.fillHeaps(kernel.heapsDone + 1);
      yield kernel.heapsDone; // the states of that heap
    }
    const table = kernel.table();
    value = ([n, c]) => table.value(n, c);
  }
  size.ceiling = Infinity;
  const describe = (move: Move<Pair>, position: readonly Pair[]) => {
    const after = position.map((p, i) => (i === move.component - 1 ? move.to[0]! : p));
    return `move ${game.show(move.from)} to ${game.show(move.to[0]!)} in component ${move.component} → ${after.map(game.show).join(' ')}`;
  };
  const base = { shape: 'position' as const, rule: ruleText(rule), misere, show: game.show, describe };
  const take = (from: Pair, to: Pair) => (rule.kind === 'vectors' ? BigInt(from[0] - to[0] + from[1] - to[1]) : BigInt(from[0] - to[0]));
  const values = components.map(value);
  const moves: Move<Pair>[] = [];
  if (misere) {
    // Positions as lists of states, sorted by key: a multiset.
    const keyOf = (p: readonly Pair[]) => p.map(game.key).sort().join(' ');
    const optionsOf = function* (p: readonly Pair[]): Iterable<readonly Pair[]> {
      for (let i = 0; i < p.length; i++) for (const [to] of game.options(p[i]!)) yield [...p.slice(0, i), to!, ...p.slice(i + 1)];
    };
    // Each component can become any state of its table below it: the search reaches at most their product.
    const states = components.reduce((product, [x, y]) => product * (rule.kind === 'vectors' ? (x + 1) * (y + 1) : ((x + 1) * (x + 2)) / 2), 1);
    // Options of any position reached: at most those of the components it started from (a state's options lie below it).
    const options = components.reduce((sum, [x, y]) => sum + (rule.kind === 'vectors' ? 2 * (x + y) : x), 0);
    checkMisereSize(states, options, 'this position');
    size.unit = 'positions searched';
    const memo = new Map<string, boolean>();
    const outcome = yield* misereSearch(components, keyOf, optionsOf, memo);
    if (outcome === 'N') {
      for (let i = 0; i < components.length; i++) {
        const from = components[i]!;
        for (const [to] of game.options(from)) {
          const after = [...components.slice(0, i), to!, ...components.slice(i + 1)];
          if ((yield* misereSearch(after, keyOf, optionsOf, memo)) === 'P') moves.push({ component: i + 1, from, to: [to!], take: take(from, to!) });
        }
      }
    }
    moves.sort(compareMoves(game.key));
    return { ...base, components: components.map((state) => ({ state, grundy: null })), nimSum: null, outcome, winningMoves: moves, movesNotListed: null };
  }
  let nimSum = 0;
  for (const v of values) nimSum ^= v;
  if (nimSum !== 0) {
    components.forEach((from, i) => {
      const target = values[i]! ^ nimSum;
      for (const [to] of game.options(from)) if (value(to!) === target) moves.push({ component: i + 1, from, to: [to!], take: take(from, to!) });
    });
    moves.sort(compareMoves(game.key));
  }
  return { ...base, components: components.map((state, i) => ({ state, grundy: BigInt(values[i]!) })), nimSum: BigInt(nimSum), outcome: nimSum === 0 ? 'P' : 'N', winningMoves: moves, movesNotListed: null };
}
