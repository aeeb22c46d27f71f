import { formatCount } from '../../numbers.js';
/**
 * Games whose states are any JSON value, given by a rule module's
 * options(state): the values of the states reachable from some roots, by a
 * memoised, iterative depth-first search (an explicit stack: a game graph a
 * million states deep is fine). An option is a state, or a sum of states;
 * its value is the xor of theirs. A loop in the game graph is an error
 * naming a state on it; so is an option that is not a state, and a graph
 * with more states than memory allows.
 */
import { MexBuffer } from '../../kernels/mex-buffer.js';
import { thrownText } from './thrown.js';
import { DEEP, NotAState, canonicalJson, classInstance, isPlain, notAState } from '../../positions/json-state.js';

export class StateSearchError extends Error {}

/** What a module gives: options of a state, and optionally its canonical key. */
export interface StateRules {
  options(state: unknown): unknown;
  key?: (state: unknown) => unknown;
}

export { NotAState, canonicalJson, notAState } from '../../positions/json-state.js';

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

/**
 * Numbers for states: equal states (as JSON, object keys in any order) get
 * the same number, and each number keeps its state's key. The canonical path
 * walks the state through a trie of Maps keyed by its tokens (primitives; for
 * an array a marker and its length; for an object its shape, the sorted list
 * of its keys), so that the millions of options a search meets are neither
 * written out as JSON nor hashed as long strings; only a state met for the
 * first time gets its JSON key. The tokens of a state are never the start of
 * another's, so its last token's entry holds its number. Walking also checks
 * that the value is a state (NotAState says why not). With the module's own
 * key(state), numbers are given by that key instead.
 */
class StateNumbers {
  readonly keys: string[] = [];
  private readonly root = new Map<unknown, unknown>();
  private readonly byKey = new Map<string, number>();
  /** Object shapes by their sorted keys joined, and the last shape met (objects of one shape come in runs). */
  private readonly shapes = new Map<string, Shape>();
  private lastOrder: string[] = [];
  private lastShape: Shape | undefined;
  // Where the last token of the state being walked goes.
  private lastNode: Map<unknown, unknown> = this.root;
  private lastToken: unknown;

  constructor(private readonly customKey?: (state: unknown) => unknown) {}

  numberOf(state: unknown): number {
    if (this.customKey) return this.numberByKey(this.customKeyOf(state));
    if (!this.flatObject(state)) this.walk(state, this.root, true, 0);
    const node = this.lastNode;
    let id = node.get(this.lastToken) as number | undefined;
    if (id === undefined) {
      id = this.keys.length;
      this.keys.push(canonicalJson(state));
      node.set(this.lastToken, id);
    }
    return id;
  }

  /**
   * The common state, an object whose values are all numbers, strings or
   * booleans, walked in one loop (what walk() would do, without its
   * recursion); false, having done nothing, for any other value.
   */
  private flatObject(state: unknown): boolean {
    if (typeof state !== 'object' || state === null || Array.isArray(state)) return false;
    if (!isPlain(state)) return false;
    const shape = this.shapeOf(state);
    const keys = shape.keys;
    const last = keys.length - 1;
    if (last < 0) return false;
    for (let i = 0; i <= last; i++) {
      const value = (state as Record<string, unknown>)[keys[i]!];
      const type = typeof value;
      if (type === 'number' ? !Number.isFinite(value) : type !== 'string' && type !== 'boolean') return false;
    }
    let node = child(this.root, shape);
    for (let i = 0; i < last; i++) node = child(node, (state as Record<string, unknown>)[keys[i]!]);
    this.lastNode = node;
    this.lastToken = (state as Record<string, unknown>)[keys[last]!];
    return true;
  }

  private numberByKey(key: string): number {
    let id = this.byKey.get(key);
    if (id === undefined) {
      id = this.keys.length;
      this.keys.push(key);
      this.byKey.set(key, id);
    }
    return id;
  }

  private customKeyOf(state: unknown): string {
    const json = canonicalJson(state); // a state all the same
    let custom: unknown;
    try {
      custom = this.customKey!(state);
    } catch (error) {
      throw new StateSearchError(`key(${shownKey(json)}) threw: ${thrownText(error)}`);
    }
    if (custom === undefined) return json;
    if (typeof custom === 'string') return custom;
    const why = notAState(custom);
    if (why) throw new StateSearchError(`key(${shownKey(json)}) returned ${why}: key must return a string (or a JSON value)`);
    return canonicalJson(custom);
  }

