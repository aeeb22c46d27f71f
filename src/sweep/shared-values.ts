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
import { checkedFamilySize, familyRulesFrom, inShard, shardSize, type Family, type Shard } from './family.js';
import type { IndexSet } from './index-set.js';
import { ruleText } from '../core/kinds/registry.js';
import { errorRow, type SweepRow } from './row.js';

/**
 * Families larger than this are not searched for shared values: the search runs before the sweep
 * starts (about 0.2 s for the 37,448 codes of 1 to 5 digits here), and Ctrl-C must stop a sweep
 * within a second.
 */
const MOST_RULES = 1 << 17;

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

/** The largest k at which two codes of one class differ in bit 1 (0 when they do not). */
function lastDifference(a: TakeBreakCode, b: TakeBreakCode): number {
  let last = 0;
  a.digits.forEach((d, k) => {
    if ((d & 1) !== (b.digits[k]! & 1)) last = k;
  });
  return last;
}

/** Whether codes a and b of one class, with G(0..) as given, agree on the heaps where a bit 1 differs. */
function agree(a: TakeBreakCode, aValues: readonly number[], b: TakeBreakCode, bValues: readonly number[]): boolean {
  const last = lastDifference(a, b);
  return aValues.slice(0, last + 1).every((v, n) => v === bValues[n]);
}

/** Whether two codes of one class have the same values at every heap. */
export function sameValues(a: TakeBreakCode, b: TakeBreakCode): boolean {
  return agree(a, firstValues(a, a.digits.length), b, firstValues(b, b.digits.length));
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
  const firsts = new Map<string, { position: number; code: TakeBreakCode; values: number[] }[]>();
  // One walk over the family (a generator a rule would cost more than the rest of the work).
  let index = -1;
  let position = -1;
  for (const rule of familyRulesFrom(family, 0)) {
    index++;
    if (!inShard(index, shard)) continue;
    position++;
    if (position >= total) break;
    if (done?.has(position) || rule.kind !== 'take-and-break') continue;
    const key = classKey(rule.code);
    const seen = firsts.get(key) ?? [];
    // G(0..k): every heap where two codes of the class can differ (sameValues, with each code's values computed once).
    const values = firstValues(rule.code, rule.code.digits.length);
    const first = seen.find((s) => agree(s.code, s.values, rule.code, values));
    if (first) copies.set(position, first.position);
    else firsts.set(key, [...seen, { position, code: rule.code, values }]);
  }
  return copies;
}

/** The row of the code at family index `index` from the row of the code it shares its values with. */
export function copiedRow(original: SweepRow, family: Family, index: number): SweepRow {
  const text = ruleText(familyRulesFrom(family, index).next().value!);
  if (original.kind === 'error') return errorRow(index, text, `shares its values with ${original.rule}, whose run failed: ${original.error ?? 'failed'}`);
  return { ...original, index, rule: text };
}
