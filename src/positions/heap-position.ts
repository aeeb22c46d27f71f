/**
 * Positions of a heap rule: a sum of heaps (`--position 3 6 9`). Values come
 * from the computed table or a proven period (heaps up to 10^18); the
 * winning moves from each heap's options that reach the value the nim-sum
 * asks for (every one, not only those below the heap's value). Misère play:
 * Bouton's rule for Nim, an exhaustive search for everything else.
 */
import type { Exploration } from '../explore.js';
import { referenceOptions } from '../engine/reference.js';
import type { Rule } from '../rules/model.js';
import { compareMoves, type Move, type PositionReport } from './position.js';
import { optionsWithValue } from './heap-moves.js';
import { misereNimOutcome, misereOutcome } from './misere.js';
import { InputError } from '../errors.js';

/** Positions longer than this are not written out after each move: only what the heap becomes. */
const POSITION_SHOWN = 24;

function describeHeapMove(move: Move<bigint>, position: readonly bigint[]): string {
  const left = move.to.length > 1 ? `, leaving ${move.to.join(' + ')}` : '';
  if (position.length > POSITION_SHOWN) return `take ${move.take} from heap ${move.component}${left} (${move.from} → ${move.to.length ? move.to.join(' + ') : 'nothing'})`;
  const after = [...position.slice(0, move.component - 1), ...move.to, ...position.slice(move.component)];
  return `take ${move.take} from heap ${move.component}${left} → ${after.length ? after.join(' ') : '(nothing left)'}`;
}

const show = (n: bigint) => String(n);
const key = (n: bigint) => String(n);

export function heapPosition(x: Exploration, rule: Rule, heaps: readonly bigint[], misere: boolean): PositionReport<bigint> {
  const values = heaps.map((n) => x.valueAt(n));
  const base = { shape: 'position' as const, rule: x.rule, misere, show, describe: describeHeapMove };
  if (misere) return misereHeapPosition(x, rule, heaps, values, base);
  let nimSum = 0n;
  for (const v of values) nimSum ^= v;
  const winningMoves: Move<bigint>[] = [];
  let movesNotListed: string | null = null;
  if (nimSum !== 0n) {
    heaps.forEach((n, i) => {
      const found = optionsWithValue(rule, x, n, values[i]! ^ nimSum);
      if ('notListed' in found) movesNotListed ??= `heap ${i + 1} (${n}): ${found.notListed}`;
      else for (const o of found.options) winningMoves.push({ component: i + 1, from: n, to: o.to, take: o.take });
    });
    winningMoves.sort(compareMoves(key));
  }
  return { ...base, components: heaps.map((state, i) => ({ state, grundy: values[i]! })), nimSum, outcome: nimSum === 0n ? 'P' : 'N', winningMoves, movesNotListed };
}

/** Heaps of a misère position searched exhaustively: kept sorted, so a position is a multiset. */
const MISERE_SEARCH_HEAP_LIMIT = 10_000;

function misereHeapPosition(
  x: Exploration,
  rule: Rule,
  heaps: readonly bigint[],
  values: readonly bigint[],
  base: Pick<PositionReport<bigint>, 'shape' | 'rule' | 'misere' | 'show' | 'describe'>,
): PositionReport<bigint> {
  const components = heaps.map((state, i) => ({ state, grundy: values[i]! }));
  if (rule.kind === 'all-but' && rule.excluded.length === 0) {
    // Nim: Bouton. Winning moves are the moves to a misère P-position; only a few can be.
    const outcome = misereNimOutcome(heaps);
    const winningMoves: Move<bigint>[] = [];
    if (outcome === 'N') {
      heaps.forEach((n, i) => {
        const candidates = new Set<bigint>([0n, 1n]);
        let sum = 0n;
        heaps.forEach((h, j) => j !== i && (sum ^= h));
        candidates.add(sum); // the normal-play reply
        for (const m of candidates) {
          if (m >= n) continue;
          const after = [...heaps.slice(0, i), m, ...heaps.slice(i + 1)];
          if (misereNimOutcome(after) === 'P') winningMoves.push({ component: i + 1, from: n, to: m === 0n ? [] : [m], take: n - m });
        }
      });
      winningMoves.sort(compareMoves(key));
    }
    return { ...base, components, nimSum: null, outcome, winningMoves, movesNotListed: null };
  }
  if (rule.kind === 'custom') throw new InputError('--misere with a rule module: its options live in the module; misère positions need them here');
  const biggest = heaps.reduce((a, b) => (b > a ? b : a), 0n);
  if (biggest > BigInt(MISERE_SEARCH_HEAP_LIMIT)) {
    throw new InputError(`--misere: heap ${biggest} is too large to search (misère sums have no shortcut for this rule; heaps up to ${MISERE_SEARCH_HEAP_LIMIT.toLocaleString('en-US')})`);
  }
  // A position is a sorted list of heaps (0s dropped); its options replace one heap by what a move leaves.
  type Heaps = readonly number[];
  const normal = (h: number[]): Heaps => h.filter((v) => v > 0).sort((a, b) => a - b);
  const positionKey = (p: Heaps) => p.join(',');
  const optionsOf = function* (p: Heaps): Iterable<Heaps> {
    for (let i = 0; i < p.length; i++) {
      if (i > 0 && p[i] === p[i - 1]) continue; // the same heap size again: the same options
      for (const parts of referenceOptions(rule, p[i]!)) yield normal([...p.slice(0, i), ...parts, ...p.slice(i + 1)]);
    }
  };
  const memo = new Map<string, boolean>();
  const start = normal(heaps.map(Number));
  const outcome = misereOutcome(start, positionKey, optionsOf, memo);
  const winningMoves: Move<bigint>[] = [];
  if (outcome === 'N') {
    heaps.forEach((n, i) => {
      for (const parts of referenceOptions(rule, Number(n))) {
        const after = normal([...heaps.slice(0, i).map(Number), ...parts, ...heaps.slice(i + 1).map(Number)]);
        if (misereOutcome(after, positionKey, optionsOf, memo) === 'P') {
          winningMoves.push({ component: i + 1, from: n, to: parts.map(BigInt).sort((a, b) => (a < b ? -1 : 1)), take: n - BigInt(parts.reduce((a, b) => a + b, 0)) });
        }
      }
    });
    winningMoves.sort(compareMoves(key));
  }
  return { ...base, components, nimSum: null, outcome, winningMoves, movesNotListed: null };
}
