import { InputError, quote, says, saying } from '../../errors.js';
import { parseSmallCount } from '../../numbers.js';

/** A move of a two-pile game: subtract m·(dx, dy) for 1 <= m <= cap (no cap: any m), staying >= 0. */
export interface MoveVector {
  readonly dx: number;
  readonly dy: number;
  /** The largest multiple allowed; null for any. */
  readonly cap: number | null;
}

/** Two piles (x, y): Wythoff's game is (1,0), (0,1), (1,1) with no caps; NimHof games cap the multiples. */
export interface VectorRule {
  readonly kind: 'vectors';
  readonly vectors: readonly MoveVector[];
}

/** The largest component of a move vector, and the largest cap. */
export const MAX_VECTOR = 1 << 20;

export function vectorText(v: MoveVector): string {
  return `(${v.dx},${v.dy})${v.cap === null ? '' : `x${v.cap}`}`;
}

export function vectorRuleText(rule: VectorRule): string {
  return `vectors ${rule.vectors.map(vectorText).join(' ')}`;
}

/**
 * Move vectors of a two-pile game: `(1,0) (0,1) (1,1)`, or `1,0; 0,1; 1,1`;
 * a cap on the multiple as `(1,0)x2` or a third number `1,0,2`.
 */
export function parseVectors(text: string, where: string): MoveVector[] {
  const parts = text.includes('(') ? [...text.matchAll(/\(([^)]*)\)\s*(?:x\s*(\d+))?/g)].map((m) => [m[1]!, m[2]] as const) : text.split(';').map((p) => [p, undefined] as const);
  if (text.includes('(') && text.replace(/\(([^)]*)\)\s*(?:x\s*\d+)?/g, '').trim() !== '') {
    throw new InputError(says`${where}: ${saying('error.vectors.notList', { text: quote(text) })}`, { code: 'bad-rule', value: text });
  }
  const vectors = parts
    .filter(([inner]) => inner.trim() !== '')
    .map(([inner, capText]) => {
      const numbers = inner.split(/[\s,]+/).filter(Boolean);
      if (numbers.length < 2 || numbers.length > 3 || (numbers.length === 3 && capText !== undefined)) {
        throw new InputError(says`${where}: ${saying('error.vectors.notVector', { text: quote(inner.trim()) })}`, { code: 'bad-rule', value: text });
      }
      const [dx, dy] = numbers.slice(0, 2).map((n) => parseSmallCount(n, says`${where}: ${saying('error.vectors.component')}`, 0, MAX_VECTOR));
      const cap = capText ?? numbers[2];
      if (dx === 0 && dy === 0) throw new InputError(says`${where}: ${saying('error.vectors.zero')}`, { code: 'bad-rule', value: text });
      return { dx: dx!, dy: dy!, cap: cap === undefined ? null : parseSmallCount(cap, says`${where}: ${saying('error.vectors.cap')}`, 1, MAX_VECTOR) };
    });
  if (vectors.length === 0) throw new InputError(says`${where}: ${saying('error.vectors.none')}`, { code: 'bad-rule', value: text });
  const seen = new Set<string>();
  return vectors.filter((v) => {
    const key = `${v.dx},${v.dy},${v.cap}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
