/**
 * The one rule parser: every way of naming a rule in words — a CLI flag
 * (`--moves 1,2,3`), a line of a sweep's rules file (`moves 1,2,3`), a rule
 * file's key (`moves: [1, 2, 3]`, handed over as the same text) — goes
 * through this table. The canonical texts the outputs write (`subtraction
 * {1,2,3}`, `octal 0.77`) are words too, so a results file's rule column can
 * be fed back in.
 */
import { InputError, quote } from '../errors.js';
import { parseCode } from './code.js';
import type { GameSpec, MoveVector } from './model.js';
import { presetGame } from './presets.js';
import { parseMoveList } from './sets.js';
import { MOVE_SEQUENCES, isMoveSequence, type MoveSequence } from './sequences.js';
import { parseSmallCount } from '../numbers.js';

export interface RuleWord {
  readonly word: string;
  /** Other words for the same rule (the canonical texts among them). */
  readonly aliases: readonly string[];
  /** `where` names the source in messages: "--moves", "rules.txt:3: moves". */
  parse(text: string, where: string): GameSpec;
}

/** The largest component of a move vector, and the largest cap. */
export const MAX_VECTOR = 1 << 20;

const sequenceIn = (text: string): MoveSequence | null => {
  const name = text.replace(/[{}\s]/g, '');
  return /^\{?\s*[a-z-]+\s*\}?$/i.test(text.trim()) && isMoveSequence(name) ? name : null;
};

export const RULE_WORDS: readonly RuleWord[] = [
  {
    word: 'moves',
    aliases: ['subtraction'],
    parse(text, where) {
      const sequence = sequenceIn(text);
      if (sequence) return { rule: { kind: 'sequence-subtraction', sequence } };
      if (/[a-z]/i.test(text)) throw new InputError(`${where}: expected numbers such as 1,2,3, got ${quote(text)} (named sequences: ${Object.keys(MOVE_SEQUENCES).join(', ')})`);
      return { rule: { kind: 'subtraction', moves: parseMoveList(text, where, false) } };
    },
  },
  {
    word: 'all-but',
    aliases: [],
    parse: (text, where) => ({ rule: { kind: 'all-but', excluded: parseMoveList(text, where, true) } }),
  },
  {
    word: 'code',
    aliases: ['octal', 'hexadecimal', 'take-and-break'],
    parse(text, where) {
      if (text.trim() === '') throw new InputError(`${where}: expected a code such as 0.77`);
      return { rule: { kind: 'take-and-break', code: parseCode(text, where) } };
    },
  },
  {
    word: 'sequence',
    aliases: [],
    parse(text, where) {
      const sequence = sequenceIn(text);
      if (!sequence) throw new InputError(`${where}: unknown sequence ${quote(text.trim())} (expected one of: ${Object.keys(MOVE_SEQUENCES).join(', ')})`);
      return { rule: { kind: 'sequence-subtraction', sequence } };
    },
  },
  {
    word: 'vectors',
    aliases: [],
    parse: (text, where) => ({ rule: { kind: 'vectors', vectors: parseVectors(text, where) } }),
  },
  {
    word: 'preset',
    aliases: [],
    parse(text, where) {
      if (text.trim() === '') throw new InputError(`${where}: expected a preset name such as kayles`);
      try {
        return presetGame(text);
      } catch (error) {
        const message = (error as Error).message;
        throw where === '--preset' ? error : new InputError(`${where}: ${message.replace(/^--preset:?\s*/, '')}`);
      }
    },
  },
];

/** The word (or alias) for a rule; undefined when there is none. */
export function ruleWord(word: string): RuleWord | undefined {
  const lower = word.toLowerCase();
  return RULE_WORDS.find((w) => w.word === lower || w.aliases.includes(lower));
}

/**
 * Move vectors of a two-pile game: `(1,0) (0,1) (1,1)`, or `1,0; 0,1; 1,1`;
 * a cap on the multiple as `(1,0)x2` or a third number `1,0,2`.
 */
export function parseVectors(text: string, where: string): MoveVector[] {
  const parts = text.includes('(') ? [...text.matchAll(/\(([^)]*)\)\s*(?:x\s*(\d+))?/g)].map((m) => [m[1]!, m[2]] as const) : text.split(';').map((p) => [p, undefined] as const);
  if (text.includes('(') && text.replace(/\(([^)]*)\)\s*(?:x\s*\d+)?/g, '').trim() !== '') {
    throw new InputError(`${where}: ${quote(text)} is not a list of vectors such as (1,0) (0,1) (1,1)x2`);
  }
  const vectors = parts
    .filter(([inner]) => inner.trim() !== '')
    .map(([inner, capText]) => {
      const numbers = inner.split(/[\s,]+/).filter(Boolean);
      if (numbers.length < 2 || numbers.length > 3 || (numbers.length === 3 && capText !== undefined)) {
        throw new InputError(`${where}: ${quote(inner.trim())} is not a vector dx,dy (with an optional cap: dx,dy,cap)`);
      }
      const [dx, dy] = numbers.slice(0, 2).map((n) => parseSmallCount(n, `${where}: vector component`, 0, MAX_VECTOR));
      const cap = capText ?? numbers[2];
      if (dx === 0 && dy === 0) throw new InputError(`${where}: the vector (0,0) moves nothing`);
      return { dx: dx!, dy: dy!, cap: cap === undefined ? null : parseSmallCount(cap, `${where}: cap`, 1, MAX_VECTOR) };
    });
  if (vectors.length === 0) throw new InputError(`${where}: no vectors (Wythoff's game is (1,0) (0,1) (1,1))`);
  const seen = new Set<string>();
  return vectors.filter((v) => {
    const key = `${v.dx},${v.dy},${v.cap}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
