/**
 * What a request asks of a game whose states are pairs (two-pile games,
 * heaps with memory): its table to --max, or a position.
 */
import { InputError, mention, says, saying } from '../../errors.js';
import type { Message } from '../../i18n/index.js';
import { formatCount } from '../../numbers.js';
import { driveSync, finishedWork, generatorWork, type SteppedWork } from '../../driver.js';
import type { ValueArray } from '../../kernels/store.js';
import type { AnalyseRequest, MisereOffer, PlayStart, Prepared, ShapedResult, Theorem } from '../kind.js';
import type { Pair } from '../../positions/game.js';
import { pairPlayable } from '../../positions/playable.js';
import type { RuleBase } from '../../rules/spec.js';
import { pairPositionSteps, pairPositionWork, parseBigPair, parsePair, type PairGame } from '../../positions/pair-position.js';
import { pairTheoremPosition, pastTable, pSumPosition, type BigPair } from '../../positions/pair-theorem.js';
import { cellLawTest, lawPosition, pairLawTest } from '../../positions/pair-law-position.js';
import { cellLawMoves, pairLawMoves, type MoveLine } from '../../positions/pair-law-moves.js';
import type { CellLaw } from '../../laws/cell-law.js';
import type { PairLaw } from '../../laws/pair-law.js';
import type { PositionReport } from '../../positions/position.js';
import type { Ground } from '../../laws/ground.js';

/** Coordinates are array indices: keep them well inside memory's reach. */
const PAIR_MAX = 2 ** 31 - 1;

/** Misère play of a pair game: positions, searched over their own table (its values are normal play's, so no misère table). */
export const PAIR_MISERE: MisereOffer = { tables: false, positions: true };

export interface PairTable {
  /** What the table is, in words ("two-pile games"). */
  readonly what: Message;
  /** Heaps (or columns) shown when no --max is given. */
  readonly defaultMax: number;
  /** Whether --rows A..B applies. */
  readonly rows: boolean;
  checkpointKey(max: number): string;
  work(max: number, resume: ValueArray | undefined): SteppedWork<ShapedResult>;
}

/** --rows asked of a game whose table has no rows of two piles. */
export function rowsNotApplicable(rows: unknown): InputError {
  return new InputError(says`${mention('rows')} ${saying('error.rows.twoPile', { vectors: mention('vectors'), preset: mention('preset') })}`, { code: 'not-applicable', field: 'rows', value: rows });
}

/** A pair game's request as work; `theorem`: the kind's, which answers one component at any size (null where none applies). */
export function preparePairs<R extends RuleBase>(pairs: PairGame, table: PairTable, request: AnalyseRequest<R>, theorem: Theorem | null): Prepared<ShapedResult> {
  if (request.position) return { checkpointKey: null, work: () => pairPositionPart(pairs, table, request, theorem) };
  if (request.at) throw new InputError(says`${mention('at')} ${saying('error.pairs.at', { what: table.what, max: mention('max') })}`, { code: 'not-applicable', field: 'at', value: request.at });
  if (request.rows && !table.rows) throw rowsNotApplicable(request.rows);
  const max = Number(request.max ?? request.game.defaultMax ?? BigInt(table.defaultMax));
  if (!(max <= PAIR_MAX)) throw new InputError(says`${mention('max')} ${request.max}: ${saying('error.pairs.max', { most: formatCount(PAIR_MAX), what: table.what })}`, { code: 'too-large', field: 'max', value: request.max });
  if (request.rows && request.rows.last > max && request.max === undefined) throw new InputError(says`${mention('rows')} ${saying('error.rows.needMax', { max: mention('max') })}`, { code: 'not-applicable', field: 'rows', value: request.rows });
  return { checkpointKey: table.checkpointKey(max), work: (resume) => table.work(max, resume) };
}

/** The corner of the table a law of P-positions is observed over, for a position past the position's own table (--use-observed). */
const LAW_TABLE_MAX = 255;

