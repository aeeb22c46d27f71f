// A heap with memory, as a rule module with states of its own: each move takes at least 1 token
// and at most one more than the previous move took. The state is { heap, cap }: cap is the most the
// next move may take. (The same game is built in: --preset one-more.)
//
//   sg-explore --rule examples/one-more.mjs --position '{"heap":100,"cap":19}'
export const description = 'take 1 to cap tokens; the next move may take one more than this one';
export const start = { heap: 10, cap: 9 };

export function* options({ heap, cap }) {
  for (let take = 1; take <= Math.min(cap, heap); take++) yield { heap: heap - take, cap: take + 1 };
}

// --max N tabulates every state with a heap up to N.
export function* states(max) {
  for (let heap = 0; heap <= max; heap++) for (let cap = 1; cap <= heap; cap++) yield { heap, cap };
}
