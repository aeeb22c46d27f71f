/**
 * Rules of a sweep that provably share their values, so that it computes
 * each such class once and writes the others' rows from it: the family says
 * which (its `sharing`, in its kind's folder: octal codes that differ only in
 * moves of a whole heap), and this walks the shard once to find them.
 */
import { checkedFamilySize, familyNamed, familyRulesFrom, inShard, shardSize, type Family, type Shard } from './family.js';
import type { IndexSet } from './index-set.js';
import { ruleText, type Rule } from '../core/kinds/registry.js';
import { errorRow, type SweepRow } from './row.js';

/**
 * For each position of the shard (not in `done`) whose rule shares its values
 * with an earlier such position: that position, the one computed. Empty for
 * families that know no such rules.
 */
export function sharedValuePositions(family: Family, shard: Shard | undefined, done: IndexSet | undefined): Map<number, number> {
  const copies = new Map<number, number>();
  const sharing = family.kind === 'list' ? undefined : familyNamed(family.kind)?.sharing;
  if (!sharing) return copies;
  const total = shardSize(checkedFamilySize(family), shard);
  if (total > sharing.mostRules) return copies;
  const firsts = new Map<string, { position: number; rule: Rule; evidence: unknown }[]>();
  // One walk over the family (a generator a rule would cost more than the rest of the work).
  let index = -1;
  let position = -1;
  for (const rule of familyRulesFrom(family, 0)) {
    index++;
    if (!inShard(index, shard)) continue;
    position++;
    if (position >= total) break;
    if (done?.has(position)) continue;
    const key = sharing.key(rule);
    const seen = firsts.get(key) ?? [];
    const evidence: unknown = sharing.evidence(rule);
    const first = seen.find((s) => sharing.agree(s.rule, s.evidence, rule, evidence));
    if (first) copies.set(position, first.position);
    else firsts.set(key, [...seen, { position, rule, evidence }]);
  }
  return copies;
}

/** The row of the rule at family index `index` from the row of the rule it shares its values with. */
export function copiedRow(original: SweepRow, family: Family, index: number): SweepRow {
  const text = ruleText(familyRulesFrom(family, index).next().value!);
  if (original.kind === 'error') return errorRow(index, text, `shares its values with ${original.rule}, whose run failed: ${original.error ?? 'failed'}`);
  return { ...original, index, rule: text };
}
