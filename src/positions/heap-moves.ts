/**
 * The options of one heap under a heap rule that reach a given value: what
 * a winning move needs. Heaps far beyond the computed values are fine where
 * the rule says where its options are (a subtraction set; Nim; an all-but
 * set whose proven arithmetic-periodic pattern says which heaps have a
 * value); otherwise the options are listed and checked one by one, up to a
 * limit.
 */
import type { Exploration } from '../explore.js';
import { referenceOptions } from '../engine/reference.js';
import { maxHeapsLeft } from '../rules/code.js';
import type { Rule } from '../rules/model.js';
import { sequenceMembers } from '../rules/sequences.js';

/** Heaps whose options are listed one by one (more options than this: not listed). */
export const OPTION_SCAN_LIMIT = 2_000_000;

export interface HeapOption {
  readonly take: bigint;
  readonly to: readonly bigint[];
}

export type OptionsWithValue = { readonly options: HeapOption[] } | { readonly notListed: string };

/** Heaps m < n with G(m) = t, read off a proven arithmetic-periodic pattern (values rise, so there are few). */
function heapsWithValue(x: Exploration, t: bigint, below: bigint): bigint[] | null {
  const p = x.pattern;
  if (p.kind !== 'arithmetic-periodic' || !p.proof) return null;
  const found: bigint[] = [];
  for (let m = 0; m < p.preperiod && BigInt(m) < below; m++) if (BigInt(x.valueOf(m)) === t) found.push(BigInt(m));
  for (let r = p.preperiod; r < p.preperiod + p.period; r++) {
    const base = BigInt(x.valueOf(r));
    const s = BigInt(p.saltus);
    if (t < base || (t - base) % s !== 0n) continue;
    const m = BigInt(r) + BigInt(p.period) * ((t - base) / s);
    if (m < below) found.push(m);
  }
  return found.sort((a, b) => (a < b ? -1 : 1));
}

export function optionsWithValue(rule: Rule, x: Exploration, n: bigint, target: bigint): OptionsWithValue {
  const single = (m: bigint): HeapOption => ({ take: n - m, to: m === 0n ? [] : [m] });
  switch (rule.kind) {
    case 'subtraction':
      return { options: rule.moves.filter((s) => BigInt(s) <= n && x.valueAt(n - BigInt(s)) === target).map((s) => single(n - BigInt(s))) };
    case 'all-but': {
      const excluded = new Set(rule.excluded.map(BigInt));
      const allowed = (m: bigint) => m < n && !excluded.has(n - m);
      if (rule.excluded.length === 0) return { options: target < n ? [single(target)] : [] }; // Nim: G(m) = m
      const heaps = heapsWithValue(x, target, n);
      if (heaps) return { options: heaps.filter(allowed).map(single).sort((a, b) => (a.take < b.take ? -1 : 1)) };
      break;
    }
    case 'sequence-subtraction':
      if (n <= BigInt(OPTION_SCAN_LIMIT) ** 2n) {
        const members = sequenceMembers(rule.sequence, Number(n < BigInt(Number.MAX_SAFE_INTEGER) ? n : BigInt(Number.MAX_SAFE_INTEGER)));
        if (members.length <= OPTION_SCAN_LIMIT) return { options: members.filter((s) => x.valueAt(n - BigInt(s)) === target).map((s) => single(n - BigInt(s))) };
      }
      break;
    case 'take-and-break': {
      // Options of a heap of n: O(n) for two-heap codes, O(n^2) for three.
      const heaps = maxHeapsLeft(rule.code);
      const count = heaps === 3 ? n * n : n;
      if (count > BigInt(OPTION_SCAN_LIMIT)) break;
      const options: HeapOption[] = [];
      for (const parts of referenceOptions(rule, Number(n))) {
        let value = 0n;
        for (const h of parts) value ^= x.valueAt(BigInt(h));
        if (value === target) options.push({ take: n - BigInt(parts.reduce((a, b) => a + b, 0)), to: parts.map(BigInt).sort((a, b) => (a < b ? -1 : 1)) });
      }
      return { options };
    }
    case 'custom':
      return { notListed: 'the options of a rule module are not listed here (its values and the outcome are)' };
  }
  return { notListed: `a heap of ${n} has too many options to look through (more than ${OPTION_SCAN_LIMIT.toLocaleString('en-US')})` };
}
