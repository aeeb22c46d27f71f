/**
 * Tables kept across the positions of one run (`--input cases`, a library
 * caller's batch): each rule's values are computed once, as far as the
 * largest heap of every position to come, and every position of that rule
 * is answered from them, not from a table of its own.
 */
import type { Exploration } from '../heap/explore.js';
import { isCycle } from '../laws/pattern.js';

/** The tables a batch of positions is answered from: one per rule, each as far as the largest heap to come. */
export interface PositionTables {
  /** The largest heap of every position to come: a rule's table goes at once as far as it. */
  readonly largest: bigint;
  /** Each rule's table, by what it was computed for (see tableKey). */
  readonly kept: Map<string, Exploration>;
  /** Games whose states are pairs (two piles, a heap with memory): the corner of every position to come (its largest first and second coordinates), null where unknown. */
  readonly corner: readonly [bigint, bigint] | null;
  /** Each pair game's table (by the game's text), as far as its corner: a state's value depends only on the states below it, so a larger table gives the same values. */
  readonly pairs: Map<string, KeptPairTable>;
  /** Tables computed so far (a rule's first position computes one; the others reuse it): the work done, for callers and tests. */
  computed: number;
}

/** A pair game's table kept for the positions after: the values of every state up to its corner. */
export interface KeptPairTable {
  readonly corner: readonly [number, number];
  value(state: readonly [number, number]): number;
}

/** Tables for positions whose heaps are at most `largest` (or, of a pair game, whose states lie below `corner`). */
export function positionTables(largest: bigint, corner: readonly [bigint, bigint] | null = null): PositionTables {
  return { largest, corner, kept: new Map(), pairs: new Map(), computed: 0 };
}

/** Whether a table answers every heap up to `largest`: computed that far, a proven period, or a theorem. */
export function tableCovers(x: Exploration, largest: bigint): boolean {
  return largest < BigInt(x.computed) || x.theorem !== undefined || (isCycle(x.pattern) && x.pattern.proof !== null);
}

/**
 * A table kept for `key` that answers heaps up to `largest`, if any. `observed`: a table computed as far as the
 * rule's own bound, whatever the heaps, for an observed law to answer past it (--use-observed): it serves every
 * position of the rule alike, since computing it again would give the same table.
 */
export function keptTable(tables: PositionTables | undefined, key: string, largest: bigint, observed = false): Exploration | undefined {
  const kept = tables?.kept.get(key);
  return kept && (observed || tableCovers(kept, largest)) ? kept : undefined;
}

/** The heaps a table for a position is computed for: its own largest, or every position's where tables are kept. */
export function tableReach(tables: PositionTables | undefined, largest: bigint): bigint {
  return tables && tables.largest > largest ? tables.largest : largest;
}

/** A table just computed, kept for the positions after (the count goes up by one). */
export function keepTable(tables: PositionTables | undefined, key: string, x: Exploration): Exploration {
  if (tables) {
    tables.kept.set(key, x);
    tables.computed++;
  }
  return x;
}
