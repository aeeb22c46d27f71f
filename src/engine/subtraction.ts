import type { ValueArray } from './store.js';

/**
 * Fast kernel for a finite subtraction set: G(n) = mex{ G(n-s) : s in S, s <= n }.
 * Values never exceed |S|, so with |S| < 32 the options fit in one 32-bit mask
 * and the mex is the lowest clear bit. Larger sets use a stamp buffer (seen[v]
 * holds the last n that saw v), so nothing is cleared or allocated per value.
 */
export function fillSubtraction(g: ValueArray, moves: readonly number[], from: number, to: number): void {
  if (moves.length < 32) fillWithMask(g, moves, from, to);
  else fillWithStamps(g, moves, from, to);
}

/** Sizes below k = max S have only the moves that fit; from k on, all of them do. */
function headEnd(moves: readonly number[], from: number, to: number): number {
  return Math.min(to, Math.max(from, moves[moves.length - 1]!));
}

function fillWithMask(g: ValueArray, moves: readonly number[], from: number, to: number): void {
  const s = Int32Array.from(moves);
  const m = s.length;
  const head = headEnd(moves, from, to);
  for (let n = from; n < head; n++) {
    let mask = 0;
    for (let i = 0; i < m && s[i]! <= n; i++) mask |= 1 << g[n - s[i]!]!;
    const free = ~mask;
    g[n] = 31 - Math.clz32(free & -free);
  }
  switch (m) {
    // The common small sets get straight-line bodies: no inner loop to run.
    case 1: return fillMask1(g, s[0]!, head, to);
    case 2: return fillMask2(g, s[0]!, s[1]!, head, to);
    case 3: return fillMask3(g, s[0]!, s[1]!, s[2]!, head, to);
  }
  for (let n = head; n < to; n++) {
    let mask = 0;
    for (let i = 0; i < m; i++) mask |= 1 << g[n - s[i]!]!;
    const free = ~mask;
    g[n] = 31 - Math.clz32(free & -free);
  }
}

function fillMask1(g: ValueArray, a: number, from: number, to: number): void {
  for (let n = from; n < to; n++) g[n] = g[n - a] === 0 ? 1 : 0;
}

function fillMask2(g: ValueArray, a: number, b: number, from: number, to: number): void {
  for (let n = from; n < to; n++) {
    const free = ~((1 << g[n - a]!) | (1 << g[n - b]!));
    g[n] = 31 - Math.clz32(free & -free);
  }
}

function fillMask3(g: ValueArray, a: number, b: number, c: number, from: number, to: number): void {
  for (let n = from; n < to; n++) {
    const free = ~((1 << g[n - a]!) | (1 << g[n - b]!) | (1 << g[n - c]!));
    g[n] = 31 - Math.clz32(free & -free);
  }
}

function fillWithStamps(g: ValueArray, moves: readonly number[], from: number, to: number): void {
  const s = Int32Array.from(moves);
  const m = s.length;
  // seen[v] === stamp means value v is an option of the current n.
  const seen = new Float64Array(m + 2).fill(-1);
  for (let n = from; n < to; n++) {
    for (let i = 0; i < m && s[i]! <= n; i++) seen[g[n - s[i]!]!] = n;
    let v = 0;
    while (seen[v] === n) v++;
    g[n] = v;
  }
}
