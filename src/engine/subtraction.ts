import type { ValueArray } from './store.js';

/**
 * Fast kernel for a finite subtraction set: G(n) = mex{ G(n-s) : s in S, s <= n }.
 *
 * Values never exceed |S|. While the options' values are all below 32 they fit
 * in one 32-bit mask and the mex is its lowest clear bit. Past the head
 * (n >= k = max S, where every move fits) the loop body is generated once per
 * set as straight-line code with the moves as constants: the JIT then emits
 * what a C compiler would, where a loop over an array of moves runs 3-15x
 * slower. Sets of 32 or more moves can produce values of 32 and up; their
 * body checks for that and takes a stamp-buffer mex for that heap alone.
 */
export function fillSubtraction(g: ValueArray, moves: readonly number[], from: number, to: number): void {
  const k = moves[moves.length - 1]!;
  const head = Math.min(to, Math.max(from, k));
  const stamps = new StampMex(moves.length);
  for (let n = from; n < head; n++) g[n] = stamps.mexAt(g, moves, n);
  if (head < to) bodyFor(moves)(g, head, to, stamps);
}

type Body = (g: ValueArray, from: number, to: number, stamps: StampMex) => void;

/** Generated bodies are kept for the sets seen recently (sweeps run many sets). */
const bodies = new Map<string, Body>();
const BODY_CACHE = 256;
/** Beyond this many moves, straight-line code gets too long: loop instead. */
const MAX_UNROLLED = 128;

function bodyFor(moves: readonly number[]): Body {
  const key = moves.join(',');
  let body = bodies.get(key);
  if (!body) {
    body = moves.length > MAX_UNROLLED ? loopBody(moves) : unrolledBody(moves);
    if (bodies.size >= BODY_CACHE) bodies.delete(bodies.keys().next().value!);
    bodies.set(key, body);
  }
  return body;
}

function unrolledBody(moves: readonly number[]): Body {
  const small = moves.length < 32; // then every value is below 32
  const terms = moves.map((s) => `(1 << g[n - ${s}])`).join(' | ');
  const guard = small ? '' : `if ((${moves.map((s) => `g[n - ${s}]`).join(' | ')}) > 31) { g[n] = stamps.mexAt(g, moves, n); continue; }`;
  // With 32+ moves, values 0..31 may all be options: then the mex is 32 or more.
  const store = small ? 'g[n] = 31 - Math.clz32(free & -free);' : 'g[n] = free === 0 ? stamps.mexAt(g, moves, n) : 31 - Math.clz32(free & -free);';
  const source = `
    for (let n = from; n < to; n++) {
      ${guard}
      const free = ~(${terms});
      ${store}
    }`;
  const compiled = new Function('moves', 'g', 'from', 'to', 'stamps', source) as (moves: readonly number[], ...rest: Parameters<Body>) => void;
  return (g, from, to, stamps) => compiled(moves, g, from, to, stamps);
}

function loopBody(moves: readonly number[]): Body {
  const s = Int32Array.from(moves);
  return (g, from, to, stamps) => {
    for (let n = from; n < to; n++) {
      let mask = 0;
      let wide = 0;
      for (let i = 0; i < s.length; i++) {
        const v = g[n - s[i]!]!;
        wide |= v;
        mask |= 1 << v;
      }
      if (wide > 31 || mask === -1) g[n] = stamps.mexAt(g, moves, n);
      else {
        const free = ~mask;
        g[n] = 31 - Math.clz32(free & -free);
      }
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
