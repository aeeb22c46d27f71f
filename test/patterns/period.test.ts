import { describe, expect, it } from 'vitest';
import { explore } from '../../src/core/analyse.js';
import { InputError } from '../../src/core/errors.js';
import { referenceValues } from '../oracles/reference.js';
import type { Rule } from '../../src/core/kinds/registry.js';
import { int, mulberry32, randomSet } from '../helpers/random.js';
import { allBut, range, subtraction } from '../helpers/rules.js';
import { WindowRepetition, proveByWindowRepetition } from '../../src/core/laws/window-repetition.js';

interface Claimed {
  preperiod: number;
  period: number;
  saltus: number;
}

function provenCycle(rule: Rule): Claimed {
  const x = explore({ game: { rule } });
  if (x.pattern.kind === 'none') throw new Error(`no pattern for ${x.rule}`);
  if (!x.pattern.proof) throw new Error(`${x.rule}: pattern not proven`);
  return { preperiod: x.pattern.preperiod, period: x.pattern.period, saltus: x.pattern.saltus };
}

/**
 * Check a claimed cycle against plain reference values, without any of the
 * engine's period code: it holds on all the data from n0, it fails at n0-1,
 * and no smaller period holds anywhere the data could support it (a smaller
 * period q holding over q + p values of the periodic part would, by Fine and
 * Wilf, make gcd(p, q) a period there, so p would not be minimal).
 * Returns a description of the first problem, or null.
 */
function disagreement(g: readonly number[], { preperiod: n0, period: p, saltus: s }: Claimed): string | null {
  const N = g.length;
  for (let n = n0; n + p < N; n++) if (g[n + p] !== g[n]! + s) return `G(${n + p}) = ${g[n + p]} but G(${n}) + ${s} = ${g[n]! + s}`;
  if (n0 > 0 && g[n0 - 1 + p] === g[n0 - 1]! + s) return `the cycle already holds at n0 - 1 = ${n0 - 1}: the preperiod is not minimal`;
  for (let q = 1; q < p; q++) {
    // The longest tail of the data on which G(n + q) - G(n) is constant.
    const last = N - 1 - q;
    const rise = g[last + q]! - g[last]!;
    let start = last;
    while (start > 0 && g[start - 1 + q]! - g[start - 1]! === rise) start--;
    if (start <= n0) return `period ${q} (saltus ${rise}) holds on the whole periodic part`;
    if (N - start >= p + q) return `period ${q} (saltus ${rise}) holds over the last ${N - start} values, from ${start}`;
  }
  return null;
}

/** G(n) for any n by the cycle, computed from plain reference values and bigints. */
function fromCycle(g: readonly number[], { preperiod: n0, period: p, saltus: s }: Claimed, n: bigint): bigint {
  if (n < BigInt(n0)) return BigInt(g[Number(n)]!);
  const offset = n - BigInt(n0);
  return BigInt(g[n0 + Number(offset % BigInt(p))]!) + (offset / BigInt(p)) * BigInt(s);
}

const FAR = [0n, 1n, 2n, 3n, 5n, 7n, 11n, 12345n, 999_983n].map((k) => 10n ** 18n + k);

describe('proven periods of random subtraction sets, checked by brute force', () => {
  const SEED = 424_242;
  const SETS = 300;

  it(`${SETS} sets, seed ${SEED}`, () => {
    const random = mulberry32(SEED);
    let withPreperiod = 0;
    for (let i = 0; i < SETS; i++) {
      const largest = int(random, 1, 32);
      const moves = randomSet(random, int(random, 1, Math.min(7, largest)), largest);
      const rule = subtraction(moves);
      const claimed = provenCycle(rule);
      expect(claimed.saltus, `{${moves}}`).toBe(0);
      const k = moves[moves.length - 1]!;
      const g = referenceValues(rule, claimed.preperiod + 3 * claimed.period + k + 50);
      expect(disagreement(g, claimed), `set #${i} {${moves}}: claimed ${JSON.stringify(claimed)}`).toBeNull();
      // The window theorem, applied by hand: p holds on the k values from n0 on.
      for (let n = claimed.preperiod; n < claimed.preperiod + k; n++) expect(g[n + claimed.period]).toBe(g[n]);
      if (claimed.preperiod > 0) withPreperiod++;

      const x = explore({ game: { rule }, max: 10n ** 18n + 10n ** 6n });
      for (const n of FAR) expect(x.valueAt(n), `{${moves}} G(${n})`).toBe(fromCycle(g, claimed, n));
    }
    // The sample includes games that are not purely periodic.
    expect(withPreperiod).toBeGreaterThan(10);
  });
});

