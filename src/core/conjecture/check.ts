/**
 * A conjecture checked against a computed table: every position in table
 * order until the first counterexample. For a one-heap game it may say
 * more than the table: "holds for every n", when a PROVEN pattern and the
 * expression's syntax together make a finite range decide every n (see
 * everyHeapBound). An observed pattern never gives that claim.
 */
import { InputError, mention, quote, says } from '../errors.js';
import type { Exploration } from '../heap/explore.js';
import type { GridExploration } from '../kinds/two-pile/grid.js';
import type { CappedHeapExploration } from '../kinds/capped-heap/explore-capped.js';
import { startCap } from '../kinds/capped-heap/capped-kernel.js';
import type { StatesTable } from '../kinds/module/state-result.js';
import { fieldValues, numericFields } from '../kinds/module/state-fields.js';
import { canonicalJson } from '../kinds/module/state-search.js';
import { isCycle } from '../laws/pattern.js';
import { formatCount } from '../numbers.js';
import { shapeWords } from '../shape-words.js';
import { gcd } from './exact.js';
import { compile, atPosition, valueText, type Bindings, type Value } from './evaluate.js';
import { onlyThroughModulus, parseExpression, sourceOf, type Expression, type Node, type Variables } from './expression.js';
import { say } from '../i18n/index.js';

/** One side of a failed comparison: what was written, and its value there. */
export interface Side {
  readonly text: string;
  readonly value: Value;
}

/** Where a --check expression fails: the position, its variables' values, and the two sides of the comparison. */
export interface Counterexample {
  /** The position as words: `n = 7`, `x = 3, y = 5`, `n = 8, c = 7`. */
  readonly where: string;
  /** Every variable's value there (whole numbers and true/false). */
  readonly variables: Readonly<Record<string, bigint | boolean>>;
  /** The two sides, when the expression is one comparison (`L == R`); otherwise null. */
  readonly sides: readonly [Side, Side] | null;
  /** One line: what the expression says there and what is true. */
  readonly text: string;
}

/** What a check found. */
export interface CheckReport {
  readonly shape: 'check';
  readonly rule: string;
  /** The game's name (a preset's, a rule file's), or null. */
  readonly name: string | null;
  readonly expression: string;
  readonly holds: boolean;
  /** 'every': it holds for every position of the game (`reason` says why); 'table': for the positions checked. */
  readonly scope: 'every' | 'table';
  /** How many positions were evaluated, and which (`n = 0..100`). */
  readonly checked: { readonly positions: number; readonly range: string };
  /** Why every n is decided, or why the claim stops at the table; null when there is nothing to say. */
  readonly reason: string | null;
  readonly counterexample: Counterexample | null;
  /** The finding in one line (`holds for every n ≤ 100`, `fails at n = 7: …`). */
  readonly summary: string;
}

/** The results a conjecture can be checked against. */
export type CheckableResult = Exploration | GridExploration | CappedHeapExploration | StatesTable;

/** Most positions a check evaluates one by one (a table larger than this is refused before any is evaluated). */
export const MAX_CHECKED_POSITIONS = 100_000_000;
/** Most heaps past the table a proven pattern may make a check evaluate, to claim every n. */
export const MAX_EXTENSION = 10_000_000;

export const HEAP_VARIABLES: Variables = { n: 'number', g: 'number', p: 'bool' };
export const GRID_VARIABLES: Variables = { x: 'number', y: 'number', g: 'number', p: 'bool' };
export const MEMORY_VARIABLES: Variables = { n: 'number', c: 'number', g: 'number', p: 'bool' };

/** The variables a result's table offers (null: a result no conjecture is checked against). */
export function variablesOf(shape: string): Variables | null {
  return shape === 'heap' ? HEAP_VARIABLES : shape === 'grid' ? GRID_VARIABLES : shape === 'memory' ? MEMORY_VARIABLES : null;
}

