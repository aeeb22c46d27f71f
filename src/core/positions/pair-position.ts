/**
 * Positions of games whose states are pairs: two-pile games (`--position 3:5
 * 4:7`) and heaps with memory (`--position 10:9`). Values come from the
 * game's table, computed up to the largest coordinate; winning moves from
 * the game's options; misère play by an exhaustive search of the position.
 */
import { InputError, quote, says, saying, type Wording } from '../errors.js';
import { formatCount, parseCount } from '../numbers.js';
import type { Game, Pair } from './game.js';
import { compareMoves, type Move, type PositionReport } from './position.js';
import { checkMisereSize, misereSearch } from './misere.js';
import type { Ground } from '../laws/ground.js';
import type { BigPair, PairTheorem } from './pair-theorem.js';
import type { MoveLine } from './pair-law-moves.js';
import { generatorWork, runGenerator, type SteppedWork } from '../driver.js';
import { isMessageKey } from '../i18n/index.js';
import type { PositionTables } from './position-tables.js';

/** Most cells a position's table may need (a two-pile table up to its largest coordinates). */
export const PAIR_CELL_LIMIT = 100_000_000;

/** `3:5` (also `3,5` or `(3,5)`) as a pair of whole numbers of any size, each written as sizes are (1e6, 2^20, 10^18); `single` reads a lone number (a start heap). */
export function parseBigPair(text: string, what: Wording, single?: (n: bigint) => BigPair): BigPair {
  const part = (written: string): bigint => (/^\d{1,15}$/.test(written) ? BigInt(written) : parseCount(written, says`${what} ${quote(text)}`));
  if (single && /^\s*[^\s:,()]+\s*$/.test(text)) return single(part(text.trim()));
  const match = /^\s*\(?\s*([^\s:,()]+)\s*[:,]\s*([^\s:,()]+)\s*\)?\s*$/.exec(text);
  if (!match) throw new InputError(says`${what}: ${saying(single ? 'error.pair.notPairOrHeap' : 'error.pair.notPair', { text: quote(text) })}`, { code: 'bad-value', value: text });
  return [part(match[1]!), part(match[2]!)] as const;
}

/** The same as numbers, for a table: each at most 2^53 - 1. */
export function parsePair(text: string, what: Wording, single?: (n: bigint) => BigPair): Pair {
  const pair = parseBigPair(text, what, single);
  for (const n of pair) {
    if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new InputError(says`${what}: ${saying('error.pair.tooLarge', { text: quote(text), n, most: formatCount(Number.MAX_SAFE_INTEGER) })}`, { code: 'out-of-range', value: text });
  }
  return [Number(pair[0]), Number(pair[1])] as const;
}

/** What a position needs of a game whose states are pairs (each kind builds its own). */
export interface PairGame {
  readonly game: Game<Pair>;
  /** What a unit of the table's work is ("cells", "states"). */
  readonly unit: string;
  /** Compute the table the components need, yielding the units done a piece at a time (setting size.ceiling); then G of any state in it. */
  table(components: readonly Pair[], size: { ceiling: number }): Generator<number | void, (state: Pair) => number, void>;
  /** Tokens a move takes. */
  take(from: Pair, to: Pair): bigint;
  /** The states a component can become (those below it), and the most options one of them has: a misère search's size. */
  statesBelow(state: Pair): number;
  optionsAtMost(state: Pair): number;
  /** The state a lone number stands for (a start heap n is (n, n-1)), where the game has one. */
  single?(n: bigint): BigPair;
  /** The moves as lines (subtract m·(dx, dy)), where the game's moves are such: a law's winning moves past the table are found along them. */
  readonly lines?: readonly MoveLine[];
}

/** A position of a few components, evaluated in this thread. */
export function pairPosition(pairs: PairGame, components: readonly Pair[], misere: boolean): PositionReport<Pair> {
  return runGenerator(pairPositionSteps(pairs, components, misere));
}

/** The same as work for the driver: the table a row (or heap) a step, then the moves; progress, and stops between steps. */
export function pairPositionWork(pairs: PairGame, components: readonly Pair[], misere: boolean, tables?: PositionTables): SteppedWork<PositionReport<Pair>> {
  const size = { unit: pairs.unit, ceiling: Infinity };
  return generatorWork(pairPositionSteps(pairs, components, misere, size, tables), size);
}

