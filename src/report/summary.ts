import type { Exploration } from '../core/heap/explore.js';
import type { PPositions } from '../core/laws/p-positions.js';
import { knownGameName } from '../core/rules/spec.js';
import type { UnsolvedStatistics } from '../core/heap/statistics.js';

/**
 * The facts every format reports, in one plain object: the JSON contract of
 * DESIGN.md (rule, max, maxValue, pattern, pPositions) and what the table
 * summary shows. bigints stay bigints here; each format writes them exactly.
 */
export interface Summary {
  rule: string;
  name: string | null;
  description: string | null;
  max: bigint;
  computed: number;
  maxValue: bigint;
  pattern: {
    kind: 'periodic' | 'arithmetic-periodic' | 'none';
    preperiod: number | null;
    period: number | null;
    saltus: number | null;
    /** Winning Ways' "last exceptional value": preperiod - 1 (null when there is none). */
    lastExceptional: number | null;
    proven: boolean;
    /** The argument, when proven; otherwise what was seen. */
    proof: string | null;
    method: string | null;
    valuesNeeded: number | null;
    observedOver: number;
    /** Why no proof is possible for this rule (null when a theorem applies). */
    noTheorem: string | null;
  };
  pPositions: PPositions;
  /** The kernel's own findings: for the rare/common kernel, how many heaps are rare and under which mask. */
  kernel: { kernel: string; runsOn?: string; rareHeaps?: number; mask?: number; space?: 'range' | 'domain'; splitTake?: number } | null;
  /**
   * With no period proven: the statistics row of an unsolved game over the computed values
   * (computed, largestValue, largestAt, rareMask, rareHeaps, lastRareHeap; see
   * src/core/heap/statistics.ts); null when a period is proven.
   */
  statistics: UnsolvedStatistics | null;
}

export function summarise(x: Exploration): Summary {
  const p = x.pattern;
  const cycle = p.kind === 'none' ? null : p;
  return {
    rule: x.rule,
    name: x.game.name ?? knownGameName(x.rule),
    description: x.game.description ?? null,
    max: x.max,
    computed: x.computed,
    maxValue: x.maxValue,
    pattern: {
      kind: p.kind,
      preperiod: cycle?.preperiod ?? null,
      period: cycle?.period ?? null,
      saltus: cycle?.saltus ?? null,
      lastExceptional: cycle && cycle.preperiod > 0 ? cycle.preperiod - 1 : null,
      proven: Boolean(cycle?.proof),
      proof: cycle?.proof?.reason ?? null,
      method: cycle?.proof?.method ?? null,
      valuesNeeded: cycle?.proof?.valuesNeeded ?? null,
      observedOver: p.observedOver,
      noTheorem: x.noTheorem,
    },
    pPositions: x.pPositions,
    kernel: x.kernel,
    statistics: x.statistics,
  };
}
