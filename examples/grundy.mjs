// Grundy's game written as code: split one heap into two unequal non-empty heaps.
// sg-explore --rule examples/grundy.mjs --max 200
export const name = "grundy (module)";
export const description = "Grundy's game: split a heap into two unequal non-empty heaps";
export const max = 300;

export function options(n) {
  const result = [];
  for (let a = 1; 2 * a < n; a++) result.push([a, n - a]);
  return result;
}