/** Cells a table shared by the positions of a run may hold where one position needs fewer (about a tenth of a second of work). */
const SHARED_PAIR_CELLS = 1 << 22;

/**
 * The values a position's components need: a table kept for the positions of the run (`tables`) that reaches
 * them, or one computed as far as the corner of every position to come and kept (when that is not much more
 * than this position's own), or this position's own.
 */
function* pairValues(pairs: PairGame, components: readonly Pair[], size: { ceiling: number }, tables: PositionTables | undefined): Generator<number | void, (state: Pair) => number, void> {
  const key = pairs.game.text;
  const own: Pair = [Math.max(0, ...components.map(([x]) => x)), Math.max(0, ...components.map(([, y]) => y))];
  const kept = tables?.pairs.get(key);
  if (kept && own[0] <= kept.corner[0] && own[1] <= kept.corner[1]) return (state) => kept.value(state);
  const far = tables?.corner;
  const corner: Pair | null = far && far[0] <= BigInt(Number.MAX_SAFE_INTEGER) && far[1] <= BigInt(Number.MAX_SAFE_INTEGER) ? [Math.max(own[0], Number(far[0])), Math.max(own[1], Number(far[1]))] : null;
  if (!tables || !corner || pairs.statesBelow(corner) > Math.max(SHARED_PAIR_CELLS, pairs.statesBelow(own))) return yield* pairs.table(components, size);
  const value = yield* pairs.table([...components, corner], size);
  tables.pairs.set(key, { corner, value });
  tables.computed++;
  return value;
}

export function* pairPositionSteps(pairs: PairGame, components: readonly Pair[], misere: boolean, size = { unit: '', ceiling: 0 }, tables?: PositionTables): Generator<number | void, PositionReport<Pair>, void> {
  const { game, take } = pairs;
  const value = yield* pairValues(pairs, components, size, tables);
  size.ceiling = Infinity;
  const describe = (move: Move<Pair>, position: readonly Pair[]) => {
    const after = position.map((p, i) => (i === move.component - 1 ? move.to[0]! : p));
    return `move ${game.show(move.from)} to ${game.show(move.to[0]!)} in component ${move.component} → ${after.map(game.show).join(' ')}`;
  };
  const base = { shape: 'position' as const, rule: game.text, misere, show: game.show, describe };
  const unit = `ground.unit.${pairs.unit}`;
  const tableGround: Ground = { kind: 'table', over: { key: 'ground.upTo', params: { unit: isMessageKey(unit) ? { key: unit } : pairs.unit, list: components.map(game.show).join(', ') } } };
  const values = components.map(value);
  const moves: Move<Pair>[] = [];
  if (misere) {
    // Positions as lists of states, sorted by key: a multiset.
    const keyOf = (p: readonly Pair[]) => p.map(game.key).sort().join(' ');
    const optionsOf = function* (p: readonly Pair[]): Iterable<readonly Pair[]> {
      for (let i = 0; i < p.length; i++) for (const [to] of game.options(p[i]!)) yield [...p.slice(0, i), to!, ...p.slice(i + 1)];
    };
    // Each component can become any state of its table below it: the search reaches at most their product.
    const states = components.reduce((product, state) => product * pairs.statesBelow(state), 1);
    // Options of any position reached: at most those of the components it started from (a state's options lie below it).
    const options = components.reduce((sum, state) => sum + pairs.optionsAtMost(state), 0);
    checkMisereSize(states, options, { key: 'error.misere.thisPosition' });
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
    return { ...base, components: components.map((state) => ({ state, grundy: null, ground: tableGround })), nimSum: null, outcome, winningMoves: moves, movesNotListed: null };
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
  return { ...base, components: components.map((state, i) => ({ state, grundy: BigInt(values[i]!), ground: tableGround })), nimSum: BigInt(nimSum), outcome: nimSum === 0 ? 'P' : 'N', winningMoves: moves, movesNotListed: null };
}
