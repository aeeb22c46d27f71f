/**
 * Games whose states are any JSON value, given by a rule module's
 * options(state): the values of the states reachable from some roots, by a
 * memoised, iterative depth-first search (an explicit stack: a game graph a
 * million states deep is fine). An option is a state, or a sum of states;
 * its value is the xor of theirs. A loop in the game graph is an error
 * naming a state on it; so is an option that is not a state, and a graph
 * with more states than memory allows.
 */
import { MexBuffer } from '../engine/mex-buffer.js';
import { thrownText } from '../custom/thrown.js';

export class StateSearchError extends Error {}

/** What a module gives: options of a state, and optionally its canonical key. */
export interface StateRules {
  options(state: unknown): unknown;
  key?: (state: unknown) => unknown;
}

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
const DEEP = 64;

/** A value that is not a state; `why` says so in a module writer's terms. */
export class NotAState extends Error {}

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
        throw new NotAState(ancestors.includes(value) ? 'an object that contains itself (a cycle), which JSON cannot write' : `nesting deeper than ${DEEP} levels`);
      }
      ancestors.push(value);
      let text: string;
      if (Array.isArray(value)) {
        text = '[';
        for (let i = 0; i < value.length; i++) text += (i ? ',' : '') + canonical(value[i], ancestors);
        text += ']';
      } else {
        const prototype = Object.getPrototypeOf(value) as unknown;
        if (prototype !== Object.prototype && prototype !== null) throw new NotAState(`an object of class ${(value as object).constructor?.name ?? '?'}`);
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

/** A short form of a state's key for messages. */
export function shownKey(key: string): string {
  return key.length > 120 ? key.slice(0, 117) + '...' : key;
}

function isIterable(value: unknown): value is Iterable<unknown> {
  return value != null && typeof value !== 'string' && typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] === 'function';
}

export interface SolvedOption {
  /** The states the option leaves (one: a state; more: a sum). */
  readonly to: readonly unknown[];
  readonly value: number;
}

export interface SearchOptions {
  /** The most distinct states the search may hold. */
  readonly maxStates: number;
  /** Told of each state before its options are asked for (a watchdog names it if options() hangs). */
  readonly onState?: (key: string) => void;
  /**
   * Whether a module's option that is an array is a sum of states (true) or
   * one state that is an array (false: then sums are written { sum: [...] }).
   */
  readonly arraysAreSums: boolean;
  /** Values known already (a checkpoint's): their states are not searched again. */
  readonly known?: ReadonlyMap<string, number>;
  /** Whether the roots' options are wanted (for winning moves; default true). */
  readonly rootOptions?: boolean;
  /** Told of each state as its value is found (for checkpoints). */
  readonly onSolved?: (key: string, value: number) => void;
}

/** What went wrong, without a stack: a module's own Error gives its message, anything else its text. */
const messageOf = thrownText;

/**
 * Values of every state reachable from `roots`; for the roots, also their
 * options with values (for winning moves), unless `rootOptions` is false
 * (a table needs only values).
 */
