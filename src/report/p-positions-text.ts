import type { PPositions } from '../core/laws/p-positions.js';
import { formatCount } from '../core/numbers.js';

/** P-positions in words: residues with their exceptions, a finite list, or those seen. */
function list(values: readonly number[], cap = 40): string {
  const shown = values.slice(0, cap).join(', ');
  return values.length > cap ? `${shown}, … (${values.length} in all)` : shown;
}

export function pPositionsText(pp: PPositions): string {
  switch (pp.kind) {
    case 'residues': {
      const parts = [pp.residues.length ? `n ≡ ${list(pp.residues)} (mod ${pp.modulus})` : `none from n = ${pp.from} on`];
      if (pp.extra.length) parts.push(`also n = ${list(pp.extra)}`);
      if (pp.missing.length) parts.push(`except n = ${list(pp.missing)}`);
      return parts.join('; ');
    }
    case 'finite':
      return pp.list.length ? `n = ${list(pp.list)} and no others (the values rise past them)` : 'none';
    case 'list':
      return `${pp.list.length ? `n = ${list(pp.list)}` : 'none'} up to n = ${formatCount(pp.upTo)}${pp.truncated ? ' (list cut short)' : ''}; no pattern known`;
  }
}

