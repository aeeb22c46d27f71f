// Lasker's Nim on one heap: take any positive number of tokens, or split the
// heap into two non-empty heaps. Known closed form (n >= 1):
//   G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3.
export const description = "Lasker's Nim: take any number, or split into two heaps";
export const max = 64;

export function* options(n) {
  for (let take = 1; take <= n; take++) yield [n - take];
  for (let a = 1; 2 * a <= n; a++) yield [a, n - a];
}
