// Two piles a, b >= 1, as a rule module with states of its own: a move keeps one pile, throws the
// other away, and splits the kept pile into two nonempty piles. (1, 1) has no move.
//
//   sg-explore --rule examples/split-piles.mjs --max 12        # a grid of states, with its P-law
//   sg-explore --rule examples/split-piles.mjs --max 100 --check 'p == ((a & b) % 2 == 1)'
export const description = 'keep one pile and split it in two';
export const start = { a: 4, b: 7 };

export function* options({ a, b }) {
  for (const pile of [a, b]) for (let c = 1; c < pile; c++) yield { a: c, b: pile - c };
}

// --max N tabulates every pair of piles up to N.
export function* states(max) {
  for (let a = 1; a <= max; a++) for (let b = 1; b <= max; b++) yield { a, b };
}
