import { isCycle, type Pattern } from './pattern.js';

/**
 * The P-positions (G(n) = 0) of a single heap.
 * - residues: for a periodic game, P = { n : n mod modulus in residues } plus
 *   `extra` minus `missing` (both below the preperiod). Exact for every n.
 * - finite: an arithmetic-periodic game has only finitely many; all listed.
 * - list: no pattern; those up to `upTo` (nothing is claimed beyond).
 */
export type PPositions =
  | { readonly kind: 'residues'; readonly modulus: number; readonly residues: number[]; readonly from: number; readonly extra: number[]; readonly missing: number[] }
  | { readonly kind: 'finite'; readonly list: number[] }
  | { readonly kind: 'list'; readonly list: number[]; readonly upTo: bigint; readonly truncated: boolean };

/** At most this many positions are listed for a rule with no pattern. */
export const LIST_CAP = 10_000;

export function describePPositions(g: ArrayLike<number>, count: number, pattern: Pattern, max: bigint): PPositions {
  if (!isCycle(pattern)) {
    const end = Number(max < BigInt(count) ? max + 1n : BigInt(count));
    const list: number[] = [];
    let truncated = false;
    for (let n = 0; n < end; n++) {
      if (g[n] !== 0) continue;
      if (list.length === LIST_CAP) {
        truncated = true;
        break;
      }
      list.push(n);
    }
    return { kind: 'list', list, upTo: BigInt(end - 1), truncated };
  }
  const { preperiod: n0, period: p, saltus } = pattern;
  if (saltus > 0) {
    // G(n + p) = G(n) + s > 0 past the first period, so zeros end there.
    const list: number[] = [];
    for (let n = 0; n < n0 + p; n++) if (g[n] === 0) list.push(n);
    return { kind: 'finite', list };
  }
  const inClass = new Uint8Array(p);
  for (let n = n0; n < n0 + p; n++) if (g[n] === 0) inClass[n % p] = 1;
  const residues: number[] = [];
  for (let r = 0; r < p; r++) if (inClass[r]) residues.push(r);
  const extra: number[] = [];
  const missing: number[] = [];
  if (ArrayBuffer.isView(g)) {
    // Only the zeros and the heaps of the zero classes can differ: native indexOf jumps from zero to zero.
    const values = g as unknown as Uint8Array;
    for (let n = values.indexOf(0); n >= 0 && n < n0; n = values.indexOf(0, n + 1)) if (!inClass[n % p]) extra.push(n);
    for (const r of residues) for (let n = r; n < n0; n += p) if (g[n] !== 0) missing.push(n);
    missing.sort((a, b) => a - b);
  } else {
    // r = n mod p, kept by counting: a division per value costs more than the rest of the loop.
    for (let n = 0, r = 0; n < n0; n++, r = r + 1 === p ? 0 : r + 1) {
      if ((g[n] === 0) !== (inClass[r] === 1)) (g[n] === 0 ? extra : missing).push(n);
    }
  }
  return { kind: 'residues', modulus: p, residues, from: n0, extra, missing };
}
