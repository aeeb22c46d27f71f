import { InputError } from './input-error.js';
import { quoted } from './quote.js';
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
  return outcomeOf(values, tokens, (v) => {
    const k = finiteFollowerValues(values, v);
    return (b) => k.includes(b);
  });
}

/** sumOutcome, given each ∞ vertex's K as a membership test (cached while a position's moves are tried). */
function outcomeOf(values: GraphValues, tokens: readonly number[], kOf: (v: number) => (b: number) => boolean): Outcome {
  let infinite = -1;
  let infinities = 0;
  let nim = 0;
  for (const v of tokens) {
    const g = values.value[v];
    if (g === INFINITE) {
      infinities++;
      infinite = v;
    } else nim ^= g;
  }
  if (infinities === 0) return nim === 0 ? 'second' : 'first';
  if (infinities > 1) return 'draw';
  return kOf(infinite)(nim) ? 'first' : 'draw';
}

/** The outcome of a sum of tokens and the moves that realise it (see PositionAnalysis). */
export function analysePosition(values: GraphValues, tokens: readonly number[]): PositionAnalysis {
  const n = values.graph.names.length;
  for (const v of tokens) {
    if (!Number.isInteger(v) || v < 0 || v >= n) throw new InputError(`a token is on vertex ${quoted(String(v))}, which the graph does not have`);
  }
  const known = new Map<number, (b: number) => boolean>();
  const kOf = (v: number): ((b: number) => boolean) => {
    let test = known.get(v);
    if (test === undefined) {
      const k = new Set(finiteFollowerValues(values, v));
      test = (b) => k.has(b);
      known.set(v, test);
    }
    return test;
  };
  const outcome = outcomeOf(values, tokens, kOf);
  const finite = tokens.every((v) => values.value[v] !== INFINITE);
  const nimSum = finite ? tokens.reduce((s, v) => s ^ values.value[v], 0) : undefined;
  const moves: GraphMove[] = [];
  if (outcome !== 'second') {
    // Winning: moves to a position the mover's opponent loses; drawing: moves to a draw.
    const wanted: Outcome = outcome === 'first' ? 'second' : 'draw';
    const { offsets, targets } = values.graph;
    const after = tokens.slice();
    tokens.forEach((from, token) => {
      for (let e = offsets[from]; e < offsets[from + 1]; e++) {
        after[token] = targets[e];
        if (outcomeOf(values, after, kOf) === wanted) moves.push({ token, from, to: targets[e] });
      }
      after[token] = from;
    });
  }
  return nimSum === undefined ? { tokens: tokens.slice(), outcome, moves } : { tokens: tokens.slice(), outcome, nimSum, moves };
}

/** Token vertices from their names (separated by whitespace, as names hold none); a name the graph lacks is an InputError. */
export function parseTokens(values: GraphValues, text: string): number[] {
  const ids = new Map<string, number>();
  values.graph.names.forEach((name, v) => ids.set(name, v));
  const names = text.split(/\s+/).filter((name) => name !== '');
  if (names.length === 0) throw new InputError('a position needs at least one token (a vertex name)');
  return names.map((name) => {
    const v = ids.get(name);
    if (v === undefined) throw new InputError(`token ${quoted(name)} is not a vertex of the graph`);
    return v;
  });
}
