import type { Exploration } from '../core/heap/explore.js';
import type { PPositions } from '../core/laws/p-positions.js';
import { knownGameName } from '../core/rules/spec.js';
import type { UnsolvedStatistics } from '../core/heap/statistics.js';
import { isCycle } from '../core/laws/pattern.js';
import { say } from '../core/i18n/index.js';
import type { ExcludedPeriods } from '../core/laws/excluded-periods.js';

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
    /** theorem: a published theorem gives every value, with no period (Bash's own is reported as periodic). */
    kind: 'periodic' | 'arithmetic-periodic' | 'theorem' | 'none';
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
    /** A cycle seen in the computed values and not proven (the other kinds: false). */
    observed: boolean;
    /** For an observed cycle under a theorem: the proof it would have, `method` and `valuesNeeded`, if it goes on holding; else null. */
    proofWouldNeed: { method: string; valuesNeeded: number } | null;
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
  /**
   * With no period proven or observed: `upTo` P, `after` and `lastMismatch` (for p = 1..P, the last
   * n with G(n) != G(n + p)); any period p <= P begins after n = `after`. Null otherwise.
   */
  excludedPeriods: ExcludedPeriods | null;
}

/** What every report says of a one-heap table: rule, range, pattern, P-positions. */
export function summarise(x: Exploration): Summary {
  const p = x.pattern;
  const cycle = isCycle(p) ? p : null;
  // A theorem that is not a cycle (G(n) = the exponent of 2 in n) is proven all the same: its citation is the proof.
  const theorem = p.kind === 'theorem' ? say(p.theorem) : null;
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
      proven: Boolean(cycle?.proof) || theorem !== null,
      proof: cycle?.proof?.reason ?? theorem,
      method: cycle?.proof?.method ?? (theorem === null ? null : 'theorem'),
      valuesNeeded: cycle?.proof?.valuesNeeded ?? (theorem === null ? null : 0),
      observedOver: p.observedOver,
      noTheorem: x.noTheorem,
      observed: cycle !== null && !cycle.proof,
      proofWouldNeed: cycle && !cycle.proof ? (cycle.proofWouldNeed ?? null) : null,
    },
    pPositions: x.pPositions,
    kernel: x.kernel,
    statistics: x.statistics,
    excludedPeriods: x.excludedPeriods,
  };
}
