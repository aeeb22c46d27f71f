/**
 * Codes of a sweep that provably share their values, so that it computes
 * each such class once and writes the others' rows from it.
 *
 * Bit 1 of digit k ("take k, leaving nothing") is a move of heap k alone.
 * Two take-and-break codes whose digits differ only in such bits (the same
 * splits, the same one-heap moves, the same unequal marks) therefore give
 * every heap past the largest k where they differ the same moves; if they
 * agree on G(0..that k), they agree on every G(n), by induction. With the same
 * last digit index too (the k of the Guy-Smith theorem), a sweep's row is the
 * same but for its index and rule: the kernels, the proof search, the stretch
 * and the statistics see only the values and that k. 0.64 and 0.65, 0.444 and
 * 0.445 are such pairs; a third of the values of the 3-digit octal table went
 * to them.
 */
import { ValueStore } from '../core/kernels/store.js';
import { TakeBreakKernel } from '../core/kinds/take-and-break/take-break-kernel.js';
import type { TakeBreakCode } from '../core/rules/code.js';
import { checkedFamilySize, familyRulesFrom, indexInShard, shardSize, type Family, type Shard } from './family.js';
import type { IndexSet } from './index-set.js';
import { ruleText } from '../core/kinds/registry.js';
import { errorRow, type SweepRow } from './row.js';

/** Families larger than this are not searched for shared values (one key a rule is kept meanwhile). */
const MOST_RULES = 1 << 20;

/** The class key: the digits without bit 1, the unequal marks and the last digit index. */
function classKey(code: TakeBreakCode): string {
  return `${code.digits.map((d) => d & ~1).join(',')}|${code.unequal.map(Number).join('')}`;
}

/** G(0..count-1) of a code by the direct kernel (a few heaps: the largest k where the codes differ). */
function firstValues(code: TakeBreakCode, count: number): number[] {
  const store = new ValueStore(count);
  new TakeBreakKernel(code).fill(store, 0, count);
  return Array.from(store.values.subarray(0, count));
}

/** Whether two codes of one class have the same values: they agree on the heaps where a bit 1 differs. */
export function sameValues(a: TakeBreakCode, b: TakeBreakCode): boolean {
  let last = 0;
  a.digits.forEach((d, k) => {
    if ((d & 1) !== (b.digits[k]! & 1)) last = k;
  });
  const count = last + 1;
  const left = firstValues(a, count);
  const right = firstValues(b, count);
  return left.every((v, n) => v === right[n]);
}

/**
 * For each position of the shard (not in `done`) whose code shares its values
 * with an earlier such position: that position, the one computed. Empty for
 * families other than octal codes.
 */
export function sharedValuePositions(family: Family, shard: Shard | undefined, done: IndexSet | undefined): Map<number, number> {
  const copies = new Map<number, number>();
  if (family.kind !== 'octal') return copies;
  const total = shardSize(checkedFamilySize(family), shard);
  if (total > MOST_RULES) return copies;
  const firsts = new Map<string, { position: number; code: TakeBreakCode }[]>();
  for (let position = 0; position < total; position++) {
    if (done?.has(position)) continue;
    const rule = familyRulesFrom(family, indexInShard(position, shard)).next().value;
    if (!rule || rule.kind !== 'take-and-break') continue;
    const key = classKey(rule.code);
    const seen = firsts.get(key) ?? [];
    const first = seen.find((s) => sameValues(s.code, rule.code));
    if (first) copies.set(position, first.position);
    else firsts.set(key, [...seen, { position, code: rule.code }]);
  }
  return copies;
}

/** The row of the code at family index `index` from the row of the code it shares its values with. */
export function copiedRow(original: SweepRow, family: Family | null, index: number): SweepRow {
  const rule = family && familyRulesFrom(family, index).next().value;
  const text = rule ? ruleText(rule) : `rule #${index}`;
  if (original.kind === 'error') return errorRow(index, text, `shares its values with ${original.rule}, whose run failed: ${original.error ?? 'failed'}`);
  return { ...original, index, rule: text };
}
