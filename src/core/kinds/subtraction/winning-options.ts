/**
 * Winning options of a subtraction game: the heaps m < n with the target
 * value that one move reaches. A finite set looks at its moves; Nim has the
 * one heap of the target; an all-but set reads the heaps with a value off its
 * proven arithmetic-periodic pattern; a named sequence looks at its members.
 */
import type { Exploration } from '../../heap/explore.js';
import { sequenceMembers } from '../../rules/sequences.js';
import { heapsWithValue, listedOptions, NONE, notListedWithoutPattern, singleHeap, tooMuch, type OptionsWithValue } from '../../heap/heap-options.js';
import { isNim, type TakeAwayRule } from './rule.js';
import { isCycle } from '../../laws/pattern.js';

export function takeAwayWithValue(rule: TakeAwayRule, x: Exploration, n: bigint, target: bigint, limit: number, budget: number): OptionsWithValue {
  // Nim, first: G(m) = m, so the one option is the heap of the target (millions of heaps come this way).
  if (isNim(rule)) return target < n ? { count: 1n, options: limit > 0 ? [singleHeap(n, target)] : [], work: 1 } : NONE;
  switch (rule.kind) {
    case 'subtraction':
      // In plain numbers where they are exact: a thousand cases of a hundred heaps and 58 moves are millions of checks.
      if (n <= BigInt(Number.MAX_SAFE_INTEGER) && target <= BigInt(Number.MAX_SAFE_INTEGER)) {
        const [heap, value] = [Number(n), Number(target)];
        return listedOptions(rule.moves.filter((s) => s <= heap && x.valueOf(heap - s) === value).map((s) => singleHeap(n, n - BigInt(s))), rule.moves.length, limit);
      }
      return listedOptions(rule.moves.filter((s) => BigInt(s) <= n && x.valueAt(n - BigInt(s)) === target).map((s) => singleHeap(n, n - BigInt(s))), rule.moves.length, limit);
    case 'all-but': {
      const excluded = new Set(rule.excluded.map(BigInt));
      const allowed = (m: bigint) => m < n && !excluded.has(n - m);
      const heaps = heapsWithValue(x, target, n);
      if (!heaps) return notListedWithoutPattern(n);
      const options = heaps.filter(allowed).map((m) => singleHeap(n, m)).sort((a, b) => (a.take < b.take ? -1 : 1));
      return listedOptions(options, isCycle(x.pattern) ? x.pattern.preperiod + x.pattern.period : 0, limit);
    }
    case 'sequence-subtraction':
      if (n <= BigInt(Number.MAX_SAFE_INTEGER) && Math.sqrt(Number(n)) * 4 <= budget) {
        const members = sequenceMembers(rule.sequence, Number(n));
        if (members.length <= budget) return listedOptions(members.filter((s) => x.valueAt(n - BigInt(s)) === target).map((s) => singleHeap(n, n - BigInt(s))), members.length, limit);
      }
      return tooMuch(n, budget);
  }
}
