import type { TakeAwayRule } from './rule.js';
import { sequenceMembers } from '../../rules/sequences.js';

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
