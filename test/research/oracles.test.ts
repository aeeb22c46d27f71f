import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ORACLE_PATH } from '../helpers/oracles.js';
import { explore } from '../../src/core/analyse.js';
import { referenceValues } from '../oracles/reference.js';
import type { Rule } from '../../src/core/kinds/registry.js';
import { isOctal, parseCode } from '../../src/core/rules/code.js';
import { valuesAt } from '../helpers/rules.js';

/**
 * Published results (test/fixtures/published.json, copied from the project's collection)
 * against explore(). Every entry is checked; a test fails if a new kind of entry
 * appears that no block here checks.
 */

interface PeriodicEntry {
  rule: string;
  preperiod: number;
  period: number;
  values_0_39?: number[];
  source: string;
}
interface ArithmeticEntry {
  rule: string;
  preperiod: number;
  period: number;
  saltus: number;
  values_0_29?: number[];
  source: string;
}
interface Oracles {
  periodic: PeriodicEntry[];
  arithmeticPeriodic: ArithmeticEntry[];
  sequences: { anumber: string; game: string; rule: string; terms: number[] }[];
}

/** Subtraction and all-but entries; the codes are checked further down. */
const SUPPORTED = /^(subtraction|all-but)( |$)/;

function parseOracleRule(text: string): Rule {
  const [, kind, rest] = /^(subtraction|all-but) ?(.*)$/.exec(text) ?? [];
  const numbers = (rest ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .map(Number);
  if (numbers.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`oracle rule '${text}': cannot read the set`);
  return kind === 'subtraction' ? { kind: 'subtraction', moves: numbers } : { kind: 'all-but', excluded: numbers };
}

const present = existsSync(ORACLE_PATH);
const oracles: Oracles = present ? JSON.parse(readFileSync(ORACLE_PATH, 'utf8')) : { periodic: [], arithmeticPeriodic: [], sequences: [] };

describe('the oracle file', () => {
  it(`exists at ${ORACLE_PATH} (set SG_EXPLORE_ORACLES to move it) and has checkable entries`, () => {
    expect(present).toBe(true);
    expect(oracles.periodic.filter((e) => SUPPORTED.test(e.rule)).length).toBeGreaterThanOrEqual(4);
    expect(oracles.arithmeticPeriodic.filter((e) => SUPPORTED.test(e.rule)).length).toBeGreaterThanOrEqual(4);
  });
});

describe('published periodic subtraction games', () => {
  const checked = oracles.periodic.filter((e) => SUPPORTED.test(e.rule));
  it.each(checked.map((e) => [e.rule, e] as const))('%s', (_, entry) => {
    const rule = parseOracleRule(entry.rule);
    expect(rule.kind).toBe('subtraction');
    const x = explore({ game: { rule } });
    expect(x.pattern.kind).toBe('periodic');
    if (x.pattern.kind === 'none') return;
    expect(x.pattern.preperiod).toBe(entry.preperiod);
    expect(x.pattern.period).toBe(entry.period);
    expect(x.pattern.saltus).toBe(0);
    expect(x.pattern.proof).not.toBeNull();
    expect(entry.values_0_39).toHaveLength(40);
    expect(valuesAt(x, 40)).toEqual(entry.values_0_39);
    expect(referenceValues(rule, 40)).toEqual(entry.values_0_39);
  });
});

describe('published arithmetic-periodic all-but games', () => {
  const checked = oracles.arithmeticPeriodic.filter((e) => SUPPORTED.test(e.rule));
  it.each(checked.map((e) => [e.rule, e] as const))('%j', (_, entry) => {
    const rule = parseOracleRule(entry.rule);
    expect(rule.kind).toBe('all-but');
    const x = explore({ game: { rule } });
    expect(x.pattern.kind).toBe(entry.saltus === 0 ? 'periodic' : 'arithmetic-periodic');
    if (x.pattern.kind === 'none') return;
    expect(x.pattern.preperiod).toBe(entry.preperiod);
    expect(x.pattern.period).toBe(entry.period);
    expect(x.pattern.saltus).toBe(entry.saltus);
    expect(x.pattern.proof).not.toBeNull();
    expect(entry.values_0_29).toHaveLength(30);
    expect(valuesAt(x, 30)).toEqual(entry.values_0_29);
    expect(referenceValues(rule, 30)).toEqual(entry.values_0_29);
  });
});

/**
 * Infinite subtraction sets: G(n) uses only the moves <= n, so the first N terms are those
 * of the finite set of moves below N. Listed by A-number, so the filter is explicit.
 */
const TRUNCATABLE: Record<string, (limit: number) => number[]> = {
  A014586: (limit) => Array.from({ length: Math.floor(Math.sqrt(limit)) }, (_, i) => (i + 1) ** 2).filter((s) => s <= limit),
  A014588: (limit) => {
    const fib = [1, 2];
    while (fib[fib.length - 1]! + fib[fib.length - 2]! <= limit) fib.push(fib[fib.length - 1]! + fib[fib.length - 2]!);
    return fib;
  },
};

describe('published sequences of infinite subtraction sets, as finite prefixes', () => {
  const checked = oracles.sequences.filter((s) => s.anumber in TRUNCATABLE);
  it('covers both sequences', () => expect(checked.map((s) => s.anumber).sort()).toEqual(['A014586', 'A014588']));
  it.each(checked.map((s) => [`${s.anumber} ${s.game}`, s] as const))('%s', (_, sequence) => {
    const N = sequence.terms.length;
    const moves = TRUNCATABLE[sequence.anumber]!(N - 1);
    const rule: Rule = { kind: 'subtraction', moves };
    const x = explore({ game: { rule }, max: BigInt(N - 1) });
    expect(valuesAt(x, N)).toEqual(sequence.terms);
    expect(referenceValues(rule, N)).toEqual(sequence.terms);
  });
});

/** 'code 0.77 (Kayles)' -> the code text. */
function oracleCode(rule: string): string | null {
  return /^code (\S+)/.exec(rule)?.[1] ?? null;
}

describe('published take-and-break codes', () => {
  const entries = [...oracles.periodic, ...oracles.arithmeticPeriodic].filter((e) => oracleCode(e.rule) !== null);
  it('covers the octal and hexadecimal entries', () => expect(entries.length).toBeGreaterThanOrEqual(4));
  it.each(entries.map((e) => [e.rule, e] as const))('%s', (_, entry) => {
    const code = parseCode(oracleCode(entry.rule)!);
    const x = explore({ game: { rule: { kind: 'take-and-break', code } } });
    const saltus = 'saltus' in entry ? entry.saltus : 0;
    expect(x.pattern.kind).toBe(saltus === 0 ? 'periodic' : 'arithmetic-periodic');
    if (x.pattern.kind === 'none') return;
    expect([x.pattern.preperiod, x.pattern.period, x.pattern.saltus]).toEqual([entry.preperiod, entry.period, saltus]);
    if (isOctal(code)) {
      // Octal: proven by Guy-Smith, with its window.
      expect(x.pattern.proof?.method).toBe('guy-smith');
      expect(x.pattern.proof?.valuesNeeded).toBe(2 * entry.preperiod + 2 * entry.period + code.digits.length - 1);
    } else if (saltus === 0) {
      // Three-heap splits: Guy-Smith's argument with a part of at least a third (guy-smith.ts).
      expect(x.pattern.proof?.method).toBe('guy-smith');
      expect(x.pattern.proof?.valuesNeeded).toBe(3 * (entry.preperiod + entry.period) + code.digits.length - 1);
    } else {
      // Arithmetic-periodic: no theorem here proves a saltus, so observed only.
      expect(x.pattern.proof).toBeNull();
    }
    const published = 'values_0_29' in entry ? entry.values_0_29 : (entry as PeriodicEntry).values_0_39;
    if (published) expect(valuesAt(x, published.length)).toEqual(published);
  });
});

/** The octal and split games among the published sequences, by A-number, with their codes (offset 0). */
const SEQUENCE_CODES: Record<string, string> = { A002186: '0.77', A002187: '0.137', A002188: '4!.0' };

describe('published sequences of take-and-break games', () => {
  const checked = oracles.sequences.filter((s) => s.anumber in SEQUENCE_CODES);
  it('covers Kayles, Dawson\'s chess and Grundy\'s game', () => expect(checked.map((s) => s.anumber).sort()).toEqual(['A002186', 'A002187', 'A002188']));
  it.each(checked.map((s) => [`${s.anumber} ${s.game}`, s] as const))('%s', (_, sequence) => {
    const rule: Rule = { kind: 'take-and-break', code: parseCode(SEQUENCE_CODES[sequence.anumber]!) };
    const x = explore({ game: { rule }, max: BigInt(sequence.terms.length - 1) });
    expect(valuesAt(x, sequence.terms.length)).toEqual(sequence.terms);
  });
  it('leaves no published sequence unchecked', () => {
    const unchecked = oracles.sequences.filter((s) => !(s.anumber in SEQUENCE_CODES) && !(s.anumber in TRUNCATABLE));
    expect(unchecked.map((s) => s.anumber)).toEqual([]);
  });
});
