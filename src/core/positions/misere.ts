/**
 * Misère play: the player who makes the last move loses. Values do not add
 * up, so outcomes of sums come from a rule where one is known (Bouton's, for
 * Nim) or from an exhaustive search of the position.
 */
import { InputError, mention, says, saying } from '../errors.js';
import type { Message } from '../i18n/index.js';
import { formatCount } from '../numbers.js';

/** Bouton's misère rule for Nim: with a heap of 2 or more, P iff the nim-sum is 0; with none, P iff the count of 1-heaps is odd. */
export function misereNimOutcome(heaps: readonly bigint[]): 'N' | 'P' {
  let big = false;
  let ones = 0;
  let sum = 0n;
  for (const h of heaps) {
    if (h >= 2n) big = true;
    if (h === 1n) ones++;
    sum ^= h;
  }
  return boutonOutcome(big, ones, sum);
}

/** Bouton's rule from what it needs of a position (kept as heaps stream by): whether a heap is 2 or more, the count of 1-heaps, the nim-sum. */
export function boutonOutcome(anyBig: boolean, ones: number, sum: bigint): 'N' | 'P' {
  if (anyBig) return sum === 0n ? 'P' : 'N';
  return ones % 2 === 1 ? 'P' : 'N';
}

/**
 * The options of a sum of heaps (ascending): one heap replaced by what a
 * move leaves, each part kept by `keep` (at least: no empty heaps); a heap
 * size that repeats is moved in once (the same options). Lazy, so a search
 * can stop at the first option it needs.
 */
export function* sumOptions(sum: readonly number[], heapOptions: (h: number) => readonly (readonly number[])[], keep: (part: number) => boolean = (part) => part > 0): Generator<number[], void, void> {
  for (let i = 0; i < sum.length; i++) {
    if (i > 0 && sum[i] === sum[i - 1]) continue;
    for (const parts of heapOptions(sum[i]!)) yield [...sum.slice(0, i), ...sum.slice(i + 1), ...parts.filter(keep)].sort((a, b) => a - b);
  }
}

/** The most positions an exhaustive misère search may visit (about a minute of search, with progress). */
export const MISERE_STATE_LIMIT = 2_000_000;

/** The most options an exhaustive misère search may look through (positions times the options of each): about a minute. */
export const MISERE_OPTION_LIMIT = 200_000_000;

/**
 * Refuse, before any search, a misère search too large to finish: `reachable`
 * bounds the positions it can reach (the product, over the components, of
 * the states each can become), and `options` estimates the options of one;
 * more than MISERE_STATE_LIMIT positions, or than MISERE_OPTION_LIMIT
 * options in all, is refused with the estimate.
 */
export function checkMisereSize(reachable: number, options: number, what: Message): void {
  if (reachable > MISERE_STATE_LIMIT) {
    throw new InputError(says`${mention('misere')}: ${saying('error.misere.reach', { what, reachable: estimate(reachable, true), most: formatCount(MISERE_STATE_LIMIT) })}`, { code: 'too-large' });
  }
  if (reachable * options > MISERE_OPTION_LIMIT) {
    const total = estimate(reachable * options, false);
    throw new InputError(says`${mention('misere')}: ${saying('error.misere.reachOptions', { what, reachable: estimate(reachable, true), options: formatCount(options), total, most: formatCount(MISERE_OPTION_LIMIT) })}`, { code: 'too-large' });
  }
}

/** An estimate of a count, as words: `upTo` says it is a bound ('up to 1,234'); 'more than' needs no 'up to'. */
function estimate(n: number, upTo: boolean): Message | string {
  if (!Number.isFinite(n) || n >= 1e300) return { key: 'error.misere.moreThan', params: { n: '10^300' } };
  if (n < 1e15) return upTo ? { key: 'error.misere.upTo', params: { n: formatCount(Math.round(n)) } } : formatCount(Math.round(n));
  const exponent = Math.floor(Math.log10(n));
  return { key: upTo ? 'error.misere.upToAbout' : 'error.misere.about', params: { n: `${(n / 10 ** exponent).toFixed(1)}e${exponent}` } };
}

/** Multisets of heaps with at most n tokens in all (what a heap of n can become under a rule that splits heaps): the sum of partition numbers p(0..n). */
export function splitDescendants(n: number): number {
  const limit = Math.min(n, 600); // p(600) is about 4.6e23: far past any cap
  const p = new Float64Array(limit + 1);
  p[0] = 1;
  for (let m = 1; m <= limit; m++) {
    let total = 0;
    for (let k = 1; ; k++) {
      const sign = k % 2 === 1 ? 1 : -1;
      const a = m - (k * (3 * k - 1)) / 2;
      if (a < 0) break;
      total += sign * p[a]!;
      const b = m - (k * (3 * k + 1)) / 2;
      if (b >= 0) total += sign * p[b]!;
    }
    p[m] = total;
  }
  if (n > limit) return Infinity;
  let sum = 0;
  for (const v of p) sum += v;
  return sum;
}

/**
 * The misère outcome of a position (a multiset of states, canonical key
 * `positionKey`) by a memoised, iterative depth-first search: P when every
 * option is N; a position with no option is N (the player to move cannot
 * move, so the other made the last move and lost). A generator that yields
 * after each position it looks at, so the driver can show progress and stop
 * it between steps.
 */
export function* misereSearch<P>(start: P, positionKey: (p: P) => string, options: (p: P) => Iterable<P>, memo = new Map<string, boolean>(), limit = MISERE_STATE_LIMIT): Generator<void, 'N' | 'P', void> {
  // memo: key -> true when the position is N (the player to move wins).
  interface Frame {
    readonly key: string;
    readonly children: Iterator<P>;
    /** The option being searched below this frame, if any. */
    waiting: string | null;
    moved: boolean;
  }
  const stack: Frame[] = [];
  const push = (position: P, key: string) => {
    if (memo.size + stack.length > limit) throw new InputError(saying('error.misere.searchPassed', { limit: formatCount(limit) }));
    stack.push({ key, children: options(position)[Symbol.iterator](), waiting: null, moved: false });
  };
  const startKey = positionKey(start);
  if (memo.has(startKey)) return memo.get(startKey) ? 'N' : 'P';
  push(start, startKey);
  const finish = (frame: Frame, n: boolean) => {
    memo.set(frame.key, n);
    stack.pop();
  };
  while (stack.length) {
    yield;
    const top = stack[stack.length - 1]!;
    // An option just searched: if it is P, this position is N.
    if (top.waiting !== null && memo.get(top.waiting) === false) {
      finish(top, true);
      continue;
    }
    top.waiting = null;
    const next = top.children.next();
    if (next.done) {
      finish(top, !top.moved); // no option to a P-position: P, unless there was no option at all
      continue;
    }
    top.moved = true;
    const childKey = positionKey(next.value);
    const known = memo.get(childKey);
    if (known === false) finish(top, true);
    else if (known === undefined) {
      top.waiting = childKey;
      push(next.value, childKey);
    }
  }
  return memo.get(startKey) ? 'N' : 'P';
}
