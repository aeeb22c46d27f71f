import { describe, expect, it } from 'vitest';
import { longTest } from '../helpers/long.js';
import { parseCode } from '../../src/core/rules/code.js';
import { sharedValuePositions } from '../../src/sweep/shared-values.js';
import { sameValues } from '../../src/core/kinds/take-and-break/families.js';
import { sweepFamily } from '../../src/sweep/sweep.js';
import { runRule } from '../../src/sweep/run-rule.js';
import { familyRulesFrom, type Family } from '../../src/sweep/family.js';
import { referenceValues } from '../oracles/reference.js';
import type { SweepRow } from '../../src/sweep/row.js';

/**
 * Codes that differ only in bit 1 of their digits ("take k, leaving nothing"), with the same last
 * digit, share every value once they agree on the heaps where that bit differs: a sweep computes
 * one of them and writes the others' rows from it. Those rows must be the rows the codes give
 * when computed one by one.
 */
const octal3: Family = { kind: 'octal', digits: { from: 1, to: 3 }, prefix: 0 };
const code = (text: string) => parseCode(text);

describe('codes that share their values', () => {
  it('agree on the heaps where bit 1 differs, or are not taken as one (checked against the reference)', () => {
    expect(sameValues(code('0.64'), code('0.65'))).toBe(true);
    expect(sameValues(code('0.641'), code('0.651'))).toBe(true);
    // 0.31 takes a lone token (G(1) = 1), 0.21 cannot (G(1) = 0).
    expect(sameValues(code('0.31'), code('0.21'))).toBe(false);
    for (const [a, b] of [['0.64', '0.65'], ['0.444', '0.445'], ['0.641', '0.651']]) {
      expect(referenceValues({ kind: 'take-and-break', code: code(b!) }, 600), `${a} and ${b}`).toEqual(referenceValues({ kind: 'take-and-break', code: code(a!) }, 600));
    }
  });

  // Over a hundred pairs of reference runs (16 s of a loaded npm test): the quick run's 2-digit sweep below checks
  // the copied rows against each code computed alone.
  longTest('in the 3-digit octal family: every copy has the values of the code it is copied from, over 400 heaps [long]', () => {
    const copies = sharedValuePositions(octal3, undefined, undefined);
    expect(copies.size).toBeGreaterThan(100);
    const ruleAt = (index: number) => familyRulesFrom(octal3, index).next().value!;
    for (const [copy, original] of copies) {
      expect(original).toBeLessThan(copy);
      expect(referenceValues(ruleAt(copy), 400), `${copy} from ${original}`).toEqual(referenceValues(ruleAt(original), 400));
    }
  }, 120_000);

  // The 2-digit codes (63, some of them copies) in the quick run; the 511 3-digit codes (each computed alone for
  // the comparison: 78 s of a loaded npm test) in [long].
  const sweptAsComputed = async (family: Family) => {
    const limit = 2048;
    const count = 8 ** family.digits.to - 1;
    expect(sharedValuePositions(family, undefined, undefined).size, 'codes the sweep copies').toBeGreaterThan(0);
    const direct = [...Array(count).keys()].map((index) => runRule({ index, rule: familyRulesFrom(family, index).next().value!, limit }));
    const swept: SweepRow[] = [];
    const outcome = await sweepFamily({ family, limit, threads: 2, output: { as: 'rows', onRow: (row) => void swept.push(row) } });
    expect(outcome.rows).toBe(count);
    expect(swept).toEqual(direct);
    const shard: SweepRow[] = [];
    await sweepFamily({ family, limit, threads: 2, shard: { index: 2, count: 3 }, output: { as: 'rows', onRow: (row) => void shard.push(row) } });
    expect(shard).toEqual(direct.filter((r) => r.index % 3 === 1));
    const lines: string[] = [];
    await sweepFamily({ family, limit, threads: 2, output: { as: 'csv', onLines: (bytes) => void lines.push(Buffer.from(bytes).toString('utf8')) } });
    expect(lines.join('').split('\r\n').filter(Boolean)).toHaveLength(count);
  };
  it('a sweep of the 2-digit octal codes writes the rows that computing each code gives, in family order, sharded or not', () => sweptAsComputed({ ...octal3, digits: { from: 1, to: 2 } }), 120_000);
  longTest('a sweep of the 3-digit octal codes writes the rows that computing each code gives, in family order, sharded or not [long]', () => sweptAsComputed(octal3), 120_000);
});