/** Check `text` against `result`; a mistake in the text, or a result with no table, is an InputError of the field check. */
export function checkConjecture(result: { readonly shape: string }, text: string): CheckReport {
  if (result.shape === 'states') return checkStates(result as StatesTable, text);
  const variables = variablesOf(result.shape);
  if (!variables) {
    throw new InputError(says`${mention('check')} checks a conjecture against a table of one heap, of two piles, of a heap with memory or of a module's states; this run makes ${shapeWords(result.shape) ?? 'no such table'}`, {
      code: 'not-applicable',
      field: 'check',
    });
  }
  const expression = parseExpression(text, variables);
  const checkable = result as Exclude<CheckableResult, StatesTable>;
  if (checkable.shape === 'heap') return checkHeaps(checkable, expression);
  if (checkable.shape === 'grid') return checkGrid(checkable, expression);
  return checkMemory(checkable, expression);
}

/** A position of a table: where it is (words), its bindings, and how to name G there (`G(7)`). */
interface Position {
  readonly where: string;
  readonly env: Bindings;
  readonly grundyName: string;
}

/**
 * Evaluate at each position in turn; the first where the expression is
 * false is the counterexample (with both sides of a top-level comparison).
 */
function run(expression: Expression, positions: Iterable<Position>): { checked: number; counterexample: Counterexample | null } {
  const test = compile(expression);
  let checked = 0;
  for (const position of positions) {
    checked++;
    let ok: Value;
    try {
      ok = test(position.env);
    } catch (error) {
      throw atPosition(error, position.where);
    }
    if (!ok) return { checked, counterexample: counterexampleAt(expression, position) };
  }
  return { checked, counterexample: null };
}

function counterexampleAt(expression: Expression, position: Position): Counterexample {
  const root = expression.root;
  const variables = Object.fromEntries(Object.entries(position.env)) as Record<string, bigint | boolean>;
  const shown = (node: Node, value: Value): string => {
    const text = sourceOf(expression, node);
    if (node.kind === 'var' && node.name === 'g') return `g = ${position.grundyName} = ${valueText(value)}`;
    return node.kind === 'int' || node.kind === 'bool' ? text : `${text} = ${valueText(value)}`;
  };
  if (root.kind === 'compare' && root.ops.length === 1) {
    const [left, right] = root.operands as [Node, Node];
    const l = compile(expression, left)(position.env);
    const r = compile(expression, right)(position.env);
    const op = root.ops[0]!;
    const literal = (node: Node) => node.kind === 'int' || node.kind === 'bool';
    const known = [[left, l], [right, r]].filter(([node]) => !literal(node as Node)).map(([node, value]) => shown(node as Node, value as Value));
    const text = op === '==' ? `${shown(left, l)}, but ${shown(right, r)}` : `${known.join(' and ')}, so ${quote(sourceOf(expression, root))} is false`;
    return { where: position.where, variables, sides: [{ text: sourceOf(expression, left), value: l }, { text: sourceOf(expression, right), value: r }], text };
  }
  const values = Object.entries(position.env)
    .filter(([name]) => !position.where.includes(`${name} =`))
    .map(([name, value]) => (name === 'g' ? `g = ${position.grundyName} = ${valueText(value)}` : `${name} = ${valueText(value)}`));
  return { where: position.where, variables, sides: null, text: `${quote(sourceOf(expression, root))} is false (${values.join(', ')})` };
}

/** A report from what run() found. */
function report(result: { readonly rule: string; readonly shape: string; readonly game?: { readonly name?: string } }, expression: Expression, found: { checked: number; counterexample: Counterexample | null }, range: string, every: string | null, note: string | null): CheckReport {
  const { checked, counterexample } = found;
  const base = { shape: 'check' as const, rule: result.rule, name: result.game?.name ?? null, expression: expression.text, checked: { positions: checked, range } };
  if (counterexample) {
    return { ...base, holds: false, scope: 'table', reason: null, counterexample, summary: `fails at ${counterexample.where}: ${counterexample.text}` };
  }
  if (every !== null) return { ...base, holds: true, scope: 'every', reason: every, counterexample: null, summary: `holds for every ${result.shape === 'heap' ? 'n' : 'position'}` };
  return { ...base, holds: true, scope: 'table', reason: note, counterexample: null, summary: `holds for every ${range}` };
}

