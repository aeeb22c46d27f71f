/**
 * States written as JSON (a rule module's states, any JSON value): their
 * canonical text, which the search keys them by and every report shows, and
 * why a value is not one.
 */

/** Object keys as JSON text, kept: a state's few keys recur in every state. */
const quotedKeys = new Map<string, string>();
function quoted(key: string): string {
  let text = quotedKeys.get(key);
  if (text === undefined) {
    text = JSON.stringify(key);
    if (quotedKeys.size < 4096) quotedKeys.set(key, text);
  }
  return text;
}

/** Nesting past this depth is checked for a cycle (an object that holds itself). */
export const DEEP = 64;

/** A value that is not a state; `why` says so in a module writer's terms. */
export class NotAState extends Error {}

/** Whether an object is a plain one, as JSON makes (no class instance). */
export function isPlain(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** Why a class instance is not a state. */
export function classInstance(value: object): NotAState {
  return new NotAState(`an object of class ${value.constructor?.name ?? '?'}`);
}

/**
 * The canonical JSON of a state (object keys sorted, so equal states have
 * equal keys), checking on the way that it is one: JSON has no functions,
 * undefined, NaN, class instances or cycles. One pass does both: this runs
 * for every option of every state, so it is the search's inner loop
 * (JSON.stringify with a replacer cost ten times as much).
 */
export function canonicalJson(value: unknown): string {
  return canonical(value, []);
}

function canonical(value: unknown, ancestors: unknown[]): string {
  switch (typeof value) {
    case 'number':
      if (!Number.isFinite(value)) throw new NotAState(`${value} (not a JSON number)`);
      return String(value); // the same digits as JSON.stringify, -0 included
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (ancestors.length >= DEEP) {
        throw new NotAState(ancestors.includes(value) ? 'an object that contains itself (a cycle)' : `nesting deeper than ${DEEP} levels`);
      }
      ancestors.push(value);
      let text: string;
      if (Array.isArray(value)) {
        text = '[';
        for (let i = 0; i < value.length; i++) text += (i ? ',' : '') + canonical(value[i], ancestors);
        text += ']';
      } else {
        if (!isPlain(value)) throw classInstance(value);
        const keys = Object.keys(value);
        if (keys.length > 1) keys.sort();
        text = '{';
        for (let i = 0; i < keys.length; i++) text += (i ? ',' : '') + quoted(keys[i]!) + ':' + canonical((value as Record<string, unknown>)[keys[i]!], ancestors);
        text += '}';
      }
      ancestors.pop();
      return text;
    }
    default:
      throw new NotAState(typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`);
  }
}

/** Why a value is not a state, or null when it is one. */
export function notAState(value: unknown): string | null {
  try {
    canonicalJson(value);
    return null;
  } catch (error) {
    if (error instanceof NotAState) return error.message;
    throw error;
  }
}
