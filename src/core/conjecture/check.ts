/**
 * A conjecture checked against a computed table: every position in table
 * order until the first counterexample. For a one-heap game it may say
 * more than the table: "holds for every n", when a PROVEN pattern and the
 * expression's syntax together make a finite range decide every n (see
 * everyHeapBound). An observed pattern never gives that claim.
 */
import { InputError, mention, quote, says } from '../errors.js';
import type { Exploration } from '../heap/explore.js';
import { isCycle } from '../laws/pattern.js';
import { formatCount } from '../numbers.js';
import { shapeWords } from '../shape-words.js';
import { kindOfShape } from '../kinds/registry.js';
import { refuseSize, report, run, type CheckReport, type Position } from './table-check.js';
import { gcd } from './exact.js';
import { onlyThroughModulus, parseExpression, type Expression, type Variables } from './expression.js';
import { say } from '../i18n/index.js';

export { MAX_CHECKED_POSITIONS, type CheckReport, type Counterexample, type Side } from './table-check.js';

/** Most heaps past the table a proven pattern may make a check evaluate, to claim every n. */
export const MAX_EXTENSION = 10_000_000;

export const HEAP_VARIABLES: Variables = { n: 'number', g: 'number', p: 'bool' };

/** The variables a result's table offers before the run (null: a result no conjecture is checked against, or whose table says them). */
export function variablesOf(shape: string): Variables | null {
  return shape === 'heap' ? HEAP_VARIABLES : (kindOfShape(shape)?.conjectures?.[shape]?.variables ?? null);
}

/** Check `text` against `result`; a mistake in the text, or a result with no table, is an InputError of the field check. */
export function checkConjecture(result: { readonly shape: string }, text: string): CheckReport {
  // A one-heap table is the core's (any heap kind's); the other tables are their kinds' own.
  const own = kindOfShape(result.shape)?.conjectures?.[result.shape];
  if (own) return own.check(result, text);
  if (result.shape !== 'heap') {
    throw new InputError(says`${mention('check')} checks a conjecture against a table of one heap, of two piles, of a heap with memory or of a module's states; this run makes ${shapeWords(result.shape) ?? 'no such table'}`, {
      code: 'not-applicable',
      field: 'check',
    });
  }
  return checkHeaps(result as Exploration, parseExpression(text, HEAP_VARIABLES));
}

const lcm = (a: bigint, b: bigint): bigint => (a / gcd(a, b)) * b;

/**
 * Heaps 0..end-1 decide every n, or null and why not. For n ≥ a (the
 * preperiod) a proven pattern gives G(n + p) = G(n) + s. With s = 0 an
 * expression reading n only as n % m1, n % m2, … is, from a on, periodic
 * with period L = lcm(m1, …, p): heaps 0..a+L-1 decide every n. With s > 0,
 * G(n) ≥ s > 0 from a + p on (G(a + r + kp) = G(a + r) + ks), so p is false
 * there; an expression reading g only through p is then periodic with
 * period lcm(m1, …) from a + p, and heaps 0..a+p+L-1 decide. An expression
 * reading g itself under a saltus gets no claim.
 */
function everyHeapBound(x: Exploration, expression: Expression): { end: bigint; reason: string } | { end: null; why: string } {
  const pattern = x.pattern;
  // A theorem that is no cycle gives every value, but no finite set of heaps that decides an expression about them.
  if (pattern.kind === 'theorem') return { end: null, why: `the values are a theorem's (${say(pattern.theorem)}) with no period, so no finite table decides every n` };
  if (!isCycle(pattern)) return { end: null, why: 'no pattern was found in the values computed' };
  if (!pattern.proof) return { end: null, why: 'the pattern is only observed, not proven' };
  const moduli = onlyThroughModulus(expression.root, 'n');
  if (moduli === null) return { end: null, why: 'the expression reads n other than as n % m with a whole number m written out' };
  const { preperiod, period, saltus } = pattern;
  const a = BigInt(preperiod);
  const p = BigInt(period);
  const usesG = expression.variables.has('g');
  const unique = [...new Set(moduli.map(String))].map(BigInt);
  const reads = unique.length === 0 ? 'the expression does not read n' : `the expression reads n only through ${unique.map((m) => `n % ${m}`).join(', ')}`;
  const proven = `proven: ${pattern.proof.reason}`;
  let end: bigint;
  let reason: string;
  if (saltus === 0) {
    const L = unique.reduce(lcm, p);
    end = a + L;
    const lcmText = unique.length === 0 ? `the period ${p}` : `lcm(${[...unique, p].join(', ')}) = ${L}`;
    reason = `the values are periodic from n = ${a} with period ${p} (${proven}) and ${reads}, so n = 0..${end - 1n} decide every n (the preperiod ${a} plus ${lcmText} heaps)`;
  } else {
    if (usesG) return { end: null, why: `the values grow by ${saltus} every ${period} heaps (a saltus), and the expression reads g itself, not only p` };
    const L = unique.reduce(lcm, 1n);
    end = a + p + L;
    reason =
      `the values are arithmetic-periodic from n = ${a} with period ${p} and saltus ${saltus} (${proven}), so G(n) ≥ ${saltus} > 0 and p is false from n = ${a + p} on; ` +
      `the expression reads g only through p and ${unique.length === 0 ? 'does not read n' : `n only through ${unique.map((m) => `n % ${m}`).join(', ')}`}, so n = 0..${end - 1n} decide every n (${a + p} plus ${unique.length === 0 ? 'one heap' : `lcm(${unique.join(', ')}) = ${L} heaps`})`;
  }
  if (end - 1n > x.max + BigInt(MAX_EXTENSION)) return { end: null, why: `that would take heaps 0..${end - 1n}, more than ${formatCount(MAX_EXTENSION)} past the table` };
  return { end, reason };
}

function* heapPositions(x: Exploration, end: number): Iterable<Position> {
  for (let n = 0; n < end; n++) {
    const g = BigInt(x.valueOf(n));
    yield { where: `n = ${n}`, env: { n: BigInt(n), g, p: g === 0n }, grundyName: `G(${n})` };
  }
}

function checkHeaps(x: Exploration, expression: Expression): CheckReport {
  const every = everyHeapBound(x, expression);
  const end = every.end ?? x.max + 1n;
  refuseSize(end);
  const found = run(expression, heapPositions(x, Number(end)));
  if (every.end !== null) return report(x, expression, found, `n = 0..${end - 1n}`, every.reason, null);
  return report(x, expression, found, `n ≤ ${x.max}`, null, `not claimed for every n: ${every.why}`);
}





