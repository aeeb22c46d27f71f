/**
 * The sweep's family of octal codes (`--family octal`): every code
 * p.d1..dD with D in a range of digit counts and dD non-zero (p, the prefix,
 * 0 or 4), the digit strings of one length in lexicographic order, the
 * lengths ascending; and which of its codes provably share their values.
 */
import { ValueStore } from '../../kernels/store.js';
import type { TakeBreakCode } from '../../rules/code.js';
import { blocksFrom, blocksSize, rangeOfText, rangeText, type Blocks, type Range, type SweepFamily, type ValueSharing } from '../sweep-family.js';
import type { TakeBreakRule } from './rule.js';
import { TakeBreakKernel } from './take-break-kernel.js';

export interface OctalFamily {
  readonly kind: 'octal';
  readonly digits: Range;
  readonly prefix: number;
}

/** Octal digit strings d1..dD (each 0-7, dD non-zero), in lexicographic order, from the one at `rank` on (7 last digits for each head d1..dD-1). */
export function* octalDigitStringsFrom(digits: number, rank: number): Generator<number[]> {
  const head = 8 ** (digits - 1);
  for (let x = Math.floor(rank / 7), first = (rank % 7) + 1; x < head; x++, first = 1) {
    const prefix: number[] = [];
    for (let i = digits - 2, rest = x; i >= 0; i--) prefix[i] = rest % 8, (rest = Math.floor(rest / 8));
    for (let last = first; last <= 7; last++) yield [...prefix, last];
  }
}

function blocks(family: OctalFamily): Blocks<TakeBreakRule> {
  return {
    range: family.digits,
    count: (d) => 7n * 8n ** BigInt(d - 1),
    *rulesFrom(d, skip) {
      for (const tail of octalDigitStringsFrom(d, skip)) {
        const digits = [family.prefix, ...tail];
        yield { kind: 'take-and-break', code: { digits, unequal: digits.map(() => false) } };
      }
    },
  };
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

/**
 * Codes that provably share their values. Bit 1 of digit k ("take k, leaving
 * nothing") is a move of heap k alone. Two codes whose digits differ only in
 * such bits (the same splits, the same one-heap moves, the same unequal marks)
 * therefore give every heap past the largest k where they differ the same
 * moves; if they agree on G(0..that k), they agree on every G(n), by
 * induction. With the same last digit index too (the k of the Guy-Smith
 * theorem), a sweep's row is the same but for its index and rule: the
 * kernels, the proof search, the stretch and the statistics see only the
 * values and that k. 0.64 and 0.65, 0.444 and 0.445 are such pairs; a third
 * of the values of the 3-digit octal table went to them.
 */
export const OCTAL_SHARING: ValueSharing<TakeBreakRule, readonly number[]> = {
  // The search takes about 0.2 s for the 37,448 codes of 1 to 5 digits.
  mostRules: 1 << 17,
  // The digits without bit 1 and the unequal marks (their count is the last digit index).
  key: ({ code }) => `${code.digits.map((d) => d & ~1).join(',')}|${code.unequal.map(Number).join('')}`,
  // G(0..k): every heap where two codes of the class can differ.
  evidence: ({ code }) => firstValues(code, code.digits.length),
  agree: (a, aValues, b, bValues) => aValues.slice(0, lastDifference(a.code, b.code) + 1).every((v, n) => v === bValues[n]),
};

/** Whether two codes of one class have the same values at every heap. */
export function sameValues(a: TakeBreakCode, b: TakeBreakCode): boolean {
  const [ruleA, ruleB] = [a, b].map((code): TakeBreakRule => ({ kind: 'take-and-break', code }));
  return OCTAL_SHARING.agree(ruleA!, OCTAL_SHARING.evidence(ruleA!), ruleB!, OCTAL_SHARING.evidence(ruleB!));
}

const PATTERN = /^octal codes ([04])\.d1\.\.dD with D = (\d+)(?: to (\d+))? digits$/;

/** Every octal code p.d1..dD with D in `digits` and dD non-zero (p = prefix, 0 or 4). */
export const OCTAL_FAMILY: SweepFamily<OctalFamily, TakeBreakRule> = {
  name: 'octal',
  order: 20,
  flags: [
    { flag: 'digits', meaning: 'digits after the point (the last non-zero), e.g. 2 or 1-3', needed: { argument: 'D', words: 'or a range such as 1-3' } },
    { flag: 'prefix', meaning: 'the digit before the point, 0 (default) or 4' },
  ],
  otherFlags: 'octal codes take --digits',
  read: (flags) => ({
    kind: 'octal',
    digits: flags.range('digits', 1, 20),
    prefix: Number(flags.choice('prefix', ['0', '4'], '0', 'the digit before the point of an octal code')),
  }),
  size: (family) => blocksSize(blocks(family)),
  rulesFrom: (family, start) => blocksFrom(blocks(family), start),
  describe: (family) => `octal codes ${family.prefix}.d1..dD with D = ${rangeText(family.digits)} digits`,
  fromDescription(text) {
    const m = PATTERN.exec(text);
    return m ? { kind: 'octal', digits: rangeOfText(m[2]!, m[3]), prefix: Number(m[1]) } : null;
  },
  sharing: OCTAL_SHARING,
};
