/**
 * What --emit writes, as data: one model a ground (a proven cycle, a theorem, an observed law). Types only, and
 * imported by the kinds that carry a theorem, so this file imports no kind: the kinds and the emitter stay out of
 * a circle.
 */
import type { Quadratic } from '../laws/beatty.js';

/** The languages --emit writes. */
export const EMIT_LANGUAGES = ['c', 'cpp', 'python', 'javascript', 'java'] as const;
/** One of EMIT_LANGUAGES. */
export type EmitLanguage = (typeof EMIT_LANGUAGES)[number];

export interface EmitHeader {
  /** The game in words ("Kayles", or the rule). */
  readonly rule: string;
  /** The command that produced the code (null from the library, unless given). */
  readonly command: string | null;
  /** One line for each part: "proven: ...", "observed ...: NOT proven". */
  readonly grounds: readonly string[];
}

/** G(n) = values[n] for n < preperiod + period, and G(n) = values[preperiod + (n - preperiod) mod period] + ((n - preperiod) div period)·saltus beyond. */
export interface HeapCycleModel {
  readonly kind: 'heap-cycle';
  readonly header: EmitHeader;
  readonly preperiod: number;
  readonly period: number;
  readonly saltus: bigint;
  /** G(0 .. preperiod + period - 1). */
  readonly values: readonly bigint[];
  /** The largest G(n) over n <= 2^64 - 1, and over n <= 2^63 - 1 (bounds, exact for saltus 0): what the return types must hold. */
  readonly largestUnsigned: bigint;
  readonly largestSigned: bigint;
  /** The table itself, where no pattern was found: G(n) is known for n <= limit only, and grundy(n) refuses a larger n. */
  readonly limit?: bigint;
}

/** G(n) = n mod modulus (Bachet). */
export interface ModulusModel {
  readonly kind: 'modulus';
  readonly header: EmitHeader;
  readonly modulus: bigint;
}

/** Wythoff's game: P-test and a winning move by Zeckendorf representations. */
export interface WythoffModel {
  readonly kind: 'wythoff';
  readonly header: EmitHeader;
}

/** Heaps with memory, factor k (Whinihan, Schwenk): the losing heaps up to 2^63 - 1. */
export interface CappedNimModel {
  readonly kind: 'capped-nim';
  readonly header: EmitHeader;
  readonly factor: bigint;
  readonly losing: readonly bigint[];
}

/**
 * An observed law of P-positions: a sequence a(1), a(2), ... given by a
 * Beatty law ⌊kα + β⌋ or by its terms (a recurrence's, listed up to 2^63 - 1).
 */
export type SequenceLaw = { readonly kind: 'beatty'; readonly alpha: Quadratic; readonly beta: Quadratic } | { readonly kind: 'terms'; readonly terms: readonly bigint[] };

/** A heap with memory's start positions: P exactly at 0 and the terms of the law (observed). */
export interface StartLawModel {
  readonly kind: 'start-law';
  readonly header: EmitHeader;
  readonly law: SequenceLaw;
  /** The winning moves of the start heaps of the table, as computed: a program's moves (a larger start heap's are not known). */
  readonly moves: StartMovesTable;
}

/** Start heap n's winning moves (n <= upTo) are i = at[n] to at[n + 1] - 1: take takes[i], leaving the state (n - takes[i], caps[i]). */
export interface StartMovesTable {
  readonly upTo: number;
  readonly at: Uint32Array;
  readonly takes: Uint32Array;
  readonly caps: Uint32Array;
}

/** A two-pile game's P-positions: (a_k, b_k), their mirror images when symmetric, and the diagonal (observed). */
export interface PairLawModel {
  readonly kind: 'pair-law';
  readonly header: EmitHeader;
  readonly a: SequenceLaw;
  /** b_k's own law (null when b_k = a_k + difference·k gives it). */
  readonly b: SequenceLaw | null;
  readonly aIncreasing: boolean;
  readonly bIncreasing: boolean;
  /** b_k - a_k = difference·k, when that holds. */
  readonly difference: bigint | null;
  /** Diagonal P-positions (x, x): x = start + step·j for j >= 0 (step 0: x = start only), or a list (past which a cycle goes on, where one was seen). */
  readonly diagonal: { readonly kind: 'progression'; readonly start: bigint; readonly step: bigint } | DiagonalList;
}

/** The diagonal's P-positions as a list; with a cycle, x >= from is one exactly when x mod period is among the residues. */
export interface DiagonalList {
  readonly kind: 'list';
  readonly list: readonly bigint[];
  readonly cycle?: { readonly from: bigint; readonly period: bigint; readonly residues: readonly bigint[] };
}

/**
 * A kind's theorem written by the kind itself, a body for each language
 * (the kinds that came after the renderers: the divisor game's exponent of 2).
 */
export interface CodeModel {
  readonly kind: 'code';
  readonly header: EmitHeader;
  /** The header's first line: what the code is. */
  readonly title: string;
  /** Each language's notes for the header (what its functions take) and its code. */
  readonly sources: Readonly<Record<EmitLanguage, { readonly notes: readonly string[]; readonly body: string }>>;
  /** 'heap' where the code's grundy(n) values one heap (a program adds heaps up, its moves from the rule's): absent, no program is written. */
  readonly component?: 'heap';
}

/** A two-pile game's move as data (--emit --program lists a law's winning moves from them): m·(dx, dy), 1 <= m <= cap (null: any). */
export interface PairVector {
  readonly dx: number;
  readonly dy: number;
  readonly cap: number | null;
}

/** What an emitted program computes, apart from the language it is written in. */
export type EmitModel = HeapCycleModel | ModulusModel | WythoffModel | CappedNimModel | StartLawModel | PairLawModel | CodeModel;

/** How --emit may answer: with a law only observed (marked so), and the command its header quotes. */
export interface EmitOptions {
  /** Emit a law or period that is only observed (marked NOT proven). */
  readonly useObserved?: boolean;
  /** The command line to quote in the header. */
  readonly command?: string;
  /** The table's end (--max): where no pattern is proven (and no observed one is asked for), the table itself up to it is written. */
  readonly tableUpTo?: bigint;
}
