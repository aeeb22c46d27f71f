/**
 * What a request asks of a game whose states are pairs (two-pile games,
 * heaps with memory): its table to --max, or a position.
 */
import { InputError, mention, says, saying } from '../../errors.js';
import type { Message } from '../../i18n/index.js';
import { formatCount } from '../../numbers.js';
import { finishedWork, type SteppedWork } from '../../driver.js';
import type { ValueArray } from '../../kernels/store.js';
import type { AnalyseRequest, PlayStart, Prepared, ShapedResult, Theorem } from '../kind.js';
import type { Pair } from '../../positions/game.js';
import { pairPlayable } from '../../positions/playable.js';
import type { RuleBase } from '../../rules/spec.js';
import { pairPositionWork, parseBigPair, parsePair, type PairGame } from '../../positions/pair-position.js';
import { pairTheoremPosition } from '../../positions/pair-theorem.js';

/** Coordinates are array indices: keep them well inside memory's reach. */
const PAIR_MAX = 2 ** 31 - 1;

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
  if (request.position) {
    const texts = request.position as readonly string[];
    if (theorem?.by === 'p-test' && texts.length === 1 && !request.misere) {
      const state = parseBigPair(texts[0]!, mention('position'), pairs.single);
      return { checkpointKey: null, work: () => finishedWork(pairTheoremPosition(theorem.test, pairs.game.text, state)) };
    }
    const components = texts.map((t) => parsePair(t, mention('position'), pairs.single));
    return { checkpointKey: null, work: () => pairPositionWork(pairs, components, request.misere ?? false) };
  }
  if (request.misere) throw new InputError(says`${mention('misere')} ${saying('error.pairs.misere', { position: mention('position'), misere: mention('misere') })}`, { code: 'not-applicable', field: 'misere', value: true });
  if (request.at) throw new InputError(says`${mention('at')} ${saying('error.pairs.at', { what: table.what, max: mention('max') })}`, { code: 'not-applicable', field: 'at', value: request.at });
  if (request.rows && !table.rows) throw rowsNotApplicable(request.rows);
  const max = Number(request.max ?? request.game.defaultMax ?? BigInt(table.defaultMax));
  if (!(max <= PAIR_MAX)) throw new InputError(says`${mention('max')} ${request.max}: ${saying('error.pairs.max', { most: formatCount(PAIR_MAX), what: table.what })}`, { code: 'too-large', field: 'max', value: request.max });
  if (request.rows && request.rows.last > max && request.max === undefined) throw new InputError(says`${mention('rows')} ${saying('error.rows.needMax', { max: mention('max') })}`, { code: 'not-applicable', field: 'rows', value: request.rows });
  return { checkpointKey: table.checkpointKey(max), work: (resume) => table.work(max, resume) };
}

/** A game of pairs to play: from request.position, or from `randomStart`. */
export function playPairs<R extends RuleBase>(pairs: PairGame, noun: string, request: AnalyseRequest<R>, randomStart: () => Pair[]): PlayStart {
  const playable = pairPlayable(pairs, noun);
  const texts = request.position as readonly string[] | undefined;
  return texts ? { playable, start: texts.map((t) => playable.parse(t)), random: false } : { playable, start: randomStart(), random: true };
}
