import { InputError, quote } from '../../errors.js';
import { finiteFollowerValues, type GraphValues, INFINITE } from './solve.js';

/** Who wins a position with best play: the player to move, the other one, or nobody (play goes on forever). */
export type Outcome = 'first' | 'second' | 'draw';

/** One move of a sum: token `token` goes from vertex `from` to its follower `to`. */
export interface GraphMove {
  readonly token: number;
  readonly from: number;
  readonly to: number;
}

export interface PositionAnalysis {
  /** The vertex of each token (a sum of one-token games). */
  readonly tokens: readonly number[];
  readonly outcome: Outcome;
  /** The nim-sum of the tokens' values: only when every value is finite. */
  readonly nimSum?: number;
  /**
   * Winning moves (to a position the player to move loses) when the outcome
   * is 'first'; moves that keep the draw (to a drawn position, never one the
   * opponent wins) when it is 'draw'; none when it is 'second'.
   */
  readonly moves: readonly GraphMove[];
}

/**
 * Outcome of a sum of tokens by Smith's rules: all values finite, the nim-sum
 * (the player to move loses iff it is 0); exactly one ∞(K) and the others'
 * nim-sum b, the player to move wins iff b ∈ K, otherwise a draw; two or more
 * ∞, a draw.
 */
export function sumOutcome(values: GraphValues, tokens: readonly number[]): Outcome {
  const infinite = tokens.filter((v) => values.value[v] === INFINITE);
  const nim = tokens.reduce((s, v) => (values.value[v] === INFINITE ? s : s ^ values.value[v]), 0);
  return smithOutcome(nim, infinite.length, infinite.length === 1 ? finiteFollowerValues(values, infinite[0]).includes(nim) : false);
}

/** Smith's rule, from the finite values' nim-sum, the number of ∞ tokens and (for one) whether the nim-sum is in its K. */
function smithOutcome(nim: number, infinities: number, nimInK: boolean): Outcome {
  if (infinities === 0) return nim === 0 ? 'second' : 'first';
  if (infinities > 1) return 'draw';
  return nimInK ? 'first' : 'draw';
}

/** The outcome of a sum of tokens and the moves that realise it (see PositionAnalysis). */
export function analysePosition(values: GraphValues, tokens: readonly number[]): PositionAnalysis {
  const n = values.graph.names.length;
  for (const v of tokens) {
    if (!Number.isInteger(v) || v < 0 || v >= n) throw new InputError(`a token is on vertex ${quote(String(v))}, which the graph does not have`, { code: 'bad-value', field: 'position', value: v });
  }
  const value = values.value;
  // Each ∞ vertex's K, found once: a position tries many moves against the same few.
  const sets = new Map<number, Set<number>>();
  const inK = (v: number, b: number): boolean => {
    let k = sets.get(v);
    if (k === undefined) sets.set(v, (k = new Set(finiteFollowerValues(values, v))));
    return k.has(b);
  };
  const infiniteTokens = tokens.flatMap((v, token) => (value[v] === INFINITE ? [token] : []));
  const finiteSum = tokens.reduce((s, v) => (value[v] === INFINITE ? s : s ^ value[v]), 0);
  const single = infiniteTokens.length === 1 ? tokens[infiniteTokens[0]] : -1;
  const outcome = smithOutcome(finiteSum, infiniteTokens.length, single >= 0 && inK(single, finiteSum));

  const moves: GraphMove[] = [];
  if (outcome !== 'second') {
    // Winning: moves to a position the mover's opponent loses; drawing: moves to a draw.
    const wanted: Outcome = outcome === 'first' ? 'second' : 'draw';
    const { offsets, targets } = values.graph;
    // A move changes one token: update the nim-sum and the count of ∞ tokens, O(1) a move.
    tokens.forEach((from, token) => {
      for (let e = offsets[from]; e < offsets[from + 1]; e++) {
        const to = targets[e];
        let nim = finiteSum;
        let infinities = infiniteTokens.length;
        if (value[from] === INFINITE) infinities--;
        else nim ^= value[from];
        if (value[to] === INFINITE) infinities++;
        else nim ^= value[to];
        let nimInK = false;
        if (infinities === 1) {
          const left = value[to] === INFINITE ? to : tokens[infiniteTokens.find((k) => k !== token)!];
          nimInK = inK(left, nim);
        }
        if (smithOutcome(nim, infinities, nimInK) === wanted) moves.push({ token, from, to });
      }
    });
  }
  const tokenList = tokens.slice();
  return infiniteTokens.length === 0 ? { tokens: tokenList, outcome, nimSum: finiteSum, moves } : { tokens: tokenList, outcome, moves };
}

/** Token vertices from their names (separated by whitespace, as names hold none); a name the graph lacks is an InputError. */
export function parseTokens(values: GraphValues, text: string): number[] {
  const ids = new Map<string, number>();
  values.graph.names.forEach((name, v) => ids.set(name, v));
  const names = text.split(/\s+/).filter((name) => name !== '');
  if (names.length === 0) throw new InputError('a position needs at least one token (a vertex name)', { code: 'empty', field: 'position', value: text });
  return names.map((name) => {
    const v = ids.get(name);
    if (v === undefined) throw new InputError(`token ${quote(name)} is not a vertex of the graph`, { code: 'unknown-name', field: 'position', value: name });
    return v;
  });
}
