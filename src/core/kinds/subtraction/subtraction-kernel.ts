import type { ValueArray } from '../../kernels/store.js';

/**
 * Fast kernel for a finite subtraction set: G(n) = mex{ G(n-s) : s in S, s <= n }.
 *
 * Values never exceed |S|. While the options' values are all below 32 they fit
 * in one 32-bit mask and the mex is its lowest clear bit. Past the head
 * (n >= k = max S, where every move fits) the loop body is generated once per
 * set as straight-line code with the moves as constants: the JIT then emits
 * what a C compiler would, where a loop over an array of moves runs 3-15x
 * slower. Sets of 32 or more moves can produce values of 32 and up: see
 * lastWideBefore.
 */
export function fillSubtraction(g: ValueArray, moves: readonly number[], from: number, to: number): void {
  new SubtractionKernel(moves).fill(g, from, to);
}

/**
 * The kernel for one set, kept across the blocks of a run: what it needs
 * (the moves as Int32Array, a loop body) is made once, not per block (a
 * sweep runs thousands of sets, each in a few short blocks).
 */
export class SubtractionKernel {
  private readonly k: number;
  private readonly s: Int32Array;
  /** Only sets of 32 or more moves can have values past 31, which need the stamp buffer. */
  private readonly stamps: StampMex | null;
  private readonly shortBody: Body;
  private longBody: Body | null = null;

  constructor(private readonly moves: readonly number[]) {
    this.k = moves[moves.length - 1]!;
    this.s = Int32Array.from(moves);
    this.stamps = moves.length < 32 ? null : new StampMex(moves.length);
    this.shortBody = moves.length <= MAX_ARITY ? arityBody(moves.length) : loopBody(moves);
  }

  fill(g: ValueArray, from: number, to: number): void {
    const { k, s, stamps } = this;
    const head = Math.min(to, Math.max(from, k));
    // Below k not every move fits (moves ascend: stop at the first that does not).
    for (let n = from; n < head; n++) {
      if (stamps) g[n] = stamps.mexAt(g, this.moves, n);
      else {
        let mask = 0;
        for (let i = 0; i < s.length && s[i]! <= n; i++) mask |= 1 << g[n - s[i]!]!;
        g[n] = 31 - Math.clz32(~mask & (mask + 1));
      }
    }
    if (head >= to) return;
    // A short stretch runs the plain loop: generating and compiling a body per set costs more than it
    // saves when a set proves its period within a few hundred values (a sweep's thousands of sets).
    // (The set's text, the cache's key, is made only then: a sweep's cheap sets would each pay for it.)
    if (this.longBody === null && to - head >= UNROLL_FROM) this.longBody = bodyFor(this.moves, this.moves.join(','));
    (this.longBody ?? this.shortBody)(g, head, to, this.stamps, s);
  }
}

/** Sets of up to this many moves share one compiled body per size, the moves passed in. */
const MAX_ARITY = 8;
const arityBodies: Body[] = [];

/** The loop for sets of `m` moves (m < 32, so every value is below 32), moves as arguments, not constants. */
function arityBody(m: number): Body {
  let body = arityBodies[m];
  if (!body) {
    const names = Array.from({ length: m }, (_, i) => `m${i}`);
    const source =
      `const ${names.map((name, i) => `${name} = s[${i}]`).join(', ')};\n` +
      `for (let n = from; n < to; n++) {\n` +
      `  const free = ~(${names.map((name) => `(1 << g[n - ${name}])`).join(' | ')});\n` +
      `  g[n] = 31 - Math.clz32(free & -free);\n` +
      `}`;
    body = new Function('g', 'from', 'to', 'stamps', 's', source) as Body;
    arityBodies[m] = body;
  }
  return body;
}

/** Blocks at least this long get the generated straight-line body. */
export const UNROLL_FROM = 1 << 14;