/** What the table over LAW_TABLE_MAX says of the P-positions: a law of pairs, a law of each cell. */
interface ObservedTable {
  readonly law?: PairLaw | null;
  readonly cellLaw?: CellLaw | null;
}

/** The law observed over the table as a test of states, with its ground and (given the game's move lines) its search for winning moves; null when there is none. */
function observedLaw(table: ObservedTable, lines: readonly MoveLine[] | undefined) {
  const upTo = BigInt(LAW_TABLE_MAX);
  if (table.cellLaw) {
    const test = cellLawTest(table.cellLaw);
    const ground: Ground = { kind: 'law', law: { key: 'explore.grid.cellLaw', params: { condition: table.cellLaw.condition, cells: formatCount(table.cellLaw.cells) } }, observedUpTo: upTo };
    return { test, ground, moves: lines ? (state: BigPair) => cellLawMoves(test, state, lines) : null };
  }
  const law = table.law;
  const test = law ? pairLawTest(law) : null;
  if (!law || !test) return null;
  const ground: Ground = { kind: 'law', law: { key: 'ground.pairLaw', params: { law: law.text } }, observedUpTo: upTo };
  return { test, ground, moves: lines ? (state: BigPair) => pairLawMoves(law, test, state, lines) : null };
}

/**
 * A position of a pair game: one component by the kind's theorem at any
 * size; else by the table the components need; past that table, a sum of
 * P-positions by the theorem, or (--use-observed, no theorem) the law of
 * the P-positions observed over a table of LAW_TABLE_MAX, its ground saying so.
 */
function pairPositionPart<R extends RuleBase>(pairs: PairGame, table: PairTable, request: AnalyseRequest<R>, theorem: Theorem | null): SteppedWork<unknown> {
  const texts = request.position as readonly string[];
  const misere = request.misere ?? false;
  const parse = (t: string) => parseBigPair(t, mention('position'), pairs.single);
  if (theorem?.by === 'p-test' && texts.length === 1 && !misere) return finishedWork(pairTheoremPosition(theorem.test, pairs.game.text, parse(texts[0]!)));
  const components = () => texts.map((t) => parsePair(t, mention('position'), pairs.single));
  const observed = request.useObserved && !theorem;
  if (misere || (theorem?.by !== 'p-test' && !observed)) return pairPositionWork(pairs, components(), misere, request.tables);
  const size = { unit: pairs.unit, ceiling: Infinity };
  const past = (refusal: InputError): PositionReport<unknown> => {
    const states = texts.map(parse);
    if (theorem?.by === 'p-test') return pSumPosition(theorem.test, { kind: 'theorem', theorem: theorem.test.theorem }, pairs.game.text, states, refusal);
    const byLaw = observedLaw(driveSync(table.work(LAW_TABLE_MAX, undefined)) as ObservedTable, pairs.lines);
    if (!byLaw) throw refusal;
    const show = (state: BigPair) => pairs.game.show([state[0], state[1]] as unknown as Pair);
    if (states.length > 1) return pSumPosition({ isP: byLaw.test, show }, byLaw.ground, pairs.game.text, states, refusal);
    if (byLaw.test(states[0]!) === null) throw refusal;
    return lawPosition(byLaw.test, states[0]!, byLaw.ground, pairs.game.text, show, byLaw.moves);
  };
  return generatorWork(pastTable<number | void, PositionReport<unknown>>(() => pairPositionSteps(pairs, components(), misere, size, request.tables), past), size);
}

/** A game of pairs to play: from request.position, or from `randomStart`. */
export function playPairs<R extends RuleBase>(pairs: PairGame, noun: string, request: AnalyseRequest<R>, randomStart: () => Pair[], theorem: Theorem | null = null): PlayStart {
  const playable = pairPlayable(pairs, noun, theorem?.by === 'p-test' ? theorem.test : null);
  const texts = request.position as readonly string[] | undefined;
  return texts ? { playable, start: texts.map((t) => playable.parse(t)), random: false } : { playable, start: randomStart(), random: true };
}
