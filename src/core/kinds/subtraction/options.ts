import type { TakeAwayRule } from './rule.js';
import { sequenceMembers } from '../../rules/sequences.js';
import type { ReckonedOptions } from '../../heap/heap-kind.js';

/** The options of heap n: each the one heap a move leaves. */
export function subtractionOptions(rule: TakeAwayRule, n: number): number[][] {
  switch (rule.kind) {
    case 'subtraction':
      return rule.moves.filter((s) => s <= n).map((s) => [n - s]);
    case 'sequence-subtraction':
      return sequenceMembers(rule.sequence, n).map((s) => [n - s]);
    case 'all-but': {
      const options: number[][] = [];
      let skip = 0;
      for (let take = 1; take <= n; take++) {
        // `excluded` is sorted: walk it alongside instead of searching it per take.
        if (rule.excluded[skip] === take) skip++;
        else options.push([n - take]);
      }
      return options;
    }
  }
}

/**
 * The same options reckoned at any heap size, by amount taken (a finite set's
 * members up to n; every amount up to n but the excluded ones); a sequence's
 * are left to subtractionOptions.
 */
export function takeAwayReckoned(rule: TakeAwayRule): ReckonedOptions | undefined {
  if (rule.kind === 'sequence-subtraction') return undefined;
  // The amounts a move may take from heap n, counted: a finite set's up to n, or every amount up to n but the excluded.
  const listed = rule.kind === 'subtraction' ? rule.moves.map(BigInt) : rule.excluded.map(BigInt);
  const upTo = (n: bigint) => BigInt(listed.filter((s) => s <= n).length);
  const allowed = (n: bigint, take: bigint) => take >= 1n && take <= n && listed.includes(take) === (rule.kind === 'subtraction');
  return {
    count: (n) => (rule.kind === 'subtraction' ? upTo(n) : n - upTo(n)),
    at(n, i) {
      if (rule.kind === 'subtraction') return [n - listed[Number(i)]!];
      // The i-th amount not excluded: step past each excluded amount at or below it (they are sorted).
      let take = i + 1n;
      for (const e of listed) if (e <= take) take++;
      return [n - take];
    },
    isOption: (n, parts) => parts.length <= 1 && allowed(n, n - (parts[0] ?? 0n)),
    splitsTaking: () => false,
  };
}
