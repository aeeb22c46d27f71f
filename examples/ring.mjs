// The ring game of Luogu P1288 (取数游戏 II), as a rule module with states of its own.
// A ring of edges carries non-negative numbers; a coin sits on a vertex. A move picks one of the
// two edges at the coin whose number is positive, lowers it to any smaller non-negative number,
// and moves the coin across that edge. Who cannot move loses.
//
// State: { edges: [e0, e1, ...], coin: v }; vertex v lies between edge v-1 and edge v (edge i joins
// vertices i and i+1, around the ring). The puzzle starts with the coin between the last edge and
// the first: vertex 0.
//
//   sg-explore --rule examples/ring.mjs --position '{"edges":[2,5,3,0],"coin":0}'
export const description = 'the ring game of Luogu P1288: lower an edge at the coin, then cross it';
export const start = { edges: [2, 5, 3, 0], coin: 0 };

export function* options({ edges, coin }) {
  const m = edges.length;
  for (const [edge, to] of [[coin, (coin + 1) % m], [(coin + m - 1) % m, (coin + m - 1) % m]]) {
    for (let value = 0; value < edges[edge]; value++) {
      const next = edges.slice();
      next[edge] = value;
      yield { edges: next, coin: to };
    }
  }
}
