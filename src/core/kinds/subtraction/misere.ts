/**
 * Misère outcomes of single heaps under an all-but set: a heap may move to
 * every smaller heap but the k excluded takes, so it moves to a P-position
 * as soon as it has more P-positions below it than k, or one of the few it
 * has is not an excluded take away. O(k) a heap, not O(n).
 */
export function* allButMisereOutcomes(excludedTakes: readonly number[], max: number): Generator<void, Uint8Array, void> {
  const outcomes = new Uint8Array(max + 1);
  const excluded = new Set(excludedTakes);
  const below: number[] = []; // P-positions so far
  for (let n = 0; n <= max; n++) {
    yield;
    let anyMove = false;
    for (let take = 1; take <= n && !anyMove; take++) anyMove = !excluded.has(take);
    const toP = below.length > excluded.size || below.some((m) => !excluded.has(n - m));
    outcomes[n] = !anyMove || toP ? 1 : 0;
    if (outcomes[n] === 0) below.push(n);
  }
  return outcomes;
}