function refuseSize(count: bigint): void {
  if (count > BigInt(MAX_CHECKED_POSITIONS)) {
    throw new InputError(says`${mention('check')}: the table has ${formatCount(count)} positions, more than the ${formatCount(MAX_CHECKED_POSITIONS)} a check evaluates one by one; lower ${mention('max')}`, {
      code: 'too-large',
      field: 'check',
    });
  }
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

function* gridPositions(x: GridExploration): Iterable<Position> {
  for (let row = x.firstRow; row <= x.lastRow; row++) {
    for (let column = 0; column <= x.max; column++) {
      const g = BigInt(x.value(row, column));
      yield { where: `x = ${row}, y = ${column}`, env: { x: BigInt(row), y: BigInt(column), g, p: g === 0n }, grundyName: `G(${row}, ${column})` };
    }
  }
}

function checkGrid(x: GridExploration, expression: Expression): CheckReport {
  refuseSize(BigInt(x.lastRow - x.firstRow + 1) * BigInt(x.max + 1));
  const rows = x.firstRow === 0 && x.lastRow === x.max ? `x, y ≤ ${x.max}` : `${x.firstRow} ≤ x ≤ ${x.lastRow} and y ≤ ${x.max}`;
  return report(x, expression, run(expression, gridPositions(x)), `(x, y) with ${rows}`, null, 'a two-pile table is checked over the pairs computed only');
}

/**
 * A heap with memory: without c, the start states (n, n - 1) of n = 0..max
 * (what the table's rows are: a fresh heap of n, any take but the whole
 * heap); with c, every state (n, c), 0 ≤ c ≤ n ≤ max (a cap above n is the same as n).
 */
function* memoryPositions(x: CappedHeapExploration, allStates: boolean): Iterable<Position> {
  for (let n = 0; n <= x.max; n++) {
    const caps = allStates ? Array.from({ length: n + 1 }, (_, c) => c) : [startCap(n)];
    for (const c of caps) {
      const g = BigInt(x.table.value(n, c));
      yield { where: allStates ? `n = ${n}, c = ${c}` : `n = ${n}`, env: { n: BigInt(n), c: BigInt(c), g, p: g === 0n }, grundyName: `G(${n}, ${c})` };
    }
  }
}

function checkMemory(x: CappedHeapExploration, expression: Expression): CheckReport {
  const allStates = expression.variables.has('c');
  refuseSize(allStates ? (BigInt(x.max + 1) * BigInt(x.max + 2)) / 2n : BigInt(x.max + 1));
  const range = allStates ? `state (n, c) with 0 ≤ c ≤ n ≤ ${x.max}` : `start heap n ≤ ${x.max} (the state (n, n - 1), or (0, 0))`;
  return report(x, expression, run(expression, memoryPositions(x, allStates)), range, null, 'a heap with memory is checked over the states computed only');
}

/**
 * A module's own states (`states(max)`): each state's whole-number fields
 * are variables (`heap`, `cap`), with g and p, over the states tabulated.
 */
function checkStates(x: StatesTable, text: string): CheckReport {
  const fields = numericFields(x.rows.map((r) => r.state));
  if (fields.length === 0) {
    throw new InputError(says`${mention('check')} reads a module's states through their fields that are whole numbers, and these states (${x.rows.length ? canonicalJson(x.rows[0]!.state) : 'none'}…) have none in common`, {
      code: 'not-applicable',
      field: 'check',
    });
  }
  const variables: Variables = Object.fromEntries([...fields.map((f) => [f, 'number'] as const), ['g', 'number'], ['p', 'bool']]);
  const expression = parseExpression(text, variables);
  refuseSize(BigInt(x.rows.length));
  const positions = function* (): Iterable<Position> {
    for (const r of x.rows) {
      const values = fieldValues(r.state, fields);
      const where = fields.map((f, i) => `${f} = ${values[i]}`).join(', ');
      const env: Record<string, Value> = { g: BigInt(r.grundy), p: r.grundy === 0 };
      fields.forEach((f, i) => (env[f] = BigInt(values[i]!)));
      yield { where, env, grundyName: `G(${canonicalJson(r.state)})` };
    }
  };
  return report(x, expression, run(expression, positions()), `state of the table (${formatCount(x.rows.length)} states)`, null, "a module's states are checked over the states tabulated only");
}