export function solveStates(rules: StateRules, roots: readonly unknown[], options: SearchOptions): { values: Map<string, number>; rootValues: number[]; rootOptions: SolvedOption[][] } {
  const shown = shownKey;
  const customKey = rules.key;
  // A state's key: its canonical JSON (which also checks it is a state), or the module's key(state).
  const keyOf = (state: unknown): string => {
    const json = canonicalJson(state);
    if (!customKey) return json;
    let custom: unknown;
    try {
      custom = customKey(state);
    } catch (error) {
      throw new StateSearchError(`key(${shown(json)}) threw: ${messageOf(error)}`);
    }
    if (custom === undefined) return json;
    if (typeof custom === 'string') return custom;
    const why = notAState(custom);
    if (why) throw new StateSearchError(`key(${shown(json)}) returned ${why}: key must return a string (or a JSON value)`);
    return canonicalJson(custom);
  };
  const values = new Map<string, number>(options.known ?? []);
  const onStack = new Set<string>();
  // A state being searched: its options' parts kept flat (keys[ends[o-1]..ends[o]) is option o),
  // with the values found so far; nothing is allocated per option but its key.
  interface Frame {
    readonly key: string;
    readonly keys: string[];
    readonly states: unknown[];
    readonly ends: number[];
    readonly found: number[];
    next: number; // the part to look at next
  }
  const expand = (state: unknown, key: string): Frame => {
    options.onState?.(key);
    const keys: string[] = [];
    const states: unknown[] = [];
    const ends: number[] = [];
    let index = 0;
    // A generator's body runs while its options are read: a throw there is the module's too.
    try {
      const result = rules.options(state);
      if (result != null && typeof (result as { then?: unknown }).then === 'function') throw new StateSearchError(`options(${shown(key)}) returned a Promise: options must return its list directly (an async function cannot be used)`);
      if (!isIterable(result)) throw new StateSearchError(`options(${shown(key)}) returned ${notAState(result) === null ? shown(canonicalJson(result)) : String(result)}; expected a list of options (each a state, or a sum of states)`);
      for (const option of result) {
        index++;
        const sum = option && typeof option === 'object' && !Array.isArray(option) && Array.isArray((option as { sum?: unknown }).sum) ? ((option as { sum: unknown[] }).sum) : Array.isArray(option) && options.arraysAreSums ? option : null;
        if (sum) {
          for (const part of sum) {
            keys.push(keyOf(part));
            states.push(part);
          }
        } else {
          keys.push(keyOf(option));
          states.push(option);
        }
        ends.push(keys.length);
      }
    } catch (error) {
      if (error instanceof StateSearchError) throw error;
      if (error instanceof NotAState) throw new StateSearchError(`options(${shown(key)}): option ${index} has ${error.message}, which is not a state (states are JSON values)`);
      throw new StateSearchError(`options(${shown(key)}) threw: ${messageOf(error)}`);
    }
    return { key, keys, states, ends, found: new Array<number>(keys.length), next: 0 };
  };
  const stack: Frame[] = [];
  const mexBuffer = new MexBuffer();
  let stamps = 0;
  const push = (state: unknown, key: string) => {
    if (values.size + stack.length >= options.maxStates) {
      throw new StateSearchError(`more than ${options.maxStates.toLocaleString('en-US')} states (reached from ${shown(stack[0]?.key ?? key)}): too many for memory`);
    }
    onStack.add(key);
    stack.push(expand(state, key));
  };
  // The xor of each option's parts' values (all found).
  const optionValues = (frame: Frame, each: (value: number, o: number) => void) => {
    let start = 0;
    for (let o = 0; o < frame.ends.length; o++) {
      let x = 0;
      const end = frame.ends[o]!;
      for (let i = start; i < end; i++) x ^= frame.found[i] ?? values.get(frame.keys[i]!)!;
      each(x, o);
      start = end;
    }
  };
  const rootFrames: Frame[] = [];
  const rootKeys: string[] = [];
  const wantRootOptions = options.rootOptions ?? true;
  for (const [i, root] of roots.entries()) {
    let rootKey: string;
    try {
      rootKey = keyOf(root);
    } catch (error) {
      if (error instanceof NotAState) throw new StateSearchError(`state ${i + 1} to evaluate has ${error.message}, which is not a state (states are JSON values)`);
      throw error;
    }
    rootKeys.push(rootKey);
    if (values.has(rootKey)) {
      if (wantRootOptions) rootFrames.push(expand(root, rootKey));
      continue;
    }
    push(root, rootKey);
    if (wantRootOptions) rootFrames.push(stack[0]!);
    while (stack.length) {
      const frame = stack[stack.length - 1]!;
      const { keys, found } = frame;
      let descended = false;
      while (frame.next < keys.length) {
        const key = keys[frame.next]!;
        const known = values.get(key);
        if (known !== undefined) {
          found[frame.next++] = known;
          continue;
        }
        if (onStack.has(key)) throw new StateSearchError(`the game graph has a loop: ${shown(key)} can be reached again from itself, so it has no value`);
        push(frame.states[frame.next], key);
        descended = true;
        break;
      }
      if (descended) continue;
      // Every option's parts have values: the mex of the options' xors (a stamped buffer, nothing allocated per state).
      const stamp = ++stamps;
      optionValues(frame, (x) => mexBuffer.mark(x, stamp));
      const value = mexBuffer.mex(stamp);
      values.set(frame.key, value);
      options.onSolved?.(frame.key, value);
      onStack.delete(frame.key);
      stack.pop();
    }
  }
  const rootOptions = rootFrames.map((frame) => {
    const list: SolvedOption[] = [];
    optionValues(frame, (value, o) => list.push({ to: frame.states.slice(o === 0 ? 0 : frame.ends[o - 1], frame.ends[o]), value }));
    return list;
  });
  return { values, rootValues: rootKeys.map((k) => values.get(k)!), rootOptions };
}
