import { describe, expect, it } from 'vitest';
import { explore } from '../../../src/core/analyse.js';
import { parseCode } from '../../../src/core/rules/code.js';

/**
 * Periods of octal games from OEIS comments (Sprague-Grundy value sequences,
 * offset 1, so "the last exception is at n" is our preperiod - 1), beyond the
 * shared oracle file. Each must come out proven by Guy-Smith.
 */
const PUBLISHED: readonly { code: string; preperiod: number; period: number; source: string }[] = [
  { code: '0.11377', preperiod: 187, period: 32, source: 'OEIS A071452: period 32, last exception 186' },
  { code: '0.045', preperiod: 189, period: 32, source: 'OEIS A071452: .045 has values a(n-2)' },
  { code: '0.177', preperiod: 497, period: 20, source: 'OEIS A071435: period 20, last exception 496' },
  { code: '0.1377', preperiod: 141, period: 24, source: 'OEIS A071434: period 24, last exception 140' },
  { code: '0.117', preperiod: 47, period: 48, source: 'OEIS A071453: period 48, exceptions up to 46' },
  { code: '0.051', preperiod: 48, period: 48, source: 'OEIS A071453: .051 has values a(n-1); Flammenkamp: preperiod = period = 48' },
  { code: '0.127', preperiod: 46578, period: 4, source: 'OEIS A071464: period 4, last exception 46577 (Gangolli-Plambeck)' },
  { code: '0.16', preperiod: 105351, period: 149459, source: 'issue 4 (Gangolli-Plambeck; Flammenkamp)' },
  { code: '0.56', preperiod: 326640, period: 144, source: 'issue 4 (Gangolli-Plambeck)' },
];

describe('published octal periods, proven', () => {
  it.each(PUBLISHED.map((p) => [p.code, p] as const))('%s', (_, published) => {
    const code = parseCode(published.code);
    const x = explore({ game: { rule: { kind: 'take-and-break', code } } });
    expect(x.pattern, published.source).toMatchObject({ kind: 'periodic', preperiod: published.preperiod, period: published.period, saltus: 0 });
    if (x.pattern.kind === 'none') return;
    expect(x.pattern.proof?.method).toBe('guy-smith');
    expect(x.pattern.proof?.valuesNeeded).toBe(2 * published.preperiod + 2 * published.period + code.digits.length - 1);
    expect(x.computed).toBeGreaterThanOrEqual(x.pattern.proof!.valuesNeeded);
  });
});
