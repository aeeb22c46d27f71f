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

export class StateSearchError extends Error {}

/** What a module gives: options of a state, and optionally its canonical key. */
export interface StateRules {
  options(state: unknown): unknown;
  key?: (state: unknown) => unknown;
}

/** The canonical JSON of a value: object keys sorted, so equal states have equal keys. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value); // a number, a string: no keys to sort
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** Why a value is not a state (null when it is one): JSON has no functions, undefined, NaN, ... */
function notAState(value: unknown, depth = 0): string | null {
  if (depth > 64) return 'nested too deeply';
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${value} (not a JSON number)`;
  if (Array.isArray(value)) {
    for (const v of value) {
      const why = notAState(v, depth + 1);
      if (why) return why;
    }
    return null;
  }
  if (typeof value === 'object') {
    if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return `an object of class ${(value as object).constructor?.name ?? '?'}`;
    for (const v of Object.values(value as object)) {
      const why = notAState(v, depth + 1);
      if (why) return why;
    }
    return null;
  }
  return typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`;
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
  /** Told of each state as its value is found (for checkpoints). */
  readonly onSolved?: (key: string, value: number) => void;
}

/**
 * Values of every state reachable from `roots`; for the roots, also their
 * options with values (for winning moves).
 */
export function solveStates(rules: StateRules, roots: readonly unknown[], options: SearchOptions): { values: Map<string, number>; rootOptions: SolvedOption[][] } {
  const keyOf = (state: unknown): string => {
    const custom = rules.key?.(state);
    return custom === undefined ? canonicalJson(state) : typeof custom === 'string' ? custom : canonicalJson(custom);
  };
  const shown = (key: string) => (key.length > 120 ? key.slice(0, 117) + '...' : key);
  const values = new Map<string, number>(options.known ?? []);
  const onStack = new Set<string>();
  interface Frame {
    readonly key: string;
    readonly options: { to: unknown[]; keys: string[] }[];
    next: number; // option components are visited in order: options[o].keys[c]
    o: number;
    c: number;
  }
  const expand = (state: unknown, key: string): Frame => {
    options.onState?.(key);
    let result: unknown;
    try {
      result = rules.options(state);
    } catch (error) {
      throw new StateSearchError(`options(${shown(key)}) threw: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (result != null && typeof (result as { then?: unknown }).then === 'function') throw new StateSearchError(`options(${shown(key)}) returned a Promise: options must return its list directly`);
    if (!isIterable(result)) throw new StateSearchError(`options(${shown(key)}) returned ${canonicalJson(result) ?? String(result)}; expected a list of options (each a state, or a sum of states)`);
    const list: { to: unknown[]; keys: string[] }[] = [];
    let index = 0;
    for (const option of result) {
      index++;
      const parts = option && typeof option === 'object' && !Array.isArray(option) && Array.isArray((option as { sum?: unknown }).sum) ? ((option as { sum: unknown[] }).sum) : Array.isArray(option) && options.arraysAreSums ? option : [option];
      for (const part of parts) {
        const why = notAState(part);
        if (why) throw new StateSearchError(`options(${shown(key)}): option ${index} has ${why}, which is not a state (states are JSON values)`);
      }
      list.push({ to: parts, keys: parts.map(keyOf) });
    }
    return { key, options: list, next: 0, o: 0, c: 0 };
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
  const rootFrames: Frame[] = [];
  for (const root of roots) {
    const rootKey = keyOf(root);
    if (values.has(rootKey)) {
      rootFrames.push(expand(root, rootKey));
      continue;
    }
    push(root, rootKey);
    rootFrames.push(stack[0]!);
    while (stack.length) {
      const frame = stack[stack.length - 1]!;
      let descended = false;
      while (frame.o < frame.options.length && !descended) {
        const option = frame.options[frame.o]!;
        while (frame.c < option.keys.length) {
          const key = option.keys[frame.c]!;
          if (values.has(key)) {
            frame.c++;
            continue;
          }
          if (onStack.has(key)) throw new StateSearchError(`the game graph has a loop: ${shown(key)} can be reached again from itself, so it has no value`);
          push(option.to[frame.c], key);
          descended = true;
          break;
        }
        if (!descended) {
          frame.o++;
          frame.c = 0;
        }
      }
      if (descended) continue;
      // Every option's parts have values: the mex of the options' xors (a stamped buffer, nothing allocated per state).
      const stamp = ++stamps;
      for (const option of frame.options) {
        let x = 0;
        for (const k of option.keys) x ^= values.get(k)!;
        mexBuffer.mark(x, stamp);
      }
      const value = mexBuffer.mex(stamp);
      values.set(frame.key, value);
      options.onSolved?.(frame.key, value);
      onStack.delete(frame.key);
      stack.pop();
    }
  }
  const rootOptions = rootFrames.map((f) => f.options.map((o) => ({ to: o.to, value: o.keys.reduce((x, k) => x ^ values.get(k)!, 0) })));
  return { values, rootOptions };
}