describe('proven arithmetic periods of random all-but sets, checked by brute force', () => {
  const SEED = 1_337;
  const SETS = 300;

  it(`${SETS} sets, seed ${SEED}`, () => {
    const random = mulberry32(SEED);
    let withPreperiod = 0;
    for (let i = 0; i < SETS; i++) {
      const excluded = randomSet(random, int(random, 0, 5), 12);
      const rule = allBut(excluded);
      const claimed = provenCycle(rule);
      expect(claimed.saltus, `all-but {${excluded}}`).toBeGreaterThan(0);
      const e = excluded.length ? excluded[excluded.length - 1]! : 0;
      const g = referenceValues(rule, claimed.preperiod + 3 * claimed.period + e + 50);
      expect(disagreement(g, claimed), `set #${i} all-but {${excluded}}: claimed ${JSON.stringify(claimed)}`).toBeNull();
      if (claimed.preperiod > 0) withPreperiod++;

      const x = explore({ game: { rule }, max: 10n ** 18n + 10n ** 6n });
      for (const n of FAR) expect(x.valueAt(n), `all-but {${excluded}} G(${n})`).toBe(fromCycle(g, claimed, n));
    }
    expect(withPreperiod).toBeGreaterThan(5);
  });
});

describe('P-positions', () => {
  /** The zero set up to `upTo` as the description says it is. */
  function described(x: ReturnType<typeof explore>, upTo: number): number[] {
    const pp = x.pPositions;
    switch (pp.kind) {
      case 'residues':
        return range(0, upTo).filter((n) => (pp.residues.includes(n % pp.modulus) && !pp.missing.includes(n)) || pp.extra.includes(n));
      case 'finite':
        return pp.list.filter((n) => n <= upTo);
      case 'list':
        return pp.list;
    }
  }

  const rules: Rule[] = [
    subtraction([1, 2, 3]),
    subtraction([1, 3, 4]),
    subtraction([2, 3, 7]),
    subtraction([2, 5, 7]),
    subtraction([3, 4, 6, 10]),
    subtraction([1, 4, 9, 16]),
    subtraction([5, 6, 9, 11, 14]),
    allBut([]),
    allBut([1]),
    allBut([2, 3, 7]),
    allBut([1, 2, 4, 8]),
  ];

  it.each(rules.map((r) => [JSON.stringify(r), r] as const))('%s: the description gives exactly the zeros up to 500', (_, rule) => {
    const g = referenceValues(rule, 501);
    const zeros = range(0, 500).filter((n) => g[n] === 0);
    const x = explore({ game: { rule }, max: 500n });
    expect(x.pPositions.kind).toBe(rule.kind === 'subtraction' ? 'residues' : 'finite');
    expect(described(x, 500)).toEqual(zeros);
  });

  it('exercises the exceptions: some rule above has extra or missing P-positions below its preperiod', () => {
    const exceptional = rules.filter((rule) => {
      const pp = explore({ game: { rule }, max: 500n }).pPositions;
      return pp.kind === 'residues' && pp.extra.length + pp.missing.length > 0;
    });
    expect(exceptional.length).toBeGreaterThan(0);
  });
});