/** Computes G(from..to-1) for from >= k; `stamps` is there for sets of 32 or more moves, `s` holds the moves. */
type Body = (g: ValueArray, from: number, to: number, stamps: StampMex | null, s: Int32Array) => void;

/** Generated bodies are kept for the sets seen recently (sweeps run many sets). */
const bodies = new Map<string, Body>();
const BODY_CACHE = 256;
/** Beyond this many moves, straight-line code gets too long: loop instead. */
const MAX_UNROLLED = 128;

function bodyFor(moves: readonly number[], key: string): Body {
  let body = bodies.get(key);
  if (!body) {
    body = moves.length > MAX_UNROLLED ? loopBody(moves) : unrolledBody(moves);
    if (bodies.size >= BODY_CACHE) bodies.delete(bodies.keys().next().value!);
    bodies.set(key, body);
  }
  return body;
}

/**
 * With 32 or more moves a value can reach 32, which a 32-bit mask cannot
 * hold. Such values are rare: the body tracks the last heap that had one and
 * takes the stamp buffer only while it is within reach (n - k), one compare
 * per heap instead of a check of every option's value.
 */
function lastWideBefore(g: ValueArray, from: number, k: number): number {
  for (let m = from - 1; m >= Math.max(0, from - k); m--) if (g[m]! > 31) return m;
  return -1 - k;
}

function unrolledBody(moves: readonly number[]): Body {
  const k = moves[moves.length - 1]!;
  const terms = moves.map((s) => `(1 << g[n - ${s}])`).join(' | ');
  const source =
    moves.length < 32 // every value is below 32
      ? `
    for (let n = from; n < to; n++) {
      const free = ~(${terms});
      g[n] = 31 - Math.clz32(free & -free);
    }`
      : `
    let lastWide = lastWideBefore(g, from, ${k});
    for (let n = from; n < to; n++) {
      let v;
      if (lastWide >= n - ${k}) v = stamps.mexAt(g, moves, n);
      else {
        const free = ~(${terms});
        v = free === 0 ? stamps.mexAt(g, moves, n) : 31 - Math.clz32(free & -free); // all of 0..31 taken: 32 or more
      }
      g[n] = v;
      if (v > 31) lastWide = n;
    }`;
  const compiled = new Function('moves', 'lastWideBefore', 'g', 'from', 'to', 'stamps', source) as (
    moves: readonly number[],
    lastWide: typeof lastWideBefore,
    g: ValueArray,
    from: number,
    to: number,
    stamps: StampMex | null,
  ) => void;
  return (g, from, to, stamps) => compiled(moves, lastWideBefore, g, from, to, stamps);
}

function loopBody(moves: readonly number[]): Body {
  const s = Int32Array.from(moves);
  const k = moves[moves.length - 1]!;
  return (g, from, to, stamps) => {
    let lastWide = lastWideBefore(g, from, k);
    for (let n = from; n < to; n++) {
      let v: number;
      if (lastWide >= n - k) v = stamps!.mexAt(g, moves, n);
      else {
        let mask = 0;
        for (let i = 0; i < s.length; i++) mask |= 1 << g[n - s[i]!]!;
        v = mask === -1 ? stamps!.mexAt(g, moves, n) : 31 - Math.clz32(~mask & (mask + 1));
      }
      g[n] = v;
      if (v > 31) lastWide = n;
    }
  };
}

/** mex through a stamp buffer: seen[v] === n marks v; nothing is cleared or allocated per heap. */
class StampMex {
  private readonly seen: Float64Array;

  constructor(moveCount: number) {
    this.seen = new Float64Array(moveCount + 2).fill(-1);
  }

  mexAt(g: ValueArray, moves: readonly number[], n: number): number {
    const seen = this.seen;
    for (let i = 0; i < moves.length && moves[i]! <= n; i++) seen[g[n - moves[i]!]!] = n;
    let v = 0;
    while (seen[v] === n) v++;
    return v;
  }
}
