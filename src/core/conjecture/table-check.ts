/**
 * What every check of a table shares: its positions evaluated in table order
 * until the first counterexample, and the report of what was found. The
 * checks of each shape use it: the one-heap table's (check.ts) and a kind's
 * own (GameKind.conjectures: a two-pile table, a heap with memory, a module's states).
 */
import { InputError, mention, quote, says } from '../errors.js';
import { formatCount } from '../numbers.js';
import { compile, atPosition, valueText, type Bindings, type Value } from './evaluate.js';
import { sourceOf, type Expression, type Node, type Variables } from './expression.js';

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

/** Most positions a check evaluates one by one (a table larger than this is refused before any is evaluated). */
export const MAX_CHECKED_POSITIONS = 100_000_000;

/** A position of a table: where it is (words), its bindings, and how to name G there (`G(7)`). */
export interface Position {
  readonly where: string;
  readonly env: Bindings;
  readonly grundyName: string;
}

/**
 * Evaluate at each position in turn; the first where the expression is
 * false is the counterexample (with both sides of a top-level comparison).
 */
export function run(expression: Expression, positions: Iterable<Position>): { checked: number; counterexample: Counterexample | null } {
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
export function report(result: { readonly rule: string; readonly shape: string; readonly game?: { readonly name?: string } }, expression: Expression, found: { checked: number; counterexample: Counterexample | null }, range: string, every: string | null, note: string | null): CheckReport {
  const { checked, counterexample } = found;
  const base = { shape: 'check' as const, rule: result.rule, name: result.game?.name ?? null, expression: expression.text, checked: { positions: checked, range } };
  if (counterexample) {
    return { ...base, holds: false, scope: 'table', reason: null, counterexample, summary: `fails at ${counterexample.where}: ${counterexample.text}` };
  }
  if (every !== null) return { ...base, holds: true, scope: 'every', reason: every, counterexample: null, summary: `holds for every ${result.shape === 'heap' ? 'n' : 'position'}` };
  return { ...base, holds: true, scope: 'table', reason: note, counterexample: null, summary: `holds for every ${range}` };
}

export function refuseSize(count: bigint): void {
  if (count > BigInt(MAX_CHECKED_POSITIONS)) {
    throw new InputError(says`${mention('check')}: the table has ${formatCount(count)} positions, more than the ${formatCount(MAX_CHECKED_POSITIONS)} a check evaluates one by one; lower ${mention('max')}`, {
      code: 'too-large',
      field: 'check',
    });
  }
}

/** How --check reads a table of a shape a kind makes (GameKind.conjectures). */
export interface TableConjectures {
  /** The variables a conjecture may name, known before the run (null: read from the table, as a module's fields are). */
  readonly variables: Variables | null;
  /** `text` checked against the table (an InputError of the field check for a mistake in it). */
  check(result: { readonly shape: string }, text: string): CheckReport;
}
