import { describe, expect, it } from 'vitest';
import { parseGraphText } from '../../../src/core/kinds/graph/parse.js';
import { analysePosition } from '../../../src/core/kinds/graph/position.js';
import { finiteFollowerValues, graphValues, INFINITE } from '../../../src/core/kinds/graph/solve.js';
import { mulberry32 } from '../../helpers/random.js';
import { graphText, randomGraph, recursiveGrundy, sumOracle, type Verdict } from '../../oracles/graph-sum.js';

const OUTCOME: Record<Verdict, string> = { win: 'first', loss: 'second', draw: 'draw' };

/** A random small graph, solved through the text parser, with its oracle for `tokens` tokens. */
function setup(seed: number, acyclic: boolean, tokens: number) {
  const random = mulberry32(seed);
  const n = 1 + Math.floor(random() * [14, 10, 6][tokens - 1]);
  const p = [0.15, 0.3, 0.5][Math.floor(random() * 3)];
  const followers = randomGraph(random, n, p, acyclic);
  const graph = parseGraphText(graphText(followers));
  // Parser ids follow first appearance; the oracle numbers vertices v0, v1, … by index.
  const id = followers.map((_, u) => graph.names.indexOf(`v${u}`));
  return { random, n, followers, graph, id, values: graphValues(graph) };
}

describe('graph sums agree with a brute-force win/loss/draw analysis', () => {
  for (const acyclic of [true, false]) {
    for (const tokens of [1, 2, 3]) {
      it(`${acyclic ? 'acyclic' : 'cyclic'} graphs, ${tokens} token(s), 150 seeds`, () => {
        let draws = 0;
        for (let seed = 1; seed <= 150; seed++) {
          const { random, n, followers, id, values } = setup(seed * 7919 + tokens * 31 + (acyclic ? 1 : 0), acyclic, tokens);
          const oracle = sumOracle(followers, tokens);
          for (let trial = 0; trial < 6; trial++) {
            const at = Array.from({ length: tokens }, () => Math.floor(random() * n));
            const verdict = oracle.verdict(at);
            const analysis = analysePosition(values, at.map((u) => id[u]));
            const context = `seed ${seed}, graph ${JSON.stringify(followers)}, tokens ${JSON.stringify(at)}`;
            expect(analysis.outcome, context).toBe(OUTCOME[verdict]);
            if (verdict === 'draw') draws++;
            const wanted: Verdict | undefined = verdict === 'win' ? 'loss' : verdict === 'draw' ? 'draw' : undefined;
            const expected = oracle
              .moves(at)
              .filter((move) => move[3] === wanted)
              .map(([token, from, to]) => `${token}:${id[from]}>${id[to]}`)
              .sort();
            const got = analysis.moves.map((m) => `${m.token}:${m.from}>${m.to}`).sort();
            expect(got, context).toEqual(expected);
            const allFinite = at.every((u) => values.value[id[u]] !== INFINITE);
            expect(analysis.nimSum === undefined, context).toBe(!allFinite);
          }
        }
        if (!acyclic) expect(draws).toBeGreaterThan(50);
      });
    }
  }
});

describe('larger random graphs, every position of two tokens', () => {
  it('30 graphs of 15 to 25 vertices: outcomes agree with the brute-force analysis', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const random = mulberry32(90_000 + seed);
      const n = 15 + Math.floor(random() * 11);
      const followers = randomGraph(random, n, [0.05, 0.1, 0.2][seed % 3], seed % 4 === 0);
      const graph = parseGraphText(graphText(followers));
      const id = followers.map((_, u) => graph.names.indexOf(`v${u}`));
      const values = graphValues(graph);
      const oracle = sumOracle(followers, 2);
      for (let a = 0; a < n; a++) {
        for (let b = 0; b < n; b++) {
          const context = `seed ${seed}, graph ${JSON.stringify(followers)}, tokens ${a} ${b}`;
          expect(analysePosition(values, [id[a], id[b]]).outcome, context).toBe(OUTCOME[oracle.verdict([a, b])]);
        }
      }
    }
  });
});

describe('values of small random graphs', () => {
  it('acyclic graphs: the Grundy values are those of the recursive mex definition', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const { followers, id, values } = setup(seed, true, 1);
      expect(values.acyclic).toBe(true);
      expect(Array.from(values.onCycle).every((c) => c === 0)).toBe(true);
      const expected = recursiveGrundy(followers);
      expect(followers.map((_, u) => values.value[id[u]]), `seed ${seed}`).toEqual(expected);
    }
  });

  it("cyclic graphs: the values meet the conditions of Smith's definition, and cycles are marked", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const { followers, id, values } = setup(seed, false, 2);
      const value = (u: number) => values.value[id[u]];
      const context = `seed ${seed}, graph ${JSON.stringify(followers)}`;
      followers.forEach((list, u) => {
        const g = value(u);
        if (g === INFINITE) {
          // ∞: no finite value fits; K is what finiteFollowerValues reports.
          expect(finiteFollowerValues(values, id[u]), context).toEqual([...new Set(list.map(value).filter((h) => h >= 0))].sort((a, b) => a - b));
          return;
        }
        // Finite g: no follower valued g, every smaller value among the followers,
        // and every ∞ follower can move back to a vertex valued g.
        expect(list.map(value), context).not.toContain(g);
        for (let h = 0; h < g; h++) expect(list.map(value), context).toContain(h);
        for (const v of list) if (value(v) === INFINITE) expect(followers[v].map(value), context).toContain(g);
      });
      // On a cycle: u reaches itself in one or more moves.
      followers.forEach((_, u) => {
        const reach = new Set<number>();
        const todo = [...followers[u]];
        while (todo.length > 0) {
          const v = todo.pop()!;
          if (reach.has(v)) continue;
          reach.add(v);
          todo.push(...followers[v]);
        }
        expect(values.onCycle[id[u]] === 1, context).toBe(reach.has(u));
      });
      expect(values.acyclic).toBe(!Array.from(values.onCycle).some((c) => c === 1));
    }
  });
});
