/**
 * The numeric fields of a module's states: what --check reads as variables
 * (`heap`, `cap`) and what lays a table of states out as a grid when there
 * are two of them.
 */
import { CONSTANTS, FUNCTIONS } from '../../conjecture/expression.js';

/** Names a field may not take as a variable: the table's own (g, p), the language's words, constants and functions. */
const TAKEN = new Set(['g', 'p', 'and', 'or', 'not', 'true', 'false', ...Object.keys(CONSTANTS), ...Object.keys(FUNCTIONS)]);

const isObject = (state: unknown): state is Record<string, unknown> => typeof state === 'object' && state !== null && !Array.isArray(state);

/**
 * The fields that every state has as a whole number (a safe integer), whose
 * names --check can read, in the first state's order; [] when the states
 * are not objects.
 */
export function numericFields(states: readonly unknown[]): string[] {
  const first = states[0];
  if (!isObject(first)) return [];
  return Object.keys(first).filter(
    (name) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !TAKEN.has(name) && states.every((s) => isObject(s) && Number.isSafeInteger(s[name])),
  );
}

/** The fields of a state the names give, as numbers (numericFields says they are). */
export function fieldValues(state: unknown, names: readonly string[]): number[] {
  return names.map((name) => (state as Record<string, number>)[name]!);
}

/**
 * When every state is an object of exactly two fields, both whole numbers:
 * those two (rows, then columns, in the first state's order); else null.
 */
export function gridFields(states: readonly unknown[]): readonly [string, string] | null {
  const fields = numericFields(states);
  if (fields.length !== 2) return null;
  return states.every((s) => Object.keys(s as object).length === 2) ? [fields[0]!, fields[1]!] : null;
}
