/** The order in which a heap's moves of one amount are listed (a file of its own: the option table and the listings both read it). */

/** What a move leaves, compared heap by heap (then the shorter first): the order moves of one amount are listed in. */
export function compareParts<T extends number | bigint>(a: readonly T[], b: readonly T[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return a.length - b.length;
}
