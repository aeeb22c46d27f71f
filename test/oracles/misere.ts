/**
 * Misère outcomes of sums by searching the game from its rules, written
 * here apart from the program's code: a component's options are the states
 * one move leaves it in; with no move left anywhere the player to move has
 * won (the last mover loses), else the position is N exactly when some move
 * leaves a P-position.
 */
export type Outcome = 'P' | 'N';

export function misereOutcome<S>(options: (state: S) => readonly S[], key: (state: S) => string, position: readonly S[], memo = new Map<string, Outcome>()): Outcome {
  const id = position.map(key).sort().join(' ');
  const known = memo.get(id);
  if (known) return known;
  const moves = position.flatMap((state, i) => options(state).map((to) => [...position.slice(0, i), to, ...position.slice(i + 1)]));
  const outcome: Outcome = moves.length === 0 || moves.some((next) => misereOutcome(options, key, next, memo) === 'P') ? 'N' : 'P';
  memo.set(id, outcome);
  return outcome;
}

/** Wythoff's game: take any number from one pile, or the same number from both. */
export function wythoffOptions([x, y]: readonly [number, number]): [number, number][] {
  const out: [number, number][] = [];
  for (let m = 1; m <= x; m++) out.push([x - m, y]);
  for (let m = 1; m <= y; m++) out.push([x, y - m]);
  for (let m = 1; m <= Math.min(x, y); m++) out.push([x - m, y - m]);
  return out;
}

/** Fibonacci Nim from (heap, cap): take t, 1 <= t <= cap, and the next player may take up to 2t (a cap past the heap is the heap). */
export function fibonacciNimOptions([n, cap]: readonly [number, number]): [number, number][] {
  return Array.from({ length: Math.min(n, cap) }, (_, i) => [n - (i + 1), Math.min(n - (i + 1), 2 * (i + 1))] as [number, number]);
}
