import { describe, expect, it } from 'vitest';
import { analyseSync, explore } from '../../src/core/analyse.js';
import { parseCode } from '../../src/core/rules/code.js';
import { InputError } from '../../src/core/errors.js';
import { formatCount } from '../../src/core/numbers.js';
import type { PositionReport } from '../../src/core/positions/position.js';
import { longTest } from '../helpers/long.js';
import { runMain } from '../helpers/in-process.js';

/**
 * A heap past memory is answered only by a proof, so its search stops once
 * the values computed rule out every proof within the limit (provableWithin).
 * That stop must never refuse what the whole search proves: at every limit
 * around a code's proof, the position is answered exactly when the table with
 * the same limit (which searches to the end) proves the period, and a refusal
 * names the limit, as a search to the end would.
 */
const game = (code: string) => ({ rule: { kind: 'take-and-break' as const, code: parseCode(code) } });

function position(code: string, limit: number): { answered: true; value: bigint } | { answered: false; message: string } {
  try {
    const report = analyseSync({ game: game(code), position: ['1e12'], limit }) as PositionReport<bigint>;
    return { answered: true, value: report.components[0]!.grundy! };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return { answered: false, message: error.message };
  }
}

describe('a heap past memory: the proof search stops once no proof can come within the limit', () => {
  // Officers (0.6) has no period proven within these; 0.07, 0.137 and 4.7 are proven from 176, 175 and 7 values.
  for (const [code, limits] of [['0.6', [64, 1000, 4096, 16_384]], ['0.07', [100, 174, 175, 176, 177, 400]], ['0.137', [120, 173, 174, 175, 176, 500]], ['4.7', [5, 6, 7, 8, 64]]] as const) {
    it(`${code}: answered at 10^12 exactly where the whole search proves a period`, () => {
      for (const limit of limits) {
        const table = explore({ game: game(code), limit });
        const proven = 'proof' in table.pattern && table.pattern.proof !== null;
        const got = position(code, limit);
        expect(got.answered, `${code} limit ${limit}`).toBe(proven);
        if (got.answered) expect(got.value, `${code} limit ${limit}`).toBe(table.valueAt(10n ** 12n));
        else expect(got.message).toContain(`no period was proven within the first ${formatCount(table.computed)} values`);
      }
    });
  }

  it('play from 10^12 stops the same way: it starts exactly where the whole search proves a period, and a refusal names the limit', async () => {
    for (const [code, limit] of [['0.07', 174], ['0.07', 176], ['0.6', 4096], ['4.7', 6], ['4.7', 7]] as const) {
      const table = explore({ game: game(code), limit });
      const proven = 'proof' in table.pattern && table.pattern.proof !== null;
      const run = await runMain(['play', '--code', code, '--position', '1e12', '--limit', String(limit)], { stdin: 'quit\n' });
      expect(run.code, `${code} limit ${limit}: ${run.stderr}`).toBe(proven ? 0 : 2);
      if (!proven) expect(run.stderr).toContain(`none was proven within the first ${formatCount(limit)} values`);
    }
  });

  longTest('0.6 at its default limit: refused naming the 1,048,576 values, as a search to the end refuses it [long]', () => {
    const got = position('0.6', 2 ** 20);
    expect(got.answered).toBe(false);
    expect(!got.answered && got.message).toContain('no period was proven within the first 1,048,576 values');
    const table = explore({ game: game('0.6'), limit: 2 ** 20 });
    expect(table.computed).toBe(2 ** 20);
    expect('proof' in table.pattern && table.pattern.proof).toBeFalsy();
  }, 120_000);
});