  /** The object's shape: its keys sorted (cached for a run of objects whose keys come in the same order). */
  private shapeOf(value: object): Shape {
    const order = Object.keys(value);
    const last = this.lastOrder;
    if (this.lastShape && order.length === last.length) {
      let same = true;
      for (let i = 0; i < order.length && same; i++) same = order[i] === last[i];
      if (same) return this.lastShape;
    }
    const sorted = order.length > 1 ? [...order].sort() : order;
    const name = sorted.join('\u0000');
    let shape = this.shapes.get(name);
    if (!shape) this.shapes.set(name, (shape = { keys: sorted }));
    this.lastOrder = order;
    this.lastShape = shape;
    return shape;
  }

  /** Walk `value`'s tokens from `node`; the final token of the state (`last`) is left in lastNode/lastToken. */
  private walk(value: unknown, node: Map<unknown, unknown>, last: boolean, depth: number): Map<unknown, unknown> {
    switch (typeof value) {
      case 'number':
        if (!Number.isFinite(value)) throw new NotAState(`${value} (not a JSON number)`);
        return this.token(node, value, last); // a Map tells 0 from -0 no more than JSON does
      case 'string':
      case 'boolean':
        return this.token(node, value, last);
      case 'object': {
        if (value === null) return this.token(node, null, last);
        if (depth >= DEEP) canonicalJson(value); // says why: a cycle, or nesting too deep
        if (Array.isArray(value)) {
          node = child(node, ARRAY);
          node = this.token(node, value.length, last && value.length === 0);
          for (let i = 0; i < value.length; i++) node = this.walk(value[i], node, last && i === value.length - 1, depth + 1);
        } else {
          if (!isPlain(value)) throw classInstance(value);
          const shape = this.shapeOf(value);
          const keys = shape.keys;
          node = this.token(node, shape, last && keys.length === 0);
          for (let i = 0; i < keys.length; i++) node = this.walk((value as Record<string, unknown>)[keys[i]!], node, last && i === keys.length - 1, depth + 1);
        }
        return node;
      }
      default:
        throw new NotAState(typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`);
    }
  }

  private token(node: Map<unknown, unknown>, token: unknown, last: boolean): Map<unknown, unknown> {
    if (!last) return child(node, token);
    this.lastNode = node;
    this.lastToken = token;
    return node;
  }
}

interface Shape {
  readonly keys: readonly string[];
}

const ARRAY = Symbol('array');

function child(node: Map<unknown, unknown>, token: unknown): Map<unknown, unknown> {
  let next = node.get(token) as Map<unknown, unknown> | undefined;
  if (next === undefined) {
    next = new Map();
    node.set(token, next);
  }
  return next;
}

/** Value of a state not yet solved. */
const UNKNOWN = -1;

/**
 * Values of every state reachable from `roots`; for the roots, also their
 * options with values (for winning moves), unless `rootOptions` is false
 * (a table needs only values).
 */
export function solveStates(rules: StateRules, roots: readonly unknown[], options: SearchOptions): { values: Map<string, number>; rootValues: number[]; rootOptions: SolvedOption[][] } {
  const search = new StateSearch(rules, options);
  const rootFrames: Frame[] = [];
  const rootIds: number[] = [];
  const wantRootOptions = options.rootOptions ?? true;
  for (const [i, root] of roots.entries()) {
    const rootId = search.rootNumber(root, i);
    rootIds.push(rootId);
    if (search.values[rootId] !== UNKNOWN) {
      if (wantRootOptions) rootFrames.push(search.expand(root, rootId));
      continue;
    }
    const frame = search.solve(root, rootId);
    if (wantRootOptions) rootFrames.push(frame);
  }
  const rootOptions = rootFrames.map((frame) => {
    const list: SolvedOption[] = [];
    search.optionValues(frame, (value, o) => list.push({ to: frame.states.slice(o === 0 ? 0 : frame.ends[o - 1], frame.ends[o]), value }));
    return list;
  });
  const byKey = new Map<string, number>();
  search.values.forEach((value, id) => value !== UNKNOWN && byKey.set(search.keys[id]!, value));
  return { values: byKey, rootValues: rootIds.map((id) => search.values[id]!), rootOptions };
}

// A state being searched: its options' parts kept flat (parts[ends[o-1]..ends[o]) is option o),
// with the values found so far; nothing is allocated per option.
interface Frame {
  readonly id: number;
  readonly parts: number[];
  readonly states: unknown[];
  readonly ends: number[];
  next: number; // the part to look at next
}

/** A depth-first search over numbered states, iterative (an explicit stack: no recursion limit on deep games). */
class StateSearch {
  private readonly numbers: StateNumbers;
  readonly keys: string[];
  // By state number: its value (UNKNOWN until solved) and whether it is on the search's path.
  readonly values: number[] = [];
  private readonly onStack: boolean[] = [];
  private readonly stack: Frame[] = [];
  private readonly mexBuffer = new MexBuffer();
  private stamps = 0;
  private solved = 0;

  constructor(
    private readonly rules: StateRules,
    private readonly options: SearchOptions,
  ) {
    this.numbers = new StateNumbers(rules.key);
    this.keys = this.numbers.keys;
  }

  private numberOf(state: unknown): number {
    const id = this.numbers.numberOf(state);
    if (id === this.values.length) {
      this.values.push(this.options.known?.get(this.keys[id]!) ?? UNKNOWN);
      this.onStack.push(false);
    }
    return id;
  }

  /** The number of the `i`th root, a value that is not a state refused as the caller's. */
  rootNumber(root: unknown, i: number): number {
    try {
      return this.numberOf(root);
    } catch (error) {
      if (error instanceof NotAState) throw new StateSearchError(`state ${i + 1} to evaluate has ${error.message}, which is not a state (states are JSON values)`);
      throw error;
    }
  }

  /** A frame of the state's options, read from the module (what it returns or throws refused as the module's). */
  expand(state: unknown, id: number): Frame {
    const key = this.keys[id]!;
    this.options.onState?.(key);
    const parts: number[] = [];
    const states: unknown[] = [];
    const ends: number[] = [];
    let index = 0;
    // A generator's body runs while its options are read: a throw there is the module's too.
    try {
      const result = this.rules.options(state);
      if (result != null && typeof (result as { then?: unknown }).then === 'function') throw new StateSearchError(`options(${shownKey(key)}) returned a Promise: options must return its list directly (an async function cannot be used)`);
      if (!isIterable(result)) throw new StateSearchError(`options(${shownKey(key)}) returned ${notAState(result) === null ? shownKey(canonicalJson(result)) : String(result)}; expected a list of options (each a state, or a sum of states)`);
      for (const option of result) {
        index++;
        const sum = option && typeof option === 'object' && !Array.isArray(option) && Array.isArray((option as { sum?: unknown }).sum) ? ((option as { sum: unknown[] }).sum) : Array.isArray(option) && this.options.arraysAreSums ? option : null;
        if (sum) {
          for (const part of sum) {
            parts.push(this.numberOf(part));
            states.push(part);
          }
        } else {
          parts.push(this.numberOf(option));
          states.push(option);
        }
        ends.push(parts.length);
      }
    } catch (error) {
      if (error instanceof StateSearchError) throw error;
      if (error instanceof NotAState) throw new StateSearchError(`options(${shownKey(key)}): option ${index} has ${error.message}, which is not a state (states are JSON values)`);
      throw new StateSearchError(`options(${shownKey(key)}) threw: ${thrownText(error)}`);
    }
    return { id, parts, states, ends, next: 0 };
  }

  private push(state: unknown, id: number): void {
    if (this.solved + this.stack.length >= this.options.maxStates) {
      throw new StateSearchError(`more than ${formatCount(this.options.maxStates)} states (reached from ${shownKey(this.keys[this.stack[0]?.id ?? id]!)}): too many for memory`);
    }
    this.onStack[id] = true;
    this.stack.push(this.expand(state, id));
  }

  /** The xor of each option's parts' values (all found). */
  optionValues(frame: Frame, each: (value: number, o: number) => void): void {
    let start = 0;
    for (let o = 0; o < frame.ends.length; o++) {
      let x = 0;
      const end = frame.ends[o]!;
      for (let i = start; i < end; i++) x ^= this.values[frame.parts[i]!]!;
      each(x, o);
      start = end;
    }
  }

  /** Solve an unsolved root and every state below it; its frame (for its options' values). */
  solve(root: unknown, rootId: number): Frame {
    const { stack } = this;
    this.push(root, rootId);
    const rootFrame = stack[0]!;
    while (stack.length) {
      const frame = stack[stack.length - 1]!;
      if (this.descend(frame)) continue;
      this.settle(frame);
      stack.pop();
    }
    return rootFrame;
  }

  /** Push the frame's next unsolved part, if it has one (a part already on the path is a loop, refused). Whether it did. */
  private descend(frame: Frame): boolean {
    const parts = frame.parts;
    while (frame.next < parts.length) {
      const id = parts[frame.next]!;
      if (this.values[id] !== UNKNOWN) {
        frame.next++;
        continue;
      }
      if (this.onStack[id]) throw new StateSearchError(`the game graph has a loop: ${shownKey(this.keys[id]!)} can be reached again from itself, so it has no value`);
      this.push(frame.states[frame.next], id);
      return true;
    }
    return false;
  }

  /** Every option's parts have values: the mex of the options' xors (a stamped buffer, nothing allocated per state). */
  private settle(frame: Frame): void {
    const stamp = ++this.stamps;
    this.optionValues(frame, (x) => this.mexBuffer.mark(x, stamp));
    const value = this.mexBuffer.mex(stamp);
    this.values[frame.id] = value;
    this.solved++;
    this.options.onSolved?.(this.keys[frame.id]!, value);
    this.onStack[frame.id] = false;
  }
}