describe('proven versus observed', () => {
  // {1, 1000000}: period 1000001 (1000000 is an even multiple of 1), but the first
  // million values alternate 0, 1 and the window proof needs 2,000,001 values.
  const rule = subtraction([1, 1_000_000]);

  it('a pattern the computed values only suggest is reported without a proof', () => {
    const x = explore({ game: { rule }, max: 5000n, limit: 1000 });
    expect(x.pattern).toMatchObject({ kind: 'periodic', preperiod: 0, period: 2, saltus: 0, proof: null });
    expect(x.computed).toBe(5001);
    expect(x.valueAt(4999n)).toBe(1n);
  });

  it('without --max, --limit caps the search and the result is an observation', () => {
    const x = explore({ game: { rule }, limit: 1000 });
    expect(x.computed).toBe(1000);
    expect(x.max).toBe(999n);
    expect(x.pattern).toMatchObject({ kind: 'periodic', period: 2, proof: null });
  });

  it('a max beyond memory without a proof within the limit is refused with an InputError (code, field, value)', () => {
    const refusal = (request: { limit: number; memoryBudget?: number }): string => {
      try {
        explore({ game: { rule }, max: 10n ** 15n, ...request });
      } catch (error) {
        expect(error).toBeInstanceOf(InputError);
        expect(error).toMatchObject({ code: 'out-of-memory', field: 'max', value: 10n ** 15n });
        return (error as Error).message;
      }
      throw new Error('explore() returned');
    };
    // The limit caps the search: 1,000 values, not all the memory there is.
    expect(refusal({ limit: 1000 })).toMatch(/^max 1000000000000000: no period was proven within the first 1,000 values \(raise limit\), and 1,000,000,000,000,001 values do not fit in memory/);
    expect(refusal({ limit: 1000, memoryBudget: 100_000 })).toMatch(/within the first 1,000 values \(raise limit\).*room for about 100,000\)$/);
  });

  it('the same rule is proven once enough values are computed', () => {
    const x = explore({ game: { rule }, max: 10n ** 15n });
    expect(x.pattern).toMatchObject({ kind: 'periodic', preperiod: 0, period: 1_000_001, saltus: 0 });
    expect(x.pattern.kind !== 'none' && x.pattern.proof?.method).toBe('window-repetition');
    // G(n) = n mod 2 below 10^6, then the cycle shifts: G(10^6) = mex{G(999999), G(0)} = mex{1, 0} = 2.
    expect(x.valueAt(1_000_000n)).toBe(2n);
    expect(x.valueAt(10n ** 15n)).toBe(x.valueAt((10n ** 15n) % 1_000_001n));
  });
});

describe('window repetition, kept between attempts', () => {
  it('attempts at growing counts find what one attempt over all the values finds, on 200 random sets', () => {
    const random = mulberry32(4242);
    for (let trial = 0; trial < 200; trial++) {
      const largest = int(random, 5, 40);
      const moves = randomSet(random, int(random, 1, 5), largest).sort((a, b) => a - b);
      const k = moves[moves.length - 1]!;
      const g = Uint8Array.from(referenceValues(subtraction(moves), 6000));
      const search = new WindowRepetition(k);
      let found: ReturnType<typeof proveByWindowRepetition> = null;
      let at = 0;
      for (const count of [7, 64, 100, 128, 1000, 3000, 6000]) {
        found = search.prove(g, count);
        at = count;
        if (found) break;
      }
      const once = proveByWindowRepetition(g, at, k);
      expect(found, JSON.stringify(moves)).toEqual(once);
      expect(found, `${JSON.stringify(moves)}: a period within 6000 values`).not.toBeNull();
      // The preperiod, checked by a plain scan over all 6000 values: the first n from which G(m + p) = G(m) holds.
      const p = found!.period;
      let start = g.length - p;
      while (start > 0 && g[start - 1 + p] === g[start - 1]) start--;
      expect(found!.preperiod, JSON.stringify(moves)).toBe(start);
    }
  });
});
