/**
 * The rule model: what a move from a heap of n tokens may do. Every way of
 * describing a game (flags, presets, rule files, modules) ends up as a Rule,
 * and every other part of the program works from a Rule alone.
 */
import { codeText, isOctal, type TakeBreakCode } from './code.js';
import type { MoveSequence } from './sequences.js';

/** Remove s tokens for some s in a finite set S of positive integers. */
export interface SubtractionRule {
  readonly kind: 'subtraction';
  /** Sorted ascending, distinct, all >= 1. */
  readonly moves: readonly number[];
}

/** Remove any positive number of tokens except those in a finite set E. */
export interface AllButRule {
  readonly kind: 'all-but';
  /** Sorted ascending, distinct, all >= 1; empty means Nim. */
  readonly excluded: readonly number[];
}

/** Remove s tokens for s in an infinite set given by a named sequence (squares, ...). */
export interface SequenceSubtractionRule {
  readonly kind: 'sequence-subtraction';
  readonly sequence: MoveSequence;
}

/** Take-and-break games: octal, hexadecimal, and splits such as Grundy's game (4!.0). */
export interface TakeBreakRule {
  readonly kind: 'take-and-break';
  readonly code: TakeBreakCode;
}

/** A rule written as code: a JS module exporting options(n). Runs in a worker. */
export interface CustomRule {
  readonly kind: 'custom';
  /** Absolute path of the module. */
  readonly module: string;
  /** The path as the user gave it (shown in reports). */
  readonly shown?: string;
}

/** The rules whose state is one heap of n tokens (a move leaves zero or more smaller heaps). */
export type Rule = SubtractionRule | AllButRule | SequenceSubtractionRule | TakeBreakRule | CustomRule;

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

/**
 * A heap with memory: the state is (heap, cap), a move takes t with
 * 1 <= t <= min(cap, heap), and the next cap is factor·t (Fibonacci Nim:
 * factor 2) or t + add. A start heap of n allows the first move 1..n-1
 * (Whinihan's rule), so the start state is (n, n - 1).
 */
export interface CappedHeapRule {
  readonly kind: 'capped-heap';
  readonly next: { readonly kind: 'times'; readonly factor: number } | { readonly kind: 'plus'; readonly add: number };
}

/** Every rule sg-explore computes: heap rules, and games whose state is not one heap. */
export type GameRule = Rule | VectorRule | CappedHeapRule;

export function isHeapRule(rule: GameRule): rule is Rule {
  return rule.kind !== 'vectors' && rule.kind !== 'capped-heap';
}

/** A rule with the words a person gave it. */
export interface GameSpec {
  readonly rule: GameRule;
  /** A short name (preset name, or the rule file's name). */
  readonly name?: string;
  readonly description?: string;
  /** The --max to use when none is given (from a rule file). */
  readonly defaultMax?: bigint;
}

function setText(values: readonly number[]): string {
  return `{${values.join(',')}}`;
}

export function vectorText(v: MoveVector): string {
  return `(${v.dx},${v.dy})${v.cap === null ? '' : `x${v.cap}`}`;
}

/** The canonical text of a rule: stable, used in every output format. */
export function ruleText(rule: GameRule): string {
  switch (rule.kind) {
    case 'vectors':
      return `vectors ${rule.vectors.map(vectorText).join(' ')}`;
    case 'capped-heap':
      return rule.next.kind === 'times' ? `capped-heap next<=${rule.next.factor}t` : `capped-heap next<=t+${rule.next.add}`;
    case 'subtraction':
      return `subtraction ${setText(rule.moves)}`;
    case 'all-but':
      return `all-but ${setText(rule.excluded)}`;
    case 'sequence-subtraction':
      return `subtraction {${rule.sequence}}`;
    case 'take-and-break': {
      const family = rule.code.unequal.some(Boolean) ? 'take-and-break' : isOctal(rule.code) ? 'octal' : 'hexadecimal';
      return `${family} ${codeText(rule.code)}`;
    }
    case 'custom':
      return `custom ${rule.shown ?? rule.module}`;
  }
}

/** Games whose canonical text hides a well-known name: `all-but {}` (nothing excluded) is Nim. */
const KNOWN_GAMES: Readonly<Record<string, { readonly name: string; readonly words: string }>> = {
  'all-but {}': { name: 'nim', words: 'Nim: take any number' },
};

/** The well-known name of a rule's canonical text ("nim" for `all-but {}`), if it has one. */
export function knownGameName(text: string): string | null {
  return KNOWN_GAMES[text]?.name ?? null;
}

/**
 * A rule as reports show it: the canonical text (which parses back as input)
 * with the name a person gave it, or the well-known name it stands for:
 * "octal 0.77  (kayles)", "Nim: take any number  (all-but {})".
 */
export function ruleTitle(text: string, name?: string | null): string {
  const known = KNOWN_GAMES[text];
  if (known && (!name || name === known.name)) return `${known.words}  (${text})`;
  return name && name !== text ? `${text}  (${name})` : text;
}
