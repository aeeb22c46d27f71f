/**
 * Brute-force oracle for sums of tokens on a directed graph, independent of
 * Smith's theory: the sum graph of the tokens is built explicitly (a position
 * is the tuple of token vertices; a move moves one token to a follower), and
 * positions are classified by plain retrograde analysis: a position is a LOSS
 * for the player to move when every move goes to a WIN (so also when there is
 * no move), a WIN when some move goes to a LOSS, and a DRAW otherwise.
 */
export type Verdict = 'win' | 'loss' | 'draw';

/** A small graph as follower lists: followers[u] = the vertices u can move to. */
export type SmallGraph = readonly (readonly number[])[];

export interface SumOracle {
  verdict(tokens: readonly number[]): Verdict;
  /** Every move of the sum as [token index, from, to, verdict of the position reached]. */
  moves(tokens: readonly number[]): [number, number, number, Verdict][];
}

export function sumOracle(followers: SmallGraph, tokenCount: number): SumOracle {
  const n = followers.length;
  const total = n ** tokenCount;
  const encode = (tokens: readonly number[]): number => tokens.reduce((code, v) => code * n + v, 0);
  const decode = (code: number): number[] => {
    const tokens: number[] = [];
    for (let k = 0; k < tokenCount; k++) {
      tokens.unshift(code % n);
      code = Math.floor(code / n);
    }
    return tokens;
  };
  const successors = (tokens: readonly number[]): [number, number, number][] => {
    const list: [number, number, number][] = [];
    tokens.forEach((from, token) => {
      for (const to of new Set(followers[from])) list.push([token, from, to]);
    });
    return list;
  };
  const next: number[][] = [];
  for (let code = 0; code < total; code++) {
    const tokens = decode(code);
    next.push(successors(tokens).map(([token, , to]) => encode(tokens.map((v, k) => (k === token ? to : v)))));
  }
  // Iterate to a fixed point: positions only ever go from unknown to win or loss.
  const verdict: (Verdict | undefined)[] = new Array(total).fill(undefined);
  for (let changed = true; changed; ) {
    changed = false;
    for (let code = 0; code < total; code++) {
      if (verdict[code] !== undefined) continue;
      if (next[code].some((c) => verdict[c] === 'loss')) verdict[code] = 'win';
      else if (next[code].every((c) => verdict[c] === 'win')) verdict[code] = 'loss';
      else continue;
      changed = true;
    }
  }
  const of = (tokens: readonly number[]): Verdict => verdict[encode(tokens)] ?? 'draw';
  return {
    verdict: of,
    moves: (tokens) =>
      successors(tokens).map(([token, from, to]) => [token, from, to, of(tokens.map((v, k) => (k === token ? to : v)))]),
  };
}

/** The Grundy value of every vertex of an acyclic graph by the recursive definition (mex of the followers' values). */
export function recursiveGrundy(followers: SmallGraph): number[] {
  const memo = new Map<number, number>();
  const grundy = (u: number): number => {
    const known = memo.get(u);
    if (known !== undefined) return known;
    const seen = new Set(followers[u].map(grundy));
    let mex = 0;
    while (seen.has(mex)) mex++;
    memo.set(u, mex);
    return mex;
  };
  return followers.map((_, u) => grundy(u));
}

/** A random graph on n vertices: each edge with probability p; acyclic ones only go to lower-numbered vertices. */
export function randomGraph(random: () => number, n: number, p: number, acyclic: boolean): number[][] {
  return Array.from({ length: n }, (_, u) => {
    const list: number[] = [];
    for (let v = 0; v < n; v++) if ((acyclic ? v < u : true) && random() < p) list.push(v);
    return list;
  });
}

/** The graph as edge-list text with vertex names v0, v1, … (`u:` lines for vertices without moves). */
export function graphText(followers: SmallGraph): string {
  return followers.map((list, u) => (list.length === 0 ? `v${u}:` : list.map((v) => `v${u} v${v}`).join('\n'))).join('\n') + '\n';
}
